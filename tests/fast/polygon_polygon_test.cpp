// touche — fast engine, polygon–polygon golden tests (double and float, A/B swapped).
//
// A is makeBox(1, 1) unless stated: v0 (−1,−1), v1 (1,−1), v2 (1,1), v3 (−1,1); faces 0 bottom,
// 1 right, 2 top, 3 left. B is written in world coordinates with the identity transform, with
// dyadic coordinates so that every SAT decision below is far from a tie.
#include <gtest/gtest.h>

#include <cmath>

#include "expect.h"
#include "touche/fast/batch.h"

namespace touche::fast::test {
namespace {

const Polygon kBox = makeBox(1, 1);

// B: tilted square (−0.5, 0.875), (0.5, 0.75), (0.75·…): edges e0 = (1, −0.125),
// e1 = (0.125, 1), e2 = (−1, 0.125), e3 = (−0.125, −1); L = |e| = √1.015625 ≈ 1.00778.
const Polygon kTiltedOnTop = polygon({{-0.5, 0.875}, {0.5, 0.75}, {0.625, 1.75}, {-0.375, 1.875}});

// SAT A: face 2 gives min(y) − 1 = −0.25; faces 1, 0, 3 give −1.5, −2.875, −1.625 → −0.25.
// SAT B: face 0 (n = (−0.125, −1)/L) against A's v2: (1.5, 0.125)·n = −0.3125/L ≈ −0.310;
// the other faces of B are below −1.5 → sepB ≈ −0.310 < −0.25: reference = A's face 2.
// Incident: B's normal most anti-parallel to (0, 1) is n0 (dot −1/L): edge 0, w1 = (−0.5,
// 0.875) → w2 = (0.5, 0.75). Tangent of face 2 is (−1, 0) from v2 (1,1), extent 2:
// t(w1) = 1.5, t(w2) = 0.5, both inside → no clipping.
// w2: sepRaw −0.25 → point (0.5, 0.75 + 0.125) = (0.5, 0.875), id (face 2, vertex 1).
// w1: sepRaw −0.125 → point (−0.5, 0.9375), id (face 2, vertex 0).
TEST(FastPolygonPolygon, TiltedSquareOnTopFaceTwoUnclippedPoints) {
  const Golden g{Status::contact,
                 {0, 1},
                 {{{0.5, 0.875}, -0.25, fv(2, 1)}, {{-0.5, 0.9375}, -0.125, fv(2, 0)}}};
  expectBothWays(kBox, kIdentity, kTiltedOnTop, kIdentity, g);
  expectRigidMotionInvariance(kBox, kIdentity, kTiltedOnTop, kIdentity, g, {{3, -2}, {0, 1}});
  expectRigidMotionInvariance(kBox, kIdentity, kTiltedOnTop, kIdentity, g, {{-7, 5}, {0.6, 0.8}},
                              {}, 10.0);
}

// The same world geometry with B given in its own frame: xfB = quarter turn about (0.5, 1.25),
// world = (−y, x) + p, so local = ((w − p).y, −(w − p).x): (−0.375, 1), (−0.5, 0),
// (0.5, −0.125), (0.625, 0.875) (a rotation keeps the counter-clockwise order and the vertex
// numbering). Every quantity the engine computes after moving B into A's frame is the one of
// the world-frame case, so the golden manifold is the same: B's faces move with B (plane
// offsets translated, normals rotated by the relative rotation, not its inverse).
TEST(FastPolygonPolygon, BodyFrameOfBRotatedAndTranslatedGivesTheWorldFrameAnswer) {
  const Polygon local = polygon({{-0.375, 1}, {-0.5, 0}, {0.5, -0.125}, {0.625, 0.875}});
  const Transform xfB{{0.5, 1.25}, {0, 1}};
  const Golden g{Status::contact,
                 {0, 1},
                 {{{0.5, 0.875}, -0.25, fv(2, 1)}, {{-0.5, 0.9375}, -0.125, fv(2, 0)}}};
  expectBothWays(kBox, kIdentity, local, xfB, g);
}

// Same B, A rounded by 0.25 and B by 0.125 (rRef = 0.25, rInc = 0.125): separations shift by
// −0.375; points move to x + ½(0.25 − 0.125 − sepRaw)·n: w2 → (0.5, 0.75 + 0.1875) =
// (0.5, 0.9375), sep −0.625; w1 → (−0.5, 0.875 + 0.125) = (−0.5, 1.0), sep −0.5.
TEST(FastPolygonPolygon, RoundedPolygonsShiftSeparationAndMidpoint) {
  Polygon a = kBox;
  a.radius = 0.25;
  Polygon b = kTiltedOnTop;
  b.radius = 0.125;
  const Golden g{
      Status::contact, {0, 1}, {{{0.5, 0.9375}, -0.625, fv(2, 1)}, {{-0.5, 1.0}, -0.5, fv(2, 0)}}};
  expectBothWays(a, kIdentity, b, kIdentity, g);
}

// B: (0.25, 0.5), (1.25, 0.75), (1, 1.75), (0, 1.5), edges (1, 0.25), (−0.25, 1), (−1, −0.25),
// (0.25, −1); L = √1.0625. SAT A: face 2, min(y) − 1 = −0.5 (face 1: −1). SAT B: face 0
// (n = (0.25, −1)/L, v0 = (0.25, 0.5)) is deepest at A's v3: (−1.25, 0.5)·n = −0.8125/L ≈
// −0.788; face 3 ≈ −0.849, faces 1, 2 < −2 → sepB ≈ −0.788 < −0.5: reference = A's face 2.
// Incident: B's edge 0, w1 = (0.25, 0.5) → w2 = (1.25, 0.75). t(w1) = 0.75, t(w2) = −0.25 < 0
// → clipped at t = 0 (x = 1): fraction 0.25/1 → (1, 0.6875), id (vertex 2, face 0), sepRaw
// −0.3125 → point (1, 0.84375). w1 unclipped: sepRaw −0.5 → (0.25, 0.75), id (face 2, vertex 0).
const Polygon kTiltedOverCorner = polygon({{0.25, 0.5}, {1.25, 0.75}, {1, 1.75}, {0, 1.5}});

TEST(FastPolygonPolygon, IncidentEdgeClippedAtReferenceVertex) {
  const Golden g{
      Status::contact, {0, 1}, {{{1, 0.84375}, -0.3125, vf(2, 0)}, {{0.25, 0.75}, -0.5, fv(2, 0)}}};
  expectBothWays(kBox, kIdentity, kTiltedOverCorner, kIdentity, g);
  expectRigidMotionInvariance(kBox, kIdentity, kTiltedOverCorner, kIdentity, g, {{3, -2}, {0, 1}});
}

// The same B lifted by 0.625: w1 = (0.25, 1.125), w2 = (1.25, 1.375). SAT A: 0.125 (face 2);
// SAT B face 0 at A's v3: (−1.25, −0.125)·(0.25, −1)/L = −0.1875/L ≈ −0.182 → A's face 2.
// Separated (0.125 > 0) but the closest points are w1 and its foot (0.25, 1) on the interior
// of the reference edge → not vertex–vertex; clip: lower end clipped at x = 1 → (1, 1.3125),
// sepRaw 0.3125; upper w1, sepRaw 0.125.
// Margin 0.25 keeps only w1: point (0.25, 1.0625), separation 0.125, id (face 2, vertex 0).
// Margin 0.5 keeps both; the clipped one at (1, 1.15625), separation 0.3125, (vertex 2, face 0).
// Margin 0.0625 < 0.125: no contact.
TEST(FastPolygonPolygon, MarginDropsTheFartherClippedPoint) {
  Polygon lifted = kTiltedOverCorner;
  for (int i = 0; i < lifted.count; ++i)
    lifted.vertices[i].y += 0.625;
  const Golden one{Status::contact, {0, 1}, {{{0.25, 1.0625}, 0.125, fv(2, 0)}}};
  const Golden two{Status::contact,
                   {0, 1},
                   {{{1, 1.15625}, 0.3125, vf(2, 0)}, {{0.25, 1.0625}, 0.125, fv(2, 0)}}};
  expectBothWays(kBox, kIdentity, lifted, kIdentity, one, Options{0.25});
  expectBothWays(kBox, kIdentity, lifted, kIdentity, two, Options{0.5});
  expectBothWays(kBox, kIdentity, lifted, kIdentity, noContact(), Options{0.0625});
}

// B = box half 1 at (2.5, 2.75): B's v0 = (1.5, 1.75). SAT A: face 2 → 0.75 (face 1: 0.5);
// SAT B: face 0 → 0.75: exact tie → A's face 2. Incident: B's face 0 (1.5, 1.75) → (3.5, 1.75).
// Closest points of (1,1)–(−1,1) and that edge: v2 (1, 1) and B's v0 (1.5, 1.75), both
// endpoints → vertex–vertex. d = (0.5, 0.75), |d| = √0.8125 ≈ 0.901388, normal d/|d|, point
// midway (1.25, 1.375), id (vertex 2, vertex 0). Margin 0.875 passes the SAT gap (0.75) but
// not the vertex distance → no contact.
TEST(FastPolygonPolygon, SeparatedCornersGiveVertexVertexPoint) {
  const Transform xfB{{2.5, 2.75}, {}};
  const double d = std::sqrt(0.8125);
  const Golden g{Status::contact, {0.5 / d, 0.75 / d}, {{{1.25, 1.375}, d, vv(2, 0)}}};
  expectBothWays(kBox, kIdentity, kBox, xfB, g, Options{1.0});
  expectBothWays(kBox, kIdentity, kBox, xfB, noContact(), Options{0.875});
  expectRigidMotionInvariance(kBox, kIdentity, kBox, xfB, g, {{3, -2}, {0, 1}}, Options{1.0});
}

// Vertex–vertex with the reference face on B. B = triangle P0 (1.5, 1.5), P1 (2.5, 0.75),
// P2 (2.5, 2.5); face 0 = P0 → P1, edge (1, −0.75), outward normal (−0.6, −0.8), offset −2.1.
// SAT B: face 0 at A's v2 (1, 1): −1.4 + 2.1 = 0.7 (face 1, x = 2.5: −3.5; face 2, normal
// (−1, 1)/√2 through P0: −√2) → 0.7. SAT A: face 1 (x = 1) 0.5, face 2 (y = 1) −0.25 → 0.5
// < 0.7: B's face 0 is the reference. Incident: A's face 2 (dot −0.8), v2 (1, 1) → v3 (−1, 1).
// A's v2 projects onto B's face before P0 ((−0.5, −0.5)·(0.8, −0.6) < 0) and P0 lies right of
// A's face 2, so the closest points are P0 and v2: one vertex–vertex point, normal A → B
// (1, 1)/√2 (the reference-to-incident direction negated), point midway (1.25, 1.25),
// separation √0.5 ≈ 0.70711, id (vertex 2 of A, vertex 0 of B). Margin 1 keeps it.
TEST(FastPolygonPolygon, VertexVertexWithReferenceFaceOnBPointsFromAToB) {
  const Polygon b = polygon({{1.5, 1.5}, {2.5, 0.75}, {2.5, 2.5}});
  const double d = std::sqrt(0.5);
  const Golden g{Status::contact, {d, d}, {{{1.25, 1.25}, d, vv(2, 0)}}};
  expectBothWays(kBox, kIdentity, b, kIdentity, g, Options{1.0});
  expectRigidMotionInvariance(kBox, kIdentity, b, kIdentity, g, {{3, -2}, {0, 1}}, Options{1.0});
}

// Rounded corners: A radius 0.375, B radius 0.25, B = box half 1 at (2.25, 2.5) (v0 = (1.25,
// 1.5)). SAT gaps 0.5 (tie → A's face 2) minus radii 0.625 → within margin 0. Vertex–vertex:
// d = (0.25, 0.5), |d| = √0.3125 ≈ 0.559017, separation |d| − 0.625 ≈ −0.065983 (contact,
// one point — clipping would give two points on the face normal). Point: midway between
// (1, 1) + 0.375·n and (1.25, 1.5) − 0.25·n = (1.125, 1.25) + 0.0625·n.
TEST(FastPolygonPolygon, RoundedCornersVertexVertexSinglePoint) {
  const Polygon a = makeBox(1, 1, 0.375);
  const Polygon b = makeBox(1, 1, 0.25);
  const Transform xfB{{2.25, 2.5}, {}};
  const double d = std::sqrt(0.3125);
  const Vec2 n{0.25 / d, 0.5 / d};
  const Golden g{
      Status::contact, n, {{{1.125 + 0.0625 * n.x, 1.25 + 0.0625 * n.y}, d - 0.625, vv(2, 0)}}};
  expectBothWays(a, kIdentity, b, xfB, g);
  // With smaller radii (0.25 + 0.25) the corners are 0.059 apart: no contact.
  expectBothWays(makeBox(1, 1, 0.25), kIdentity, b, xfB, noContact());
}

// Boxes touching exactly: B = box half 1 at (2, 0.5). SAT: A's face 1 and B's face 3 both 0 →
// A's face 1 (v1 (1,−1) → v2 (1,1), t = (0, 1), extent 2). Incident: B's face 3, w1 = (1, 1.5)
// → w2 = (1, −0.5): t(w2) = 0.5 kept (id (face 1, vertex 0)); t(w1) = 2.5 > 2 → clipped at v2:
// (1, 1), id (vertex 2, face 3). Both at separation 0. Swapped, B's face 3 is the reference
// and the same two points come out with the same ids (the configuration is symmetric).
TEST(FastPolygonPolygon, BoxesTouchingExactlyAreInContact) {
  const Golden g{Status::contact, {1, 0}, {{{1, -0.5}, 0.0, fv(1, 0)}, {{1, 1}, 0.0, vf(2, 3)}}};
  expectBothWays(kBox, kIdentity, kBox, {{2, 0.5}, {}}, g);
}

// B = box half 1 at (2.25, 0.5): parallel faces 0.25 apart, overlapping extents → not
// vertex–vertex. Margin 0 → no contact; margin 0.25 → two points at separation 0.25,
// x = 1.125 (midway between x = 1 and x = 1.25): (1.125, −0.5) and (1.125, 1).
TEST(FastPolygonPolygon, ParallelFacesWithinMarginGiveTwoPoints) {
  const Transform xfB{{2.25, 0.5}, {}};
  const Golden g{
      Status::contact, {1, 0}, {{{1.125, -0.5}, 0.25, fv(1, 0)}, {{1.125, 1}, 0.25, vf(2, 3)}}};
  expectBothWays(kBox, kIdentity, kBox, xfB, noContact());
  expectBothWays(kBox, kIdentity, kBox, xfB, g, Options{0.25});
}

// B's face is the reference (sepB > sepA): a small square B pushed 0.125 into A's top face is
// the previous tilted configuration with roles exchanged; checked by running the tilted case
// with the tilted square as A: normal (0, −1), ids swapped (vertex of A on B's face).
TEST(FastPolygonPolygon, ReferenceFaceOnBWhenItsSeparationIsLarger) {
  const Golden g{Status::contact,
                 {0, -1},
                 {{{0.5, 0.875}, -0.25, vf(1, 2)}, {{-0.5, 0.9375}, -0.125, vf(0, 2)}}};
  const Manifold m = collide(kTiltedOnTop, kIdentity, kBox, kIdentity);
  expectMatches(m, g, kTolDouble, "tilted as A");
  // Box2D v3 order when B holds the reference face: the upper end (w1 side) first.
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.points[0].id, vf(0, 2));
}

// Exact three-way tie: B = box half 0.5 at (1.25, 1.25). A's faces 1 and 2 and B's faces 0 and
// 3 all separate by −0.25. Rule: A first, then the lower index → A's face 1, normal (1, 0).
// Incident: B's face 3, w1 = (0.75, 1.75) → w2 = (0.75, 0.75); along t = (0, 1) from v1 (1, −1)
// with extent 2: t(w2) = 1.75 kept → point (0.875, 0.75), id (face 1, vertex 0); t(w1) = 2.75
// clipped at v2 → (0.75, 1) → point (0.875, 1), id (vertex 2, face 3). Both separations −0.25.
// Swapped, the small box is A: its faces 0 and 3 tie → face 0, normal (0, −1) (not the
// swapped normal of the first answer): ref v0' (0.75, 0.75) → v1' (1.75, 0.75), t = (1, 0),
// extent 1; incident: the big box's face 2, w1 = (1, 1) (t 0.25, kept, id (face 0, vertex 2)),
// w2 = (−1, 1) (t −1.75, clipped at v0' → (0.75, 1), id (vertex 0, face 2)); points
// (0.75, 0.875) and (1, 0.875) at separation −0.25.
TEST(FastPolygonPolygon, ExactThreeWayTiePrefersAThenLowerIndex) {
  const Polygon small = makeBox(0.5, 0.5);
  const Transform xfB{{1.25, 1.25}, {}};
  const Golden g{
      Status::contact, {1, 0}, {{{0.875, 0.75}, -0.25, fv(1, 0)}, {{0.875, 1}, -0.25, vf(2, 3)}}};
  const Golden gSwapped{
      Status::contact, {0, -1}, {{{0.75, 0.875}, -0.25, vf(0, 2)}, {{1, 0.875}, -0.25, fv(0, 2)}}};
  for (auto engine : {&collide, &collideFloat}) {
    const double tol = engine == &collide ? kTolDouble : kTolFloat;
    expectMatches(engine(kBox, kIdentity, small, xfB, {}), g, tol, "A,B");
    expectMatches(engine(small, xfB, kBox, kIdentity, {}), gSwapped, tol, "B,A");
  }
}

// Exactly parallel faces with the cores apart and one end of the incident edge exactly beside
// one end of the reference face. B = box half 0.5 at (0.5, 1.75): x in [0, 1], bottom face at
// y = 1.25, 0.25 above A's top face; B's v1 (1, 1.25) is straight above A's v2 (1, 1).
// SAT: A's face 2 and B's face 0 both give 0.25 (tie → A's face 2, normal (0, 1)). Incident:
// B's face 0, w1 = (0, 1.25) → w2 = (1, 1.25); along t = (−1, 0) from v2 (1, 1), extent 2:
// t(w2) = 0 and t(w1) = 1, both kept. The projections overlap over length 1, so the closest
// points of the two edges are a whole stretch, not a pair of vertices: clip, two points at
// separation 0.25 (margin 0.5 keeps both), midway y = 1.125: (1, 1.125) id (face 2, vertex 1)
// and (0, 1.125) id (face 2, vertex 0). (Segment-distance fractions alone land on the two
// ends, f1 = 0 and f2 = 1, and wrongly give one vertex–vertex point.)
// Swapped, the tie picks the small box's face 0 (normal (0, −1), v0' (0, 1.25) → v1' (1,
// 1.25)); incident: A's face 2, w1 = (1, 1) (t 1, kept, id (face 0, vertex 2)), w2 = (−1, 1)
// (t −1, clipped at v0' → (0, 1), id (vertex 0, face 2)); the same two points.
const Polygon kSmallBox = makeBox(0.5, 0.5);
const Transform kBesideCorner{{0.5, 1.75}, {}};

TEST(FastPolygonPolygon, ParallelFacesApartWithEndsAlignedGiveTwoClippedPoints) {
  const Golden g{
      Status::contact, {0, 1}, {{{1, 1.125}, 0.25, fv(2, 1)}, {{0, 1.125}, 0.25, fv(2, 0)}}};
  const Golden gSwapped{
      Status::contact, {0, -1}, {{{1, 1.125}, 0.25, fv(0, 2)}, {{0, 1.125}, 0.25, vf(0, 2)}}};
  for (auto engine : {&collide, &collideFloat}) {
    const double tol = engine == &collide ? kTolDouble : kTolFloat;
    expectMatches(engine(kBox, kIdentity, kSmallBox, kBesideCorner, Options{0.5}), g, tol, "A,B");
    expectMatches(engine(kSmallBox, kBesideCorner, kBox, kIdentity, Options{0.5}), gSwapped, tol,
                  "B,A");
  }
}

// The same alignment with rounded polygons and no margin: A radius 0.125, B radius 0.25, cores
// 0.25 apart → separation 0.25 − 0.375 = −0.125. Points x + ½(rRef − rInc − 0.25)·n: from B's
// bottom (y 1.25) with rRef 0.125, rInc 0.25: y = 1.25 − 0.1875 = 1.0625; swapped (reference
// the small box, rRef 0.25, rInc 0.125, from A's top y = 1, n = (0, −1)): y = 1 + 0.0625.
TEST(FastPolygonPolygon, RoundedParallelFacesApartWithEndsAlignedGiveTwoClippedPoints) {
  const Polygon a = makeBox(1, 1, 0.125);
  const Polygon b = makeBox(0.5, 0.5, 0.25);
  const Golden g{
      Status::contact, {0, 1}, {{{1, 1.0625}, -0.125, fv(2, 1)}, {{0, 1.0625}, -0.125, fv(2, 0)}}};
  const Golden gSwapped{
      Status::contact, {0, -1}, {{{1, 1.0625}, -0.125, fv(0, 2)}, {{0, 1.0625}, -0.125, vf(0, 2)}}};
  for (auto engine : {&collide, &collideFloat}) {
    const double tol = engine == &collide ? kTolDouble : kTolFloat;
    expectMatches(engine(a, kIdentity, b, kBesideCorner, {}), g, tol, "A,B");
    expectMatches(engine(b, kBesideCorner, a, kIdentity, {}), gSwapped, tol, "B,A");
  }
}

// The batch path runs the same stages: the aligned case above gives the same two points there,
// bit for bit (double and float).
template <class T>
void expectBatchMatchesScalarOnAlignedParallelFaces() {
  const PolygonT<T> shapes[2] = {prepare<T>(kBox), prepare<T>(kSmallBox)};
  const TransformT<T> xfs[2] = {toT<T>(kIdentity), toT<T>(kBesideCorner)};
  const int indexA[2] = {0, 1};
  const int indexB[2] = {1, 0};
  const PolygonBatchT<T> batch{shapes, xfs, shapes, xfs, indexA, indexB, 2};
  ManifoldT<T> out[2];
  collidePolygonsBatch(batch, T(0.5), out);
  for (int k = 0; k < 2; ++k) {
    const ManifoldT<T> scalar = collidePolygons(shapes[indexA[k]], xfs[indexA[k]],
                                                shapes[indexB[k]], xfs[indexB[k]], T(0.5));
    ASSERT_EQ(scalar.pointCount, 2) << "pair " << k;
    ASSERT_EQ(out[k].pointCount, 2) << "pair " << k;
    for (int i = 0; i < 2; ++i) {
      EXPECT_EQ(out[k].points[i].point.x, scalar.points[i].point.x);
      EXPECT_EQ(out[k].points[i].point.y, scalar.points[i].point.y);
      EXPECT_EQ(out[k].points[i].separation, scalar.points[i].separation);
      EXPECT_EQ(out[k].points[i].id, scalar.points[i].id);
    }
  }
}

TEST(FastPolygonPolygon, BatchParallelFacesApartWithEndsAlignedGiveTwoClippedPoints) {
  expectBatchMatchesScalarOnAlignedParallelFaces<double>();
  expectBatchMatchesScalarOnAlignedParallelFaces<float>();
}

// Stage 4's closest-endpoint test at every scale. Segments p (0, 0) → (2, 0) and q (3, 1) →
// (1, 5): the unconstrained minimiser has f1 = (d12·rd2 − rd1·dd2)/denom = (−8 + 120)/64 =
// 1.75 → 1, then f2 = (d12 + rd2)/dd2 = −2/20 → 0 and f1 = −rd1/dd1 = 1.5 → 1: the closest
// points are p2 and q1 (endP 1, endQ 0). Scaled by 2^k the answer is the same; the products of
// squared lengths (dd1·dd2 = 80·2^4k) overflow float above k ≈ 31 and underflow below k ≈ −32,
// which used to send the test down the parallel branch (a whole stretch of closest points, no
// vertex pair): a float polygon–capsule pair near 2^34 clipped instead of giving its corner
// point (fuzz regression).
template <class T>
void expectCornerPairAtScale(int k) {
  const auto at = [k](double x, double y) {
    return Vec2T<T>{static_cast<T>(std::ldexp(x, k)), static_cast<T>(std::ldexp(y, k))};
  };
  const detail::EndpointPair e = detail::closestEndpoints(at(0, 0), at(2, 0), at(3, 1), at(1, 5));
  EXPECT_TRUE(e.both) << "scale 2^" << k;
  EXPECT_EQ(e.endP, 1) << "scale 2^" << k;
  EXPECT_EQ(e.endQ, 0) << "scale 2^" << k;
}

TEST(FastPolygonPolygon, ClosestEndpointsFindTheCornerPairFarFromUnitScale) {
  for (int k : {0, 20, 33, 40, 60, -20, -33, -45})
    expectCornerPairAtScale<float>(k);
  for (int k : {0, 200, 260, 400, -200, -260, -400})
    expectCornerPairAtScale<double>(k);
}

}  // namespace
}  // namespace touche::fast::test
