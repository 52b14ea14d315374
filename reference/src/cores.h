// touche reference — world-frame cores shared by the derivation files. A capsule or a segment
// is a rounded two-vertex polygon (Box2D v3 b2MakeCapsule): vertex 0 = p1, vertex 1 = p2,
// face 0 = the side to the right of p1→p2 (outward normal rightPerp(p2 − p1)), face 1 = the
// left side. A segment is a capsule of radius 0. A chain segment has vertices 0 = p1, 1 = p2
// and one face, 0, on the right of p1→p2 (docs/conventions.md, feature ids).
#pragma once

#include <type_traits>

#include "approx.h"
#include "construct.h"

namespace touche::reference {

/// A capsule core (the segment p→q) with its radius, in the world frame.
template <class N>
struct WorldCapsuleOf {
  Vec2Of<N> p;
  Vec2Of<N> q;
  N radius;
};
using WorldCapsule = WorldCapsuleOf<Rational>;

WorldCapsule toWorldExact(const Capsule& capsule, const Transform& xf);
WorldCapsule toWorldExact(const Segment& segment, const Transform& xf);

/// The capsule as a rounded two-vertex polygon (faces 0 and 1 as above). Needs p ≠ q.
WorldPolygon asPolygon(const WorldCapsule& capsule);

/// True when the capsule's core has zero length (p = q exactly): it is a circle.
bool isPoint(const WorldCapsule& capsule);

/// A chain segment in the world frame: ghost1 → p1 → p2 → ghost2.
struct WorldChain {
  ExactVec2 ghost1;
  ExactVec2 p1;
  ExactVec2 p2;
  ExactVec2 ghost2;
};

WorldChain toWorldExact(const ChainSegment& chain, const Transform& xf);

/// polygon_polygon.cpp: polygons A and B (count ≥ 2 each; a two-vertex polygon is a capsule).
Manifold collideWorldPolygons(const WorldPolygon& a, const WorldPolygon& b, const Rational& margin);

/// A polygon as given (local vertices, radius, transform): the filtered entry lifts it into
/// the world frame itself, as Approx values first and as rationals only when needed.
struct PolygonInput {
  const Vec2* vertices;
  int count;
  double radius;
  Transform xf;
};

/// Step 1 of every filtered pair, for N = Rational (exactly) or Approx (from the doubles).
template <class N>
N lift(double x) {
  if constexpr (std::is_same_v<N, Rational>) {
    return liftExact(x);
  } else {
    return N(x);
  }
}
template <class N>
Vec2Of<N> toWorld(const Transform& xf, Vec2 local) {
  if constexpr (std::is_same_v<N, Rational>) {
    return toWorldExact(xf, local);
  } else {
    return toWorldApprox(xf, local);
  }
}
template <class N>
WorldPolygonOf<N> toWorld(const PolygonInput& p) {
  WorldPolygonOf<N> world;
  world.count = p.count;
  world.radius = lift<N>(p.radius);
  for (int i = 0; i < p.count; ++i)
    world.vertices[i] = toWorld<N>(p.xf, p.vertices[i]);
  return world;
}

/// Runs `query(N{})` in Approx first and in exact rationals when that is uncertain
/// (approx.h runFiltered): the filtered form of a pair written once as a template over N.
template <class Query>
Manifold filtered(Query query) {
  return runFiltered([&] { return query(Approx{}); }, [&] { return query(Rational{}); });
}

/// polygon_polygon.cpp, filtered: steps 1–6 in Approx, exact only when uncertain.
Manifold collideFilteredPolygons(const PolygonInput& a, const PolygonInput& b, double margin);

/// capsule_capsule.cpp: two capsule cores, both of non-zero length.
Manifold collideWorldCapsules(const WorldCapsule& a, const WorldCapsule& b, const Rational& margin);

/// chain_segment.cpp: one-sided chain segment A vs polygon B (count ≥ 2; the centroid is the
/// polygon's area centroid, or the midpoint of a two-vertex polygon).
Manifold collideWorldChainAndPolygon(const WorldChain& a, const WorldPolygon& b,
                                     const Rational& margin);

}  // namespace touche::reference
