// The source posts' own logic, transcribed into C++ for the errata tests (docs/errata.md).
//
// Each function below follows one function (or one formula of the text) of a source post step
// by step, in doubles, mistakes included — that is the point: an erratum test runs the post's
// logic on its counterexample and shows the wrong answer next to touche's. Where a post calls a
// helper it does not show (a vector's normalize, a line intersection), the comment says what
// this transcription assumes. Optional `fix` switches (source 004) correct one mistake at a
// time, so that a test can keep exactly one mistake and correct all the others.
//
// Coordinates: world frame, polygons counter-clockwise with outward normal rightPerp(edge)
// (the posts' canvas frames mirror y; every quantity below is mirror-consistent).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include "touche/core/geometry.h"

namespace touche::reference::testing::sources {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

/// A vector divided by its length, with no guard: (0, 0) gives NaN. None of the posts shows its
/// vector class's normalize; a guarded one would give (0, 0) instead — no unit vector either.
inline Vec2 normalized(Vec2 v) {
  const double l = std::hypot(v.x, v.y);
  return {v.x / l, v.y / l};
}

inline bool isUnit(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::fabs(std::hypot(v.x, v.y) - 1) < 1e-12;
}

// ===========================================================================================
// Source 000: polygon clipping and circle manifolds (JavaScript).
// ===========================================================================================
namespace s000 {

using Poly = std::vector<Vec2>;

/// getEdgeVector(i): v[i+1] − v[i]; a negative index is first wrapped by adding the count (the
/// post shows this). getEdge is not shown; it is taken to wrap the same way.
inline Vec2 edgeVector(const Poly& p, int i) {
  const int n = static_cast<int>(p.size());
  if (i < 0) i += n;
  return p[(i + 1) % n] - p[i];
}
inline std::pair<Vec2, Vec2> edge(const Poly& p, int i) {
  const int n = static_cast<int>(p.size());
  if (i < 0) i += n;
  return {p[i], p[(i + 1) % n]};
}

/// getEdgeNormal(i): the outward unit normal of edge i (the SAT distances below need it
/// outward).
inline Vec2 edgeNormal(const Poly& p, int i) {
  const Vec2 e = normalized(edgeVector(p, i));
  return {e.y, -e.x};
}

/// getFarthestPointIndex(dir): the vertex farthest along dir (not shown; the first maximum).
inline int farthestPointIndex(const Poly& p, Vec2 dir) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(p.size()); ++i) {
    if (dot(p[i], dir) > dot(p[best], dir)) best = i;
  }
  return best;
}

struct Axis {
  double distance = -kInf;
  Vec2 normal;
  int refEdgeIndex = -1;
  int incVertexIndex = -1;
};

/// getAxisLeastPenetration(A, B): for each face of A, B's vertex deepest against it; the face
/// whose distance is largest (strictly, so the first of equals).
inline Axis axisLeastPenetration(const Poly& a, const Poly& b) {
  Axis best;
  for (int i = 0; i < static_cast<int>(a.size()); ++i) {
    const Vec2 normal = edgeNormal(a, i);
    const int support = farthestPointIndex(b, -normal);
    const double distance = dot(b[support] - a[i], normal);
    if (distance > best.distance) best = {distance, normal, i, support};
  }
  return best;
}

/// getIncidentEdgeIndex(poly, nIndex, normal): of the two edges at vertex nIndex, the one more
/// perpendicular to the normal; returns nIndex − 1 unwrapped (−1 for vertex 0).
inline int incidentEdgeIndex(const Poly& p, int nIndex, Vec2 normal) {
  const Vec2 left = normalized(edgeVector(p, nIndex - 1));
  const Vec2 right = normalized(edgeVector(p, nIndex));
  const double cosLeft = std::fabs(dot(left, normal));
  const double cosRight = std::fabs(dot(right, normal));
  return cosLeft < cosRight ? nIndex - 1 : nIndex;
}

/// clipEdge(edge, dir, min): keeps the endpoints whose projection on dir is at least min's,
/// in order, then — whenever the two projections have strictly opposite signs — appends the
/// crossing point edge[0] + (p1/(p1 − p2))·(edge[1] − edge[0]).
inline std::vector<Vec2> clipEdge(const std::vector<Vec2>& e, Vec2 dir, Vec2 minPoint) {
  const double m = dot(minPoint, dir);
  const double p1 = dot(e[0], dir) - m;
  const double p2 = dot(e[1], dir) - m;
  std::vector<Vec2> kept;
  if (p1 >= 0) kept.push_back(e[0]);
  if (p2 >= 0) kept.push_back(e[1]);
  if (p1 * p2 < 0) kept.push_back(e[0] + (p1 / (p1 - p2)) * (e[1] - e[0]));
  return kept;
}

/// `vertical(true)` / `vertical(false)` are not shown: they are the two perpendiculars of the
/// normal. For the side clips to keep the reference face's extent (and anything at all when
/// the incident edge lies over the face), vertical(true) must run from refEdge[0] to
/// refEdge[1]: with an outward normal rightPerp(t), that is t = (−n.y, n.x).
inline Vec2 vertical(Vec2 n, bool flag) {
  return flag ? Vec2{-n.y, n.x} : Vec2{n.y, -n.x};
}

struct PolygonResult {
  bool referenceIsA = true;  ///< manifold.bodyA is the post's A (else the roles are swapped)
  double penetration = 0;    ///< one number for every point
  Vec2 normal;               ///< the reference face's normal
  int referenceEdge = -1;
  int incidentEdge = -1;  ///< as returned by getIncidentEdgeIndex (may be −1)
  std::vector<Vec2> contact;
};

/// solvePolygon(A, B): SAT both ways (no contact when a distance is ≥ 0), the larger distance
/// wins (a tie goes to B), incident edge by getIncidentEdgeIndex, then three clips — the two
/// side planes and the reference face — each of which must leave two points.
inline std::optional<PolygonResult> solvePolygon(const Poly& a, const Poly& b) {
  const Axis ab = axisLeastPenetration(a, b);
  if (ab.distance >= 0) return std::nullopt;
  const Axis ba = axisLeastPenetration(b, a);
  if (ba.distance >= 0) return std::nullopt;
  PolygonResult r;
  const bool useA = ab.distance > ba.distance;
  const Axis& axis = useA ? ab : ba;
  const Poly& ref = useA ? a : b;
  const Poly& inc = useA ? b : a;
  r.referenceIsA = useA;
  r.penetration = -axis.distance;
  r.normal = axis.normal;
  r.referenceEdge = axis.refEdgeIndex;
  r.incidentEdge = incidentEdgeIndex(inc, axis.incVertexIndex, axis.normal);
  const auto [r0, r1] = edge(ref, r.referenceEdge);
  const auto [i0, i1] = edge(inc, r.incidentEdge);
  std::vector<Vec2> clipped = clipEdge({i0, i1}, vertical(axis.normal, true), r0);
  if (clipped.size() < 2) return std::nullopt;
  clipped = clipEdge(clipped, vertical(axis.normal, false), r1);
  if (clipped.size() < 2) return std::nullopt;
  clipped = clipEdge(clipped, -axis.normal, r0);
  if (clipped.size() < 2) return std::nullopt;
  r.contact = clipped;
  return r;
}

struct CircleResult {
  Vec2 normal;
  double penetration = 0;
  Vec2 contact;
};

