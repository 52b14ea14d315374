// touche — `touche check` (check.h): read, match by id, judge, report.
#include "touche/oracle/check.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "parallel.h"
#include "touche/core/pairs.h"
#include "touche/oracle/engines.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

bool failing(const std::string& verdict) {
  return verdict != "agree" && verdict != "agree-within-tie" && verdict != "unsupported";
}

/// A verdict judge() did not give: `check` names what failed ("manifold", "case", "id").
CheckedCase make(std::string id, std::string verdict, std::string explanation,
                 const char* check = "manifold") {
  CheckedCase c;
  c.id = std::move(id);
  c.failed = failing(verdict);
  if (c.failed) c.failures.push_back({check, verdict, explanation});
  c.verdict = std::move(verdict);
  c.explanation = std::move(explanation);
  return c;
}

/// "line 3", "lines 3 and 7", "lines 3, 7 and 9".
std::string lineList(const std::vector<std::size_t>& lines) {
  std::string text = lines.size() == 1 ? "line " : "lines ";
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (k > 0) text += k + 1 == lines.size() ? " and " : ", ";
    text += std::to_string(lines[k]);
  }
  return text;
}

// --- reading ---------------------------------------------------------------------------------

struct ManifoldEntry {
  Line line;
  std::variant<ManifoldRecord, InputError> parsed;
  bool used = false;  ///< a case took it (judged, or named as ambiguous)
};

/// Every manifold line with an id, by id (a duplicated id keeps all its lines, in order).
using ManifoldFile = std::map<std::string, std::vector<ManifoldEntry>>;

/// Each line parsed, on `jobs` threads (parallel.h): the parses are independent.
template <class Parsed, class Parse>
std::vector<Parsed> parseAll(const std::vector<Line>& lines, unsigned jobs, const Parse& parse) {
  std::vector<Parsed> parsed(lines.size());
  forEachIndex(lines.size(), jobs, [&](std::size_t i) { parsed[i] = parse(lines[i].text); });
  return parsed;
}

ManifoldFile readManifolds(std::istream& in, const ManifoldReading& reading, CheckRun& run,
                           unsigned jobs) {
  ManifoldFile file;
  std::vector<Line> lines = readLines(in);
  auto parsedLines = parseAll<std::variant<ManifoldRecord, InputError>>(
      lines, jobs, [&](std::string_view text) { return parseManifold(text, reading); });
  for (std::size_t k = 0; k < lines.size(); ++k) {
    Line& line = lines[k];
    auto& parsed = parsedLines[k];
    std::string id;
    if (const auto* record = std::get_if<ManifoldRecord>(&parsed)) {
      id = record->id;
    } else {
      id = idOfLine(line.text).value_or("");
    }
    if (id.empty()) {
      const auto* e = std::get_if<InputError>(&parsed);
      run.problems.push_back("manifolds line " + std::to_string(line.number) + ": " +
                             (e ? e->describe() + " (no id: matched with no case)"
                                : std::string("no id: matched with no case")));
      continue;
    }
    file[id].push_back({std::move(line), std::move(parsed), false});
  }
  return file;
}

struct CaseEntry {
  Line line;
  std::variant<Case, InputError> parsed;
  std::string id;  ///< as given, or "line-N"; the readable id of a malformed line, or ""
};

std::vector<CaseEntry> readCaseEntries(std::istream& in, unsigned jobs) {
  std::vector<CaseEntry> entries;
  std::vector<Line> lines = readLines(in);
  auto parsedLines = parseAll<std::variant<Case, InputError>>(
      lines, jobs, [](std::string_view text) { return parseCase(text); });
  entries.reserve(lines.size());
  for (std::size_t k = 0; k < lines.size(); ++k) {
    Line& line = lines[k];
    auto& parsed = parsedLines[k];
    std::string id;
    if (auto* c = std::get_if<Case>(&parsed)) {
      if (c->id.empty()) c->id = "line-" + std::to_string(line.number);
      id = c->id;
    } else {
      id = idOfLine(line.text).value_or("");
    }
    entries.push_back({std::move(line), std::move(parsed), std::move(id)});
  }
  return entries;
}

/// Case line numbers by id.
std::map<std::string, std::vector<std::size_t>> caseLinesById(const std::vector<CaseEntry>& all) {
  std::map<std::string, std::vector<std::size_t>> lines;
  for (const CaseEntry& e : all) {
    if (!e.id.empty()) lines[e.id].push_back(e.line.number);
  }
  return lines;
}

