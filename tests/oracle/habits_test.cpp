// judge() on what real engines write (docs/conventions.md, "Engines' habits"): per-point
// normals, more than two points, points on either surface, one shared depth, circles as
// polygons, the relative band on any pair. Each habit passes when declared, fails when not
// (so the key is what makes it pass), and a bug planted in the habit is still caught.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>

#include "golden_cases.h"
#include "records.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/judge.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;

using test::preset;

DeclaredConventions declared(const std::string& json) {
  auto parsed = parseConventions(json);
  if (auto* e = std::get_if<InputError>(&parsed)) ADD_FAILURE() << json << ": " << e->describe();
  return std::get<DeclaredConventions>(parsed);
}

/// A manifold line written as an engine with these habits writes it: each point given as
/// (point, separation, its own normal or none, its id as JSON text or none).
std::string lineOf(const std::string& id, std::optional<Vec2> normal,
                   const std::vector<ReportedPoint>& points) {
  ManifoldRecord r;
  r.id = id;
  r.engine = "habits";
  r.manifold.status = Status::contact;
  r.hasNormal = normal.has_value();
  r.manifold.normal = normal.value_or(Vec2{});
  r.points = points;
  return formatManifold(r);
}

ReportedPoint pointOf(Vec2 x, double separation, std::optional<Vec2> normal = std::nullopt,
                      std::string id = "") {
  ReportedPoint p;
  p.point = x;
  p.separation = separation;
  p.normal = normal;
  p.id = std::move(id);
  return p;
}

/// judge() of a manifold line read for these conventions; a line that does not read is
/// reported as malformed.
Comparison judgeLine(const Case& c, const std::string& line, const DeclaredConventions& conv) {
  auto parsed = parseManifold(line, manifoldReading(conv));
  if (auto* e = std::get_if<InputError>(&parsed)) {
    Comparison malformed;
    malformed.outcome = Outcome::statusMismatch;
    malformed.explanation = "malformed: " + e->describe();
    return malformed;
  }
  return judge(c, std::get<ManifoldRecord>(parsed), conv);
}

/// The checks that failed, "normal points[1].normal ...".
std::string failedChecks(const Comparison& r) {
  std::string text;
  for (const FailedCheck& f : r.failures)
    text += (text.empty() ? "" : " ") + f.check;
  return text;
}

const Case kBoxes = golden::boxesCase();
constexpr Vec2 kUp{0, 1};

// --- 1. per-point normals --------------------------------------------------------------------

TEST(PointNormals, EachPointsOwnNormalIsJudgedWhenDeclared) {
  const DeclaredConventions own = declared(R"({"pointNormals": true})");
  const DeclaredConventions plain = preset("exact");
  // The right manifold, each point with its own (the same) normal; with and without the
  // manifold's normal.
  const ReportedPoint p0 = pointOf({-0.25, 0.95}, -0.1, kUp);
  const ReportedPoint p1 = pointOf({0.75, 0.95}, -0.1, kUp);
  EXPECT_EQ(judgeLine(kBoxes, lineOf("boxes", kUp, {p0, p1}), own).outcome, Outcome::agree);
  EXPECT_EQ(judgeLine(kBoxes, lineOf("boxes", std::nullopt, {p0, p1}), own).outcome,
            Outcome::agree);
  // Point 1's normal turned by 0.1 rad: the separation along it is short of the best by
  // about 0.5·0.1 = 0.05 (B's corner swings down) — and it is no longer the manifold's.
  ReportedPoint tilted = p1;
  tilted.normal = rotate(rotFromAngle(0.1), kUp);
  const Comparison withManifoldNormal = judgeLine(kBoxes, lineOf("boxes", kUp, {p0, tilted}), own);
  EXPECT_EQ(withManifoldNormal.outcome, Outcome::wrongNormal) << withManifoldNormal.explanation;
  EXPECT_THAT(failedChecks(withManifoldNormal), HasSubstr("points[1].normal"));
  EXPECT_THAT(withManifoldNormal.explanation, HasSubstr("differs from the manifold normal"));
  const Comparison alone = judgeLine(kBoxes, lineOf("boxes", std::nullopt, {p0, tilted}), own);
  EXPECT_EQ(alone.outcome, Outcome::wrongNormal) << alone.explanation;
  EXPECT_THAT(alone.explanation, HasSubstr("not near-optimal"));
  // Without the key the points' normals are not read at all: the same line passes.
  EXPECT_EQ(judgeLine(kBoxes, lineOf("boxes", kUp, {p0, tilted}), plain).outcome, Outcome::agree);
}

