// touche — the CLI's commands (commands.h).
//
// Every command reads its input one bounded line at a time (LineReader) and writes each
// result as soon as it has it, flushed: a later bad line, a crash or a kill never loses what
// was already computed, and `collide -` answers a pipe line by line. A failed write (a full
// disk, a closed output) is reported and ends the command with status 2. Text taken from the
// input (ids, engine names) is made printable() before it reaches a terminal.
#include "commands.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <variant>

#include "../line_blocks.h"
#include "progress_bar.h"
#include "touche/core/cast_jsonl.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/cast_engines.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/id_stability.h"
#include "touche/oracle/render.h"
#include "touche/oracle/validation.h"

namespace touche::cli {
namespace {

constexpr int kExitUnusable = 2;

/// An input named on the command line: a file, or standard input for "-".
class Input {
 public:
  /// False, having said why on `err` (naming the path), when `path` is a directory or cannot
  /// be opened: such an input must not read as an empty file that passes.
  bool open(const std::string& path, std::ostream& err) {
    path_ = path;
    if (path == "-") return true;
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
      err << "touche: cannot read " << printable(path) << ": it is a directory\n";
      return false;
    }
    file_.open(path, std::ios::binary);
    if (!file_) {
      err << "touche: cannot read " << printable(path) << ": " << std::strerror(errno) << "\n";
      return false;
    }
    return true;
  }
  std::istream& stream() { return path_ == "-" ? std::cin : file_; }

 private:
  std::string path_;
  std::ifstream file_;
};

/// Opens `path` ("-" = stdin) and calls `use` with the stream; false when it cannot be read.
template <class Use>
bool withInput(const std::string& path, std::ostream& err, Use&& use) {
  Input input;
  if (!input.open(path, err)) return false;
  use(input.stream());
  return true;
}

/// Flushes `out` and tells whether everything written to it so far arrived; says why on `err`
/// when not. Output is flushed line by line so that nothing computed waits in a buffer.
bool flushed(std::ostream& out, const std::string& what, std::ostream& err) {
  out.flush();
  if (out) return true;
  err << "touche: cannot write " << what << ": " << std::strerror(errno) << "\n";
  return false;
}

bool writeLine(std::ostream& out, const std::string& line, std::ostream& err) {
  out << line << '\n';
  return flushed(out, "the output", err);
}

/// Writes `text` to the file `path`, closing it to be sure it arrived.
bool writeFile(const std::string& path, const std::string& text, std::ostream& err) {
  std::ofstream file(path, std::ios::binary);
  if (file) file << text;
  if (file) file.close();
  if (file) return true;
  err << "touche: cannot write " << printable(path) << ": " << std::strerror(errno) << "\n";
  return false;
}

/// Writes what `spool` holds to the file `path`, closing it to be sure it arrived.
bool writeSpool(const std::string& path, oracle::Spool& spool, std::ostream& err) {
  std::ofstream file(path, std::ios::binary);
  if (file && spool.copyTo(file)) file.close();
  if (file) return true;
  err << "touche: cannot write " << printable(path) << ": " << std::strerror(errno) << "\n";
  return false;
}

const Engine* engineOrComplain(const std::string& name, std::ostream& err) {
  const Engine* engine = oracle::findEngine(name);
  if (!engine) {
    err << "touche: unknown engine '" << printable(name) << "' (known:";
    for (const Engine* e : oracle::knownEngines())
      err << " " << e->name;
    err << ")\n";
  }
  return engine;
}

std::string lineId(std::size_t number) {
  return "line-" + std::to_string(number);
}

/// The record of one input line: the engine's manifold, or an error naming the line. Its id
/// is the case's, or line-N as readCases and `touche check` name a case without one, so that
/// collide's output can be checked against its input.
ManifoldRecord collideLine(const Engine& engine, const Options& options, const Line& line,
                           bool* invalid) {
  ManifoldRecord record;
  record.engine = std::string(engine.name);
  const std::string where = "line " + std::to_string(line.number) + ": ";
  auto parsed =
      line.tooLong ? std::variant<Case, InputError>(line.tooLongError()) : parseCase(line.text);
  if (const auto* error = std::get_if<InputError>(&parsed)) {
    *invalid = true;
    const auto id = line.tooLong ? std::nullopt : idOfLine(line.text);
    record.id = id.value_or(lineId(line.number));
    record.manifold = statusOnly(Status::error);
    record.reason = where + error->describe();
    return record;
  }
  const Case& c = std::get<Case>(parsed);
  record.id = c.id.empty() ? lineId(line.number) : c.id;
  if (auto bad = validateInput(c.a, c.xfA, c.b, c.xfB, options)) {
    *invalid = true;
    record.reason = where + bad->describe();
  }
  record.manifold = oracle::run(engine, c, options);
  if (record.reason.empty()) {
    record.reason = oracle::reasonFor(engine, c, options, record.manifold.status);
  }
  return record;
}

std::vector<const Engine*> enginesNamed(const std::vector<std::string>& names, std::ostream& err) {
  std::vector<const Engine*> engines;
  for (const std::string& name : names) {
    const Engine* e = engineOrComplain(name, err);
    if (!e) return {};
    engines.push_back(e);
  }
  return engines;
}

/// The cases of `path` ("" = the built-in corpus), their errors and warnings said on `err`.
bool readCaseFile(const std::string& path, CaseFile* file, std::ostream& err) {
  if (path.empty()) {
    std::istringstream in{std::string(oracle::builtinCorpus())};
    *file = readCases(in);
  } else if (!withInput(path, err, [&](std::istream& in) { *file = readCases(in); })) {
    return false;
  }
  for (const InputError& e : file->errors)
    err << "touche: " << e.describe() << "\n";
  for (const std::string& w : file->warnings)
    err << "touche: warning: " << w << "\n";
  return true;
}

}  // namespace

