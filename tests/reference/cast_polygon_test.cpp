// Casts against a convex polygon, sharp and rounded (reference/src/cast.cpp; source 001 §3 for
// the faces pushed out by R, §4 for the arcs of radius R at the vertices). The box has
// half-extent 1: vertices (−1,−1), (1,−1), (1,1), (−1,1); faces 0 bottom, 1 right, 2 top,
// 3 left.
#include <cmath>

#include "cast_test_support.h"

namespace touche::reference::testing {
namespace {

const Polygon kBox = makeBox(1, 1);

TEST(CastPolygon, RayHitsTheLeftFace) {
  // Source 001 §3: face 3 runs (−1,1) → (−1,−1), e = (0,−2); e^d = 0·0 − (−2)·10 = 20 > 0, the
  // ray points at its front (3-1). General forms (3-2): face 2x + 0y + 2 = 0, ray
  // 0x − 10y + 0 = 0 → P = (−1, 0), on the face (3-3: |AP| = |BP| = 1 ≤ 2) and on the ray
  // (3-4): t = 4/10.
  const CastResult r = castAt(kBox, ray({-5, 0}, {10, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.4);
  EXPECT_EQ(r.point, (Vec2{-1, 0}));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  EXPECT_EQ(r.feature, feature(kFace, 3));
  EXPECT_EQ(r.gaps.feature, 1.0);  // (−1, 0) is 1 from either end of the face
  // The path crosses the box 1 from its top and bottom: it must move by 1 to miss (R = 0).
  EXPECT_EQ(r.gaps.hit, 1.0);
}

TEST(CastPolygon, RayThroughACornerTakesTheLowerFace) {
  // (−3,−3) + t·(4,4) meets the corner (−1,−1) at t = 0.5; faces 0 and 3 both face the ray and
  // both touch there: a tie, broken to the lower index (face 0), with feature gap 0.
  const CastResult r = castAt(kBox, ray({-3, -3}, {4, 4}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.point, (Vec2{-1, -1}));
  EXPECT_EQ(r.feature, feature(kFace, 0));
  EXPECT_EQ(r.normal, (Vec2{0, -1}));
  EXPECT_EQ(r.gaps.feature, 0.0);
}

TEST(CastPolygon, RayAlongAFaceLineHitsTheFaceItMeetsEndOn) {
  // Along y = −1 from the left: face 0 is parallel (e^d = 0, left aside by 3-1); face 3 faces
  // the ray and is met at its end (−1,−1), t = 0.5 (3-3 with |BP| = 0: an end is on the face).
  const CastResult r = castAt(kBox, ray({-3, -1}, {4, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kFace, 3));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  EXPECT_EQ(r.gaps.feature, 0.0);
}

TEST(CastPolygon, SweptCircleMeetsTheFacePushedOutByR) {
  // r = 0.5: face 3's offset line is x = −1.5, reached after 1.5 of 4: t = 0.375; the point is
  // the centre less r·n: (−1, 0).
  const CastResult r = castAt(kBox, ray({-3, 0}, {4, 0}, 0.5));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.375);
  EXPECT_EQ(r.point, (Vec2{-1, 0}));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  EXPECT_EQ(r.feature, feature(kFace, 3));
}

TEST(CastPolygon, SweptCircleAtTheCornerMeetsItsArc) {
  // r = 1 along the diagonal towards (−1,−1): vertex 0's arc (centre (−1,−1), radius 1) is
  // entered at (−1,−1) − (1/√2)(1,1) (source 001 §4 step 4 with b = 0): −3 + 4t = −1 − 1/√2,
  // t = (2 − 1/√2)/4 = 0x1.4afb0ccc0621ap-2 (80-digit decimal). The normal is −(1,1)/√2 and
  // the point the vertex itself (the box is sharp).
  const CastResult r = castAt(kBox, ray({-3, -3}, {4, 4}, 1));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0x1.4afb0ccc0621ap-2);
  EXPECT_EQ(r.feature, feature(kVertex, 0));
  EXPECT_EQ(r.normal, (Vec2{-0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1}));
  EXPECT_EQ(r.point, (Vec2{-1, -1}));
  // The centre's direction from the vertex is the diagonal: 45° from both faces' normals, at
  // distance R·sin 45° = 1/√2 from each boundary of the vertex's range.
  EXPECT_EQ(r.gaps.feature, 0x1.6a09e667f3bcdp-1);
}

TEST(CastPolygon, RoundedPolygonAddsItsRadius) {
  // Radius 0.25 and a ray: face 3's surface is x = −1.25, reached after 1.75 of 4: 0.4375.
  const CastResult r = castAt(makeBox(1, 1, 0.25), ray({-3, 0}, {4, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.4375);
  EXPECT_EQ(r.point, (Vec2{-1.25, 0}));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  // r = 0.25 as well: x = −1.5 for the centre, the point on the rounded surface x = −1.25.
  const CastResult swept = castAt(makeBox(1, 1, 0.25), ray({-3, 0}, {4, 0}, 0.25));
  ASSERT_EQ(swept.status, CastStatus::hit) << describe(swept);
  EXPECT_EQ(swept.fraction, 0.375);
  EXPECT_EQ(swept.point, (Vec2{-1.25, 0}));
}

TEST(CastPolygon, SlidingAlongAFaceAtExactlyRFirstTouchesTheCornerArc) {
  // r = 0.5 along y = 1.5, the top face's offset line: the top face is parallel (3-1); the
  // first touch is the tangent point (−1, 1.5) of vertex 3's arc (§4 step 3), at t = 0.5, on
  // the boundary of its range: a tie by definition (§8), feature gap 0.
  const CastResult r = castAt(kBox, ray({-3, 1.5}, {4, 0}, 0.5));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kVertex, 3));
  EXPECT_EQ(r.normal, (Vec2{0, 1}));
  EXPECT_EQ(r.point, (Vec2{-1, 1}));
  EXPECT_EQ(r.gaps.feature, 0.0);
  EXPECT_EQ(r.gaps.hit, 0.0);  // the path stays exactly R from the box: a graze
}

TEST(CastPolygon, BackFacesAreNeverHit) {
  // From inside the box is initial overlap; from beyond the right face moving right, every
  // face the ray could meet is behind it: a miss.
  const CastResult inside = castAt(kBox, ray({0.5, 0}, {4, 0}));
  EXPECT_EQ(inside.status, CastStatus::initialOverlap);
  // The origin is 0.5 inside the right face: the box must move by 0.5 to let it out.
  EXPECT_EQ(inside.gaps.initial, 0.5);
  EXPECT_EQ(castAt(kBox, ray({0.5, 0}, {4, 0}, 0.25)).gaps.initial, 0.75);
  const CastResult away = castAt(kBox, ray({2, 0}, {4, 0}));
  EXPECT_EQ(away.status, CastStatus::miss) << describe(away);
  EXPECT_EQ(away.gaps.hit, 1.0);
}

TEST(CastPolygon, ARotatedAndMovedBoxIsCastInTheWorld) {
  // The box turned by 90° and moved to (10, 0): the ray from the origin along +x meets the
  // world face x = 9. The rotation maps (x, y) to (−y, x): local face 3 (normal −x) turns to
  // face −y, and the face turned to −x is local face 2 (normal +y).
  const Transform xf{{10, 0}, {0, 1}};
  const CastResult r = castAt(kBox, ray({0, 0}, {18, 0}), xf);
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kFace, 2));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  EXPECT_EQ(r.point, (Vec2{9, 0}));
}

TEST(CastPolygon, ARayAimedAtACornerHitsIt) {
  // Erratum of source 001's intersectSegment (docs/errata.md): it keeps P only when
  // |AP|² < |AB|² and |BP|² < |AB|², so a ray aimed exactly at a corner of an unexpanded
  // polygon meets neither face there. (3, 3) + t·(−2, −2) reaches the corner (1, 1) at t = 1,
  // the end of faces 1 and 2 and of the cast: touche hits face 1 there (the lower index).
  const CastResult r = castAt(kBox, ray({3, 3}, {-2, -2}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 1.0);
  EXPECT_EQ(r.point, (Vec2{1, 1}));
  EXPECT_EQ(r.feature, feature(kFace, 1));
  EXPECT_EQ(r.normal, (Vec2{1, 0}));
  EXPECT_EQ(r.gaps.hit, 0.0);  // it only touches the corner, at the cast's very end
}

}  // namespace
}  // namespace touche::reference::testing
