// touche — the entry points of the fast engine's chain segment tests.
//
// collideChain / collideChainFloat are the fast engine's generic entry points (fast::collide,
// fast::collideFloat in fast/src/dispatch.cpp): validation, the pair table, roles swapped
// back, a rotation that is not exactly unit split into a unit rotation and a scale, the typed
// API of touche/fast/chain_segment.h and the widening to a core Manifold. The names keep the
// chain tests readable; any pair the fast engine implements goes through them.
#pragma once

#include <gtest/gtest.h>

#include "chain_scenes.h"
#include "touche/fast/chain_segment.h"
#include "touche/fast/fast.h"

namespace touche::fast::test {

/// fast::collide for a chain pair (either role order).
inline Manifold collideChain(const Shape& a, const Transform& xfA, const Shape& b,
                             const Transform& xfB, const Options& options = {}) {
  return collide(a, xfA, b, xfB, options);
}

/// fast::collideFloat for a chain pair (either role order).
inline Manifold collideChainFloat(const Shape& a, const Transform& xfA, const Shape& b,
                                  const Transform& xfB, const Options& options = {}) {
  return collideFloat(a, xfA, b, xfB, options);
}

}  // namespace touche::fast::test
