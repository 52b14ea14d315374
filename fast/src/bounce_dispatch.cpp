// touche — the fast engine's bounce entry points (touche/fast/bounce.h): validate, prepare the
// scene in T, run the legs with the brute-force first contact.
#include "touche/fast/bounce.h"

namespace touche::fast {
namespace {

template <class T>
BouncePath bounceIn(const BounceScene& scene) {
  if (validateBounceScene(scene)) return BouncePath{BounceStatus::error, {}};
  return bouncePath(scene, prepareBounce<T>(scene));
}

}  // namespace

BouncePath bounce(const BounceScene& scene) {
  return bounceIn<double>(scene);
}

BouncePath bounceFloat(const BounceScene& scene) {
  return bounceIn<float>(scene);
}

}  // namespace touche::fast
