// touche — the fast engine's generic cast entry points (touche/fast/cast.h).
//
// cast / castFloat go through touche::dispatchCast (validate → the cast table), place the shape
// and the moving circle in T (placeForCast), cast and widen the result.
#include "touche/fast/cast.h"

namespace touche::fast {
namespace {

template <class T>
CastResult castIn(ShapeType, const Shape& shape, const Transform& xf, const CastInput& input) {
  return widenCast(castPlaced(placeForCast<T>(shape, xf), placeForCast<T>(input)));
}

}  // namespace

bool castImplements(ShapeType) {
  return true;
}

CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input) {
  return dispatchCast(shape, xf, input, &castImplements, &castIn<double>);
}

CastResult castFloat(const Shape& shape, const Transform& xf, const CastInput& input) {
  return dispatchCast(shape, xf, input, &castImplements, &castIn<float>);
}

}  // namespace touche::fast