std::vector<std::size_t> lineNumbers(const std::vector<ManifoldEntry>& entries) {
  std::vector<std::size_t> lines;
  for (const ManifoldEntry& e : entries)
    lines.push_back(e.line.number);
  return lines;
}

/// A problem for every id on more than one case line, or more than one manifold line of a
/// case; each counts once, through the verdicts of its cases.
void reportDuplicates(const std::map<std::string, std::vector<std::size_t>>& cases,
                      const ManifoldFile& manifolds, CheckRun& run) {
  for (const auto& [id, lines] : cases) {
    if (lines.size() > 1) {
      run.problems.push_back("cases " + lineList(lines) + " have the same id '" + id +
                             "': none of them is judged");
      ++run.caseProblems;
    }
    const auto found = manifolds.find(id);
    if (found != manifolds.end() && found->second.size() > 1) {
      run.problems.push_back("manifolds " + lineList(lineNumbers(found->second)) +
                             " have the same id '" + id + "': case " + lineList(lines) +
                             " is not judged against either");
      ++run.caseProblems;
    }
  }
}

// --- judging ---------------------------------------------------------------------------------

/// The reference's manifold on the case as the engine sees it (polygons grown by its skin).
std::optional<Manifold> expectedFor(const Case& c, const DeclaredConventions& conventions) {
  Conventions skin;
  skin.polygonSkin = conventions.skinRadius;
  const Manifold m = run(reference::kEngine, expectedCaseFor(c, skin), Options{conventions.margin});
  if (m.status == Status::unsupported || m.status == Status::error) return std::nullopt;
  return m;
}

CheckedCase judgeMatched(const Case& c, const ManifoldRecord& record, const SourceLines& source,
                         const DeclaredConventions& conventions) {
  if (record.manifold.status == Status::unsupported) {
    return make(c.id, "unsupported",
                "the engine answered unsupported" +
                    (record.reason.empty() ? std::string() : ": " + record.reason));
  }
  const Comparison r = judge(c, record, conventions, source);
  CheckedCase checked = make(c.id, std::string(outcomeName(r.outcome)), r.explanation);
  checked.failures.clear();
  for (const FailedCheck& f : r.failures)
    checked.failures.push_back({f.check, std::string(outcomeName(f.outcome)), f.explanation});
  checked.judged = true;
  return checked;
}

/// The verdict of a case whose id matched exactly one manifold line.
CheckedCase checkAgainst(const Case& c, const CaseEntry& entry, const ManifoldEntry& manifold,
                         const DeclaredConventions& conventions) {
  CheckedCase checked;
  const std::string where = "manifolds line " + std::to_string(manifold.line.number) + ": ";
  if (const auto* e = std::get_if<InputError>(&manifold.parsed)) {
    const bool nonFinite = e->message.find("finite") != std::string::npos;
    checked = make(c.id, nonFinite ? "non-finite" : "malformed-manifold", where + e->describe());
  } else {
    const auto& record = std::get<ManifoldRecord>(manifold.parsed);
    checked = judgeMatched(c, record, {entry.line.text, manifold.line.text}, conventions);
    checked.actual = record;
  }
  checked.manifoldLine = manifold.line.number;
  checked.manifoldText = manifold.line.text;
  return checked;
}

std::string pairOf(const Case& c) {
  return std::string(pairInfo(lookupPair(typeOf(c.a), typeOf(c.b)).id).name);
}

std::string rolesOf(const Case& c) {
  if (typeOf(c.a) == typeOf(c.b)) return "";
  return "A = " + std::string(shapeTypeName(typeOf(c.a)));
}

/// A judged failure's mechanism, named in its verdict: the diagnosis, and a line of the
/// explanation after its headline.
void diagnoseFailure(CheckedCase& checked, const DeclaredConventions& conventions) {
  if (!checked.failed || !checked.judged || !checked.c || !checked.actual) return;
  checked.mechanism = diagnose({*checked.c, checked.expected, *checked.actual, conventions});
  if (!checked.mechanism) return;
  const std::size_t headline = std::min(checked.explanation.find('\n'), checked.explanation.size());
  checked.explanation.insert(
      headline, "\n  mechanism: " + checked.mechanism->says + ": " + checked.mechanism->detail);
}

