// touche — fast engine: circle–circle and polygon–circle manifolds.
//
// Circle–circle follows source 000's circle manifold (the contact lies on the line of centres;
// Box2D's b2CollideCircles in source 002) with the midpoint placement of the contract.
// Polygon–circle follows source 002's b2CollidePolygonAndCircle (maximum-separation face, then
// the Voronoi region of the centre) with Box2D v3's region rule and no tolerance constants:
// the vertex region only when the centre is strictly outside the face (separation > 0) and
// strictly beyond an endpoint (u < 0); otherwise the face region, centre inside included.
// Source 000's polygon–circle code is wrong on this point: it tests the last computed face
// distance instead of the best one, and returns the polygon vertex as the contact point.
#pragma once

#include <limits>

#include "touche/fast/mutant.h"
#include "touche/fast/shapes.h"
#include "touche/fast/types.h"

namespace touche::fast {

/// The fallback normal for concentric circles: A's local x axis in the world frame,
/// (xfA.q.c, xfA.q.s) normalised (the rotation may be off unit by rounding).
template <class T>
inline Vec2T<T> localXAxis(RotT<T> q) {
  return normalizeOr(Vec2T<T>{q.c, q.s}, Vec2T<T>{T(1), T(0)}).unit;
}

/// Writes the single point of a one-point manifold. `coreB` is B's core point (a circle's
/// centre), `distance` the signed distance from A's core to it along `normal`, and the surfaces
/// lie rA and rB beyond the cores. The point is midway between the two surfaces (contract's
/// midpoint rule): coreB + ½(rA − rB − distance)·normal; separation = distance − rA − rB.
/// `contact` decides the point count (1 or 0) and whether the normal is kept or zeroed; the
/// point is written either way (a select, not a branch: random pairs make a branch here a
/// coin toss for the predictor). Points beyond pointCount are unspecified.
template <class T>
inline void singlePoint(ManifoldT<T>& m, bool contact, Vec2T<T> normal, Vec2T<T> coreB, T distance,
                        T rA, T rB, FeatureId id) {
  m.normal = select(contact, normal, Vec2T<T>{});
  m.pointCount = static_cast<int>(contact);
  if constexpr (TOUCHE_MUTANT_IS(11)) {  // mutant 11: the point on A's surface, not midway
    m.points[0].point = coreB + (rA - distance) * normal;
  } else {
    m.points[0].point = coreB + (T(0.5) * (rA - rB - distance)) * normal;
  }
  // mutant 2: B's radius added with the wrong sign
  m.points[0].separation = TOUCHE_MUTANT_IS(2) ? distance - rA + rB : distance - rA - rB;
  m.points[0].id = id;
}

/// The smallest squared length for which unitFast() is used: above it v·v is a normal number
/// with full relative precision, so sqrt and the two divisions are each correctly rounded and
/// nothing underflows. Below it (or for a zero vector) the guarded normalizeOr takes over.
template <class T>
inline constexpr T kFastNormSquared =
    std::numeric_limits<T>::min() / std::numeric_limits<T>::epsilon();

/// Unit vector and length of v from its squared length vv = v·v (vv ≥ kFastNormSquared):
/// length = sqrt(vv), unit = (v.x / length, v.y / length). Valid input keeps vv below 2^103,
/// far from overflow in float and double.
template <class T>
inline UnitT<T> unitFast(Vec2T<T> v, T vv) {
  const T length = std::sqrt(vv);
  return {{v.x / length, v.y / length}, length, true};
}

/// Unit vector and length of v: unitFast in the normal range, normalizeOr (with `fallback`)
/// for tiny or zero vectors — a branch that valid random input never takes, so it costs no
/// misprediction.
template <class T>
inline UnitT<T> unitOr(Vec2T<T> v, Vec2T<T> fallback) {
  const T vv = dot(v, v);
  if (vv < kFastNormSquared<T>) [[unlikely]]
    return normalizeOr(v, fallback);
  return unitFast(v, vv);
}

/// Circle A vs circle B, world frame. Source 000 (circle manifold) / source 002
/// (b2CollideCircles): normal along the line of centres, contact iff the gap between the
/// surfaces, |cB − cA| − rA − rB, is at most `margin`. Concentric centres (exactly equal after
/// the transform) take A's local x axis and kFlagDegenerateNormal. Branch-free on the common
/// path: the normal and the point are computed for every pair and the contact test selects.
template <class T>
ManifoldT<T> collideCircles(const CircleT<T>& a, const TransformT<T>& xfA, const CircleT<T>& b,
                            const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
  Vec2T<T> centerA = apply(xfA, a.center);
  Vec2T<T> centerB = apply(xfB, b.center);
  if constexpr (TOUCHE_MUTANT_IS(20)) {  // mutant 20: local centres translated, not rotated
    centerA = a.center + xfA.p;
    centerB = b.center + xfB.p;
  }
  // mutant 19: the line of centres taken from B to A
  const Vec2T<T> offset = TOUCHE_MUTANT_IS(19) ? centerA - centerB : centerB - centerA;
  UnitT<T> axis = unitOr(offset, Vec2T<T>{});
  if constexpr (TOUCHE_MUTANT_IS(7)) {  // mutant 7: no fallback, 0/0 for concentric centres
    axis = unitFast(offset, dot(offset, offset));
    axis.ok = true;
  }
  if (!axis.ok) [[unlikely]] {
    axis.unit = localXAxis(xfA.q);
    m.flags = kFlagDegenerateNormal;
  }
  bool contact = axis.length - a.radius - b.radius <= margin;
  if constexpr (TOUCHE_MUTANT_IS(9)) {  // mutant 9: touching detected by float == on zero
    const T gap = axis.length - a.radius - b.radius;
    contact = (gap < margin) | (gap == T(0));
  }
  const FeatureId id{FeatureType::vertex, 0, FeatureType::vertex, 0};
  singlePoint(m, contact, axis.unit, centerB, axis.length, a.radius, b.radius, id);
  m.flags &= 0u - static_cast<std::uint32_t>(contact);  // flags only with a contact (no branch)
  return m;
}

/// The face of `polygon` whose plane the point is farthest in front of, and that distance:
/// max over faces i of dot(n_i, point − v_i); ties go to the lower index. Source 002,
/// b2CollidePolygonAndCircle step 1 (every face, no early exit).
template <class T>
inline FaceSeparationT<T> maxFaceSeparation(const PolygonT<T>& polygon, Vec2T<T> point) {
  using namespace detail;
  Simd<T> s[kChunks<T>];
  for (int c = 0; c < kChunks<T>; ++c) {
    s[c] = (point.x - loadChunk(polygon.vx, c)) * loadChunk(polygon.nx, c) +
           (point.y - loadChunk(polygon.vy, c)) * loadChunk(polygon.ny, c);
  }
  return firstMax<T>(s);
}

/// Polygon A vs circle B, computed in A's frame, returned in the world frame. Source 002,
/// b2CollidePolygonAndCircle: (1) the max-separation face; (2) Voronoi region of the centre by
/// the barycentric tests u1 = (c − v1)·(v2 − v1), u2 = (c − v2)·(v1 − v2); (3) vertex region:
/// normal from the vertex to the centre; face region: the face normal, the centre's foot on
/// the face is the core point of A. Feature ids: (face i, vertex 0) or (vertex i, vertex 0).
/// Both regions' normals are computed and the region test selects (no data-dependent branch
/// on the common path).
template <class T>
struct CircleInPolygonT {
  Vec2T<T> centerInA;       ///< B's centre in A's frame
  FaceSeparationT<T> best;  ///< A's face of maximum separation from it
};

/// Step 1 of collidePolygonAndCircle: the centre in A's frame and the max-separation face.
template <class T>
inline CircleInPolygonT<T> circleFaceStage(const PolygonT<T>& a, const TransformT<T>& xfA,
                                           const CircleT<T>& b, const TransformT<T>& xfB) {
  Vec2T<T> centerInA = invApply(xfA, apply(xfB, b.center));
  if constexpr (TOUCHE_MUTANT_IS(25)) {  // mutant 25: rotated by q instead of its inverse
    centerInA = rotate(xfA.q, apply(xfB, b.center) - xfA.p);
  }
  return {centerInA, maxFaceSeparation(a, centerInA)};
}

/// Steps 2–3 of collidePolygonAndCircle from step 1's result (see there).
template <class T>
inline void circleRegionStage(ManifoldT<T>& m, const PolygonT<T>& a, const TransformT<T>& xfA,
                              const CircleT<T>& b, const CircleInPolygonT<T>& step1, T margin) {
  const Vec2T<T> centerInA = step1.centerInA;
  FaceSeparationT<T> best = step1.best;
  if constexpr (TOUCHE_MUTANT_IS(17)) {  // mutant 17: the last face's distance, the best's index
    const int last = a.count - 1;
    best.separation = dot(a.normal(last), centerInA - a.vertex(last));
  }
  const bool faceWithin = best.separation - a.radius - b.radius <= margin;
  const int i1 = best.face;
  const int i2 = a.next(i1);
  const Vec2T<T> v1 = a.vertex(i1);
  const Vec2T<T> v2 = a.vertex(i2);
  // Region tests combined with & and | (not && and ||, which compile to branches).
  const bool outside = best.separation > T(0);
  const T u1 = dot(centerInA - v1, v2 - v1);
  const T u2 = dot(centerInA - v2, v1 - v2);
  // mutant 8: the vertex regions closed (u ≤ 0): a centre straight above an end is a vertex's
  const bool inV1 = outside & (TOUCHE_MUTANT_IS(8) ? u1 <= T(0) : u1 < T(0));
  const bool inV2 = outside & !inV1 & (TOUCHE_MUTANT_IS(8) ? u2 <= T(0) : u2 < T(0));
  // A face chosen by a rounding-level tie (a sliver polygon's nearly collinear neighbours)
  // can put the centre in an end's vertex region although it lies abreast the neighbouring
  // face that shares that end: the neighbour is then the closest feature. In exact arithmetic
  // the max-separation face never does this (behind v1 along i1 and before v1 along the
  // previous face implies that face's separation is the larger), so the switch only undoes a
  // rounded choice. i0 is the face ending at v1, i2 the face starting at v2.
  const int i0 = selectInt(i1 == 0, a.count - 1, i1 - 1);
  const bool intoPrev = inV1 & (dot(centerInA - v1, a.vertex(i0) - v1) > T(0));
  const bool intoNext = inV2 & (dot(centerInA - v2, a.vertex(a.next(i2)) - v2) > T(0));
  const int face = selectInt(intoPrev, i0, selectInt(intoNext, i2, i1));
  const T faceSeparation =
      select(intoPrev | intoNext, dot(a.normal(face), centerInA - a.vertex(face)), best.separation);
  const bool vertexRegion = (inV1 & !intoPrev) | (inV2 & !intoNext);
  const int vertex = selectInt(inV1, i1, i2);
  // Vertex region: the normal runs from the vertex to the centre. The centre is strictly
  // outside, so the offset is non-zero in exact arithmetic; the face normal guards rounding.
  const Vec2T<T> toCenter = centerInA - a.vertex(vertex);
  const T toCenterSquared = dot(toCenter, toCenter);
  UnitT<T> axis;
  if (vertexRegion & (toCenterSquared < kFastNormSquared<T>)) [[unlikely]]
    axis = normalizeOr(toCenter, a.normal(i1));
  else
    axis = unitFast(toCenter, select(vertexRegion, toCenterSquared, T(1)));
  // Face region: the distance from the face plane to the centre is the face separation.
  const Vec2T<T> normal = select(vertexRegion, axis.unit, a.normal(face));
  const T distance = select(vertexRegion, axis.length, faceSeparation);
  const FeatureId id{vertexRegion ? FeatureType::vertex : FeatureType::face,
                     static_cast<std::uint8_t>(selectInt(vertexRegion, vertex, face)),
                     FeatureType::vertex, 0};
  const bool contact = faceWithin & (distance - a.radius - b.radius <= margin);
  singlePoint(m, contact, normal, centerInA, distance, a.radius, b.radius, id);
  if constexpr (TOUCHE_MUTANT_IS(18)) {  // mutant 18: the vertex itself as the contact point
    if (vertexRegion) m.points[0].point = a.vertex(vertex);
  }
  m.normal = rotate(xfA.q, m.normal);
  m.points[0].point = apply(xfA, m.points[0].point);
}

/// Polygon A vs circle B (see the steps above): step 1 then steps 2–3. The batch path runs the
/// two stages as separate loops over a block of pairs.
template <class T>
ManifoldT<T> collidePolygonAndCircle(const PolygonT<T>& a, const TransformT<T>& xfA,
                                     const CircleT<T>& b, const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
  circleRegionStage(m, a, xfA, b, circleFaceStage(a, xfA, b, xfB), margin);
  return m;
}

}  // namespace touche::fast