/// solveCircle(A, B): none when the centre distance is ≥ rA + rB; the normal pB − pA
/// normalised, the penetration rA + rB − distance, the point midway between the centres.
inline std::optional<CircleResult> solveCircle(Vec2 pA, double rA, Vec2 pB, double rB) {
  const Vec2 d = pB - pA;
  const double distance = std::hypot(d.x, d.y);
  if (distance >= rA + rB) return std::nullopt;
  return CircleResult{normalized(d), rA + rB - distance, 0.5 * (pA + pB)};
}

/// What solvePolygonCircle's centre-inside branch did before the code below it ran.
struct InsideBranch {
  bool entered = false;
  double penetration = 0;
  Vec2 contact;
};

struct PolygonCircleResult {
  Vec2 normal;
  double penetration = 0;
  Vec2 contact;
  int edgeIndex = -1;
  InsideBranch inside;
};

/// solvePolygonCircle(poly, circle): faces visited from the last to the first, none as soon as
/// one separates by more than r, the largest distance kept (strictly: the highest index of
/// equals); then the branch on `distance < 0` (the loop's last value), which sets but does not
/// return; then the vertex regions (`cos <= 0`) and the face test.
inline std::optional<PolygonCircleResult> solvePolygonCircle(const Poly& poly, Vec2 center,
                                                             double r) {
  PolygonCircleResult m;
  double distance = 0;
  double bestDistance = -kInf;
  for (int i = static_cast<int>(poly.size()); i--;) {
    distance = dot(edgeNormal(poly, i), center - poly[i]);
    if (distance > r) return std::nullopt;
    if (distance > bestDistance) {
      bestDistance = distance;
      m.edgeIndex = i;
    }
  }
  if (distance < 0) {
    m.normal = edgeNormal(poly, m.edgeIndex);
    m.contact = center - r * m.normal;
    m.penetration = r;
    m.inside = {true, m.penetration, m.contact};
  }
  const auto [e0, e1] = edge(poly, m.edgeIndex);
  m.penetration = r - bestDistance;
  const Vec2 cv1 = center - e0;
  if (dot(cv1, e1 - e0) <= 0) {
    if (dot(cv1, cv1) > r * r) return std::nullopt;
    m.normal = normalized(cv1);
    m.contact = e0;
    return m;
  }
  const Vec2 cv2 = center - e1;
  if (dot(cv2, e0 - e1) <= 0) {
    if (dot(cv2, cv2) > r * r) return std::nullopt;
    m.normal = normalized(cv2);
    m.contact = e1;
    return m;
  }
  const Vec2 normal = edgeNormal(poly, m.edgeIndex);
  if (dot(e0 - center, normal) > r) return std::nullopt;
  m.normal = normal;
  m.contact = center + r * normal;
  return m;
}

}  // namespace s000

