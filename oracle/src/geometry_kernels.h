// touche oracle — the judge's geometric kernels, written once for any number type N: exact
// rationals (exact::Q) or filtered values (filter::Bounded). Each kernel reads the same exact
// quantities either way; a decision is a sign (signOf, compareValues: certain, or Uncertain
// from the filter) and an output is a correctly rounded double (toDouble, sqrtToDouble,
// quotientToDouble), so a kernel that completes on filtered values returns what it returns on
// rationals (case_geometry.h runs them) — bit for bit, except where a filtered value could
// only be enclosed to the Accuracy asked for (filtered.h, Step 5b). Where only a value is needed —
// the support of a core, the parameter where a line enters it — the filter joins near-tied
// enclosures (minValue, maxValue) instead of deciding which one is smaller.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

#include "exact_geometry.h"
#include "filtered.h"

namespace touche::oracle::exact {

using filter::Bounded;

/// world = R·local + p, exactly on rationals and to the filter's bound on Bounded, with (c, s)
/// as given.
template <class N>
VecOf<N> toWorld(const Transform& xf, Vec2 v) {
  const N c(xf.q.c);
  const N s(xf.q.s);
  const N x(v.x);
  const N y(v.y);
  return {c * x - s * y + N(xf.p.x), s * x + c * y + N(xf.p.y)};
}

/// The world core of a shape on N (exact_geometry.h, coreOf). A capsule whose ends are equal
/// is its centre's point: decided on the local ends, which are equal exactly when the world
/// ends are (a valid rotation, c² + s² ≈ 1, is invertible).
/// The local vector to − from, exactly (the difference of two doubles).
template <class N>
VecOf<N> localEdge(Vec2 from, Vec2 to) {
  return {N(to.x) - N(from.x), N(to.y) - N(from.y)};
}

template <class N>
CoreOf<N> coreOfAs(const Shape& shape, const Transform& xf, double skin) {
  CoreOf<N> core;
  core.q = xf.q;
  std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Circle>) {
          core.vertices = {toWorld<N>(xf, s.center)};
          core.radius = N(s.radius);
        } else if constexpr (std::is_same_v<T, Polygon>) {
          core.vertices.reserve(static_cast<std::size_t>(s.count));
          for (int i = 0; i < s.count; ++i) {
            core.vertices.push_back(toWorld<N>(xf, s.vertices[i]));
            core.local.push_back(localEdge<N>(s.vertices[i], s.vertices[(i + 1) % s.count]));
          }
          core.radius = N(s.radius) + N(skin);
        } else {
          const bool point = s.p1.x == s.p2.x && s.p1.y == s.p2.y;
          core.vertices = {toWorld<N>(xf, s.p1)};
          if (!point) {
            core.vertices.push_back(toWorld<N>(xf, s.p2));
            core.local = {localEdge<N>(s.p1, s.p2), localEdge<N>(s.p2, s.p1)};
          }
          if constexpr (std::is_same_v<T, Capsule>) {
            core.radius = N(s.radius);
          } else {  // Segment, ChainSegment: the segment p1→p2
            core.radius = N(skin);
          }
        }
      },
      shape);
  return core;
}

// --- supports and separations -----------------------------------------------------------------

/// min (or max) over the core's vertices of dot(v, n).
template <class N>
N support(const CoreOf<N>& core, const VecOf<N>& n, bool largest) {
  N best = dot(core.vertices.front(), n);
  for (std::size_t i = 1; i < core.vertices.size(); ++i) {
    const N d = dot(core.vertices[i], n);
    best = largest ? maxValue(best, d) : minValue(best, d);
  }
  return best;
}

/// min over the Minkowski difference B − A of dot(n, d) = min over B − max over A: the
/// separation of the cores along the unnormalised n, times |n|.
template <class N>
N separationNumerator(const CoreOf<N>& a, const CoreOf<N>& b, const VecOf<N>& n) {
  return support(b, n, false) - support(a, n, true);
}

/// The normal of face i of A, or of B negated (onB), from A toward B: a source direction.
template <class N>
VecOf<N> faceDirection(const CoreOf<N>& a, const CoreOf<N>& b, bool onB, int i) {
  if (!onB) return edgeNormal(a, i);
  const VecOf<N> n = edgeNormal(b, i);
  return {-n.x, -n.y};
}

/// separationNumerator along a face direction: the face's own core reaches its support on
/// the face itself (a core is convex and counter-clockwise: a valid rotation keeps it so), so
/// only the other core's support is searched.
template <class N>
N faceSeparationNumerator(const CoreOf<N>& a, const CoreOf<N>& b, bool onB, int i,
                          const VecOf<N>& n) {
  if (!onB) return support(b, n, false) - dot(edgeStart(a, i), n);
  return dot(edgeStart(b, i), n) - support(a, n, true);
}

