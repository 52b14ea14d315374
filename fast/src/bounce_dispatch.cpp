// touche — the fast engine's bounce entry points (touche/fast/bounce.h): validate, prepare the
// scene in T, run the legs. A scene of many features goes through its BVH (fast/bounce_bvh.h),
// whose first contact is the brute-force loop's bit for bit (tests/fast/bounce_bvh_test.cpp), so
// the choice changes the time only: below kBounceBvhFeatures the loop is cheaper than the
// tree's build.
#include "touche/fast/bounce.h"
#include "touche/fast/bounce_bvh.h"

namespace touche::fast {
namespace {

/// From this many features (faces and arcs) a path is run through the scene's BVH.
constexpr std::size_t kBounceBvhFeatures = 256;

template <class T>
BouncePath bounceIn(const BounceScene& scene) {
  if (validateBounceScene(scene)) return BouncePath{BounceStatus::error, {}};
  const BounceSceneT<T> prepared = prepareBounce<T>(scene);
  if (prepared.features.size() < kBounceBvhFeatures) return bouncePath(scene, prepared);
  return bouncePathThrough(scene, prepared, buildBounceBvh(prepared));
}

}  // namespace

BouncePath bounce(const BounceScene& scene) {
  return bounceIn<double>(scene);
}

BouncePath bounceFloat(const BounceScene& scene) {
  return bounceIn<float>(scene);
}

}  // namespace touche::fast
