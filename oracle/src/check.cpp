// touche — `touche check` (check.h): read, match by id, judge, report — a block of cases at a
// time, so that a trace of millions of cases is judged in memory bounded by the block, the
// report's sample and a few bytes per id (docs/validating-your-engine.md, "Large traces").
#include "touche/oracle/check.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cstdio>
#include <deque>
#include <future>
#include <nlohmann/json.hpp>
#include <sstream>

#include "check_run.h"
#include "id_matching.h"
#include "line_blocks.h"
#include "parallel.h"
#include "touche/core/pairs.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/id_stability.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

/// A verdict judge() did not give: `check` names what failed ("manifold", "case", "id").
CheckedCase make(std::string id, std::string verdict, std::string explanation,
                 const char* check = "manifold") {
  CheckedCase c;
  c.id = std::move(id);
  c.failed = failingVerdict(verdict);
  if (c.failed) c.failures.push_back({check, verdict, explanation});
  c.verdict = std::move(verdict);
  c.explanation = std::move(explanation);
  return c;
}

std::string lineName(std::size_t number) {
  return "line-" + std::to_string(number);
}

/// The problem of manifold lines whose id no case has; `error` is the first line's, if any.
std::string unmatchedProblem(const std::vector<std::size_t>& lines, const std::string& id,
                             const InputError* error) {
  return "manifolds " + lineList(lines) + ": " +
         (error ? error->describe() + " (id '" + id + "' matches no case)"
                : "id '" + id + "' matches no case");
}

// --- judging ---------------------------------------------------------------------------------

/// One case line with what it is judged against, and what judging it made.
struct WorkItem {
  Line caseLine;
  CaseLineId id;                         ///< the id it was matched by
  std::optional<Line> manifold;          ///< the manifold line of its id, when one was taken
  const RepeatedId* repeated = nullptr;  ///< its id's lines, when given twice in a file
  CheckedCase checked;
  std::string verdictText;   ///< its verdict line
  std::string baselineText;  ///< its baseline line, when it fails
  /// The parsed manifold's (engine, conventions), for the warnings.
  std::optional<std::pair<std::string, std::string>> declared;
  /// The case line turned out to have no id: the manifold taken for "line-N" matches no case.
  std::string unmatched;
  /// Some case line names this case as its original ("movedFrom"; set when read).
  bool original = false;
  /// The case's "movedFrom", when it parsed.
  std::string movedFrom;
  /// Its points for the stability of ids (id_stability.h), when that is judged and the case is
  /// an original or a moved copy.
  std::optional<StabilityRecord> stability;
};

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

