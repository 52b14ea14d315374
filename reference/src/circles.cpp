// touche reference — circle vs circle.
//
// Derivation: source 004 §1 (two circles touch when the distance between their centres is at
// most the sum of the radii) and source 000's solveCircle (one contact point, on the line of
// centres), with the point placed by the midpoint rule of Box2D v3's b2CollideCircles and the
// contract's margin. Decided exactly: |d| − rA − rB ≤ margin ⟺ d·d ≤ (rA + rB + margin)²,
// evaluated as the sign of a + b·√g (exact.h), never by taking a square root. The steps are
// one template over the number type, run on Approx first (approx.h) and in exact rationals
// only when a sign or a rounding is uncertain (filterStats()).
//
// Source mistakes (collected in docs/errata.md):
//  - source 000 solveCircle returns no contact when distance ≥ rA + rB, so two circles touching
//    exactly are "not colliding" (e.g. unit circles at (0,0) and (2,0)); touching is contact.
//  - source 000 solveCircle normalises pB − pA without a guard: concentric circles (both at
//    (0,0)) have no unit normal (0/0 = NaN when normalize divides by the length). touche uses
//    A's x axis and flags the manifold.
#include "construct.h"
#include "cores.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

/// Steps 2–4 in the world frame, for N = Rational or Approx; axisA is A's local x axis in the
/// world frame (the degenerate normal's direction).
template <class N>
Manifold circles(const Vec2Of<N>& centerA, const N& radiusA, const Vec2Of<N>& centerB,
                 const N& radiusB, const N& margin, const Vec2Of<N>& axisA) {
  // Step 2: the normal direction is the line of centres; concentric circles (exactly equal
  // centres) have none, so the documented fallback is A's local x axis in the world frame,
  // (xfA.q.c, xfA.q.s), normalised, and the manifold is flagged.
  Vec2Of<N> direction = centerB - centerA;
  const bool concentric = sign(dot(direction, direction)) == 0;
  const double normalGap = lengthGap(direction);  // DecisionGaps::normal: |cB − cA|, 0 if equal
  if (concentric) direction = axisA;

  // Step 3: separation √(d·d) − rA − rB and the midpoint ½(cA + cB) + ½(rA − rB)·n.
  const ContactOf<N> contact = roundContact(centerA, radiusA, centerB, radiusB, direction);

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

}  // namespace

Manifold collideCircles(const Circle& a, const Transform& xfA, const Circle& b,
                        const Transform& xfB, const Options& options) {
  // Step 1: centres in the world frame (filtered: Approx first, exact rationals when a
  // decision or a rounding is uncertain).
  return filtered([&](auto zero) {
    using N = decltype(zero);
    return circles(toWorld<N>(xfA, a.center), lift<N>(a.radius), toWorld<N>(xfB, b.center),
                   lift<N>(b.radius), lift<N>(options.margin),
                   Vec2Of<N>{lift<N>(xfA.q.c), lift<N>(xfA.q.s)});
  });
}

}  // namespace touche::reference
