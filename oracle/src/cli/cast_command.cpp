// touche — `touche cast` (cast_command.h): cast case lines in, cast result lines out.
//
// Like `touche collide`: the input is read one bounded line at a time (LineReader) and each
// result is written and flushed as soon as it is made, so `cast -` answers a pipe line by
// line; a bad line gets an error result naming its line and field, and the rest still runs.
#include "cast_command.h"

#include "open_input.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>
#include <unordered_map>

#include "touche/oracle/cast_compare.h"
#include "touche/oracle/cast_engines.h"
#include "touche/reference/cast.h"

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
  command->add_option("--engine", cast.engine, "reference, fast, fast_float or box2d");
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
                      "exact (double, default), float, or box2d-2.4.1");
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

/// A foreign result line: the record, or why it could not be read.
struct ForeignResult {
  std::variant<CastRecord, InputError> record;
  std::size_t line = 0;
};

/// The results of `in` by id (the first line of an id wins; repeats are warned about).
std::unordered_map<std::string, ForeignResult> readResults(std::istream& in, std::ostream& err) {
  std::unordered_map<std::string, ForeignResult> results;
  LineReader reader(in);
  for (Line line; reader.next(line);) {
    auto parsed = line.tooLong ? std::variant<CastRecord, InputError>(line.tooLongError())
                               : parseCastResult(line.text);
    std::string id;
    if (const auto* record = std::get_if<CastRecord>(&parsed)) {
      id = record->id;
    } else {
      id = (line.tooLong ? std::nullopt : idOfLine(line.text)).value_or("");
    }
    if (id.empty()) id = "line-" + std::to_string(line.number);
    if (!results.emplace(id, ForeignResult{std::move(parsed), line.number}).second) {
      err << "touche: warning: results line " << line.number << ": id \"" << printable(id)
          << "\" was already given\n";
    }
  }
  return results;
}

/// {"id", "verdict", "explanation"}: one verdict line.
std::string verdictLine(const std::string& id, std::string_view verdict,
                        const std::string& explanation) {
  nlohmann::ordered_json j;
  j["id"] = id;
  j["verdict"] = std::string(verdict);
  j["explanation"] = explanation;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

oracle::CastConventions conventionsNamed(const std::string& name, bool* known) {
  *known = true;
  if (name == "exact") return oracle::castConventionsFor("fast");
  if (name == "float") return oracle::castConventionsFor("fast_float");
  if (name == "box2d-2.4.1") return oracle::castConventionsFor("box2d");
  *known = false;
  return {};
}

/// The verdict for one case line: its judged comparison, or why it was not judged.
struct Verdict {
  std::string id;
  std::string name;
  std::string explanation;
  bool judged = false;
  bool passed = false;
};

Verdict judgeLine(const Line& line, const std::unordered_map<std::string, ForeignResult>& results,
                  const oracle::CastConventions& conventions) {
  Verdict v;
  auto parsed = line.tooLong ? std::variant<CastCase, InputError>(line.tooLongError())
                             : loadCastCase(line.text);
  if (const auto* error = std::get_if<InputError>(&parsed)) {
    v.id = (line.tooLong ? std::nullopt : idOfLine(line.text))
               .value_or("line-" + std::to_string(line.number));
    v.name = "malformed-case";
    v.explanation = "cases line " + std::to_string(line.number) + ": " + error->describe();
    return v;
  }
  const CastCase& c = std::get<CastCase>(parsed);
  v.id = c.id.empty() ? "line-" + std::to_string(line.number) : c.id;
  const auto found = results.find(v.id);
  if (found == results.end()) {
    v.name = "missing-result";
    return v;
  }
  if (const auto* error = std::get_if<InputError>(&found->second.record)) {
    v.name = "malformed-result";
    v.explanation = "results line " + std::to_string(found->second.line) + ": " + error->describe();
    return v;
  }
  const CastRecord& actual = std::get<CastRecord>(found->second.record);
  if (actual.result.status == CastStatus::unsupported) {
    v.name = "unsupported";
    v.explanation = "the engine answered unsupported: " + actual.reason;
    v.passed = true;
    return v;
  }
  oracle::CastConventions declared = conventions;
  declared.reportsFeatures = declared.reportsFeatures && actual.hasFeature;
  const CastResult expected = reference::cast(c.shape, c.xf, c.ray);
  const oracle::CastComparison comparison =
      oracle::compareCast(c, expected, actual.result, declared);
  v.name = std::string(oracle::castOutcomeName(comparison.outcome));
  v.explanation = comparison.explanation;
  v.judged = true;
  v.passed = comparison.passed();
  return v;
}

}  // namespace

int checkCasts(const CheckCastsArguments& arguments, std::ostream& out, std::ostream& err) {
  bool known = false;
  const oracle::CastConventions conventions = conventionsNamed(arguments.conventions, &known);
  if (!known) {
    err << "touche: unknown cast conventions '" << printable(arguments.conventions)
        << "' (known: exact float box2d-2.4.1)\n";
    return kExitUnusable;
  }
  std::ifstream resultsFile;
  std::istream* resultsIn = openInput(arguments.results, resultsFile, err);
  if (!resultsIn) return kExitUnusable;
  const auto results = readResults(*resultsIn, err);
  std::ifstream casesFile;
  std::istream* casesIn = openInput(arguments.cases, casesFile, err);
  if (!casesIn) return kExitUnusable;
  std::size_t total = 0, judged = 0, failing = 0;
  LineReader reader(*casesIn);
  for (Line line; reader.next(line);) {
    const Verdict v = judgeLine(line, results, conventions);
    ++total;
    judged += v.judged ? 1 : 0;
    failing += v.passed ? 0 : 1;
    out << verdictLine(v.id, v.name, v.explanation) << '\n';
  }
  out.flush();
  if (!out) {
    err << "touche: cannot write the output: " << std::strerror(errno) << "\n";
    return kExitUnusable;
  }
  err << total << " casts, " << judged << " judged: " << (failing ? "FAIL" : "PASS");
  if (failing) err << ", " << failing << " failing";
  err << "\n";
  if (failing) return 1;
  return judged ? 0 : 3;
}

}  // namespace touche::cli
