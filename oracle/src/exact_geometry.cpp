// touche oracle — exact cores, Minkowski differences and line queries (exact_geometry.h).
//
// Derivation (standard convex geometry, nothing engine-specific): for convex A and B the best
// separation over unit directions, max over n of (min over B of n·b − max over A of n·a), is the
// signed distance of the origin from the Minkowski difference B − A (positive when the shapes
// are apart, minus the penetration depth when they overlap); radii subtract from it. The
// difference of two convex cores is the convex hull of the pairwise vertex differences.
#include "exact_geometry.h"

#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <variant>

namespace touche::oracle::exact {

QVec operator+(const QVec& a, const QVec& b) {
  return {a.x + b.x, a.y + b.y};
}
QVec operator-(const QVec& a, const QVec& b) {
  return {a.x - b.x, a.y - b.y};
}
Q dot(const QVec& a, const QVec& b) {
  return a.x * b.x + a.y * b.y;
}
Q cross(const QVec& a, const QVec& b) {
  return a.x * b.y - a.y * b.x;
}
QVec lift(Vec2 v) {
  return {Q(v.x), Q(v.y)};
}
double toDouble(const Q& q) {
  return q.convert_to<double>();
}

namespace {

/// One MPFR number at 64 bits; MPFR's exponent range is far wider than a double's, so no
/// intermediate of a length's evaluation underflows (a squared length of shapes 2^-537 wide
/// is 2^-1074: in double it rounded to the smallest subnormal or to 0).
class Wide {
 public:
  explicit Wide(const Q& q) {
    mpfr_init2(value_, 64);
    mpfr_set_q(value_, q.backend().data(), MPFR_RNDN);
  }
  ~Wide() { mpfr_clear(value_); }
  Wide(const Wide&) = delete;
  Wide& operator=(const Wide&) = delete;
  mpfr_ptr get() { return value_; }
  double toDouble() { return mpfr_get_d(value_, MPFR_RNDN); }

 private:
  mpfr_t value_;
};

}  // namespace

double sqrtToDouble(const Q& square) {
  Wide x(square);
  mpfr_sqrt(x.get(), x.get(), MPFR_RNDN);
  return x.toDouble();
}

double quotientToDouble(const Q& w, const Q& g) {
  Wide x(w);
  Wide root(g);
  mpfr_sqrt(root.get(), root.get(), MPFR_RNDN);
  mpfr_div(x.get(), x.get(), root.get(), MPFR_RNDN);
  return x.toDouble();
}

namespace {

/// world = R·local + p, exactly, with (c, s) as given.
QVec toWorld(const Transform& xf, Vec2 local) {
  const Q c(xf.q.c);
  const Q s(xf.q.s);
  const QVec v = lift(local);
  const QVec p = lift(xf.p);
  return {c * v.x - s * v.y + p.x, s * v.x + c * v.y + p.y};
}

bool lexLess(const QVec& a, const QVec& b) {
  return a.x < b.x || (a.x == b.x && a.y < b.y);
}

bool same(const QVec& a, const QVec& b) {
  return a.x == b.x && a.y == b.y;
}

/// Squared distance from the origin to segment [a, b].
Q originSegmentSquare(const QVec& a, const QVec& b) {
  const QVec e = b - a;
  const QVec w = QVec{-a.x, -a.y};
  const Q along = dot(w, e);
  const Q ee = dot(e, e);
  if (along <= 0 || ee == 0) return dot(a, a);
  if (along >= ee) return dot(b, b);
  const Q c = cross(e, w);
  return c * c / ee;
}

/// The point of segment [a, b] closest to the origin.
QVec originSegmentClosest(const QVec& a, const QVec& b) {
  const QVec e = b - a;
  const Q along = -dot(a, e);
  const Q ee = dot(e, e);
  if (along <= 0 || ee == 0) return a;
  if (along >= ee) return b;
  const Q t = along / ee;
  return {a.x + t * e.x, a.y + t * e.y};
}

}  // namespace

QVec closestPointToOrigin(const std::vector<QVec>& hull) {
  QVec best = hull.front();
  Q bestSquare = dot(best, best);
  const std::size_t edges = hull.size() == 1 ? 0 : hull.size();
  for (std::size_t i = 0; i < edges; ++i) {
    const QVec p = originSegmentClosest(hull[i], hull[(i + 1) % hull.size()]);
    const Q square = dot(p, p);
    if (square < bestSquare) best = p, bestSquare = square;
  }
  return best;
}

Core coreOf(const Shape& shape, const Transform& xf, double skin) {
  Core core;
  std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Circle>) {
          core.vertices = {toWorld(xf, s.center)};
          core.radius = Q(s.radius);
        } else if constexpr (std::is_same_v<T, Polygon>) {
          for (int i = 0; i < s.count; ++i)
            core.vertices.push_back(toWorld(xf, s.vertices[i]));
          core.radius = Q(s.radius) + Q(skin);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          core.vertices = {toWorld(xf, s.p1), toWorld(xf, s.p2)};
          core.radius = Q(s.radius);
        } else {  // Segment, ChainSegment: the segment p1→p2
          core.vertices = {toWorld(xf, s.p1), toWorld(xf, s.p2)};
          core.radius = Q(skin);
        }
      },
      shape);
  if (core.vertices.size() == 2 && same(core.vertices[0], core.vertices[1])) {
    core.vertices.pop_back();  // a capsule of zero length is a circle
  }
  return core;
}

