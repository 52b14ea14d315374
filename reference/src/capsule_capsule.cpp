// touche reference — capsule A vs capsule B, and segment A vs capsule B (a segment is a capsule
// of radius 0; Box2D v3 b2CollideSegmentAndCapsule does the same).
//
// Derivation: Box2D v3 b2CollideCapsules — the closest points of two segments (Ericson 5.1.9)
// give the distance; when each core projects onto the other, the segments are clipped like a
// reference and an incident face (source 000's clipping, source 002's b2ClipSegmentToLine) to
// get two points; otherwise, or when the clipped points are not the closest ones, one point on
// the line of closest points. Decided exactly, with no slop constant:
//   Step 1: cores in the world frame. A zero-length core is a circle (capsule_circle.cpp).
//   Step 2: closest points c1 = p1 + f1·d1, c2 = p2 + f2·d2 (rational fractions, v3's clamping
//           order: f1 from the unclamped solution, then f2, then f1 again if f2 was clamped).
//   Step 3: beyond the margin (|c2 − c1| − rA − rB > margin) → no contact.
//   Step 4: does either core project entirely outside the other (≤ 0 or ≥ its length)?
//   Step 5: if not, the SAT side of each core: the larger of min(ss) and min(−ss) over the
//           other core's endpoints (tie → the right side, face 0); the reference is A when
//           sepA ≥ sepB exactly. Clip the other core to the reference extent; keep the two
//           points when one of them is at most the closest distance from the reference line
//           (v3 adds b2_linearSlop to that distance; the exact rule has no slop).
//   Step 6: otherwise one point: the round contact of c1 and c2 along c2 − c1. Touching
//           cores (c1 = c2; reached only when one core projects entirely at or beyond an end of
//           the other, so the origin lies on the boundary of the cores' difference
//           {b − a}, a parallelogram with edges d1 and d2) take step 5's choice of the four
//           face normals: the best separation is 0 along the face through the origin. Where
//           two faces attain it (tips meeting at an angle, collinear cores end to end) every
//           normal between them is as deep: the rule's (A before B, right side before left)
//           is returned, flagged kFlagDegenerateNormal.
// Gaps (DecisionGaps): contact from the core distance; axis from step 5's choices (the
// reference core, and the reference core's side); clip
// (step 5): the smallest distance along the reference core between an incident endpoint and a
// line through a reference endpoint perpendicular to the core; region (steps 4 and 6): the
// distance of step 4's projections from flipping, and (step 6) the smallest
// distance of a closest point to a line through an endpoint of the other core perpendicular to
// it (where the clamping of step 2 switches between endpoint and interior); normal (step 6):
// |c2 − c1|, or for touching cores (a face normal) the axis gap of step 5's choice instead.
// Feature ids follow the two-vertex-polygon scheme (cores.h): an unclipped endpoint j of the
// incident core → (face of the reference, vertex j); a point clipped at reference vertex k →
// (vertex k, the incident face facing the reference). Step 6 names endpoints (f = 0 or 1) as
// vertices and interior points as the face whose outward normal points at the other core.
#include <algorithm>
#include <optional>

#include "cores.h"
#include "rounding.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

Rational clamp01(const Rational& x) {
  if (x < 0) return Rational(0);
  if (x > 1) return Rational(1);
  return x;
}

/// Step 2: the closest points of the two cores (fractions f1 on A, f2 on B).
struct ClosestPoints {
  Rational f1;
  Rational f2;
  ExactVec2 c1;
  ExactVec2 c2;
};

ClosestPoints closestPoints(const WorldCapsule& a, const WorldCapsule& b) {
  const ExactVec2 d1 = a.q - a.p;
  const ExactVec2 d2 = b.q - b.p;
  const ExactVec2 r = a.p - b.p;
  const Rational dd1 = dot(d1, d1);
  const Rational dd2 = dot(d2, d2);
  const Rational rd1 = dot(r, d1);
  const Rational rd2 = dot(r, d2);
  const Rational d12 = dot(d1, d2);
  const Rational denom = dd1 * dd2 - d12 * d12;
  ClosestPoints cp;
  cp.f1 = sign(denom) != 0 ? clamp01((d12 * rd2 - rd1 * dd2) / denom) : Rational(0);
  cp.f2 = (d12 * cp.f1 + rd2) / dd2;
  if (cp.f2 < 0) {
    cp.f2 = 0;
    cp.f1 = clamp01(-rd1 / dd1);
  } else if (cp.f2 > 1) {
    cp.f2 = 1;
    cp.f1 = clamp01((d12 - rd1) / dd1);
  }
  cp.c1 = a.p + cp.f1 * d1;
  cp.c2 = b.p + cp.f2 * d2;
  return cp;
}

