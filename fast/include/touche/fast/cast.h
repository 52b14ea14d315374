// touche — the fast engine's casts: a moving circle against one shape, in float or double,
// with no allocation (design notes §8; the reference is reference/src/cast.cpp).
//
// The same steps as the reference (source 001: the shape offset by R = r + radius is faces
// pushed out by R and arcs of radius R at its vertices; the centre moves as a point against
// each), computed in T in the shape's local frame, the ray brought there as Box2D brings it:
//   C1: a chain segment is hit from its front only: an origin behind its line misses.
//   C2: an origin within R of the core already touches: initial_overlap.
//   C3: no motion (zero translation or maxFraction 0): a miss.
//   C4: each face pushed out by R, along its prepared unit normal n: the centre crosses it at
//       t = (R − n·(o − a))/(n·d) when it moves against the normal (n·d < 0), and counts when
//       the crossing lies over the face.
//   C5: each vertex's arc: the foot of the perpendicular from the vertex v to the ray,
//       F = o + s·d̂ with s = (v − o)·d̂ (source 001 §4's F = M + (MO·v)v); its distance h
//       from v against R (miss when h > R); the entry s − √((R − h)(R + h)) along d̂, which
//       counts when the centre there lies in the arc's range (signs of dot products with the
//       range's limits, as in the reference).
//   C6: the smallest t wins; equal t: faces first, then the lower index (strict <, in order).
// Rounding near a feature's end could leave a gap between a face and its neighbouring arc
// (each refusing the point near the seam) through which a cast would slip: both tests accept
// points a few rounding errors beyond their boundary, so neighbouring features overlap by that
// much instead; the earlier t still wins. Decisions closer than that to a boundary are the
// reference's ties (CastGaps), where either answer is accepted.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

#include "touche/core/cast.h"
#include "touche/fast/types.h"

namespace touche::fast {

/// A shape prepared for casts, in its local frame: the vertices with their arcs' range limits
/// (outward directions u with u·limit ≥ 0), and the faces (start, edge, unit outward normal)
/// in the cast table's numbering. Computed in double from the exact input, rounded to T once.
template <class T>
struct CastShapeT {
  Vec2T<T> vertex[kMaxPolygonVertices] = {};
  Vec2T<T> limit[kMaxPolygonVertices][2] = {};
  int limitCount[kMaxPolygonVertices] = {};
  Vec2T<T> faceStart[kMaxPolygonVertices] = {};
  Vec2T<T> faceEdge[kMaxPolygonVertices] = {};
  Vec2T<T> faceNormal[kMaxPolygonVertices] = {};
  int vertexCount = 0;
  int faceCount = 0;
  T radius = T(0);
  bool oneSided = false;
};

/// The moving circle in T: centre origin + t·translation for t in [0, maxFraction].
template <class T>
struct CastInputT {
  Vec2T<T> origin;
  Vec2T<T> translation;
  T radius = T(0);
  T maxFraction = T(1);
};

template <class T>
struct CastResultT {
  CastStatus status = CastStatus::miss;
  T fraction = T(0);
  Vec2T<T> point;
  Vec2T<T> normal;
  CastFeature feature;
  std::uint32_t flags = kFlagNone;
};

namespace detail::casts {

/// The core's points as doubles: a circle's centre; a capsule's, segment's or chain's ends
/// (one point when a capsule's ends coincide); a polygon's vertices.
struct CoreDouble {
  Vec2 vertex[kMaxPolygonVertices] = {};
  int count = 0;
  double radius = 0.0;
  bool oneSided = false;
};

inline CoreDouble coreOf(const Shape& shape) {
  CoreDouble core;
  const auto put = [&](Vec2 v) { core.vertex[core.count++] = v; };
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    put(circle->center);
    core.radius = circle->radius;
  } else if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    put(capsule->p1);
    if (!(capsule->p1 == capsule->p2)) put(capsule->p2);
    core.radius = capsule->radius;
  } else if (const auto* segment = std::get_if<Segment>(&shape)) {
    put(segment->p1);
    put(segment->p2);
  } else if (const auto* chain = std::get_if<ChainSegment>(&shape)) {
    put(chain->p1);
    put(chain->p2);
    core.oneSided = true;
  } else if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    for (int i = 0; i < polygon->count; ++i)
      put(polygon->vertices[i]);
    core.radius = polygon->radius;
  }
  return core;
}

