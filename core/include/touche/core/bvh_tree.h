// touche — a bounding volume hierarchy over boxes: the flat tree the engines' BVHs share
// (fast/bvh.h, reference/bvh.h), its top-down build and its two traversals
// (docs/derivations/bvh.md).
//
// The tree is a flat array of value-type nodes, children side by side, one box per leaf. It is
// built in double over the boxes' centres (binned surface-area heuristic, then median splits
// below a depth, so the depth stays under kBvhMaxDepth whatever the boxes) and can be rounded
// outward to float. The traversals never decide a hit: they only skip the boxes a moving
// circle cannot reach, with a margin the caller chooses to cover its own rounding, so that the
// caller's leaf test sees every shape the brute-force loop would keep.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "touche/core/broad_phase.h"

namespace touche {

/// A node of the flat tree, its box in scalar T: corner[0] the lower corner (x, y), corner[1]
/// the upper. A leaf (count > 0) holds the tree's items [first, first + count); an internal
/// node (count == 0) has children nodes[first] and nodes[first + 1].
template <class T>
struct BvhNodeOf {
  T corner[2][2] = {};
  std::int32_t first = 0;
  std::int32_t count = 0;
};

/// The tree: nodes[0] is the root (none for no boxes); items are box indices in leaf order.
template <class T>
struct BvhTreeOf {
  std::vector<BvhNodeOf<T>> nodes;
  std::vector<std::int32_t> items;
  int depth = 0;  ///< levels below the root
};

/// The deepest tree the build makes (the traversals' stacks hold this many entries).
inline constexpr int kBvhMaxDepth = 64;

/// Top-down build over the boxes (index i = boxes[i]), one box per leaf. Each split is the
/// best of 16 bins per axis by the surface-area heuristic (half-perimeter × count on each side,
/// ties to the more balanced split), made over the boxes' centres; below depth 32, or when the
/// centres coincide, the median by centre (ties by index). A node's box is the union of its
/// boxes' boxes, exactly.
BvhTreeOf<double> buildBvhTree(std::span<const Aabb> boxes);

/// The largest float not above / the smallest float not below x (x itself in double).
template <class T>
T roundDownTo(double x) {
  T t = static_cast<T>(x);
  if (static_cast<double>(t) > x) t = std::nextafter(t, -std::numeric_limits<T>::infinity());
  return t;
}
template <class T>
T roundUpTo(double x) {
  T t = static_cast<T>(x);
  if (static_cast<double>(t) < x) t = std::nextafter(t, std::numeric_limits<T>::infinity());
  return t;
}

/// A box in T holding `box` (rounded outward).
template <class T>
BvhNodeOf<T> outwardNode(const Aabb& box) {
  BvhNodeOf<T> node;
  node.corner[0][0] = roundDownTo<T>(box.lower.x);
  node.corner[0][1] = roundDownTo<T>(box.lower.y);
  node.corner[1][0] = roundUpTo<T>(box.upper.x);
  node.corner[1][1] = roundUpTo<T>(box.upper.y);
  return node;
}

/// The tree with every box rounded outward to T (each holds its double box).
template <class T>
BvhTreeOf<T> roundedOutward(const BvhTreeOf<double>& tree) {
  BvhTreeOf<T> out;
  out.items = tree.items;
  out.depth = tree.depth;
  out.nodes.reserve(tree.nodes.size());
  for (const BvhNodeOf<double>& n : tree.nodes) {
    BvhNodeOf<T> node =
        outwardNode<T>({{n.corner[0][0], n.corner[0][1]}, {n.corner[1][0], n.corner[1][1]}});
    node.first = n.first;
    node.count = n.count;
    out.nodes.push_back(node);
  }
  return out;
}

/// The moving circle's centre as the tree tests it, in T: origin + t·translation for t in
/// [0, maxFraction], against each box grown by `grow` on every side. Per axis, prepared once
/// for every node: a moving axis crosses the grown box's near line at (near − nearShift)·inverse
/// and its far line at (far − farShift)·inverse, where near is the box's lower side when the
/// centre moves up the axis (its upper side otherwise) and the shifts are origin ± grow. An axis
/// the centre does not move along (translation 0, or so small that its reciprocal overflows)
/// only asks that the box reach [reachLow, reachHigh]: origin ± (grow + the drift along it).
template <class T>
struct BvhPathOf {
  bool moves[2] = {};
  int nearCorner[2] = {};  ///< 0: the centre moves up the axis (the lower side is near), else 1
  T inverse[2] = {};
  T nearShift[2] = {};
  T farShift[2] = {};
  T reachLow[2] = {};
  T reachHigh[2] = {};
  T maxFraction = T(0);
};

/// The path of a validated cast, its boxes grown by `grow` (rounded up to T).
template <class T>
BvhPathOf<T> makeBvhPath(const CastInput& input, double grow) {
  BvhPathOf<T> path;
  const T g = roundUpTo<T>(grow);
  const T origin[2] = {static_cast<T>(input.origin.x), static_cast<T>(input.origin.y)};
  const T translation[2] = {static_cast<T>(input.translation.x),
                            static_cast<T>(input.translation.y)};
  for (int a = 0; a < 2; ++a) {
    const T inverse = T(1) / translation[a];
    path.moves[a] = translation[a] != T(0) && std::isfinite(inverse);
    path.inverse[a] = path.moves[a] ? inverse : T(0);
    const bool down = translation[a] < T(0);
    path.nearCorner[a] = down ? 1 : 0;
    path.nearShift[a] = down ? origin[a] - g : origin[a] + g;
    path.farShift[a] = down ? origin[a] + g : origin[a] - g;
    const T drift = path.moves[a] ? T(0) : std::abs(translation[a]);
    path.reachLow[a] = origin[a] - (g + drift);
    path.reachHigh[a] = origin[a] + (g + drift);
  }
  path.maxFraction = static_cast<T>(input.maxFraction);
  return path;
}

/// The interval of t in [0, maxFraction] over which the path lies in a box grown by the path's
/// grow (the slab test: per axis the t between the grown box's two lines, intersected); empty
/// when enter > leave. kBothMove: the path moves along both axes (most casts), so neither
/// needs the test of an axis it does not move along.
template <class T>
struct BvhSlabOf {
  T enter;
  T leave;
};

template <bool kBothMove = false, class T>
inline BvhSlabOf<T> slabOf(const BvhNodeOf<T>& node, const BvhPathOf<T>& path) {
  T enter = T(0);
  T leave = path.maxFraction;
  for (int a = 0; a < 2; ++a) {
    if (kBothMove || path.moves[a]) {
      const int near = path.nearCorner[a];
      const T t0 = (node.corner[near][a] - path.nearShift[a]) * path.inverse[a];
      const T t1 = (node.corner[1 - near][a] - path.farShift[a]) * path.inverse[a];
      enter = std::max(enter, t0);
      leave = std::min(leave, t1);
    } else if (node.corner[0][a] > path.reachHigh[a] || node.corner[1][a] < path.reachLow[a]) {
      leave = -std::numeric_limits<T>::infinity();
    }
  }
  return {enter, leave};
}

/// The first t of slabOf's interval; +inf when it is empty.
template <class T>
T entryOf(const BvhNodeOf<T>& node, const BvhPathOf<T>& path) {
  const BvhSlabOf<T> slab = slabOf(node, path);
  return slab.enter <= slab.leave ? slab.enter : std::numeric_limits<T>::infinity();
}

namespace detail::bvh {

/// The traversal of visitFrontToBack. Which child comes first and whether each is pushed are
/// decided without branches (selects, and a stack top advanced by 0 or 1): on random rays
/// these decisions are coin tosses a branch predictor would lose.
template <bool kBothMove, class T, class Visit>
void visitFrontToBack(const BvhTreeOf<T>& tree, const BvhPathOf<T>& path, Visit& visit) {
  struct Pending {
    std::int32_t node;
    T entry;
  };
  Pending stack[kBvhMaxDepth + 3];
  int top = 0;
  T bound = path.maxFraction;
  const BvhSlabOf<T> root = slabOf<kBothMove>(tree.nodes[0], path);
  stack[0] = {0, root.enter};
  top += root.enter <= std::min(root.leave, bound);
  while (top > 0) {
    const Pending pending = stack[--top];
    if (pending.entry > bound) continue;
    const BvhNodeOf<T>& node = tree.nodes[pending.node];
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k)
        bound = visit(tree.items[k]);
      continue;
    }
    const BvhSlabOf<T> a = slabOf<kBothMove>(tree.nodes[node.first], path);
    const BvhSlabOf<T> b = slabOf<kBothMove>(tree.nodes[node.first + 1], path);
    const bool reachA = a.enter <= std::min(a.leave, bound);
    const bool reachB = b.enter <= std::min(b.leave, bound);
    const bool bFirst = b.enter < a.enter;
    const std::int32_t nearNode = node.first + static_cast<std::int32_t>(bFirst);
    stack[top] = {node.first + 1 - static_cast<std::int32_t>(bFirst), std::max(a.enter, b.enter)};
    top += bFirst ? reachA : reachB;
    stack[top] = {nearNode, std::min(a.enter, b.enter)};
    top += bFirst ? reachB : reachA;
  }
}

}  // namespace detail::bvh