/// The manifold lines with the case's id (nullptr: none), marked as taken.
std::vector<ManifoldEntry>* takeMatches(const CaseEntry& entry, ManifoldFile& manifolds) {
  const auto found = manifolds.find(entry.id);
  if (entry.id.empty() || found == manifolds.end()) return nullptr;
  for (ManifoldEntry& m : found->second)
    m.used = true;
  return &found->second;
}

/// The verdict of one case line, against the manifold lines of its id (takeMatches). Reads
/// only: cases are judged on several threads.
CheckedCase checkOne(const CaseEntry& entry, const std::vector<std::size_t>& sameId,
                     const std::vector<ManifoldEntry>* matches,
                     const DeclaredConventions& conventions) {
  const std::size_t number = entry.line.number;
  CheckedCase checked;
  if (const auto* e = std::get_if<InputError>(&entry.parsed)) {
    checked = make(entry.id.empty() ? "line-" + std::to_string(number) : entry.id, "malformed-case",
                   "cases line " + std::to_string(number) + ": " + e->describe(), "case");
  } else {
    const Case& c = std::get<Case>(entry.parsed);
    if (sameId.size() > 1) {
      checked = make(c.id, "duplicate-id",
                     "cases " + lineList(sameId) + " have the same id '" + c.id +
                         "': which manifold answers which case is ambiguous, so none is judged",
                     "id");
    } else if (!matches) {
      checked = make(c.id, "missing-manifold", "no manifold line has id '" + c.id + "'");
    } else if (matches->size() > 1) {
      checked = make(c.id, "duplicate-id",
                     "manifolds " + lineList(lineNumbers(*matches)) + " have the same id '" + c.id +
                         "': which one answers case line " + std::to_string(number) +
                         " is ambiguous, so neither is judged",
                     "id");
    } else {
      checked = checkAgainst(c, entry, matches->front(), conventions);
    }
    checked.pair = pairOf(c);
    checked.roles = rolesOf(c);
    if (checked.failed) checked.expected = expectedFor(c, conventions);
    checked.c = c;
    diagnoseFailure(checked, conventions);
  }
  checked.caseLine = number;
  checked.caseText = entry.line.text;
  return checked;
}

// --- conventions: the ones the manifolds were made with --------------------------------------

/// The presets shipped in oracle/conventions/ (judge.h, conventionsPreset).
constexpr const char* kPresetNames[] = {"exact", "box2d-v3", "box2d-2.4.1", "box2d-2.4.1-noskin"};

/// A number as the shortest decimal that reads back exactly.
std::string number(double x) {
  return nlohmann::json(x).dump();
}

/// A set of pairs as a conventions file writes it: "all", or the names in the table's order.
std::string pairNames(PairSet pairs) {
  if (pairs == kAllPairs) return "\"all\"";
  std::string names;
  for (const PairInfo& p : kPairTable) {
    if (pairs & pairBit(p.id))
      names += (names.empty() ? "\"" : ", \"") + std::string(p.name) + "\"";
  }
  return "[" + names + "]";
}

/// Each key of a conventions file as text, in the file's spelling.
std::vector<std::pair<std::string, std::string>> keysOf(const DeclaredConventions& c) {
  const char* ids[] = {"false", "true", "\"withoutCircles\""};
  const char* idFormats[] = {"touche", "box2d-2", "box2d-v3", "opaque"};
  const char* points[] = {"midpoint", "onA", "onB", "either"};
  return {
      {"normal", c.normal == NormalDirection::aToB ? "AtoB" : "BtoA"},
      {"point", points[static_cast<int>(c.point)]},
      {"margin", number(c.margin)},
      {"skinRadius", number(c.skinRadius)},
      {"keepsPointsBeyondMargin", c.keepsPointsBeyondMargin ? "true" : "false"},
      {"precision", c.precision == Precision::float32 ? "float" : "double"},
      {"tieBand", number(c.tieBand)},
      {"compareIds", ids[static_cast<int>(c.compareIds)]},
      {"contactBand", number(c.contactBand)},
      {"faceNormalsOnly", c.faceNormalsOnly ? "true" : "false"},
      {"sidePlanesExtendedByRadius", c.sidePlanesExtendedByRadius ? "true" : "false"},
      {"insideEpsilon", number(c.insideEpsilon)},
      {"tieBandUnits", number(c.tieBandUnits)},
      {"relativeTieBand", number(c.relativeTieBand)},
      {"relativeTieBandOffset", number(c.relativeTieBandOffset)},
      {"capsuleTieBand", number(c.capsuleTieBand)},
      {"zeroNormalEpsilon", number(c.zeroNormalEpsilon)},
      {"chainOwnership", c.chainOwnership == ChainOwnership::v3 ? "v3" : "box2d-2.4.1"},
      {"relativeTieBandPairs", pairNames(c.relativeTieBandPairs)},
      {"pointNormals", c.pointNormals ? "true" : "false"},
      {"maxPoints", std::to_string(c.maxPoints)},
      {"pointSeparation", c.pointSeparation == PointSeparation::own ? "own" : "deepest"},
      {"circleSegments", std::to_string(c.circleSegments)},
      {"idFormat", idFormats[static_cast<int>(c.idFormat)]},
      {"dropsCornerTouches", c.dropsCornerTouches ? "true" : "false"},
  };
}