/// Step 4: true when core `other` projects onto `ref`'s axis entirely at or beyond one end.
bool projectsOutside(const WorldCapsule& ref, const WorldCapsule& other) {
  const ExactVec2 d = ref.q - ref.p;
  const Rational length2 = dot(d, d);
  const Rational fp = dot(other.p - ref.p, d);
  const Rational fq = dot(other.q - ref.p, d);
  return (fp <= 0 && fq <= 0) || (fp >= length2 && fq >= length2);
}

/// DecisionGaps::region for step 4: how far `other`'s endpoints are from flipping either test
/// of projectsOutside — the largest projection from the line through ref.p perpendicular to
/// the core (all at or before p iff it is ≤ 0), and the smallest from the line through ref.q
/// (all at or beyond q iff it is ≥ 0), as distances.
void offerProjectionGaps(const WorldCapsule& ref, const WorldCapsule& other, MinDistance& gaps) {
  const ExactVec2 d = ref.q - ref.p;
  const Rational length2 = dot(d, d);
  const Rational fp = dot(other.p - ref.p, d);
  const Rational fq = dot(other.q - ref.p, d);
  gaps.offer(fp > fq ? fp : fq, length2);
  gaps.offer((fp < fq ? fp : fq) - length2, length2);
}

/// Step 5 (SAT side): the outward normal direction m of `ref`'s face toward `other`, its face
/// index, the separation numerator w (separation = w/√(m·m)) and the other face's numerator.
struct Side {
  ExactVec2 m;
  int face;
  Rational w;
  Rational otherW;  ///< the side not chosen (≤ w): a tie when equal

  /// How far the chosen side leads the other, in length units (0 at a tie: a core crossing
  /// the other's line symmetrically has no better side).
  double lead() const {
    const Rational mm = dot(m, m);
    return approximateDifference(quotient(w, mm), quotient(otherW, mm));
  }
};

Side satSide(const WorldCapsule& ref, const WorldCapsule& other) {
  const ExactVec2 d = ref.q - ref.p;
  const ExactVec2 left{-d.y, d.x};
  const Rational ss1 = dot(other.p - ref.p, left);
  const Rational ss2 = dot(other.q - ref.p, left);
  const Rational positive = ss1 < ss2 ? ss1 : ss2;
  const Rational negative = -ss1 < -ss2 ? Rational(-ss1) : Rational(-ss2);
  if (positive > negative) return {left, 1, positive, negative};
  return {rightPerp(d), 0, negative, positive};
}

/// Step 5's choice between the two cores' sides: A's side when sepA ≥ sepB exactly.
struct SatChoice {
  Side sideA;
  Side sideB;
  bool referenceA = true;
  /// Tie of the two cores' sides (sepA = sepB) or of the chosen core's two sides.
  bool tie = false;
  /// DecisionGaps::axis: the chosen side's separation minus the other core's, or the
  /// reference core's lead of its chosen side over its other side when that is smaller (the
  /// side decides the normal and the clip as much as the core does).
  double gap = 0.0;

  /// The manifold normal's direction (A → B), unnormalised.
  ExactVec2 normal() const { return referenceA ? sideA.m : ExactVec2{-sideB.m.x, -sideB.m.y}; }
};

SatChoice chooseSide(const WorldCapsule& a, const WorldCapsule& b) {
  SatChoice choice{satSide(a, b), satSide(b, a)};
  const SqrtForm sepA = quotient(choice.sideA.w, dot(choice.sideA.m, choice.sideA.m));
  const SqrtForm sepB = quotient(choice.sideB.w, dot(choice.sideB.m, choice.sideB.m));
  const int order = compare(sepA, sepB);
  choice.referenceA = order >= 0;
  const Side& chosen = choice.referenceA ? choice.sideA : choice.sideB;
  choice.tie = order == 0 || chosen.w == chosen.otherW;
  choice.gap = std::min(
      choice.referenceA ? approximateDifference(sepA, sepB) : approximateDifference(sepB, sepA),
      chosen.lead());
  return choice;
}

FeatureId idOf(FeatureType typeA, int indexA, FeatureType typeB, int indexB) {
  return {typeA, static_cast<std::uint8_t>(indexA), typeB, static_cast<std::uint8_t>(indexB)};
}

