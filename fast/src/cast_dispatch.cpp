// touche — the fast engine's generic cast entry points (touche/fast/cast.h).
//
// cast / castFloat go through touche::dispatchCast (validate → the cast table), prepare the
// shape in T, bring the ray into its frame and widen the result. A rotation (c, s) that is not
// exactly unit also scales (the contract uses it as given): the scale moves into the shape's
// core points, as the manifold entry points do (dispatch.cpp), and the rotation is made unit.
#include <algorithm>
#include <cmath>

#include "touche/fast/cast.h"

namespace touche::fast {
namespace {

using detail::casts::CoreDouble;

/// The largest magnitude a cast's values reach (for the rounding allowances at feature ends).
double sceneScale(const CoreDouble& core, const Transform& xf, const CastInput& input) {
  double bound = 0.0;
  for (int i = 0; i < core.count; ++i)
    bound = std::max(bound, std::hypot(core.vertex[i].x, core.vertex[i].y));
  const double reach = std::hypot(xf.p.x, xf.p.y) + bound + core.radius + input.radius;
  const double start = std::hypot(input.origin.x, input.origin.y);
  return std::max({reach, start + std::hypot(input.translation.x, input.translation.y), 1e-300});
}

template <class T>
CastResult castIn(ShapeType, const Shape& shape, const Transform& xf, const CastInput& input) {
  CoreDouble core = detail::casts::coreOf(shape);
  Transform unit = xf;
  const double k = std::hypot(xf.q.c, xf.q.s);  // validated: within a tolerance of 1
  if (k != 1.0) {
    unit.q = {xf.q.c / k, xf.q.s / k};
    for (int i = 0; i < core.count; ++i)
      core.vertex[i] = k * core.vertex[i];
  }
  const CastShapeT<T> prepared = prepareCast<T>(core);
  const CastInputT<T> in{toT<T>(input.origin), toT<T>(input.translation),
                         static_cast<T>(input.radius), static_cast<T>(input.maxFraction)};
  const T scale = static_cast<T>(sceneScale(core, unit, input));
  const CastResultT<T> r = castShape(prepared, toT<T>(unit), in, scale);
  CastResult out;
  out.status = r.status;
  if (r.status != CastStatus::hit) return out;
  out.fraction = static_cast<double>(r.fraction);
  out.point = toCore(r.point);
  out.normal = toCore(r.normal);
  out.feature = r.feature;
  out.flags = r.flags;
  return out;
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
