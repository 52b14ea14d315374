// touche — the CLI's commands (commands.h).
#include "commands.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <variant>

#include "touche/core/jsonl.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/render.h"
#include "touche/oracle/validation.h"

namespace touche::cli {
namespace {

/// Opens `path` ("-" = stdin) and calls `use` with the stream; false when it cannot be read.
template <class Use>
bool withInput(const std::string& path, std::ostream& err, Use&& use) {
  if (path == "-") {
    use(std::cin);
    return true;
  }
  std::ifstream file(path);
  if (!file) {
    err << "touche: cannot read " << path << "\n";
    return false;
  }
  use(file);
  return true;
}

const Engine* engineOrComplain(const std::string& name, std::ostream& err) {
  const Engine* engine = oracle::findEngine(name);
  if (!engine) {
    err << "touche: unknown engine '" << name << "' (known:";
    for (const Engine* e : oracle::knownEngines())
      err << " " << e->name;
    err << ")\n";
  }
  return engine;
}

/// The output line of one input line: the engine's manifold, or an error naming the line.
std::string collideLine(const Engine& engine, const Options& options, const Line& line, bool hex,
                        bool* invalid) {
  ManifoldRecord record;
  record.engine = std::string(engine.name);
  record.id = "line " + std::to_string(line.number);
  const auto parsed = parseCase(line.text);
  if (const auto* error = std::get_if<InputError>(&parsed)) {
    *invalid = true;
    record.manifold = statusOnly(Status::error);
    record.reason = "line " + std::to_string(line.number) + ": " + error->describe();
  } else {
    const Case& c = std::get<Case>(parsed);
    record.id = c.id;
    if (auto bad = validateInput(c.a, c.xfA, c.b, c.xfB, options)) {
      *invalid = true;
      record.reason = "line " + std::to_string(line.number) + ": " + bad->describe();
    }
    record.manifold = oracle::run(engine, c, options);
    if (record.reason.empty()) {
      record.reason = oracle::reasonFor(engine, c, options, record.manifold.status);
    }
  }
  return formatManifold(record, hex ? NumberFormat::hex : NumberFormat::decimal);
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

}  // namespace

int collide(const std::string& engineName, double margin, const std::string& input, bool hex,
            std::ostream& out, std::ostream& err) {
  const Engine* engine = engineOrComplain(engineName, err);
  if (!engine) return 2;
  const Options options{margin};
  if (auto bad = validateOptions(options)) {
    err << "touche: --margin: " << bad->message << "\n";
    return 2;
  }
  bool invalid = false;
  const bool opened = withInput(input, err, [&](std::istream& in) {
    for (const Line& line : readLines(in)) {
      out << collideLine(*engine, options, line, hex, &invalid) << "\n";
    }
  });
  if (!opened) return 2;
  return invalid ? 1 : 0;
}

int validate(const std::string& corpus, const std::vector<std::string>& engineNames,
             std::ostream& out, std::ostream& err) {
  const std::vector<const Engine*> engines = enginesNamed(engineNames, err);
  if (engines.empty()) return 2;
  CaseFile file;
  if (corpus.empty()) {
    std::istringstream in{std::string(oracle::builtinCorpus())};
    file = readCases(in);
  } else if (!withInput(corpus, err, [&](std::istream& in) { file = readCases(in); })) {
    return 2;
  }
  for (const InputError& e : file.errors)
    err << "touche: " << e.describe() << "\n";
  const oracle::ValidationReport report = oracle::validateCases(file.cases, engines);
  out << formatReport(report);
  return report.passed() && file.errors.empty() ? 0 : 1;
}

int render(const std::string& input, const std::string& caseId, const std::string& output,
           const std::vector<std::string>& engineNames, std::ostream& err) {
  const std::vector<const Engine*> engines = enginesNamed(engineNames, err);
  if (engines.empty()) return 2;
  CaseFile file;
  if (!withInput(input, err, [&](std::istream& in) { file = readCases(in); })) return 2;
  for (const InputError& e : file.errors)
    err << "touche: " << e.describe() << "\n";
  const Case* chosen = nullptr;
  for (const Case& c : file.cases) {
    if (!chosen && (caseId.empty() || c.id == caseId)) chosen = &c;
  }
  if (!chosen) {
    err << "touche: no case" << (caseId.empty() ? "" : " with id '" + caseId + "'") << " in "
        << input << "\n";
    return 1;
  }
  std::vector<ManifoldRecord> records;
  for (const Engine* e : engines) {
    records.push_back({chosen->id, std::string(e->name), oracle::run(*e, *chosen), "", true});
  }
  std::ofstream svg(output);
  if (!(svg << oracle::renderSvg(*chosen, records))) {
    err << "touche: cannot write " << output << "\n";
    return 2;
  }
  return 0;
}

namespace {

/// A progress bar redrawn in place on a terminal, at most once per percent.
oracle::Progress progressBar(std::ostream& err) {
  auto lastPercent = std::make_shared<int>(-1);
  return [&err, lastPercent](std::size_t done, std::size_t total) {
    const int percent = total ? static_cast<int>(100 * done / total) : 100;
    if (percent == *lastPercent && done != total) return;
    *lastPercent = percent;
    const int filled = percent * 40 / 100;
    err << "\r[" << std::string(filled, '#') << std::string(40 - filled, ' ') << "] " << percent
        << "% " << done << "/" << total << (done == total ? "\n" : "") << std::flush;
  };
}

}  // namespace

int check(const std::string& cases, const std::string& manifolds, const std::string& conventions,
          const std::string& html, bool progress, std::ostream& out, std::ostream& err) {
  auto loaded = oracle::loadConventions(conventions);
  if (auto* e = std::get_if<InputError>(&loaded)) {
    err << "touche: --conventions: " << e->describe() << "\n";
    return 2;
  }
  const auto& declared = std::get<oracle::DeclaredConventions>(loaded);
  std::ifstream casesFile(cases);
  std::ifstream manifoldsFile(manifolds);
  for (const auto* f : {&casesFile, &manifoldsFile}) {
    if (!*f) {
      err << "touche: cannot read " << (f == &casesFile ? cases : manifolds) << "\n";
      return 2;
    }
  }
  const oracle::CheckRun run = oracle::check(casesFile, manifoldsFile, declared,
                                             progress ? progressBar(err) : oracle::Progress{});
  for (const oracle::CheckedCase& c : run.cases)
    out << oracle::verdictLine(c) << "\n";
  err << oracle::summaryTable(run);
  if (!html.empty()) {
    std::ofstream page(html);
    if (!(page << oracle::htmlReport(run, conventions))) {
      err << "touche: cannot write " << html << "\n";
      return 2;
    }
  }
  return run.failures() == 0 ? 0 : 1;
}

}  // namespace touche::cli
