// touche — command-line tool: collide, validate, render, check, the casts' cast and
// check-casts (oracle/src/cli/cast_command.cpp), the bounce path's bounce and check-bounces
// (oracle/src/cli/bounce_command.cpp), the response's respond, check-responses and simulate
// (oracle/src/cli/respond_command.cpp).
//
//   touche collide --engine reference|fast|fast_float|box2d|box2d_skin|box2d_v3|box2d_v3_exact
//   [--margin M]
//                  [--hex] FILE
//   touche validate [CORPUS.jsonl] [--engines
//   fast,fast_float,box2d,box2d_skin,box2d_v3,box2d_v3_exact]
//                   [--verbose]
//   touche render CASE.jsonl [--case ID] -o case.svg [--engines reference,fast,box2d]
//                 [--derivation] [--step C1..C4|P1..P6] [--bvh [--leg K]]
//   touche check --cases CASES.jsonl --manifolds THEIRS.jsonl [--conventions CONV.json|preset]
//                [--html report.html] [--baseline KNOWN.jsonl] [--write-baseline KNOWN.jsonl]
//                [--jobs N]
//   touche cast --engine reference|fast|fast_float|box2d|box2d_v3 [--hex] CASTS.jsonl
//   touche check-casts --cases CASTS.jsonl --results THEIRS.jsonl [--conventions preset]
//   touche bounce --engine reference|fast|fast_float [--hex] SCENES.jsonl
//   touche check-bounces --cases SCENES.jsonl --paths THEIRS.jsonl [--conventions exact|float]
//   touche respond --model source-003|box2d-sequential|box2d-block
//                  --engine reference|fast|fast_float [--hex] FILE
//   touche check-responses --cases CASES.jsonl --results THEIRS.jsonl [--model M] [--precision E]
//   touche simulate SCENE.json [-o OUT.svg] [--animate] [--model M] [--engine fast|reference]
//   touche --version
// An input may be - (standard input; for check, one of --cases and --manifolds). Exit status
// (kExitStatusHelp, also in --help): 0 pass, 1 a failure or a bad line, 2 unusable arguments,
// an unreadable input or an unwritable output (docs/file-formats.md), 3 (validate, check)
// nothing was judged (docs/validating-your-engine.md).
#include <CLI/CLI.hpp>

#include <unistd.h>
#include <iostream>

#include "bounce_command.h"
#include "cast_command.h"
#include "commands.h"
#include "respond_command.h"
#include "touche/oracle/engines.h"

namespace {

/// The exit statuses, as --help lists them (docs/validating-your-engine.md, "Exit status").
constexpr const char* kExitStatusHelp =
    "Exit status:\n"
    "  0  pass: every judged answer passes (or the command did its work), and one was judged\n"
    "  1  a failure: a case fails, or an input line is malformed or invalid\n"
    "  2  unusable: bad arguments, an unreadable input, an unwritable output\n"
    "  3  nothing judged (validate, check): no failure, but no answer was judged either";

}  // namespace