TEST(PointNormals, ANonUnitOrMissingPointNormalIsCaught) {
  const DeclaredConventions own = declared(R"({"pointNormals": true})");
  const ReportedPoint p0 = pointOf({-0.25, 0.95}, -0.1, kUp);
  const ReportedPoint half = pointOf({0.75, 0.95}, -0.1, Vec2{0, 0.5});
  const Comparison r = judgeLine(kBoxes, lineOf("boxes", kUp, {p0, half}), own);
  EXPECT_EQ(r.outcome, Outcome::wrongNormal);
  EXPECT_THAT(r.explanation, HasSubstr("point 1's normal is not unit"));
  const Comparison missing =
      judgeLine(kBoxes, lineOf("boxes", kUp, {p0, pointOf({0.75, 0.95}, -0.1)}), own);
  EXPECT_THAT(missing.explanation, HasSubstr("points[1].normal: missing"));
}

TEST(PointNormals, EachPointIsMeasuredAlongItsOwnNormal) {
  // Circles: A unit at the origin, B unit at (1.5, 0). The point's own normal is right, the
  // manifold normal absent: a point off the centre line along (1, 0) is off along its normal.
  const DeclaredConventions own = declared(R"({"pointNormals": true})");
  const Case circles = golden::circlesCase();
  const Vec2 x{1, 0};
  EXPECT_EQ(
      judgeLine(circles, lineOf("c", std::nullopt, {pointOf({0.75, 0}, -0.5, x)}), own).outcome,
      Outcome::agree);
  const Comparison off =
      judgeLine(circles, lineOf("c", std::nullopt, {pointOf({0.95, 0}, -0.5, x)}), own);
  EXPECT_EQ(off.outcome, Outcome::wrongPoint) << off.explanation;
}

/// Box2D 2.4.1 on seeded random cases, written with a normal in every point and none for the
/// manifold: all pass; one point's normal turned by 0.1 rad is caught.
TEST(PointNormals, Box2dWrittenWithPointNormalsPassesAndATurnedOneIsCaught) {
  DeclaredConventions conv = preset("box2d-2.4.1-noskin");
  conv.pointNormals = true;
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int contacts = 0, caught = 0;
  const int count = 400;
  for (int i = 0; i < count; ++i) {
    const Case c{"r" + std::to_string(i),
                 makeRegularPolygon({0, 0}, 0.5 + u(rng), 3 + i % 6, 6 * u(rng)), Transform{},
                 makeRegularPolygon({0, 0}, 0.5 + u(rng), 3 + (i / 6) % 6, 6 * u(rng)),
                 Transform{{4 * u(rng) - 2, 4 * u(rng) - 2}, rotFromAngle(6 * u(rng))}};
    const Manifold m = run(*findEngine("box2d"), c);
    if (m.status != Status::contact) continue;
    ++contacts;
    std::vector<ReportedPoint> points;
    for (int k = 0; k < m.pointCount; ++k)
      points.push_back(pointOf(m.points[k].point, m.points[k].separation, m.normal));
    const Comparison good = judgeLine(c, lineOf(c.id, std::nullopt, points), conv);
    ASSERT_TRUE(isAcceptable(good.outcome)) << c.id << "\n" << good.explanation;
    points.back().normal = rotate(rotFromAngle(0.1), m.normal);
    caught += isAcceptable(judgeLine(c, lineOf(c.id, std::nullopt, points), conv).outcome) ? 0 : 1;
  }
  EXPECT_GE(contacts, 0.3 * count);
  EXPECT_LE(contacts, 0.7 * count);
  EXPECT_GE(caught, 0.95 * contacts);
  std::printf("%d contacts of %d; turned normal caught %d\n", contacts, count, caught);
}

// --- 2. more than two points -----------------------------------------------------------------

/// The boxes' contact as four points along the overlap (an engine that does not reduce its
/// clip): x = −0.25, 0.25, 0.5, 0.75, all midway at y = 0.95, separation −0.1.
std::vector<ReportedPoint> fourPoints() {
  std::vector<ReportedPoint> points;
  for (const double x : {-0.25, 0.25, 0.5, 0.75})
    points.push_back(pointOf({x, 0.95}, -0.1));
  return points;
}