// --- lines through reported points ------------------------------------------------------------

/// Rᵀ·n for the core's rotation R: cross(R·d, n) = cross(d, Rᵀ·n) and
/// dot(rightPerp(R·d), n) = dot(rightPerp(d), Rᵀ·n) exactly (R = [c −s; s c], any c, s).
template <class N>
VecOf<N> intoLocal(const CoreOf<N>& core, const VecOf<N>& n) {
  const N c(core.q.c);
  const N s(core.q.s);
  return {c * n.x + s * n.y, c * n.y - s * n.x};
}

/// cross(edge i, n), from the edge in the core's own frame and u = intoLocal(core, n): an
/// engine's normal that is exactly a box's face normal (the rotation's components) runs
/// exactly along its side edges, and there this is an exact zero on filtered values too.
template <class N>
N edgeCross(const CoreOf<N>& core, int i, const VecOf<N>& u) {
  return cross(core.local[static_cast<std::size_t>(i)], u);
}

/// Where the line x + t·n meets a core: [tMin, tMax] when it does (hit). Otherwise the core
/// vertices within `window` (a length) of the nearest one's distance from the line stand in:
/// [tMin, tMax] spans their parameters, and missDistance is the nearest one's distance.
template <class N>
struct LineHitOf {
  bool hit = false;
  N tMin;
  N tMax;
  double missDistance = 0.0;  ///< 0 when hit
};

/// The line x + t·n against a counter-clockwise polygon: clip t by each edge's half-plane.
/// `through`: x is that vertex of the core (−1: none), so the two edges at it have a = 0
/// exactly (computed, a filtered vertex less itself would be no certain zero).
template <class N>
bool clipPolygon(const CoreOf<N>& core, const VecOf<N>& x, const VecOf<N>& n, int through, N* lo,
                 N* hi) {
  bool hasLo = false, hasHi = false;
  const VecOf<N> u = intoLocal(core, n);
  const int count = edgeCount(core);
  for (int i = 0; i < count; ++i) {
    const VecOf<N> e = edgeEnd(core, i) - edgeStart(core, i);
    const bool atVertex = i == through || (i + 1) % count == through;
    const N a = atVertex ? N(0.0) : cross(e, x - edgeStart(core, i));  // inside iff a + t·b >= 0
    const N b = edgeCross(core, i, u);                                 // cross(e, n)
    const int sb = signOf(b);
    if (sb == 0) {
      if (signOf(a) < 0) return false;
      continue;
    }
    const N t = -a / b;
    if (sb > 0) {
      *lo = hasLo ? maxValue(*lo, t) : t;
      hasLo = true;
    } else {
      *hi = hasHi ? minValue(*hi, t) : t;
      hasHi = true;
    }
  }
  return hasLo && hasHi && compareValues(*lo, *hi) <= 0;
}

/// The line x + t·n against the segment core [p, q]; `through` as for clipPolygon.
template <class N>
bool clipSegment(const CoreOf<N>& core, const VecOf<N>& x, const VecOf<N>& n, int through, N* lo,
                 N* hi) {
  const VecOf<N>& p = core.vertices.front();
  const VecOf<N>& q = core.vertices.back();
  const N nn = dot(n, n);
  const N denom = -edgeCross(core, 0, intoLocal(core, n));  // cross(n, q − p)
  if (through >= 0) {  // x is p (0) or q (1): the line meets the segment at t = 0
    if (signOf(denom) != 0) {
      *lo = *hi = N(0.0);
      return true;
    }
    const N t = dot((through == 0 ? q : p) - x, n) / nn;  // along it, to the other end
    *lo = minValue(N(0.0), t);
    *hi = maxValue(N(0.0), t);
    return true;
  }
  if (signOf(denom) == 0) {
    if (signOf(cross(n, p - x)) != 0) return false;
    const N tp = dot(p - x, n) / nn;
    const N tq = dot(q - x, n) / nn;
    *lo = minValue(tp, tq);
    *hi = maxValue(tp, tq);
    return true;
  }
  const N s = cross(n, x - p) / denom;
  if (signOf(s) < 0 || compareValues(s, N(1.0)) > 0) return false;
  const VecOf<N> at{p.x + s * (q.x - p.x), p.y + s * (q.y - p.y)};
  *lo = *hi = dot(at - x, n) / nn;
  return true;
}

/// The line x + t·n against the point p: a segment of zero length, whose direction is exactly
/// zero (taken apart from clipSegment: q − p of one filtered value is not a certain zero);
/// `through`: x is p.
template <class N>
bool clipPoint(const VecOf<N>& p, const VecOf<N>& x, const VecOf<N>& n, int through, N* lo, N* hi) {
  if (through == 0) {
    *lo = *hi = N(0.0);
    return true;
  }
  if (signOf(cross(n, p - x)) != 0) return false;
  *lo = *hi = dot(p - x, n) / dot(n, n);
  return true;
}