// ===========================================================================================
// Source 002: Box2D 2.2's b2Collision, annotated (C++; float32 becomes double here, identity
// transforms, so every local frame is the world frame).
// ===========================================================================================
namespace s002 {

/// A b2PolygonShape's data: vertices, unit outward normals, area centroid.
struct Polygon {
  std::vector<Vec2> vertices;
  std::vector<Vec2> normals;
  Vec2 centroid;
};

/// The normals and centroid as b2PolygonShape::Set computes them (the centroid by triangles
/// from a reference point).
inline Polygon makePolygon(std::vector<Vec2> v) {
  Polygon p;
  p.vertices = v;
  const int n = static_cast<int>(v.size());
  double area = 0;
  Vec2 c{0, 0};
  for (int i = 0; i < n; ++i) {
    const Vec2 e = v[(i + 1) % n] - v[i];
    const Vec2 u = normalized(e);
    p.normals.push_back({u.y, -u.x});
    const double a = 0.5 * cross(v[i] - v[0], v[(i + 1) % n] - v[0]);
    area += a;
    c = c + (a / 3) * ((v[i] - v[0]) + (v[(i + 1) % n] - v[0]));
  }
  p.centroid = v[0] + (1 / area) * c;
  return p;
}

/// b2EdgeSeparation: B's support vertex against A's face normal is the vertex of least dot
/// product with it (the annotation calls it a cross product); the separation is
/// dot(support − v_edge, normal).
inline double edgeSeparation(const Polygon& p1, int edge1, const Polygon& p2,
                             int* support = nullptr) {
  const Vec2 normal = p1.normals[edge1];
  int index = 0;
  double minDot = std::numeric_limits<double>::max();
  for (int i = 0; i < static_cast<int>(p2.vertices.size()); ++i) {
    const double d = dot(p2.vertices[i], normal);
    if (d < minDot) {
      minDot = d;
      index = i;
    }
  }
  if (support) *support = index;
  return dot(p2.vertices[index] - p1.vertices[edge1], normal);
}

/// b2FindMaxSeparation: start at the face most aligned with centroid2 − centroid1, compare
/// with its two neighbours, then walk in the better direction while strictly improving.
inline double findMaxSeparation(int* edgeIndex, const Polygon& p1, const Polygon& p2) {
  const int count1 = static_cast<int>(p1.vertices.size());
  const Vec2 d = p2.centroid - p1.centroid;
  int edge = 0;
  double maxDot = -std::numeric_limits<double>::max();
  for (int i = 0; i < count1; ++i) {
    const double value = dot(p1.normals[i], d);
    if (value > maxDot) {
      maxDot = value;
      edge = i;
    }
  }
  double s = edgeSeparation(p1, edge, p2);
  const int prevEdge = edge - 1 >= 0 ? edge - 1 : count1 - 1;
  const double sPrev = edgeSeparation(p1, prevEdge, p2);
  const int nextEdge = edge + 1 < count1 ? edge + 1 : 0;
  const double sNext = edgeSeparation(p1, nextEdge, p2);
  int bestEdge = 0;
  double bestSeparation = 0;
  int increment = 0;
  if (sPrev > s && sPrev > sNext) {
    increment = -1;
    bestEdge = prevEdge;
    bestSeparation = sPrev;
  } else if (sNext > s) {
    increment = 1;
    bestEdge = nextEdge;
    bestSeparation = sNext;
  } else {
    *edgeIndex = edge;
    return s;
  }
  for (;;) {
    edge = increment == -1 ? (bestEdge - 1 >= 0 ? bestEdge - 1 : count1 - 1)
                           : (bestEdge + 1 < count1 ? bestEdge + 1 : 0);
    s = edgeSeparation(p1, edge, p2);
    if (!(s > bestSeparation)) break;
    bestEdge = edge;
    bestSeparation = s;
  }
  *edgeIndex = bestEdge;
  return bestSeparation;
}

struct ReferenceChoice {
  bool flip = false;  ///< the reference face is on B
  int edge = 0;
  double separationA = 0;
  double separationB = 0;
};

/// b2CollidePolygons up to the choice of the reference face: B's face only when
/// separationB > 0.98·separationA + 0.001 (the radii are 0 here; the early outs beyond the
/// radius are not needed by the tests).
inline ReferenceChoice referenceFace(const Polygon& a, const Polygon& b) {
  ReferenceChoice c;
  int edgeA = 0;
  int edgeB = 0;
  c.separationA = findMaxSeparation(&edgeA, a, b);
  c.separationB = findMaxSeparation(&edgeB, b, a);
  c.flip = c.separationB > 0.98 * c.separationA + 0.001;
  c.edge = c.flip ? edgeB : edgeA;
  return c;
}

/// b2FindIncidentEdge: the edge of poly2 whose normal has the least dot product with the
/// reference normal (first of equals).
inline int findIncidentEdge(const Polygon& p1, int edge1, const Polygon& p2) {
  int index = 0;
  double minDot = std::numeric_limits<double>::max();
  for (int i = 0; i < static_cast<int>(p2.normals.size()); ++i) {
    const double value = dot(p1.normals[edge1], p2.normals[i]);
    if (value < minDot) {
      minDot = value;
      index = i;
    }
  }
  return index;
}

/// b2ClipSegmentToLine (not shown in the post; Box2D 2.2's b2Collision.cpp, whose code the
/// post annotates): keeps the ends with dot(normal, v) − offset ≤ 0, in order, and appends the
/// crossing v0 + (d0/(d0 − d1))·(v1 − v0) when d0·d1 < 0. Source 000's clipEdge, sign flipped.
inline std::vector<Vec2> clipSegmentToLine(const std::vector<Vec2>& in, Vec2 normal,
                                           double offset) {
  std::vector<Vec2> out;
  const double d0 = dot(normal, in[0]) - offset;
  const double d1 = dot(normal, in[1]) - offset;
  if (d0 <= 0) out.push_back(in[0]);
  if (d1 <= 0) out.push_back(in[1]);
  if (d0 * d1 < 0) out.push_back(in[0] + (d0 / (d0 - d1)) * (in[1] - in[0]));
  return out;
}

struct PolygonsResult {
  bool flip = false;                ///< the reference face is on B (the normal points from B to A)
  int edge = 0;                     ///< reference face
  int incident = 0;                 ///< incident edge on the other polygon
  Vec2 normal;                      ///< the reference face's normal
  std::vector<Vec2> points;         ///< clip points, on the incident polygon
  std::vector<double> separations;  ///< dot(normal, v) − frontOffset − totalRadius, per point
};

/// b2CollidePolygons with radii rA, rB: the reference face by b2FindMaxSeparation and the
/// 0.98/0.001 hysteresis, the incident edge by b2FindIncidentEdge, the two side clips with
/// offsets extended by totalRadius, and the points whose separation is ≤ totalRadius (no
/// clip against the face itself).
inline std::optional<PolygonsResult> collidePolygons(const Polygon& a, double rA, const Polygon& b,
                                                     double rB) {
  const double totalRadius = rA + rB;
  int edgeA = 0;
  const double separationA = findMaxSeparation(&edgeA, a, b);
  if (separationA > totalRadius) return std::nullopt;
  int edgeB = 0;
  const double separationB = findMaxSeparation(&edgeB, b, a);
  if (separationB > totalRadius) return std::nullopt;
  PolygonsResult r;
  r.flip = separationB > 0.98 * separationA + 0.001;
  const Polygon& p1 = r.flip ? b : a;
  const Polygon& p2 = r.flip ? a : b;
  r.edge = r.flip ? edgeB : edgeA;
  r.incident = findIncidentEdge(p1, r.edge, p2);
  const int count2 = static_cast<int>(p2.vertices.size());
  const std::vector<Vec2> incidentEdge{p2.vertices[r.incident],
                                       p2.vertices[r.incident + 1 < count2 ? r.incident + 1 : 0]};
  const int count1 = static_cast<int>(p1.vertices.size());
  const Vec2 v11 = p1.vertices[r.edge];
  const Vec2 v12 = p1.vertices[r.edge + 1 < count1 ? r.edge + 1 : 0];
  const Vec2 tangent = normalized(v12 - v11);
  r.normal = {tangent.y, -tangent.x};  // b2Cross(tangent, 1)
  const double frontOffset = dot(r.normal, v11);
  const double sideOffset1 = -dot(tangent, v11) + totalRadius;
  const double sideOffset2 = dot(tangent, v12) + totalRadius;
  const std::vector<Vec2> clip1 = clipSegmentToLine(incidentEdge, -tangent, sideOffset1);
  if (clip1.size() < 2) return std::nullopt;
  const std::vector<Vec2> clip2 = clipSegmentToLine(clip1, tangent, sideOffset2);
  if (clip2.size() < 2) return std::nullopt;
  for (int i = 0; i < 2; ++i) {
    const double separation = dot(r.normal, clip2[i]) - frontOffset;
    if (separation <= totalRadius) {
      r.points.push_back(clip2[i]);
      r.separations.push_back(separation - totalRadius);
    }
  }
  return r;
}

struct PolygonCircleResult {
  enum class Region { faceInside, vertex1, vertex2, face } region = Region::face;
  Vec2 normal;  ///< localNormal
  Vec2 point;   ///< localPoint
};

/// b2CollidePolygonAndCircle: the face of largest separation (none beyond the radius); below
/// b2_epsilon (FLT_EPSILON, absolute) the centre counts as inside and the face normal is used;
/// otherwise vertex region 1, vertex region 2 (u ≤ 0) or the face.
inline std::optional<PolygonCircleResult> polygonAndCircle(const Polygon& p, double rPolygon,
                                                           Vec2 c, double rCircle) {
  const int count = static_cast<int>(p.vertices.size());
  const double radius = rPolygon + rCircle;
  int normalIndex = 0;
  double separation = -std::numeric_limits<double>::max();
  for (int i = 0; i < count; ++i) {
    const double s = dot(p.normals[i], c - p.vertices[i]);
    if (s > radius) return std::nullopt;
    if (s > separation) {
      separation = s;
      normalIndex = i;
    }
  }
  const Vec2 v1 = p.vertices[normalIndex];
  const Vec2 v2 = p.vertices[normalIndex + 1 < count ? normalIndex + 1 : 0];
  using Region = PolygonCircleResult::Region;
  if (separation < static_cast<double>(std::numeric_limits<float>::epsilon())) {
    return PolygonCircleResult{Region::faceInside, p.normals[normalIndex], 0.5 * (v1 + v2)};
  }
  const double u1 = dot(c - v1, v2 - v1);
  const double u2 = dot(c - v2, v1 - v2);
  if (u1 <= 0) {
    if (dot(c - v1, c - v1) > radius * radius) return std::nullopt;
    return PolygonCircleResult{Region::vertex1, normalized(c - v1), v1};
  }
  if (u2 <= 0) {
    if (dot(c - v2, c - v2) > radius * radius) return std::nullopt;
    return PolygonCircleResult{Region::vertex2, normalized(c - v2), v2};
  }
  const Vec2 faceCenter = 0.5 * (v1 + v2);
  if (dot(c - faceCenter, p.normals[normalIndex]) > radius) return std::nullopt;
  return PolygonCircleResult{Region::face, p.normals[normalIndex], faceCenter};
}

struct EdgeCircleResult {
  enum class Region { A, B, AB } region = Region::AB;
  Vec2 closest;  ///< P: the vertex, or the foot of the centre on the edge (region AB)
};

/// b2CollideEdgeAndCircle: v = dot(e, Q − A) ≤ 0 → region A, u = dot(e, B − Q) ≤ 0 → region
/// B, else region AB with P = (u·A + v·B)/dot(e, e). With a ghost vertex before A (hasVertex0)
/// region A is left to the previous edge when dot(A − A0, A − Q) > 0; with one after B
/// (hasVertex3) region B is left to the next edge when dot(B3 − B, Q − B) > 0.
inline std::optional<EdgeCircleResult> edgeAndCircle(Vec2 a, Vec2 b, Vec2 q, double radius,
                                                     std::optional<Vec2> vertex0 = {},
                                                     std::optional<Vec2> vertex3 = {}) {
  const Vec2 e = b - a;
  const double u = dot(e, b - q);
  const double v = dot(e, q - a);
  using Region = EdgeCircleResult::Region;
  if (v <= 0) {
    if (dot(q - a, q - a) > radius * radius) return std::nullopt;
    if (vertex0 && dot(a - *vertex0, a - q) > 0) return std::nullopt;
    return EdgeCircleResult{Region::A, a};
  }
  if (u <= 0) {
    if (dot(q - b, q - b) > radius * radius) return std::nullopt;
    if (vertex3 && dot(*vertex3 - b, q - b) > 0) return std::nullopt;
    return EdgeCircleResult{Region::B, b};
  }
  const double den = dot(e, e);
  const Vec2 p = (1 / den) * (u * a + v * b);
  if (dot(q - p, q - p) > radius * radius) return std::nullopt;
  return EdgeCircleResult{Region::AB, p};
}

// ---- b2EPCollider (b2CollideEdgeAndPolygon): an edge with optional ghost vertices ----------

/// A b2ContactFeature: which feature of A (the edge) and of B (the polygon) a point comes from.
struct ContactFeature {
  enum class Type { vertex, face };
  Type typeA = Type::vertex;
  int indexA = 0;
  Type typeB = Type::vertex;
  int indexB = 0;
  bool operator==(const ContactFeature&) const = default;
};

struct ClipVertex {
  Vec2 v;
  ContactFeature id;
};

/// b2ClipSegmentToLine with its ids (Box2D 2.2): an end kept keeps its id; the crossing gets
/// (vertex vertexIndexA, face of vIn[0]'s indexB).
inline std::vector<ClipVertex> clipSegmentToLine(const std::vector<ClipVertex>& in, Vec2 normal,
                                                 double offset, int vertexIndexA) {
  std::vector<ClipVertex> out;
  const double d0 = dot(normal, in[0].v) - offset;
  const double d1 = dot(normal, in[1].v) - offset;
  if (d0 <= 0) out.push_back(in[0]);
  if (d1 <= 0) out.push_back(in[1]);
  if (d0 * d1 < 0) {
    using Type = ContactFeature::Type;
    out.push_back({in[0].v + (d0 / (d0 - d1)) * (in[1].v - in[0].v),
                   {Type::vertex, vertexIndexA, Type::face, in[0].id.indexB}});
  }
  return out;
}

struct EPAxis {
  enum class Type { unknown, edgeA, edgeB };
  Type type = Type::unknown;
  int index = -1;
  double separation = 0;
};

/// One of B's faces as ComputePolygonSeparation scores it: s = min(s1, s2), and whether the
/// normal limits set it aside (`continue`).
struct EPPolygonFace {
  double separation = 0;
  double limitTest = 0;  ///< b2Dot(n − limit, m_normal), set aside below −b2_angularSlop
  bool outsideLimits = false;
};

struct EPPoint {
  Vec2 v;             ///< the clip point, on B (edgeA) or on the edge (edgeB)
  double separation;  ///< dot(rf.normal, v − rf.v1)
  ContactFeature id;  ///< as the manifold stores it (A = the edge)
};

struct EPResult {
  double sine1 = 0, sine2 = 0;  ///< b2Cross(edge0, edge1), b2Cross(edge1, edge2) on unit edges
  bool convex1 = false, convex2 = false;
  double offset0 = 0, offset1 = 0, offset2 = 0;
  bool front = false;
  Vec2 normal0, normal1, normal2;  ///< unit normals, rightPerp of the normalised edges
  Vec2 normal, lowerLimit, upperLimit;
  EPAxis edgeAxis, polygonAxis, primaryAxis;
  std::vector<EPPolygonFace> polygonFaces;  ///< as far as ComputePolygonSeparation went
  int incidentIndex = -1;                   ///< edgeA: B's face i1 (least dot with m_normal)
  std::vector<EPPoint> points;              ///< the manifold's points (none: no contact)
};

/// Box2D 2.2's b2_angularSlop and m_radius = 2·b2_polygonRadius (b2_polygonRadius =
/// 2·b2_linearSlop, b2_linearSlop = 0.005).
inline constexpr double kAngularSlop = 2.0 / 180.0 * std::numbers::pi;
inline constexpr double kEPRadius = 2.0 * (2.0 * 0.005);

/// b2EPCollider::Collide with identity transforms: edge v1 → v2, ghost vertices v0 (hasVertex0)
/// and v3 (hasVertex3), polygon B. The steps as the post lists them: the corner types and the
/// centroid's offsets, front or back with the normal limits; ComputeEdgeSeparation (m_normal
/// against B's vertices) and ComputePolygonSeparation (B's reversed normals against the edge's
/// two ends, within the limits up to b2_angularSlop); the primary axis with the 0.98/0.001
/// hysteresis; the incident edge and the reference face; two side clips (no radius); the
/// points with dot(rf.normal, v − rf.v1) ≤ m_radius.
inline EPResult epCollide(Vec2 v1, Vec2 v2, std::optional<Vec2> v0, std::optional<Vec2> v3,
                          const Polygon& b) {
  EPResult r;
  const Vec2 centroidB = b.centroid;
  const Vec2 edge1 = normalized(v2 - v1);
  r.normal1 = {edge1.y, -edge1.x};
  r.offset1 = dot(r.normal1, centroidB - v1);
  if (v0) {
    const Vec2 edge0 = normalized(v1 - *v0);
    r.normal0 = {edge0.y, -edge0.x};
    r.sine1 = cross(edge0, edge1);
    r.convex1 = r.sine1 >= 0;
    r.offset0 = dot(r.normal0, centroidB - *v0);
  }
  if (v3) {
    const Vec2 edge2 = normalized(*v3 - v2);
    r.normal2 = {edge2.y, -edge2.x};
    r.sine2 = cross(edge1, edge2);
    r.convex2 = r.sine2 > 0;
    r.offset2 = dot(r.normal2, centroidB - v2);
  }
  const Vec2 n0 = r.normal0, n1 = r.normal1, n2 = r.normal2;
  const bool o0 = r.offset0 >= 0, o1 = r.offset1 >= 0, o2 = r.offset2 >= 0;
  // Front or back, and the normal limits: {m_front, (front: lower, upper), (back: lower, upper)}.
  const auto set = [&r, n1](bool front, Vec2 lowerFront, Vec2 upperFront, Vec2 lowerBack,
                            Vec2 upperBack) {
    r.front = front;
    r.normal = front ? n1 : -n1;
    r.lowerLimit = front ? lowerFront : lowerBack;
    r.upperLimit = front ? upperFront : upperBack;
  };
  if (v0 && v3) {
    if (r.convex1 && r.convex2) {
      set(o0 || o1 || o2, n0, n2, -n1, -n1);
    } else if (r.convex1) {
      set(o0 || (o1 && o2), n0, n1, -n2, -n1);
    } else if (r.convex2) {
      set(o2 || (o0 && o1), n1, n2, -n1, -n0);
    } else {
      set(o0 && o1 && o2, n1, n1, -n2, -n0);
    }
  } else if (v0) {
    if (r.convex1) {
      set(o0 || o1, n0, -n1, n1, -n1);
    } else {
      set(o0 && o1, n1, -n1, n1, -n0);
    }
  } else if (v3) {
    if (r.convex2) {
      set(o1 || o2, -n1, n2, -n1, n1);
    } else {
      set(o1 && o2, -n1, n1, -n2, n1);
    }
  } else {
    set(o1, -n1, -n1, n1, n1);
  }
  const int count = static_cast<int>(b.vertices.size());
  // ComputeEdgeSeparation: m_normal against every vertex of B, the least.
  r.edgeAxis = {EPAxis::Type::edgeA, r.front ? 0 : 1, std::numeric_limits<double>::max()};
  for (const Vec2& v : b.vertices)
    r.edgeAxis.separation = std::min(r.edgeAxis.separation, dot(r.normal, v - v1));
  if (r.edgeAxis.separation > kEPRadius) return r;
  // ComputePolygonSeparation: B's reversed normals, each against v1 and v2, within the limits.
  r.polygonAxis = {EPAxis::Type::unknown, -1, -std::numeric_limits<double>::max()};
  const Vec2 perp{-r.normal.y, r.normal.x};
  for (int i = 0; i < count; ++i) {
    const Vec2 n = -b.normals[i];
    const double s = std::min(dot(n, b.vertices[i] - v1), dot(n, b.vertices[i] - v2));
    r.polygonFaces.push_back({s, 0, false});
    if (s > kEPRadius) {
      r.polygonAxis = {EPAxis::Type::edgeB, i, s};
      break;
    }
    const Vec2 limit = dot(n, perp) >= 0 ? r.upperLimit : r.lowerLimit;
    r.polygonFaces.back().limitTest = dot(n - limit, r.normal);
    if (r.polygonFaces.back().limitTest < -kAngularSlop) {
      r.polygonFaces.back().outsideLimits = true;
      continue;
    }
    if (s > r.polygonAxis.separation) r.polygonAxis = {EPAxis::Type::edgeB, i, s};
  }
  if (r.polygonAxis.type != EPAxis::Type::unknown && r.polygonAxis.separation > kEPRadius) return r;
  // The hysteresis.
  if (r.polygonAxis.type == EPAxis::Type::unknown) {
    r.primaryAxis = r.edgeAxis;
  } else if (r.polygonAxis.separation > 0.98 * r.edgeAxis.separation + 0.001) {
    r.primaryAxis = r.polygonAxis;
  } else {
    r.primaryAxis = r.edgeAxis;
  }
  using Type = ContactFeature::Type;
  std::vector<ClipVertex> ie(2);
  int rfI1 = 0, rfI2 = 0;
  Vec2 rfV1, rfV2, rfNormal;
  const bool edgeA = r.primaryAxis.type == EPAxis::Type::edgeA;
  if (edgeA) {
    // The incident edge: B's face whose normal is the least along m_normal (the first of equals).
    int bestIndex = 0;
    double bestValue = dot(r.normal, b.normals[0]);
    for (int i = 1; i < count; ++i) {
      const double value = dot(r.normal, b.normals[i]);
      if (value < bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    }
    r.incidentIndex = bestIndex;
    const int i1 = bestIndex, i2 = i1 + 1 < count ? i1 + 1 : 0;
    ie[0] = {b.vertices[i1], {Type::face, 0, Type::vertex, i1}};
    ie[1] = {b.vertices[i2], {Type::face, 0, Type::vertex, i2}};
    rfI1 = r.front ? 0 : 1;
    rfI2 = r.front ? 1 : 0;
    rfV1 = r.front ? v1 : v2;
    rfV2 = r.front ? v2 : v1;
    rfNormal = r.front ? n1 : -n1;
  } else {
    ie[0] = {v1, {Type::vertex, 0, Type::face, r.primaryAxis.index}};
    ie[1] = {v2, {Type::vertex, 0, Type::face, r.primaryAxis.index}};
    rfI1 = r.primaryAxis.index;
    rfI2 = rfI1 + 1 < count ? rfI1 + 1 : 0;
    rfV1 = b.vertices[rfI1];
    rfV2 = b.vertices[rfI2];
    rfNormal = b.normals[rfI1];
  }
  const Vec2 sideNormal1{rfNormal.y, -rfNormal.x};
  const Vec2 sideNormal2 = -sideNormal1;
  const std::vector<ClipVertex> clip1 =
      clipSegmentToLine(ie, sideNormal1, dot(sideNormal1, rfV1), rfI1);
  if (clip1.size() < 2) return r;
  const std::vector<ClipVertex> clip2 =
      clipSegmentToLine(clip1, sideNormal2, dot(sideNormal2, rfV2), rfI2);
  if (clip2.size() < 2) return r;
  for (int i = 0; i < 2; ++i) {
    const double separation = dot(rfNormal, clip2[i].v - rfV1);
    if (separation > kEPRadius) continue;
    ContactFeature id = clip2[i].id;
    if (!edgeA) id = {id.typeB, id.indexB, id.typeA, id.indexA};
    r.points.push_back({clip2[i].v, separation, id});
  }
  return r;
}

}  // namespace s002

// ===========================================================================================
// Source 003: separating bodies and the collision impulse (JavaScript).
// ===========================================================================================
namespace s003 {

struct Body {
  Vec2 velocity;
  double angularVelocity = 0;
  double inverseMass = 0;
  double inverseInertia = 0;
  Vec2 centroid;
  Vec2 position;  ///< what translate() moves
};

/// scalarCross(ω) on r: (−ω·r.y, ω·r.x), i.e. ω × r.
inline Vec2 scalarCross(Vec2 r, double omega) {
  return {-omega * r.y, omega * r.x};
}

/// applyImpulse(J, p): v += J/m, ω += (p − centroid) × J / I.
inline void applyImpulse(Body& b, Vec2 impulse, Vec2 at) {
  b.velocity = b.velocity + b.inverseMass * impulse;
  b.angularVelocity += cross(at - b.centroid, impulse) * b.inverseInertia;
}

/// Math.min: NaN when either is NaN (std::min is not).
inline double jsMin(double a, double b) {
  return std::isnan(a) || std::isnan(b) ? kNaN : std::min(a, b);
}

/// applyCollisionImpulse(A, B, cp, n, e[, friction]): contact velocities v + ω × r, the normal
/// impulse jn = −(1 + e)·(vr·n)/kn applied with no test of the sign of vr·n; with friction,
/// the tangent normalize(vr − (vr·n)n) from the updated velocities and jf = min(vr·t/kt,
/// |jn·μ|). Returns jn.
inline double applyCollisionImpulse(Body& a, Body& b, Vec2 cp, Vec2 normal, double e,
                                    std::optional<double> friction = std::nullopt) {
  const Vec2 rA = cp - a.centroid;
  const Vec2 rB = cp - b.centroid;
  Vec2 vA = a.velocity + scalarCross(rA, a.angularVelocity);
  Vec2 vB = b.velocity + scalarCross(rB, b.angularVelocity);
  Vec2 vr = vA - vB;
  const double rsnA = cross(rA, normal);
  const double rsnB = cross(rB, normal);
  const double kn = a.inverseMass + b.inverseMass + rsnA * rsnA * a.inverseInertia +
                    rsnB * rsnB * b.inverseInertia;
  const double jn = -(1 + e) * dot(vr, normal) / kn;
  const Vec2 impulse = jn * normal;
  applyImpulse(a, impulse, cp);
  applyImpulse(b, -impulse, cp);
  if (!friction) return jn;
  vA = a.velocity + scalarCross(rA, a.angularVelocity);
  vB = b.velocity + scalarCross(rB, b.angularVelocity);
  vr = vA - vB;
  const Vec2 tangent = normalized(vr - dot(vr, normal) * normal);
  const double rstA = cross(rA, tangent);
  const double rstB = cross(rB, tangent);
  const double kt = a.inverseMass + b.inverseMass + rstA * rstA * a.inverseInertia +
                    rstB * rstB * b.inverseInertia;
  const double jf = jsMin(dot(vr, tangent) / kt, std::fabs(jn * *friction));
  const Vec2 tangentImpulse = jf * tangent;
  applyImpulse(a, -tangentImpulse, cp);
  applyImpulse(b, tangentImpulse, cp);
  return jn;
}

/// correctPosition(A, B, penetration) with the manifold's own normal (`this.normal`): nothing
/// up to a slop of 0.05, then 40% of the rest, split by inverse mass.
inline void correctPosition(Body& a, Body& b, double penetration, Vec2 thisNormal) {
  const double maxPenetration = 0.05;
  const double correctPercent = 0.4;
  if (penetration <= maxPenetration) return;
  const Vec2 correction =
      ((penetration - maxPenetration) / (a.inverseMass + b.inverseMass) * correctPercent) *
      thisNormal;
  a.position = a.position + a.inverseMass * -correction;
  b.position = b.position + b.inverseMass * correction;
}

}  // namespace s003

// ===========================================================================================
// Source 004: circle vs regular n-gon by angles (JavaScript isCollide).
// ===========================================================================================
namespace s004 {

/// Corrections, one per mistake (docs/errata.md); all false is the post as written.
struct Fixes {
  bool atan2Angle = false;          ///< the centre's angle by atan2 (the post: acos(dx/length))
  bool squareInLengthMin = false;   ///< R² in lengthMin (the post: R·r)
  bool wrapSector = false;          ///< remainder and sector count floored into [0, period)
  bool rotationInCorner = false;    ///< the corner angle without the rotation
  bool trueCornerCrossing = false;  ///< the far crossing instead of the linear angle map
  bool touchingCounts = false;      ///< ≤ (the post: <)
  static Fixes all() { return {true, true, true, true, true, true}; }
};

/// What isCollide decides, with the numbers it compares.
struct Decision {
  double length = 0;     ///< the centres' distance
  double lengthMin = 0;  ///< line 4: WF, from the circle's centre at the boundary to the n-gon's
  double A = 0;          ///< line 7: the boundary angle ∠WFO (the text's β)
  double threshold = 0;  ///< marginTouchMin (edge) or angleTouchMin (corner); NaN as computed
  bool edge = false;     ///< the edge branch of line 12 (else the corner's)
  bool collide = false;  ///< what isCollide returns
};

/// isCollide(sp): circle of radius r at c against the regular n-gon with centre o,
/// circumradius R and rotation `roundDegrees`. The n-gon's helper fields are not shown:
/// divideAngle = π/n, assistAnCos = cos∠WOF = cos(π − π/n) (120° for the triangle, as the text
/// says), divideWidth = the apothem R·cos(π/n), round reduced modulo 360/n as the constructor
/// does.
inline Decision decide(Vec2 c, double r, Vec2 o, double R, int n, double roundDegrees,
                       Fixes fix = {}) {
  const double pi = std::numbers::pi;
  const double divideAngle = pi / n;
  const double assistAnCos = std::cos(pi - pi / n);
  const double divideWidth = R * std::cos(pi / n);
  const double roundPI = std::fmod(roundDegrees, 360.0 / n) * pi / 180;
  const double period = 2 * divideAngle;
  const double dy = c.y - o.y;
  const double dx = c.x - o.x;
  const double length = std::sqrt(dx * dx + dy * dy);
  double inter = length != 0 ? std::acos(dx / length) : 0;
  if (fix.atan2Angle) inter = std::atan2(dy, dx);
  const double lengthMin =
      std::sqrt(r * r + (fix.squareInLengthMin ? R * R : R * r) - 2 * r * R * assistAnCos);
  double cycleAngle = std::fmod(inter - roundPI, period);
  if (fix.wrapSector && cycleAngle < 0) cycleAngle += period;
  const double cycleCos = std::cos(cycleAngle - divideAngle);
  const double marginTouchMin = (divideWidth + r) / cycleCos;
  const double A = std::acos((R - r * assistAnCos) / lengthMin);
  const double sectors = (inter - roundPI + A) / period;
  const double angleCount = fix.wrapSector ? std::floor(sectors) : std::trunc(sectors);
  const double firstAngle = angleCount * period + roundPI;
  double secondAngle = ((inter - firstAngle + A) / A + angleCount * 2 - 1) * divideAngle;
  if (fix.rotationInCorner) secondAngle += roundPI;
  double angleTouchMin = std::sqrt(R * R + r * r + 2 * R * r * std::cos(firstAngle - secondAngle));
  if (fix.trueCornerCrossing) {
    const double delta = inter - firstAngle;  // the centre's angle from the vertex ray
    const double s = R * std::sin(delta);
    angleTouchMin = R * std::cos(delta) + std::sqrt(r * r - s * s);
  }
  const bool edge = cycleAngle > A && cycleAngle < period - A;
  const double threshold = edge ? marginTouchMin : angleTouchMin;
  return {length,    lengthMin, A,
          threshold, edge,      fix.touchingCounts ? length <= threshold : length < threshold};
}

inline bool isCollide(Vec2 c, double r, Vec2 o, double R, int n, double roundDegrees,
                      Fixes fix = {}) {
  return decide(c, r, o, R, n, roundDegrees, fix).collide;
}

}  // namespace s004

// ===========================================================================================
// Source 001: bounce path of a circle among polygons (TypeScript Ray2, Arc2, PhysicUtils).
// ===========================================================================================
namespace s001 {

/// Vector2.angle() is not shown; taken as the usual atan2(−y, −x) + π ∈ [0, 2π).
inline double angleOf(Vec2 v) {
  return std::atan2(-v.y, -v.x) + std::numbers::pi;
}

/// formatRadian: angle % 2π, plus 2π when negative.
inline double formatRadian(double angle) {
  const double pi2 = 2 * std::numbers::pi;
  double a = std::fmod(angle, pi2);
  if (a < 0) a += pi2;
  return a;
}

struct Arc {
  Vec2 center;
  double r = 100;
  double startAngle = 0;
  double endAngle = 2 * std::numbers::pi;
  bool counterclockwise = false;