TEST(MaxPoints, FourPointsAreReadAndEachIsJudged) {
  const DeclaredConventions four = declared(R"({"maxPoints": 4})");
  EXPECT_EQ(judgeLine(kBoxes, lineOf("boxes", kUp, fourPoints()), four).outcome, Outcome::agree);
  // Undeclared, four points do not read: the line is malformed, naming the key.
  const Comparison two = judgeLine(kBoxes, lineOf("boxes", kUp, fourPoints()), preset("exact"));
  EXPECT_THAT(two.explanation, HasSubstr("points: 4 points; at most 2"));
  EXPECT_THAT(two.explanation, HasSubstr("maxPoints"));
  // A wrong fourth point is caught, as any point.
  std::vector<ReportedPoint> bad = fourPoints();
  bad[3].separation = -0.11;
  const Comparison r = judgeLine(kBoxes, lineOf("boxes", kUp, bad), four);
  EXPECT_EQ(r.outcome, Outcome::wrongSeparation);
  EXPECT_EQ(failedChecks(r), "points[3]");
  bad = fourPoints();
  bad[2].point.x = 3.0;  // off both boxes
  EXPECT_EQ(judgeLine(kBoxes, lineOf("boxes", kUp, bad), four).outcome, Outcome::wrongPoint);
  // Five points are beyond the declared four.
  std::vector<ReportedPoint> five = fourPoints();
  five.push_back(pointOf({0, 0.95}, -0.1));
  EXPECT_THAT(judgeLine(kBoxes, lineOf("boxes", kUp, five), four).explanation,
              HasSubstr("points: 5 points; at most 4 are declared"));
}

TEST(MaxPoints, CheckReadsUpToTheDeclaredCountAndJudgesEveryPointsId) {
  // Typed ids on all four points: the two ends are the clip's features; the inner two name
  // A's face 2 and B's face 0, both of which they lie on. A fourth id naming A's face 1 is
  // caught at points[3].id.
  const std::string caseLine =
      R"({"id":"boxes","a":{"type":"polygon","vertices":[[-1,-1],[1,-1],[1,1],[-1,1]]},)"
      R"("b":{"type":"polygon","vertices":[[-0.5,-0.5],[0.5,-0.5],[0.5,0.5],[-0.5,0.5]]},)"
      R"("xfB":{"p":[0.25,1.4]}})";
  const auto typed = [](int indexA, const char* typeB, int indexB) {
    return R"({"typeA":"face","indexA":)" + std::to_string(indexA) + R"(,"typeB":")" + typeB +
           R"(","indexB":)" + std::to_string(indexB) + "}";
  };
  std::vector<ReportedPoint> points = fourPoints();
  points[0].id = typed(2, "vertex", 0);
  points[1].id = typed(2, "face", 0);
  points[2].id = typed(2, "face", 0);
  points[3].id = typed(2, "vertex", 1);
  DeclaredConventions four = preset("exact");
  four.maxPoints = 4;
  // The inner two share their id: a solver would match both with one point of last step.
  std::istringstream cases(caseLine + "\n"), manifolds(lineOf("boxes", kUp, points) + "\n");
  CheckRun run = check(cases, manifolds, four);
  ASSERT_EQ(run.cases.size(), 1u);
  EXPECT_EQ(run.cases[0].verdict, "wrong-id") << run.cases[0].explanation;
  EXPECT_THAT(run.cases[0].explanation, HasSubstr("points 1 and 2 share the id"));
  points[2].id = typed(1, "face", 0);
  std::istringstream cases2(caseLine + "\n"), manifolds2(lineOf("boxes", kUp, points) + "\n");
  run = check(cases2, manifolds2, four);
  EXPECT_EQ(run.cases[0].verdict, "wrong-id");
  EXPECT_THAT(run.cases[0].explanation, HasSubstr("point is not on A's face 1"));
}

