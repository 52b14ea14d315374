// touche — prepared shapes of the fast engine.
//
// A shape is prepared once, outside the hot path, from a validated core shape: like Box2D's
// b2PolygonShape, a prepared polygon carries its unit edge normals so that a query never
// normalises an edge. Everything is computed in double from the exact input and rounded to T
// once, at the end.
//
// Layout: structure of arrays, padded to kMaxPolygonVertices lanes by repeating vertex 0 and
// normal 0. The hot loops run over all lanes with a fixed trip count (the compiler turns them
// into SIMD code) and only read the first `count` results, so the padding never changes an
// answer: a repeated vertex cannot lower a minimum it already contributes to.
#pragma once

#include "touche/core/shapes.h"
#include "touche/fast/types.h"

namespace touche::fast {

/// Number of lanes of a prepared polygon (Box2D's b2_maxPolygonVertices).
inline constexpr int kLanes = kMaxPolygonVertices;

/// Prepared circle: centre in the shape's local frame and radius.
template <class T>
struct CircleT {
  Vec2T<T> center;
  T radius = T(0);
};

/// Prepared convex polygon (counter-clockwise, strictly convex), local frame. Edge i runs from
/// vertex i to vertex (i + 1) % count; (nx[i], ny[i]) is its unit outward normal.
///
/// The lane arrays have no default initialiser on purpose: prepare() and the engine's frame
/// change write every lane, and zero-filling 128–256 bytes first (a `rep stos`) cost as much
/// as a whole SAT pass in the benchmark. Build polygons with prepare(), not by hand.
template <class T>
struct PolygonT {
  T vx[kLanes];
  T vy[kLanes];
  T nx[kLanes];
  T ny[kLanes];
  int count = 0;
  T radius = T(0);

  Vec2T<T> vertex(int i) const { return {vx[i], vy[i]}; }
  Vec2T<T> normal(int i) const { return {nx[i], ny[i]}; }
  int next(int i) const { return i + 1 < count ? i + 1 : 0; }
};

/// A face index and its separation (max-separation searches).
template <class T>
struct FaceSeparationT {
  T separation = T(0);
  int face = 0;
};

/// The largest of the kLanes values and the lowest lane holding it. Two independent halves
/// (lanes 0–3 and 4–7) halve the serial compare-and-select chain; the upper half wins only if
/// strictly larger. Padded lanes repeat lane 0, so they never win a strict comparison and the
/// answer is the first best of the real lanes (ties → lower index).
template <class T>
inline FaceSeparationT<T> firstMax(const T (&v)[kLanes]) {
  constexpr int kHalf = kLanes / 2;
  FaceSeparationT<T> lo{v[0], 0};
  FaceSeparationT<T> hi{v[kHalf], kHalf};
  for (int i = 1; i < kHalf; ++i) {
    if (v[i] > lo.separation) lo = {v[i], i};
    if (v[kHalf + i] > hi.separation) hi = {v[kHalf + i], kHalf + i};
  }
  return hi.separation > lo.separation ? hi : lo;
}

/// Prepares a circle: rounds centre and radius to T.
template <class T>
inline CircleT<T> prepare(const Circle& circle) {
  return {toT<T>(circle.center), static_cast<T>(circle.radius)};
}

/// Prepares a validated polygon: copies the vertices and computes each edge's unit outward
/// normal in double, n_i = perp(v_{i+1} − v_i) / |v_{i+1} − v_i| with perp(x, y) = (y, −x)
/// (outward for a counter-clockwise polygon, as Box2D's b2ComputeHull/b2MakePolygon). The
/// normalisation is guarded (normalizeOr), so even an edge that underflows gives a finite
/// normal. Lanes ≥ count repeat vertex 0 and normal 0.
template <class T>
inline PolygonT<T> prepare(const Polygon& polygon) {
  PolygonT<T> out;
  out.count = polygon.count;
  out.radius = static_cast<T>(polygon.radius);
  for (int lane = 0; lane < kLanes; ++lane) {
    const int i = lane < polygon.count ? lane : 0;
    const int j = i + 1 < polygon.count ? i + 1 : 0;
    const Vec2 v = polygon.vertices[i];
    const Vec2 edge = polygon.vertices[j] - v;
    const UnitT<double> n = normalizeOr(Vec2T<double>{edge.y, -edge.x}, Vec2T<double>{1.0, 0.0});
    out.vx[lane] = static_cast<T>(v.x);
    out.vy[lane] = static_cast<T>(v.y);
    out.nx[lane] = static_cast<T>(n.unit.x);
    out.ny[lane] = static_cast<T>(n.unit.y);
  }
  return out;
}

}  // namespace touche::fast
