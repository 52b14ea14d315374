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
#include <type_traits>
#include <variant>

#include "touche/core/cast.h"
#include "touche/fast/types.h"

namespace touche::fast {

/// A shape prepared for casts, in its local frame: the vertices with their arcs' range limits
/// (unit directions: an outward direction u is in the range when u·limit ≥ 0), and the faces
/// (face i starts at vertex i: its edge, unit outward normal and length) in the cast table's
/// numbering. Computed in double from the exact input, rounded to T once.
template <class T>
struct CastShapeT {
  // Laid out in the order a cast reads it, so that a circle's cast touches one cache line and
  // a polygon's clip the counts, the vertices and the normals only (the rest is read at the
  // hit): an engine keeps many of these, and a cast that misses the cache costs more than its
  // arithmetic.
  int vertexCount = 0;
  int faceCount = 0;
  T radius = T(0);
  bool oneSided = false;
  Vec2T<T> vertex[kMaxPolygonVertices] = {};
  Vec2T<T> faceNormal[kMaxPolygonVertices] = {};
  Vec2T<T> faceEdge[kMaxPolygonVertices] = {};
  T faceLength[kMaxPolygonVertices] = {};  ///< |faceEdge|, for the slack at its ends
  std::uint8_t limitCount[kMaxPolygonVertices] = {};
  Vec2T<T> limit[kMaxPolygonVertices][2] = {};
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
  out.faceEdge[out.faceCount] = toT<T>(e);
  out.faceNormal[out.faceCount] = {static_cast<T>(n.unit.x), static_cast<T>(n.unit.y)};
  out.faceLength[out.faceCount] = static_cast<T>(n.length);
  ++out.faceCount;
}

template <class T>
void addLimit(CastShapeT<T>& out, int i, Vec2 limit) {
  const UnitT<double> u = normalizeOr(Vec2T<double>{limit.x, limit.y}, Vec2T<double>{0.0, 0.0});
  out.limit[i][out.limitCount[i]++] = {static_cast<T>(u.unit.x), static_cast<T>(u.unit.y)};
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
    if (dot(s.faceNormal[i], x - s.vertex[i]) > T(0)) inside = false;
    const T d2 = segmentDistance2(x, s.vertex[i], s.faceEdge[i]);
    best = d2 < best ? d2 : best;
  }
  return inside ? T(0) : best;
}

