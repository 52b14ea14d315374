// touche test support — Box2D v3's written-up findings (docs/findings.md, "Box2D v3"), each
// recognized by its mechanism on a case and the engine's answer, for the fuzz harness and the
// oracle tests alike: every other disagreement of engine box2d_v3 is a failure.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/core/validate.h"
#include "touche/test_support/checks.h"

namespace touche::test::box2d_v3_findings {

/// The chain segment of a case in world coordinates (A's or B's), if it has one, and its
/// corners' turns decided exactly on its own coordinates, as the reference decides them (a
/// rotation and a translation keep a turn's sign; placing the points in double does not: a
/// turn by a subnormal vanishes next to a translation).
struct WorldChain {
  Vec2 g1, p1, p2, g2;
  bool isA = true;            ///< the chain segment is shape A (the normal points away from it)
  bool leftTurnAtP1 = false;  ///< orient2d(g1, p1, p2) > 0: the corner at p1 is convex
  bool leftTurnAtP2 = false;  ///< orient2d(p1, p2, g2) > 0: the corner at p2 is convex
};

inline std::optional<WorldChain> worldChainOf(const Case& c) {
  for (const bool onA : {true, false}) {
    const auto* h = std::get_if<ChainSegment>(onA ? &c.a : &c.b);
    if (h == nullptr) continue;
    const Transform& xf = onA ? c.xfA : c.xfB;
    return WorldChain{apply(xf, h->ghost1),
                      apply(xf, h->p1),
                      apply(xf, h->p2),
                      apply(xf, h->ghost2),
                      onA,
                      orient2d(h->ghost1, h->p1, h->p2) > 0,
                      orient2d(h->p1, h->p2, h->ghost2) > 0};
  }
  return std::nullopt;
}

inline double distanceToSegment(Vec2 x, Vec2 p, Vec2 q) {
  const Vec2 e = q - p;
  const double ee = dot(e, e);
  const double t = ee > 0 ? std::clamp(dot(x - p, e) / ee, 0.0, 1.0) : 0.0;
  return length(x - (p + t * e));
}

/// The largest |coordinate| of the case's world chain and transforms (the scene's scale).
inline double chainScale(const Case& c, const WorldChain& h) {
  double scale = 1.0;
  for (Vec2 v : {h.g1, h.p1, h.p2, h.g2, c.xfA.p, c.xfB.p})
    scale = std::max({scale, std::fabs(v.x), std::fabs(v.y)});
  return scale;
}

/// Finding V2: b2CollideChainSegmentAndPolygon's vertex–vertex branch (its GJK cache holds one
/// point of each shape, the normal admitted) puts the point at the chain segment's closest
/// point, not midway between the surfaces — half the separation off along the normal (only a
/// rounded polygon or a capsule has a separation there). Recognized when the engine's single
/// point lies on the chain segment and, moved by half its separation along the normal, is the
/// reference's point.
inline bool isFindingV2(const Case& c, const CrossCheck& check) {
  const std::optional<WorldChain> chain = worldChainOf(c);
  const Manifold& m = check.actual;
  if (!chain || m.status != Status::contact || m.pointCount != 1 ||
      check.expected.status != Status::contact || check.expected.pointCount != 1) {
    return false;
  }
  const double close = 0x1p-16 * chainScale(c, *chain);  // 2^7 float units of the scene
  const ManifoldPoint& p = m.points[0];
  const Vec2 away = chain->isA ? m.normal : -m.normal;  // from the chain to the other shape
  const Vec2 midpoint = p.point + (0.5 * p.separation) * away;
  return distanceToSegment(p.point, chain->p1, chain->p2) <= close &&
         length(midpoint - check.expected.points[0].point) <= close &&
         std::fabs(p.separation) > 2.0 * close;
}

/// Finding V3 (v3's chain tolerances), one: b2CollideChainSegmentAndPolygon counts a corner convex
/// only when the sine of its left turn reaches convexTol = 0.01f; a corner turning left by less is
/// taken as flat, its neighbour neither consulted nor admitted, where v3's own rule (and the
/// reference's) has a convex corner. Recognized when a corner of the chain turns left (exactly: a
/// straight corner is convex under neither rule) by a sine below that, up to the float rounding of
/// the sine.
inline bool hasNearlyStraightConvexCorner(const Case& c) {
  const std::optional<WorldChain> h = worldChainOf(c);
  if (!h) return false;
  const auto unit = [](Vec2 v) { return (1.0 / length(v)) * v; };
  const Vec2 e0 = unit(h->p1 - h->g1), e1 = unit(h->p2 - h->p1), e2 = unit(h->g2 - h->p2);
  const double convexTol = static_cast<double>(0.01f);
  const double rounding = 0x1p-20;
  const bool leftTurns[] = {h->leftTurnAtP1, h->leftTurnAtP2};
  const double sines[] = {cross(e0, e1), cross(e1, e2)};
  for (int k = 0; k < 2; ++k) {
    if (leftTurns[k] && sines[k] < convexTol + rounding) return true;
  }
  return false;
}

/// Finding V3, its other tolerance: b2ClassifyNormal skips a normal beyond a convex corner's
/// neighbour normal only when it is beyond by a sine above sinTol = 0.01f; a contact normal
/// beyond by less is admitted where the exact rule leaves the contact to the neighbour.
/// Recognized when the engine's contact normal (from the chain) lies beyond a convex corner's
/// neighbour normal by a sine up to that (and the float rounding of the sine).
inline bool normalWithinSinTolBeyondConvexCorner(const Case& c, const Manifold& m) {
  const std::optional<WorldChain> h = worldChainOf(c);
  if (!h || m.status != Status::contact) return false;
  const auto unit = [](Vec2 v) { return (1.0 / length(v)) * v; };
  const auto rightPerp = [](Vec2 v) { return Vec2{v.y, -v.x}; };
  const Vec2 e1 = unit(h->p2 - h->p1);
  const Vec2 n = h->isA ? m.normal : -m.normal;  // from the chain to the other shape
  const double sinTol = static_cast<double>(0.01f) + 0x1p-20;
  if (dot(n, e1) <= 0.0) {  // toward p1: the previous piece's normal n0
    const double beyond = cross(n, rightPerp(unit(h->p1 - h->g1)));
    return h->leftTurnAtP1 && beyond > 0.0 && beyond <= sinTol;
  }
  const double beyond = cross(rightPerp(unit(h->g2 - h->p2)), n);
  return h->leftTurnAtP2 && beyond > 0.0 && beyond <= sinTol;
}

/// The core points of a shape v3 collides as a polygon (a polygon's vertices, a segment's or a
/// capsule's ends), placed by xf; empty for a circle or a chain segment.
inline std::vector<Vec2> polygonCoreOf(const Shape& s, const Transform& xf) {
  std::vector<Vec2> points;
  if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      points.push_back(apply(xf, p->vertices[i]));
  }
  if (const auto* k = std::get_if<Capsule>(&s)) points = {apply(xf, k->p1), apply(xf, k->p2)};
  if (const auto* g = std::get_if<Segment>(&s)) points = {apply(xf, g->p1), apply(xf, g->p2)};
  return points;
}