int collide(const std::string& engineName, double margin, const std::string& input, bool hex,
            std::ostream& out, std::ostream& err) {
  const Engine* engine = engineOrComplain(engineName, err);
  if (!engine) return kExitUnusable;
  const Options options{margin};
  if (auto bad = validateOptions(options)) {
    err << "touche: --margin: " << bad->message << "\n";
    return kExitUnusable;
  }
  bool invalid = false;
  bool written = true;
  const bool opened = withInput(input, err, [&](std::istream& in) {
    LineReader reader(in);
    IdLines ids;
    for (Line line; written && reader.next(line);) {
      const ManifoldRecord record = collideLine(*engine, options, line, &invalid);
      if (const std::size_t first = ids.firstLine(record.id, line.number)) {
        err << "touche: warning: " << duplicateIdWarning(record.id, first, line.number) << "\n";
      }
      written = writeLine(
          out, formatManifold(record, hex ? NumberFormat::hex : NumberFormat::decimal), err);
    }
  });
  if (!opened || !written) return kExitUnusable;
  return invalid ? 1 : 0;
}

int move(const std::string& input, const MoveArguments& arguments, std::ostream& out,
         std::ostream& err) {
  const Options options{arguments.margin};
  if (auto bad = validateOptions(options)) {
    err << "touche: --margin: " << bad->message << "\n";
    return kExitUnusable;
  }
  if (arguments.copies < 0 || arguments.copies > 1000) {
    err << "touche: --copies: " << arguments.copies << " is not between 0 and 1000\n";
    return kExitUnusable;
  }
  bool invalid = false;
  bool written = true;
  std::size_t cases = 0, copies = 0, dropped = 0;
  const bool opened = withInput(input, err, [&](std::istream& in) {
    LineReader reader(in);
    for (Line line; written && reader.next(line);) {
      written = writeLine(out, line.text, err);
      auto parsed = loadCase(line.text);
      if (const auto* e = std::get_if<InputError>(&parsed)) {
        err << "touche: line " << line.number << ": " << e->describe() << "\n";
        invalid = true;
        continue;
      }
      ++cases;
      Case& c = std::get<Case>(parsed);
      if (c.id.empty()) c.id = "line-" + std::to_string(line.number);
      const oracle::MovedCopies moved =
          oracle::movedCopies(c, arguments.copies, arguments.seed, arguments.margin);
      dropped += static_cast<std::size_t>(moved.dropped);
      for (const Case& copy : moved.copies) {
        if (!written) break;
        written = writeLine(
            out, formatCase(copy, arguments.hex ? NumberFormat::hex : NumberFormat::decimal), err);
        ++copies;
      }
    }
  });
  if (!opened || !written) return kExitUnusable;
  err << "touche move: " << cases << (cases == 1 ? " case, " : " cases, ") << copies
      << (copies == 1 ? " moved copy written" : " moved copies written")
      << (dropped ? ", " + std::to_string(dropped) +
                        " not made (every try changed the reference's feature pairs)"
                  : std::string())
      << "\n";
  return invalid ? 1 : 0;
}

