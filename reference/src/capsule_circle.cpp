// touche reference — capsule A vs circle B, and segment A vs circle B (a segment is a capsule of
// radius 0; Box2D v3 b2CollideSegmentAndCircle does the same).
//
// Derivation: the circle–circle rule of source 000 / 004 applied to the closest point of the
// capsule's core segment (Box2D v3 b2CollideCapsuleAndCircle; Ericson 5.1.2, closest point on a
// segment). A capsule is the set of points within rA of its core, so its distance to the circle
// is |c − closest(c)| − rA − rB.
//   Step 1: shapes in the world frame, exactly. A zero-length capsule is the circle (p1, rA).
//   Step 2: the region of the centre along the core: s1 = dot(c − p1, e) < 0 → vertex p1;
//           s2 = dot(p2 − c, e) < 0 → vertex p2; otherwise the interior point p1 + (s1/e·e)·e
//           (v3's strict tests: a centre exactly abreast an endpoint is in the interior region).
//   Step 3: the normal is c − closest. A centre exactly on the core gives no direction: the
//           documented fallback is the core's left normal leftPerp(p2 − p1) (v3
//           b2CollideCapsules' fallback), flagged kFlagDegenerateNormal.
//   Step 4: the round contact (midpoint rule) and the margin test.
//   Steps 2–4 are one template over the number type, run on Approx first (approx.h) and in
//   exact rationals only when a sign or a rounding is uncertain (filterStats()).
//   Gaps: region = min(|s1|, |s2|)/|e|, the distance of the centre to the nearer of the lines
//         through p1 and p2 perpendicular to the core (exactly the region boundaries);
//         normal = |c − closest| (0 for a centre on the core).
// Feature ids: (vertex 0 | vertex 1 | face 0 | face 1 on the capsule, vertex 0 on the circle);
// face 0 when the normal leaves the core to the right of p1→p2, face 1 to the left.
#include "cores.h"
#include "touche/reference/reference.h"

namespace touche::reference {

WorldCapsule toWorldExact(const Capsule& capsule, const Transform& xf) {
  return {toWorldExact(xf, capsule.p1), toWorldExact(xf, capsule.p2), liftExact(capsule.radius)};
}

WorldCapsule toWorldExact(const Segment& segment, const Transform& xf) {
  return {toWorldExact(xf, segment.p1), toWorldExact(xf, segment.p2), Rational(0)};
}

bool isPoint(const WorldCapsule& capsule) {
  return capsule.p == capsule.q;
}

WorldPolygon asPolygon(const WorldCapsule& capsule) {
  WorldPolygon polygon;
  polygon.count = 2;
  polygon.vertices[0] = capsule.p;
  polygon.vertices[1] = capsule.q;
  polygon.radius = capsule.radius;
  return polygon;
}

namespace {

/// Steps 2–4 in the world frame, for N = Rational or Approx: capsule core A (p ≠ q) vs a
/// circle (centre, radius) B.
template <class N>
Manifold capsuleAndCircle(const WorldCapsuleOf<N>& a, const Vec2Of<N>& center, const N& radius,
                          const N& margin) {
  // Step 2: the closest point of the core to the centre, by region.
  const Vec2Of<N> e = a.q - a.p;
  const N s1 = dot(center - a.p, e);
  const N s2 = dot(a.q - center, e);
  Vec2Of<N> closest;
  int vertex = -1;
  if (sign(s1) < 0) {
    closest = a.p;
    vertex = 0;
  } else if (sign(s2) < 0) {
    closest = a.q;
    vertex = 1;
  } else {
    closest = a.p + (s1 / dot(e, e)) * e;
  }

  // Step 3: the normal direction, or the documented fallback for a centre on the core.
  Vec2Of<N> direction = center - closest;
  const bool degenerate = sign(dot(direction, direction)) == 0;
  if (degenerate) direction = Vec2Of<N>{-e.y, e.x};
  const int face = sign(dot(direction, rightPerp(e))) > 0 ? 0 : 1;
  const FeatureId id =
      vertex >= 0
          ? FeatureId{FeatureType::vertex, static_cast<std::uint8_t>(vertex), FeatureType::vertex,
                      0}
          : FeatureId{FeatureType::face, static_cast<std::uint8_t>(face), FeatureType::vertex, 0};

  // Step 4: round contact between the closest core point (radius rA) and the centre.
  const ContactOf<N> contact = roundContact(closest, a.radius, center, radius, direction);
  Manifold m;
  if (withinMargin(contact.separation, margin)) {
    m = singlePointManifold(contact, id);
    if (degenerate) m.flags |= kFlagDegenerateNormal;
  }
  m.gaps.contact = contactGap(contact.separation, margin);
  MinDistanceOf<N> region;
  region.offer(s1, dot(e, e));
  region.offer(s2, dot(e, e));
  m.gaps.region = region.rounded();
  m.gaps.normal = lengthGap(center - closest);
  return m;
}

}  // namespace

Manifold collideCapsuleAndCircle(const Capsule& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, const Options& options) {
  // Step 1: world frame; a zero-length capsule is a circle (ids: its vertex 0). The world map
  // is one-to-one, so equal local points are exactly the equal world points.
  if (a.p1 == a.p2) return collideCircles(Circle{a.p1, a.radius}, xfA, b, xfB, options);
  return filtered([&](auto zero) {
    using N = decltype(zero);
    return capsuleAndCircle(
        WorldCapsuleOf<N>{toWorld<N>(xfA, a.p1), toWorld<N>(xfA, a.p2), lift<N>(a.radius)},
        toWorld<N>(xfB, b.center), lift<N>(b.radius), lift<N>(options.margin));
  });
}

Manifold collideSegmentAndCircle(const Segment& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, const Options& options) {
  // Step 1: the segment is a capsule of radius 0 (validation guarantees p1 ≠ p2).
  return collideCapsuleAndCircle(Capsule{a.p1, a.p2, 0.0}, xfA, b, xfB, options);
}

}  // namespace touche::reference
