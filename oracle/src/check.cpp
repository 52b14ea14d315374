// touche — `touche check` (check.h): read, match by id, judge, report.
#include "touche/oracle/check.h"

#include <array>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "touche/oracle/engines.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

bool failing(const std::string& verdict) {
  return verdict != "agree" && verdict != "agree-within-tie" && verdict != "unsupported";
}

CheckedCase make(std::string id, std::string verdict, std::string explanation) {
  CheckedCase c;
  c.id = std::move(id);
  c.failed = failing(verdict);
  c.verdict = std::move(verdict);
  c.explanation = std::move(explanation);
  return c;
}

/// The manifold lines, by id; bad lines and unmatched ids become problems.
struct ManifoldFile {
  std::map<std::string, std::pair<std::size_t, ManifoldRecord>> byId;
  std::map<std::string, std::pair<std::size_t, InputError>> badById;  ///< parse errors with an id
};

/// The id of a line that did not parse, when it has a readable one.
std::string idOf(const std::string& text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_object() && j.contains("id")) {
    if (j["id"].is_string()) return j["id"].get<std::string>();
    if (j["id"].is_number()) return j["id"].dump();
  }
  return "";
}

ManifoldFile readManifolds(std::istream& in, CheckRun& run) {
  ManifoldFile file;
  for (const Line& line : readLines(in)) {
    const std::string where = "manifolds line " + std::to_string(line.number) + ": ";
    auto parsed = parseManifold(line.text);
    if (auto* e = std::get_if<InputError>(&parsed)) {
      const std::string id = idOf(line.text);
      if (id.empty()) {
        run.problems.push_back(where + e->describe() + " (no id: matched with no case)");
      } else {
        file.badById.emplace(id, std::make_pair(line.number, *e));
      }
      continue;
    }
    ManifoldRecord& record = std::get<ManifoldRecord>(parsed);
    if (record.id.empty()) {
      run.problems.push_back(where + "no id: matched with no case");
    } else if (!file.byId.emplace(record.id, std::make_pair(line.number, record)).second) {
      run.problems.push_back(where + "duplicate id '" + record.id + "' (the first one is used)");
    }
  }
  return file;
}

/// The reference's manifold on the case as the engine sees it (polygons grown by its skin).
std::optional<Manifold> expectedFor(const Case& c, const DeclaredConventions& conventions) {
  Conventions skin;
  skin.polygonSkin = conventions.skinRadius;
  const Manifold m = run(reference::kEngine, expectedCaseFor(c, skin), Options{conventions.margin});
  if (m.status == Status::unsupported || m.status == Status::error) return std::nullopt;
  return m;
}

CheckedCase judgeMatched(const Case& c, const ManifoldRecord& record,
                         const DeclaredConventions& conventions) {
  if (record.manifold.status == Status::unsupported) {
    return make(c.id, "unsupported",
                "the engine answered unsupported" +
                    (record.reason.empty() ? std::string() : ": " + record.reason));
  }
  const Comparison r = judge(c, record.manifold, conventions, record.hasIds);
  return make(c.id, std::string(outcomeName(r.outcome)), r.explanation);
}

CheckedCase checkOne(const Line& line, ManifoldFile& manifolds,
                     const DeclaredConventions& conventions) {
  auto parsed = parseCase(line.text);
  if (auto* e = std::get_if<InputError>(&parsed)) {
    const std::string id = idOf(line.text);
    CheckedCase bad =
        make(id.empty() ? "line-" + std::to_string(line.number) : id, "malformed-case",
             "cases line " + std::to_string(line.number) + ": " + e->describe());
    bad.caseLine = line.number;
    return bad;
  }
  Case& c = std::get<Case>(parsed);
  if (c.id.empty()) c.id = "line-" + std::to_string(line.number);
  CheckedCase checked;
  if (auto found = manifolds.byId.find(c.id); found != manifolds.byId.end()) {
    checked = judgeMatched(c, found->second.second, conventions);
    checked.manifoldLine = found->second.first;
    checked.actual = found->second.second;
    manifolds.byId.erase(found);
  } else if (auto bad = manifolds.badById.find(c.id); bad != manifolds.badById.end()) {
    checked =
        make(c.id,
             bad->second.second.message.find("finite") != std::string::npos ? "non-finite"
                                                                            : "malformed-manifold",
             "manifolds line " + std::to_string(bad->second.first) + ": " +
                 bad->second.second.describe());
    checked.manifoldLine = bad->second.first;
    manifolds.badById.erase(bad);
  } else {
    checked = make(c.id, "missing-manifold", "no manifold line has id '" + c.id + "'");
  }
  checked.caseLine = line.number;
  if (checked.failed) checked.expected = expectedFor(c, conventions);
  checked.c = std::move(c);
  return checked;
}

}  // namespace

int CheckRun::failures() const {
  int n = 0;
  for (const CheckedCase& c : cases)
    n += c.failed ? 1 : 0;
  return n + static_cast<int>(problems.size());
}

CheckRun check(std::istream& cases, std::istream& manifolds, const DeclaredConventions& conventions,
               const Progress& progress) {
  CheckRun run;
  run.conventions = conventions;
  ManifoldFile file = readManifolds(manifolds, run);
  const std::vector<Line> lines = readLines(cases);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    run.cases.push_back(checkOne(lines[i], file, conventions));
    if (progress) progress(i + 1, lines.size());
  }
  for (const auto& [id, entry] : file.byId) {
    run.problems.push_back("manifolds line " + std::to_string(entry.first) + ": id '" + id +
                           "' matches no case");
  }
  for (const auto& [id, entry] : file.badById) {
    run.problems.push_back("manifolds line " + std::to_string(entry.first) + ": " +
                           entry.second.describe() + " (id '" + id + "' matches no case)");
  }
  return run;
}

std::string verdictLine(const CheckedCase& checked) {
  nlohmann::ordered_json j;
  j["id"] = checked.id;
  j["verdict"] = checked.verdict;
  j["explanation"] = checked.explanation;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string summaryTable(const CheckRun& run) {
  std::map<std::string, int> counts;
  for (const CheckedCase& c : run.cases)
    ++counts[c.verdict];
  std::ostringstream out;
  char row[96];
  std::snprintf(row, sizeof row, "%-20s %8s\n", "verdict", "cases");
  out << "touche check: " << run.conventions.engine << " conventions\n" << row;
  std::vector<std::string> order;
  for (int k = 0; k < kOutcomeCount; ++k)
    order.emplace_back(outcomeName(static_cast<Outcome>(k)));
  for (const char* extra :
       {"unsupported", "missing-manifold", "malformed-case", "malformed-manifold"})
    order.emplace_back(extra);
  for (const std::string& verdict : order) {
    std::snprintf(row, sizeof row, "%-20s %8d%s\n", verdict.c_str(), counts[verdict],
                  failing(verdict) && counts[verdict] ? "  FAIL" : "");
    out << row;
  }
  for (const std::string& p : run.problems)
    out << p << "\n";
  const int failed = run.failures();
  out << run.cases.size()
      << " cases: " << (failed == 0 ? "PASS" : "FAIL (" + std::to_string(failed) + " failing)")
      << "\n";
  return out.str();
}

}  // namespace touche::oracle