TEST(MaxPoints, TheReaderKeepsEveryPointAndTheFirstTwoInTheManifold) {
  const std::string line = lineOf("boxes", kUp, fourPoints());
  auto parsed = parseManifold(line, ManifoldReading{4, false});
  ASSERT_TRUE(std::holds_alternative<ManifoldRecord>(parsed));
  const ManifoldRecord& r = std::get<ManifoldRecord>(parsed);
  EXPECT_EQ(r.points.size(), 4u);
  EXPECT_EQ(r.manifold.pointCount, 2);
  EXPECT_EQ(r.points[3].point.x, 0.75);
  EXPECT_EQ(r.manifold.points[1].point.x, 0.25);
  auto capped = parseManifold(line);
  ASSERT_TRUE(std::holds_alternative<InputError>(capped));
  EXPECT_EQ(std::get<InputError>(capped).field, "points");
}

// --- 3. points on either surface --------------------------------------------------------------

TEST(EitherPlacement, EachPointOnASurfaceOrMidwayPassesAndTheVerdictSaysWhich) {
  const DeclaredConventions either = declared(R"({"point": "either"})");
  // Point 0 on A's top face (y = 1), point 1 on B's bottom face (y = 0.9).
  const std::vector<ReportedPoint> mixed = {pointOf({-0.25, 1.0}, -0.1),
                                            pointOf({0.75, 0.9}, -0.1)};
  EXPECT_EQ(judgeLine(kBoxes, lineOf("boxes", kUp, mixed), either).outcome, Outcome::agree);
  for (const char* one : {"midpoint", "onA", "onB"}) {
    const DeclaredConventions fixed = declared(std::string(R"({"point": ")") + one + "\"}");
    EXPECT_EQ(judgeLine(kBoxes, lineOf("boxes", kUp, mixed), fixed).outcome, Outcome::wrongPoint)
        << one;
  }
  // A point on neither surface nor midway is still misplaced, and the verdict says which
  // placement it was read with.
  std::vector<ReportedPoint> bad = mixed;
  bad[1].point.y = 0.85;
  const Comparison r = judgeLine(kBoxes, lineOf("boxes", kUp, bad), either);
  EXPECT_EQ(r.outcome, Outcome::wrongPoint);
  EXPECT_THAT(r.explanation, HasSubstr("point 1: read as on B's surface"));
  EXPECT_THAT(r.explanation, HasSubstr("point 0: read as on A's surface"));
}

// --- 4. one shared depth ----------------------------------------------------------------------

/// The reference's manifold of a box resting tilted on another: its two points have different
/// separations.
std::pair<Case, Manifold> tiltedBoxes() {
  const Case c{"tilted", makeBox(1, 1), Transform{}, makeBox(0.5, 0.5),
               Transform{{0.25, 1.42}, rotFromAngle(0.05)}};
  return {c, run(reference::kEngine, c)};
}

TEST(SharedDepth, EveryPointReportingTheDeepestSeparationPassesWhenDeclared) {
  const auto [c, m] = tiltedBoxes();
  ASSERT_EQ(m.pointCount, 2);
  ASSERT_GT(std::fabs(m.points[0].separation - m.points[1].separation), 0.01);
  const double deepest = std::min(m.points[0].separation, m.points[1].separation);
  Manifold shared = m;
  shared.points[0].separation = shared.points[1].separation = deepest;
  const DeclaredConventions deep = declared(R"({"pointSeparation": "deepest"})");
  EXPECT_EQ(judge(c, shared, deep).outcome, Outcome::agree);
  EXPECT_FALSE(isAcceptable(judge(c, shared, preset("exact")).outcome));
  // Each point's own separation is not the shared one: caught under the key.
  const Comparison own = judge(c, m, deep);
  EXPECT_EQ(own.outcome, Outcome::wrongSeparation);
  EXPECT_THAT(own.explanation, HasSubstr("deepest"));
  // A planted error in one point is caught.
  Manifold planted = shared;
  planted.points[1].separation += 1e-6;
  const Comparison r = judge(c, planted, deep);
  EXPECT_EQ(r.outcome, Outcome::wrongSeparation);
  EXPECT_EQ(failedChecks(r), "points[1]");
}