/// The largest separation of `other`'s core along a face of `core` (counter-clockwise; a
/// two-point core has both sides): what b2FindMaxSeparation returns, before the radii.
inline double maxCoreFaceSeparation(const std::vector<Vec2>& core, const std::vector<Vec2>& other) {
  double best = -std::numeric_limits<double>::infinity();
  const std::size_t n = core.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 e = core[(i + 1) % n] - core[i];
    if (!(length(e) > 0.0)) continue;
    const Vec2 outward = (1.0 / length(e)) * Vec2{e.y, -e.x};
    double s = std::numeric_limits<double>::infinity();
    for (const Vec2 q : other)
      s = std::min(s, dot(outward, q - core[i]));
    best = std::max(best, s);
  }
  return best;
}

/// Finding V4: b2CollidePolygons (also behind SegmentAndPolygon and PolygonAndCapsule) looks
/// for the closest features only when a core face separation exceeds 0.1·b2_linearSlop; with
/// both at most that, it clips, and edges whose extents do not overlap give no point. Recognized
/// when v3 answers no contact where the reference has one and both cores' largest face
/// separations lie within float rounding of (−∞, 0.1·b2_linearSlop].
inline bool isFindingV4(const Case& c, const CrossCheck& check) {
  if (check.actual.status != Status::noContact || check.expected.status != Status::contact) {
    return false;
  }
  const std::vector<Vec2> coreA = polygonCoreOf(c.a, c.xfA);
  const std::vector<Vec2> coreB = polygonCoreOf(c.b, c.xfB);
  if (coreA.size() < 2 || coreB.size() < 2 || (coreA.size() == 2 && coreB.size() == 2)) {
    return false;  // b2CollideCapsules and the segment pairs do not clip this way
  }
  double scale = 1.0;
  for (const std::vector<Vec2>* core : {&coreA, &coreB}) {
    for (const Vec2 v : *core)
      scale = std::max({scale, std::fabs(v.x), std::fabs(v.y)});
  }
  const double tenthOfSlop = 0.1 * 0.005 + 0x1p-18 * scale;  // float rounding of the separations
  return maxCoreFaceSeparation(coreA, coreB) <= tenthOfSlop &&
         maxCoreFaceSeparation(coreB, coreA) <= tenthOfSlop;
}