int validate(const std::string& corpus, const std::vector<std::string>& engineNames,
             std::ostream& out, std::ostream& err, bool verbose, bool progress) {
  const std::vector<const Engine*> engines = enginesNamed(engineNames, err);
  if (engines.empty()) return kExitUnusable;
  CaseFile file;
  if (!readCaseFile(corpus, &file, err)) return kExitUnusable;
  // The report shows ids and nothing else reads them: shown printable.
  for (Case& c : file.cases)
    c.id = printable(c.id);
  const oracle::ValidationReport report =
      oracle::validateCases(file.cases, engines, {}, progressBar(err, progress));
  out << formatReport(report, verbose);
  if (!flushed(out, "the output", err)) return kExitUnusable;
  return file.errors.empty() ? oracle::exitStatus(report) : 1;
}

namespace {

/// Whether a render input holds casts: its first line that is not blank reads as a cast case
/// (a "shape" and a "ray"; a collision case has "a" and "b").
bool holdsCasts(const std::string& text) {
  std::istringstream in(text);
  LineReader reader(in);
  for (Line line; reader.next(line);) {
    if (line.tooLong || line.text.find_first_not_of(" \t\r") == std::string::npos) continue;
    return std::holds_alternative<CastCase>(parseCastCase(line.text));
  }
  return false;
}

/// `touche render` of a cast file: the cast (the first, or `caseId`) and each engine's result.
int renderCast(const std::string& text, const std::string& input, const std::string& caseId,
               const std::string& output, const std::vector<std::string>& engineNames,
               std::ostream& err) {
  std::vector<const CastEngine*> engines;
  for (const std::string& name : engineNames) {
    const CastEngine* e = oracle::findCastEngine(name);
    if (!e) {
      err << "touche: unknown cast engine '" << printable(name) << "' (known:";
      for (const CastEngine* known : oracle::knownCastEngines())
        err << " " << known->name;
      err << ")\n";
      return kExitUnusable;
    }
    engines.push_back(e);
  }
  std::istringstream in(text);
  const CastCaseFile file = readCastCases(in);
  for (const InputError& e : file.errors)
    err << "touche: " << e.describe() << "\n";
  const CastCase* chosen = nullptr;
  for (const CastCase& c : file.cases) {
    if (!chosen && (caseId.empty() || c.id == caseId)) chosen = &c;
  }
  if (!chosen) {
    err << "touche: no cast" << (caseId.empty() ? "" : " with id \"" + printable(caseId) + "\"")
        << " in " << printable(input) << "\n";
    return 1;
  }
  std::vector<CastRecord> records;
  for (const CastEngine* e : engines) {
    CastRecord record;
    record.id = chosen->id;
    record.engine = std::string(e->name);
    record.hasFeature = e->reportsFeatures;
    record.result = oracle::runCast(*e, *chosen);
    records.push_back(std::move(record));
  }
  return writeFile(output, oracle::renderCastSvg(*chosen, records), err) ? 0 : kExitUnusable;
}

}  // namespace

