// touche — the exact reference's broad phase: the tightest boxes of doubles around shapes and
// swept circles, and a BVH whose first hit is exactly the brute-force loop's over
// reference::cast (design notes §8; docs/derivations/bvh.md).
//
// The boxes hold the exact shapes (exact world points ± radius, each side rounded outward to
// the nearest double beyond it); the path is tested against them grown by r + margin, the
// margin (16ε·S) covering only the slab test's own rounding. A node entered after the best
// fraction so far is skipped: every shape in it touches at an exact t beyond a double above
// that fraction, so its rounded fraction is larger too (no tie is lost). The answer is the
// loop's: the smallest fraction, then the lowest index.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "touche/core/broad_phase.h"
#include "touche/core/bvh_tree.h"

namespace touche::reference {

/// The smallest box of doubles holding the exact shape placed by xf (validated input).
Aabb aabbOf(const Shape& shape, const Transform& xf);

/// The smallest box of doubles holding the exact sweep of a validated cast: the circle of its
/// radius centred anywhere from origin to origin + maxFraction·translation.
Aabb sweptAabb(const CastInput& input);

/// A scene prepared for exact casts: its shapes, their boxes (aabbOf) and the tree over them.
/// `error` names the first invalid shape or transform; every query then answers error.
struct Bvh {
  BvhTreeOf<double> tree;
  std::vector<PlacedShape> shapes;
  std::vector<Aabb> boxes;
  double extent = 0.0;  ///< the largest magnitude of any box's side
  std::optional<InputError> error;
};

/// Validates and boxes every shape of the scene (index = position) and builds the tree.
Bvh buildBvh(std::span<const PlacedShape> scene);

/// The first shape the moving circle touches and reference::cast against it: the smallest
/// fraction, then the lowest index. Through the tree, front to back.
ShapeHit firstHit(const Bvh& bvh, const CastInput& input);

/// The same by reference::cast against every shape in index order.
ShapeHit firstHitBruteForce(const Bvh& bvh, const CastInput& input);

/// The indices, ascending, of the shapes whose box overlaps `box` (closed). Through the tree.
std::vector<std::int32_t> overlapping(const Bvh& bvh, const Aabb& box);

/// The same by testing every shape's box.
std::vector<std::int32_t> overlappingBruteForce(const Bvh& bvh, const Aabb& box);

}  // namespace touche::reference