  /// isAngleInRange: the four forms (direction × start < end), bounds included.
  bool isAngleInRange(double ang) const {
    const double s = formatRadian(startAngle);
    const double e = formatRadian(endAngle);
    if (counterclockwise) return s < e ? (ang <= s || ang >= e) : (ang >= e && ang <= s);
    return s < e ? (ang >= s && ang <= e) : (ang <= e || ang >= s);
  }
  bool isPointInRange(Vec2 p) const { return isAngleInRange(angleOf(p - center)); }
};

/// Line2.intersect is not shown; the text's general form: A = Δy, B = −Δx, C = Δx·y1 − Δy·x1
/// through two points, p = ((B1C2 − C1B2), (A2C1 − A1C2))/(A1B2 − A2B1), none when parallel.
inline std::optional<Vec2> intersectLines(Vec2 m1, Vec2 n1, Vec2 m2, Vec2 n2) {
  const double a1 = n1.y - m1.y, b1 = -(n1.x - m1.x),
               c1 = (n1.x - m1.x) * m1.y - (n1.y - m1.y) * m1.x;
  const double a2 = n2.y - m2.y, b2 = -(n2.x - m2.x),
               c2 = (n2.x - m2.x) * m2.y - (n2.y - m2.y) * m2.x;
  const double den = a1 * b2 - a2 * b1;
  if (den == 0) return std::nullopt;
  return Vec2{(b1 * c2 - c1 * b2) / den, (a2 * c1 - a1 * c2) / den};
}

struct Ray {
  Vec2 origin;
  Vec2 direction{1, 0};  ///< unit

