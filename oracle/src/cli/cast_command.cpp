// touche — `touche cast` (cast_command.h): cast case lines in, cast result lines out.
//
// Like `touche collide`: the input is read one bounded line at a time (LineReader) and each
// result is written and flushed as soon as it is made, so `cast -` answers a pipe line by
// line; a bad line gets an error result naming its line and field, and the rest still runs.
#include "cast_command.h"

#include "open_input.h"
#include "progress_bar.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "touche/oracle/cast_check.h"
#include "touche/oracle/cast_compare.h"
#include "touche/oracle/cast_engines.h"

namespace touche::cli {
namespace {

constexpr int kExitUnusable = 2;

/// The result of one input line: the engine's answer, or an error naming the line. Its id is
/// the case's, or line-N for a case without one.
CastRecord castLine(const CastEngine& engine, const Line& line, bool* invalid) {
  CastRecord record;
  record.engine = std::string(engine.name);
  record.hasFeature = engine.reportsFeatures;
  const std::string where = "line " + std::to_string(line.number) + ": ";
  auto parsed = line.tooLong ? std::variant<CastCase, InputError>(line.tooLongError())
                             : parseCastCase(line.text);
  if (const auto* error = std::get_if<InputError>(&parsed)) {
    *invalid = true;
    const auto id = line.tooLong ? std::nullopt : idOfLine(line.text);
    record.id = id.value_or("line-" + std::to_string(line.number));
    record.result = castStatusOnly(CastStatus::error);
    record.reason = where + error->describe();
    return record;
  }
  const CastCase& c = std::get<CastCase>(parsed);
  record.id = c.id.empty() ? "line-" + std::to_string(line.number) : c.id;
  record.result = oracle::runCast(engine, c);
  const std::string reason = oracle::castReasonFor(engine, c, record.result.status);
  if (record.result.status == CastStatus::error) *invalid = true;
  if (!reason.empty()) record.reason = where + reason;
  return record;
}

}  // namespace

void addCastCommands(CLI::App& app, CastCommands& commands) {
  CastArguments& cast = commands.cast;
  CLI::App* command = app.add_subcommand("cast", "one cast result JSONL line per cast case line");
  command->add_option("--engine", cast.engine,
                      "reference, fast, fast_float, box2d or box2d_v3 (when built)");
  command->add_flag("--hex", cast.hex, "write numbers as hexfloat strings");
  command->add_option("casts", cast.input, "cast case JSONL file, or - for stdin")->required();
  commands.castCommand = command;

  CheckCastsArguments& check = commands.check;
  CLI::App* checker = app.add_subcommand(
      "check-casts", "judge a foreign engine's cast results against the reference, case by case");
  checker->add_option("--cases", check.cases, "cast case JSONL file, or - for stdin")->required();
  checker->add_option("--results", check.results, "the engine's cast result JSONL file")
      ->required();
  checker->add_option("--conventions", check.conventions,
                      "a cast conventions JSON file, or a preset: exact (double, default), "
                      "float, box2d-2.4.1, box2d-v3");
  checker->add_option("--html", check.html, "write an HTML report there");
  commands.checkCommand = checker;
}

int runCastCommands(const CastCommands& commands, std::ostream& out, std::ostream& err) {
  if (commands.castCommand && commands.castCommand->parsed()) {
    return cast(commands.cast, out, err);
  }
  if (commands.checkCommand && commands.checkCommand->parsed()) {
    return checkCasts(commands.check, out, err);
  }
  return -1;
}

int cast(const CastArguments& arguments, std::ostream& out, std::ostream& err) {
  const CastEngine* engine = oracle::findCastEngine(arguments.engine);
  if (!engine) {
    err << "touche: unknown cast engine '" << printable(arguments.engine) << "' (known:";
    for (const CastEngine* e : oracle::knownCastEngines())
      err << " " << e->name;
    err << ")\n";
    return kExitUnusable;
  }
  std::ifstream file;
  std::istream* in = openInput(arguments.input, file, err);
  if (!in) return kExitUnusable;
  bool invalid = false;
  LineReader reader(*in);
  IdLines ids;
  const NumberFormat format = arguments.hex ? NumberFormat::hex : NumberFormat::decimal;
  for (Line line; reader.next(line);) {
    const CastRecord record = castLine(*engine, line, &invalid);
    if (const std::size_t first = ids.firstLine(record.id, line.number)) {
      err << "touche: warning: " << duplicateIdWarning(record.id, first, line.number) << "\n";
    }
    out << formatCastResult(record, format) << '\n';
    out.flush();
    if (!out) {
      err << "touche: cannot write the output: " << std::strerror(errno) << "\n";
      return kExitUnusable;
    }
  }
  return invalid ? 1 : 0;
}

}  // namespace touche::cli

namespace touche::cli {
namespace {

/// Writes `text` to the file `path`, closing it to be sure it arrived.
bool writeFile(const std::string& path, const std::string& text, std::ostream& err) {
  std::ofstream file(path, std::ios::binary);
  if (file) file << text;
  if (file) file.close();
  if (file) return true;
  err << "touche: cannot write " << printable(path) << ": " << std::strerror(errno) << "\n";
  return false;
}

}  // namespace

int checkCasts(const CheckCastsArguments& arguments, std::ostream& out, std::ostream& err) {
  if (arguments.cases == "-" && arguments.results == "-") {
    err << "touche: --cases and --results cannot both be - (one standard input)\n";
    return kExitUnusable;
  }
  auto loaded = oracle::loadCastConventions(arguments.conventions);
  if (const auto* e = std::get_if<InputError>(&loaded)) {
    err << "touche: --conventions: " << e->describe() << "\n";
    return kExitUnusable;
  }
  const auto& conventions = std::get<oracle::CastConventions>(loaded);
  std::ifstream resultsFile, casesFile;
  std::istream* resultsIn = openInput(arguments.results, resultsFile, err);
  if (!resultsIn) return kExitUnusable;
  std::istream* casesIn = openInput(arguments.cases, casesFile, err);
  if (!casesIn) return kExitUnusable;
  const std::size_t total = lineCount(arguments.cases, kMaxLineBytes);
  const Progress progress = progressBar(err, arguments.progress && total > 0);
  oracle::CastCheckRun run =
      oracle::checkCasts(*casesIn, *resultsIn, conventions, [&](std::size_t judged) {
        if (progress) progress(judged, total);
      });
  run.conventionsSource = arguments.conventions;
  for (const oracle::CheckedCast& c : run.casts)
    out << oracle::castVerdictLine(c) << '\n';
  out.flush();
  if (!out) {
    err << "touche: cannot write the output: " << std::strerror(errno) << "\n";
    return kExitUnusable;
  }
  if (!arguments.html.empty() &&
      !writeFile(arguments.html, oracle::castHtmlReport(run, arguments.conventions), err)) {
    return kExitUnusable;
  }
  // The summary goes to a terminal: what came from the input is shown printable.
  run.conventions.engine = printable(run.conventions.engine);
  for (std::string& p : run.problems)
    p = printable(p, false);
  for (std::string& w : run.warnings)
    w = printable(w, false);
  err << oracle::castSummaryTable(run);
  return run.exitStatus();
}

}  // namespace touche::cli