template <class T>
void addFace(CastShapeT<T>& out, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  const UnitT<double> n = normalizeOr(Vec2T<double>{e.y, -e.x}, Vec2T<double>{1.0, 0.0});
  out.faceStart[out.faceCount] = toT<T>(a);
  out.faceEdge[out.faceCount] = toT<T>(e);
  out.faceNormal[out.faceCount] = {static_cast<T>(n.unit.x), static_cast<T>(n.unit.y)};
  ++out.faceCount;
}

template <class T>
void addLimit(CastShapeT<T>& out, int i, Vec2 limit) {
  out.limit[i][out.limitCount[i]++] = toT<T>(limit);
}

}  // namespace detail::casts

/// Prepares a core (detail::casts::coreOf) for casts: the cast table's faces and vertices.
template <class T>
CastShapeT<T> prepareCast(const detail::casts::CoreDouble& core) {
  using namespace detail::casts;
  CastShapeT<T> out;
  out.vertexCount = core.count;
  out.radius = static_cast<T>(core.radius);
  out.oneSided = core.oneSided;
  for (int i = 0; i < core.count; ++i)
    out.vertex[i] = toT<T>(core.vertex[i]);
  const Vec2* v = core.vertex;
  if (core.count == 2) {
    addFace(out, v[0], v[1]);
    if (!core.oneSided) addFace(out, v[1], v[0]);
    addLimit(out, 0, v[0] - v[1]);
    addLimit(out, 1, v[1] - v[0]);
    if (core.oneSided) {
      const Vec2 e = v[1] - v[0];
      addLimit(out, 0, Vec2{e.y, -e.x});
      addLimit(out, 1, Vec2{e.y, -e.x});
    }
  } else if (core.count >= 3) {
    for (int i = 0; i < core.count; ++i) {
      const int next = i + 1 < core.count ? i + 1 : 0;
      const int previous = i > 0 ? i - 1 : core.count - 1;
      addFace(out, v[i], v[next]);
      addLimit(out, i, v[i] - v[previous]);
      addLimit(out, i, v[i] - v[next]);
    }
  }
  return out;
}

/// Prepares a validated shape for casts.
template <class T>
CastShapeT<T> prepareCast(const Shape& shape) {
  return prepareCast<T>(detail::casts::coreOf(shape));
}