  Vec2 at(double t) const { return origin + t * direction; }

  /// projectByPoint: the foot of p on the ray, none when it falls behind the origin.
  std::optional<Vec2> projectByPoint(Vec2 p) const {
    const double t = dot(p - origin, direction);
    if (t < 0) return std::nullopt;
    return at(t);
  }

  /// intersectLine: the lines' crossing, kept only when strictly ahead (`> 0`).
  std::optional<Vec2> intersectLine(Vec2 start, Vec2 end) const {
    const auto p = intersectLines(origin, origin + direction, start, end);
    if (!p || !(dot(*p - origin, direction) > 0)) return std::nullopt;
    return p;
  }

  /// intersectSegment: none when the ray meets the directed segment from behind
  /// (cross(segment, direction) < 0), else the line crossing if strictly closer than the
  /// segment's length to both ends (`<`).
  std::optional<Vec2> intersectSegment(Vec2 start, Vec2 end) const {
    if (cross(end - start, direction) < 0) return std::nullopt;
    const auto p = intersectLine(start, end);
    if (!p) return std::nullopt;
    const double len = dot(end - start, end - start);
    const Vec2 ds = *p - start;
    const Vec2 de = *p - end;
    if (dot(ds, ds) < len && dot(de, de) < len) return p;
    return std::nullopt;
  }