/// The preset whose conventions are `c`'s (margin aside when `withMargin` is false), or "".
std::string fittingPreset(const DeclaredConventions& c, bool withMargin) {
  for (const char* name : kPresetNames) {
    const auto preset = conventionsPreset(name);
    if (preset && conventionDifferences(*preset, c, withMargin).empty()) return name;
  }
  return "";
}

/// The differences, "skinRadius 0 vs 0.01; precision double vs float".
std::string describeDifferences(const std::vector<std::string>& differences) {
  std::string text;
  for (const std::string& d : differences)
    text += (text.empty() ? "" : "; ") + d;
  return text;
}

/// The warning for one (engine, conventions) declaration of the manifolds, or "". Names taken
/// from the files are quoted printable(): a warning goes to a terminal.
std::string mismatchWarning(std::size_t line, const std::string& engine,
                            const std::string& declaredConventions,
                            const DeclaredConventions& judged) {
  const std::string where = "manifolds line " + std::to_string(line) + ": ";
  const std::string judgedName = "'" + printable(judged.engine) + "'";
  if (!declaredConventions.empty()) {
    const auto preset = conventionsPreset(declaredConventions);
    if (!preset) {
      if (declaredConventions == judged.engine) return "";
      return where + "the manifolds declare conventions '" + printable(declaredConventions) +
             "' but are judged under " + judgedName;
    }
    const auto differences = conventionDifferences(*preset, judged, true);
    if (differences.empty()) return "";
    return where + "the manifolds declare the preset " + declaredConventions +
           " but are judged under " + judgedName +
           ", which differs (declared vs judged: " + describeDifferences(differences) +
           "): use --conventions " + declaredConventions;
  }
  const auto own = engineConventions(engine);
  if (!own) return "";
  const auto differences = conventionDifferences(*own, judged, false);
  if (differences.empty()) return "";
  const std::string fit = fittingPreset(*own, false);
  return where + "engine '" + engine + "' is one of touche's engines, and its conventions " +
         "differ from the judged " + judgedName + " (" + engine +
         " vs judged: " + describeDifferences(differences) + "): " +
         (fit.empty() ? "no preset fits it; a conventions file with its values does"
                      : "the preset that fits it is " + fit + " (--conventions " + fit + ")");
}

/// A warning for each distinct (engine, conventions) the manifold lines name whose
/// conventions differ from the judged ones.
void warnOnMismatch(const ManifoldFile& file, CheckRun& run) {
  std::map<std::pair<std::string, std::string>, std::size_t> firstLine;
  for (const auto& [id, entries] : file) {
    for (const ManifoldEntry& e : entries) {
      const auto* record = std::get_if<ManifoldRecord>(&e.parsed);
      if (!record) continue;
      auto [at, inserted] =
          firstLine.try_emplace({record->engine, record->conventions}, e.line.number);
      if (!inserted) at->second = std::min(at->second, e.line.number);
    }
  }
  for (const auto& [declared, line] : firstLine) {
    std::string w = mismatchWarning(line, declared.first, declared.second, run.conventions);
    if (!w.empty()) run.warnings.push_back(std::move(w));
  }
}

/// How many failures the preset hint re-judges at most (the first ones): it bounds the cost
/// of a run with many failures, and a sample that size shows a majority well enough.
constexpr std::size_t kHintSample = 200;

