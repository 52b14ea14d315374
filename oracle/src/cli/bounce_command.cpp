// touche — `touche bounce`, `touche check-bounces` and the bounce scene render
// (bounce_command.h).
//
// Like `touche cast`: scenes are read one bounded line at a time (up to kMaxSceneLineBytes) and
// each path is written and flushed as soon as it is made; a bad line gets an error path line
// naming its line and field, and the rest still runs.
#include "bounce_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "open_input.h"
#include "progress_bar.h"
#include "touche/fast/bounce.h"
#include "touche/oracle/bounce_compare.h"
#include "touche/oracle/bounce_engines.h"
#include "touche/oracle/render.h"

namespace touche::cli {
namespace {

constexpr int kExitUnusable = 2;

std::string lineId(const Line& line) {
  return "line-" + std::to_string(line.number);
}

/// The path of one scene line: the engine's, or an error naming the line.
BouncePathRecord pathOfLine(const BounceEngine& engine, const Line& line, bool* invalid) {
  BouncePathRecord record;
  record.engine = std::string(engine.name);
  const std::string where = "line " + std::to_string(line.number) + ": ";
  auto loaded = line.tooLong ? std::variant<BounceCase, InputError>(line.tooLongError())
                             : loadBounceCase(line.text);
  if (const auto* error = std::get_if<InputError>(&loaded)) {
    *invalid = true;
    const auto id = line.tooLong ? std::nullopt : idOfLine(line.text);
    record.id = id.value_or(lineId(line));
    record.path.status = BounceStatus::error;
    record.reason = where + error->describe();
    return record;
  }
  const BounceCase& c = std::get<BounceCase>(loaded);
  record.id = c.id.empty() ? lineId(line) : c.id;
  record.path = engine.bounce(c.scene);
  if (record.path.status == BounceStatus::error) {
    *invalid = true;
    record.reason = where + "the engine could not run this scene";
  }
  return record;
}

const BounceEngine* engineOrComplain(const std::string& name, std::ostream& err) {
  const BounceEngine* engine = oracle::findBounceEngine(name);
  if (!engine) {
    err << "touche: unknown bounce engine '" << printable(name) << "' (known:";
    for (const BounceEngine* e : oracle::knownBounceEngines())
      err << " " << e->name;
    err << ")\n";
  }
  return engine;
}

/// A foreign path line: the record, or why it could not be read.
struct ForeignPath {
  std::variant<BouncePathRecord, InputError> record;
  std::size_t line = 0;
};

std::unordered_map<std::string, ForeignPath> readPaths(std::istream& in, std::ostream& err) {
  std::unordered_map<std::string, ForeignPath> paths;
  LineReader reader(in, kMaxSceneLineBytes);
  for (Line line; reader.next(line);) {
    auto parsed = line.tooLong ? std::variant<BouncePathRecord, InputError>(line.tooLongError())
                               : parseBouncePath(line.text);
    std::string id;
    if (const auto* record = std::get_if<BouncePathRecord>(&parsed)) {
      id = record->id;
    } else {
      id = (line.tooLong ? std::nullopt : idOfLine(line.text)).value_or("");
    }
    if (id.empty()) id = lineId(line);
    if (!paths.emplace(id, ForeignPath{std::move(parsed), line.number}).second) {
      err << "touche: warning: paths line " << line.number << ": id \"" << printable(id)
          << "\" was already given\n";
    }
  }
  return paths;
}

/// The verdict for one scene line.
struct Verdict {
  std::string id;
  std::string name;
  std::string explanation;
  std::optional<std::size_t> leg;
  bool judged = false;
  bool passed = false;
  bool passesAsFloat = false;  ///< failed under exact conventions, passes under float
};

std::string verdictLine(const Verdict& v) {
  nlohmann::ordered_json j;
  j["id"] = v.id;
  j["verdict"] = v.name;
  if (v.leg) j["leg"] = *v.leg;
  j["explanation"] = v.explanation;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

/// Every number of the path is a float (a single-precision engine's, widened to double).
bool floatValued(const BouncePath& path) {
  const auto isFloat = [](double x) { return static_cast<double>(static_cast<float>(x)) == x; };
  const auto vecIsFloat = [&](Vec2 v) { return isFloat(v.x) && isFloat(v.y); };
  return std::all_of(path.legs.begin(), path.legs.end(), [&](const BounceLeg& leg) {
    return vecIsFloat(leg.start) && vecIsFloat(leg.end) && vecIsFloat(leg.direction) &&
           vecIsFloat(leg.normal) && isFloat(leg.length);
  });
}

/// A path in floats that fails under exact conventions: does it pass under float's?
bool passesAsFloat(const BounceScene& scene, const BouncePathRecord& actual,
                   const oracle::BounceConventions& conventions) {
  const oracle::BounceConventions asFloat = oracle::bounceConventionsFor("fast_float");
  return conventions.epsilon < asFloat.epsilon && floatValued(actual.path) &&
         oracle::judgeBounce(scene, actual.path, actual.fields, asFloat).passed();
}

Verdict judgeLine(const Line& line, const std::unordered_map<std::string, ForeignPath>& paths,
                  const oracle::BounceConventions& conventions) {
  Verdict v;
  auto loaded = line.tooLong ? std::variant<BounceCase, InputError>(line.tooLongError())
                             : loadBounceCase(line.text);
  if (const auto* error = std::get_if<InputError>(&loaded)) {
    v.id = (line.tooLong ? std::nullopt : idOfLine(line.text)).value_or(lineId(line));
    v.name = "malformed-case";
    const std::string other = line.tooLong ? "" : otherKindOfLine(line.text, LineKind::bounceScene);
    v.explanation = "cases line " + std::to_string(line.number) + ": " +
                    (other.empty() ? error->describe() : other);
    return v;
  }
  const BounceCase& c = std::get<BounceCase>(loaded);
  v.id = c.id.empty() ? lineId(line) : c.id;
  const auto found = paths.find(v.id);
  if (found == paths.end()) {
    v.name = "missing-path";
    return v;
  }
  if (const auto* error = std::get_if<InputError>(&found->second.record)) {
    v.name = "malformed-path";
    v.explanation = "paths line " + std::to_string(found->second.line) + ": " + error->describe();
    return v;
  }
  const BouncePathRecord& actual = std::get<BouncePathRecord>(found->second.record);
  if (actual.path.status == BounceStatus::unsupported) {
    v.name = "unsupported";
    v.explanation = "the engine answered unsupported: " + actual.reason;
    v.passed = true;
    return v;
  }
  const oracle::BounceJudgement j =
      oracle::judgeBounce(c.scene, actual.path, actual.fields, conventions);
  v.name = std::string(oracle::bounceOutcomeName(j.outcome));
  v.explanation = j.explanation;
  v.leg = j.leg;
  v.judged = true;
  v.passed = j.passed();
  if (!v.passed && passesAsFloat(c.scene, actual, conventions)) {
    v.passesAsFloat = true;
    v.explanation +=
        " (every number of this path is a float, and it passes under "
        "--conventions float)";
  }
  return v;
}

/// The id a scene line has (parsed as a scene: its id may lie past a case line's limit).
std::string sceneId(const Line& line) {
  auto parsed = parseBounceCase(line.text);
  if (const auto* c = std::get_if<BounceCase>(&parsed); c && !c->id.empty()) return c->id;
  return idOfLine(line.text).value_or(lineId(line));
}

}  // namespace

void addBounceCommands(CLI::App& app, BounceCommands& commands) {
  BounceArguments& bounce = commands.bounce;
  CLI::App* command =
      app.add_subcommand("bounce", "one bounce path JSONL line per scene line (source 001)");
  command->add_option("--engine", bounce.engine, "reference, fast or fast_float");
  command->add_flag("--hex", bounce.hex, "write numbers as hexfloat strings");
  command->add_option("scenes", bounce.input, "scene JSONL file, or - for stdin")->required();
  commands.bounceCommand = command;

  CheckBouncesArguments& check = commands.check;
  CLI::App* checker = app.add_subcommand(
      "check-bounces", "judge a foreign engine's bounce paths leg by leg against the reference");
  checker->add_option("--cases", check.cases, "scene JSONL file, or - for stdin")->required();
  checker->add_option("--paths", check.paths, "the engine's path JSONL file")->required();
  checker->add_option("--conventions", check.conventions, "exact (double, default) or float");
  commands.checkCommand = checker;
}

int runBounceCommands(const BounceCommands& commands, std::ostream& out, std::ostream& err) {
  if (commands.bounceCommand && commands.bounceCommand->parsed()) {
    return bounce(commands.bounce, out, err);
  }
  if (commands.checkCommand && commands.checkCommand->parsed()) {
    return checkBounces(commands.check, out, err);
  }
  return -1;
}

int bounce(const BounceArguments& arguments, std::ostream& out, std::ostream& err) {
  const BounceEngine* engine = engineOrComplain(arguments.engine, err);
  if (!engine) return kExitUnusable;
  std::ifstream file;
  std::istream* in = openInput(arguments.input, file, err);
  if (!in) return kExitUnusable;
  bool invalid = false;
  LineReader reader(*in, kMaxSceneLineBytes);
  IdLines ids;
  const NumberFormat format = arguments.hex ? NumberFormat::hex : NumberFormat::decimal;
  for (Line line; reader.next(line);) {
    const BouncePathRecord record = pathOfLine(*engine, line, &invalid);
    if (const std::size_t first = ids.firstLine(record.id, line.number)) {
      err << "touche: warning: " << duplicateIdWarning(record.id, first, line.number) << "\n";
    }
    out << formatBouncePath(record, format) << '\n';
    out.flush();
    if (!out) {
      err << "touche: cannot write the output: " << std::strerror(errno) << "\n";
      return kExitUnusable;
    }
  }
  return invalid ? 1 : 0;
}

int checkBounces(const CheckBouncesArguments& arguments, std::ostream& out, std::ostream& err) {
  if (arguments.conventions != "exact" && arguments.conventions != "float") {
    err << "touche: unknown bounce conventions '" << printable(arguments.conventions)
        << "' (known: exact float)\n";
    return kExitUnusable;
  }
  const oracle::BounceConventions conventions =
      oracle::bounceConventionsFor(arguments.conventions == "float" ? "fast_float" : "fast");
  std::ifstream pathsFile;
  std::istream* pathsIn = openInput(arguments.paths, pathsFile, err);
  if (!pathsIn) return kExitUnusable;
  const auto paths = readPaths(*pathsIn, err);
  std::ifstream casesFile;
  std::istream* casesIn = openInput(arguments.cases, casesFile, err);
  if (!casesIn) return kExitUnusable;
  const std::size_t lines = lineCount(arguments.cases, kMaxSceneLineBytes);
  const Progress progress = progressBar(err, arguments.progress && lines > 0);
  std::size_t total = 0, judged = 0, failing = 0, asFloat = 0;
  LineReader reader(*casesIn, kMaxSceneLineBytes);
  for (Line line; reader.next(line);) {
    const Verdict v = judgeLine(line, paths, conventions);
    ++total;
    judged += v.judged ? 1 : 0;
    failing += v.passed ? 0 : 1;
    asFloat += v.passesAsFloat ? 1 : 0;
    out << verdictLine(v) << '\n';
    if (progress) progress(total, lines);
  }
  out.flush();
  if (!out) {
    err << "touche: cannot write the output: " << std::strerror(errno) << "\n";
    return kExitUnusable;
  }
  err << total << " paths, " << judged << " judged: " << (failing ? "FAIL" : "PASS");
  if (failing) err << ", " << failing << " failing";
  err << "\n";
  if (asFloat) {
    err << "touche: " << asFloat << " failing "
        << (asFloat == 1 ? "path is in floats and passes" : "paths are in floats and pass")
        << " under --conventions float: a single-precision engine (such as fast_float) is "
           "judged with --conventions float\n";
  }
  if (failing) return 1;
  return judged ? 0 : 3;
}

int renderBounceScene(const std::string& input, const std::string& caseId,
                      const std::string& output, const std::vector<std::string>& engines,
                      std::optional<std::size_t> bvhLeg, std::ostream& err) {
  if (input == "-" || input.empty()) return -1;
  std::ifstream file(input, std::ios::binary);
  if (!file) return -1;  // the manifold renderer says why
  LineReader reader(file, kMaxSceneLineBytes);
  Line chosen;
  bool found = false;
  for (Line line; !found && reader.next(line);) {
    if (line.tooLong || !isBounceSceneLine(line.text)) {
      if (caseId.empty()) return -1;  // the first line is a case
      continue;
    }
    if (caseId.empty() || sceneId(line) == caseId) {
      chosen = std::move(line);
      found = true;
    }
  }
  if (!found) return -1;
  auto loaded = loadBounceCase(chosen.text);
  if (const auto* error = std::get_if<InputError>(&loaded)) {
    err << "touche: line " << chosen.number << ": " << error->describe() << "\n";
    return 1;
  }
  const BounceCase& c = std::get<BounceCase>(loaded);
  std::string drawing;
  if (bvhLeg) {
    const BouncePath path = fast::bounce(c.scene);
    if (*bvhLeg >= path.legs.size()) {
      err << "touche: --leg " << *bvhLeg << ": the fast engine's path of " << printable(c.id)
          << " has " << path.legs.size() << (path.legs.size() == 1 ? " leg" : " legs") << "\n";
      return 1;
    }
    drawing = oracle::renderBounceBvhSvg(c.id, c.scene, path.legs[*bvhLeg], *bvhLeg);
  } else {
    std::vector<BouncePathRecord> paths;
    for (const std::string& name : engines) {
      const BounceEngine* engine = oracle::findBounceEngine(name);
      if (!engine) continue;  // box2d and the other manifold engines draw no bounce paths
      paths.push_back({c.id, name, engine->bounce(c.scene), "", {}});
    }
    drawing = oracle::renderBounceSvg(c.id, c.scene, paths);
  }
  std::ofstream svg(output, std::ios::binary);
  if (svg) svg << drawing;
  if (svg) svg.close();
  if (svg) return 0;
  err << "touche: cannot write " << printable(output) << ": " << std::strerror(errno) << "\n";
  return kExitUnusable;
}

}  // namespace touche::cli
