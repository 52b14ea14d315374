// touche — fast engine, polygon–circle golden tests (double and float, A/B swapped).
//
// The box is makeBox(1, 1): vertices v0 (−1,−1), v1 (1,−1), v2 (1,1), v3 (−1,1); faces
// 0 bottom n (0,−1), 1 right n (1,0), 2 top n (0,1), 3 left n (−1,0).
#include <gtest/gtest.h>

#include <cstdlib>

#include "expect.h"

namespace touche::fast::test {
namespace {

const Polygon kBox = makeBox(1, 1);
const Transform kRotate90{{0, 0}, {0, 1}};

// Circle r = 0.5 at (1.25, 0.2). Face separations: f0 −1.2, f1 0.25, f2 −0.8, f3 −2.25 → f1.
// u1 = (0.25, 1.2)·(0, 2) = 2.4 > 0, u2 = (0.25, −0.8)·(0, −2) = 1.6 > 0 → face region.
// Separation 0.25 − 0.5 = −0.25; point = c + ½(0 − 0.5 − 0.25)·(1, 0) = (0.875, 0.2).
TEST(FastPolygonCircle, FaceRegionRightFace) {
  const Circle c{{0, 0}, 0.5};
  const Transform xfB{{1.25, 0.2}, {}};
  const Golden g{Status::contact, {1, 0}, {{{0.875, 0.2}, -0.25, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, xfB, g);
  expectRigidMotionInvariance(kBox, kIdentity, c, xfB, g, {{3, -2}, {0, 1}});
  expectRigidMotionInvariance(kBox, kIdentity, c, xfB, g, {{-7, 5}, {0.6, 0.8}});
}

// Circle r = 0.6 at (1.3, 1.4): f1 0.3, f2 0.4 → f2 (v2 (1,1) → v3 (−1,1)), outside.
// u1 = (0.3, 0.4)·(−2, 0) = −0.6 < 0 → vertex region of v2. d = (0.3, 0.4), |d| = 0.5,
// normal (0.6, 0.8), separation 0.5 − 0.6 = −0.1. Surfaces: v2 = (1, 1) and
// c − 0.6·n = (0.94, 0.92); midpoint (0.97, 0.96).
TEST(FastPolygonCircle, VertexRegionTopRightCorner) {
  const Circle c{{0, 0}, 0.6};
  const Transform xfB{{1.3, 1.4}, {}};
  const Golden g{Status::contact, {0.6, 0.8}, {{{0.97, 0.96}, -0.1, vv(2, 0)}}};
  expectBothWays(kBox, kIdentity, c, xfB, g);
  expectRigidMotionInvariance(kBox, kIdentity, c, xfB, g, {{1, 1}, {0.6, 0.8}});
}

// Centre inside: r = 0.1 at (0.5, 0.25). f0 −1.25, f1 −0.5, f2 −0.75, f3 −1.5 → f1, face
// region (centre inside). Separation −0.5 − 0.1 = −0.6; point = c + ½(0 − 0.1 + 0.5)·(1, 0)
// = (0.7, 0.25) (midway between A's surface x = 1 and B's deepest point x = 0.4).
TEST(FastPolygonCircle, CentreInsideUsesFaceOfLeastPenetration) {
  const Circle c{{0, 0}, 0.1};
  const Golden g{Status::contact, {1, 0}, {{{0.7, 0.25}, -0.6, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{0.5, 0.25}, {}}, g);
}

// Rounded box (radius 0.25) at (10, 0) rotated 90°; circle r = 0.5 at (10, 1.5). In A's frame
// the centre is Rᵀ(0, 1.5) = (1.5, 0): face 1, separation 0.5 − 0.25 − 0.5 = −0.25, face
// region. Local point = (1.5, 0) + ½(0.25 − 0.5 − 0.5)·(1, 0) = (1.125, 0) (midway between
// A's surface 1.25 and B's 1.0); world (10, 1.125), normal R(1, 0) = (0, 1).
TEST(FastPolygonCircle, RoundedRotatedPolygonFaceRegion) {
  const Polygon rounded = makeBox(1, 1, 0.25);
  const Transform xfA{{10, 0}, {0, 1}};
  const Circle c{{0, 0}, 0.5};
  const Golden g{Status::contact, {0, 1}, {{{10, 1.125}, -0.25, fv(1, 0)}}};
  expectBothWays(rounded, xfA, c, {{10, 1.5}, {}}, g, {}, 10.0);
}

// Circle r = 0.5 at (1.5, 0): face 1 separation exactly 0.5 − 0.5 = 0 → contact, point (1, 0).
TEST(FastPolygonCircle, TouchingFaceExactly) {
  const Circle c{{0, 0}, 0.5};
  const Golden g{Status::contact, {1, 0}, {{{1, 0}, 0.0, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{1.5, 0}, {}}, g);
}

// Circle r = 0.5 at (1.75, 2): f1 0.75, f2 1.0 → f2, u1 = (0.75, 1)·(−2, 0) < 0 → vertex v2.
// d = (0.75, 1), |d| = 1.25 exactly, gap 0.75, normal (0.6, 0.8). Margin 0.75: contact with
// separation 0.75, point midway between (1, 1) and c − 0.5·n = (1.45, 1.6): (1.225, 1.3).
// Margin 0.625: the face gap 1.0 − 0.5 = 0.5 is within it but the vertex gap 0.75 is not.
TEST(FastPolygonCircle, VertexRegionBeyondMarginAlthoughFaceGapWithin) {
  const Circle c{{0, 0}, 0.5};
  const Transform xfB{{1.75, 2}, {}};
  const Golden g{Status::contact, {0.6, 0.8}, {{{1.225, 1.3}, 0.75, vv(2, 0)}}};
  expectBothWays(kBox, kIdentity, c, xfB, g, Options{0.75});
  expectBothWays(kBox, kIdentity, c, xfB, noContact(), Options{0.625});
}

// Centre exactly on vertex v2 = (1, 1), r = 0.25: faces 1 and 2 both separate by 0 → the lower
// index, face 1; separation 0 is not > 0, so the face region: normal (1, 0), separation −0.25,
// point (1, 1) + ½(0 − 0.25 − 0)·(1, 0) = (0.875, 1).
TEST(FastPolygonCircle, CentreExactlyOnVertexTakesLowerFace) {
  const Circle c{{0, 0}, 0.25};
  const Golden g{Status::contact, {1, 0}, {{{0.875, 1}, -0.25, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{1, 1}, {}}, g);
}

// Centre on the rotated box's vertex: box rotated 90° maps local v1 (1, −1) to world (1, 1);
// the centre is again exactly on a vertex in A's frame (the rotation is exact), faces 0 and 1
// tie at 0 → face 0 (local normal (0, −1), world (1, 0)).
TEST(FastPolygonCircle, CentreOnVertexOfRotatedBox) {
  const Circle c{{0, 0}, 0.25};
  const Golden g{Status::contact, {1, 0}, {{{0.875, 1}, -0.25, fv(0, 0)}}};
  expectBothWays(kBox, kRotate90, c, {{1, 1}, {}}, g);
}

// Centre straight out from a vertex along a face normal: r = 0.75 at (1.5, 1). Face
// separations: f1 0.5, f2 0, f0 −2, f3 −2.5 → f1 (v1 (1,−1) → v2 (1,1)), outside.
// u1 = (0.5, 2)·(0, 2) = 4 > 0; u2 = (0.5, 0)·(0, −2) = 0, not < 0 → the face region, exactly
// at its boundary with v2's region (both give the normal (1, 0); only the id tells them
// apart). Separation 0.5 − 0.75 = −0.25; point (1.5, 1) + ½(0 − 0.75 − 0.5)·(1, 0) =
// (0.875, 1); id (face 1, vertex 0). The same on the face's other end, (1.5, −1): u1 = 0.
TEST(FastPolygonCircle, CentreStraightOutFromVertexAlongFaceNormalIsFaceRegion) {
  const Circle c{{0, 0}, 0.75};
  const Golden upper{Status::contact, {1, 0}, {{{0.875, 1}, -0.25, fv(1, 0)}}};
  const Golden lower{Status::contact, {1, 0}, {{{0.875, -1}, -0.25, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{1.5, 1}, {}}, upper);
  expectBothWays(kBox, kIdentity, c, {{1.5, -1}, {}}, lower);
  expectRigidMotionInvariance(kBox, kIdentity, c, {{1.5, 1}, {}}, upper, {{3, -2}, {0, 1}});
}

// A sliver triangle whose faces 1 (v1 → v2) and 2 (v2 → v0) are nearly collinear: the centre
// (B's, in A's frame about (28.0, −100.6)) is 63.708 outside both lines, face 1 ahead by
// 1.8e-17 (the reference's exact axis gap), and lies abreast face 1 (foot at t = 0.66) but
// behind v2 along face 2 (t = −0.34). Taking face 2 by rounding then put the centre in v2's
// vertex region: a normal 26° off and a separation 7 too shallow (a fuzz regression, double).
// The face ending at v2 is the closest feature: face 1, separation 63.708 − 25.19 − 101.59 =
// −63.065 (the reference's values, correctly rounded, A rotated by −90°).
TEST(FastPolygonCircle, SliverWithNearlyCollinearFacesTakesTheFaceTheCentreIsAbreast) {
  const auto h = [](const char* text) { return std::strtod(text, nullptr); };
  const Polygon a = polygon({{h("-0x1.facp+5"), h("0x1.fffefffffffffp+0")},
                             {h("-0x1.342p+4"), h("-0x1.5c88p+7")},
                             {h("-0x1.4a68p+5"), h("-0x1.588802p+6")}},
                            h("0x1.93p+4"));
  const Circle b{{h("-0x1.bcp+1"), h("0x1.2f7p+5")}, h("0x1.9658p+6")};
  const Transform xfA{{h("-0x1.ap+2"), h("0x1.abep+10")}, {0, -1}};
  const Transform xfB{{h("-0x1.6f58p+6"), h("0x1.ad9ap+10")},
                      {h("-0x1.c0707eee6f4ebp-1"), h("0x1.ee266a9cb89dep-2")}};
  const Golden g{Status::contact,
                 {0.2426368148668191, -0.970117197080479},
                 {{{-124.09899733935194, 1751.4712779314298}, -63.0651579626768, fv(1, 0)}}};
  expectBothWays(a, xfA, b, xfB, g, {}, 2048.0);  // the scene's size: about 2^11
}

}  // namespace
}  // namespace touche::fast::test
