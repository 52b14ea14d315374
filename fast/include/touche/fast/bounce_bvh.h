// touche — the broad phase of the fast bounce path: a BVH over a prepared scene's features
// (touche/fast/bounce.h), plugged in behind bouncePathWith; each leg's first contact is exactly
// the brute-force firstHit's (docs/derivations/bvh.md).
//
// The tree (core/bvh_tree.h) is built over featureBounds, the region where the ball's centre
// can touch each feature, rounding allowance of the feature tests included. A leg is the ray
// start + t·heading (heading unit, so t is a length, as in FirstHitT), tested against the boxes
// grown by a margin for the slab test's own rounding: 32ε·(scale + r), the scene's scale
// bounding every coordinate the test meets, plus 16 of T's smallest subnormals. Features are
// offered (offerFeature) front to back; a node entered after the best t so far is skipped,
// one entered at it is still visited, so the (t, key) rule gives firstHit's answer.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "touche/core/bvh_tree.h"
#include "touche/fast/bounce.h"

namespace touche::fast {

/// The tree over a prepared scene's features (item i = feature i) and the margin of its legs.
template <class T>
struct BounceBvhT {
  BvhTreeOf<T> tree;
  double margin = 0.0;
};

/// Builds the tree over featureBounds (the boxes are T values: the tree's boxes are exact).
template <class T>
BounceBvhT<T> buildBounceBvh(const BounceSceneT<T>& scene) {
  std::vector<Aabb> boxes;
  boxes.reserve(scene.features.size());
  for (std::uint32_t i = 0; i < scene.features.size(); ++i) {
    const BoxT<T> box = featureBounds(scene, i);
    boxes.push_back({toCore(box.min), toCore(box.max)});
  }
  BounceBvhT<T> bvh;
  bvh.tree = roundedOutward<T>(buildBvhTree(boxes));
  bvh.margin = 32 * static_cast<double>(std::numeric_limits<T>::epsilon()) *
                   (static_cast<double>(scene.scale) + static_cast<double>(scene.radius)) +
               16 * static_cast<double>(std::numeric_limits<T>::denorm_min());
  return bvh;
}

/// The leg's first contact through the tree: exactly firstHit(scene, leg).
template <class T>
FirstHitT<T> firstHit(const BounceBvhT<T>& bvh, const BounceSceneT<T>& scene,
                      const BounceLegT<T>& leg) {
  FirstHitT<T> best;
  if (bvh.tree.nodes.empty()) return best;
  const CastInput ray{toCore(leg.start), toCore(leg.heading), 0.0,
                      std::numeric_limits<double>::infinity()};
  const BvhPathOf<T> path = makeBvhPath<T>(ray, bvh.margin);
  visitFrontToBack(bvh.tree, path, [&](std::int32_t item) {
    offerFeature(scene, static_cast<std::uint32_t>(item), leg, best);
    return best.t;
  });
  return best;
}

/// The path with each leg's first contact found through the tree (the same path as
/// bouncePath(scene, prepared)).
template <class T>
BouncePath bouncePathThrough(const BounceScene& scene, const BounceSceneT<T>& prepared,
                             const BounceBvhT<T>& bvh) {
  return bouncePathWith(
      scene, prepared,
      [&bvh](const BounceSceneT<T>& s, const BounceLegT<T>& leg) { return firstHit(bvh, s, leg); });
}

}  // namespace touche::fast
