// touche — fast engine: one-sided chain segment A (ghost vertices) vs circle, capsule, polygon B.
//
// The decision rules are the reference's (reference/src/chain_segment.cpp,
// docs/derivations/chain-segment.md): Box2D v3's b2CollideChainSegmentAndCircle / AndPolygon /
// AndCapsule, derived from source 002's b2CollideEdgeAndCircle (regions with the adjacency
// tests) and b2EPCollider (convex and concave corners), with v3's tolerances read as exact
// signs. Everything is computed in A's frame (the chain's local coordinates are exact there),
// B moved into it once; only the results are rotated into the world.
//
// Circle (steps C1–C4):
//   C1: centre in A's frame; cross(e, c − p1) > 0 strictly on the left → behind, no contact.
//   C2: regions: before p1 (v ≤ 0) owned by the previous piece when (p1 − ghost1)·(c − p1) ≤ 0;
//       after p2 (u ≤ 0) owned by the next piece when (ghost2 − p2)·(c − p2) > 0; else interior.
//   C3: the normal runs from the closest point to the centre; a centre on the segment takes
//       the front normal and kFlagDegenerateNormal.
//   C4: the round contact (midpoint rule) and the margin test.
// Polygon and capsule (a capsule is a rounded two-vertex polygon; steps P1–P6):
//   P1: corner parameters, prepared once: the convexity of each corner is decided exactly (the
//       sign of a turn is invariant under the rigid transform, so the local sign is the world's).
//   P2: one-sided: B's centroid strictly behind the segment and every convex neighbour → none.
//   P3: distance between the segment and B's core and its closest features (edge–vertex, then
//       vertex–edge, then vertex–vertex among equal distances); beyond rB + margin → none.
//   P4: in front and apart: classify the closest features' normal on the corner's Gauss map
//       (skip → none, admit → that feature pair, snap → B is incident to the segment face).
//   P5: otherwise SAT: the segment and its convex neighbours against B's vertices, B's admitted
//       faces against the segment; a neighbour's axis wins → none.
//   P6: the segment face is the reference: B's incident edge clipped to it (v3 b2ClipSegments).
// Feature ids: chain vertex 0 = p1, vertex 1 = p2, face 0 = the segment.
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <cmath>
#include <limits>
#include <type_traits>

#include "touche/core/shapes.h"
#include "touche/fast/circles.h"
#include "touche/fast/mutant.h"
#include "touche/fast/polygons.h"
#include "touche/fast/shapes.h"
#include "touche/fast/types.h"