  /// isIntersectionInArcFront: none outside the arc's range; the point itself when
  /// dot(centre − point, direction)·m > 0, m = −1 for a counter-clockwise arc, else 1.
  std::optional<Vec2> isIntersectionInArcFront(Vec2 p, const Arc& arc) const {
    if (!arc.isPointInRange(p)) return std::nullopt;
    const double m = arc.counterclockwise ? -1 : 1;
    const double n = dot(arc.center - p, direction);
    if (n * m > 0) return p;
    return std::nullopt;
  }

  /// The two crossings intersectArc computes, in its order: first F + d·v, then F − d·v.
  struct ArcCrossings {
    Vec2 foot;
    double b = 0;  ///< |F − O|
    Vec2 first;    ///< the code's A = FRay.at(d)
    Vec2 second;   ///< the code's B = FRay.at(−d)
  };

  /// intersectArc: the foot F of the centre (none when behind the origin), b = |F − O|; none
  /// when b > r; F itself when b === r and F is in range; else A = F + d·v, B = F − d·v with
  /// d = √(r² − b²), the first of them in front (no test that it lies ahead of the origin).
  std::optional<Vec2> intersectArc(const Arc& arc, ArcCrossings* crossings = nullptr) const {
    const auto f = projectByPoint(arc.center);
    if (!f) return std::nullopt;
    const Vec2 fo = *f - arc.center;
    const double b = std::sqrt(dot(fo, fo));
    if (b > arc.r) return std::nullopt;
    if (b == arc.r && arc.isPointInRange(*f)) return f;
    const double d = std::sqrt(arc.r * arc.r - b * b);
    const Ray fRay{*f, direction};
    const Vec2 a = fRay.at(d);
    const Vec2 bb = fRay.at(-d);
    if (crossings) *crossings = {*f, b, a, bb};
    if (const auto hit = isIntersectionInArcFront(a, arc)) return hit;
    return isIntersectionInArcFront(bb, arc);
  }
};

struct Box {
  Vec2 min{kInf, kInf};
  Vec2 max{-kInf, -kInf};
};

/// PolyExtendGeometry.expand: `else if` between the min and the max update, per axis.
inline void expand(Box& box, Vec2 p) {
  if (box.min.x > p.x) {
    box.min.x = p.x;
  } else if (box.max.x < p.x) {
    box.max.x = p.x;
  }
  if (box.min.y > p.y) {
    box.min.y = p.y;
  } else if (box.max.y < p.y) {
    box.max.y = p.y;
  }
}

/// getSlopeIntercept('y'): y = k·x + b with k = dy/dx; ('x'): x = k·y + b with k = dx/dy.
inline double interceptY(const Ray& ray, double x) {
  const double k = ray.direction.y / ray.direction.x;
  return k * x + (ray.origin.y - k * ray.origin.x);
}
inline double interceptX(const Ray& ray, double y) {
  const double k = ray.direction.x / ray.direction.y;
  return k * y + (ray.origin.x - k * ray.origin.y);
}

/// intersectBoundingBox: axis-parallel rays need the origin strictly between the two lines and
/// a side ahead; otherwise the slab intervals [Amin, Amax] (x) and [Bmin, Bmax] (y) of the
/// ray's line must overlap strictly — with no test that the overlap lies ahead (t ≥ 0).
inline bool intersectBoundingBox(const Ray& ray, const Box& box) {
  const Vec2 o = ray.origin;
  const Vec2 v = ray.direction;
  if (v.y == 0) {
    const bool b1 = o.y > box.min.y && o.y < box.max.y;
    const bool b2 = dot(Vec2{box.min.x - o.x, 0}, v) > 0 || dot(Vec2{box.max.x - o.x, 0}, v) > 0;
    return b1 && b2;
  }
  if (v.x == 0) {
    const bool b1 = o.x > box.min.x && o.x < box.max.x;
    const bool b2 = dot(Vec2{0, box.min.y - o.y}, v) > 0 || dot(Vec2{0, box.max.y - o.y}, v) > 0;
    return b1 && b2;
  }
  const double a1 = dot(Vec2{box.min.x, interceptY(ray, box.min.x)} - o, v);
  const double a2 = dot(Vec2{box.max.x, interceptY(ray, box.max.x)} - o, v);
  const double b1 = dot(Vec2{interceptX(ray, box.min.y), box.min.y} - o, v);
  const double b2 = dot(Vec2{interceptX(ray, box.max.y), box.max.y} - o, v);
  return std::max(std::min(a1, a2), std::min(b1, b2)) <
         std::min(std::max(a1, a2), std::max(b1, b2));
}

/// The text's quadratic for a line m + x·d against the circle (o, r), as printed: a = d·d,
/// b = 2(m − c)·d, c = (m − o)² − r². The only c the text defines is that scalar, so m − c
/// subtracts it from both coordinates. Its verdicts: Δ < 0 disjoint, Δ = 0 tangent, and
/// Δ > 0 — as printed — disjoint again.
struct Quadratic {
  double a = 0, b = 0, c = 0;
  double discriminant() const { return b * b - 4 * a * c; }
  enum class Verdict { disjoint, tangent };
  Verdict textVerdict() const { return discriminant() == 0 ? Verdict::tangent : Verdict::disjoint; }
  /// The roots x = (−b ± √Δ)/2a.
  std::pair<double, double> roots() const {
    const double s = std::sqrt(discriminant());
    return {(-b - s) / (2 * a), (-b + s) / (2 * a)};
  }
};
inline Quadratic textQuadratic(Vec2 m, Vec2 d, Vec2 o, double r) {
  Quadratic q;
  q.a = dot(d, d);
  q.c = dot(m - o, m - o) - r * r;
  q.b = 2 * dot(Vec2{m.x - q.c, m.y - q.c}, d);
  return q;
}

/// The text's arc-range test for a crossing B: start ≤ arctan(OB.y/OB.x) ≤ end.
inline bool textAngleInArc(Vec2 ob, double start, double end) {
  const double angle = std::atan(ob.y / ob.x);
  return start <= angle && angle <= end;
}

// ---- §6/§10 PolyExtendGeometry, §12 intersectLib.PolyExtendGeometry, §14 the bounce loop ---
// In the post's own frame (y down: its obstacles, clockwise on screen, have their outward
// normal on the right of each edge). A touche scene is brought here by negating every y.

/// computeSegmentNormal is not shown; taken as the unit right normal (e.y, −e.x)/|e| of the
/// edge — outward for the post's clockwise-on-screen obstacles, inward for its walls.
inline Vec2 segmentNormal(Vec2 a, Vec2 b) {
  return normalized(Vec2{b.y - a.y, -(b.x - a.x)});
}

/// Segment2.intersect is not shown; taken as the general-form crossing of the two lines when
/// it lies on both segments by the text's §3-3 test (|AP| ≤ |AB| and |BP| ≤ |AB|).
inline std::optional<Vec2> intersectSegments(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2) {
  const auto p = intersectLines(a1, a2, b1, b2);
  if (!p) return std::nullopt;
  const auto onSegment = [&](Vec2 s, Vec2 e) {
    const double len = dot(e - s, e - s);
    return dot(*p - s, *p - s) <= len && dot(*p - e, *p - e) <= len;
  };
  if (onSegment(a1, a2) && onSegment(b1, b2)) return p;
  return std::nullopt;
}

/// One element of the extended shape: a corner point, or an arc around a vertex.
struct ExtendElement {
  bool arc = false;
  Vec2 point;   ///< a corner: the crossing
  Vec2 origin;  ///< an arc: the vertex
  double startAngle = 0, endAngle = 0;
  Vec2 startPosition;  ///< the previous offset segment's end
  Vec2 endPosition;    ///< the next offset segment's start
};

/// updatePosition: every edge pushed along its normal by `distance` (p3, p4); at each vertex
/// the previous and next offset segments crossed: the crossing, else an arc from p2 to p3.
inline std::vector<ExtendElement> extendPolygon(const std::vector<Vec2>& polygon, double distance) {
  const std::size_t n = polygon.size();
  std::vector<Vec2> points;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 p1 = polygon[i], p2 = polygon[(i + 1) % n];
    const Vec2 normal = segmentNormal(p1, p2);
    points.push_back(p1 + distance * normal);
    points.push_back(p2 + distance * normal);
  }
  std::vector<ExtendElement> shape;
  const std::size_t len = points.size();
  for (std::size_t i = 0; i < len; i += 2) {
    const Vec2 p1 = points[(i + len - 2) % len], p2 = points[(i + len - 1) % len];
    const Vec2 p3 = points[i], p4 = points[i + 1];
    ExtendElement e;
    if (const auto crossing = intersectSegments(p1, p2, p3, p4)) {
      e.point = *crossing;
    } else {
      e.arc = true;
      e.origin = polygon[i / 2];
      e.startAngle = angleOf(p2 - e.origin);
      e.endAngle = angleOf(p3 - e.origin);
      e.startPosition = p2;
      e.endPosition = p3;
    }
    shape.push_back(e);
  }
  return shape;
}

/// What intersectLib returns: the distance from the ray's origin, the point and the normal.
struct ExtendHit {
  double distance = 0;
  Vec2 point;
  Vec2 normal;
};

/// intersectLib.PolyExtendGeometry: each arc (Arc2 with the default clockwise flag), then the
/// segment from each element's end to the next one's start; the nearest crossing wins
/// (strictly nearer replaces); the normal is (point − centre) normalised at an arc, the
/// segment's normal otherwise.
inline std::optional<ExtendHit> intersectExtend(const Ray& ray,
                                                const std::vector<ExtendElement>& shape,
                                                double distance) {
  std::optional<ExtendHit> nearest;
  const auto update = [&](std::optional<Vec2> point, Vec2 normal) {
    if (!point) return;
    const double d = std::sqrt(dot(*point - ray.origin, *point - ray.origin));
    if (!nearest || d < nearest->distance) nearest = ExtendHit{d, *point, normal};
  };
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const ExtendElement& e1 = shape[i];
    const ExtendElement& e2 = shape[(i + 1) % shape.size()];
    if (e1.arc) {
      const Arc arc{e1.origin, distance, e1.startAngle, e1.endAngle, false};
      const auto point = ray.intersectArc(arc);
      update(point, point ? normalized(*point - e1.origin) : Vec2{});
    }
    const Vec2 from = e1.arc ? e1.endPosition : e1.point;
    const Vec2 to = e2.arc ? e2.startPosition : e2.point;
    update(ray.intersectSegment(from, to), segmentNormal(from, to));
  }
  return nearest;
}

