// touche — the exact reference engine: public entry points.
//
// Every decision is made in exact rational arithmetic; every output is the correctly rounded
// double of the exact value. Each canonical-pair function follows one source derivation; its
// file opens with the derivation and numbers its steps (docs/architecture.md).
#pragma once

#include <cstdint>

#include "touche/core/engine.h"

namespace touche::reference {

/// Any ordered pair: validates, dispatches through the pair table, swaps back.
Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options = {});

/// Pairs this engine computes: every pair with area (the rest answer `unsupported`).
bool implements(PairId pair);

inline constexpr Engine kEngine{"reference", &collide, &implements};

/// The filter: circle–circle, polygon–circle, capsule/segment–circle and every pair through
/// polygon–polygon (polygon–capsule, segment–polygon) run their decisions and constructions on
/// double-double values with rigorous error bounds first, and in exact rationals only when a
/// sign or a correct rounding is uncertain; the outputs are identical either way. How often the
/// exact path had to redo a query:
struct FilterStats {
  std::uint64_t calls = 0;      ///< filtered queries
  std::uint64_t fallbacks = 0;  ///< of which the exact rationals had to redo
};
FilterStats filterStats();
void resetFilterStats();
/// Turns the filter off (every decision exact from the start) or on; on by default. The
/// results are identical either way; this exists to measure and to test that.
void setFilterEnabled(bool enabled);

// Canonical pairs. Inputs must be valid (validateInput); collide() checks that for you.
Manifold collideCircles(const Circle& a, const Transform& xfA, const Circle& b,
                        const Transform& xfB, const Options& options);
Manifold collidePolygonAndCircle(const Polygon& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, const Options& options);
Manifold collidePolygons(const Polygon& a, const Transform& xfA, const Polygon& b,
                         const Transform& xfB, const Options& options);
Manifold collideCapsuleAndCircle(const Capsule& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, const Options& options);
Manifold collideCapsules(const Capsule& a, const Transform& xfA, const Capsule& b,
                         const Transform& xfB, const Options& options);
Manifold collidePolygonAndCapsule(const Polygon& a, const Transform& xfA, const Capsule& b,
                                  const Transform& xfB, const Options& options);
Manifold collideSegmentAndCircle(const Segment& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, const Options& options);
Manifold collideSegmentAndCapsule(const Segment& a, const Transform& xfA, const Capsule& b,
                                  const Transform& xfB, const Options& options);
Manifold collideSegmentAndPolygon(const Segment& a, const Transform& xfA, const Polygon& b,
                                  const Transform& xfB, const Options& options);
Manifold collideChainSegmentAndCircle(const ChainSegment& a, const Transform& xfA, const Circle& b,
                                      const Transform& xfB, const Options& options);
Manifold collideChainSegmentAndCapsule(const ChainSegment& a, const Transform& xfA,
                                       const Capsule& b, const Transform& xfB,
                                       const Options& options);
Manifold collideChainSegmentAndPolygon(const ChainSegment& a, const Transform& xfA,
                                       const Polygon& b, const Transform& xfB,
                                       const Options& options);

}  // namespace touche::reference
