// Counterexamples to the mistakes of the five source posts (docs/errata.md). Each test runs the
// post's own logic (source_logic.h: a transcription of the post's function, mistake included)
// on the counterexample and shows its answer next to the right one: touche's manifold when the
// post derives a manifold, otherwise the exact answer computed here. Tests named *Withdrawn*
// show the post's code doing the right thing where an earlier erratum said it did not.
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "exact.h"
#include "reference_test_support.h"
#include "source_logic.h"
#include "touche/reference/bvh.h"
#include "touche/reference/cast.h"
#include "touche/reference/ngon.h"

namespace touche::reference::testing {
namespace {

namespace s000 = sources::s000;
namespace s001 = sources::s001;
namespace s002 = sources::s002;
namespace s003 = sources::s003;
namespace s004 = sources::s004;
using sources::isUnit;

Polygon box(double hx, double hy) {
  return makePolygon({{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}});
}

/// The world vertices of a touche polygon placed by xf (exact here: the tests use dyadic
/// coordinates and identity rotations, or compare with tolerances).
std::vector<Vec2> worldVertices(const Polygon& p, const Transform& xf) {
  std::vector<Vec2> out;
  for (int i = 0; i < p.count; ++i)
    out.push_back(apply(xf, p.vertices[i]));
  return out;
}

// ---- Source 000: solveCircle ---------------------------------------------------------------

TEST(ErrataSource000, TouchingCirclesAreNotColliding) {
  // solveCircle rejects distance ≥ rA + rB: unit circles 2 apart touch, the post says none.
  EXPECT_FALSE(s000::solveCircle({0, 0}, 1, {2, 0}, 1));
  const Manifold m = collide(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(2, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.points[0].separation, 0.0);
  EXPECT_EQ(m.points[0].point, (Vec2{1, 0}));
}

TEST(ErrataSource000, ConcentricCirclesHaveNoNormal) {
  // solveCircle normalises pB − pA = (0, 0): no unit normal (NaN when normalize divides by
  // the length, (0, 0) when it guards). touche: A's x axis, flagged; A turned by 90°: (0, 1).
  const auto post = s000::solveCircle({1, 1}, 1, {1, 1}, 0.5);
  ASSERT_TRUE(post);
  EXPECT_FALSE(isUnit(post->normal));
  const Manifold m =
      collide(Circle{{0, 0}, 1}, Transform{{1, 1}, {0, 1}}, Circle{{0, 0}, 0.5}, at(1, 1));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_TRUE(m.flags & kFlagDegenerateNormal);
}

// ---- Source 000: solvePolygon ---------------------------------------------------------------

TEST(ErrataSource000, TouchingPolygonsAreNotColliding) {
  // solvePolygon returns null when a SAT distance is ≥ 0: boxes touching along x = 1.
  const Polygon unit = box(1, 1);
  EXPECT_FALSE(s000::solvePolygon(worldVertices(unit, at(0, 0)), worldVertices(unit, at(2, 0))));
  const Manifold m = collide(unit, at(0, 0), unit, at(2, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.points[0].separation, 0.0);
  EXPECT_EQ(m.points[1].separation, 0.0);
}

TEST(ErrataSource000, FaceCrossingPointIsKeptAtZeroDepth) {
  // A = box half-extents (2, 0.5), B = (0, 0.25), (1, 0.75), (0.5, 1.75), (−0.5, 1.25). A's top
  // face (y = 0.5) is the reference, B's edge 0 the incident edge. The face clip keeps (0, 0.25)
  // (0.25 deep) and, because p1·p2 = 0.25·(−0.25) < 0, appends the crossing of the edge with the
  // face, (0.5, 0.5): a second point at depth 0, reported with the manifold's one penetration
  // 0.25. touche keeps only the points within the margin: one point midway, (0, 0.375).
  const Polygon a = box(2, 0.5);
  const Polygon b = makePolygon({{0, 0.25}, {1, 0.75}, {0.5, 1.75}, {-0.5, 1.25}});
  const auto post = s000::solvePolygon(worldVertices(a, at(0, 0)), worldVertices(b, at(0, 0)));
  ASSERT_TRUE(post);
  EXPECT_TRUE(post->referenceIsA);
  EXPECT_EQ(post->referenceEdge, 2);
  EXPECT_EQ(post->incidentEdge, 0);
  ASSERT_EQ(post->contact.size(), 2u);
  EXPECT_EQ(post->contact[0], (Vec2{0, 0.25}));
  EXPECT_EQ(post->contact[1], (Vec2{0.5, 0.5}));
  EXPECT_EQ(dot(post->contact[1], post->normal) - 0.5, 0.0);  // on the reference face
  EXPECT_EQ(post->penetration, 0.25);

  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.points[0].point, (Vec2{0, 0.375}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 0));
  expectSwapSymmetric(a, at(0, 0), b, at(0, 0), {}, m);
}

TEST(ErrataSource000, EachPointHasItsOwnSeparation) {
  // The same B moved down by 0.5: its edge 0 runs from (0, −0.25) (0.75 deep) to (1, 0.25)
  // (0.25 deep). The post reports one penetration, −bestDistance = 0.75, for both points.
  const Polygon a = box(2, 0.5);
  const Polygon b = makePolygon({{0, 0.25}, {1, 0.75}, {0.5, 1.75}, {-0.5, 1.25}});
  const auto post = s000::solvePolygon(worldVertices(a, at(0, 0)), worldVertices(b, at(0, -0.5)));
  ASSERT_TRUE(post);
  ASSERT_EQ(post->contact.size(), 2u);
  EXPECT_EQ(post->contact[0], (Vec2{0, -0.25}));
  EXPECT_EQ(post->contact[1], (Vec2{1, 0.25}));
  EXPECT_EQ(post->penetration, 0.75);

  const Manifold m = collide(a, at(0, 0), b, at(0, -0.5));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.points[0].point, (Vec2{1, 0.375}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 1));
  EXPECT_EQ(m.points[1].point, (Vec2{0, 0.125}));
  EXPECT_EQ(m.points[1].separation, -0.75);
  EXPECT_EQ(m.points[1].id, fid(kFace, 2, kVertex, 0));
}

TEST(ErrataSource000, ExactSatTieGoesToB) {
  // Boxes half-extent 1 at (0, 0) and (1.5, 0): both axes separate by −0.5. The post keeps A
  // only when axisAB.distance > axisBA.distance, so the tie makes B's left face (3) the
  // reference, normal (−1, 0) from B. touche's convention: A's face 1, normal (1, 0).
  const Polygon unit = box(1, 1);
  const auto post =
      s000::solvePolygon(worldVertices(unit, at(0, 0)), worldVertices(unit, at(1.5, 0)));
  ASSERT_TRUE(post);
  EXPECT_FALSE(post->referenceIsA);
  EXPECT_EQ(post->referenceEdge, 3);
  EXPECT_EQ(post->normal, (Vec2{-1, 0}));
  const Manifold m = collide(unit, at(0, 0), unit, at(1.5, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  EXPECT_EQ(m.points[0].id.typeA, kFace);
  EXPECT_EQ(m.points[0].id.indexA, 1);
}

TEST(ErrataSource000, WithdrawnIncidentEdgeMinusOneIsTheLastEdgeWhenGetEdgeWraps) {
  // Withdrawn erratum: getIncidentEdgeIndex does return −1 when the support vertex is 0, but the
  // post wraps negative indices in getEdgeVector and does not show getEdge; read the same way,
  // edge −1 is the last edge, the one touche picks. B from its lower right corner, at
  // (0, 1.4) turned by −0.1 rad: vertex 0 is the deepest, the edge before it is incident.
  const Polygon b = makePolygon({{0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}, {-0.5, -0.5}});
  const Transform xfB{{0, 1.4}, {std::cos(-0.1), std::sin(-0.1)}};
  const std::vector<Vec2> worldB = worldVertices(b, xfB);
  const auto post = s000::solvePolygon(worldVertices(box(1, 1), at(0, 0)), worldB);
  ASSERT_TRUE(post);
  EXPECT_EQ(post->incidentEdge, -1);
  const auto [first, second] = s000::edge(worldB, post->incidentEdge);
  EXPECT_EQ(first, worldB[3]);
  EXPECT_EQ(second, worldB[0]);
  const Manifold m = collide(box(1, 1), at(0, 0), b, xfB);
  ASSERT_EQ(m.pointCount, 2) << describe(m);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 0));
  EXPECT_EQ(m.points[1].id, fid(kFace, 2, kVertex, 3));
}

TEST(ErrataSource000, WithdrawnFaceClipKeepsTwoPointsOnOverlappingPolygons) {
  // Withdrawn erratum: "the clips may keep one point and the code requires two". A clip keeps
  // fewer than two points only when both ends are cut off or one lies exactly on its line;
  // on 20 000 seeded pairs of regular polygons (3 to 5 sides) that overlap by more than 0.01
  // on every axis, solvePolygon never returns null.
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-1, 1);
  const auto ngon = [](int n, double radius, Vec2 centre, double turn) {
    std::vector<Vec2> p;
    for (int i = 0; i < n; ++i) {
      const double angle = turn + 2 * std::numbers::pi * i / n;
      p.push_back({centre.x + radius * std::cos(angle), centre.y + radius * std::sin(angle)});
    }
    return p;
  };
  int overlapping = 0;
  while (overlapping < 20000) {
    // One draw per statement: the order of the draws is fixed.
    const int sidesA = 3 + static_cast<int>(rng() % 3);
    const double turnA = 3 * u(rng);
    const int sidesB = 3 + static_cast<int>(rng() % 3);
    const double radiusB = 0.3 + std::fabs(u(rng));
    const double x = 1.8 * u(rng);
    const double y = 1.8 * u(rng);
    const double turnB = 3 * u(rng);
    const auto a = ngon(sidesA, 1, {0, 0}, turnA);
    const auto b = ngon(sidesB, radiusB, {x, y}, turnB);
    if (s000::axisLeastPenetration(a, b).distance > -0.01 ||
        s000::axisLeastPenetration(b, a).distance > -0.01) {
      continue;
    }
    ++overlapping;
    ASSERT_TRUE(s000::solvePolygon(a, b)) << overlapping;
  }
}

// ---- Source 000: solvePolygonCircle ---------------------------------------------------------

const std::vector<Vec2> kUnitBox{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};

TEST(ErrataSource000, FaceRegionPointIsOnTheFarSideOfTheCircle) {
  // The face region's point is center + r·n: circle r = 0.5 at (1.25, 0) gets (1.75, 0), the
  // far side of the circle. The surfaces meet at x = 1 (box) and 0.75 (circle): touche puts the
  // point midway, (0.875, 0).
  const auto post = s000::solvePolygonCircle(kUnitBox, {1.25, 0}, 0.5);
  ASSERT_TRUE(post);
  EXPECT_EQ(post->contact, (Vec2{1.75, 0}));
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 0.5}, at(1.25, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.points[0].point, (Vec2{0.875, 0}));
  EXPECT_EQ(m.points[0].separation, -0.25);
}