/// Front to back: calls visit(item) for the items of every leaf whose entry (entryOf) is at
/// most the bound, nearer child first. The bound starts at path.maxFraction and becomes what
/// visit returns (the best fraction so far): a node entered after it is skipped, one entered
/// exactly at it is still visited (its shapes may tie there with a lower index).
template <class T, class Visit>
void visitFrontToBack(const BvhTreeOf<T>& tree, const BvhPathOf<T>& path, Visit&& visit) {
  if (tree.nodes.empty()) return;
  if (path.moves[0] && path.moves[1]) {
    detail::bvh::visitFrontToBack<true>(tree, path, visit);
  } else {
    detail::bvh::visitFrontToBack<false>(tree, path, visit);
  }
}

/// Calls visit(item) for the items of every leaf whose box overlaps `box` (closed boxes).
template <class T, class Visit>
void visitOverlapping(const BvhTreeOf<T>& tree, const BvhNodeOf<T>& box, Visit&& visit) {
  const auto overlap = [&box](const BvhNodeOf<T>& node) {
    return node.corner[0][0] <= box.corner[1][0] && box.corner[0][0] <= node.corner[1][0] &&
           node.corner[0][1] <= box.corner[1][1] && box.corner[0][1] <= node.corner[1][1];
  };
  if (tree.nodes.empty() || !overlap(tree.nodes[0])) return;
  std::int32_t stack[kBvhMaxDepth + 2];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const BvhNodeOf<T>& node = tree.nodes[stack[--top]];
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k)
        visit(tree.items[k]);
      continue;
    }
    for (std::int32_t child = node.first; child < node.first + 2; ++child) {
      if (overlap(tree.nodes[child])) stack[top++] = child;
    }
  }
}

/// The indices, ascending, of the boxes[i] that overlap `box`, through the tree over them.
template <class T>
std::vector<std::int32_t> overlappingBoxes(const BvhTreeOf<T>& tree, std::span<const Aabb> boxes,
                                           const Aabb& box) {
  std::vector<std::int32_t> out;
  visitOverlapping(tree, outwardNode<T>(box), [&](std::int32_t item) {
    if (overlaps(boxes[item], box)) out.push_back(item);
  });
  std::sort(out.begin(), out.end());
  return out;
}

/// The same by testing every box.
inline std::vector<std::int32_t> overlappingBoxesBruteForce(std::span<const Aabb> boxes,
                                                            const Aabb& box) {
  std::vector<std::int32_t> out;
  const auto count = static_cast<std::int32_t>(boxes.size());
  for (std::int32_t i = 0; i < count; ++i) {
    if (overlaps(boxes[i], box)) out.push_back(i);
  }
  return out;
}

}  // namespace touche
