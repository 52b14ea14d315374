// touche — the BVH's top-down build (bvh_tree.h; docs/derivations/bvh.md, "Building the tree").
//
// Each node takes the union of its boxes; a node of one box is a leaf. Otherwise its boxes are
// split in two by their centres: above depth kSahDepth by the binned surface-area heuristic
// (the split of 16 equal bins per axis whose two sides' half-perimeter × count is least), else
// — or when no axis can be binned (all centres equal along it, or its extent so small that
// 16/extent overflows) — at the median centre along the axis of larger centre extent, ties by
// index. The median halves the count, so the depth stays below kSahDepth + 31 < kBvhMaxDepth.
#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "touche/core/bvh_tree.h"

namespace touche {
namespace {

constexpr int kBins = 16;
constexpr int kSahDepth = 32;

double halfPerimeter(const Aabb& box) {
  return (box.upper.x - box.lower.x) + (box.upper.y - box.lower.y);
}

double along(Vec2 v, int axis) {
  return axis == 0 ? v.x : v.y;
}

/// A split of items[begin, end) into [begin, middle) and [middle, end), both non-empty.
struct Split {
  bool found = false;
  int axis = 0;
  int lastLeftBin = 0;  ///< the bins 0..lastLeftBin go left
  double cost = 0.0;
  std::int32_t imbalance = 0;
};

class Builder {
 public:
  Builder(std::span<const Aabb> boxes, BvhTreeOf<double>& tree) : boxes_(boxes), tree_(tree) {
    centres_.reserve(boxes.size());
    for (const Aabb& b : boxes)
      centres_.push_back({0.5 * b.lower.x + 0.5 * b.upper.x, 0.5 * b.lower.y + 0.5 * b.upper.y});
  }

  void build(std::int32_t node, std::int32_t begin, std::int32_t end, int depth) {
    tree_.depth = std::max(tree_.depth, depth);
    Aabb box = boxes_[tree_.items[begin]];
    for (std::int32_t k = begin + 1; k < end; ++k)
      box = merged(box, boxes_[tree_.items[k]]);
    BvhNodeOf<double> out;
    out.corner[0][0] = box.lower.x;
    out.corner[0][1] = box.lower.y;
    out.corner[1][0] = box.upper.x;
    out.corner[1][1] = box.upper.y;
    if (end - begin == 1) {
      out.first = begin;
      out.count = 1;
      tree_.nodes[node] = out;
      return;
    }
    const std::int32_t middle = split(begin, end, depth);
    const auto children = static_cast<std::int32_t>(tree_.nodes.size());
    tree_.nodes.resize(tree_.nodes.size() + 2);
    out.first = children;
    out.count = 0;
    tree_.nodes[node] = out;
    build(children, begin, middle, depth + 1);
    build(children + 1, middle, end, depth + 1);
  }

 private:
  /// The centres' range along each axis over items[begin, end).
  std::array<std::array<double, 2>, 2> centreRange(std::int32_t begin, std::int32_t end) const {
    std::array<std::array<double, 2>, 2> range{};
    for (int axis = 0; axis < 2; ++axis) {
      double low = along(centres_[tree_.items[begin]], axis);
      double high = low;
      for (std::int32_t k = begin + 1; k < end; ++k) {
        const double c = along(centres_[tree_.items[k]], axis);
        low = std::min(low, c);
        high = std::max(high, c);
      }
      range[axis] = {low, high};
    }
    return range;
  }

  static int binOf(double centre, double low, double perUnit) {
    const double bin = (centre - low) * perUnit;
    return bin >= kBins - 1 ? kBins - 1 : static_cast<int>(bin);
  }

