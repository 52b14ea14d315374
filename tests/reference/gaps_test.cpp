// DecisionGaps::clip, ::region and ::normal of the reference engine: golden values per pair on
// hand-derived cases, exact zeros on a side plane or a region boundary, each asserted for
// (A, B) and for (B, A) (swapping the roles never changes a gap).
#include <cmath>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

/// The gaps of (a, b), checked equal to those of (b, a).
DecisionGaps gapsBothWays(const Shape& a, const Transform& xfA, const Shape& b,
                          const Transform& xfB, const Options& options = {}) {
  const Manifold m = collide(a, xfA, b, xfB, options);
  const Manifold back = collide(b, xfB, a, xfA, options);
  EXPECT_EQ(m.gaps.clip, back.gaps.clip) << describe(m);
  EXPECT_EQ(m.gaps.region, back.gaps.region) << describe(m);
  EXPECT_EQ(m.gaps.normal, back.gaps.normal) << describe(m);
  EXPECT_EQ(m.gaps.contact, back.gaps.contact) << describe(m);
  return m.gaps;
}

const Polygon kBox = makeBox(1, 1);

TEST(ReferenceGaps, CircleCircleNormalIsTheCentreDistance) {
  // Centres (0, 0) and (1.5, 0): the normal is normalised from (1.5, 0), of length 1.5.
  const DecisionGaps g = gapsBothWays(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(1.5, 0));
  EXPECT_EQ(g.normal, 1.5);
  EXPECT_FALSE(g.clip.has_value());
  EXPECT_FALSE(g.region.has_value());
  // Centres (0, 0) and (0.3, 0.4): |d| = 0.5 exactly in reals; 0.3 and 0.4 are not dyadic, so
  // the exact length of the double difference rounds to the double nearest √(0.3² + 0.4²).
  const DecisionGaps h = gapsBothWays(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(0.3, 0.4));
  EXPECT_NEAR(*h.normal, 0.5, 1e-16);
}

TEST(ReferenceGaps, ConcentricCirclesHaveAZeroNormalGap) {
  const DecisionGaps g = gapsBothWays(Circle{{0, 0}, 1}, at(2, 3), Circle{{0, 0}, 0.5}, at(2, 3));
  EXPECT_EQ(g.normal, 0.0);
}

TEST(ReferencePolygonCircleGaps, FaceRegionIsTheDistanceToTheNearerSideLine) {
  // Box half 1, circle r = 0.5 at (1.25, 0.5): face x = 1, outside (separation 0.25), between
  // the side lines y = −1 and y = 1 at distances 1.5 and 0.5 → region 0.5; the normal is the
  // face's (no normal gap).
  const DecisionGaps g = gapsBothWays(kBox, at(0, 0), Circle{{0, 0}, 0.5}, at(1.25, 0.5));
  EXPECT_EQ(g.region, 0.5);
  EXPECT_FALSE(g.normal.has_value());
  EXPECT_FALSE(g.clip.has_value());
}

TEST(ReferencePolygonCircleGaps, VertexRegionIsTheDistanceToTheNearerWedgeSide) {
  // Circle r = 1 at (1.75, 2): vertex (1, 1)'s wedge, bounded by the lines y = 1 (side line of
  // face x = 1, distance 1) and x = 1 (side line of face y = 1, distance 0.75) → region 0.75;
  // the normal is normalised from (0.75, 1), of length 1.25.
  const DecisionGaps g = gapsBothWays(kBox, at(0, 0), Circle{{0, 0}, 1}, at(1.75, 2));
  EXPECT_EQ(g.region, 0.75);
  EXPECT_EQ(g.normal, 1.25);
}

TEST(ReferencePolygonCircleGaps, CentreExactlyOnASideLineHasZeroRegionGap) {
  // Circle r = 1 at (2, 1): face x = 1 (separation 1), exactly on the side line y = 1 through
  // vertex (1, 1): face region by the strict rule, region gap 0. The circle touches exactly.
  const DecisionGaps g = gapsBothWays(kBox, at(0, 0), Circle{{0, 0}, 1}, at(2, 1));
  EXPECT_EQ(g.region, 0.0);
  EXPECT_EQ(g.contact, 0.0);
  EXPECT_FALSE(g.normal.has_value());
}