int render(const std::string& input, const std::string& caseId, const std::string& output,
           const std::vector<std::string>& engineNames, std::ostream& err, bool derivation,
           const std::string& step) {
  std::string text;
  if (!withInput(input, err, [&](std::istream& in) {
        std::ostringstream all;
        all << in.rdbuf();
        text = all.str();
      })) {
    return kExitUnusable;
  }
  if (holdsCasts(text)) return renderCast(text, input, caseId, output, engineNames, err);
  const std::vector<const Engine*> engines = enginesNamed(engineNames, err);
  if (engines.empty()) return kExitUnusable;
  std::istringstream in(text);
  CaseFile file = readCases(in);
  for (const InputError& e : file.errors)
    err << "touche: " << e.describe() << "\n";
  for (const std::string& w : file.warnings)
    err << "touche: warning: " << w << "\n";
  const Case* chosen = nullptr;
  for (const Case& c : file.cases) {
    if (!chosen && (caseId.empty() || c.id == caseId)) chosen = &c;
  }
  if (!chosen) {
    err << "touche: no case" << (caseId.empty() ? "" : " with id \"" + printable(caseId) + "\"")
        << " in " << printable(input) << "\n";
    return 1;
  }
  if (!step.empty()) {
    if (const std::string problem = oracle::derivationStepProblem(*chosen, step);
        !problem.empty()) {
      err << "touche: --step: " << problem << "\n";
      return 1;
    }
  }
  std::vector<ManifoldRecord> records;
  for (const Engine* e : engines) {
    ManifoldRecord record;
    record.id = chosen->id;
    record.engine = std::string(e->name);
    record.manifold = oracle::run(*e, *chosen);
    records.push_back(std::move(record));
  }
  const oracle::RenderLayers layers{derivation, step};
  return writeFile(output, oracle::renderSvg(*chosen, records, layers), err) ? 0 : kExitUnusable;
}

namespace {

/// The baseline of `path`, or false having said why.
bool readBaselineFile(const std::string& path, oracle::Baseline* baseline, std::ostream& err) {
  Input input;
  if (!input.open(path, err)) return false;
  auto read = oracle::readBaseline(input.stream());
  if (const auto* e = std::get_if<InputError>(&read)) {
    err << "touche: --baseline " << printable(path) << ": " << e->describe() << "\n";
    return false;
  }
  *baseline = std::get<oracle::Baseline>(std::move(read));
  return true;
}

/// The run's text for a terminal: each problem is one line whatever ids it quotes, and the
/// engine's name (from a conventions file) is shown printable.
void makePrintable(oracle::CheckRun& run) {
  for (std::string& problem : run.problems)
    problem = printable(problem, false);
  run.conventions.engine = printable(run.conventions.engine);
}

}  // namespace

int check(const std::string& cases, const std::string& manifolds, const std::string& conventions,
          const std::string& html, const BaselineFiles& baseline, bool progress, unsigned jobs,
          std::ostream& out, std::ostream& err) {
  if (cases == "-" && manifolds == "-") {
    err << "touche: --cases and --manifolds cannot both be - (one standard input)\n";
    return kExitUnusable;
  }
  auto loaded = oracle::loadConventions(conventions);
  if (auto* e = std::get_if<InputError>(&loaded)) {
    err << "touche: --conventions: " << e->describe() << "\n";
    return kExitUnusable;
  }
  const auto& declared = std::get<oracle::DeclaredConventions>(loaded);
  oracle::Baseline known;
  if (!baseline.read.empty() && !readBaselineFile(baseline.read, &known, err)) {
    return kExitUnusable;
  }
  Input casesInput, manifoldsInput;
  if (!casesInput.open(cases, err) || !manifoldsInput.open(manifolds, err)) return kExitUnusable;
  oracle::CheckOptions options;
  options.jobs = jobs;
  options.progress = progressBar(err, progress);
  options.baseline = baseline.read.empty() ? nullptr : &known;
  // Each block's verdict lines are written as soon as it is judged; the failing cases' baseline
  // lines wait in a temporary file until the run is complete.
  const auto verdicts = [&](const std::string& lines) {
    out << lines;
    return flushed(out, "the output", err);
  };
  std::optional<oracle::Spool> baselineSpool;
  oracle::CheckRun run;
  try {
    oracle::TextSink baselineLines;
    if (!baseline.write.empty()) {
      baselineSpool.emplace();
      baselineLines = [&](const std::string& lines) {
        return static_cast<bool>(baselineSpool->out() << lines);
      };
    }
    run = oracle::checkStream(casesInput.stream(), manifoldsInput.stream(), declared, options,
                              verdicts, baselineLines);
  } catch (const std::runtime_error& e) {
    err << "touche: " << e.what() << "\n";
    return kExitUnusable;
  }
  if (run.stopped) return kExitUnusable;
  run.conventionsSource = conventions;
  if (!html.empty() && !writeFile(html, oracle::htmlReport(run, conventions), err)) {
    return kExitUnusable;
  }
  if (baselineSpool && !writeSpool(baseline.write, *baselineSpool, err)) return kExitUnusable;
  makePrintable(run);
  err << oracle::summaryTable(run);
  return run.exitStatus();
}

}  // namespace touche::cli