int main(int argc, char** argv) {
  // The commands read and write through iostreams only: unsynchronised, they are buffered
  // (a line at a time through stdio otherwise).
  std::ios::sync_with_stdio(false);
  CLI::App app{"touche: verified 2D contact manifolds and a test oracle for narrow phases"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("touche ") + TOUCHE_VERSION);
  app.footer(kExitStatusHelp);

  std::string engine = "reference";
  double margin = 0.0;
  std::string input;
  bool hex = false;
  CLI::App* collide = app.add_subcommand("collide", "one manifold JSONL line per case line");
  collide->add_option(
      "--engine", engine,
      "reference, fast, fast_float, box2d, box2d_skin, box2d_v3 or box2d_v3_exact (when built)");
  collide->add_option("--margin", margin, "speculative margin (>= 0)");
  collide->add_flag("--hex", hex, "write numbers as hexfloat strings");
  collide->add_option("cases", input, "case JSONL file, or - for stdin")->required();

  touche::cli::MoveArguments moveArguments;
  std::string moveInput;
  CLI::App* move = app.add_subcommand(
      "move",
      "each case line, then slightly moved copies of it (\"movedFrom\"), for judging "
      "the stability of ids");
  move->add_option("cases", moveInput, "case JSONL file, or - for stdin")->required();
  move->add_option("--copies", moveArguments.copies, "copies of each case (default 1)");
  move->add_option("--seed", moveArguments.seed, "seed of the motions (default 1)");
  move->add_option("--margin", moveArguments.margin,
                   "margin the reference's feature pairs are taken at (default 0)");
  move->add_flag("--hex", moveArguments.hex, "write the copies' numbers as hexfloat strings");

  std::string corpus;
  std::vector<std::string> validateEngines = touche::oracle::defaultValidationEngines();
  CLI::App* validate = app.add_subcommand(
      "validate", "judge engines against the reference on a corpus (default: built in)");
  validate->add_option("corpus", corpus,
                       "case JSONL file, or - for stdin (default: the built-in corpus)");
  validate->add_option("--engines", validateEngines, "engines to judge")->delimiter(',');
  bool verbose = false;
  validate->add_flag("--verbose", verbose,
                     "also print each refusal and each agree-within-tie explanation (the table, "
                     "the result and every failure are always printed)");

  std::string caseId;
  std::string output;
  std::vector<std::string> renderEngines = {"reference", "fast", "box2d"};
  CLI::App* render = app.add_subcommand(
      "render",
      "draw a case and its manifolds, a cast and its results, or a bounce scene and its paths, "
      "as SVG");
  render
      ->add_option("cases", input,
                   "case, cast case or bounce scene JSONL file, or - for stdin (a bounce scene "
                   "is read from a file only)")
      ->required();
  render->add_option("--case", caseId, "id of the case or scene to draw (default: the first)");
  render->add_option("-o,--output", output, "SVG file to write")->required();
  render
      ->add_option("--engines", renderEngines,
                   "engines whose manifolds, casts or bounce paths to draw (a bounce scene: "
                   "reference, fast, fast_float)")
      ->delimiter(',');
  bool derivation = false;
  render->add_flag("--derivation", derivation,
                   "also draw the first engine's derivation: reference face, side planes and "
                   "incident edge; Voronoi boundaries; a chain segment's ghost edges");
  std::string derivationStep;
  render->add_option("--step", derivationStep,
                     "draw one step of docs/derivations/chain-segment.md instead: C1-C4 (chain "
                     "segment and circle), P1-P6 (chain segment and polygon or capsule)");

  bool bvh = false;
  std::size_t bvhLeg = 0;
  render->add_flag("--bvh", bvh,
                   "a bounce scene: draw the fast engine's BVH over its features and one leg's "
                   "walk through it (docs/derivations/bvh.md) instead of the paths");
  render->add_option("--leg", bvhLeg, "with --bvh: the leg of the fast path to walk (default 0)");

  std::string cases;
  std::string manifolds;
  std::string conventions = "exact";
  std::string html;
  CLI::App* check = app.add_subcommand(
      "check", "judge a foreign engine's manifolds against exact geometry, case by case");
  check->add_option("--cases", cases, "case JSONL file, or - for stdin")->required();
  check->add_option("--manifolds", manifolds, "the engine's manifold JSONL file, or - for stdin")
      ->required();
  check->add_option("--conventions", conventions,
                    "a conventions JSON file, or a preset: box2d-2.4.1, box2d-2.4.1-noskin, "
                    "box2d-v3, exact (default)");
  check->add_option("--html", html, "write an HTML report there");
  touche::cli::BaselineFiles baseline;
  check->add_option("--baseline", baseline.read,
                    "known failures (verdict lines of an earlier run): only new failures fail");
  check->add_option("--write-baseline", baseline.write,
                    "write this run's failures there, as a baseline for --baseline");
  unsigned jobs = 0;
  check->add_option("--jobs", jobs,
                    "threads judging the cases (default 0: one per core); the output is the "
                    "same for any number");

  touche::cli::CastCommands castCommands;
  touche::cli::addCastCommands(app, castCommands);
  touche::cli::BounceCommands bounceCommands;
  touche::cli::addBounceCommands(app, bounceCommands);
  touche::cli::ResponseArguments response;
  touche::cli::addResponseCommands(app, response);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints the usage problem (or the help, status 0); an unusable command line is
    // status 2 like every other unusable argument, not CLI11's own numbers (106, 109, ...).
    return app.exit(e) == 0 ? 0 : 2;
  }
  // A progress bar only on a terminal: a log or a pipe gets the summary alone.
  const bool terminal = isatty(STDERR_FILENO) != 0;
  castCommands.check.progress = bounceCommands.check.progress = response.progress = terminal;
  if (int status = touche::cli::runCastCommands(castCommands, std::cout, std::cerr); status >= 0) {
    return status;
  }
  if (int status = touche::cli::runBounceCommands(bounceCommands, std::cout, std::cerr);
      status >= 0) {
    return status;
  }
  if (const int status = touche::cli::runResponseCommands(response, std::cout, std::cerr);
      status >= 0) {
    return status;
  }
  if (check->parsed()) {
    return touche::cli::check(cases, manifolds, conventions, html, baseline, terminal, jobs,
                              std::cout, std::cerr);
  }
  if (move->parsed()) return touche::cli::move(moveInput, moveArguments, std::cout, std::cerr);
  if (collide->parsed()) {
    return touche::cli::collide(engine, margin, input, hex, std::cout, std::cerr);
  }
  if (validate->parsed()) {
    return touche::cli::validate(corpus, validateEngines, std::cout, std::cerr, verbose, terminal);
  }
  // A bounce scene line is drawn as a scene (its offset boundary and paths, or its BVH).
  const std::optional<std::size_t> walked = bvh ? std::optional<std::size_t>(bvhLeg) : std::nullopt;
  if (const int status =
          touche::cli::renderBounceScene(input, caseId, output, renderEngines, walked, std::cerr);
      status >= 0) {
    return status;
  }
  if (bvh) {
    if (input == "-") {
      std::cerr << "touche: --bvh: a bounce scene is read from a file, not standard input\n";
    } else {
      std::cerr << "touche: --bvh draws a bounce scene; " << touche::printable(input)
                << " holds none"
                << (caseId.empty() ? "" : " with id \"" + touche::printable(caseId) + "\"") << "\n";
    }
    return 1;
  }
  return touche::cli::render(input, caseId, output, renderEngines, std::cerr, derivation,
                             derivationStep);
}