TEST(ReferencePolygonCircleGaps, InsideIsTheDistanceToTheBoundary) {
  // Centre (0.5, 0.25) inside: the largest separation is face x = 1's, −0.5 → region 0.5.
  const DecisionGaps g = gapsBothWays(kBox, at(0, 0), Circle{{0, 0}, 0.5}, at(0.5, 0.25));
  EXPECT_EQ(g.region, 0.5);
  // Centre on the face (1, 0.5): separation 0, the outside test at its threshold → 0.
  const DecisionGaps h = gapsBothWays(kBox, at(0, 0), Circle{{0, 0}, 0.5}, at(1, 0.5));
  EXPECT_EQ(h.region, 0.0);
}

TEST(ReferenceCapsuleCircleGaps, RegionIsTheDistanceToTheEndLines) {
  // Core (−1, 0)→(1, 0), circle at (0.5, 0.75): end lines x = −1 and x = 1 at distances 1.5
  // and 0.5 → region 0.5; normal from (0.5, 0) to the centre, length 0.75.
  const Capsule capsule{{-1, 0}, {1, 0}, 0.5};
  const DecisionGaps g = gapsBothWays(capsule, at(0, 0), Circle{{0, 0}, 0.5}, at(0.5, 0.75));
  EXPECT_EQ(g.region, 0.5);
  EXPECT_EQ(g.normal, 0.75);
  // Centre (1, 0.75) exactly abreast p2: interior by the strict rule, region 0.
  EXPECT_EQ(gapsBothWays(capsule, at(0, 0), Circle{{0, 0}, 0.5}, at(1, 0.75)).region, 0.0);
  // Centre (0.25, 0) on the core: no direction, normal gap 0; end lines at 1.25 and 0.75.
  const DecisionGaps on = gapsBothWays(capsule, at(0, 0), Circle{{0, 0}, 0.5}, at(0.25, 0));
  EXPECT_EQ(on.normal, 0.0);
  EXPECT_EQ(on.region, 0.75);
  // A segment is a capsule of radius 0: the same gaps.
  const Segment segment{{-1, 0}, {1, 0}};
  const DecisionGaps s = gapsBothWays(segment, at(0, 0), Circle{{0, 0}, 1}, at(0.5, 0.75));
  EXPECT_EQ(s.region, 0.5);
  EXPECT_EQ(s.normal, 0.75);
}

TEST(ReferencePolygonPolygonGaps, ClipIsTheNearestIncidentVertexToASidePlane) {
  // Box half 1 and the triangle (0.25, 0.75), (1, 2), (−2, 2): the tip is 0.25 deep under A's
  // top face (reference: the triangle's faces separate by −1.2 and −0.58). The incident edge is
  // (−2, 2)→(0.25, 0.75); along the tangent the side planes are x = 1 and x = −1: vertex
  // x = 0.25 is 0.75 and 1.25 from them, x = −2 is 3 and 1 → clip 0.75.
  const Polygon tri = makePolygon({{0.25, 0.75}, {1, 2}, {-2, 2}});
  const DecisionGaps g = gapsBothWays(kBox, at(0, 0), tri, at(0, 0));
  EXPECT_EQ(g.clip, 0.75);
  EXPECT_FALSE(g.region.has_value());  // overlapping cores: no vertex–vertex test
  EXPECT_FALSE(g.normal.has_value());
  EXPECT_EQ(g.contact, 0.25);
}

TEST(ReferencePolygonPolygonGaps, IncidentVertexExactlyOnASidePlaneHasZeroClipGap) {
  // Box half (0.75, 0.5) at (0.25, 1.25) on box half 1: x ∈ [−0.5, 1], 0.25 deep. A's top face
  // and B's bottom face tie (−0.25); either way one incident vertex lies exactly on a side
  // plane: A's reference → B's vertex x = 1 on x = 1; B's reference → A's (1, 1) on x = 1.
  const Polygon wide = makeBox(0.75, 0.5);
  const Manifold m = collide(kBox, at(0, 0), wide, at(0.25, 1.25));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.gaps.axis, 0.0);
  EXPECT_EQ(gapsBothWays(kBox, at(0, 0), wide, at(0.25, 1.25)).clip, 0.0);
}