int edgeCount(const Core& core) {
  return core.vertices.size() < 2 ? 0 : static_cast<int>(core.vertices.size());
}
QVec edgeStart(const Core& core, int i) {
  return core.vertices[i];
}
QVec edgeEnd(const Core& core, int i) {
  return core.vertices[(i + 1) % core.vertices.size()];
}
QVec edgeNormal(const Core& core, int i) {
  const QVec e = edgeEnd(core, i) - edgeStart(core, i);
  return {e.y, -e.x};
}

std::vector<QVec> minkowskiDifference(const Core& a, const Core& b) {
  std::vector<QVec> points;
  for (const QVec& pb : b.vertices) {
    for (const QVec& pa : a.vertices)
      points.push_back(pb - pa);
  }
  std::sort(points.begin(), points.end(), lexLess);
  points.erase(std::unique(points.begin(), points.end(), same), points.end());
  if (points.size() < 3) return points;
  // Andrew's monotone chain; popping on cross <= 0 drops collinear points.
  std::vector<QVec> hull(2 * points.size());
  std::size_t k = 0;
  auto grow = [&](const QVec& p, std::size_t floor) {
    while (k >= floor && cross(hull[k - 1] - hull[k - 2], p - hull[k - 2]) <= 0)
      --k;
    hull[k++] = p;
  };
  for (const QVec& p : points)
    grow(p, 2);
  const std::size_t lower = k + 1;
  for (std::size_t i = points.size() - 1; i-- > 0;)
    grow(points[i], lower);
  hull.resize(k - 1);
  return hull;
}

double SignedLength::value() const {
  return sign * sqrtToDouble(square);
}

SignedLength signedDistanceOfOrigin(const std::vector<QVec>& hull) {
  SignedLength d;
  if (hull.size() == 1) {
    d.square = dot(hull[0], hull[0]);
  } else if (hull.size() == 2) {
    d.square = originSegmentSquare(hull[0], hull[1]);
  } else {
    bool inside = true;
    Q best = -1;
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const QVec& a = hull[i];
      const QVec& b = hull[(i + 1) % hull.size()];
      const QVec e = b - a;
      const Q side = cross(e, QVec{-a.x, -a.y});  // > 0: origin on the inner side of edge i
      if (side < 0) inside = false;
      const Q depth = side * side / dot(e, e);
      if (best < 0 || depth < best) best = depth;
    }
    if (inside) {
      d.square = best;
      d.sign = best == 0 ? 0 : -1;
      return d;
    }
    d.square = -1;
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const Q s = originSegmentSquare(hull[i], hull[(i + 1) % hull.size()]);
      if (d.square < 0 || s < d.square) d.square = s;
    }
  }
  d.sign = d.square == 0 ? 0 : 1;
  return d;
}

