// touche — seeded chain-segment scenes for touche_agreement and the fast engine's tests.
//
// The chain runs p1 = (−h, y1) → p2 = (h, y2) in A's frame (h in [0.5, 1.5], a small tilt), so
// its front (the right of p1 → p2) is below. Each ghost continues its end turned by up to ±60°
// (one time in eight exactly collinear), so convex, concave and flat corners all occur. B (a
// circle, a capsule or one of ShapeSource's polygons) is placed in A's frame uniformly
// in a box reaching half a unit past both ends, 0.6 below and 0.25 above the chain, at a
// random rotation: a third to two fifths of the pairs touch, three in ten of B's local origins
// lie behind the chain's line, a third beyond an end.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "random_pairs.h"

namespace touche::bench {

/// One generated chain scene and the facts the hit-rate assertions count.
struct ChainCase {
  Shape a;  ///< the chain segment
  Transform xfA;
  Shape b;
  Transform xfB;
  bool behind = false;        ///< B's local origin lies behind the chain's line
  bool atCorner = false;      ///< ... beyond p1 or p2 along the chain
  bool cornerConvex = false;  ///< the corner on that side turns left (strictly)
};

/// A ghost beyond `end`, continuing from → end turned by up to ±60° (1/8: collinear).
inline Vec2 ghostBeyond(ShapeSource& source, Vec2 from, Vec2 end) {
  const Vec2 d = end - from;
  const double scale = source.uniform(0.5, 1.5) / length(d);
  if (source.uniform(0.0, 1.0) < 0.125) return end + d;
  const double bend = source.uniform(-std::numbers::pi / 3, std::numbers::pi / 3);
  const Rot q = rotFromAngle(bend);
  return end + scale * rotate(q, d);
}

/// `count` chain scenes of the canonical `pair` (chainSegment_circle, _capsule or _polygon).
inline std::vector<ChainCase> makeChainCases(PairId pair, int count, std::uint64_t seed) {
  ShapeSource source(seed);
  std::vector<ChainCase> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) {
    ChainCase c;
    const double h = source.uniform(0.5, 1.5);
    const Vec2 p1{-h, source.uniform(-0.1, 0.1)};
    const Vec2 p2{h, source.uniform(-0.1, 0.1)};
    const ChainSegment chain{ghostBeyond(source, p2, p1), p1, p2, ghostBeyond(source, p1, p2)};
    c.a = chain;
    if (pair == PairId::chainSegment_circle) {
      c.b = source.circle();
    } else if (pair == PairId::chainSegment_capsule) {
      const double half = source.uniform(0.1, 0.6);
      c.b = Capsule{{-half, source.uniform(-0.1, 0.1)}, {half, 0.0}, source.uniform(0.05, 0.4)};
    } else {
      c.b = source.polygon();
    }
    c.xfA = source.transform(0.01);
    const Vec2 localB{source.uniform(-h - 0.5, h + 0.5), source.uniform(-0.6, 0.25)};
    const Transform turn = source.transform(0.0);
    c.xfB = {apply(c.xfA, localB), turn.q};
    c.behind = cross(p2 - p1, localB - p1) > 0;
    const double along = dot(localB - p1, p2 - p1);
    c.atCorner = along < 0 || along > dot(p2 - p1, p2 - p1);
    c.cornerConvex =
        along < 0 ? cross(p1 - chain.ghost1, p2 - p1) > 0 : cross(p2 - p1, chain.ghost2 - p2) > 0;
    out.push_back(c);
  }
  return out;
}

}  // namespace touche::bench