TEST(ReferencePolygonPolygonGaps, VertexVertexRegionAndNormal) {
  // Boxes half 1 at (0, 0) and (2.5, 2.5), margin 1: corners (1, 1) and (1.5, 1.5) are the
  // closest points. The corner tests measure (1.5, 1.5) against the line y = 1 through (1, 1)
  // ⟂ A's right face (0.5) and (1, 1) against y = 1.5 ⟂ B's left face (0.5); the other corners
  // are 2.5 or more away → region 0.5. Normal from (1, 1) to (1.5, 1.5): length √0.5.
  const DecisionGaps g = gapsBothWays(kBox, at(0, 0), kBox, at(2.5, 2.5), Options{1.0});
  EXPECT_EQ(g.region, 0.5);
  EXPECT_EQ(g.normal, std::sqrt(0.5));
  EXPECT_FALSE(g.clip.has_value());
}

TEST(ReferencePolygonPolygonGaps, CornersExactlyLevelHaveZeroRegionGap) {
  // B at (2.5, 2): its corner (1.5, 1) is exactly level with A's corner (1, 1), on the side
  // line y = 1 of A's right face → region 0; one vertex–vertex point, normal length 0.5.
  const Manifold m = collide(kBox, at(0, 0), kBox, at(2.5, 2), Options{1.0});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  const DecisionGaps g = gapsBothWays(kBox, at(0, 0), kBox, at(2.5, 2), Options{1.0});
  EXPECT_EQ(g.region, 0.0);
  EXPECT_EQ(g.normal, 0.5);
}

TEST(ReferenceCapsuleCapsuleGaps, ParallelCoresClipAtHalf) {
  // Cores (−1, 0)→(1, 0) and (0.5, 0.4)→(−0.25, 0.4), radii 0.25: the incident endpoints
  // x = 0.5 and x = −0.25 are 0.5 / 1.5 and 0.75 / 1.25 from the side lines x = 1, x = −1
  // → clip 0.5 (either core as the reference: the same). Step 4's region gap: B's endpoints
  // project onto A's axis at most 1.5 beyond A's line through (−1, 0) and at least 1.25 before
  // the one through (1, 0); A's endpoints onto B's axis (x from 0.5 down to −0.25) at most
  // 1.5 beyond B's first end line and at least 1.25 before its second → region 1.25.
  const DecisionGaps g = gapsBothWays(Capsule{{-1, 0}, {1, 0}, 0.25}, at(0, 0),
                                      Capsule{{0.5, 0.4}, {-0.25, 0.4}, 0.25}, at(0, 0));
  EXPECT_EQ(g.clip, 0.5);
  EXPECT_EQ(g.region, 1.25);
}

TEST(ReferenceCapsuleCapsuleGaps, CoreStandingOnTheOthersEndLineHasRegionZero) {
  // Regression (fuzz, segment_capsule): the capsule core (0, 0)→(0, 0.5) stands on the
  // segment (−4, 0)→(4, 0), which lies exactly on the core's end line y = 0: both segment
  // endpoints project onto the capsule's axis at exactly 0, so step 4 ("projects entirely at
  // or beyond one end") is decided by a tie — a float engine that rounds a hair of tilt away
  // answers one point where the exact engine clips two. Region gap 0.
  const DecisionGaps g =
      gapsBothWays(Segment{{-4, 0}, {4, 0}}, at(0, 0), Capsule{{0, 0}, {0, 0.5}, 0.25}, at(0, 0));
  EXPECT_EQ(g.region, 0.0);
}

TEST(ReferenceCapsuleCapsuleGaps, CoreCrossingTheOthersLineSymmetricallyHasAxisGapZero) {
  // Segment (−1, 0)→(1, 0) and capsule core (0, −0.25)→(0, 0.25), r 0.25: each projects
  // onto the other, so step 5 compares sides. The segment's sides: B's endpoints lie 0.25
  // below and above its line, min(ss) = min(−ss) → a tie, face 0 (separation −0.25); the core's
  // sides tie too (separation −1), and the segment is the reference by 0.75. Which of the
  // segment's sides faces the capsule is the exact tie: axis gap 0, not 0.75 (a float engine
  // with a hair of rounding in its normal takes the other side). Moving B up by 1/8 breaks the
  // tie: the side gap becomes (−0.125) − (−0.375) = 0.25, the smaller of the two.
  EXPECT_EQ(gapsBothWays(Segment{{-1, 0}, {1, 0}}, at(0, 0), Capsule{{0, -0.25}, {0, 0.25}, 0.25},
                         at(0, 0))
                .axis,
            0.0);
  EXPECT_EQ(gapsBothWays(Segment{{-1, 0}, {1, 0}}, at(0, 0), Capsule{{0, -0.25}, {0, 0.25}, 0.25},
                         at(0, 0.125))
                .axis,
            0.25);
}