/// When most judged failures would pass under another preset, a warning saying which.
void hintPreset(CheckRun& run) {
  std::vector<const CheckedCase*> sample;
  for (const CheckedCase& c : run.cases) {
    if (c.failed && c.judged && c.c && c.actual && sample.size() < kHintSample) {
      sample.push_back(&c);
    }
  }
  if (sample.empty()) return;
  std::string best;
  int bestPasses = 0;
  for (const char* name : kPresetNames) {
    const auto preset = conventionsPreset(name);
    if (!preset || conventionDifferences(*preset, run.conventions, true).empty()) continue;
    int passes = 0;
    for (const CheckedCase* c : sample) {
      const SourceLines source{c->caseText, c->manifoldText};
      passes += isAcceptable(judge(*c->c, *c->actual, *preset, source).outcome) ? 1 : 0;
    }
    if (passes > bestPasses) best = name, bestPasses = passes;
  }
  if (2 * bestPasses <= static_cast<int>(sample.size())) return;
  const int failed =
      static_cast<int>(std::count_if(run.cases.begin(), run.cases.end(),
                                     [](const CheckedCase& c) { return c.failed && c.judged; }));
  run.warnings.push_back(std::to_string(bestPasses) + " of " +
                         (sample.size() < static_cast<std::size_t>(failed) ? "the first " : "") +
                         std::to_string(sample.size()) + " failures pass under the preset " + best +
                         ": were the manifolds made with its conventions? (--conventions " + best +
                         ")");
}

}  // namespace

std::vector<std::string> verdictOrder() {
  std::vector<std::string> order;
  for (int k = 0; k < kOutcomeCount; ++k)
    order.emplace_back(outcomeName(static_cast<Outcome>(k)));
  for (const char* extra :
       {"unsupported", "missing-manifold", "malformed-case", "malformed-manifold", "duplicate-id"})
    order.emplace_back(extra);
  return order;
}

std::optional<DeclaredConventions> engineConventions(std::string_view engine) {
  if (!findEngine(engine)) return std::nullopt;
  const Conventions c = conventionsFor(engine);
  DeclaredConventions d;
  d.engine = c.engine;
  d.skinRadius = c.polygonSkin;
  d.precision = c.precision;
  d.tieBand = c.tieBand;
  d.compareIds = !c.compareIds        ? IdComparison::none
                 : c.compareCircleIds ? IdComparison::all
                                      : IdComparison::withoutCircles;
  d.contactBand = c.contactBand;
  d.faceNormalsOnly = c.faceNormalOnly;
  d.sidePlanesExtendedByRadius = c.extendsSidePlanes;
  d.insideEpsilon = c.insideEpsilon;
  d.tieBandUnits = c.tieBandUnits;
  d.relativeTieBand = c.relativeTieBand;
  d.relativeTieBandOffset = c.relativeTieBandOffset;
  d.capsuleTieBand = c.capsuleTieBand;
  d.zeroNormalEpsilon = c.zeroNormalEpsilon;
  d.chainOwnership = c.chainOwnership;
  d.relativeTieBandPairs = c.relativeTieBandPairs;
  d.dropsCornerTouches = c.dropsCornerTouches;
  d.margin = c.fixedMargin;
  d.keepsPointsBeyondMargin = c.keepsPointsBeyondMargin;
  return d;
}

std::vector<std::string> conventionDifferences(const DeclaredConventions& a,
                                               const DeclaredConventions& b, bool withMargin) {
  const auto keysA = keysOf(a);
  const auto keysB = keysOf(b);
  std::vector<std::string> differences;
  for (std::size_t k = 0; k < keysA.size(); ++k) {
    if (keysA[k].first == "margin" && !withMargin) continue;
    if (keysA[k].second != keysB[k].second) {
      differences.push_back(keysA[k].first + " " + keysA[k].second + " vs " + keysB[k].second);
    }
  }
  return differences;
}

int CheckRun::failures() const {
  int n = 0;
  for (const CheckedCase& c : cases)
    n += c.failed ? 1 : 0;
  return n + static_cast<int>(problems.size()) - caseProblems;
}

int CheckRun::newFailures() const {
  int known = 0;
  for (const CheckedCase& c : cases)
    known += c.failed && c.baseline == "known" ? 1 : 0;
  return failures() - known;
}

int CheckRun::judged() const {
  int n = 0;
  for (const CheckedCase& c : cases)
    n += c.judged ? 1 : 0;
  return n;
}

int CheckRun::exitStatus() const {
  if (newFailures() > 0) return kExitFail;
  return judged() > 0 ? kExitPass : kExitNothingJudged;
}