Q minDot(const std::vector<QVec>& hull, const QVec& n) {
  Q best = dot(hull.front(), n);
  for (const QVec& d : hull)
    best = std::min(best, dot(d, n));
  return best;
}

double distanceToLine(const QVec& p, const QVec& x, const QVec& n) {
  const Q c = cross(n, p - x);
  return sqrtToDouble(c * c / dot(n, n));
}

double segmentDistanceToLine(const QVec& p, const QVec& q, const QVec& x, const QVec& n) {
  const Q cp = cross(n, p - x);
  const Q cq = cross(n, q - x);
  if ((cp <= 0 && cq >= 0) || (cp >= 0 && cq <= 0)) return 0.0;
  return std::min(distanceToLine(p, x, n), distanceToLine(q, x, n));
}

namespace {

/// The line x + t·n against a counter-clockwise polygon: clip t by each edge's half-plane.
bool clipPolygon(const Core& core, const QVec& x, const QVec& n, Q* lo, Q* hi) {
  bool hasLo = false, hasHi = false;
  for (int i = 0; i < edgeCount(core); ++i) {
    const QVec e = edgeEnd(core, i) - edgeStart(core, i);
    const Q a = cross(e, x - edgeStart(core, i));  // inside iff a + t·b >= 0
    const Q b = cross(e, n);
    if (b == 0) {
      if (a < 0) return false;
      continue;
    }
    const Q t = -a / b;
    if (b > 0 && (!hasLo || t > *lo)) *lo = t, hasLo = true;
    if (b < 0 && (!hasHi || t < *hi)) *hi = t, hasHi = true;
  }
  return hasLo && hasHi && *lo <= *hi;
}

/// The line x + t·n against segment [p, q] (or the point p when q == p).
bool clipSegment(const QVec& p, const QVec& q, const QVec& x, const QVec& n, Q* lo, Q* hi) {
  const Q nn = dot(n, n);
  const Q denom = cross(n, q - p);
  const Q side = cross(n, x - p);
  if (denom == 0) {
    if (cross(n, p - x) != 0) return false;
    const Q tp = dot(p - x, n) / nn;
    const Q tq = dot(q - x, n) / nn;
    *lo = std::min(tp, tq);
    *hi = std::max(tp, tq);
    return true;
  }
  const Q s = side / denom;
  if (s < 0 || s > 1) return false;
  const QVec at{p.x + s * (q.x - p.x), p.y + s * (q.y - p.y)};
  *lo = *hi = dot(at - x, n) / nn;
  return true;
}

}  // namespace

LineHit intersectLine(const Core& core, const QVec& x, const QVec& n, double window) {
  LineHit h;
  const auto& v = core.vertices;
  if (v.size() >= 3) {
    h.hit = clipPolygon(core, x, n, &h.tMin, &h.tMax);
  } else {
    h.hit = clipSegment(v.front(), v.back(), x, n, &h.tMin, &h.tMax);
  }
  if (h.hit) return h;
  // Missed: the core's nearest point to the line is one of its vertices; the vertices about
  // as near (a face parallel to the line has two) give the range of parameters.
  std::vector<double> distance(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    distance[i] = distanceToLine(v[i], x, n);
  h.missDistance = *std::min_element(distance.begin(), distance.end());
  bool first = true;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (distance[i] > h.missDistance + window) continue;
    const Q t = dot(v[i] - x, n) / dot(n, n);
    if (first || t < h.tMin) h.tMin = t;
    if (first || t > h.tMax) h.tMax = t;
    first = false;
  }
  return h;
}

// --- one-sided chain segments ----------------------------------------------------------------
// Geometry of docs/derivations/chain-segment.md (Box2D v3's one-sided chain segments): the
// right perpendicular of an edge is its solid side's outward normal; a corner's Gauss map is
// the arc of normals between the two pieces' normals.

