// touche test support — Box2D v3's written-up findings (docs/findings.md, "Box2D v3"), each
// recognized by its mechanism on a case and the engine's answer, for the fuzz harness and the
// oracle tests alike: every other disagreement of engine box2d_v3 is a failure.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <variant>

#include "touche/core/jsonl.h"
#include "touche/test_support/checks.h"

namespace touche::test::box2d_v3_findings {

/// The chain segment of a case in world coordinates (A's or B's), if it has one.
struct WorldChain {
  Vec2 g1, p1, p2, g2;
  bool isA = true;  ///< the chain segment is shape A (the normal points away from it)
};

inline std::optional<WorldChain> worldChainOf(const Case& c) {
  for (const bool onA : {true, false}) {
    const auto* h = std::get_if<ChainSegment>(onA ? &c.a : &c.b);
    if (h == nullptr) continue;
    const Transform& xf = onA ? c.xfA : c.xfB;
    return WorldChain{apply(xf, h->ghost1), apply(xf, h->p1), apply(xf, h->p2),
                      apply(xf, h->ghost2), onA};
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
  const double turns[] = {cross(h->p1 - h->g1, h->p2 - h->p1), cross(h->p2 - h->p1, h->g2 - h->p2)};
  const double sines[] = {cross(e0, e1), cross(e1, e2)};
  for (int k = 0; k < 2; ++k) {
    if (turns[k] > 0.0 && sines[k] < convexTol + rounding) return true;
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
    const bool convex = cross(h->p1 - h->g1, h->p2 - h->p1) > 0.0;
    const double beyond = cross(n, rightPerp(unit(h->p1 - h->g1)));
    return convex && beyond > 0.0 && beyond <= sinTol;
  }
  const bool convex = cross(h->p2 - h->p1, h->g2 - h->p2) > 0.0;
  const double beyond = cross(rightPerp(unit(h->g2 - h->p2)), n);
  return convex && beyond > 0.0 && beyond <= sinTol;
}

/// The finding that explains engine box2d_v3's disagreement with the reference on a case ("V2",
/// "V3"), or "" (finding V1, the zero normal, is declared: zeroNormalEpsilon).
inline std::string knownFinding(const Case& c, const CrossCheck& check) {
  if (isFindingV2(c, check)) return "V2";
  if (hasNearlyStraightConvexCorner(c) || normalWithinSinTolBeyondConvexCorner(c, check.actual)) {
    return "V3";
  }
  return "";
}

}  // namespace touche::test::box2d_v3_findings