/// The reference on seeded random polygon pairs, every point given the deepest separation:
/// all pass under pointSeparation "deepest", and one point off by 1e-4 is caught.
TEST(SharedDepth, TheReferenceWithSharedDepthsPassesAndAPlantedErrorIsCaught) {
  const DeclaredConventions deep = declared(R"({"pointSeparation": "deepest"})");
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int contacts = 0, twoPoints = 0, caught = 0;
  const int count = 300;
  for (int i = 0; i < count; ++i) {
    const Case c{"r" + std::to_string(i),
                 makeRegularPolygon({0, 0}, 0.5 + u(rng), 3 + i % 6, 6 * u(rng)), Transform{},
                 makeRegularPolygon({0, 0}, 0.5 + u(rng), 4, 6 * u(rng)),
                 Transform{{4 * u(rng) - 2, 4 * u(rng) - 2}, rotFromAngle(6 * u(rng))}};
    Manifold m = run(reference::kEngine, c);
    if (m.status != Status::contact) continue;
    ++contacts;
    twoPoints += m.pointCount == 2;
    double deepest = m.points[0].separation;
    for (int k = 0; k < m.pointCount; ++k)
      deepest = std::min(deepest, m.points[k].separation);
    for (int k = 0; k < m.pointCount; ++k)
      m.points[k].separation = deepest;
    const Comparison good = judge(c, m, deep);
    ASSERT_TRUE(isAcceptable(good.outcome)) << c.id << "\n" << good.explanation;
    m.points[m.pointCount - 1].separation += 1e-4;
    caught += isAcceptable(judge(c, m, deep).outcome) ? 0 : 1;
  }
  EXPECT_GE(contacts, 0.3 * count);
  EXPECT_LE(contacts, 0.7 * count);
  EXPECT_GE(twoPoints, contacts / 3);
  EXPECT_EQ(caught, contacts);
  std::printf("%d contacts (%d with two points) of %d; caught %d\n", contacts, twoPoints, count,
              caught);
}

// --- 5. circles as polygons -------------------------------------------------------------------

/// The case with every circle replaced by the regular n-gon inscribed in it (vertices on the
/// circle, turned by `phase`): what an engine that approximates circles sees.
Case withPolygonCircles(const Case& c, int n, double phase) {
  Case out = c;
  for (Shape* s : {&out.a, &out.b}) {
    if (const auto* circle = std::get_if<Circle>(s)) {
      *s = makeRegularPolygon(circle->center, circle->radius, n, phase);
    }
  }
  return out;
}

/// Such an engine (touche's reference on the polygons) on seeded random cases with a circle:
/// every manifold passes with circleSegments n, most fail without; a separation a quarter
/// deeper (deeper than the circles: a polygon inside a circle is never deeper) and a reversed
/// normal are caught. (A normal turned by less than π/n is the polygons' own habit: with a
/// deep overlap any of their face normals is near-optimal.)
TEST(CircleSegments, AnEngineOfInscribedPolygonsPassesOnlyWithTheDeclaredCount) {
  for (const int n : {6, 8}) {
    DeclaredConventions conv = preset("exact");
    conv.circleSegments = n;
    std::mt19937 rng(11 + n);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    int contacts = 0, failWithout = 0, caught = 0, turned = 0;
    const int count = 300;
    for (int i = 0; i < count; ++i) {
      const Shape a = i % 2 ? Shape{Circle{{0, 0}, 0.3 + u(rng)}}
                            : Shape{makeRegularPolygon({0, 0}, 0.5 + u(rng), 3 + i % 5, u(rng))};
      const Case c{"r" + std::to_string(i), a, Transform{{0, 0}, rotFromAngle(6 * u(rng))},
                   Circle{{0.1, 0}, 0.3 + u(rng)},
                   Transform{{4 * u(rng) - 2, 4 * u(rng) - 2}, rotFromAngle(6 * u(rng))}};
      const Manifold m = run(reference::kEngine, withPolygonCircles(c, n, 6 * u(rng)));
      const Comparison r = judge(c, m, conv);
      ASSERT_TRUE(isAcceptable(r.outcome)) << c.id << " n=" << n << "\n" << r.explanation;
      failWithout += isAcceptable(judge(c, m, preset("exact")).outcome) ? 0 : 1;
      if (m.status != Status::contact) continue;
      ++contacts;
      Manifold deeper = m;
      deeper.points[0].separation -= 0.25;
      caught += isAcceptable(judge(c, deeper, conv).outcome) ? 0 : 1;
      Manifold turnedNormal = m;
      turnedNormal.normal = -m.normal;
      turned += isAcceptable(judge(c, turnedNormal, conv).outcome) ? 0 : 1;
    }
    EXPECT_GE(contacts, 0.3 * count) << n;
    EXPECT_LE(contacts, 0.7 * count) << n;
    EXPECT_GE(failWithout, contacts / 2) << n;
    EXPECT_EQ(caught, contacts) << n;
    EXPECT_GE(turned, 0.95 * contacts) << n;
    std::printf("n=%d: %d contacts of %d; %d fail without the key; deeper caught %d, turned %d\n",
                n, contacts, count, failWithout, caught, turned);
  }
}

