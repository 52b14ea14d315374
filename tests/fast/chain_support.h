// touche — the entry points of the fast engine's chain segment tests.
//
// collideChain / collideChainFloat run the three chain pairs in double and float the way the
// generic entry points (fast/src/dispatch.cpp) will once they list the chain pairs in
// implements(): through touche::dispatchCollide (validation, the pair table, roles swapped
// back), the typed API of touche/fast/chain_segment.h and the widening to a core Manifold. Any
// other pair answers `unsupported`. (Rotations are used as given here; the generic entry
// points also split a rotation that is not exactly unit into a unit rotation and a scale.)
#pragma once

#include <gtest/gtest.h>

#include <variant>

#include "chain_scenes.h"
#include "touche/fast/chain_segment.h"
#include "touche/fast/fast.h"

namespace touche::fast::test {

namespace detail {

/// The chain pairs in T through the typed API (canonical order).
template <class T>
Manifold chainCanonical(PairId id, const Shape& a, const Transform& xfA, const Shape& b,
                        const Transform& xfB, const Options& options) {
  const ChainSegmentT<T> chain = prepare<T>(std::get<ChainSegment>(a));
  const TransformT<T> xa = toT<T>(xfA);
  const TransformT<T> xb = toT<T>(xfB);
  const T margin = static_cast<T>(options.margin);
  ManifoldT<T> m;
  if (id == PairId::chainSegment_circle)
    m = collideChainSegmentAndCircle(chain, xa, prepare<T>(std::get<Circle>(b)), xb, margin);
  else if (id == PairId::chainSegment_capsule)
    m = collideChainSegmentAndCapsule(chain, xa, prepareCapsuleAsPolygon<T>(std::get<Capsule>(b)),
                                      xb, margin);
  else
    m = collideChainSegmentAndPolygon(chain, xa, prepare<T>(std::get<Polygon>(b)), xb, margin);
  Manifold out;
  if (m.pointCount == 0) return out;
  out.status = Status::contact;
  out.normal = toCore(m.normal);
  out.pointCount = m.pointCount;
  out.flags = m.flags;
  for (int k = 0; k < m.pointCount; ++k)
    out.points[k] = {toCore(m.points[k].point), static_cast<double>(m.points[k].separation),
                     m.points[k].id};
  return out;
}

inline bool isChainPair(PairId id) {
  return id == PairId::chainSegment_circle || id == PairId::chainSegment_capsule ||
         id == PairId::chainSegment_polygon;
}

}  // namespace detail

/// fast::collide for a chain pair (either role order).
inline Manifold collideChain(const Shape& a, const Transform& xfA, const Shape& b,
                             const Transform& xfB, const Options& options = {}) {
  return dispatchCollide(a, xfA, b, xfB, options, &detail::isChainPair,
                         &detail::chainCanonical<double>);
}

/// fast::collideFloat for a chain pair (either role order).
inline Manifold collideChainFloat(const Shape& a, const Transform& xfA, const Shape& b,
                                  const Transform& xfB, const Options& options = {}) {
  return dispatchCollide(a, xfA, b, xfB, options, &detail::isChainPair,
                         &detail::chainCanonical<float>);
}

}  // namespace touche::fast::test
