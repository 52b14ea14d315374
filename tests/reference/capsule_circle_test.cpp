// Capsule A vs circle B and segment A vs circle B (reference/src/capsule_circle.cpp). Every
// case also runs swapped. The capsule core runs from p1 = (−1, 0) to p2 = (1, 0): its face 0
// is below (outward normal rightPerp(p2 − p1) ∝ (0, −1)), face 1 above.
#include <cmath>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

const Capsule kCapsule{{-1, 0}, {1, 0}, 0.5};

TEST(ReferenceCapsuleCircle, InteriorRegionAboveTheCore) {
  // Circle r = 0.5 at (0.5, 0.75): closest core point (0.5, 0), normal (0, 1) (face 1),
  // separation 0.75 − 1 = −0.25; surfaces at y = 0.5 and 0.25 → point (0.5, 0.375).
  const Manifold m = collideChecked(kCapsule, at(0, 0), Circle{{0, 0}, 0.5}, at(0.5, 0.75));
  expectSinglePoint(m, {0, 1}, {0.5, 0.375}, -0.25, fid(kFace, 1, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagNone);
}

TEST(ReferenceCapsuleCircle, EndpointRegionTouchingExactly) {
  // Circle r = 0.75 at (1.75, 1): beyond p2 (s2 = dot(p2 − c, e) = −1.5 < 0); d = (0.75, 1),
  // |d| = 1.25 = 0.5 + 0.75 → separation exactly 0, still contact. Normal (0.6, 0.8); both
  // surfaces at p2 + 0.5·n = c − 0.75·n = (1.3, 0.4).
  const Manifold m = collideChecked(kCapsule, at(0, 0), Circle{{0, 0}, 0.75}, at(1.75, 1));
  expectSinglePoint(m, {0.6, 0.8}, {1.3, 0.4}, 0.0, fid(kVertex, 1, kVertex, 0));
}

TEST(ReferenceCapsuleCircle, CentreAbreastOfAnEndpointIsTheInteriorRegion) {
  // Circle r = 0.5 at (−1, 0.75): s1 = 0 exactly → interior region (v3's strict test), so the
  // id names face 1, not vertex 0; normal (0, 1), separation −0.25, point (−1, 0.375).
  const Manifold m = collideChecked(kCapsule, at(0, 0), Circle{{0, 0}, 0.5}, at(-1, 0.75));
  expectSinglePoint(m, {0, 1}, {-1, 0.375}, -0.25, fid(kFace, 1, kVertex, 0));
}

TEST(ReferenceCapsuleCircle, CentreOnTheCoreUsesTheLeftNormalAndFlags) {
  // Circle r = 0.5 centred at (0.25, 0), on the core: no direction. Fallback leftPerp(e) ∝
  // (0, 1) (face 1), flagged; separation 0 − 1 = −1; point ½(c + c) + ½(0.5 − 0.5)·n = c.
  const Manifold m = collideChecked(kCapsule, at(0, 0), Circle{{0, 0}, 0.5}, at(0.25, 0));
  expectSinglePoint(m, {0, 1}, {0.25, 0}, -1.0, fid(kFace, 1, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
}

TEST(ReferenceCapsuleCircle, RotatedCapsuleBelowTheCore) {
  // The capsule rotated by 90° (c, s) = (0, 1): core from (0, −1) to (0, 1), face 0 now on the
  // +x side. Circle r = 0.25 at (0.5, 0.5): normal (1, 0), separation 0.5 − 0.75 = −0.25,
  // point midway between x = 0.5 (capsule) and 0.25 (circle): (0.375, 0.5).
  const Manifold m =
      collideChecked(kCapsule, Transform{{0, 0}, {0, 1}}, Circle{{0, 0}, 0.25}, at(0.5, 0.5));
  expectSinglePoint(m, {1, 0}, {0.375, 0.5}, -0.25, fid(kFace, 0, kVertex, 0));
}

TEST(ReferenceCapsuleCircle, ZeroLengthCapsuleIsACircle) {
  // p1 = p2 = (0, 0), r = 0.5; circle r = 0.25 at (0.75, 1): |d| = 1.25, separation 0.5, so no
  // contact at margin 0 and contact exactly at margin 0.5. Normal (0.6, 0.8); point
  // ½(0 + c) + ½(0.5 − 0.25)·n = (0.45, 0.6); id (vertex 0, vertex 0).
  const Capsule dot{{0, 0}, {0, 0}, 0.5};
  EXPECT_EQ(collideChecked(dot, at(0, 0), Circle{{0, 0}, 0.25}, at(0.75, 1)).status,
            Status::noContact);
  const Manifold m = collideChecked(dot, at(0, 0), Circle{{0, 0}, 0.25}, at(0.75, 1), Options{0.5});
  expectSinglePoint(m, {0.6, 0.8}, {0.45, 0.6}, 0.5, fid(kVertex, 0, kVertex, 0));
}

TEST(ReferenceCapsuleCircle, ConcentricZeroLengthCapsuleUsesTheXAxis) {
  // A zero-length capsule on the circle's centre: concentric circles → A's x axis, flagged.
  const Capsule dot{{0, 0}, {0, 0}, 0.5};
  const Manifold m = collideChecked(dot, at(2, 3), Circle{{0, 0}, 0.25}, at(2, 3));
  expectSinglePoint(m, {1, 0}, {2.125, 3}, -0.75, fid(kVertex, 0, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
}

TEST(ReferenceSegmentCircle, CircleBelowTheSegment) {
  // Segment (−1, 0)–(1, 0) (a capsule of radius 0); circle r = 0.5 at (0, −0.25): normal
  // (0, −1) (face 0), separation 0.25 − 0.5 = −0.25; surfaces at y = 0 (segment) and 0.25
  // (circle) → point (0, 0.125).
  const Segment segment{{-1, 0}, {1, 0}};
  const Manifold m = collideChecked(segment, at(0, 0), Circle{{0, 0}, 0.5}, at(0, -0.25));
  expectSinglePoint(m, {0, -1}, {0, 0.125}, -0.25, fid(kFace, 0, kVertex, 0));
}

TEST(ReferenceSegmentCircle, BeyondTheEndAlongTheLine) {
  // Circle r = 0.5 at (1.25, 0), on the segment's line past p2: vertex 1 region, normal (1, 0),
  // separation −0.25, point midway between x = 1 and 0.75: (0.875, 0).
  const Segment segment{{-1, 0}, {1, 0}};
  const Manifold m = collideChecked(segment, at(0, 0), Circle{{0, 0}, 0.5}, at(1.25, 0));
  expectSinglePoint(m, {1, 0}, {0.875, 0}, -0.25, fid(kVertex, 1, kVertex, 0));
  EXPECT_EQ(collideChecked(segment, at(0, 0), Circle{{0, 0}, 0.5}, at(1.5, 0)).status,
            Status::contact);
  EXPECT_EQ(
      collideChecked(segment, at(0, 0), Circle{{0, 0}, 0.5}, at(1.5000000000000002, 0)).status,
      Status::noContact);
}

}  // namespace
}  // namespace touche::reference::testing