/// The face of core `c` whose outward normal is most anti-parallel to m (tie → face 0).
int facingFace(const WorldCapsule& c, const ExactVec2& m) {
  return sign(dot(rightPerp(c.q - c.p), m)) <= 0 ? 0 : 1;
}

/// Step 5 (clip): clips core `inc` to the extent of `ref` along its axis; ids in the
/// (reference, incident) roles. Returns nullopt when v3 would fall back to one point.
std::optional<Manifold> clipCores(const WorldCapsule& ref, const WorldCapsule& inc,
                                  const Side& side, const SqrtForm& distance,
                                  const Rational& margin) {
  const ExactVec2 d = ref.q - ref.p;
  const Rational length2 = dot(d, d);
  const Rational fp = dot(inc.p - ref.p, d);
  const Rational fq = dot(inc.q - ref.p, d);
  const int g = facingFace(inc, side.m);
  ExactVec2 cp = inc.p;
  ExactVec2 cq = inc.q;
  FeatureId idp = idOf(FeatureType::face, side.face, FeatureType::vertex, 0);
  FeatureId idq = idOf(FeatureType::face, side.face, FeatureType::vertex, 1);
  // Clip at the reference's vertex 0 (projection 0), then at its vertex 1 (projection |d|²).
  if (fp < 0 && fq > 0) {
    cp = inc.p + ((0 - fp) / (fq - fp)) * (inc.q - inc.p);
    idp = idOf(FeatureType::vertex, 0, FeatureType::face, g);
  } else if (fq < 0 && fp > 0) {
    cq = inc.q + ((0 - fq) / (fp - fq)) * (inc.p - inc.q);
    idq = idOf(FeatureType::vertex, 0, FeatureType::face, g);
  }
  if (fp > length2 && fq < length2) {
    cp = inc.p + ((fp - length2) / (fp - fq)) * (inc.q - inc.p);
    idp = idOf(FeatureType::vertex, 1, FeatureType::face, g);
  } else if (fq > length2 && fp < length2) {
    cq = inc.q + ((fq - length2) / (fq - fp)) * (inc.p - inc.q);
    idq = idOf(FeatureType::vertex, 1, FeatureType::face, g);
  }
  const ExactContact contacts[2] = {faceContact(ref.p, side.m, ref.radius, cp, inc.radius),
                                    faceContact(ref.p, side.m, ref.radius, cq, inc.radius)};
  const Rational g2 = dot(side.m, side.m);
  const SqrtForm sp = quotient(dot(cp - ref.p, side.m), g2);
  const SqrtForm sq = quotient(dot(cq - ref.p, side.m), g2);
  if (compare(sp, distance) > 0 && compare(sq, distance) > 0) return std::nullopt;
  Manifold m;
  MinDistance clip;
  for (const Rational& f : {fp, fq}) {
    clip.offer(f, length2);
    clip.offer(Rational(length2 - f), length2);
  }
  m.gaps.clip = clip.rounded();
  const FeatureId ids[2] = {idp, idq};
  for (int k = 0; k < 2; ++k) {
    if (!withinMargin(contacts[k].separation, margin)) continue;
    m.points[m.pointCount++] = roundPoint(contacts[k], ids[k]);
  }
  m.status = m.pointCount > 0 ? Status::contact : Status::noContact;
  if (m.pointCount > 0) m.normal = roundNearest(contacts[0].normal);
  return m;
}