/// Distance from a point to the line x + t·n: |cross(n, p − x)|/|n|, rounded once.
template <class N>
double distanceToLine(const VecOf<N>& p, const VecOf<N>& x, const VecOf<N>& n, double accuracy) {
  return std::fabs(quotientToDouble(cross(n, p - x), dot(n, n), accuracy));
}

/// Distance from segment [p, q] to the line x + t·n (0 when they cross).
template <class N>
double segmentDistanceToLine(const VecOf<N>& p, const VecOf<N>& q, const VecOf<N>& x,
                             const VecOf<N>& n, double accuracy) {
  const int sp = signOf(cross(n, p - x));
  const int sq = signOf(cross(n, q - x));
  if ((sp <= 0 && sq >= 0) || (sp >= 0 && sq <= 0)) return 0.0;
  return std::min(distanceToLine(p, x, n, accuracy), distanceToLine(q, x, n, accuracy));
}

/// `through`: x is that vertex of the core (−1: none), which the line then meets exactly.
template <class N>
LineHitOf<N> intersectLine(const CoreOf<N>& core, const VecOf<N>& x, const VecOf<N>& n,
                           double window, double accuracy, int through = -1) {
  LineHitOf<N> h;
  const auto& v = core.vertices;
  if (v.size() >= 3) {
    h.hit = clipPolygon(core, x, n, through, &h.tMin, &h.tMax);
  } else if (v.size() == 2) {
    h.hit = clipSegment(core, x, n, through, &h.tMin, &h.tMax);
  } else {
    h.hit = clipPoint(v.front(), x, n, through, &h.tMin, &h.tMax);
  }
  if (h.hit) return h;
  // Missed: the core's nearest point to the line is one of its vertices; the vertices about
  // as near (a face parallel to the line has two) give the range of parameters.
  std::array<double, kMaxPolygonVertices> distance{};
  for (std::size_t i = 0; i < v.size(); ++i)
    distance[i] = distanceToLine(v[i], x, n, accuracy);
  h.missDistance = *std::min_element(distance.begin(), distance.begin() + v.size());
  bool first = true;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (distance[i] > h.missDistance + window) continue;
    const N t = dot(v[i] - x, n) / dot(n, n);
    h.tMin = first ? t : minValue(h.tMin, t);
    h.tMax = first ? t : maxValue(h.tMax, t);
    first = false;
  }
  return h;
}

/// The parameter t of the support plane of `core` along ±n, on the line x + t·n.
template <class N>
N supportParameter(const CoreOf<N>& core, const VecOf<N>& x, const VecOf<N>& n, bool largest) {
  N best = dot(core.vertices.front() - x, n);
  for (std::size_t i = 1; i < core.vertices.size(); ++i) {
    const N t = dot(core.vertices[i] - x, n);
    best = largest ? maxValue(best, t) : minValue(best, t);
  }
  return best / dot(n, n);
}

// --- sizes ------------------------------------------------------------------------------------

/// Largest distance of a vertex from the first one, plus the radius: the lever arm a
/// normal's error acts on. The first vertex is 0 from itself (not measured: the difference of
/// one filtered value with itself is no certain zero).
template <class N>
double leverOf(const CoreOf<N>& core, double accuracy) {
  double lever = 0.0;
  for (std::size_t i = 1; i < core.vertices.size(); ++i) {
    const VecOf<N> d = core.vertices[i] - core.vertices.front();
    lever = std::max(lever, sqrtToDouble(dot(d, d), accuracy));
  }
  return lever + toDouble(core.radius, accuracy);
}

/// The shortest edge's length (infinity for a point).
template <class N>
double shortestEdgeOf(const CoreOf<N>& core, double accuracy) {
  double shortest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < edgeCount(core); ++i) {
    const VecOf<N> e = edgeEnd(core, i) - edgeStart(core, i);
    shortest = std::min(shortest, sqrtToDouble(dot(e, e), accuracy));
  }
  return shortest;
}

/// The rounded components of an exact vector (a length: coordinates, edge normals).
template <class N>
Vec2 rounded(const VecOf<N>& v, double accuracy) {
  return {toDouble(v.x, accuracy), toDouble(v.y, accuracy)};
}

/// The unit vector of an exact nonzero direction, without squaring it in double.
template <class N>
Vec2 unitOf(const VecOf<N>& v, double accuracy) {
  const N square = dot(v, v);
  return {quotientToDouble(v.x, square, accuracy), quotientToDouble(v.y, square, accuracy)};
}

}  // namespace touche::oracle::exact