/// True when x lies in the polygon (every face's plane has it on its inner side or on it).
template <class T>
bool insidePolygon(const CastShapeT<T>& s, Vec2T<T> x) {
  bool inside = true;
  for (int i = 0; i < s.faceCount; ++i)
    inside = inside && dot(s.faceNormal[i], x - s.vertex[i]) <= T(0);
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
  const Vec2T<T> a = s.vertex[i];
  const T t = (R - dot(n, o - a)) / approach;
  if (!(t >= T(0) && t <= f)) return;
  const Vec2T<T> e = s.faceEdge[i];
  const T ee = dot(e, e);
  // A face with no length left in T (its ends rounded to one point, or |e|² underflowed) has no
  // extent to test `along` against (along would be 0 and pass: the face would be a whole
  // line); its end arcs take it.
  if (!(ee > T(0))) return;
  const T along = dot(o + t * d - a, e);
  const T slack = T(8) * kEpsilon<T> * scale * s.faceLength[i];
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
  const T h = sqrtOf(dot(foot, foot));
  if (h > R) return;  // the line passes farther than R
  const T half = sqrtOf((R - h) * (R + h));
  T t = (toFoot - half) / heading.length;
  t = t > T(0) ? t : T(0);
  if (!(t <= f)) return;
  const Vec2T<T> u = m + t * d;  // the centre at t, from the vertex
  for (int k = 0; k < s.limitCount[i]; ++k) {
    const Vec2T<T> limit = s.limit[i][k];
    if (dot(u, limit) < -T(8) * kEpsilon<T> * scale) return;
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

namespace detail::casts {

/// C3–C6 over every face and every arc: the general loop (segments, capsules, chain segments,
/// and the rare polygon cases the clip below hands over).
template <class T>
CastResultT<T> castEveryFeature(const CastShapeT<T>& s, const CastInputT<T>& in, T R, T scale,
                                bool sharpPolygon) {
  const Vec2T<T> o = in.origin;
  const Vec2T<T> d = in.translation;
  CastResultT<T> result;
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

/// The state of the clip after every face (castByClipping): what the batch path computes
/// lane-wise and hands back to finishClip, so that both paths end with the same operations.
template <class T>
struct ClipT {
  T lower = T(0);        ///< the largest entering t so far (the path starts at t = 0)
  T upper = T(0);        ///< the smallest leaving t so far (the path ends at maxFraction)
  int entry = -1;        ///< the face of `lower`; equal t keeps the lower index
  bool outside = false;  ///< the origin is beyond some pushed face
  bool blocked = false;  ///< the path runs parallel to a pushed face, beyond it
};

/// The clip's pass over the faces (see castByClipping).
template <class T>
ClipT<T> clipFaces(const CastShapeT<T>& s, const CastInputT<T>& in, T R) {
  const Vec2T<T> o = in.origin;
  const Vec2T<T> d = in.translation;
  ClipT<T> clip;
  clip.upper = in.maxFraction;
  // A segment's two faces are measured from the same end: their normals are exact negatives,
  // so a ray (R = 0) enters and leaves the zero-width slab at the same t, bit for bit.
  const bool twoEnds = s.vertexCount == 2;
  for (int i = 0; i < s.faceCount; ++i) {
    const Vec2T<T> n = s.faceNormal[i];
    const Vec2T<T> a = s.vertex[twoEnds ? 0 : i];  // on face i's line
    const T gap = R - dot(n, o - a);               // ≥ 0: the origin holds face i's half-plane
    const T approach = dot(n, d);
    // The face's t = gap / approach moves the entry when the path enters across it (approach
    // < 0) later than `lower` (strictly: equal t keeps the lower index), the exit when it
    // leaves across it (approach > 0) sooner than `upper`. Computed every time and chosen
    // without a branch (types.h's select, maxOr, minOr): on random rays each of these is a
    // coin toss the branch predictor loses, and the bounds' chain from face to face is one
    // max and one min long.
    const T t = gap / approach;
    const T entering = select(approach < T(0), t, -std::numeric_limits<T>::infinity());
    const T leaving = select(approach > T(0), t, std::numeric_limits<T>::infinity());
    const bool parallel = !(approach < T(0)) & !(approach > T(0));
    clip.entry = selectInt(entering > clip.lower, i, clip.entry);
    clip.lower = maxOr(entering, clip.lower);
    clip.upper = minOr(leaving, clip.upper);
    clip.outside = clip.outside | (gap < T(0));
    clip.blocked = clip.blocked | (parallel & (gap < T(0)));
  }
  return clip;
}

/// The clip's answer from its state after every face (see castByClipping).
template <class T>
CastResultT<T> finishClip(const CastShapeT<T>& s, const CastInputT<T>& in, T R, T scale,
                          const ClipT<T>& clip) {
  const Vec2T<T> o = in.origin;
  const Vec2T<T> d = in.translation;
  CastResultT<T> result;
  const bool sharpPolygon = R == T(0) && s.vertexCount >= 3;
  if (!clip.outside) {
    // C2: the origin holds every half-plane: in a sharp polygon, or within R of the core.
    if (sharpPolygon || coreDistance2(s, o) <= R * R) {
      result.status = CastStatus::initialOverlap;
      return result;
    }
    return castEveryFeature(s, in, R, scale, false);
  }
  // C3: no motion (every approach 0: blocked; maxFraction 0: upper 0 < lower) and the misses.
  if (clip.blocked || clip.entry < 0 || clip.lower > clip.upper) return result;
  const int entry = clip.entry;
  const T lower = clip.lower;
  FirstT<T> first{lower, entry, FeatureType::face};
  if (sharpPolygon) return hitOf(s, first, o, d, UnitT<T>{}, in.radius, R);
  // C4: over the entry face (with the rounding slack at its ends), else C5 at its end's arc.
  const Vec2T<T> e = s.faceEdge[entry];
  const T along = dot(o + lower * d - s.vertex[entry], e);
  const T slack = T(8) * kEpsilon<T> * scale * s.faceLength[entry];
  // A face with no length left in T (its ends rounded to one point, or |e|² underflowed) has no
  // extent to hold `along` against: its end's arc takes the touch.
  const T ee = dot(e, e);
  if (ee > T(0) && along >= -slack && along <= ee + slack) {
    return hitOf(s, first, o, d, UnitT<T>{}, in.radius, R);  // a face needs no heading
  }
  if (R == T(0)) return result;  // a ray beyond a segment's end
  const bool pastEnd = along > T(0);
  int vertex = s.vertexCount == 2 ? (pastEnd != (entry == 1) ? 1 : 0) : entry;
  if (s.vertexCount >= 3 && pastEnd) vertex = entry + 1 < s.vertexCount ? entry + 1 : 0;
  const UnitT<T> heading = normalizeOr(d, Vec2T<T>{T(1), T(0)});
  first = FirstT<T>{};
  castArc(s, vertex, o, d, heading, R, in.maxFraction, scale, first);
  if (first.index < 0) return result;
  return hitOf(s, first, o, d, heading, in.radius, R);
}

/// A polygon, segment or chain segment in one pass over its faces: C2–C6 by clipping the
/// centre's path against every face pushed out by R (the half-planes n·(x − a) ≤ R; Cyrus–Beck
/// clipping). For a polygon their intersection is the offset shape with sharp corners; for a
/// segment or chain segment a slab (or half-plane) open at the ends. The path enters it at the
/// largest entering t and leaves at the smallest leaving t. Entering over a face's pushed-out
/// part is a hit on that face. Entering beyond a face's end puts the centre in the corner
/// region of that end's vertex, bounded by the pushed faces and the vertex's arc (for a
/// segment, by the slab's sides), so that arc is hit there or nothing is: the other faces'
/// half-planes already hold the centre. An origin that holds every half-plane but is not
/// within R of the core (a corner region, or a segment's slab beyond its ends) goes to the
/// general loop. A ray (R = 0) enters a sharp polygon on a face, never at a point's arc.
template <class T>
CastResultT<T> castByClipping(const CastShapeT<T>& s, const CastInputT<T>& in, T R, T scale) {
  return finishClip(s, in, R, scale, clipFaces(s, in, R));
}

/// The magnitudes inside which castCircle's squares neither overflow nor lose their low bits
/// to underflow (scale² and R² stay normal with room): beyond them the general loop, which
/// normalises first, takes the cast.
template <class T>
inline constexpr T kCircleScaleMin = std::is_same_v<T, float> ? T(0x1p-40) : T(0x1p-400);
template <class T>
inline constexpr T kCircleScaleMax = std::is_same_v<T, float> ? T(0x1p50) : T(0x1p400);

/// A circle (one vertex, its arc of radius R; C2, C3, C5) with one division on a miss and two
/// square roots on a hit. With m = o − v and the foot of the perpendicular F = m + k·d,
/// k = −(m·d)/(d·d) (source 001 §4's F = M + (MO·v)v, without normalising d): the path's line
/// passes at h² = F·F from the centre, enters the arc at t = k − √((R² − h²)/(d·d)), and the
/// normal there is the unit vector from the centre.
template <class T>
CastResultT<T> castCircle(const CastShapeT<T>& s, const CastInputT<T>& in, T R, T scale) {
  const Vec2T<T> m = in.origin - s.vertex[0];
  const Vec2T<T> d = in.translation;
  CastResultT<T> result;
  const T RR = R * R;
  const T dd = dot(d, d);
  // C2: the origin within R of the centre.
  if (dot(m, m) <= RR) {
    result.status = CastStatus::initialOverlap;
    return result;
  }
  const bool wellScaled = scale >= kCircleScaleMin<T> && scale <= kCircleScaleMax<T> &&
                          dd >= kCircleScaleMin<T> * kCircleScaleMin<T> &&
                          (R == T(0) || R >= kCircleScaleMin<T>);
  if (!wellScaled) return castEveryFeature(s, in, R, scale, false);
  // C3 (maxFraction 0) and C5: the centre behind the path, the line too far, the entry late.
  const T along = -dot(m, d);
  if (!(in.maxFraction > T(0)) || along < T(0)) return result;
  const T k = along / dd;
  const Vec2T<T> foot = m + k * d;
  const T hh = dot(foot, foot);
  if (hh > RR) return result;
  // (R² − h²)/(d·d) overflows in float when R is more than about 2^64 times the step |d|, inside
  // the bounds above: t would be −∞, then 0, a false touch at the start.
  const T chord = (RR - hh) / dd;
  if (!(chord <= std::numeric_limits<T>::max())) return castEveryFeature(s, in, R, scale, false);
  T t = k - sqrtOf(chord);
  t = t > T(0) ? t : T(0);
  if (!(t <= in.maxFraction)) return result;
  result.status = CastStatus::hit;
  result.fraction = t;
  result.feature = CastFeature{FeatureType::vertex, 0};
  const Vec2T<T> w = m + t * d;  // the centre at t, from the circle's centre
  if (R == T(0)) {
    const T inverse = T(1) / sqrtOf(dd);
    result.normal = {-d.x * inverse, -d.y * inverse};  // a ray against a point: no normal
    result.flags |= kFlagDegenerateNormal;
    result.point = s.vertex[0];
    return result;
  }
  const T inverse = T(1) / sqrtOf(dot(w, w));
  result.normal = {w.x * inverse, w.y * inverse};
  result.point = in.origin + t * d - in.radius * result.normal;
  return result;
}

}  // namespace detail::casts

/// C1–C6 in the shape's local frame; `scale` bounds the magnitudes involved (the rounding
/// allowance at feature ends is a few epsilons of it).
template <class T>
CastResultT<T> castLocal(const CastShapeT<T>& s, const CastInputT<T>& in, T scale) {
  using namespace detail::casts;
  const Vec2T<T> o = in.origin;
  const T R = in.radius + s.radius;
  if (s.vertexCount == 1) return castCircle(s, in, R, scale);
  // C1: one-sided: an origin strictly behind (left of p1 → p2) misses.
  if (s.oneSided && cross(s.faceEdge[0], o - s.vertex[0]) > T(0)) return CastResultT<T>{};
  return castByClipping(s, in, R, scale);
}

/// A local result brought back to the world, in place: a hit's point and normal.
template <class T>
[[gnu::always_inline]] inline void castToWorld(const TransformT<T>& xf, CastResultT<T>& result) {
  if (result.status == CastStatus::hit) {
    result.point = apply(xf, result.point);
    result.normal = rotate(xf.q, result.normal);
  }
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
  castToWorld(xf, result);
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

/// The largest magnitude a placed cast's values reach (the allowances at feature ends), in T.
template <class T>
[[gnu::always_inline]] inline T placedScale(const PlacedCastShapeT<T>& s,
                                            const PlacedCastInputT<T>& input) {
  const double shapeSide = s.reach + input.radius;
  const double largest = shapeSide > input.reach ? shapeSide : input.reach;
  return static_cast<T>(largest > 1e-300 ? largest : 1e-300);
}

/// A placed shape against a placed moving circle (both from placeForCast), in the world.
template <class T>
CastResultT<T> castPlaced(const PlacedCastShapeT<T>& s, const PlacedCastInputT<T>& input) {
  return castShape(s.shape, s.xf, input.in, placedScale(s, input));
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