namespace detail::casts {

template <class T>
inline constexpr T kEpsilon = std::numeric_limits<T>::epsilon();

/// Squared distance from x to the segment a→a + e.
template <class T>
T segmentDistance2(Vec2T<T> x, Vec2T<T> a, Vec2T<T> e) {
  const Vec2T<T> w = x - a;
  const T along = dot(w, e);
  const T ee = dot(e, e);
  if (along <= T(0) || ee == T(0)) return dot(w, w);
  if (along >= ee) {
    const Vec2T<T> beyond = w - e;
    return dot(beyond, beyond);
  }
  const T c = cross(e, w);
  return c / ee * c;
}

/// C2: squared distance from x to the core (0 inside a polygon).
template <class T>
T coreDistance2(const CastShapeT<T>& s, Vec2T<T> x) {
  if (s.vertexCount == 1) {
    const Vec2T<T> w = x - s.vertex[0];
    return dot(w, w);
  }
  bool inside = s.vertexCount >= 3;
  T best = std::numeric_limits<T>::infinity();
  for (int i = 0; i < s.faceCount; ++i) {
    if (dot(s.faceNormal[i], x - s.faceStart[i]) > T(0)) inside = false;
    const T d2 = segmentDistance2(x, s.faceStart[i], s.faceEdge[i]);
    best = d2 < best ? d2 : best;
  }
  return inside ? T(0) : best;
}

/// True when x lies in the polygon (every face's plane has it on its inner side or on it).
template <class T>
bool insidePolygon(const CastShapeT<T>& s, Vec2T<T> x) {
  bool inside = true;
  for (int i = 0; i < s.faceCount; ++i)
    inside = inside && dot(s.faceNormal[i], x - s.faceStart[i]) <= T(0);
  return inside;
}

/// The best candidate so far (C6).
template <class T>
struct FirstT {
  T t = std::numeric_limits<T>::infinity();
  int index = -1;
  FeatureType type = FeatureType::face;
};

/// C4: face i pushed out by R; `slack` is the rounding allowance at its ends (see the top).
template <class T>
void castFace(const CastShapeT<T>& s, int i, Vec2T<T> o, Vec2T<T> d, T R, T f, T scale,
              FirstT<T>& first) {
  const Vec2T<T> n = s.faceNormal[i];
  const T approach = dot(n, d);
  if (!(approach < T(0))) return;  // parallel or moving away: its ends' arcs take it
  const Vec2T<T> a = s.faceStart[i];
  const T t = (R - dot(n, o - a)) / approach;
  if (!(t >= T(0) && t <= f)) return;
  const Vec2T<T> e = s.faceEdge[i];
  const T ee = dot(e, e);
  // A face with no length left in T (its ends rounded to one point, or |e|² underflowed) has no
  // extent to test `along` against (along would be 0 and pass: the face would be a whole
  // line); its end arcs take it.
  if (!(ee > T(0))) return;
  const T along = dot(o + t * d - a, e);
  const T slack = T(8) * kEpsilon<T> * scale * std::sqrt(ee);
  if (along < -slack || along > ee + slack) return;
  if (t < first.t) first = {t, i, FeatureType::face};
}

/// C5: vertex i's arc of radius R.
template <class T>
void castArc(const CastShapeT<T>& s, int i, Vec2T<T> o, Vec2T<T> d, UnitT<T> heading, T R, T f,
             T scale, FirstT<T>& first) {
  const Vec2T<T> m = o - s.vertex[i];
  const T toFoot = -dot(m, heading.unit);  // s: along d̂ from o to the foot F
  if (toFoot < T(0)) return;               // the vertex is behind the ray
  const Vec2T<T> foot = m + toFoot * heading.unit;
  const T h = std::sqrt(dot(foot, foot));
  if (h > R) return;  // the line passes farther than R
  const T half = std::sqrt((R - h) * (R + h));
  T t = (toFoot - half) / heading.length;
  t = t > T(0) ? t : T(0);
  if (!(t <= f)) return;
  const Vec2T<T> u = m + t * d;  // the centre at t, from the vertex
  for (int k = 0; k < s.limitCount[i]; ++k) {
    const Vec2T<T> limit = s.limit[i][k];
    const T slack = T(8) * kEpsilon<T> * scale * std::sqrt(dot(limit, limit));
    if (dot(u, limit) < -slack) return;
  }
  if (t < first.t) first = {t, i, FeatureType::vertex};
}

/// The outputs of a hit (local frame): normal and point on the shape's surface.
template <class T>
CastResultT<T> hitOf(const CastShapeT<T>& s, const FirstT<T>& first, Vec2T<T> o, Vec2T<T> d,
                     UnitT<T> heading, T r, T R) {
  CastResultT<T> out;
  out.status = CastStatus::hit;
  out.fraction = first.t;
  out.feature = CastFeature{first.type, static_cast<std::uint8_t>(first.index)};
  const Vec2T<T> centre = o + first.t * d;
  if (first.type == FeatureType::face) {
    out.normal = s.faceNormal[first.index];
  } else if (R > T(0)) {
    out.normal = normalizeOr(centre - s.vertex[first.index], -heading.unit).unit;
  } else {
    out.normal = -heading.unit;  // a ray against a sharp point: no normal of its own
    out.flags |= kFlagDegenerateNormal;
    out.point = s.vertex[first.index];
    return out;
  }
  out.point = centre - r * out.normal;
  return out;
}

}  // namespace detail::casts

/// C1–C6 in the shape's local frame; `scale` bounds the magnitudes involved (the rounding
/// allowance at feature ends is a few epsilons of it).
template <class T>
CastResultT<T> castLocal(const CastShapeT<T>& s, const CastInputT<T>& in, T scale) {
  using namespace detail::casts;
  const Vec2T<T> o = in.origin;
  const Vec2T<T> d = in.translation;
  const T R = in.radius + s.radius;
  CastResultT<T> result;
  // C1: one-sided: an origin strictly behind (left of p1 → p2) misses.
  if (s.oneSided && cross(s.faceEdge[0], o - s.faceStart[0]) > T(0)) return result;
  // C2: already touching. A ray against a sharp polygon touches iff it starts inside it.
  const bool sharpPolygon = R == T(0) && s.vertexCount >= 3;
  if (sharpPolygon ? insidePolygon(s, o) : coreDistance2(s, o) <= R * R) {
    result.status = CastStatus::initialOverlap;
    return result;
  }
  // C3: no motion.
  const UnitT<T> heading = normalizeOr(d, Vec2T<T>{T(1), T(0)});
  if (!heading.ok || !(in.maxFraction > T(0))) return result;
  // C4–C6.
  FirstT<T> first;
  for (int i = 0; i < s.faceCount; ++i)
    castFace(s, i, o, d, R, in.maxFraction, scale, first);
  // A ray meets a sharp polygon first on a face that faces it (at a corner, one of the two
  // faces ending there does): its vertices' arcs, points here, never come first.
  for (int i = 0; !sharpPolygon && i < s.vertexCount; ++i)
    castArc(s, i, o, d, heading, R, in.maxFraction, scale, first);
  if (first.index < 0) return result;
  return hitOf(s, first, o, d, heading, in.radius, R);
}