TEST(ReferenceCapsuleCapsuleGaps, SinglePointRegionAndNormal) {
  // Cores (−1, 0)→(1, 0) and (2, 1)→(3, 2), radii 1: closest points (1, 0) and (2, 1). (2, 1)
  // is 3 and 1 from the end lines x = −1, x = 1 of A; (1, 0) is √2 and 2√2 from B's end lines
  // → region 1; normal length √2.
  const DecisionGaps g =
      gapsBothWays(Capsule{{-1, 0}, {1, 0}, 1}, at(0, 0), Capsule{{2, 1}, {3, 2}, 1}, at(0, 0));
  EXPECT_EQ(g.region, 1.0);
  EXPECT_EQ(g.normal, std::sqrt(2.0));
  EXPECT_FALSE(g.clip.has_value());
}

const ChainSegment kShort{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
const ChainSegment kFlat{{-3, 0}, {-2, 0}, {2, 0}, {3, 0}};

TEST(ReferenceChainGaps, CircleRegionAndNormal) {
  // Chain (−1, 0)→(1, 0) (front below), circle r = 0.5 at (0, −0.25): the segment's line is
  // 0.25 away, the end lines x = ±1 are 1 away → region 0.25; normal length 0.25.
  const DecisionGaps g = gapsBothWays(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0, -0.25));
  EXPECT_EQ(g.region, 0.25);
  EXPECT_EQ(g.normal, 0.25);
  // Centre (1, −0.75) exactly abreast p2 (u = 0 → p2's region): region 0, normal 0.75.
  const DecisionGaps h = gapsBothWays(kShort, at(0, 0), Circle{{0, 0}, 1}, at(1, -0.75));
  EXPECT_EQ(h.region, 0.0);
  EXPECT_EQ(h.normal, 0.75);
}

TEST(ReferenceChainGaps, PolygonClipIncidentAndContact) {
  // Flat chain (−2, 0)→(2, 0), box half 0.5 at (0.5, −0.25) (vertices x ∈ [0, 1], top 0.25
  // above the line): the segment face is the reference, B's top face is incident (alignment −1
  // against 0 for its right face → incident gap 1); its vertices x = 0 and x = 1 are 2 / 2 and
  // 3 / 1 from the side lines x = −2, x = 2 → clip 1; depth 0.25 → contact gap 0.25.
  const Polygon box = makeBox(0.5, 0.5);
  const DecisionGaps g = gapsBothWays(kFlat, at(0, 0), box, at(0.5, -0.25));
  EXPECT_EQ(g.clip, 1.0);
  EXPECT_EQ(g.incident, 1.0);
  EXPECT_EQ(g.contact, 0.25);
  // Moved to (1.5, −0.25): vertex x = 2 exactly on the side line → clip 0.
  EXPECT_EQ(gapsBothWays(kFlat, at(0, 0), box, at(1.5, -0.25)).clip, 0.0);
}

TEST(ReferenceChainGaps, PolygonAxisGapAgainstAConvexNeighbour) {
  // Chain (−3, 1) → (−2, 0) → (2, 0) → (3, 1): both corners convex, neighbour normals
  // (−1, −1) and (1, −1). Triangle (0, −1), (1, −1), (0.5, 0.25) pokes 0.25 above the line:
  // segment axis −0.25; neighbour at p2: min (x − 2 − y) = −1.75 at the tip → −1.75/√2; at
  // p1: −2.75/√2; no triangle face is admitted. Axis gap = 1.75/√2 − 0.25.
  const ChainSegment bent{{-3, 1}, {-2, 0}, {2, 0}, {3, 1}};
  const Polygon tri = makePolygon({{0, -1}, {1, -1}, {0.5, 0.25}});
  const DecisionGaps g = gapsBothWays(bent, at(0, 0), tri, at(0, 0));
  ASSERT_TRUE(g.axis.has_value());
  EXPECT_NEAR(*g.axis, 1.75 / std::sqrt(2.0) - 0.25, 1e-15);
}

// Step P2, the one-sided test, and step P3's choice of closest features report
// DecisionGaps::region for a chain segment against a polygon or capsule.

