// touche reference — circle vs circle.
//
// Derivation: source 004 §1 (two circles touch when the distance between their centres is at
// most the sum of the radii) and source 000's solveCircle (one contact point, on the line of
// centres), with the point placed by the midpoint rule of Box2D v3's b2CollideCircles and the
// contract's margin. Decided exactly: |d| − rA − rB ≤ margin ⟺ d·d ≤ (rA + rB + margin)²,
// evaluated as the sign of a + b·√g (exact.h), never by taking a square root.
//
// Source mistakes (collected in docs/errata.md):
//  - source 000 solveCircle returns no contact when distance ≥ rA + rB, so two circles touching
//    exactly are "not colliding" (e.g. unit circles at (0,0) and (2,0)); touching is contact.
//  - source 000 solveCircle normalises pB − pA without a guard: concentric circles (both at
//    (0,0)) give a 0/0 normal (NaN). touche uses A's x axis and flags the manifold.
#include "construct.h"
#include "touche/reference/reference.h"

namespace touche::reference {

Manifold collideCircles(const Circle& a, const Transform& xfA, const Circle& b,
                        const Transform& xfB, const Options& options) {
  // Step 1: centres in the world frame, exactly.
  const ExactVec2 centerA = toWorldExact(xfA, a.center);
  const ExactVec2 centerB = toWorldExact(xfB, b.center);
  const Rational radiusA = liftExact(a.radius);
  const Rational radiusB = liftExact(b.radius);
  const Rational margin = liftExact(options.margin);

  // Step 2: the normal direction is the line of centres; concentric circles (exactly equal
  // centres) have none, so the documented fallback is A's local x axis in the world frame,
  // (xfA.q.c, xfA.q.s), normalised, and the manifold is flagged.
  ExactVec2 direction = centerB - centerA;
  const bool concentric = sign(dot(direction, direction)) == 0;
  const double normalGap = lengthGap(direction);  // DecisionGaps::normal: |cB − cA|, 0 if equal
  if (concentric) direction = ExactVec2{liftExact(xfA.q.c), liftExact(xfA.q.s)};

  // Step 3: separation √(d·d) − rA − rB and the midpoint ½(cA + cB) + ½(rA − rB)·n.
  const ExactContact contact = roundContact(centerA, radiusA, centerB, radiusB, direction);

  // Step 4: within the margin → one point with id (vertex 0, vertex 0).
  Manifold m;
  if (withinMargin(contact.separation, margin)) {
    m = singlePointManifold(contact, FeatureId{});
    if (concentric) m.flags |= kFlagDegenerateNormal;
  }
  m.gaps.contact = contactGap(contact.separation, margin);
  m.gaps.normal = normalGap;
  return m;
}

}  // namespace touche::reference
