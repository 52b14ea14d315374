// touche — the response commands (design notes §9): `touche respond` and
// `touche check-responses`, as functions of their arguments (main.cpp parses them).
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>

namespace touche::cli {

/// `touche respond`: one result line per response case line of `input` ("-" = stdin) under
/// `model`, computed by `engine` (reference, fast, fast_float). Returns 0, 1 when a line was
/// malformed or invalid (its result line has status error and says why), 2 when an argument
/// or the input is unusable.
int respond(const std::string& model, const std::string& engine, const std::string& input, bool hex,
            std::ostream& out, std::ostream& err);

/// `touche check-responses`: judges each result of `results` (matched by id with `cases`) by
/// the laws of §9 and against the reference under the model it declares (or `model` when not
/// empty), at the precision of `precision` (reference, fast, fast_float; "" = the result's
/// engine). One verdict line per result on `out`, a summary on `err`. Returns 0 when every
/// result passes, 1 when one fails or a line is bad, 2 on unusable arguments, 3 when nothing
/// was judged.
int checkResponses(const std::string& cases, const std::string& results, const std::string& model,
                   const std::string& precision, std::ostream& out, std::ostream& err);

/// The arguments of both commands, filled by CLI11.
struct ResponseArguments {
  CLI::App* respond = nullptr;
  CLI::App* check = nullptr;
  std::string model = "source-003";
  std::string engine = "reference";
  std::string input;
  bool hex = false;
  std::string cases;
  std::string results;
  std::string checkModel;
  std::string precision;
};

/// Declares `respond` and `check-responses` on `app` (main.cpp's one hook).
void addResponseCommands(CLI::App& app, ResponseArguments& args);
/// Runs the parsed one of them and returns its status; −1 when neither was given.
int runResponseCommands(const ResponseArguments& args, std::ostream& out, std::ostream& err);

}  // namespace touche::cli
