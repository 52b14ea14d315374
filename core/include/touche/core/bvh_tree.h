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
//
// Nothing here knows shapes: any list of boxes and any leaf test will do (the offset faces and
// arcs of a bounce path, say). Build over the items' boxes (buildBvhTree), make the path with
// grow = the moving circle's radius + the margin the leaf test's rounding needs (makeBvhPath),
// and let visitFrontToBack's visit(item) test an item, keep the best under the caller's own
// order and return the best t so far: items entered after it are skipped, items entered at it
// still visited, so any tie rule that orders touches at equal t is kept.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "touche/core/broad_phase.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
/// leaves' boxes, exactly.
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
/// for every node: a moving axis meets the grown box's lower line at
/// (lower − (origin + grow))·inverse and its upper line at (upper − (origin − grow))·inverse
/// (shift[0] and shift[1]); the smaller of the two is where it enters the slab, whichever way
/// it moves. An axis the centre does not move along (translation 0, or so small that its
/// reciprocal overflows) only asks that the box reach [reachLow, reachHigh]: origin ± (grow +
/// the drift along it).
template <class T>
struct BvhPathOf {
  bool moves[2] = {};
  T inverse[2] = {};
  T shift[2][2] = {};  ///< shift[0] = origin + grow, shift[1] = origin − grow (per axis)
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
    path.shift[0][a] = origin[a] + g;
    path.shift[1][a] = origin[a] - g;
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
      const T t0 = (node.corner[0][a] - path.shift[0][a]) * path.inverse[a];
      const T t1 = (node.corner[1][a] - path.shift[1][a]) * path.inverse[a];
      enter = std::max(enter, std::min(t0, t1));
      leave = std::min(leave, std::max(t0, t1));
    } else if (node.corner[0][a] > path.reachHigh[a] || node.corner[1][a] < path.reachLow[a]) {
      leave = -std::numeric_limits<T>::infinity();
    }
  }
  return {enter, leave};
}

#if defined(__SSE2__)
/// The same for double with both axes moving, the two axes in one SSE2 register: the same
/// operations in the same order (an entry of −0 where the scalar code has +0 is the same
/// entry).
template <>
inline BvhSlabOf<double> slabOf<true, double>(const BvhNodeOf<double>& node,
                                              const BvhPathOf<double>& path) {
  const __m128d inverse = _mm_loadu_pd(path.inverse);
  const __m128d t0 =
      _mm_mul_pd(_mm_sub_pd(_mm_loadu_pd(node.corner[0]), _mm_loadu_pd(path.shift[0])), inverse);
  const __m128d t1 =
      _mm_mul_pd(_mm_sub_pd(_mm_loadu_pd(node.corner[1]), _mm_loadu_pd(path.shift[1])), inverse);
  const __m128d near = _mm_min_pd(t0, t1);
  const __m128d far = _mm_max_pd(t0, t1);
  const __m128d nearY = _mm_unpackhi_pd(near, near);
  const __m128d farY = _mm_unpackhi_pd(far, far);
  const double enter = _mm_cvtsd_f64(_mm_max_sd(_mm_max_sd(_mm_setzero_pd(), near), nearY));
  const double leave =
      _mm_cvtsd_f64(_mm_min_sd(_mm_min_sd(_mm_set_sd(path.maxFraction), far), farY));
  return {enter, leave};
}
#endif

/// The first t of slabOf's interval; +inf when it is empty.
template <class T>
T entryOf(const BvhNodeOf<T>& node, const BvhPathOf<T>& path) {
  const BvhSlabOf<T> slab = slabOf(node, path);
  return slab.enter <= slab.leave ? slab.enter : std::numeric_limits<T>::infinity();
}