TEST(ErrataSource000, DeepCircleIsRejectedByTheReversedFaceTest) {
  // The final test dot(edge[0] − center, n) > r rejects a centre more than r inside: box
  // half-extent 10, circle r = 1 at the origin. touche: contact, separation −11.
  const std::vector<Vec2> big{{-10, -10}, {10, -10}, {10, 10}, {-10, 10}};
  EXPECT_FALSE(s000::solvePolygonCircle(big, {0, 0}, 1));
  const Manifold m = collide(box(10, 10), at(0, 0), Circle{{0, 0}, 1}, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.points[0].separation, -11.0);
}

TEST(ErrataSource000, VertexRegionReportsTheFaceSeparation) {
  // Circle r = 1.5 at (1.75, 2): vertex region of (1, 1), 1.25 away. The post's penetration is
  // r − bestDistance = 1.5 − 1 (face 2's separation) = 0.5; the true one is 1.5 − 1.25 = 0.25.
  const auto post = s000::solvePolygonCircle(kUnitBox, {1.75, 2}, 1.5);
  ASSERT_TRUE(post);
  EXPECT_EQ(post->contact, (Vec2{1, 1}));
  EXPECT_EQ(post->penetration, 0.5);
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 1.5}, at(1.75, 2));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0.6, 0.8}));
  EXPECT_EQ(m.points[0].separation, -0.25);
}

