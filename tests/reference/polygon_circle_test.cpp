// Polygon A vs circle B (reference/src/polygon_circle.cpp). Every case also runs swapped.
// The box is makeBox(1, 1): vertices 0 (−1,−1), 1 (1,−1), 2 (1,1), 3 (−1,1); face i runs from
// vertex i to i + 1, so face 0 is the bottom, 1 the right side, 2 the top, 3 the left side.
#include <cmath>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

Polygon box(double radius = 0.0) {
  return makePolygon({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, radius);
}

TEST(ReferencePolygonCircle, FaceRegionOverlap) {
  // Circle r = 0.5 at (1.25, 0): best face 1 (raw separation 0.25); separation 0.25 − 0.5 =
  // −0.25; surfaces at x = 1 and x = 0.75 → point (0.875, 0); id (face 1, vertex 0).
  const Manifold m = collideChecked(box(), at(0, 0), Circle{{0, 0}, 0.5}, at(1.25, 0));
  expectSinglePoint(m, {1, 0}, {0.875, 0}, -0.25, fid(kFace, 1, kVertex, 0));
  // Axis gap: face 1 (0.25) minus the runner-up, faces 0 and 2 (−1): 1.25. No incident edge
  // is chosen for a circle, so that gap stays empty; contact gap |−0.25 − 0|.
  EXPECT_EQ(m.gaps.axis, 1.25);
  EXPECT_FALSE(m.gaps.incident.has_value());
  EXPECT_EQ(m.gaps.contact, 0.25);
}

TEST(ReferencePolygonCircle, VertexRegionUsesTheVertexToCentreNormal) {
  // Circle r = 1.5 at (1.75, 2): top face 2 separation 1 beats the right face (0.75); the
  // centre is beyond vertex 2 (u = (0.75, 1)·(−2, 0) < 0) and outside → vertex region.
  // d = (0.75, 1), |d| = 1.25: normal (0.6, 0.8), separation 1.25 − 1.5 = −0.25,
  // point ½((1,1) + (1.75,2)) + ½(0 − 1.5)(0.6, 0.8) = (0.925, 0.9).
  const Manifold m = collideChecked(box(), at(0, 0), Circle{{0, 0}, 1.5}, at(1.75, 2));
  expectSinglePoint(m, {0.6, 0.8}, {0.925, 0.9}, -0.25, fid(kVertex, 2, kVertex, 0));
}

TEST(ReferencePolygonCircle, CircleBelowDownwardVertexOfRotatedTriangle) {
  // Source 004 mirrors this circle above the triangle and misses it. Triangle (0,−2), (s,1),
  // (−s,1) with s = √3 rounded; circle r = 1 at (0,−2.5). Faces 0 and 2 tie at 0.25 (mirror
  // images) → face 0; outside and beyond vertex 0 (u = (0,−0.5)·(s,3) < 0) → vertex region:
  // normal (0,−1), separation 0.5 − 1 = −0.5, point midway between (0,−2) and the circle's
  // surface (0,−1.5): (0,−1.75).
  const double s = std::sqrt(3.0);
  const Polygon triangle = makePolygon({{0, -2}, {s, 1}, {-s, 1}});
  const Manifold m = collideChecked(triangle, at(0, 0), Circle{{0, 0}, 1}, at(0, -2.5));
  expectSinglePoint(m, {0, -1}, {0, -1.75}, -0.5, fid(kVertex, 0, kVertex, 0));
  EXPECT_EQ(m.gaps.axis, 0.0);
}

TEST(ReferencePolygonCircle, CentreInsidePolygonUsesFaceOfLeastPenetration) {
  // Centre (0.5, 0.25) inside: face 1 (−0.5) beats face 2 (−0.75). Separation −0.5 − 0.5 = −1;
  // surfaces at x = 1 and x = 0 → point (0.5, 0.25).
  const Manifold m = collideChecked(box(), at(0, 0), Circle{{0, 0}, 0.5}, at(0.5, 0.25));
  expectSinglePoint(m, {1, 0}, {0.5, 0.25}, -1.0, fid(kFace, 1, kVertex, 0));
}

TEST(ReferencePolygonCircle, DeepInsideIsStillContact) {
  // Source 000's reversed final test rejects this: box half-extent 10, circle r = 1 at its
  // centre. All faces tie at −10 → face 0 (bottom, normal (0,−1)); separation −11; surfaces at
  // y = −10 and (circle side, c − r·n) y = 1 → point (0, −4.5). Axis gap 0 (exact tie).
  const Polygon big = makePolygon({{-10, -10}, {10, -10}, {10, 10}, {-10, 10}});
  const Manifold m = collide(big, at(0, 0), Circle{{0, 0}, 1}, at(0, 0));
  expectSinglePoint(m, {0, -1}, {0, -4.5}, -11.0, fid(kFace, 0, kVertex, 0));
  EXPECT_EQ(m.gaps.axis, 0.0);
}

TEST(ReferencePolygonCircle, CentreExactlyOnFace) {
  // Centre (1, 0.5) on face 1: separation 0 is not "outside" → face region; separation −0.5;
  // surfaces at x = 1 and 0.5 → point (0.75, 0.5).
  const Manifold m = collideChecked(box(), at(0, 0), Circle{{0, 0}, 0.5}, at(1, 0.5));
  expectSinglePoint(m, {1, 0}, {0.75, 0.5}, -0.5, fid(kFace, 1, kVertex, 0));
}

TEST(ReferencePolygonCircle, CentreExactlyOnVertexTiesToLowerFace) {
  // Centre on vertex 2 (1, 1): faces 1 and 2 tie at 0 → face 1; not outside → face region
  // (source 000 normalises a zero vector here). Point (0.75, 1), separation −0.5, gap 0.
  const Manifold m = collide(box(), at(0, 0), Circle{{0, 0}, 0.5}, at(1, 1));
  expectSinglePoint(m, {1, 0}, {0.75, 1}, -0.5, fid(kFace, 1, kVertex, 0));
  EXPECT_EQ(m.gaps.axis, 0.0);
}

TEST(ReferencePolygonCircle, TouchingFaceExactly) {
  // Circle r = 0.5 at (1.5, 0): both surfaces at x = 1 → point (1, 0), separation 0.
  const Manifold m = collideChecked(box(), at(0, 0), Circle{{0, 0}, 0.5}, at(1.5, 0));
  expectSinglePoint(m, {1, 0}, {1, 0}, 0.0, fid(kFace, 1, kVertex, 0));
}

TEST(ReferencePolygonCircle, SeparatedByOneUlpFromTheFace) {
  // Centre at next(1.5): separation ulp(1.5) = 2^-52 → no contact; margin 2^-52 → contact.
  const double x = std::nextafter(1.5, 2.0);
  EXPECT_EQ(collideChecked(box(), at(0, 0), Circle{{0, 0}, 0.5}, at(x, 0)).status,
            Status::noContact);
  const Manifold m =
      collideChecked(box(), at(0, 0), Circle{{0, 0}, 0.5}, at(x, 0), Options{0x1p-52});
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.points[0].separation, 0x1p-52);
}

