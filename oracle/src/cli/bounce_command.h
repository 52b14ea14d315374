// touche — the bounce path commands (design notes §8): `touche bounce`, `touche check-bounces`,
// and `touche render` of a bounce scene. Kept apart from commands.cpp.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace touche::cli {

struct BounceArguments {
  std::string engine = "reference";
  std::string input;
  bool hex = false;
};

struct CheckBouncesArguments {
  std::string cases;
  std::string paths;
  std::string conventions = "exact";
  bool progress = false;  ///< a progress bar on stderr (a terminal)
};

/// The bounce subcommands registered on the app, and their arguments.
struct BounceCommands {
  BounceArguments bounce;
  CheckBouncesArguments check;
  CLI::App* bounceCommand = nullptr;
  CLI::App* checkCommand = nullptr;
};

/// Registers `touche bounce --engine reference|fast|fast_float [--hex] SCENES` and
/// `touche check-bounces --cases SCENES --paths THEIRS [--conventions exact|float]`.
void addBounceCommands(CLI::App& app, BounceCommands& commands);

/// Runs the bounce subcommand that was parsed, if one was: its exit status, else -1.
int runBounceCommands(const BounceCommands& commands, std::ostream& out, std::ostream& err);

/// `touche bounce`: one path line per scene line of `input` ("-" = stdin), each written and
/// flushed as soon as it is made. Exit status: 0; 1 when a line was malformed or invalid (its
/// path line says why); 2 for an unknown engine, an unreadable input or an unwritable output.
int bounce(const BounceArguments& arguments, std::ostream& out, std::ostream& err);

/// `touche check-bounces`: judges a foreign engine's paths (matched by id) leg by leg against
/// the reference (oracle/bounce_compare.h). One verdict line per scene on `out`, a summary on
/// `err`. Exit status: 0 every path passes, 1 one fails (or a line is malformed), 2 unusable
/// arguments, 3 nothing was judged.
int checkBounces(const CheckBouncesArguments& arguments, std::ostream& out, std::ostream& err);

/// `touche render` of a bounce scene: when the chosen line of the file `input` (the one with
/// id `caseId`, or the first) is a scene, draws it with the paths of the named bounce engines
/// (reference, fast, fast_float; other names are left out) into `output` and returns the exit
/// status; returns -1 when it is not a scene (or `input` is standard input), for the
/// manifold renderer to take it. With `bvhLeg` (render --bvh [--leg K]) it draws the fast
/// engine's BVH over the scene and the walk of that leg of its path instead
/// (oracle::renderBounceBvhSvg); a leg the path does not have is an error (status 1).
int renderBounceScene(const std::string& input, const std::string& caseId,
                      const std::string& output, const std::vector<std::string>& engines,
                      std::optional<std::size_t> bvhLeg, std::ostream& err);

}  // namespace touche::cli