/// A cast in the world: the ray is brought into the shape's frame (xf with a unit rotation),
/// cast there, and the point and normal are brought back.
template <class T>
CastResultT<T> castShape(const CastShapeT<T>& s, const TransformT<T>& xf, const CastInputT<T>& in,
                         T scale) {
  CastInputT<T> local = in;
  local.origin = invApply(xf, in.origin);
  local.translation = invRotate(xf.q, in.translation);
  CastResultT<T> result = castLocal(s, local, scale);
  if (result.status == CastStatus::hit) {
    result.point = apply(xf, result.point);
    result.normal = rotate(xf.q, result.normal);
  }
  return result;
}

/// A validated shape placed in the world for casts: prepared in T in its local frame, with
/// the transform's rotation made unit (a rotation (c, s) that is not exactly unit also
/// scales, as the contract uses it: the scale moves into the core's points, as the manifold
/// entry points do), and its reach |p| + (the core's farthest point) + radius: the shape's
/// part of the scale of the rounding allowances at feature ends. Placing once and casting
/// many rays (castPlaced) gives the same bits as `cast` on each ray.
template <class T>
struct PlacedCastShapeT {
  CastShapeT<T> shape;
  TransformT<T> xf;
  double reach = 0.0;
};

/// The moving circle in T, with its part of the allowance's scale (|origin| + |translation|)
/// and its radius as given (double).
template <class T>
struct PlacedCastInputT {
  CastInputT<T> in;
  double reach = 0.0;
  double radius = 0.0;
};

template <class T>
PlacedCastShapeT<T> placeForCast(const Shape& shape, const Transform& xf) {
  detail::casts::CoreDouble core = detail::casts::coreOf(shape);
  Transform unit = xf;
  const double k = std::hypot(xf.q.c, xf.q.s);  // validated: within a tolerance of 1
  if (k != 1.0) {
    unit.q = {xf.q.c / k, xf.q.s / k};
    for (int i = 0; i < core.count; ++i)
      core.vertex[i] = k * core.vertex[i];
  }
  double bound = 0.0;
  for (int i = 0; i < core.count; ++i)
    bound = std::max(bound, std::hypot(core.vertex[i].x, core.vertex[i].y));
  const double reach = std::hypot(unit.p.x, unit.p.y) + bound + core.radius;
  return {prepareCast<T>(core), toT<T>(unit), reach};
}

template <class T>
PlacedCastInputT<T> placeForCast(const CastInput& input) {
  const CastInputT<T> in{toT<T>(input.origin), toT<T>(input.translation),
                         static_cast<T>(input.radius), static_cast<T>(input.maxFraction)};
  const double start = std::hypot(input.origin.x, input.origin.y);
  return {in, start + std::hypot(input.translation.x, input.translation.y), input.radius};
}

/// A placed shape against a placed moving circle (both from placeForCast), in the world.
template <class T>
CastResultT<T> castPlaced(const PlacedCastShapeT<T>& s, const PlacedCastInputT<T>& input) {
  // The largest magnitude the cast's values reach (the allowances at feature ends).
  const double scale = std::max({s.reach + input.radius, input.reach, 1e-300});
  return castShape(s.shape, s.xf, input.in, static_cast<T>(scale));
}

/// The result in the core's double types (exact widening); a hit's point, normal and feature.
template <class T>
CastResult widenCast(const CastResultT<T>& r) {
  CastResult out;
  out.status = r.status;
  if (r.status != CastStatus::hit) return out;
  out.fraction = static_cast<double>(r.fraction);
  out.point = toCore(r.point);
  out.normal = toCore(r.normal);
  out.feature = r.feature;
  out.flags = r.flags;
  return out;
}

/// Any shape, computed in double (validates; unsupported never happens: every shape type).
CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input);
/// Any shape, computed in float (inputs rounded to float, outputs widened).
CastResult castFloat(const Shape& shape, const Transform& xf, const CastInput& input);
bool castImplements(ShapeType type);

inline constexpr CastEngine kCastDoubleEngine{"fast", &cast, &castImplements};
inline constexpr CastEngine kCastFloatEngine{"fast_float", &castFloat, &castImplements};

}  // namespace touche::fast
