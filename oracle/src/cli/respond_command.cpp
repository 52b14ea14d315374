// touche — `touche respond` and `touche check-responses` (respond_command.h). Lines are read
// one bounded line at a time and each answer is written and flushed as soon as it is known,
// as the other commands do (commands.cpp).
#include "respond_command.h"

#include "progress_bar.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <variant>

#include "touche/core/response_jsonl.h"
#include "touche/fast/respond.h"
#include "touche/oracle/response_laws.h"
#include "touche/oracle/response_svg.h"
#include "touche/oracle/simulate.h"
#include "touche/reference/response.h"

namespace touche::cli {
namespace {

constexpr int kExitUnusable = 2;

/// Calls `use` with the stream of `path` ("-" = stdin); false, having said why, when unreadable.
template <class Use>
bool withInput(const std::string& path, std::ostream& err, Use&& use) {
  if (path == "-") {
    use(std::cin);
    return true;
  }
  std::error_code ignored;
  std::ifstream file;
  if (!std::filesystem::is_directory(path, ignored)) file.open(path, std::ios::binary);
  if (!file) {
    err << "touche: cannot read " << printable(path) << ": "
        << (std::filesystem::is_directory(path, ignored) ? "it is a directory"
                                                         : std::strerror(errno))
        << "\n";
    return false;
  }
  use(file);
  return true;
}

bool writeLine(std::ostream& out, const std::string& line, std::ostream& err) {
  out << line << '\n';
  out.flush();
  if (out) return true;
  err << "touche: cannot write the output: " << std::strerror(errno) << "\n";
  return false;
}

using Solver = ResponseResult (*)(const ResponseCase&, std::string_view);

Solver solverNamed(const std::string& engine) {
  if (engine == "reference") return &reference::respond;
  if (engine == "fast") return &fast::respond;
  if (engine == "fast_float") return &fast::respondFloat;
  return nullptr;
}

ResponseRecord respondLine(Solver solve, const std::string& engine, const std::string& model,
                           const Line& line, bool* bad) {
  ResponseRecord record{"line-" + std::to_string(line.number), engine, model, {}};
  auto parsed = line.tooLong ? std::variant<ResponseCase, InputError>(line.tooLongError())
                             : loadResponseCase(line.text);
  if (const auto* e = std::get_if<InputError>(&parsed)) {
    *bad = true;
    if (!line.tooLong) record.id = idOfLine(line.text).value_or(record.id);
    record.result = responseError(*e);
    record.result.reason = "line " + std::to_string(line.number) + ": " + record.result.reason;
    return record;
  }
  const ResponseCase& c = std::get<ResponseCase>(parsed);
  if (!c.id.empty()) record.id = c.id;
  record.result = solve(c, model);
  return record;
}

std::string verdictLine(const std::string& id, const std::vector<oracle::LawVerdict>& verdicts) {
  nlohmann::ordered_json j;
  j["id"] = id;
  j["verdict"] = oracle::passes(verdicts) ? "pass" : "fail";
  nlohmann::ordered_json laws = nlohmann::ordered_json::array();
  for (const auto& v : verdicts) {
    laws.push_back({{"law", v.law},
                    {"outcome", std::string(oracle::lawOutcomeName(v.outcome))},
                    {"explanation", v.explanation}});
  }
  j["laws"] = std::move(laws);
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

/// Every valid case of `path` by id; a bad line is reported on `err` and sets *bad.
bool readResponseCases(const std::string& path, std::map<std::string, ResponseCase>* cases,
                       bool* bad, std::ostream& err) {
  return withInput(path, err, [&](std::istream& in) {
    LineReader reader(in);
    Line line;
    while (reader.next(line)) {
      auto parsed = line.tooLong ? std::variant<ResponseCase, InputError>(line.tooLongError())
                                 : parseResponseCase(line.text);
      if (const auto* e = std::get_if<InputError>(&parsed)) {
        err << "touche: cases line " << line.number << ": " << printable(e->describe()) << "\n";
        *bad = true;
        continue;
      }
      ResponseCase c = std::get<ResponseCase>(std::move(parsed));
      if (c.id.empty()) c.id = "line-" + std::to_string(line.number);
      cases->emplace(c.id, std::move(c));
    }
  });
}

/// Writes `text` to `output` ("-" = `out`); false, having said why, when it cannot.
bool writeText(const std::string& output, const std::string& text, std::ostream& out,
               std::ostream& err) {
  if (output == "-") {
    out << text;
    out.flush();
    return true;
  }
  std::ofstream file(output, std::ios::binary);
  file << text;
  file.flush();
  if (file) return true;
  err << "touche: cannot write " << printable(output) << ": " << std::strerror(errno) << "\n";
  return false;
}

/// `touche respond --svg`: the figure of one case of `input` as `engine` answers it.
int drawResponse(Solver solve, const std::string& model, const std::string& input,
                 const ResponseDrawing& drawing, std::ostream& out, std::ostream& err) {
  const auto figure = oracle::responseFigureNamed(drawing.figure);
  if (!figure) {
    err << "touche: --figure: unknown figure '" << printable(drawing.figure)
        << "' (known: impulse friction correction)\n";
    return kExitUnusable;
  }
  std::map<std::string, ResponseCase> cases;
  bool bad = false;
  if (!readResponseCases(input, &cases, &bad, err)) return kExitUnusable;
  if (drawing.caseId.empty() && cases.size() != 1) {
    err << "touche: --svg draws one case: name it with --case (the input has " << cases.size()
        << ")\n";
    return kExitUnusable;
  }
  const auto found = drawing.caseId.empty() ? cases.begin() : cases.find(drawing.caseId);
  if (found == cases.end()) {
    err << "touche: --case: no valid response case has id \"" << printable(drawing.caseId)
        << "\"\n";
    return 1;
  }
  const ResponseCase& c = found->second;
  if (const auto invalid = validateResponseCase(c)) {
    err << "touche: case \"" << printable(c.id) << "\": " << printable(invalid->describe()) << "\n";
    return 1;
  }
  if (c.manifold.pointCount == 0) {
    err << "touche: case \"" << printable(c.id) << "\" has no manifold point to draw\n";
    return 1;
  }
  const ResponseResult r = solve(c, model);
  if (r.status != ResponseStatus::ok) {
    err << "touche: case \"" << printable(c.id) << "\": " << printable(r.reason) << "\n";
    return 1;
  }
  if (!writeText(drawing.svg, oracle::responseSvg(c, r, model, *figure), out, err))
    return kExitUnusable;
  return bad ? 1 : 0;
}

}  // namespace

int respond(const std::string& model, const std::string& engine, const std::string& input, bool hex,
            std::ostream& out, std::ostream& err, const ResponseDrawing& drawing) {
  const Solver solve = solverNamed(engine);
  if (!solve) {
    err << "touche: unknown engine '" << printable(engine)
        << "' (known: reference fast fast_float)\n";
    return kExitUnusable;
  }
  if (!isResponseModel(model)) {
    err << "touche: unknown model '" << printable(model) << "' (known: " << responseModelList()
        << ")\n";
    return kExitUnusable;
  }
  if (!drawing.svg.empty()) return drawResponse(solve, model, input, drawing, out, err);
  bool bad = false;
  bool written = true;
  const NumberFormat format = hex ? NumberFormat::hex : NumberFormat::decimal;
  if (!withInput(input, err, [&](std::istream& in) {
        LineReader reader(in);
        Line line;
        while (written && reader.next(line)) {
          written = writeLine(
              out, formatResponseResult(respondLine(solve, engine, model, line, &bad), format),
              err);
        }
      })) {
    return kExitUnusable;
  }
  if (!written) return kExitUnusable;
  return bad ? 1 : 0;
}

int checkResponses(const std::string& casesPath, const std::string& resultsPath,
                   const std::string& model, const std::string& precision, std::ostream& out,
                   std::ostream& err, bool progress) {
  std::map<std::string, ResponseCase> cases;
  bool bad = false;
  if (!readResponseCases(casesPath, &cases, &bad, err)) return kExitUnusable;
  int judged = 0, failed = 0;
  // A result line's verdict line; false when the output refused it.
  const auto judgeLine = [&](const Line& line) {
    auto parsed = line.tooLong ? std::variant<ResponseRecord, InputError>(line.tooLongError())
                               : parseResponseResult(line.text);
    if (const auto* e = std::get_if<InputError>(&parsed)) {
      err << "touche: results line " << line.number << ": " << printable(e->describe()) << "\n";
      bad = true;
      return true;
    }
    const ResponseRecord& record = std::get<ResponseRecord>(parsed);
    const auto found = cases.find(record.id);
    if (found == cases.end()) {
      err << "touche: results line " << line.number << ": no case has id \"" << printable(record.id)
          << "\"\n";
      bad = true;
      return true;
    }
    const auto tolerance =
        oracle::toleranceForEngine(precision.empty() ? record.engine : precision);
    // The laws are judged as they hold for the declared model (docs/conventions.md, "What
    // the laws say about the models").
    const std::string declared = model.empty() ? record.model : model;
    auto verdicts = oracle::judgeResponseLaws(found->second, record.result, tolerance, declared);
    if (!declared.empty()) {
      verdicts.push_back(
          oracle::judgeAgainstModel(found->second, record.result, declared, tolerance));
    }
    ++judged;
    if (!oracle::passes(verdicts)) ++failed;
    return writeLine(out, verdictLine(record.id, verdicts), err);
  };
  const std::size_t lines = lineCount(resultsPath, kMaxLineBytes);
  const Progress bar = progressBar(err, progress && lines > 0);
  bool written = true;
  const bool readable = withInput(resultsPath, err, [&](std::istream& in) {
    LineReader reader(in);
    Line line;
    for (std::size_t done = 1; written && reader.next(line); ++done) {
      written = judgeLine(line);
      if (bar) bar(done, lines);
    }
  });
  if (!readable || !written) return kExitUnusable;
  err << "touche check-responses: " << judged << " judged, " << failed << " failed\n";
  if (failed > 0 || bad) return 1;
  return judged == 0 ? 3 : 0;
}

int simulate(const std::string& scenePath, const std::string& output, bool animate,
             const std::string& model, const std::string& engine, std::ostream& out,
             std::ostream& err) {
  std::string text;
  if (!withInput(scenePath, err, [&](std::istream& in) {
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      })) {
    return kExitUnusable;
  }
  auto parsed = oracle::parseSimScene(text);
  if (const auto* e = std::get_if<InputError>(&parsed)) {
    err << "touche simulate: " << printable(scenePath) << ": " << printable(e->describe()) << "\n";
    return 1;
  }
  oracle::SimScene scene = std::get<oracle::SimScene>(std::move(parsed));
  if (!model.empty()) {
    if (!isResponseModel(model)) {
      err << "touche: unknown model '" << printable(model) << "' (known: " << responseModelList()
          << ")\n";
      return kExitUnusable;
    }
    scene.model = model;
  }
  if (!engine.empty()) {
    if (engine != "fast" && engine != "reference") {
      err << "touche: unknown engine '" << printable(engine) << "' (known: fast reference)\n";
      return kExitUnusable;
    }
    scene.engine = engine;
  }
  const oracle::SimRun run = oracle::simulate(scene);
  if (!run.error.empty()) {
    err << "touche simulate: " << printable(run.error) << "\n";
    return 1;
  }
  if (!writeText(output.empty() ? "-" : output, oracle::simulationSvg(scene, run, animate), out,
                 err)) {
    return kExitUnusable;
  }
  err << "touche simulate: " << scene.steps << " steps, " << run.contacts << " contacts, model "
      << scene.model << ", engine " << scene.engine << "; momentum change ("
      << run.momentumEnd.x - run.momentumStart.x << ", " << run.momentumEnd.y - run.momentumStart.y
      << ") = gravity (" << run.gravityImpulse.x << ", " << run.gravityImpulse.y
      << ") + static contacts (" << run.staticImpulse.x << ", " << run.staticImpulse.y << ")\n";
  return 0;
}

void addResponseCommands(CLI::App& app, ResponseArguments& args) {
  args.respond = app.add_subcommand("respond", "one response result line per response case line");
  args.respond->add_option("--model", args.model, "the impulse model: " + responseModelList());
  args.respond->add_option("--engine", args.engine, "reference, fast or fast_float");
  args.respond->add_flag("--hex", args.hex, "write numbers as hexfloat strings");
  args.respond->add_option("cases", args.input, "response case JSONL file, or - for stdin")
      ->required();
  args.respond->add_option("--svg", args.drawing.svg,
                           "draw one case's figure to this SVG file (- for stdout) instead");
  args.respond->add_option(
      "--case", args.drawing.caseId,
      "with --svg: the id of the case to draw (needed when there are several)");
  args.respond->add_option("--figure", args.drawing.figure,
                           "with --svg: impulse (default), friction or correction");
  args.check = app.add_subcommand(
      "check-responses", "judge a solver's response results by the laws of physics and the model");
  args.check->add_option("--cases", args.cases, "response case JSONL file, or - for stdin")
      ->required();
  args.check->add_option("--results", args.results, "the solver's result JSONL file, or -")
      ->required();
  args.check->add_option("--model", args.checkModel,
                         "compare with the reference under this model (default: each result's)");
  args.simulate = app.add_subcommand(
      "simulate", "step boxes and circles (collide, respond, integrate) and draw them as SVG");
  args.simulate->add_option("scene", args.scene, "scene JSON file, or - for stdin")->required();
  args.simulate->add_option("-o", args.simulateOutput, "the SVG to write (default: stdout)");
  args.simulate->add_flag("--animate", args.animate, "animate the bodies (SMIL, no script)");
  args.simulate->add_option("--model", args.simulateModel,
                            "the impulse model (default: the scene's): " + responseModelList());
  args.simulate->add_option("--engine", args.simulateEngine,
                            "fast (double) or reference (default: the scene's)");
  args.check->add_option("--precision", args.precision,
                         "reference (correctly rounded), fast (double) or fast_float (float); "
                         "default: each result's engine");
}

int runResponseCommands(const ResponseArguments& args, std::ostream& out, std::ostream& err) {
  if (args.respond && args.respond->parsed()) {
    return respond(args.model, args.engine, args.input, args.hex, out, err, args.drawing);
  }
  if (args.check && args.check->parsed()) {
    return checkResponses(args.cases, args.results, args.checkModel, args.precision, out, err,
                          args.progress);
  }
  if (args.simulate && args.simulate->parsed()) {
    return simulate(args.scene, args.simulateOutput, args.animate, args.simulateModel,
                    args.simulateEngine, out, err);
  }
  return -1;
}

}  // namespace touche::cli
