// touche — the fast engine's broad phase: boxes of shapes and of swept circles, and a BVH over
// a scene of placed shapes whose first hit is exactly the brute-force loop's (design notes §8;
// docs/derivations/bvh.md).
//
// The BVH casts against the same placed shapes as the loop (placeForCast, castPlaced: the bits
// of fast::cast and fast::castFloat), and only skips boxes the moving circle cannot reach:
//   B1: each shape's box holds the exact shape (aabbOf rounds outward past the rounding error
//       of its world points), and each node's box holds its shapes' boxes (rounded outward to
//       float in BvhT<float>).
//   B2: a fast cast's touching point may lie off the exact shape by its rounding: the centre
//       at the reported t lies within r + δ of the shape with δ a few ε of the cast's scale
//       (faces and arcs are moved by rounding, and the allowances at feature ends reach
//       8ε·scale beyond them; near zero, squared lengths that underflow blur lengths below
//       about √(T's smallest normal)). The path is tested against boxes grown by r + margin
//       with margin = 128ε·S + 16√(smallest normal) (S bounds every magnitude of the cast:
//       the scene's reach, the radius, |origin|, |translation|), which covers δ and the slab
//       test's own rounding, so the computed entry of every node holding a touched shape is
//       at most its t.
//   B3: front to back, a node entered after the best t so far is skipped: its shapes touch
//       later, never at the same t; one entered at it is visited (a tie goes to the lower
//       index). So the answer is the loop's: the smallest t, then the lowest index.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "touche/core/broad_phase.h"
#include "touche/core/bvh_tree.h"
#include "touche/fast/cast.h"

namespace touche::fast {

/// The box of a validated shape placed by xf: its core's world points grown by its radius,
/// every side rounded outward past the rounding of q·v + p, so it holds the exact shape.
Aabb aabbOf(const Shape& shape, const Transform& xf);

/// The box of a validated cast's sweep: its centre from origin to origin +
/// maxFraction·translation, grown by its radius, rounded outward.
Aabb sweptAabb(const CastInput& input);

/// The margin B2 grows the boxes by, beyond the radius, for a scene of reach `reach` in T.
template <class T>
double castMargin(double reach, const CastInput& input);

/// A scene prepared for casts: every shape placed (fast::placeForCast) and boxed (aabbOf), in
/// scene order, and the tree over the boxes with its boxes in T. `error` names the first
/// invalid shape or transform ("shapes[3].xf.q"); every query then answers status error.
template <class T>
struct BvhT {
  BvhTreeOf<T> tree;
  std::vector<PlacedCastShapeT<T>> shapes;  ///< shapes[i]: scene shape i, placed
  std::vector<Aabb> boxes;                  ///< boxes[i]: aabbOf(scene shape i)
  double reach = 0.0;                       ///< the largest shapes[i].reach
  std::optional<InputError> error;
};
using Bvh = BvhT<double>;
using BvhFloat = BvhT<float>;

/// Validates, places and boxes every shape of the scene (index = position) and builds the tree
/// (buildBvhTree: binned SAH, then median splits).
template <class T>
BvhT<T> buildBvh(std::span<const PlacedShape> scene);

/// The first shape the moving circle touches and the cast against it (the bits of
/// fast::cast, or fast::castFloat for float): the smallest fraction, then the lowest index.
/// Through the tree, front to back (B1–B3).
template <class T>
ShapeHit firstHit(const BvhT<T>& bvh, const CastInput& input);

/// The same answer by casting against every shape in index order (the reference loop for the
/// tree; tests and benchmarks compare the two).
template <class T>
ShapeHit firstHitBruteForce(const BvhT<T>& bvh, const CastInput& input);

/// The indices, ascending, of the shapes whose box (boxes[i]) overlaps `box` (closed boxes:
/// touching counts). Through the tree.
template <class T>
std::vector<std::int32_t> overlapping(const BvhT<T>& bvh, const Aabb& box);

/// The same by testing every shape's box.
template <class T>
std::vector<std::int32_t> overlappingBruteForce(const BvhT<T>& bvh, const Aabb& box);

}  // namespace touche::fast