TEST(CircleSegments, TheWideningIsTheSagittaAndNothingMore) {
  // A circle of radius 1 resting on a box's top face, 0.1 deep; as a 16-gon whose flat side
  // faces the box its depth is 0.1 − (1 − cos(π/16)) = 0.1 − 0.019215.
  const Case c{"circle-on-box", makeBox(2, 1), Transform{}, Circle{{0, 0}, 1.0},
               Transform{{0, 1.9}, {}}};
  const double sagitta = 1.0 - std::cos(3.14159265358979323846 / 16);
  DeclaredConventions conv = preset("exact");
  conv.circleSegments = 16;
  conv.compareIds = IdComparison::none;
  const auto manifold = [](double depth) {
    Manifold m;
    m.status = Status::contact;
    m.normal = {0, 1};
    m.pointCount = 1;
    m.points[0] = {{0, 1.0 - 0.5 * depth}, -depth, {}};
    return m;
  };
  EXPECT_EQ(judge(c, manifold(0.1 - sagitta), conv).outcome, Outcome::agree);
  EXPECT_EQ(judge(c, manifold(0.1), conv).outcome, Outcome::agree);
  // Shallower than the polygon can be, or deeper than the circle: its point and separation
  // are both off (the point, midway, is judged first).
  EXPECT_EQ(judge(c, manifold(0.1 - sagitta - 1e-4), conv).outcome, Outcome::wrongPoint);
  EXPECT_EQ(judge(c, manifold(0.1 + 1e-4), conv).outcome, Outcome::wrongPoint);
  Manifold deeper = manifold(0.1);
  deeper.points[0].separation -= 1e-4;  // the point right, only the separation off
  EXPECT_EQ(judge(c, deeper, conv).outcome, Outcome::wrongSeparation);
  conv.circleSegments = 32;  // a quarter of the sagitta: the 16-gon's depth is too shallow
  EXPECT_EQ(judge(c, manifold(0.1 - sagitta), conv).outcome, Outcome::wrongPoint);
  // A contact missed by less than the sagitta is the polygon's; by more it is not.
  const Case grazing{"grazing", makeBox(2, 1), Transform{}, Circle{{0, 0}, 1.0},
                     Transform{{0, 1.99}, {}}};
  conv.circleSegments = 16;
  EXPECT_EQ(judge(grazing, statusOnly(Status::noContact), conv).outcome, Outcome::agreeWithinTie);
  const Case deep{"deep", makeBox(2, 1), Transform{}, Circle{{0, 0}, 1.0},
                  Transform{{0, 1.97}, {}}};
  EXPECT_EQ(judge(deep, statusOnly(Status::noContact), conv).outcome, Outcome::missingContact);
}

// --- 6. the relative band on any pair ---------------------------------------------------------

/// The manifold of a box B tilted by `angle` over box A with B's bottom face as the reference:
/// A's top face (y = 1) clipped to B's bottom face, each point midway, separation along B's
/// face normal.
Manifold clippedOnBsFace(const Case& c, double angle) {
  const Vec2 n = rotate(rotFromAngle(angle), Vec2{0, 1});  // A→B: B's bottom normal negated
  const Vec2 t{n.y, -n.x};
  const Vec2 v0 = rotate(c.xfB.q, Vec2{-0.5, -0.5}) + c.xfB.p;
  Manifold m;
  m.status = Status::contact;
  m.normal = n;
  m.pointCount = 2;
  for (int k = 0; k < 2; ++k) {
    // The point q of A's top face y = 1 at tangent coordinate k along B's face from v0 (B's
    // face spans 0 to 1), and B's face line at separation dot(v0 − q, n) above it.
    const Vec2 q{v0.x + (k - (1.0 - v0.y) * t.y) / t.x, 1.0};
    const double s = dot(v0 - q, n);
    m.points[k] = {q + 0.5 * s * n, s, {}};
  }
  return m;
}