TEST(ReferenceChainGaps, BoxBehindTheSegmentIsNoContactWithTheCentroidDistance) {
  // Chain (−1, 0)→(1, 0), flat ghosts (front below). Box half 0.5 at (0, 0.25) straddles the
  // line, but its centroid is 0.25 behind it → no contact (one-sided), region 0.25.
  const Polygon box = makeBox(0.5, 0.5);
  const Manifold m = collide(kShort, at(0, 0), box, at(0, 0.25));
  EXPECT_EQ(m.status, Status::noContact) << describe(m);
  EXPECT_EQ(gapsBothWays(kShort, at(0, 0), box, at(0, 0.25)).region, 0.25);
}

TEST(ReferenceChainGaps, CentroidExactlyOnTheSegmentsLineHasZeroRegionGap) {
  // Box half 0.5 at (0, 0): the centroid lies on the line, not strictly behind → contact,
  // decided by a tie: region 0.
  const Polygon box = makeBox(0.5, 0.5);
  const Manifold m = collide(kShort, at(0, 0), box, at(0, 0));
  EXPECT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(gapsBothWays(kShort, at(0, 0), box, at(0, 0)).region, 0.0);
}

TEST(ReferenceChainGaps, ConvexNeighbourKeepsACentroidBehindTheSegment) {
  // Bent chain (−3, 1) → (−2, 0) → (2, 0) → (3, 1): neighbour normals (−1, −1) at p1 and
  // (1, −1) at p2. Box half (1.5, 0.5) at (2.25, 0.125) crosses the segment; its centroid is
  // 0.125 behind the segment's line and 4.375/√2 behind p1's neighbour, but in front of p2's
  // neighbour by ((2.25 − 2) − 0.125)/√2 = 0.125/√2 = √2/16: not behind everything → SAT
  // (segment axis −0.625, tied by the box's top face) → contact; turning the one-sided test
  // needs that line crossed → region √2/16.
  const ChainSegment bent{{-3, 1}, {-2, 0}, {2, 0}, {3, 1}};
  const Polygon box = makeBox(1.5, 0.5);
  const Manifold m = collide(bent, at(0, 0), box, at(2.25, 0.125));
  EXPECT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(gapsBothWays(bent, at(0, 0), box, at(2.25, 0.125)).region, std::sqrt(2.0) / 16);
  // The flat chain (−2, 0)→(2, 0) has no convex neighbour: the same box is behind → none,
  // region 0.125 (the segment's line, the only one tested).
  EXPECT_EQ(collide(kFlat, at(0, 0), box, at(2.25, 0.125)).status, Status::noContact);
  EXPECT_EQ(gapsBothWays(kFlat, at(0, 0), box, at(2.25, 0.125)).region, 0.125);
}

TEST(ReferenceChainGaps, ClosestVertexAheadOfTheNextByAQuarter) {
  // Flat chain (−2, 0)→(2, 0); triangle (0.5, −2), (0.5, −0.5), (−0.5, −0.75) below it. The
  // closest features are the segment and vertex (0.5, −0.5) at 0.5 (edge–vertex); the next
  // candidate is vertex (−0.5, −0.75) at 0.75 → 0.25. Larger: the distance 0.5, the vertex's
  // distances 2.5 and 1.5 to the end lines x = ∓2, the centroid's 13/12 to the segment's line.
  // Region 0.25, with and without contact (margin 1: separation 0.5).
  const Polygon tri = makePolygon({{0.5, -2}, {0.5, -0.5}, {-0.5, -0.75}});
  EXPECT_EQ(collide(kFlat, at(0, 0), tri, at(0, 0)).status, Status::noContact);
  EXPECT_EQ(gapsBothWays(kFlat, at(0, 0), tri, at(0, 0)).region, 0.25);
  const Manifold m = collide(kFlat, at(0, 0), tri, at(0, 0), Options{1.0});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 2);  // the face (0.5, −0.5)→(−0.5, −0.75) clipped: 0.5 and 0.75
  EXPECT_EQ(std::fmin(m.points[0].separation, m.points[1].separation), 0.5);
  EXPECT_EQ(gapsBothWays(kFlat, at(0, 0), tri, at(0, 0), Options{1.0}).region, 0.25);
}

TEST(ReferenceChainGaps, ParallelFaceClosestFeaturesTieExactly) {
  // Box half 0.5 at (0, −1) under the flat chain: its top face is parallel to the segment,
  // 0.5 below; both top vertices are closest (edge–vertex, 0.5 each) → a tie, region 0.
  const Polygon box = makeBox(0.5, 0.5);
  const Manifold m = collide(kFlat, at(0, 0), box, at(0, -1), Options{1.0});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.pointCount, 2);
  EXPECT_EQ(gapsBothWays(kFlat, at(0, 0), box, at(0, -1), Options{1.0}).region, 0.0);
}

