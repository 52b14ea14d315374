// touche — the CLI's commands, as functions of their arguments (main.cpp parses them).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace touche::cli {

/// Every command reads its input ("-" = stdin) one bounded line at a time and returns 2 when
/// an input cannot be read (a directory) or an output cannot be written (a full disk), having
/// said why on `err` (docs/file-formats.md).

/// `touche collide`: one manifold line per case line of `input`, each written and flushed as
/// soon as it is computed. Returns the exit status: 0, 1 when a line was malformed or invalid
/// (its output line says why), 2 as above. A repeated id is a warning on `err`.
int collide(const std::string& engine, double margin, const std::string& input, bool hex,
            std::ostream& out, std::ostream& err);

/// What `touche move` makes.
struct MoveArguments {
  int copies = 1;
  std::uint64_t seed = 1;
  double margin = 0.0;
  bool hex = false;
};

/// `touche move`: each case line of `input` as given, then up to `copies` slightly moved copies
/// of it (oracle::movedCopies: each line naming its original in "movedFrom", kept only where the
/// reference's feature pairs are unchanged), deterministic in the seed. A count of the copies
/// on `err`. Returns 0, 1 when a line was malformed or invalid (`err` names it, and it is
/// copied as given), 2 as above.
int move(const std::string& input, const MoveArguments& arguments, std::ostream& out,
         std::ostream& err);

/// `touche validate`: judges `engines` against the reference on a corpus ("" = built in).
/// Returns 0 only when every difference is explained by a declared convention (and a line
/// was judged: 3 otherwise; oracle::exitStatus), 1 on a failure or a bad line, 2 as above.
/// The table and the result come first, then each failure's explanation; `verbose` adds the
/// refusals and the agree-within-tie explanations. `progress`: a progress bar on `err` once
/// the run has taken a few seconds (for a terminal).
int validate(const std::string& corpus, const std::vector<std::string>& engines, std::ostream& out,
             std::ostream& err, bool verbose = false, bool progress = false);

/// `touche render`: an SVG of one case (the first, or `caseId`) with each engine's manifold;
/// `derivation` adds the derivation layer (oracle::RenderLayers), `step` (not empty) one step's
/// layer instead. A file of cast cases (its first line reads as one) is drawn as a cast with
/// each cast engine's result instead (oracle::renderCastSvg). Returns 0, 1 when no case has
/// that id or the case has no such step (derivationStepProblem), 2 as above.
int render(const std::string& input, const std::string& caseId, const std::string& output,
           const std::vector<std::string>& engines, std::ostream& err, bool derivation = false,
           const std::string& step = "");

/// Files `touche check` reads a baseline of known failures from and writes one to ("": none).
struct BaselineFiles {
  std::string read;
  std::string write;
};

/// `touche check`: judges the manifolds of `manifolds` against the cases of `cases` (matched
/// by id) under `conventions` (a preset name or a file). Verdict JSONL on `out`, the summary
/// (and, when `progress`, a progress bar once the run has taken a few seconds) on `err`, the HTML
/// report to `html` when not empty; cases judged on `jobs` threads (0: one per core; the output is
/// the same for any number). Returns 0 when every case passes (with a baseline: no failure it does
/// not list), 1 when one fails, 2 on unusable arguments, 3 when no case was judged.
int check(const std::string& cases, const std::string& manifolds, const std::string& conventions,
          const std::string& html, const BaselineFiles& baseline, bool progress, unsigned jobs,
          std::ostream& out, std::ostream& err);

}  // namespace touche::cli