TEST(ErrataSource000, CentreOnAVertexHasNoNormal) {
  // Centre exactly on vertex (1, 1): face 2 is kept (the loop counts down, equals keep the
  // first), cv1 = 0 so cos1 = 0 ≤ 0 and the vertex branch normalises (0, 0). touche: faces 1
  // and 2 tie, face 1 (lower index), normal (1, 0).
  const auto post = s000::solvePolygonCircle(kUnitBox, {1, 1}, 0.5);
  ASSERT_TRUE(post);
  EXPECT_EQ(post->edgeIndex, 2);
  EXPECT_FALSE(isUnit(post->normal));
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 0.5}, at(1, 1));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  EXPECT_EQ(m.points[0].separation, -0.5);
}

TEST(ErrataSource000, CentreInsideBranchIsOverwritten) {
  // The branch `if (distance < 0)` reads the loop's last value (face 0's: the loop counts down)
  // and sets normal, point and penetration r without returning; everything after it overwrites
  // all three. (1) Centre (0, 1.25), outside face 2: face 0's value −2.25 enters the branch, yet
  // the result is face 2's. (2) Centre (0, 0.75), inside: the branch's penetration r = 0.5 and
  // point (0, 0.25) are replaced by r − bestDistance = 0.75 and the far-side point (0, 1.25).
  const auto outside = s000::solvePolygonCircle(kUnitBox, {0, 1.25}, 0.5);
  ASSERT_TRUE(outside);
  EXPECT_TRUE(outside->inside.entered);
  EXPECT_EQ(outside->normal, (Vec2{0, 1}));
  EXPECT_EQ(outside->penetration, 0.25);

  const auto inside = s000::solvePolygonCircle(kUnitBox, {0, 0.75}, 0.5);
  ASSERT_TRUE(inside);
  EXPECT_TRUE(inside->inside.entered);
  EXPECT_EQ(inside->inside.penetration, 0.5);
  EXPECT_EQ(inside->inside.contact, (Vec2{0, 0.25}));
  EXPECT_EQ(inside->penetration, 0.75);
  EXPECT_EQ(inside->contact, (Vec2{0, 1.25}));

  // touche: face 2; inside, separation −0.25 − 0.5, point midway between y = 1 and y = 0.25.
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 0.5}, at(0, 0.75));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].separation, -0.75);
  EXPECT_EQ(m.points[0].point, (Vec2{0, 0.625}));
}

// ---- Source 002 -----------------------------------------------------------------------------

TEST(ErrataSource002, HillClimbStopsOnAPlateau) {
  // b2FindMaxSeparation starts at A's face 0 (most aligned with the centroids' direction),
  // sees face 3 equal and face 1 lower, and returns −5/√2 ≈ −3.536; face 2 separates by
  // −6/√5 ≈ −2.683. So B's face 0 (−2.757) becomes the reference. touche scans every face:
  // A's face 2, normal (−1, 2)/√5.
  const s002::Polygon pa = s002::makePolygon({{-1, 0}, {0, -1}, {4, 3}, {0, 1}});
  const s002::Polygon pb = s002::makePolygon({{-3, -3}, {4, 0}, {-3, 4}});
  const s002::ReferenceChoice post = s002::referenceFace(pa, pb);
  EXPECT_NEAR(post.separationA, -5 / std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(s002::edgeSeparation(pa, 2, pb), -6 / std::sqrt(5.0), 1e-12);
  EXPECT_TRUE(post.flip);
  EXPECT_EQ(post.edge, 0);

  const Polygon a = makePolygon(pa.vertices);
  const Polygon b = makePolygon(pb.vertices);
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{-0x1.c9f25c5bfedd9p-2, 0x1.c9f25c5bfedd9p-1}));
}

TEST(ErrataSource002, CentreJustOutsideAFaceIsNotInside) {
  // `separation < b2_epsilon` (FLT_EPSILON ≈ 1.2e-7, absolute) counts a centre 2^-30 outside
  // face 1 as inside and uses face 1's normal. It lies beyond vertex 2 (1, 1): touche uses the
  // vertex region, normal (2, 1)/√5.
  const double x = 1 + std::ldexp(1.0, -30);
  const double y = 1 + std::ldexp(1.0, -31);
  const auto post = s002::polygonAndCircle(s002::makePolygon(kUnitBox), 0, {x, y}, 0.5);
  ASSERT_TRUE(post);
  EXPECT_EQ(post->region, s002::PolygonCircleResult::Region::faceInside);
  EXPECT_EQ(post->normal, (Vec2{1, 0}));
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 0.5}, at(x, y));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{2 / std::sqrt(5.0), 1 / std::sqrt(5.0)}));
  EXPECT_EQ(m.points[0].id, fid(kVertex, 2, kVertex, 0));
}

TEST(ErrataSource002, RegionABIsNotWhereTheEndsAreEquidistant) {
  // The annotation reads region AB as "A and B equally far from the centre" and P as their
  // midpoint. The code's region AB is u > 0 and v > 0 (the centre projects inside the edge)
  // and P = (u·A + v·B)/|e|² is the foot. Edge (−1, 0) → (1, 0), centre (0.25, −0.5):
  // region AB although |QA|² = 1.8125 ≠ |QB|² = 0.8125, P = (0.25, 0), not (0, 0).
  const Vec2 q{0.25, -0.5};
  const auto post = s002::edgeAndCircle({-1, 0}, {1, 0}, q, 1);
  ASSERT_TRUE(post);
  EXPECT_EQ(post->region, s002::EdgeCircleResult::Region::AB);
  EXPECT_EQ(post->closest, (Vec2{0.25, 0}));
  EXPECT_NE(dot(q - Vec2{-1, 0}, q - Vec2{-1, 0}), dot(q - Vec2{1, 0}, q - Vec2{1, 0}));
  // touche's chain segment (front below the edge): the interior, id face 0, the foot's normal.
  const ChainSegment chain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
  const Manifold m = collide(chain, at(0, 0), Circle{{0, 0}, 1}, at(q.x, q.y));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  EXPECT_EQ(m.points[0].id, fid(kFace, 0, kVertex, 0));
  EXPECT_EQ(m.points[0].separation, -0.5);
}