TEST(RelativeTieBandPairs, TheRelativeBandAppliesToTheDeclaredPairsOnly) {
  // B tilted by 0.0035 rad over A, about 0.11 deep: B's bottom face normal is short of A's
  // top face normal (the best) by about 0.0026, more than the fixed 0.0005 but inside
  // 0.00102 + 0.0204 · depth = 0.0033.
  const Case c{"tilted", makeBox(1, 1), Transform{}, makeBox(0.5, 0.5),
               Transform{{0.25, 1.39}, rotFromAngle(0.0035)}};
  const Manifold m = clippedOnBsFace(c, 0.0035);
  DeclaredConventions conv = preset("box2d-2.4.1-noskin");
  conv.compareIds = IdComparison::none;
  const Comparison edgesOnly = judge(c, m, conv);
  EXPECT_EQ(edgesOnly.outcome, Outcome::wrongNormal) << edgesOnly.explanation;
  conv.relativeTieBandPairs = pairBit(PairId::polygon_polygon);
  const Comparison declaredPair = judge(c, m, conv);
  EXPECT_EQ(declaredPair.outcome, Outcome::agreeWithinTie) << declaredPair.explanation;
  conv = declared(R"({"precision": "float", "tieBand": 0.0005, "relativeTieBand": 0.0204,
                      "relativeTieBandOffset": 0.00102, "relativeTieBandPairs": "all"})");
  EXPECT_EQ(judge(c, m, conv).outcome, Outcome::agreeWithinTie);
  // compare() reads the same declaration.
  Conventions engine = conventionsFor("box2d");
  EXPECT_EQ(toleranceFor(c, engine).relativeTieBand, 0.0);
  engine.relativeTieBandPairs |= pairBit(PairId::polygon_polygon);
  EXPECT_EQ(toleranceFor(c, engine).relativeTieBand, kBox2dEdgeRelativeTieBand);
}

TEST(RelativeTieBandPairs, PairNamesAreCheckedWhenLoaded) {
  const DeclaredConventions c =
      declared(R"({"relativeTieBandPairs": ["polygon_polygon", "segment_polygon"]})");
  EXPECT_EQ(c.relativeTieBandPairs,
            pairBit(PairId::polygon_polygon) | pairBit(PairId::segment_polygon));
  EXPECT_EQ(DeclaredConventions{}.relativeTieBandPairs, kEdgePolygonPairs);
  const auto bad = parseConventions(R"({"relativeTieBandPairs": ["polygon_polgon"]})");
  ASSERT_TRUE(std::holds_alternative<InputError>(bad));
  EXPECT_EQ(std::get<InputError>(bad).field, "relativeTieBandPairs");
  EXPECT_THAT(std::get<InputError>(bad).message, HasSubstr("\"polygon_polgon\" is not a pair"));
}

TEST(HabitKeys, BadValuesNameTheirKey) {
  for (const char* json :
       {R"({"maxPoints": 0})", R"({"maxPoints": 2.5})", R"({"maxPoints": 17})",
        R"({"pointNormals": "yes"})", R"({"pointSeparation": "shallowest"})",
        R"({"circleSegments": 2})", R"({"circleSegments": -1})", R"({"idFormat": "box2d"})",
        R"({"dropsCornerTouches": 1})", R"({"point": "nowhere"})"}) {
    const auto r = parseConventions(json);
    ASSERT_TRUE(std::holds_alternative<InputError>(r)) << json;
    const std::string key = std::string(json).substr(2, std::string(json).find('"', 2) - 2);
    EXPECT_EQ(std::get<InputError>(r).field, key) << json;
  }
  const DeclaredConventions defaults;
  EXPECT_FALSE(defaults.pointNormals);
  EXPECT_EQ(defaults.maxPoints, 2);
  EXPECT_EQ(defaults.pointSeparation, PointSeparation::own);
  EXPECT_EQ(defaults.circleSegments, 0);
  EXPECT_EQ(defaults.idFormat, IdFormat::touche);
  EXPECT_FALSE(defaults.dropsCornerTouches);
}

}  // namespace
}  // namespace touche::oracle