namespace detail::bvh {

/// The traversal of visitFrontToBack. The nearer child is entered at once; the farther one,
/// when reachable, waits on the stack with its entry. Which child is nearer and whether the
/// farther is pushed are decided without branches (selects, and a stack top advanced by 0 or
/// 1): on random rays these decisions are coin tosses a branch predictor would lose.
template <bool kBothMove, class T, class Visit>
void visitFrontToBack(const BvhTreeOf<T>& tree, const BvhPathOf<T>& path, Visit& visit) {
  struct Pending {
    std::int32_t node;
    T entry;
  };
  Pending stack[kBvhMaxDepth + 2];
  int top = 0;
  T bound = path.maxFraction;
  const BvhSlabOf<T> root = slabOf<kBothMove>(tree.nodes[0], path);
  if (!(root.enter <= std::min(root.leave, bound))) return;
  std::int32_t current = 0;
  for (;;) {
    const BvhNodeOf<T>& node = tree.nodes[current];
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k)
        bound = visit(tree.items[k]);
    } else {
      const BvhSlabOf<T> a = slabOf<kBothMove>(tree.nodes[node.first], path);
      const BvhSlabOf<T> b = slabOf<kBothMove>(tree.nodes[node.first + 1], path);
      const bool reachA = a.enter <= std::min(a.leave, bound);
      const bool reachB = b.enter <= std::min(b.leave, bound);
      const bool bFirst = b.enter < a.enter;
      stack[top] = {node.first + 1 - static_cast<std::int32_t>(bFirst), std::max(a.enter, b.enter)};
      top += bFirst ? reachA : reachB;
      if (bFirst ? reachB : reachA) {
        current = node.first + static_cast<std::int32_t>(bFirst);
        continue;
      }
    }
    // The next waiting node the bound has not passed since it was pushed.
    Pending next{-1, T(0)};
    while (top > 0 && next.node < 0) {
      next = stack[--top];
      if (next.entry > bound) next.node = -1;
    }
    if (next.node < 0) return;
    current = next.node;
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

/// What a front-to-back walk did with a node (traceFrontToBack).
enum class BvhNodeFate : std::uint8_t {
  untested,  ///< never looked at: below a node that was not entered
  entered,   ///< its children were tested (a leaf: its items visited)
  missed,    ///< tested, and the path never enters its grown box
  pruned,    ///< tested, and the path enters it only after the best t so far
};

/// A walk of visitFrontToBack, written down: each node's fate (by node index) and the items in
/// the order they were visited.
struct BvhTrace {
  std::vector<BvhNodeFate> fates;
  std::vector<std::int32_t> items;
};

/// visitFrontToBack with every decision recorded, for pictures and tests (the items are those
/// visitFrontToBack visits, in its order: tests/fast/bounce_bvh_test.cpp). A node whose entry is
/// tested against the bound twice (when reached, and when taken off the stack) is pruned by
/// whichever test skips it.
template <class T, class Visit>
BvhTrace traceFrontToBack(const BvhTreeOf<T>& tree, const BvhPathOf<T>& path, Visit&& visit) {
  BvhTrace trace;
  trace.fates.assign(tree.nodes.size(), BvhNodeFate::untested);
  if (tree.nodes.empty()) return trace;
  T bound = path.maxFraction;
  // Tests node i when reached: whether it is taken, its fate recorded when it is not.
  const auto reached = [&](std::int32_t i, const BvhSlabOf<T>& slab) {
    if (slab.enter <= std::min(slab.leave, bound)) return true;
    trace.fates[static_cast<std::size_t>(i)] =
        slab.enter <= slab.leave ? BvhNodeFate::pruned : BvhNodeFate::missed;
    return false;
  };
  struct Pending {
    std::int32_t node;
    T entry;
  };
  std::vector<Pending> stack;
  std::int32_t current = 0;
  if (!reached(0, slabOf(tree.nodes[0], path))) return trace;
  for (;;) {
    trace.fates[static_cast<std::size_t>(current)] = BvhNodeFate::entered;
    const BvhNodeOf<T>& node = tree.nodes[static_cast<std::size_t>(current)];
    std::int32_t next = -1;
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k) {
        trace.items.push_back(tree.items[static_cast<std::size_t>(k)]);
        bound = visit(tree.items[static_cast<std::size_t>(k)]);
      }
    } else {
      const BvhSlabOf<T> a = slabOf(tree.nodes[static_cast<std::size_t>(node.first)], path);
      const BvhSlabOf<T> b = slabOf(tree.nodes[static_cast<std::size_t>(node.first + 1)], path);
      const bool bFirst = b.enter < a.enter;
      const std::int32_t nearer = node.first + static_cast<std::int32_t>(bFirst);
      const std::int32_t farther = node.first + 1 - static_cast<std::int32_t>(bFirst);
      if (reached(farther, bFirst ? a : b)) stack.push_back({farther, std::max(a.enter, b.enter)});
      if (reached(nearer, bFirst ? b : a)) next = nearer;
    }
    while (next < 0 && !stack.empty()) {
      const Pending waiting = stack.back();
      stack.pop_back();
      if (waiting.entry > bound) {
        trace.fates[static_cast<std::size_t>(waiting.node)] = BvhNodeFate::pruned;
      } else {
        next = waiting.node;
      }
    }
    if (next < 0) return trace;
    current = next;
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