/// §14's loop: up to `reflectNum` intersections with the walls' and the obstacles' extended
/// shapes (the nearest of all), each point appended; an obstacle ends it, a wall reflects the
/// ray (Ray2.reflect: the new origin at the point, d − 2(n·d)n). Returns the path's points and
/// whether the last one is on an obstacle. A ray that meets nothing adds no point (the loop
/// just runs out).
struct ReboundPath {
  std::vector<Vec2> points;
  bool stoppedAtObstacle = false;
};
inline ReboundPath reboundPath(Vec2 origin, Vec2 direction, const std::vector<ExtendElement>& walls,
                               const std::vector<std::vector<ExtendElement>>& obstacles,
                               double radius, int reflectNum) {
  ReboundPath path{{origin}, false};
  Ray ray{origin, direction};
  for (int i = 0; i < reflectNum; ++i) {
    std::optional<ExtendHit> best = intersectExtend(ray, walls, radius);
    bool obstacle = false;
    for (const auto& shape : obstacles) {
      const auto hit = intersectExtend(ray, shape, radius);
      if (hit && (!best || hit->distance < best->distance)) best = hit, obstacle = true;
    }
    if (!best) continue;
    path.points.push_back(best->point);
    if (obstacle) {
      path.stoppedAtObstacle = true;
      break;
    }
    ray.direction = ray.direction - 2 * dot(best->normal, ray.direction) * best->normal;
    ray.origin = best->point;
  }
  return path;
}

}  // namespace s001

}  // namespace touche::reference::testing::sources