TEST(ErrataSource002, EdgeSeparationIsADotProduct) {
  // The annotation says b2EdgeSeparation takes the least cross product of B's vertices with
  // the normal; the code takes the least dot product. A = unit box, face 2 (normal (0, 1));
  // B = box half-extent 0.5 at (0.25, 1.3) turned by 0.3 rad. Least dot: vertex 0, the lowest,
  // separation −0.3254; least cross (x·1 − y·0 = x): vertex 3, the leftmost, which would give
  // +0.63 ("apart"). touche: contact at −0.3254 on A's face 2.
  const Polygon b = box(0.5, 0.5);
  const Transform xfB{{0.25, 1.3}, {std::cos(0.3), std::sin(0.3)}};
  const s002::Polygon pa = s002::makePolygon(kUnitBox);
  const s002::Polygon pb = s002::makePolygon(worldVertices(b, xfB));
  int support = -1;
  const double post = s002::edgeSeparation(pa, 2, pb, &support);
  EXPECT_EQ(support, 0);
  int leastCross = 0;
  for (int i = 1; i < 4; ++i) {
    if (cross(pb.vertices[i], pa.normals[2]) < cross(pb.vertices[leastCross], pa.normals[2])) {
      leastCross = i;
    }
  }
  EXPECT_EQ(leastCross, 3);
  EXPECT_GT(dot(pb.vertices[leastCross] - pa.vertices[2], pa.normals[2]), 0.6);
  const Manifold m = collide(box(1, 1), at(0, 0), b, xfB);
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_NEAR(post, -0.32542834789347, 1e-13);
  double deepest = m.points[0].separation;
  for (int i = 1; i < m.pointCount; ++i)
    deepest = std::min(deepest, m.points[i].separation);
  EXPECT_NEAR(deepest, post, 1e-15);
}

TEST(ErrataSource002, ReferenceFaceIsTheLargerSeparation) {
  // The annotation chooses the reference face as min(minA, minB); the code takes B's face only
  // when separationB > 0.98·separationA + 0.001, i.e. (up to the hysteresis) the larger one.
  // A = unit box, B = a box half-extent 0.5 turned by 45° above it: A's face 2 separates by
  // −0.107, B's best by −0.783. The code: A's face (the larger). touche: the same face.
  const Polygon diamond = box(0.5, 0.5);
  const Transform xfB{{0, 1.6}, {std::cos(std::numbers::pi / 4), std::sin(std::numbers::pi / 4)}};
  const s002::ReferenceChoice post = s002::referenceFace(
      s002::makePolygon(kUnitBox), s002::makePolygon(worldVertices(diamond, xfB)));
  EXPECT_LT(post.separationB, post.separationA);
  EXPECT_FALSE(post.flip);
  EXPECT_EQ(post.edge, 2);
  const Manifold m = collide(box(1, 1), at(0, 0), diamond, xfB);
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].id.typeA, kFace);
  EXPECT_EQ(m.points[0].id.indexA, 2);
}