/// The verdict of a case whose id matched exactly one manifold line, parsed as `parsed`.
CheckedCase checkAgainst(const Case& c, const std::string& caseText, const Line& manifold,
                         std::variant<ManifoldRecord, InputError>& parsed,
                         const DeclaredConventions& conventions) {
  CheckedCase checked;
  const std::string where = "manifolds line " + std::to_string(manifold.number) + ": ";
  if (const auto* e = std::get_if<InputError>(&parsed)) {
    const bool nonFinite = e->message.find("finite") != std::string::npos;
    checked = make(c.id, nonFinite ? "non-finite" : "malformed-manifold", where + e->describe());
  } else {
    auto& record = std::get<ManifoldRecord>(parsed);
    checked = judgeMatched(c, record, {caseText, manifold.text}, conventions);
    checked.actual = std::move(record);
  }
  checked.manifoldLine = manifold.number;
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

/// The verdict of a case line that parsed, against its manifold line (or its id's repeats).
CheckedCase checkParsed(Case& c, WorkItem& item,
                        std::optional<std::variant<ManifoldRecord, InputError>>& manifold,
                        const DeclaredConventions& conventions) {
  const std::size_t number = item.caseLine.number;
  const RepeatedId* repeated = item.repeated;
  if (repeated && repeated->caseLines.size() > 1) {
    return make(c.id, "duplicate-id",
                "cases " + lineList(repeated->caseLines) + " have the same id '" + c.id +
                    "': which manifold answers which case is ambiguous, so none is judged",
                "id");
  }
  if (repeated && repeated->manifoldLines.size() > 1) {
    return make(c.id, "duplicate-id",
                "manifolds " + lineList(repeated->manifoldLines) + " have the same id '" + c.id +
                    "': which one answers case line " + std::to_string(number) +
                    " is ambiguous, so neither is judged",
                "id");
  }
  if (!item.manifold) {
    return make(c.id, "missing-manifold", "no manifold line has id '" + c.id + "'");
  }
  return checkAgainst(c, item.caseLine.text, *item.manifold, *manifold, conventions);
}

/// Why case line `number` is no collision case: its first problem, or, when it is a case of
/// another command (a bounce scene, a cast case, a response case), that command.
std::string malformedCase(std::size_t number, std::string_view text, const InputError& error) {
  const std::string other = otherKindOfLine(text, LineKind::collisionCase);
  return "cases line " + std::to_string(number) + ": " + (other.empty() ? error.describe() : other);
}

/// Judges one case line (on any thread: reads only what is shared) and writes its verdict
/// line, marked by `baseline` when there is one.
void judgeItem(WorkItem& item, const DeclaredConventions& conventions,
               const ManifoldReading& reading, const BaselineTracker* baseline, bool write) {
  const std::size_t number = item.caseLine.number;
  std::optional<std::variant<ManifoldRecord, InputError>> manifold;
  if (item.manifold) {
    manifold = parseManifold(item.manifold->text, reading);
    if (const auto* record = std::get_if<ManifoldRecord>(&*manifold)) {
      item.declared.emplace(record->engine, record->conventions);
    }
  }
  std::variant<Case, InputError> parsed = parseCase(item.caseLine.text);
  CheckedCase checked;
  if (const auto* e = std::get_if<InputError>(&parsed)) {
    const std::string id = item.id.tentative ? "" : item.id.id;
    checked = make(id.empty() ? lineName(number) : id, "malformed-case",
                   malformedCase(number, item.caseLine.text, *e), "case");
    if (item.id.tentative && item.manifold) {
      item.unmatched = unmatchedProblem({item.manifold->number}, item.id.id,
                                        std::get_if<InputError>(&*manifold));
    }
  } else {
    Case& c = std::get<Case>(parsed);
    if (c.id.empty()) c.id = lineName(number);
    checked = checkParsed(c, item, manifold, conventions);
    item.movedFrom = c.movedFrom;
    if ((item.original || !c.movedFrom.empty()) && stabilityJudged(conventions, c)) {
      item.stability = checked.judged && checked.actual
                           ? stabilityRecord(c, *checked.actual, conventions)
                           : StabilityRecord{};
    }
    checked.pair = pairOf(c);
    checked.roles = rolesOf(c);
    if (checked.failed) checked.expected = expectedFor(c, conventions);
    checked.c = std::move(c);
    diagnoseFailure(checked, conventions);
  }
  checked.caseLine = number;
  checked.caseText = std::move(item.caseLine.text);
  if (checked.manifoldLine) checked.manifoldText = std::move(item.manifold->text);
  if (baseline) baseline->mark(checked);
  if (write) {
    item.verdictText = verdictLine(checked) + "\n";
    if (checked.failed) item.baselineText = baselineLine(checked) + "\n";
  }
  item.checked = std::move(checked);
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

}  // namespace

/// Names taken from the files are quoted printable(): a warning goes to a terminal.
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

/// Whether a failure of the case is an id that names no feature: broken under any conventions,
/// not a difference of them (a preset that compares no ids would pass it unread).
bool namesNoFeature(const CheckedCase& c) {
  return std::any_of(c.failures.begin(), c.failures.end(), [](const CheckFailure& f) {
    return f.verdict == "wrong-id" &&
           f.explanation.substr(0, f.explanation.find('\n')) == kIdNamesNoFeature;
  });
}

std::string presetHint(const std::vector<CheckedCase>& sample, std::size_t failed,
                       const DeclaredConventions& conventions) {
  if (sample.empty()) return "";
  std::string best;
  int bestPasses = 0;
  for (const char* name : kPresetNames) {
    const auto preset = conventionsPreset(name);
    if (!preset || conventionDifferences(*preset, conventions, true).empty()) continue;
    int passes = 0;
    for (const CheckedCase& c : sample) {
      if (namesNoFeature(c)) continue;
      const SourceLines source{c.caseText, c.manifoldText};
      passes += isAcceptable(judge(*c.c, *c.actual, *preset, source).outcome) ? 1 : 0;
    }
    if (passes > bestPasses) best = name, bestPasses = passes;
  }
  if (2 * bestPasses <= static_cast<int>(sample.size())) return "";
  return std::to_string(bestPasses) + " of " + (sample.size() < failed ? "the first " : "") +
         std::to_string(sample.size()) + " failures pass under the preset " + best +
         ": were the manifolds made with its conventions? (--conventions " + best + ")";
}

std::vector<std::string> verdictOrder() {
  std::vector<std::string> order;
  for (int k = 0; k < kOutcomeCount; ++k)
    order.emplace_back(outcomeName(static_cast<Outcome>(k)));
  for (const char* extra : {"unsupported", "missing-manifold", "malformed-case",
                            "malformed-manifold", "duplicate-id", "unstable-id"})
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

namespace {

/// The problem of a manifold line without an id (it answers no case).
std::string withoutIdProblem(const Line& line, const ManifoldReading& reading) {
  const auto parsed = parseManifold(line.text, reading);
  const auto* e = std::get_if<InputError>(&parsed);
  return "manifolds line " + std::to_string(line.number) + ": " +
         (e ? e->describe() + " (no id: matched with no case)"
            : std::string("no id: matched with no case"));
}

/// The problems of ids given twice, in the order of the ids: each counts through the verdicts
/// of its cases.
void repeatedProblems(const Repeats& repeats, ProblemList& problems) {
  for (const auto& [id, r] : repeats.byId) {
    if (r.caseLines.size() > 1) {
      problems.add("cases " + lineList(r.caseLines) + " have the same id '" + id +
                   "': none of them is judged");
    }
    if (r.manifoldLines.size() > 1 && !r.caseLines.empty()) {
      const bool oneCase = r.caseLines.size() == 1;
      problems.add("manifolds " + lineList(r.manifoldLines) + " have the same id '" + id +
                   "': case " + lineList(r.caseLines) + (oneCase ? " is" : " are") +
                   " not judged against " +
                   (r.manifoldLines.size() == 2 ? "either" : "any of them"));
    }
  }
}

/// One run of checkStream: the readings of both files and what they found.
class Checker {
 public:
  Checker(std::istream& cases, std::istream& manifolds, const DeclaredConventions& conventions,
          const CheckOptions& options)
      : caseInput_(cases),
        manifoldInput_(manifolds),
        conventions_(conventions),
        reading_(manifoldReading(conventions)),
        options_(options),
        builder_(run_, options.baseline, options.keepCases) {
    run_.conventions = conventions;
    if (options.baseline) marks_.emplace(*options.baseline);
  }

  CheckRun run(const TextSink& verdicts, const TextSink& baselineLines) {
    readIds();
    confirmRepeats();
    judgeAll(verdicts, baselineLines);
    if (run_.stopped) return std::move(run_);
    matcher_->finish();
    run_.manifoldsIndexed = matcher_->indexed();
    builder_.finish(withoutId_, repeated_, unmatched_, links_);
    return std::move(run_);
  }

 private:
  /// The first reading: every line's id (id_matching.h).
  void readIds() {
    BlockLineReader cases = caseInput_.firstReading();
    BlockLineReader manifolds = manifoldInput_.firstReading();
    census_ = takeCensus(cases, manifolds, [&](const Line& line) {
      withoutId_.add(withoutIdProblem(line, reading_));
    });
  }

  /// A manifold line parsed for its declared conventions; its error, if any.
  std::optional<InputError> declare(const Line& line) {
    auto parsed = parseManifold(line.text, reading_);
    if (const auto* record = std::get_if<ManifoldRecord>(&parsed)) {
      builder_.declared(record->engine, record->conventions, line.number);
      return std::nullopt;
    }
    return std::get<InputError>(std::move(parsed));
  }

  /// The second reading, when a hash repeats: which ids are given twice, exactly.
  void confirmRepeats() {
    if (census_.repeated.empty()) return;
    BlockLineReader cases(caseInput_.replay());
    BlockLineReader manifolds(manifoldInput_.replay());
    repeats_ = oracle::confirmRepeats(
        census_, cases, manifolds,
        [&](const Line& line, const std::string& id, const RepeatedId& r) {
          const std::optional<InputError> error = declare(line);
          if (r.caseLines.empty() && line.number == r.manifoldLines.front()) {
            unmatched_.addKeyed(id,
                                unmatchedProblem(r.manifoldLines, id, error ? &*error : nullptr));
          }
        });
    repeatedProblems(repeats_, repeated_);
  }

  /// The next block of case lines, each with its manifold line; false at the end.
  bool readBlock(BlockLineReader& cases, std::vector<WorkItem>& block) {
    block.clear();
    block.reserve(std::min(std::max<std::size_t>(options_.blockCases, 1), census_.caseLines));
    for (Line line;
         block.size() < std::max<std::size_t>(options_.blockCases, 1) && cases.next(line);) {
      WorkItem& item = block.emplace_back();
      item.id = caseLineId(line, repeats_);
      item.caseLine = std::move(line);
      if (item.id.id.empty()) continue;
      item.repeated = repeats_.find(item.id.id);
      if (!item.repeated) item.manifold = matcher_->take(item.id.id);
      item.original = census_.originals.contains(idHash(item.id.id));
    }
    return !block.empty();
  }

  /// Judges a block on the threads: now (one thread), or on its own thread (more), so that the
  /// calling thread reads the next block and writes the one before meanwhile.
  std::future<void> judge(std::vector<WorkItem>& block, bool write) {
    const BaselineTracker* marks = marks_ ? &*marks_ : nullptr;
    const auto policy = threadCount(options_.jobs) > 1 ? std::launch::async : std::launch::deferred;
    return std::async(policy, [this, &block, marks, write] {
      forEachIndex(block.size(), options_.jobs, [&](std::size_t i) {
        judgeItem(block[i], conventions_, reading_, marks, write);
      });
    });
  }

  /// Adds a judged block to the run in order and writes its lines; false when a sink refused
  /// them.
  bool add(std::vector<WorkItem>& block, const TextSink& verdicts, const TextSink& baselineLines) {
    std::string text, baselineText;
    for (WorkItem& item : block) {
      if (item.declared) {
        builder_.declared(item.declared->first, item.declared->second, item.manifold->number);
      }
      if (!item.unmatched.empty()) unmatched_.addKeyed(item.id.id, std::move(item.unmatched));
      judgeStability(item);
      text += item.verdictText;
      baselineText += item.baselineText;
      builder_.add(item.checked);
    }
    if ((verdicts && !verdicts(text)) ||
        (baselineLines && !baselineText.empty() && !baselineLines(baselineText))) {
      return false;
    }
    if (options_.progress) options_.progress(run_.caseCount, census_.caseLines);
    return true;
  }

  /// A moved copy's ids against its original's (kept for kStabilityWindow case lines), in the
  /// order of the cases; then the case kept, if some copy names it.
  void judgeStability(WorkItem& item) {
    if (!item.stability) return;
    const std::size_t line = item.caseLine.number;
    if (!item.movedFrom.empty()) {
      const auto found = originals_.find(item.movedFrom);
      if (found == originals_.end()) {
        links_.add("cases line " + std::to_string(line) + ": movedFrom '" + item.movedFrom +
                   "' names no case on the " + std::to_string(kStabilityWindow) +
                   " case lines before it: the stability of its ids is not judged");
      } else {
        const std::string original =
            "case '" + item.movedFrom + "' (line " + std::to_string(found->second.line) + ")";
        const auto failures = compareStability(found->second.record, original, *item.stability);
        if (!failures.empty()) unstable(item, failures);
      }
    }
    if (!item.original) return;
    originals_[item.checked.id] = {std::move(*item.stability), line};
    kept_.emplace_back(line, item.checked.id);
    while (!kept_.empty() && kept_.front().first + kStabilityWindow < line) {
      const auto at = originals_.find(kept_.front().second);
      if (at != originals_.end() && at->second.line == kept_.front().first) originals_.erase(at);
      kept_.pop_front();
    }
  }

  /// A case whose ids are not stable: a failure of each point, the verdict unstable-id when it
  /// passed otherwise; its lines written again.
  void unstable(WorkItem& item, const std::vector<StabilityFailure>& failures) {
    CheckedCase& checked = item.checked;
    std::string notes;
    for (const StabilityFailure& f : failures) {
      const std::string check = "points[" + std::to_string(f.point) + "].id";
      checked.failures.push_back(
          {check, "unstable-id", "unstable-id: " + f.headline + "\n  " + f.note});
      notes += "\n  " + f.note;
    }
    if (!checked.failed) {
      checked.explanation = "unstable-id: " + failures.front().headline + notes +
                            (checked.explanation.empty() ? "" : "\n" + checked.explanation);
      checked.verdict = "unstable-id";
      checked.failed = true;
    } else {
      checked.explanation += "\n  also points[" + std::to_string(failures.front().point) +
                             "].id: unstable-id: " + failures.front().headline + notes;
    }
    if (marks_) marks_->mark(checked);
    if (!item.verdictText.empty()) {
      item.verdictText = verdictLine(checked) + "\n";
      item.baselineText = baselineLine(checked) + "\n";
    }
  }

  /// The third reading: the blocks read, judged and added in order — with more than one
  /// thread, each block read while the one before is judged, and added while the next is.
  void judgeAll(const TextSink& verdicts, const TextSink& baselineLines) {
    matcher_.emplace(manifoldInput_.replay(), census_, repeats_, options_.lookaheadLines,
                     [&](Line&& line, const std::string& id) {
                       const std::optional<InputError> error = declare(line);
                       unmatched_.addKeyed(
                           id, unmatchedProblem({line.number}, id, error ? &*error : nullptr));
                     });
    BlockLineReader cases(caseInput_.replay());
    const bool write = static_cast<bool>(verdicts);
    std::array<std::vector<WorkItem>, 2> blocks;
    if (!readBlock(cases, blocks[0])) return;
    std::future<void> judging = judge(blocks[0], write);
    for (std::size_t current = 0;; current = 1 - current) {
      std::vector<WorkItem>& next = blocks[1 - current];
      const bool more = readBlock(cases, next);
      judging.get();
      if (more) judging = judge(next, write);
      if (!add(blocks[current], verdicts, baselineLines)) {
        run_.stopped = true;
        return;  // a block still being judged is waited for (std::async's future)
      }
      if (!more) return;
    }
  }

  ReplayableInput caseInput_, manifoldInput_;
  const DeclaredConventions& conventions_;
  const ManifoldReading reading_;
  const CheckOptions& options_;
  CheckRun run_;
  RunBuilder builder_;
  std::optional<BaselineTracker> marks_;
  IdCensus census_;
  Repeats repeats_;
  std::optional<ManifoldMatcher> matcher_;
  ProblemList withoutId_, repeated_, unmatched_, links_;
  /// The originals of moved copies seen in the last kStabilityWindow case lines: their points
  /// and line, and in the order kept, to let them go.
  struct Original {
    StabilityRecord record;
    std::size_t line = 0;
  };
  std::unordered_map<std::string, Original> originals_;
  std::deque<std::pair<std::size_t, std::string>> kept_;
};

}  // namespace

CheckRun checkStream(std::istream& cases, std::istream& manifolds,
                     const DeclaredConventions& conventions, const CheckOptions& options,
                     const TextSink& verdicts, const TextSink& baselineLines) {
  Checker checker(cases, manifolds, conventions, options);
  return checker.run(verdicts, baselineLines);
}

CheckRun check(std::istream& cases, std::istream& manifolds, const DeclaredConventions& conventions,
               const Progress& progress, unsigned jobs) {
  CheckOptions options;
  options.jobs = jobs;
  options.progress = progress;
  options.keepCases = true;
  return checkStream(cases, manifolds, conventions, options, {});
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
    if (failingVerdict(verdict->get<std::string>())) {
      baseline.known[id->get<std::string>()].insert(verdict->get<std::string>());
    }
  }
  return baseline;
}

std::string baselineLine(const CheckedCase& checked) {
  if (!checked.failed) return "";
  nlohmann::ordered_json j;
  j["id"] = checked.id;
  j["verdict"] = checked.verdict;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string baselineLines(const CheckRun& run) {
  std::string text;
  for (const CheckedCase& c : run.cases) {
    if (c.failed) text += baselineLine(c) + "\n";
  }
  return text;
}

namespace {

/// Text that JSON writes as it is: printable ASCII other than '"' and '\\'.
bool plainText(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return c >= 0x20 && c <= 0x7E && c != '"' && c != '\\'; });
}

}  // namespace

std::string verdictLine(const CheckedCase& checked) {
  // Most lines: a passing case with a plain id and no explanation, written as the JSON
  // writer below would write it.
  if (!checked.failed && plainText(checked.id) && plainText(checked.verdict) &&
      plainText(checked.explanation)) {
    std::string line = "{\"id\":\"";
    line.append(checked.id).append("\",\"verdict\":\"").append(checked.verdict);
    return line.append("\",\"explanation\":\"").append(checked.explanation).append("\"}");
  }
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

}  // namespace touche::oracle