namespace touche::fast {

/// Prepared one-sided chain segment, local frame. The collision side is the right of p1 → p2.
/// Edge vectors are differences of the double input rounded once to T; normals are their unit
/// right perpendiculars (computed in double); convex1/convex2 are decided exactly. The side
/// and region tests read the edges' directions, dir0–dir2: an edge shorter than 1 times the
/// power of two that brings its largest component to [1, 2), then rounded to T (a longer edge
/// as it is). A direction survives where the edge itself would not (a segment 2^-940 long is 0
/// in float, and every sign against it 0); otherwise it is the rounded edge times that power of
/// two exactly, so every sign and every quotient of the two is the same.
template <class T>
struct ChainSegmentT {
  Vec2T<T> ghost1, p1, p2, ghost2;
  Vec2T<T> edge1;        ///< p2 − p1 (the segment), for step P3's distances
  T length1 = T(0);      ///< |edge1|
  Vec2T<T> dir0;         ///< direction of p1 − ghost1 (the previous piece)
  Vec2T<T> dir1;         ///< direction of p2 − p1 (the segment)
  Vec2T<T> dir2;         ///< direction of ghost2 − p2 (the next piece)
  T dirLength1 = T(0);   ///< |dir1|: |edge1| times dir1's power of two
  Vec2T<T> normal0;      ///< unit right perp of dir0 (normal1 when ghost1 = p1)
  Vec2T<T> normal1;      ///< unit right perp of dir1: the segment's outward normal
  Vec2T<T> normal2;      ///< unit right perp of dir2 (normal1 when ghost2 = p2)
  bool convex1 = false;  ///< strict left turn ghost1 → p1 → p2
  bool convex2 = false;  ///< strict left turn p1 → p2 → ghost2
};

/// The right perpendicular (v.y, −v.x): the outward normal direction of a counter-clockwise
/// edge v (exact).
template <class T>
inline Vec2T<T> rightPerp(Vec2T<T> v) {
  return {v.y, -v.x};
}

namespace detail {

/// The sign (−1, 0, +1) of a1·b1 + a2·b2, for the chain's side and region tests. The value is
/// computed so that its sign survives where a plain T product would not: in float both
/// products are formed in double (exact: 24 + 24 bits) and added there (one rounding keeps the
/// sign); in double, when a product leaves the normal range (a ghost a subnormal off the line
/// times an edge of length 8 rounds to a multiple of 2^-1074), the factors are scaled by 2^300
/// each first (exact), so the products are normal and carry their full precision.
template <class T>
inline int sumOfProductsSign(T a1, T b1, T a2, T b2) {
  if constexpr (std::is_same_v<T, float>) {
    const double sum = static_cast<double>(a1) * static_cast<double>(b1) +
                       static_cast<double>(a2) * static_cast<double>(b2);
    return (sum > 0.0) - (sum < 0.0);
  } else {
    T p1 = a1 * b1;
    T p2 = a2 * b2;
    constexpr T kTiny = T(0x1p-900);
    const bool tiny1 = std::abs(p1) < kTiny && a1 != T(0) && b1 != T(0);
    const bool tiny2 = std::abs(p2) < kTiny && a2 != T(0) && b2 != T(0);
    if (tiny1 || tiny2) [[unlikely]] {
      constexpr T kScale = T(0x1p300);
      p1 = (a1 * kScale) * (b1 * kScale);
      p2 = (a2 * kScale) * (b2 * kScale);
    }
    const T sum = p1 + p2;
    return (sum > T(0)) - (sum < T(0));
  }
}

/// sign(dot(a, b)), see sumOfProductsSign.
template <class T>
inline int dotSign(Vec2T<T> a, Vec2T<T> b) {
  return sumOfProductsSign(a.x, b.x, a.y, b.y);
}

/// sign(cross(a, b)), see sumOfProductsSign.
template <class T>
inline int crossSign(Vec2T<T> a, Vec2T<T> b) {
  return sumOfProductsSign(a.x, b.y, -a.y, b.x);
}

/// Sign of cross(b − a, c − b), exactly: the double orient2d filter (Shewchuk's error bound,
/// as validate.cpp uses it), and GMP rationals when the filter cannot decide. Only called when
/// a chain segment is prepared, never in the hot path.
inline int exactTurn(Vec2 a, Vec2 b, Vec2 c) {
  const double left = (b.x - a.x) * (c.y - b.y);
  const double right = (b.y - a.y) * (c.x - b.x);
  const double det = left - right;
  const double detSum = std::fabs(left) + std::fabs(right);
  constexpr double eps = std::numeric_limits<double>::epsilon() / 2;
  if (detSum > 0x1p-900 && std::fabs(det) > (3.0 + 16.0 * eps) * eps * detSum) {
    return det > 0 ? 1 : -1;
  }
  using Q = boost::multiprecision::mpq_rational;
  const Q exact = (Q(b.x) - a.x) * (Q(c.y) - b.y) - (Q(b.y) - a.y) * (Q(c.x) - b.x);
  return exact.sign();
}

/// The exponent k ≥ 0 that brings the largest component of a v shorter than 1 to [1, 2) (0
/// for v = 0 and for |v| ≥ 1: scaling down could push a subnormal component below the range,
/// and a ghost a subnormal off the segment's line decides a corner's cone).
inline int directionExponent(Vec2 v) {
  const double reach = std::max(std::fabs(v.x), std::fabs(v.y));
  return reach > 0.0 && reach < 1.0 ? -std::ilogb(reach) : 0;
}

/// v·2^k rounded to T (exact in double: v's components are doubles, k brings them near 1).
template <class T>
inline Vec2T<T> directionOf(Vec2 v, int k) {
  return {static_cast<T>(std::ldexp(v.x, k)), static_cast<T>(std::ldexp(v.y, k))};
}

/// The unit right perpendicular of the double edge v, rounded to T; `fallback` for v = 0.
template <class T>
inline Vec2T<T> unitRightPerp(Vec2 v, Vec2 fallback) {
  const UnitT<double> n =
      normalizeOr(Vec2T<double>{v.y, -v.x}, Vec2T<double>{fallback.x, fallback.y});
  return {static_cast<T>(n.unit.x), static_cast<T>(n.unit.y)};
}

}  // namespace detail

template <class T>
inline ChainSegmentT<T> prepareScaled(const ChainSegment& unscaled, double k);

/// Prepares a validated chain segment (p1 ≠ p2): step P1's corner parameters, once.
template <class T>
inline ChainSegmentT<T> prepare(const ChainSegment& chain) {
  return prepareScaled<T>(chain, 1.0);
}

/// Prepares the chain segment with its points multiplied by k > 0 (in double, each product
/// rounded once: how the generic entry points move the scale of a rotation that is not exactly
/// unit into the shape). The corners' convexity is decided on the unscaled input: a positive
/// scale keeps the sign of every turn exactly, the rounded products might not (a collinear
/// ghost could turn into a convex corner).
template <class T>
inline ChainSegmentT<T> prepareScaled(const ChainSegment& unscaled, double k) {
  const ChainSegment chain{k * unscaled.ghost1, k * unscaled.p1, k * unscaled.p2,
                           k * unscaled.ghost2};
  ChainSegmentT<T> out;
  out.ghost1 = toT<T>(chain.ghost1);
  out.p1 = toT<T>(chain.p1);
  out.p2 = toT<T>(chain.p2);
  out.ghost2 = toT<T>(chain.ghost2);
  const Vec2 e0 = chain.p1 - chain.ghost1;
  const Vec2 e1 = chain.p2 - chain.p1;
  const Vec2 e2 = chain.ghost2 - chain.p2;
  out.edge1 = toT<T>(e1);
  const int k1 = detail::directionExponent(e1);
  out.dir0 = detail::directionOf<T>(e0, detail::directionExponent(e0));
  out.dir1 = detail::directionOf<T>(e1, k1);
  out.dir2 = detail::directionOf<T>(e2, detail::directionExponent(e2));
  const UnitT<double> n1 = normalizeOr(Vec2T<double>{e1.y, -e1.x}, Vec2T<double>{0.0, -1.0});
  const Vec2 unit1{n1.unit.x, n1.unit.y};
  out.normal1 = toT<T>(unit1);
  out.normal0 = detail::unitRightPerp<T>(e0, unit1);
  out.normal2 = detail::unitRightPerp<T>(e2, unit1);
  out.length1 = static_cast<T>(n1.length);
  out.dirLength1 = static_cast<T>(std::ldexp(n1.length, k1));
  // A corner is convex iff the chain turns strictly left there (v3: cross ≥ 0.01, read exactly).
  const int turn1 = detail::exactTurn(unscaled.ghost1, unscaled.p1, unscaled.p2);
  const int turn2 = detail::exactTurn(unscaled.p1, unscaled.p2, unscaled.ghost2);
  if constexpr (TOUCHE_MUTANT_IS(150)) {  // mutant 150: convexity test flipped
    out.convex1 = turn1 < 0;
    out.convex2 = turn2 < 0;
  } else {
    out.convex1 = turn1 > 0;
    out.convex2 = turn2 > 0;
  }
  return out;
}

/// Prepares a validated capsule as a rounded two-vertex polygon (vertex 0 = p1, vertex 1 = p2,
/// face 0 on the right of p1 → p2, face 1 on the left; Box2D v3 b2MakeCapsule), the form the
/// chain segment's polygon path takes. A zero-length capsule gives two equal vertices: the
/// capsule entry point then treats it as a circle.
template <class T>
inline PolygonT<T> prepareCapsuleAsPolygon(const Capsule& capsule) {
  Polygon p;
  p.vertices[0] = capsule.p1;
  p.vertices[1] = capsule.p2;
  p.count = 2;
  p.radius = capsule.radius;
  return prepare<T>(p);
}

/// Chain segment A vs circle B (steps C1–C4 above), world frame. Contact iff the centre is not
/// behind the segment, lies in a region the segment owns, and the circle is within `margin`.
template <class T>
ManifoldT<T> collideChainSegmentAndCircle(const ChainSegmentT<T>& a, const TransformT<T>& xfA,
                                          const CircleT<T>& b, const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;
  // Step C1: the centre in A's frame (through B's frame relative to A's, so that positions far
  // from the origin cancel before they round); strictly behind the segment's line → none.
  const Vec2T<T> c = apply(invMul(xfA, xfB), b.center);
  const Vec2T<T> fromP1 = c - a.p1;
  const T offset = dot(rightPerp(a.dir1), fromP1);      // |dir1|·(signed distance in front)
  const int side = -detail::crossSign(a.dir1, fromP1);  // the sign of offset
  if constexpr (TOUCHE_MUTANT_IS(153)) {                // mutant 153: behind test with ≤
    if (side <= 0) return m;
  } else {
    if (side < 0) return m;
  }
  // Step C2: regions (source 002 regions A, B, AB), with the ghosts' ownership of the corners.
  const Vec2T<T> fromP2 = c - a.p2;
  Vec2T<T> closest = a.p1;
  int vertex = -1;  // −1: the interior
  if (detail::dotSign(a.dir1, fromP1) <= 0) {
    if (detail::dotSign(a.dir0, fromP1) <= 0) return m;  // the previous piece owns it
    vertex = 0;
  } else if (detail::dotSign(a.dir1, fromP2) >= 0) {
    // mutant 154: the wrong ghost's edge
    const Vec2T<T> next = TOUCHE_MUTANT_IS(154) ? a.dir0 : a.dir2;
    if (detail::dotSign(next, fromP2) > 0) return m;  // the next piece owns it
    closest = a.p2;
    vertex = 1;
  }
  // Step C3: the normal from the closest point to the centre; on the segment: the front normal.
  Vec2T<T> normal = a.normal1;
  T distance = side > 0 ? offset / a.dirLength1 : T(0);
  bool degenerate = side == 0;
  if (vertex >= 0) {
    const UnitT<T> axis = unitOr(c - closest, a.normal1);
    normal = axis.unit;
    distance = axis.length;
    degenerate = !axis.ok;
  }
  // Step C4: the round contact and the margin.
  const bool contact = distance - b.radius <= margin;
  const FeatureId id = vertex >= 0
                           ? FeatureId{FeatureType::vertex, static_cast<std::uint8_t>(vertex),
                                       FeatureType::vertex, 0}
                           : FeatureId{FeatureType::face, 0, FeatureType::vertex, 0};
  singlePoint(m, contact, normal, c, distance, T(0), b.radius, id);
  m.flags = contact && degenerate ? kFlagDegenerateNormal : kFlagNone;
  m.normal = rotate(xfA.q, m.normal);
  m.points[0].point = apply(xfA, m.points[0].point);
  return m;
}

namespace detail {

/// How a candidate normal (from the chain toward B) sits on the Gauss map of the segment's
/// corners (v3 b2ClassifyNormal): outside a convex corner's cone (the neighbour owns it),
/// admitted, or snapped to the segment normal (a concave or flat corner). The signs are taken
/// against the unnormalised edges: a unit normal rounds away a component that is tiny next to
/// the other (a ghost a subnormal off the line), which decides the cone exactly at its border.
enum class ChainNormal { skip, admit, snap };

template <class T>
inline ChainNormal classifyNormal(const ChainSegmentT<T>& a, Vec2T<T> normal) {
  if (dotSign(normal, a.dir1) <= 0) {
    if (!a.convex1) {
      if constexpr (TOUCHE_MUTANT_IS(152)) {  // mutant 152: no snap at a concave corner
        return ChainNormal::admit;
      } else {
        return ChainNormal::snap;
      }
    }
    return crossSign(normal, rightPerp(a.dir0)) > 0 ? ChainNormal::skip : ChainNormal::admit;
  }
  if (!a.convex2) return TOUCHE_MUTANT_IS(152) ? ChainNormal::admit : ChainNormal::snap;
  return crossSign(rightPerp(a.dir2), normal) > 0 ? ChainNormal::skip : ChainNormal::admit;
}

/// Step P2: the offset of B's area centroid from its vertex 0 (half the edge of a two-vertex
/// polygon), in B's own frame. A polygon that collapses in T (area 0) takes the average of its
/// vertices.
template <class T>
inline Vec2T<T> centroidOffset(const PolygonT<T>& b) {
  const Vec2T<T> o = b.vertex(0);
  if (b.count == 2) return T(0.5) * (b.vertex(1) - o);
  T area2 = T(0);
  for (int i = 1; i + 1 < b.count; ++i)
    area2 += cross(b.vertex(i) - o, b.vertex(i + 1) - o);
  if (!(area2 > T(0))) [[unlikely]] {
    Vec2T<T> sum;
    for (int i = 1; i < b.count; ++i)
      sum = sum + (b.vertex(i) - o);
    return (T(1) / static_cast<T>(b.count)) * sum;
  }
  // Each triangle's weight divided by the total first: no third powers (they overflow float).
  Vec2T<T> sum;
  for (int i = 1; i + 1 < b.count; ++i) {
    const Vec2T<T> u = b.vertex(i) - o;
    const Vec2T<T> w = b.vertex(i + 1) - o;
    sum = sum + (cross(u, w) / area2) * (u + w);
  }
  return (T(1) / T(3)) * sum;
}

/// Step P3 (reference `crosses`): true when the segment properly crosses an edge of B or p1
/// lies strictly inside B; touching is caught by a zero distance.
template <class T>
inline bool segmentCrosses(const ChainSegmentT<T>& a, const PolygonT<T>& b) {
  bool inside = b.count >= 3;
  for (int k = 0; k < b.count; ++k) {
    const Vec2T<T> v = b.vertex(k);
    const Vec2T<T> w = b.vertex(b.next(k));
    const int s1 = crossSign(w - v, a.p1 - v);
    const int s2 = crossSign(w - v, a.p2 - v);
    const int s3 = crossSign(a.dir1, v - a.p1);
    const int s4 = crossSign(a.dir1, w - a.p1);
    if (s1 * s2 < 0 && s3 * s4 < 0) return true;
    inside = inside && s1 > 0;
  }
  return inside;
}

/// Step P3: the closest features of the segment and B's core.
template <class T>
struct ChainClosestT {
  enum class Kind { edgeVertex, vertexEdge, vertexVertex } kind = Kind::vertexVertex;
  T distance = T(0);
  int chainVertex = 0;  ///< vertexEdge, vertexVertex: 0 = p1, 1 = p2
  int polyIndex = 0;    ///< B's vertex (edgeVertex, vertexVertex) or face (vertexEdge)
};

/// One kind's first minimiser (squared distance; scan order as the reference's).
template <class T>
struct ClosestCandidateT {
  T distSq = std::numeric_limits<T>::infinity();
  int chainVertex = 0;
  int polyIndex = 0;
  void offer(T d, int i, int j) {
    if (d < distSq) distSq = d, chainVertex = i, polyIndex = j;
  }
};

/// B's vertices against the segment: interior feet (edge–vertex) and the ends (vertex–vertex).
template <class T>
inline void vertexCandidates(const ChainSegmentT<T>& a, const PolygonT<T>& b,
                             ClosestCandidateT<T>& edgeVertex, ClosestCandidateT<T>& corners) {
  const T ee = dot(a.edge1, a.edge1);
  for (int j = 0; j < b.count; ++j) {
    const Vec2T<T> fromP1 = b.vertex(j) - a.p1;
    const Vec2T<T> fromP2 = b.vertex(j) - a.p2;
    const T along = dot(fromP1, a.edge1);
    if (along > T(0) && along < ee) {
      const T height = cross(a.edge1, fromP1) / a.length1;  // squared: no 4th power (float)
      edgeVertex.offer(height * height, 0, j);
    }
    corners.offer(dot(fromP1, fromP1), 0, j);
    corners.offer(dot(fromP2, fromP2), 1, j);
  }
}

/// The segment's ends against B's faces that look at them (vertex–edge).
template <class T>
inline void faceCandidates(const ChainSegmentT<T>& a, const PolygonT<T>& b,
                           ClosestCandidateT<T>& vertexEdge) {
  const Vec2T<T> ends[2] = {a.p1, a.p2};
  for (int i = 0; i < 2; ++i) {
    for (int k = 0; k < b.count; ++k) {
      const Vec2T<T> v = b.vertex(k);
      const Vec2T<T> face = b.vertex(b.next(k)) - v;
      const T along = dot(ends[i] - v, face);
      const T height = dot(b.normal(k), ends[i] - v);
      // The face must look at the end; an end lying on the face counts (distance 0: the
      // segment may lie along the face, and the SAT step decides).
      if (along > T(0) && along < dot(face, face) && height >= T(0)) {
        vertexEdge.offer(height * height, i, k);
      }
    }
  }
}

template <class T>
inline ChainClosestT<T> closestFeatures(const ChainSegmentT<T>& a, const PolygonT<T>& b) {
  using Kind = typename ChainClosestT<T>::Kind;
  ClosestCandidateT<T> edgeVertex, vertexEdge, corners;
  vertexCandidates(a, b, edgeVertex, corners);
  faceCandidates(a, b, vertexEdge);
  const T minimum = std::fmin(edgeVertex.distSq, std::fmin(vertexEdge.distSq, corners.distSq));
  // Preference among minimisers: edge–vertex, then vertex–edge (parallel edges), then corners.
  const ClosestCandidateT<T>* best = &corners;
  Kind kind = Kind::vertexVertex;
  if (edgeVertex.distSq == minimum) {
    best = &edgeVertex, kind = Kind::edgeVertex;
  } else if (vertexEdge.distSq == minimum) {
    best = &vertexEdge, kind = Kind::vertexEdge;
  }
  return {kind, std::sqrt(minimum), best->chainVertex, best->polyIndex};
}

/// One clipping (v3 b2ClipSegments): the incident segment b1 → b2 against the reference face
/// a1 → a2 with unit outward normal n; ids in (reference, incident) roles. Writes m in A's
/// frame: the b2 end first, then b1; an end beyond a side plane is moved onto it along the
/// incident segment and named (reference vertex, incident face).
template <class T>
struct ChainClipT {
  Vec2T<T> a1, a2, n;
  int refFace, refV1, refV2;
  T rRef;
  Vec2T<T> b1, b2;
  int incFace, incV1, incV2;
  T rInc;
};

template <class T>
inline void clipSegments(ManifoldT<T>& m, const ChainClipT<T>& in, T margin) {
  // Tangent coordinates along the unit tangent of the reference face (n = rightPerp(t)), not
  // along a2 − a1: a face shorter than T's rounding still has a direction, and both incident
  // ends are then clipped onto it (the reference's answer for a face of exact length ~0).
  const Vec2T<T> e{-in.n.y, in.n.x};
  const T upper1 = dot(in.a2 - in.a1, e);
  const T upper2 = dot(in.b1 - in.a1, e);
  const T lower2 = dot(in.b2 - in.a1, e);
  if (upper2 < T(0) || upper1 < lower2) return;
  Vec2T<T> x[2] = {in.b2, in.b1};
  FeatureId id[2] = {makeId(FeatureType::face, in.refFace, FeatureType::vertex, in.incV2),
                     makeId(FeatureType::face, in.refFace, FeatureType::vertex, in.incV1)};
  const T span = upper2 - lower2;
  if (lower2 < T(0) && span > T(0)) {
    x[0] = in.b2 + ((T(0) - lower2) / span) * (in.b1 - in.b2);
    id[0] = makeId(FeatureType::vertex, in.refV1, FeatureType::face, in.incFace);
  }
  if (upper2 > upper1 && span > T(0)) {
    x[1] = in.b2 + ((upper1 - lower2) / span) * (in.b1 - in.b2);
    id[1] = makeId(FeatureType::vertex, in.refV2, FeatureType::face, in.incFace);
  }
  for (int k = 0; k < 2; ++k) {
    // Contract's midpoint placement: sepRaw = n·(x − a1), point = x + ½(rRef − rInc − sepRaw)·n.
    const T sepRaw = dot(x[k] - in.a1, in.n);
    const T separation = sepRaw - in.rRef - in.rInc;
    if (separation > margin) continue;
    m.points[m.pointCount++] = {x[k] + (T(0.5) * (in.rRef - in.rInc - sepRaw)) * in.n, separation,
                                id[k]};
  }
  m.normal = in.n;
}

/// The state of steps P4–P6: A and B (in A's frame) and the snapped neighbour normals.
template <class T>
struct ChainQueryT {
  const ChainSegmentT<T>& a;
  const PolygonT<T>& b;
  Vec2T<T> n0;  ///< convex1 ? normal0 : normal1 (v3's snapped neighbour normals)
  Vec2T<T> n2;  ///< convex2 ? normal2 : normal1
  T margin;
};

/// B's face k as the reference (v3: a neighbour more anti-parallel to it owns it → none), the
/// segment clipped to it; the result in the input's roles (normal A → B).
template <class T>
inline void polygonReference(ManifoldT<T>& m, const ChainQueryT<T>& q, int k) {
  const Vec2T<T> a1 = q.b.vertex(k);
  const int k2 = q.b.next(k);
  const Vec2T<T> n = q.b.normal(k);
  const Vec2T<T> neighbour = dot(n, q.a.p1 - a1) < dot(n, q.a.p2 - a1) ? q.n0 : q.n2;
  if (dot(neighbour, n) < dot(q.a.normal1, n)) return;
  clipSegments(
      m, ChainClipT<T>{a1, q.b.vertex(k2), n, k, k, k2, q.b.radius, q.a.p1, q.a.p2, 0, 0, 1, T(0)},
      q.margin);
  m.normal = -m.normal;
  for (int i = 0; i < m.pointCount; ++i)
    m.points[i].id = swapped(m.points[i].id);
}

/// Step P6: the segment face is the reference; B's incident edge is (ib1, ib1 + 1).
template <class T>
inline void segmentReference(ManifoldT<T>& m, const ChainQueryT<T>& q, int ib1) {
  const int ib2 = q.b.next(ib1);
  clipSegments(m,
               ChainClipT<T>{q.a.p1, q.a.p2, q.a.normal1, 0, 0, 1, T(0), q.b.vertex(ib1),
                             q.b.vertex(ib2), ib1, ib1, ib2, q.b.radius},
               q.margin);
}

/// Step P6: of B's two faces at vertex i2, the one most anti-parallel to the segment normal
/// (tie → the face starting at i2).
template <class T>
inline int incidentEdgeAt(const ChainQueryT<T>& q, int i2) {
  const int i1 = i2 > 0 ? i2 - 1 : q.b.count - 1;
  const Vec2T<T> n1 = q.a.normal1;
  return dot(n1, q.b.normal(i1)) < dot(n1, q.b.normal(i2)) ? i1 : i2;
}

/// Step P6 for a deepest vertex (steps P4's edge–vertex and P5's): B's face most anti-parallel
/// to the segment normal over all of B's faces (b2FindIncidentEdge's search). Exactly, it is
/// one of the deepest vertex's two faces, so it is incidentEdgeAt's choice (ties too: the
/// faces are visited 1, 2, …, count − 1, 0 and a later face wins a tie, i.e. the face starting
/// at the shared vertex). In T it also holds when rounding makes several vertices equally deep
/// (a sliver whose apex sits within rounding of its base): the first of them may be the apex,
/// whose faces both point away from the segment.
template <class T>
inline int mostAntiParallelFace(const ChainQueryT<T>& q) {
  const Vec2T<T> n1 = q.a.normal1;
  int best = 0;
  T bestDot = dot(n1, q.b.normal(0));
  for (int k = 1; k <= q.b.count; ++k) {
    const int i = k < q.b.count ? k : 0;
    const T d = dot(n1, q.b.normal(i));
    if (d <= bestDot) best = i, bestDot = d;
  }
  return best;
}

/// min over B's vertices of n·(v − origin) and the first vertex reaching it.
template <class T>
inline FaceSeparationT<T> minProjection(const PolygonT<T>& b, Vec2T<T> n, Vec2T<T> origin) {
  FaceSeparationT<T> best{dot(n, b.vertex(0) - origin), 0};
  for (int i = 1; i < b.count; ++i) {
    const T w = dot(n, b.vertex(i) - origin);
    if (w < best.separation) best = {w, i};
  }
  return best;
}

/// Step P5: SAT. Writes m when B's face is the reference or a neighbour wins (none) and
/// returns −1; otherwise returns B's deepest vertex along the segment normal (≥ 0: step P6
/// then clips mostAntiParallelFace, one of that vertex's faces).
template <class T>
inline int satStep(ManifoldT<T>& m, const ChainQueryT<T>& q) {
  const ChainSegmentT<T>& a = q.a;
  const FaceSeparationT<T> edge = minProjection(q.b, a.normal1, a.p1);
  T wEdge = edge.separation;
  int incident = edge.face;
  // The convex neighbours' axes (v3: "neighbor owns edge separation").
  if constexpr (!TOUCHE_MUTANT_IS(155)) {  // mutant 155: the neighbours' axes ignored
    if (a.convex1) {
      const T w = minProjection(q.b, a.normal0, a.p1).separation;
      if (w > wEdge) wEdge = w, incident = -1;
    }
    if (a.convex2) {
      const T w = minProjection(q.b, a.normal2, a.p2).separation;
      if (w > wEdge) wEdge = w, incident = -1;
    }
  }
  // B's admitted faces against the segment's two endpoints.
  int reference = -1;
  T wPoly = T(0);
  for (int i = 0; i < q.b.count; ++i) {
    if (classifyNormal(a, -q.b.normal(i)) != ChainNormal::admit) continue;
    const Vec2T<T> v = q.b.vertex(i);
    const T w = std::fmin(dot(q.b.normal(i), a.p1 - v), dot(q.b.normal(i), a.p2 - v));
    if (reference < 0 || w > wPoly) reference = i, wPoly = w;
  }
  if (reference >= 0 && wPoly > wEdge) {
    polygonReference(m, q, reference);
    return -1;
  }
  return incident;
}

/// Step P4: the closest features decide (in front, apart). Writes m and returns −1 when they
/// settle the manifold; otherwise returns B's incident edge for step P6.
template <class T>
inline int closestStep(ManifoldT<T>& m, const ChainQueryT<T>& q, const ChainClosestT<T>& f) {
  using Kind = typename ChainClosestT<T>::Kind;
  if (f.kind == Kind::edgeVertex) return mostAntiParallelFace(q);
  if (f.kind == Kind::vertexEdge) {
    const ChainNormal type = classifyNormal(q.a, -q.b.normal(f.polyIndex));
    if (type == ChainNormal::skip) return -1;
    if (type == ChainNormal::admit) {
      polygonReference(m, q, f.polyIndex);
      return -1;
    }
    return f.polyIndex;
  }
  const Vec2T<T> pA = f.chainVertex == 0 ? q.a.p1 : q.a.p2;
  const Vec2T<T> pB = q.b.vertex(f.polyIndex);
  const ChainNormal type = classifyNormal(q.a, pB - pA);
  if (type == ChainNormal::skip) return -1;
  if (type == ChainNormal::snap) return incidentEdgeAt(q, f.polyIndex);
  // Admitted: one vertex–vertex point, normal along pB − pA (non-zero: the cores are apart).
  const UnitT<T> axis = unitOr(pB - pA, q.a.normal1);
  const FeatureId id = makeId(FeatureType::vertex, f.chainVertex, FeatureType::vertex, f.polyIndex);
  singlePoint(m, axis.length - q.b.radius <= q.margin, axis.unit, pB, axis.length, T(0), q.b.radius,
              id);
  return -1;
}

/// Steps P2–P6 with B already in A's frame (centroidInA: B's centroid there). Writes m in A's
/// frame.
template <class T>
inline void chainAndPolygonInA(ManifoldT<T>& m, const ChainSegmentT<T>& a, const PolygonT<T>& b,
                               Vec2T<T> centroidInA, T margin) {
  // Step P2: one-sided (dot(rightPerp(e), x) = −cross(e, x): behind ⇔ the cross is positive).
  const bool behind1 = crossSign(a.dir1, centroidInA - a.p1) > 0;
  bool behind0 = !a.convex1 || crossSign(a.dir0, centroidInA - a.p1) > 0;
  bool behind2 = !a.convex2 || crossSign(a.dir2, centroidInA - a.p2) > 0;
  if constexpr (TOUCHE_MUTANT_IS(151)) {  // mutant 151: the neighbours' behind tests flipped
    behind0 = !a.convex1 || crossSign(a.dir0, centroidInA - a.p1) < 0;
    behind2 = !a.convex2 || crossSign(a.dir2, centroidInA - a.p2) < 0;
  }
  if (behind1 && behind0 && behind2) return;
  // Step P3: distance between the cores; beyond the margin → none.
  const bool touching = segmentCrosses(a, b);
  const ChainClosestT<T> closest = touching ? ChainClosestT<T>{} : closestFeatures(a, b);
  if (closest.distance - b.radius > margin) return;
  const ChainQueryT<T> q{a, b, a.convex1 ? a.normal0 : a.normal1, a.convex2 ? a.normal2 : a.normal1,
                         margin};
  int incidentEdge = -1;
  if (!behind1 && closest.distance > T(0)) {
    incidentEdge = closestStep(m, q, closest);  // step P4
  } else {
    if (satStep(m, q) >= 0) incidentEdge = mostAntiParallelFace(q);  // step P5
  }
  // Step P6: the segment face is the reference.
  if (incidentEdge >= 0 && m.pointCount == 0) segmentReference(m, q, incidentEdge);
}

}  // namespace detail

/// Chain segment A vs polygon B (prepared; B may be a rounded two-vertex polygon), world frame;
/// steps P1–P6 above. Contact iff the manifold has points; normal A → B.
template <class T>
ManifoldT<T> collideChainSegmentAndPolygon(const ChainSegmentT<T>& a, const TransformT<T>& xfA,
                                           const PolygonT<T>& b, const TransformT<T>& xfB,
                                           T margin) {
  ManifoldT<T> m;
  const TransformT<T> xfBinA = invMul(xfA, xfB);
  const PolygonT<T> bInA = detail::moveInto<T>(b, xfBinA);
  // The centroid as B's vertex 0 in A's frame plus its offset from there, taken in B's frame
  // and rotated: near the segment's line the coordinates in A's frame are small, so the side of
  // the line survives rounding (B's frame may be far away), and the offset keeps the precision
  // of B's own coordinates (a polygon smaller than the rounding of its position in A's frame).
  const Vec2T<T> centroidInA = bInA.vertex(0) + rotate(xfBinA.q, detail::centroidOffset(b));
  detail::chainAndPolygonInA(m, a, bInA, centroidInA, margin);
  detail::toWorld(m, xfA);
  return m;
}

/// Chain segment A vs capsule B given as prepareCapsuleAsPolygon's two-vertex polygon. A
/// capsule whose ends coincide in T is the circle of its radius (the reference's rule for a
/// zero-length capsule).
template <class T>
ManifoldT<T> collideChainSegmentAndCapsule(const ChainSegmentT<T>& a, const TransformT<T>& xfA,
                                           const PolygonT<T>& capsule, const TransformT<T>& xfB,
                                           T margin) {
  const Vec2T<T> p = capsule.vertex(0);
  const Vec2T<T> q = capsule.vertex(1);
  if (p.x == q.x && p.y == q.y) {
    return collideChainSegmentAndCircle(a, xfA, CircleT<T>{p, capsule.radius}, xfB, margin);
  }
  return collideChainSegmentAndPolygon(a, xfA, capsule, xfB, margin);
}

/// The chain pair with B given as a validated core shape (circle, capsule or polygon; any
/// other type gives an empty manifold): prepares B and runs the pair's typed function. For the
/// generic entry points, which prepare on every call.
template <class T>
ManifoldT<T> collideChainSegmentAndShape(const ChainSegmentT<T>& a, const TransformT<T>& xfA,
                                         const Shape& b, const TransformT<T>& xfB, T margin) {
  if (const auto* circle = std::get_if<Circle>(&b))
    return collideChainSegmentAndCircle(a, xfA, prepare<T>(*circle), xfB, margin);
  if (const auto* capsule = std::get_if<Capsule>(&b))
    return collideChainSegmentAndCapsule(a, xfA, prepareCapsuleAsPolygon<T>(*capsule), xfB, margin);
  if (const auto* polygon = std::get_if<Polygon>(&b))
    return collideChainSegmentAndPolygon(a, xfA, prepare<T>(*polygon), xfB, margin);
  return {};
}

}  // namespace touche::fast
