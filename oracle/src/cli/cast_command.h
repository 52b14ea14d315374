// touche — the `touche cast` command (casts, design notes §8), kept apart from commands.cpp.
#pragma once

#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace touche::cli {

/// The arguments of `touche cast`, filled by the parser.
struct CastArguments {
  std::string engine = "reference";
  std::string input;
  bool hex = false;
};

/// The arguments of `touche check-casts`.
struct CheckCastsArguments {
  std::string cases;
  std::string results;
  std::string conventions = "exact";  ///< a preset or a cast conventions file
  std::string html;                   ///< the HTML report's path ("": none)
  bool progress = false;              ///< a progress bar on stderr (a terminal)
};

/// The cast subcommands registered on the app, and their arguments.
struct CastCommands {
  CastArguments cast;
  CheckCastsArguments check;
  CLI::App* castCommand = nullptr;
  CLI::App* checkCommand = nullptr;
};

/// Registers `touche cast --engine reference|fast|fast_float|box2d|box2d_v3 [--hex] FILE` and
/// `touche check-casts --cases CASTS --results THEIRS [--conventions NAME|FILE] [--html FILE]`
/// on `app`.
void addCastCommands(CLI::App& app, CastCommands& commands);

/// Runs the cast subcommand that was parsed, if one was: its exit status, else -1.
int runCastCommands(const CastCommands& commands, std::ostream& out, std::ostream& err);

/// `touche cast`: one cast result line per cast case line of `input` ("-" = stdin), each
/// written and flushed as soon as it is made. Returns the exit status: 0; 1 when a line was
/// malformed or invalid (its result line says why); 2 for an unknown engine, an unreadable
/// input or an unwritable output.
int cast(const CastArguments& arguments, std::ostream& out, std::ostream& err);

/// `touche check-casts`: judges a foreign engine's cast results (matched by id) against the
/// reference under the conventions named (a preset: exact, float, box2d-2.4.1, box2d-v3; or a
/// cast conventions file; oracle/cast_check.h). One verdict line per case on `out`, the summary
/// (counts per verdict, the shape-by-verdict table, the result line) on `err`, the HTML report
/// to `html` when given. Exit status: 0 every case passes, 1 one fails (or a line is
/// malformed, or a result matches no case), 2 unusable arguments, 3 nothing was judged.
int checkCasts(const CheckCastsArguments& arguments, std::ostream& out, std::ostream& err);

}  // namespace touche::cli