CheckRun check(std::istream& cases, std::istream& manifolds, const DeclaredConventions& conventions,
               const Progress& progress, unsigned jobs) {
  CheckRun run;
  run.conventions = conventions;
  ManifoldFile file = readManifolds(manifolds, manifoldReading(conventions), run, jobs);
  const std::vector<CaseEntry> entries = readCaseEntries(cases, jobs);
  const auto linesById = caseLinesById(entries);
  reportDuplicates(linesById, file, run);
  static const std::vector<std::size_t> kNone;
  // Which manifold lines each case takes, in order; then the cases judged on `jobs` threads,
  // each verdict in its case's slot (the output does not depend on the threads).
  std::vector<const std::vector<std::size_t>*> sameIds(entries.size(), &kNone);
  std::vector<const std::vector<ManifoldEntry>*> matches(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto sameId = linesById.find(entries[i].id);
    if (sameId != linesById.end()) sameIds[i] = &sameId->second;
    matches[i] = takeMatches(entries[i], file);
  }
  run.cases.resize(entries.size());
  forEachIndex(
      entries.size(), jobs,
      [&](std::size_t i) {
        run.cases[i] = checkOne(entries[i], *sameIds[i], matches[i], conventions);
      },
      progress);
  for (const auto& [id, entriesOfId] : file) {
    if (entriesOfId.front().used) continue;
    const auto* e = std::get_if<InputError>(&entriesOfId.front().parsed);
    run.problems.push_back("manifolds " + lineList(lineNumbers(entriesOfId)) + ": " +
                           (e ? e->describe() + " (id '" + id + "' matches no case)"
                              : "id '" + id + "' matches no case"));
  }
  warnOnMismatch(file, run);
  hintPreset(run);
  return run;
}

std::variant<Baseline, InputError> readBaseline(std::istream& in) {
  Baseline baseline;
  for (const Line& line : readLines(in)) {
    const auto j = nlohmann::json::parse(line.text, nullptr, false);
    const std::string where = "line " + std::to_string(line.number);
    if (!j.is_object()) return InputError{where, "not a JSON object (expected a verdict line)"};
    const auto id = j.find("id");
    const auto verdict = j.find("verdict");
    if (id == j.end() || !id->is_string() || verdict == j.end() || !verdict->is_string()) {
      return InputError{where, "a verdict line needs a string \"id\" and a string \"verdict\""};
    }
    if (failing(verdict->get<std::string>())) {
      baseline.known[id->get<std::string>()].insert(verdict->get<std::string>());
    }
  }
  return baseline;
}

void applyBaseline(CheckRun& run, const Baseline& baseline) {
  BaselineResult result;
  std::map<std::string, std::vector<const CheckedCase*>> byId;
  for (CheckedCase& c : run.cases) {
    byId[c.id].push_back(&c);
    if (!c.failed) continue;
    const auto known = baseline.known.find(c.id);
    const bool isKnown = known != baseline.known.end() && known->second.count(c.verdict) > 0;
    c.baseline = isKnown ? "known" : "new";
    result.known += isKnown ? 1 : 0;
  }
  for (const auto& [id, verdicts] : baseline.known) {
    const auto found = byId.find(id);
    if (found == byId.end()) {
      result.absent.push_back(id);
      continue;
    }
    const bool passes = std::none_of(found->second.begin(), found->second.end(),
                                     [](const CheckedCase* c) { return c->failed; });
    if (!passes) continue;  // failing as listed (known), or otherwise (a new failure)
    for (const std::string& v : verdicts)
      result.fixed.push_back(id + " (was " + v + ")");
  }
  run.baseline = std::move(result);
}