/// The distance between segments p1p2 and q1q2 (0 when they cross).
inline double segmentDistance(Vec2 p1, Vec2 p2, Vec2 q1, Vec2 q2) {
  const double s1 = cross(p2 - p1, q1 - p1), s2 = cross(p2 - p1, q2 - p1);
  const double s3 = cross(q2 - q1, p1 - q1), s4 = cross(q2 - q1, p2 - q1);
  if (((s1 < 0 && s2 > 0) || (s1 > 0 && s2 < 0)) && ((s3 < 0 && s4 > 0) || (s3 > 0 && s4 < 0))) {
    return 0.0;
  }
  return std::min({distanceToSegment(p1, q1, q2), distanceToSegment(p2, q1, q2),
                   distanceToSegment(q1, p1, p2), distanceToSegment(q2, p1, p2)});
}

/// Finding V5: b2CollideCapsules (also behind b2CollideSegmentAndCapsule) builds its one point's
/// normal from the cores' closest points even where they touch: A's left normal b2LeftPerp(u1)
/// when they are within FLT_EPSILON of each other (distanceSquared ≤ epsSqr), else the
/// direction between two float points that differ only by rounding — whatever the geometry:
/// with a tip on the other core the best normal is the other core's face, and either normal can
/// read an overlap of a core's length. Recognized when both shapes are two-point cores that
/// touch within float rounding (FLT_EPSILON plus the rounding of the scene's coordinates) and
/// v3 answered its one point, whose normal is then A's left normal or a rounding's direction.
inline bool isFindingV5(const Case& c, const CrossCheck& check) {
  const Manifold& m = check.actual;
  if (m.status != Status::contact || check.expected.status != Status::contact) return false;
  const std::vector<Vec2> coreA = polygonCoreOf(c.a, c.xfA);
  const std::vector<Vec2> coreB = polygonCoreOf(c.b, c.xfB);
  if (coreA.size() != 2 || coreB.size() != 2) return false;
  double scale = 1.0;
  for (const Vec2 v : {coreA[0], coreA[1], coreB[0], coreB[1], c.xfA.p, c.xfB.p})
    scale = std::max({scale, std::fabs(v.x), std::fabs(v.y)});
  const double touching = static_cast<double>(FLT_EPSILON) + 0x1p-18 * scale;
  return m.pointCount == 1 && segmentDistance(coreA[0], coreA[1], coreB[0], coreB[1]) <= touching;
}

/// The finding that explains engine box2d_v3's disagreement with the reference on a case ("V2",
/// "V3", "V4", "V5"), or "" (finding V1, the zero normal, is declared: zeroNormalEpsilon).
inline std::string knownFinding(const Case& c, const CrossCheck& check) {
  if (isFindingV2(c, check)) return "V2";
  if (isFindingV4(c, check)) return "V4";
  if (isFindingV5(c, check)) return "V5";
  if (hasNearlyStraightConvexCorner(c) || normalWithinSinTolBeyondConvexCorner(c, check.actual)) {
    return "V3";
  }
  return "";
}

}  // namespace touche::test::box2d_v3_findings
