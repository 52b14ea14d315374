// touche — running a corpus of cases through engines and judging each against the reference.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "touche/core/engine.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/compare.h"

namespace touche::oracle {

/// The built-in corpus (oracle/corpus/builtin.jsonl), embedded at build time.
std::string_view builtinCorpus();

/// One engine's judgement on one case.
struct Judgement {
  std::string caseId;
  std::string engine;
  Comparison comparison;
};

/// One engine's refusal of one case: it implements the pair but declares it cannot take these
/// shapes (e.g. box2d::refusal()), and answered `unsupported` with that reason.
struct Refusal {
  std::string caseId;
  std::string engine;
  std::string reason;
};

/// Counts per engine × outcome, and every judgement that was not a plain agree.
struct ValidationReport {
  std::vector<std::string> engines;
  std::vector<std::array<int, kOutcomeCount>> counts;  ///< parallel to `engines`
  /// Per engine: cases it answered `unsupported` for a pair it declares it does not implement
  /// (Engine::implements). Reported as "not implemented", never judged, never a failure.
  std::vector<int> notImplemented;
  /// Per engine: cases it answered `unsupported` with an input-specific refusal (it implements
  /// the pair but declares it cannot take these shapes). Reported as "not judged": neither an
  /// agreement nor a failure.
  std::vector<int> notJudged;
  /// Per engine: cases whose pair has no area (segment–segment, segment–chainSegment,
  /// chainSegment–chainSegment: the reference itself answers `unsupported`, core/pairs.h) that
  /// the engine answered `unsupported` too. No engine supports such a pair, so there is nothing
  /// to judge: reported as "unsupported pair", neither an agreement nor a failure.
  std::vector<int> unsupportedPair;
  std::vector<Refusal> refusals;   ///< every not-judged case, with the engine's reason
  std::vector<Judgement> notable;  ///< outcome != agree
  int caseCount = 0;
  /// How many (engine, case) answers were judged (given an outcome), over all engines.
  int judged() const;
  /// True when every outcome is agree or agree-within-tie (explained by a declared convention)
  /// and at least one answer was judged: a run that judged nothing has not passed.
  bool passed() const;
  /// True when some outcome is neither agree nor agree-within-tie.
  bool failed() const;
};

/// Exit statuses of `touche validate` and `touche check` (docs/validating-your-engine.md).
inline constexpr int kExitPass = 0;           ///< every judged answer passes, and one was judged
inline constexpr int kExitFail = 1;           ///< a failure (or, for check, a problem with a line)
inline constexpr int kExitUsage = 2;          ///< unusable arguments or unreadable files
inline constexpr int kExitNothingJudged = 3;  ///< no failure, but nothing was judged at all

/// kExitFail when the report failed, kExitNothingJudged when it judged nothing, else kExitPass.
int exitStatus(const ValidationReport& report);

/// Judges every engine on every case: the expected manifold is the reference's on
/// expectedCaseFor(case, conventionsFor(engine)), compared with toleranceFor that case. An
/// engine answering `unsupported` for a pair without area is counted as an unsupported pair;
/// for a pair it does not implement, as not implemented; for an input the engine declares it
/// cannot take (its refusal reason for these shapes is not empty), as not judged; any other
/// `unsupported` for a pair it claims to implement is a status-mismatch.
/// `progress`, when set, is called after each (engine, case) answer with (done, total).
ValidationReport validateCases(std::span<const Case> cases, std::span<const Engine* const> engines,
                               const Options& options = {},
                               const std::function<void(std::size_t, std::size_t)>& progress = {});

/// The table (engines × outcome classes, then "not implemented", "not judged" and
/// "unsupported pair"), the summary ("J of N answers judged: PASS", "FAIL" or "NOTHING
/// JUDGED"), then each failure's explanation; `verbose` also gives each refused case's reason
/// and each agree-within-tie explanation (else one line counts them).
std::string formatReport(const ValidationReport& report, bool verbose = true);

}  // namespace touche::oracle