namespace {

QVec rightPerp(const QVec& v) {
  return {v.y, -v.x};
}

/// The point of segment [a, b] closest to x, and whether it lies strictly inside.
std::pair<QVec, bool> closestOnSegment(const QVec& x, const QVec& a, const QVec& b) {
  const QVec e = b - a;
  const Q ee = dot(e, e);
  const Q t = ee == 0 ? Q(0) : dot(x - a, e) / ee;
  if (t <= 0) return {a, false};
  if (t >= 1) return {b, false};
  return {QVec{a.x + t * e.x, a.y + t * e.y}, true};
}

}  // namespace

OneSided oneSidedOf(const ChainSegment& chain, const Transform& xf) {
  OneSided c;
  c.g1 = toWorld(xf, chain.ghost1);
  c.p1 = toWorld(xf, chain.p1);
  c.p2 = toWorld(xf, chain.p2);
  c.g2 = toWorld(xf, chain.ghost2);
  c.e = c.p2 - c.p1;
  c.n0 = rightPerp(c.p1 - c.g1);
  c.n1 = rightPerp(c.e);
  c.n2 = rightPerp(c.g2 - c.p2);
  c.convex1 = cross(c.p1 - c.g1, c.e) > 0;
  c.convex2 = cross(c.e, c.g2 - c.p2) > 0;
  return c;
}

NormalClass classifyNormal(const OneSided& c, const QVec& m) {
  // m leans toward p1 (or is n1 itself): p1's corner decides; otherwise p2's.
  if (dot(m, c.e) <= 0) {
    if (!c.convex1) return NormalClass::snap;
    return cross(m, c.n0) > 0 ? NormalClass::skip : NormalClass::admit;
  }
  if (!c.convex2) return NormalClass::snap;
  return cross(c.n2, m) > 0 ? NormalClass::skip : NormalClass::admit;
}

QVec centroidOf(const Core& core) {
  const auto& v = core.vertices;
  if (v.size() == 1) return v[0];
  if (v.size() == 2) return {(v[0].x + v[1].x) / 2, (v[0].y + v[1].y) / 2};
  // Fan triangulation from v[0]: area-weighted triangle centroids.
  Q area2 = 0;
  QVec sum{0, 0};
  for (std::size_t i = 1; i + 1 < v.size(); ++i) {
    const QVec u = v[i] - v[0];
    const QVec w = v[i + 1] - v[0];
    const Q a = cross(u, w);
    area2 += a;
    sum = sum + QVec{a * (u.x + w.x), a * (u.y + w.y)};
  }
  return {v[0].x + sum.x / (3 * area2), v[0].y + sum.y / (3 * area2)};
}

ClosestPoints closestPoints(const Core& segment, const Core& other) {
  ClosestPoints best;
  if (signedDistanceOfOrigin(minkowskiDifference(segment, other)).sign <= 0) {
    best.distanceSquare = 0;  // touching or overlapping
    return best;
  }
  bool first = true;
  auto offer = [&](const QVec& onSegment, const QVec& onOther, bool interior) {
    const QVec d = onOther - onSegment;
    const Q square = dot(d, d);
    // Among equal distances prefer a point inside the segment (its face is then the feature).
    if (first || square < best.distanceSquare ||
        (square == best.distanceSquare && interior && !best.segmentInterior)) {
      best = {square, onSegment, onOther, interior};
      first = false;
    }
  };
  const QVec& a = segment.vertices.front();
  const QVec& b = segment.vertices.back();
  for (const QVec& v : other.vertices) {
    const auto [x, interior] = closestOnSegment(v, a, b);
    offer(x, v, interior);
  }
  for (int i = 0; i < edgeCount(other); ++i) {
    for (const QVec& end : {a, b})
      offer(end, closestOnSegment(end, edgeStart(other, i), edgeEnd(other, i)).first, false);
  }
  return best;
}

}  // namespace touche::oracle::exact