  /// The best binned split along `axis`, or none when the axis cannot be binned.
  Split bestSplitAlong(int axis, std::int32_t begin, std::int32_t end, double low,
                       double high) const {
    Split best;
    const double perUnit = kBins / (high - low);
    if (!(high > low) || !std::isfinite(perUnit)) return best;
    std::array<std::int32_t, kBins> count{};
    std::array<Aabb, kBins> bounds{};
    for (std::int32_t k = begin; k < end; ++k) {
      const std::int32_t item = tree_.items[k];
      const int bin = binOf(along(centres_[item], axis), low, perUnit);
      bounds[bin] = count[bin] == 0 ? boxes_[item] : merged(bounds[bin], boxes_[item]);
      ++count[bin];
    }
    // The right side's union and count for each split, swept from the last bin.
    std::array<Aabb, kBins> rightBounds{};
    std::array<std::int32_t, kBins> rightCount{};
    Aabb right{};
    std::int32_t rightItems = 0;
    for (int bin = kBins - 1; bin > 0; --bin) {
      if (count[bin] > 0) right = rightItems == 0 ? bounds[bin] : merged(right, bounds[bin]);
      rightItems += count[bin];
      rightBounds[bin] = right;
      rightCount[bin] = rightItems;
    }
    Aabb left{};
    std::int32_t leftItems = 0;
    for (int bin = 0; bin < kBins - 1; ++bin) {
      if (count[bin] > 0) left = leftItems == 0 ? bounds[bin] : merged(left, bounds[bin]);
      leftItems += count[bin];
      const std::int32_t rightSide = rightCount[bin + 1];
      if (leftItems == 0 || rightSide == 0) continue;
      const double cost =
          halfPerimeter(left) * leftItems + halfPerimeter(rightBounds[bin + 1]) * rightSide;
      const std::int32_t imbalance = std::abs(leftItems - rightSide);
      if (!best.found || cost < best.cost || (cost == best.cost && imbalance < best.imbalance))
        best = {true, axis, bin, cost, imbalance};
    }
    return best;
  }

  std::int32_t split(std::int32_t begin, std::int32_t end, int depth) {
    const auto range = centreRange(begin, end);
    if (depth < kSahDepth) {
      Split best;
      for (int axis = 0; axis < 2; ++axis) {
        const Split s = bestSplitAlong(axis, begin, end, range[axis][0], range[axis][1]);
        if (s.found && (!best.found || s.cost < best.cost ||
                        (s.cost == best.cost && s.imbalance < best.imbalance)))
          best = s;
      }
      if (best.found) {
        const double low = range[best.axis][0];
        const double perUnit = kBins / (range[best.axis][1] - low);
        auto* first = tree_.items.data() + begin;
        auto* middle = std::partition(first, tree_.items.data() + end, [&](std::int32_t item) {
          return binOf(along(centres_[item], best.axis), low, perUnit) <= best.lastLeftBin;
        });
        return begin + static_cast<std::int32_t>(middle - first);
      }
    }
    const int axis =
        range[1][1] - range[1][0] > range[0][1] - range[0][0] ? 1 : 0;  // larger extent
    const std::int32_t middle = begin + (end - begin) / 2;
    std::nth_element(tree_.items.data() + begin, tree_.items.data() + middle,
                     tree_.items.data() + end, [&](std::int32_t a, std::int32_t b) {
                       const double ca = along(centres_[a], axis);
                       const double cb = along(centres_[b], axis);
                       return ca < cb || (ca == cb && a < b);
                     });
    return middle;
  }

  std::span<const Aabb> boxes_;
  BvhTreeOf<double>& tree_;
  std::vector<Vec2> centres_;
};

}  // namespace

BvhTreeOf<double> buildBvhTree(std::span<const Aabb> boxes) {
  BvhTreeOf<double> tree;
  if (boxes.empty()) return tree;
  if (boxes.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max() / 2))
    throw std::length_error("buildBvhTree: more boxes than the tree's 32-bit indices hold");
  const auto n = static_cast<std::int32_t>(boxes.size());
  tree.items.resize(boxes.size());
  for (std::int32_t i = 0; i < n; ++i)
    tree.items[i] = i;
  tree.nodes.reserve(2 * boxes.size() - 1);
  tree.nodes.resize(1);
  Builder(boxes, tree).build(0, 0, n, 0);
  return tree;
}

}  // namespace touche
