// touche — the response commands (design notes §9): `touche respond`,
// `touche check-responses` and `touche simulate`, as functions of their arguments (main.cpp
// parses them).
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>

namespace touche::cli {

/// `touche respond --svg`: which case to draw, which figure (oracle/response_svg.h), and where.
struct ResponseDrawing {
  std::string svg;  ///< the SVG file ("-" = stdout); empty: no drawing, answer every line
  std::string caseId;
  std::string figure = "impulse";
};

/// `touche respond`: one result line per response case line of `input` ("-" = stdin) under
/// `model`, computed by `engine` (reference, fast, fast_float). Returns 0, 1 when a line was
/// malformed or invalid (its result line has status error and says why), 2 when an argument
/// or the input is unusable. With `drawing.svg` set it instead draws the figure of one case as
/// the engine answers it: 0, 1 for a case that is missing, invalid, without points or refused,
/// 2 for unusable arguments (an unknown figure, several cases and no --case) or output.
int respond(const std::string& model, const std::string& engine, const std::string& input, bool hex,
            std::ostream& out, std::ostream& err, const ResponseDrawing& drawing = {});

/// `touche check-responses`: judges each result of `results` (matched by id with `cases`) by
/// the laws of §9 and against the reference under the model it declares (or `model` when not
/// empty), at the precision of `precision` (reference, fast, fast_float; "" = the result's
/// engine). One verdict line per result on `out`, a summary on `err` (and, when `progress`, a
/// progress bar once the run has taken a few seconds). Returns 0 when every result passes, 1
/// when one fails or a line is bad, 2 on unusable arguments, 3 when nothing was judged.
int checkResponses(const std::string& cases, const std::string& results, const std::string& model,
                   const std::string& precision, std::ostream& out, std::ostream& err,
                   bool progress = false);

/// `touche simulate`: steps the scene of `scenePath` (oracle/simulate.h) and writes its SVG to
/// `output` ("" or "-" = stdout), animated with SMIL when `animate`; `model` and `engine`, when
/// not empty, replace the scene's. A summary (steps, contacts, momentum bookkeeping) goes to
/// `err`. Returns 0, 1 for a scene that does not parse (the field named) or a step that fails,
/// 2 for an unreadable scene or an unwritable output.
int simulate(const std::string& scenePath, const std::string& output, bool animate,
             const std::string& model, const std::string& engine, std::ostream& out,
             std::ostream& err);

/// The arguments of the three commands, filled by CLI11.
struct ResponseArguments {
  CLI::App* respond = nullptr;
  CLI::App* check = nullptr;
  CLI::App* simulate = nullptr;
  std::string scene;
  std::string simulateOutput;
  bool animate = false;
  std::string simulateModel;
  std::string simulateEngine;
  std::string model = "source-003";
  std::string engine = "reference";
  std::string input;
  bool hex = false;
  std::string cases;
  std::string results;
  std::string checkModel;
  std::string precision;
  ResponseDrawing drawing;
  bool progress = false;  ///< check-responses: a progress bar on stderr (a terminal)
};

/// Declares `respond`, `check-responses` and `simulate` on `app` (main.cpp's one hook).
void addResponseCommands(CLI::App& app, ResponseArguments& args);
/// Runs the parsed one of them and returns its status; −1 when neither was given.
int runResponseCommands(const ResponseArguments& args, std::ostream& out, std::ostream& err);

}  // namespace touche::cli