TEST(ReferenceChainGaps, BoxVertexExactlyAbreastTheEndHasZeroRegionGap) {
  // Chain (−1, 0)→(1, 0); box half 0.5 at (1.5, −1): its vertex (1, −0.5) lies exactly on the
  // end line x = 1 through p2, so it is no edge–vertex candidate (the foot is p2 itself) and
  // the closest features are p2 and that vertex (0.5): a foot at the end decides → region 0.
  const Polygon box = makeBox(0.5, 0.5);
  EXPECT_EQ(gapsBothWays(kShort, at(0, 0), box, at(1.5, -1), Options{1.0}).region, 0.0);
}

TEST(ReferenceChainGaps, CapsuleCoreClosestEndAheadOfTheOther) {
  // Flat chain; capsule core (−1, −1)→(1, −0.75), radius 0.25: the core's end (1, −0.75) is
  // closest (0.75, edge–vertex), the other end 1 → 0.25 (smaller than the distance 0.75, the
  // end lines 3 and 1 away, the centroid 0.875 behind... in front). Margin 1: separation 0.5.
  const Capsule capsule{{-1, -1}, {1, -0.75}, 0.25};
  const Manifold m = collide(kFlat, at(0, 0), capsule, at(0, 0), Options{1.0});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 2);  // the core's lower face clipped: 0.5 and 0.75
  EXPECT_EQ(std::fmin(m.points[0].separation, m.points[1].separation), 0.5);
  EXPECT_EQ(gapsBothWays(kFlat, at(0, 0), capsule, at(0, 0), Options{1.0}).region, 0.25);
}

TEST(ReferenceChainGaps, ConvexNeighbourAxisBehindTheSegmentAxisByItsOwnershipGap) {
  // Bent chain, box half (0.5, 1) at (2, −0.75) (x ∈ [1.5, 2.5], y ∈ [−1.75, 0.25]) across
  // p2: SAT (step P5) — segment axis −0.25, the box's top face −0.25, p2's neighbour (1, −1)/√2
  // min((x − 2) − y)/√2 = −0.75/√2 at (1.5, 0.25). The neighbour would own the box (no
  // contact) if its axis were the best: it is behind the best other by 0.75/√2 − 0.25 →
  // region 3√2/8 − 1/4 ≈ 0.28 (the centroid's 0.75 to the segment's line is larger) → contact.
  const ChainSegment bent{{-3, 1}, {-2, 0}, {2, 0}, {3, 1}};
  const Polygon box = makeBox(0.5, 1);
  EXPECT_EQ(collide(bent, at(0, 0), box, at(2, -0.75)).status, Status::contact);
  const DecisionGaps g = gapsBothWays(bent, at(0, 0), box, at(2, -0.75));
  ASSERT_TRUE(g.region.has_value());
  EXPECT_NEAR(*g.region, 3 * std::sqrt(2.0) / 8 - 0.25, 1e-16);
}

TEST(ReferenceChainGaps, NeighbourAxisTyingTheSegmentAxisHasZeroRegionGap) {
  // Regression (fuzz, chainSegment_polygon in float): whether a convex neighbour's axis wins
  // step P5 — no contact, the next piece owns the shape — had no gap, so a float engine that
  // cannot see a subnormal corner was held to the exact answer. Chain (−3, 0) → (−2, 0) →
  // (2, 0) → (2, 1): convex at p2, neighbour normal (1, 0). Box half 0.5 at (2.25, −0.25)
  // (x ∈ [1.75, 2.75], y ∈ [−0.75, 0.25]): segment axis −0.25, neighbour min(x − 2) = −0.25,
  // an exact tie (the segment keeps it: contact) → region 0.
  const ChainSegment corner{{-3, 0}, {-2, 0}, {2, 0}, {2, 1}};
  const Polygon box = makeBox(0.5, 0.5);
  EXPECT_EQ(collide(corner, at(0, 0), box, at(2.25, -0.25)).status, Status::contact);
  EXPECT_EQ(gapsBothWays(corner, at(0, 0), box, at(2.25, -0.25)).region, 0.0);
}

}  // namespace
}  // namespace touche::reference::testing