std::string baselineLines(const CheckRun& run) {
  std::string text;
  for (const CheckedCase& c : run.cases) {
    if (!c.failed) continue;
    nlohmann::ordered_json j;
    j["id"] = c.id;
    j["verdict"] = c.verdict;
    text += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  return text;
}

std::string verdictLine(const CheckedCase& checked) {
  nlohmann::ordered_json j;
  j["id"] = checked.id;
  j["verdict"] = checked.verdict;
  j["explanation"] = checked.explanation;
  if (checked.failed) {
    nlohmann::ordered_json failures = nlohmann::ordered_json::array();
    for (const CheckFailure& f : checked.failures) {
      nlohmann::ordered_json one;
      one["check"] = f.check;
      one["verdict"] = f.verdict;
      one["explanation"] = f.explanation;
      failures.push_back(std::move(one));
    }
    j["failures"] = std::move(failures);
    if (!checked.baseline.empty()) j["baseline"] = checked.baseline;
    if (checked.mechanism) {
      nlohmann::ordered_json mechanism;
      mechanism["name"] = checked.mechanism->name;
      mechanism["says"] = checked.mechanism->says;
      mechanism["detail"] = checked.mechanism->detail;
      j["mechanism"] = std::move(mechanism);
    }
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::map<std::string, std::map<std::string, int>> countsByPair(const CheckRun& run) {
  std::map<std::string, std::map<std::string, int>> counts;
  for (const CheckedCase& c : run.cases)
    ++counts[c.pair][c.verdict];
  return counts;
}

/// The pairs in the pair table's order, then "-" (cases that did not parse).
std::vector<std::string> pairOrder(
    const std::map<std::string, std::map<std::string, int>>& byPair) {
  std::vector<std::string> order;
  for (const PairInfo& p : kPairTable) {
    if (byPair.count(std::string(p.name))) order.emplace_back(p.name);
  }
  if (byPair.count("-")) order.emplace_back("-");
  return order;
}

namespace {

/// How many core vertices the case's shapes have (a circle 1, a segment 2); a case that did
/// not parse counts as the largest.
std::size_t vertexCount(const CheckedCase& c) {
  if (!c.c) return std::numeric_limits<std::size_t>::max();
  const auto count = [](const Shape& s) -> std::size_t {
    if (const auto* p = std::get_if<Polygon>(&s)) return static_cast<std::size_t>(p->count);
    return std::holds_alternative<Circle>(s) ? 1 : 2;
  };
  return count(c.c->a) + count(c.c->b);
}

/// Whether case `a` is smaller than `b`: fewer vertices, then a shorter case line (simpler
/// numbers), then earlier.
bool smaller(const CheckedCase& a, const CheckedCase& b) {
  const auto key = [](const CheckedCase& c) {
    return std::tuple{vertexCount(c), c.caseText.size(), c.caseLine};
  };
  return key(a) < key(b);
}

}  // namespace

std::size_t Cluster::count() const {
  std::size_t n = 0;
  for (const ClusterPart& p : parts)
    n += p.cases.size();
  return n;
}

std::vector<Cluster> failureClusters(const CheckRun& run) {
  std::map<std::string, Cluster> byKey;
  std::map<std::string, std::map<std::pair<std::string, std::string>, std::vector<std::size_t>>>
      partsByKey;
  for (std::size_t i = 0; i < run.cases.size(); ++i) {
    const CheckedCase& c = run.cases[i];
    if (!c.failed) continue;
    const bool explained = c.mechanism.has_value();
    const std::string key = (explained ? "m:" : "v:") + (explained ? c.mechanism->says : c.verdict);
    Cluster& cluster = byKey[key];
    if (cluster.says.empty()) {
      cluster.explained = explained;
      cluster.says = explained ? c.mechanism->says : c.verdict + " (no mechanism found)";
      cluster.name = explained ? c.mechanism->name : c.verdict;
      cluster.smallest = i;
    } else if (smaller(c, run.cases[cluster.smallest])) {
      cluster.smallest = i;
    }
    partsByKey[key][{c.pair, c.roles}].push_back(i);
  }
  std::vector<Cluster> clusters;
  for (auto& [key, cluster] : byKey) {
    for (auto& [pairRoles, cases] : partsByKey[key])
      cluster.parts.push_back({pairRoles.first, pairRoles.second, std::move(cases)});
    std::stable_sort(
        cluster.parts.begin(), cluster.parts.end(),
        [](const ClusterPart& a, const ClusterPart& b) { return a.cases.size() > b.cases.size(); });
    clusters.push_back(std::move(cluster));
  }
  std::stable_sort(clusters.begin(), clusters.end(), [](const Cluster& a, const Cluster& b) {
    if (a.count() != b.count()) return a.count() > b.count();
    return a.explained && !b.explained;
  });
  return clusters;
}

std::string clusterLine(const Cluster& cluster) {
  const std::size_t n = cluster.count();
  std::string line = std::to_string(n) + (n == 1 ? " case, " : " cases, ");
  for (std::size_t k = 0; k < cluster.parts.size(); ++k) {
    const ClusterPart& p = cluster.parts[k];
    if (k > 0) line += k + 1 == cluster.parts.size() ? " and " : ", ";
    line += p.pair == "-" ? std::string("unparsed case lines")
                          : p.pair + (p.roles.empty() ? "" : " with " + p.roles);
    if (cluster.parts.size() > 1) line += " (" + std::to_string(p.cases.size()) + ")";
  }
  return line + ": " + cluster.says;
}

namespace {

/// Rows of pairs, a column per verdict that occurs (failing ones marked with *).
void pairTable(std::ostringstream& out, const CheckRun& run) {
  const auto byPair = countsByPair(run);
  std::map<std::string, int> total;
  for (const CheckedCase& c : run.cases)
    ++total[c.verdict];
  std::vector<std::string> columns;
  for (const std::string& v : verdictOrder()) {
    if (total[v] > 0) columns.push_back(v);
  }
  char cell[64];
  std::snprintf(cell, sizeof cell, "%-26s", "pair \\ verdict");
  out << cell;
  for (const std::string& v : columns)
    out << "  " << v << (failing(v) ? "*" : "");
  out << "\n";
  for (const std::string& pair : pairOrder(byPair)) {
    std::snprintf(cell, sizeof cell, "%-26s", pair.c_str());
    out << cell;
    for (const std::string& v : columns) {
      const auto n = byPair.at(pair).find(v);
      const int width = static_cast<int>(v.size() + (failing(v) ? 1 : 0)) + 2;
      std::snprintf(cell, sizeof cell, "%*d", width, n == byPair.at(pair).end() ? 0 : n->second);
      out << cell;
    }
    out << "\n";
  }
}

}  // namespace

std::string baselineAccount(const CheckRun& run) {
  if (!run.baseline) return "";
  const BaselineResult& b = *run.baseline;
  std::ostringstream out;
  out << "baseline: " << b.known << " known failure" << (b.known == 1 ? "" : "s") << " still fail"
      << (b.known == 1 ? "s" : "") << ", " << run.newFailures() << " new";
  if (!b.fixed.empty()) {
    out << "; " << b.fixed.size() << " known failure" << (b.fixed.size() == 1 ? "" : "s")
        << " no longer fail" << (b.fixed.size() == 1 ? "s" : "") << ":";
    for (const std::string& f : b.fixed)
      out << " " << printable(f);
    out << " (--write-baseline records it)";
  }
  if (!b.absent.empty()) {
    out << "; " << b.absent.size() << " known failure" << (b.absent.size() == 1 ? " has" : "s have")
        << " no case in this run:";
    for (const std::string& id : b.absent)
      out << " " << printable(id);
  }
  return out.str();
}

std::string resultLine(const CheckRun& run) {
  const std::string count = std::to_string(run.cases.size());
  const std::string n = count + (run.cases.size() == 1 ? " case" : " cases");
  const std::string judged = "; " + std::to_string(run.judged()) + " of " + count + " judged";
  const int status = run.exitStatus();
  if (status == kExitNothingJudged) return n + ": NOTHING JUDGED" + judged;
  if (!run.baseline) {
    return n + ": " +
           (status == kExitPass ? "PASS"
                                : "FAIL (" + std::to_string(run.failures()) + " failing)") +
           judged;
  }
  const std::string known = std::to_string(run.baseline->known) + " known";
  return n + ": " +
         (status == kExitPass
              ? "PASS (" + known + " failing, none new)"
              : "FAIL (" + std::to_string(run.newFailures()) + " new failing, " + known + ")") +
         judged;
}

std::string summaryTable(const CheckRun& run) {
  std::map<std::string, int> counts;
  for (const CheckedCase& c : run.cases)
    ++counts[c.verdict];
  std::ostringstream out;
  out << "touche check: " << run.conventions.engine << " conventions\n";
  const std::vector<Cluster> clusters = failureClusters(run);
  if (!clusters.empty()) {
    out << "failure clusters (" << clusters.size() << "):\n";
    for (const Cluster& cluster : clusters) {
      out << "  " << clusterLine(cluster)
          << " (smallest: " << printable(run.cases[cluster.smallest].id) << ")\n";
    }
  }
  for (const std::string& w : run.warnings)
    out << "warning: " << w << "\n";
  char row[96];
  std::snprintf(row, sizeof row, "%-20s %8s\n", "verdict", "cases");
  out << row;
  for (const std::string& verdict : verdictOrder()) {
    std::snprintf(row, sizeof row, "%-20s %8d%s\n", verdict.c_str(), counts[verdict],
                  failing(verdict) && counts[verdict] ? "  FAIL" : "");
    out << row;
  }
  if (!run.cases.empty()) pairTable(out, run);
  for (const std::string& p : run.problems)
    out << p << "\n";
  if (run.baseline) out << baselineAccount(run) << "\n";
  out << resultLine(run) << "\n";
  return out.str();
}

}  // namespace touche::oracle