TEST(ErrataSource002, HysteresisKeepsTheSlightlyWorseFaceOfA) {
  // Within the hysteresis the code keeps A's face although B's is larger: A = unit box,
  // B = (0.9, −1), (2, −1), (2, 1), (1.1, 1). A's face 1 separates by −0.1, B's face 3 by
  // −0.2/√4.04 ≈ −0.0995 > −0.1 but not > 0.98·(−0.1) + 0.001 = −0.097. touche takes the
  // strictly larger: B's face 3, normal (2, −0.2)/√4.04 from A to B.
  const std::vector<Vec2> vb{{0.9, -1}, {2, -1}, {2, 1}, {1.1, 1}};
  const s002::ReferenceChoice post =
      s002::referenceFace(s002::makePolygon(kUnitBox), s002::makePolygon(vb));
  EXPECT_GT(post.separationB, post.separationA);
  EXPECT_FALSE(post.flip);
  EXPECT_EQ(post.edge, 1);
  const Manifold m = collide(box(1, 1), at(0, 0), makePolygon(vb), at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  const double g = std::sqrt(4.04);
  EXPECT_NEAR(m.normal.x, 2 / g, 1e-15);
  EXPECT_NEAR(m.normal.y, -0.2 / g, 1e-15);
  EXPECT_EQ(m.points[0].id.typeB, kFace);
  EXPECT_EQ(m.points[0].id.indexB, 3);
}

// ---- Source 004 (isCollide, one mistake kept at a time) -------------------------------------

/// Every correction but one: the mistake `keep` stays.
s004::Fixes allBut(bool s004::Fixes::*keep) {
  s004::Fixes f = s004::Fixes::all();
  f.*keep = false;
  return f;
}

/// touche's answer for the regular n-gon (its exact polygon, ngon.h) and a circle: the sector
/// predicate and the Voronoi path agree, and both must say `overlap`.
void expectTouche(const RegularPolygon& ngon, double r, Vec2 centre, bool overlap) {
  const RegularPolygonCircleTest t =
      testRegularPolygonAndCircle(ngon, at(0, 0), Circle{{0, 0}, r}, at(centre.x, centre.y));
  EXPECT_EQ(t.overlap, overlap);
  const Manifold m = collide(toPolygon(ngon), at(0, 0), Circle{{0, 0}, r}, at(centre.x, centre.y));
  EXPECT_EQ(m.status, overlap ? Status::contact : Status::noContact) << describe(m);
}

TEST(ErrataSource004, AcosLosesTheSignOfDy) {
  // Triangle R = 2 rotated by 30° (vertices (√3, 1), (−√3, 1), (0, −2)); circle r = 1 at
  // (0, −2.5), 0.5 from the bottom vertex. acos(dx/length) = π/2 is the angle of its mirror
  // image (0, 2.5), which faces the top edge (apothem 1): 2.5 > 1 + 1 → none.
  const double pi = std::numbers::pi;
  const s004::Decision post =
      s004::decide({0, -2.5}, 1, {0, 0}, 2, 3, 30, allBut(&s004::Fixes::atan2Angle));
  EXPECT_TRUE(post.edge);
  EXPECT_NEAR(post.threshold, 2, 1e-12);  // (apothem + r)/cos 0 for the mirror image
  EXPECT_EQ(post.length, 2.5);
  EXPECT_FALSE(post.collide);
  EXPECT_TRUE(s004::isCollide({0, -2.5}, 1, {0, 0}, 2, 3, 30, s004::Fixes::all()));
  expectTouche(RegularPolygon{{0, 0}, 2, 3, pi / 6}, 1, {0, -2.5}, true);
}

TEST(ErrataSource004, StrictComparisonMissesTouching) {
  // Triangle R = 2, rotation 0, vertex (2, 0); circle r = 1 at (3, 0) touches the vertex: the
  // corner threshold is exactly 3 = length, and `length < threshold` says none.
  const s004::Decision post =
      s004::decide({3, 0}, 1, {0, 0}, 2, 3, 0, allBut(&s004::Fixes::touchingCounts));
  EXPECT_FALSE(post.edge);
  EXPECT_EQ(post.threshold, 3.0);
  EXPECT_EQ(post.length, 3.0);
  EXPECT_FALSE(post.collide);
  EXPECT_TRUE(s004::isCollide({3, 0}, 1, {0, 0}, 2, 3, 0, s004::Fixes::all()));
  expectTouche(RegularPolygon{{0, 0}, 2, 3, 0.0}, 1, {3, 0}, true);
  const Manifold m =
      collide(toPolygon(RegularPolygon{{0, 0}, 2, 3, 0.0}), at(0, 0), Circle{{0, 0}, 1}, at(3, 0));
  EXPECT_EQ(m.points[0].separation, 0.0);
}

TEST(ErrataSource004, LengthMinNeedsTheSquareOfTheCircumradius) {
  // lengthMin = √(r² + R·r − 2rR·cos∠WOF) where the law of cosines has R². R = 2, r = 1, n = 3:
  // √5 instead of √7, so A = acos(2.5/√5) = acos(1.118) is NaN and every comparison is false:
  // even a circle centred on the triangle's centre is "no contact".
  EXPECT_FALSE(
      s004::isCollide({0, 0}, 1, {0, 0}, 2, 3, 0, allBut(&s004::Fixes::squareInLengthMin)));
  const s004::Decision post =
      s004::decide({0, 0}, 1, {0, 0}, 2, 3, 0, allBut(&s004::Fixes::squareInLengthMin));
  EXPECT_NEAR(post.lengthMin, std::sqrt(5.0), 1e-15);
  EXPECT_TRUE(std::isnan(post.A));  // acos(2.5/√5 ≈ 1.118)
  EXPECT_TRUE(std::isnan(post.threshold));
  const s004::Decision fixed = s004::decide({0, 0}, 1, {0, 0}, 2, 3, 0, s004::Fixes::all());
  EXPECT_NEAR(fixed.lengthMin, std::sqrt(7.0), 1e-15);
  EXPECT_NEAR(fixed.A, std::acos(2.5 / std::sqrt(7.0)), 1e-15);
  EXPECT_TRUE(s004::isCollide({0, 0}, 1, {0, 0}, 2, 3, 0, s004::Fixes::all()));
  expectTouche(RegularPolygon{{0, 0}, 2, 3, 0.0}, 1, {0, 0}, true);
}

TEST(ErrataSource004, RemainderKeepsTheSignOfTheDividend) {
  // JS % keeps the dividend's sign and Math.trunc rounds toward zero. Triangle R = 2,
  // rotation 0; circle r = 1 at 1.9 along −60° (edge 2's normal): 0.9 from edge 2, contact.
  // The angle −π/3 gives the sector offset −π/3 (not π/3), so the edge test fails and the
  // post's corner formula (its linear angle map, kept as the post has it: the far-crossing
  // correction has no real root at so meaningless an angle), gives ≈ 1.0213 < 1.9: none.
  const Vec2 c{1.9 * std::cos(-std::numbers::pi / 3), 1.9 * std::sin(-std::numbers::pi / 3)};
  s004::Fixes keep = allBut(&s004::Fixes::wrapSector);
  keep.trueCornerCrossing = false;
  const s004::Decision post = s004::decide(c, 1, {0, 0}, 2, 3, 0, keep);
  EXPECT_FALSE(post.edge);
  EXPECT_NEAR(post.threshold, 1.0213, 5e-5);
  EXPECT_FALSE(post.collide);
  EXPECT_TRUE(s004::isCollide(c, 1, {0, 0}, 2, 3, 0, s004::Fixes::all()));
  expectTouche(RegularPolygon{{0, 0}, 2, 3, 0.0}, 1, c, true);
}

TEST(ErrataSource004, CornerThresholdKeepsTheRotation) {
  // firstAngle includes the rotation, secondAngle does not: the corner distance becomes
  // √(R² + r² + 2Rr·cos(rotation − φ)). Square R = √2 turned by 45°, circle r = 1 at (1.6, 1.6)
  // straight out from vertex (1, 1), 0.849 away: threshold √5 ≈ 2.236 < |c| = 2.263 → none.
  // (The linear angle map is exact at δ = 0, so it is kept as the post has it.)
  s004::Fixes keep = allBut(&s004::Fixes::rotationInCorner);
  keep.trueCornerCrossing = false;
  const double rho = std::sqrt(2.0);
  const s004::Decision post = s004::decide({1.6, 1.6}, 1, {0, 0}, rho, 4, 45, keep);
  EXPECT_FALSE(post.edge);
  EXPECT_NEAR(post.threshold, std::sqrt(5.0), 1e-12);
  EXPECT_NEAR(post.length, 2.263, 5e-4);
  EXPECT_NEAR(std::hypot(0.6, 0.6), 0.849, 5e-4);  // from the vertex (1, 1)
  EXPECT_FALSE(post.collide);
  EXPECT_TRUE(s004::isCollide({1.6, 1.6}, 1, {0, 0}, rho, 4, 45, s004::Fixes::all()));
  expectTouche(RegularPolygon{{0, 0}, rho, 4, std::numbers::pi / 4}, 1, {1.6, 1.6}, true);
}

TEST(ErrataSource004, CornerAngleIsNotLinearInTheCentreAngle) {
  // secondAngle maps the centre's angle δ ∈ [−A, A] linearly onto φ ∈ [−π/n, π/n]; the true
  // relation tan δ = r·sin φ/(R + r·cos φ) is linear only for R = r. Triangle R = 2, circle
  // r = 1 at (2.87, 0.49), 0.9985 from vertex (2, 0): the linear map's threshold 2.9067 <
  // |c| = 2.9115 → none; the true far crossing is 2.9131.
  const s004::Decision post =
      s004::decide({2.87, 0.49}, 1, {0, 0}, 2, 3, 0, allBut(&s004::Fixes::trueCornerCrossing));
  EXPECT_FALSE(post.edge);
  EXPECT_NEAR(post.threshold, 2.9067, 5e-5);
  EXPECT_NEAR(post.length, 2.9115, 5e-5);
  EXPECT_FALSE(post.collide);
  const s004::Decision fixed = s004::decide({2.87, 0.49}, 1, {0, 0}, 2, 3, 0, s004::Fixes::all());
  EXPECT_NEAR(fixed.threshold, 2.9131, 5e-5);
  EXPECT_TRUE(fixed.collide);
  expectTouche(RegularPolygon{{0, 0}, 2, 3, 0.0}, 1, {2.87, 0.49}, true);
}

TEST(ErrataSource004, AsWrittenTheFunctionNeverReportsContactForTheseShapes) {
  // With every mistake in place the NaN of lengthMin decides alone: each counterexample above,
  // and a circle centred on the n-gon, is "no contact".
  for (const Vec2 c : {Vec2{3, 0}, Vec2{0, 0}, Vec2{2.87, 0.49}}) {
    EXPECT_FALSE(s004::isCollide(c, 1, {0, 0}, 2, 3, 0)) << c.x << ", " << c.y;
  }
  EXPECT_FALSE(s004::isCollide({0, 0}, 1, {0, 0}, std::sqrt(2.0), 4, 45));
}

// ---- Source 001 (ray casting; the exact answers computed here) ------------------------------

TEST(ErrataSource001, TangentTestByFloatEqualityMissesAnExactTangent) {
  // Ray from (0, 0) along (5, 12)/13; circle (28, 101), r = 13: exactly tangent, since
  // cross((5, 12), (28, 101)) = 169 = 13·13. In doubles the foot's distance b is
  // 13.000000000000002 > r: intersectArc says "disjoint" and the hit is lost. (Along (3, 4)/5
  // with centre (−1, 7), r = 5, b rounds below r instead and the "secant" d = √(r² − b²) puts
  // the hit 5e-8 before the tangent point.)
  const Rational cr = cross(ExactVec2{5, 12}, ExactVec2{28, 101});
  EXPECT_EQ(cr, Rational(169));
  const s001::Ray ray{{0, 0}, {5.0 / 13, 12.0 / 13}};
  EXPECT_FALSE(ray.intersectArc(s001::Arc{{28, 101}, 13}));

  const s001::Ray other{{0, 0}, {0.6, 0.8}};
  const auto near = other.intersectArc(s001::Arc{{-1, 7}, 5});
  ASSERT_TRUE(near);
  EXPECT_NE(*near, (Vec2{3, 4}));  // the tangent point, exactly
  EXPECT_NEAR(near->x, 3, 1e-7);
}

TEST(ErrataSource001, RayThroughASegmentEndpointMissesIt) {
  // intersectSegment keeps a hit only when |AP|² < |AB|² and |BP|² < |AB|² (the text: ≤). A
  // ray from (0, −1) straight up through (0, 0), the vertex shared by (−1, 0) → (0, 0) and
  // (0, 0) → (1, 0), misses both segments and passes through the wall.
  const s001::Ray ray{{0, -1}, {0, 1}};
  EXPECT_FALSE(ray.intersectSegment({-1, 0}, {0, 0}));
  EXPECT_FALSE(ray.intersectSegment({0, 0}, {1, 0}));
  EXPECT_TRUE(ray.intersectSegment({-1, 0}, {1, 0}));  // the same wall in one piece
}

TEST(ErrataSource001, PointOnRayTestExcludesTheOrigin) {
  // intersectLine keeps a crossing only when v·(P − O) > 0 (the text: ≥ 0). A ray starting on
  // the segment (0, 0) → (1, 0) at (0.5, 0) and pointing at its front: the text's hit is the
  // origin itself, the code finds none.
  const s001::Ray ray{{0.5, 0}, {0, 1}};
  EXPECT_GE(cross(Vec2{1, 0}, ray.direction), 0.0);  // the front test passes
  EXPECT_FALSE(ray.intersectSegment({0, 0}, {1, 0}));
}

TEST(ErrataSource001, BoundingBoxElseIfNeverRaisesMaxForADescendingPoint) {
  // expand() with `else if`: from min = +∞, max = −∞ the first point only sets min, and a
  // later smaller point only lowers it: points (1, 1) then (0, 0) leave max at −∞ (should be
  // (1, 1)).
  s001::Box box;
  s001::expand(box, {1, 1});
  s001::expand(box, {0, 0});
  EXPECT_EQ(box.min, (Vec2{0, 0}));
  EXPECT_EQ(box.max, (Vec2{-sources::kInf, -sources::kInf}));
}

TEST(ErrataSource001, RayFromInsideACounterClockwiseArcIsMissed) {
  // projectByPoint returns null when the centre is behind the origin, so intersectArc gives up;
  // the text handles an origin inside a counter-clockwise arc (B = F + d·v). Unit circle, arc
  // counter-clockwise from π/2 to −π/2 (the right half), ray from (0.5, 0) along (1, 0): it
  // leaves through (1, 0), where the arc faces it.
  const s001::Arc arc{{0, 0}, 1, std::numbers::pi / 2, -std::numbers::pi / 2, true};
  const s001::Ray ray{{0.5, 0}, {1, 0}};
  EXPECT_FALSE(ray.intersectArc(arc));
  EXPECT_TRUE(arc.isPointInRange({1, 0}));
  EXPECT_TRUE(ray.isIntersectionInArcFront({1, 0}, arc));  // the exit is a front hit
}

TEST(ErrataSource001, EntryBehindTheOriginIsReturnedForAClockwiseArc) {
  // Nothing in intersectArc checks that a crossing lies ahead of the origin. Unit circle
  // (clockwise, full), ray from (−0.5, 0) along (1, 0), origin inside: the text says a
  // clockwise arc cannot be hit from inside; the code returns the entry (−1, 0), 0.5 behind.
  const s001::Ray ray{{-0.5, 0}, {1, 0}};
  const auto hit = ray.intersectArc(s001::Arc{{0, 0}, 1});
  ASSERT_TRUE(hit);
  EXPECT_EQ(*hit, (Vec2{-1, 0}));
  EXPECT_LT(dot(*hit - ray.origin, ray.direction), 0.0);
}

TEST(ErrataSource001, CodeCallsTheExitPointA) {
  // The text: A = F − d·v (entry), B = F + d·v. The code: A = FRay.at(d) = F + d·v, the exit,
  // tried first. Ray from (−2, 0) along (1, 0), unit circle: the code's A is (1, 0); the front
  // test rejects it and the result is the code's B, (−1, 0) — the text's A.
  const s001::Ray ray{{-2, 0}, {1, 0}};
  s001::Ray::ArcCrossings crossings;
  const auto hit = ray.intersectArc(s001::Arc{{0, 0}, 1}, &crossings);
  EXPECT_EQ(crossings.first, (Vec2{1, 0}));
  EXPECT_EQ(crossings.second, (Vec2{-1, 0}));
  ASSERT_TRUE(hit);
  EXPECT_EQ(*hit, crossings.second);
}

TEST(ErrataSource001, WithdrawnArcFrontTestReturnsThePoint) {
  // Withdrawn erratum: isIntersectionInArcFront returns the intersection it was given (not the
  // ray). The same ray: the hit is the entry (−1, 0), not the ray's origin.
  const s001::Ray ray{{-2, 0}, {1, 0}};
  const auto hit = ray.isIntersectionInArcFront({-1, 0}, s001::Arc{{0, 0}, 1});
  ASSERT_TRUE(hit);
  EXPECT_EQ(*hit, (Vec2{-1, 0}));
}

TEST(ErrataSource001, QuadraticCoefficientBUsesTheWrongPoint) {
  // The text's b = 2(m − c)·d: the only c it defines is the constant term (m − o)² − r², so
  // read as printed the roots miss the circle. Line m = (−3, 0), d = (1, 0), unit circle at
  // the origin: c = 8, b = 2·(−11) = −22, roots 0.37 and 21.6 — points (−2.63, 0) and
  // (18.6, 0). With b = 2(m − o)·d = −6: roots 2 and 4, the points (−1, 0) and (1, 0).
  const Vec2 m{-3, 0};
  const Vec2 d{1, 0};
  const s001::Quadratic text = s001::textQuadratic(m, d, {0, 0}, 1);
  EXPECT_EQ(text.b, -22.0);
  for (const double x : {text.roots().first, text.roots().second}) {
    EXPECT_GT(std::fabs(length(m + x * d) - 1), 0.5) << x;
  }
  const s001::Quadratic right{text.a, 2 * dot(m, d), text.c};
  EXPECT_EQ(right.roots().first, 2.0);
  EXPECT_EQ(right.roots().second, 4.0);
}

TEST(ErrataSource001, PositiveDiscriminantIsCalledDisjoint) {
  // The text's third verdict: b² − 4ac > 0 → "disjoint" (相离); two roots mean a secant. The
  // line y = 0 through the unit circle: Δ = 36 − 32 = 4 > 0, and it crosses at (±1, 0).
  const s001::Quadratic q{1, -6, 8};
  EXPECT_GT(q.discriminant(), 0.0);
  EXPECT_EQ(q.textVerdict(), s001::Quadratic::Verdict::disjoint);
  EXPECT_EQ(q.roots().first, 2.0);
}

TEST(ErrataSource001, ArcTangentOfTheRatioLosesTheQuadrant) {
  // The text tests start ≤ arctan(OB.y/OB.x) ≤ end: arctan's range is (−π/2, π/2), so a point
  // left of the centre is never in range. Arc from 3π/4 to 5π/4, OB = (−1, 0): arctan(−0) = −0,
  // outside; its angle π is inside — as the code's isPointInRange (via angle()) says.
  const double pi = std::numbers::pi;
  EXPECT_FALSE(s001::textAngleInArc({-1, 0}, 3 * pi / 4, 5 * pi / 4));
  EXPECT_TRUE((s001::Arc{{0, 0}, 1, 3 * pi / 4, 5 * pi / 4}.isPointInRange({-1, 0})));
}

TEST(ErrataSource001, BoundingBoxTestAcceptsBoxesBehindAndRejectsGrazingRays) {
  // The slab test asks only that the line's two intervals overlap, strictly. Box [0, 1]²:
  // a ray from (5, 5) along (1, 1)/√2 has the box entirely behind it (t ∈ [−5√2, −4√2]) and is
  // accepted; a ray from (−1, 1) along (1, 0) runs along the top edge and one from (−1, 0)
  // along (1, 1)/√2 touches the corner (0, 1): both rejected, though each meets the box.
  const s001::Box unit{{0, 0}, {1, 1}};
  const double h = std::sqrt(0.5);
  EXPECT_TRUE(s001::intersectBoundingBox(s001::Ray{{5, 5}, {h, h}}, unit));
  EXPECT_FALSE(s001::intersectBoundingBox(s001::Ray{{-1, 1}, {1, 0}}, unit));
  EXPECT_FALSE(s001::intersectBoundingBox(s001::Ray{{-1, 0}, {h, h}}, unit));
  EXPECT_TRUE(s001::intersectBoundingBox(s001::Ray{{-1, -1}, {h, h}}, unit));  // a plain hit
}

TEST(ErrataSource001, ElseIfBoxLeavesOutTheFirstVertexAndCullsItsHit) {
  // expand()'s `else if` in a whole box: the triangle (5, 0), (3, 1), (4, −1) in that order
  // (counter-clockwise). x: 5 sets only min, 3 lowers it, 4 raises max from −∞: the box is
  // [3, 4] × [−1, 1] and the first vertex, the rightmost, is outside it. A ray from (4.5, 3)
  // straight down meets the triangle at (4.5, 0.25), and intersectBoundingBox culls it.
  s001::Box box;
  for (const Vec2 p : {Vec2{5, 0}, Vec2{3, 1}, Vec2{4, -1}})
    s001::expand(box, p);
  EXPECT_EQ(box.min, (Vec2{3, -1}));
  EXPECT_EQ(box.max, (Vec2{4, 1}));
  EXPECT_FALSE(s001::intersectBoundingBox(s001::Ray{{4.5, 3}, {0, -1}}, box));
  // touche: the box holds every vertex, the cast hits, and so does the BVH over the scene.
  const Polygon triangle = makePolygon({{5, 0}, {3, 1}, {4, -1}});
  EXPECT_EQ(aabbOf(triangle, {}), (Aabb{{3, -1}, {5, 1}}));
  const CastInput ray{{4.5, 3}, {0, -4}, 0.0, 1.0};
  const CastResult hit = cast(triangle, {}, ray);
  ASSERT_EQ(hit.status, CastStatus::hit);
  EXPECT_EQ(hit.point, (Vec2{4.5, 0.25}));
  EXPECT_EQ(firstHit(buildBvh(std::vector<PlacedShape>{{triangle, {}}}), ray).index, 0);
}

// ---- Source 003 (impulses; the exact answers computed here) ---------------------------------

TEST(ErrataSource003, AngularVelocityUpdateIsAnAssignment) {
  // The text prints "ω1+ω1- + (r1 × Jn) / I1"; the code (applyImpulse) assigns
  // ω += (p − centroid) × J / I. r1 = (0, 1), J = (2, 0), I = 4: ω 1 → 0.5.
  s003::Body body{{0, 0}, 1.0, 1.0, 0.25, {0, 0}, {0, 0}};
  s003::applyImpulse(body, {2, 0}, {0, 1});
  EXPECT_EQ(body.angularVelocity, 0.5);
  EXPECT_EQ(body.velocity, (Vec2{2, 0}));
}

TEST(ErrataSource003, ContactVelocityIsOmegaCrossR) {
  // The text: v' = v + r × ω. The code uses scalarCross, (−ω·r.y, ω·r.x) = ω × r, which is
  // right: a body turning at ω = 1 moves its point r = (1, 0) along (0, 1) (the derivative of
  // (cos t, sin t)); r × ω = (r.y·ω, −r.x·ω) = (0, −1) points the other way.
  const Vec2 r{1, 0};
  const double omega = 1;
  EXPECT_EQ(s003::scalarCross(r, omega), (Vec2{0, 1}));
  const double h = 1e-6;
  EXPECT_NEAR((std::sin(h) - 0) / h, s003::scalarCross(r, omega).y, 1e-6);
  EXPECT_EQ((Vec2{r.y * omega, -r.x * omega}), (Vec2{0, -1}));
}

TEST(ErrataSource003, ImpulseTakesTheNormalComponentOfVr) {
  // The text's J = −vr(e + 1)/(…) multiplies a vector; the code uses vr·n. Two unit masses
  // with no inertia terms (r × n = 0), e = 0, n = (0, 1): relative velocities (0, −2) and
  // (5, −2) differ in length (2 vs 5.39) but not along n, and give the same jn = −1.
  for (const double tangential : {0.0, 5.0}) {
    s003::Body a{{tangential, -1}, 0, 1, 1, {0, 1}, {}};
    s003::Body b{{0, 1}, 0, 1, 1, {0, -1}, {}};
    EXPECT_EQ(s003::applyCollisionImpulse(a, b, {0, 0}, {0, -1}, 0), -1.0) << tangential;
  }
}

TEST(ErrataSource003, NoGuardForSeparatingBodies) {
  // The impulse is applied whatever the sign of vr·n. A at (−1, 0) moving left, B at (1, 0)
  // moving right, n = (1, 0) from A to B, e = 0.5: vr·n = −2 (separating), jn = 1.5 > 0 pulls
  // them together: afterwards A moves right at 0.5 and B left at 0.5.
  s003::Body a{{-1, 0}, 0, 1, 0, {-1, 0}, {}};
  s003::Body b{{1, 0}, 0, 1, 0, {1, 0}, {}};
  EXPECT_EQ(s003::applyCollisionImpulse(a, b, {0, 0}, {1, 0}, 0.5), 1.5);
  EXPECT_EQ(a.velocity, (Vec2{0.5, 0}));
  EXPECT_EQ(b.velocity, (Vec2{-0.5, 0}));
  EXPECT_GT(dot(a.velocity - b.velocity, Vec2{1, 0}), 0.0);  // now approaching
}

TEST(ErrataSource003, FrictionTangentIsUndefinedForNormalVelocity) {
  // Head-on impact: after the normal impulse vr is along n, vr − (vr·n)n = (0, 0) and the
  // tangent is normalize((0, 0)) — NaN with a normalize that divides by the length (the post
  // does not show its own): the friction impulse, and then both velocities, become NaN. The
  // friction impulse must be 0 there.
  s003::Body a{{0, -3}, 0, 1, 0, {0, 1}, {}};
  s003::Body b{{0, 0}, 0, 1, 0, {0, -1}, {}};
  s003::applyCollisionImpulse(a, b, {0, 0}, {0, -1}, 0.5, 0.3);
  EXPECT_TRUE(std::isnan(a.velocity.x));
  EXPECT_TRUE(std::isnan(b.velocity.y));
}

TEST(ErrataSource003, TwoStaticBodiesDivideByZero) {
  // Neither applyCollisionImpulse nor correctPosition guards the sum of inverse masses: for
  // two static bodies (inverse mass and inertia 0) kn = 0, jn = −(1.5·0)/0 = NaN, and the
  // position correction (0.25 − 0.05)/0·0.4 = ∞ moves each body by 0·∞ = NaN.
  s003::Body a{{0, 0}, 0, 0, 0, {0, 1}, {0, 1}};
  s003::Body b{{0, 0}, 0, 0, 0, {0, -1}, {0, -1}};
  EXPECT_TRUE(std::isnan(s003::applyCollisionImpulse(a, b, {0, 0}, {0, -1}, 0.5)));
  s003::correctPosition(a, b, 0.25, {0, -1});
  EXPECT_TRUE(std::isnan(a.position.y));
  EXPECT_TRUE(std::isnan(b.position.y));
}

}  // namespace
}  // namespace touche::reference::testing