/// Step 6: the single point on the line of closest points.
Manifold singlePoint(const WorldCapsule& a, const WorldCapsule& b, const ClosestPoints& cp,
                     const Rational& margin) {
  const ExactVec2 d1 = a.q - a.p;
  ExactVec2 direction = cp.c2 - cp.c1;
  const bool touching = sign(dot(direction, direction)) == 0;
  // Touching cores: step 5's face choice (the face through the origin of the cores'
  // difference; the rule's face where two of them are best).
  std::optional<SatChoice> faces;
  if (touching) {
    faces = chooseSide(a, b);
    direction = faces->normal();
  }
  const auto feature = [](const Rational& f, int face) {
    if (sign(f) == 0) return std::make_pair(FeatureType::vertex, 0);
    if (f == 1) return std::make_pair(FeatureType::vertex, 1);
    return std::make_pair(FeatureType::face, face);
  };
  const auto fa = feature(cp.f1, sign(dot(direction, rightPerp(d1))) > 0 ? 0 : 1);
  const auto fb = feature(cp.f2, facingFace(b, direction));
  const ExactContact contact = roundContact(cp.c1, a.radius, cp.c2, b.radius, direction);
  Manifold m;
  if (withinMargin(contact.separation, margin)) {
    m = singlePointManifold(contact, idOf(fa.first, fa.second, fb.first, fb.second));
    if (faces && faces->tie) m.flags |= kFlagDegenerateNormal;
  }
  MinDistance region;
  const ExactVec2 d2 = b.q - b.p;
  for (const ExactVec2* end : {&a.p, &a.q})
    region.offer(dot(cp.c2 - *end, d1), dot(d1, d1));
  for (const ExactVec2* end : {&b.p, &b.q})
    region.offer(dot(cp.c1 - *end, d2), dot(d2, d2));
  m.gaps.region = region.rounded();
  // The normal is built from c2 − c1, or (touching) is a face's chosen by step 5's rule.
  if (faces) {
    m.gaps.axis = faces->gap;
  } else {
    m.gaps.normal = lengthGap(cp.c2 - cp.c1);
  }
  return m;
}

}  // namespace

Manifold collideWorldCapsules(const WorldCapsule& a, const WorldCapsule& b,
                              const Rational& margin) {
  // Steps 2–3: closest points and the margin test on the exact distance √(|c2 − c1|²).
  const ClosestPoints cp = closestPoints(a, b);
  const ExactVec2 gap = cp.c2 - cp.c1;
  const SqrtForm distance{0, 1, dot(gap, gap)};
  const SqrtForm separation{-(a.radius + b.radius), 1, distance.g};
  if (!withinMargin(separation, margin)) {
    Manifold m;
    m.gaps.contact = contactGap(separation, margin);
    return m;
  }
  // Steps 4–5: both cores project onto each other → SAT reference side and clipping.
  std::optional<Manifold> clipped;
  std::optional<double> axisGap;
  if (!projectsOutside(a, b) && !projectsOutside(b, a)) {
    const SatChoice choice = chooseSide(a, b);
    if (choice.referenceA) {
      clipped = clipCores(a, b, choice.sideA, distance, margin);
    } else {
      clipped = clipCores(b, a, choice.sideB, distance, margin);
      if (clipped) clipped = swapRoles(*clipped);
    }
    axisGap = choice.gap;
  }
  // Step 6: otherwise one point.
  Manifold m = clipped ? *clipped : singlePoint(a, b, cp, margin);
  if (axisGap) m.gaps.axis = axisGap;
  // DecisionGaps::region also covers step 4 (clipped points or one point): a core standing
  // on the other's end line decides it by a hair.
  MinDistance step4;
  offerProjectionGaps(a, b, step4);
  offerProjectionGaps(b, a, step4);
  const std::optional<double> step4Gap = step4.rounded();
  if (step4Gap && (!m.gaps.region || *step4Gap < *m.gaps.region)) m.gaps.region = step4Gap;
  m.gaps.contact = contactGap(separation, margin);
  return m;
}

Manifold collideCapsules(const Capsule& a, const Transform& xfA, const Capsule& b,
                         const Transform& xfB, const Options& options) {
  // Step 1: a zero-length core is a circle with that capsule's vertex 0.
  const WorldCapsule capsuleA = toWorldExact(a, xfA);
  const WorldCapsule capsuleB = toWorldExact(b, xfB);
  const Circle circleA{a.p1, a.radius};
  const Circle circleB{b.p1, b.radius};
  if (isPoint(capsuleA) && isPoint(capsuleB)) {
    return collideCircles(circleA, xfA, circleB, xfB, options);
  }
  if (isPoint(capsuleA)) return swapRoles(collideCapsuleAndCircle(b, xfB, circleA, xfA, options));
  if (isPoint(capsuleB)) return collideCapsuleAndCircle(a, xfA, circleB, xfB, options);
  return collideWorldCapsules(capsuleA, capsuleB, liftExact(options.margin));
}

Manifold collideSegmentAndCapsule(const Segment& a, const Transform& xfA, const Capsule& b,
                                  const Transform& xfB, const Options& options) {
  const WorldCapsule capsuleB = toWorldExact(b, xfB);
  if (isPoint(capsuleB)) {
    return collideSegmentAndCircle(a, xfA, Circle{b.p1, b.radius}, xfB, options);
  }
  return collideWorldCapsules(toWorldExact(a, xfA), capsuleB, liftExact(options.margin));
}

}  // namespace touche::reference