TEST(ReferencePolygonCircle, RoundedPolygonFaceWithinMargin) {
  // Box radius 0.25, circle r = 0.5 at (2, 0): separation 1 − 0.75 = 0.25 → none at margin 0,
  // contact at margin 0.25 (touching the margin). Surfaces 1.25 and 1.5 → point (1.375, 0).
  EXPECT_EQ(collideChecked(box(0.25), at(0, 0), Circle{{0, 0}, 0.5}, at(2, 0)).status,
            Status::noContact);
  const Manifold m =
      collideChecked(box(0.25), at(0, 0), Circle{{0, 0}, 0.5}, at(2, 0), Options{0.25});
  expectSinglePoint(m, {1, 0}, {1.375, 0}, 0.25, fid(kFace, 1, kVertex, 0));
  EXPECT_EQ(m.gaps.contact, 0.0);
}

TEST(ReferencePolygonCircle, RoundedPolygonVertexRegionTouching) {
  // Box radius 0.25, circle r = 1 at (1.75, 2): |d| = 1.25 = 0.25 + 1 → touching, separation 0.
  // Point ½((1,1) + (1.75,2)) + ½(0.25 − 1)(0.6, 0.8) = (1.15, 1.2).
  const Manifold m = collideChecked(box(0.25), at(0, 0), Circle{{0, 0}, 1}, at(1.75, 2));
  expectSinglePoint(m, {0.6, 0.8}, {1.15, 1.2}, 0.0, fid(kVertex, 2, kVertex, 0));
}

TEST(ReferencePolygonCircle, RotatedPolygonAndEveryVertexRotation) {
  // The face-region case with the box rotated by 90° (q = (0, 1)) and its vertex list rotated
  // by k: world geometry is unchanged, so the manifold is too, except the face index. The
  // world right side is local face (0 − 1 + k)... found by the engine: we check the point,
  // separation and normal, and that the face index names the world right side.
  for (int k = 0; k < 4; ++k) {
    std::vector<Vec2> v = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    std::rotate(v.begin(), v.begin() + k, v.end());
    const Polygon p = makePolygon(v);
    const Transform xf{{0, 0}, {0, 1}};
    const Manifold m = collideChecked(p, xf, Circle{{0, 0}, 0.5}, at(1.25, 0));
    ASSERT_EQ(m.status, Status::contact) << k;
    EXPECT_EQ(m.normal, (Vec2{1, 0}));
    EXPECT_EQ(m.points[0].point, (Vec2{0.875, 0}));
    EXPECT_EQ(m.points[0].separation, -0.25);
    // Local face whose normal maps to world (1, 0) is the local bottom face (normal (0, −1)),
    // the original face 0, now at index (0 − k) mod 4.
    EXPECT_EQ(m.points[0].id, fid(kFace, (4 - k) % 4, kVertex, 0)) << k;
  }
}

TEST(ReferencePolygonCircle, TinyAndLargeScales) {
  // The face-region case scaled by s: point (0.875 s, 0) and separation −0.25 s, each the
  // correctly rounded exact value (long double holds these sums of doubles exactly).
  for (const double s : {1e-6, 1e6}) {
    const Polygon p = makePolygon({{-s, -s}, {s, -s}, {s, s}, {-s, s}});
    const double cx = 1.25 * s;
    const double r = 0.5 * s;
    const Manifold m = collideChecked(p, at(0, 0), Circle{{0, 0}, r}, at(cx, 0));
    ASSERT_EQ(m.status, Status::contact) << s;
    const long double sepRaw = static_cast<long double>(cx) - s;
    EXPECT_EQ(m.points[0].separation, static_cast<double>(sepRaw - r)) << s;
    EXPECT_EQ(m.points[0].point.x, static_cast<double>(cx + 0.5L * (-r - sepRaw))) << s;
  }
}

}  // namespace
}  // namespace touche::reference::testing
