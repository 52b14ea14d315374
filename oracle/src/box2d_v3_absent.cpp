// touche — the box2d_v3 engine of a build without Box2D v3 (box2d_v3.h): it implements no
// pair and casts against no shape, so every case is `unsupported` with kNotBuilt as the reason.
#include "touche/oracle/box2d_v3.h"

namespace touche::oracle::box2d_v3 {

bool built() {
  return false;
}

std::string_view version() {
  return "";
}

bool implements(PairId) {
  return false;
}

std::string refusal(const Shape&, const Shape&) {
  return "";
}

std::string exactRefusal(const Shape&, const Shape&) {
  return "";
}

CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input) {
  if (validateCast(shape, xf, input)) return castStatusOnly(CastStatus::error);
  return castStatusOnly(CastStatus::unsupported);
}

bool castImplements(ShapeType) {
  return false;
}

std::string castRefusal(const Shape&, const CastInput&) {
  return std::string(kNotBuilt);
}

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options) {
  if (validateInput(a, xfA, b, xfB, options)) return statusOnly(Status::error);
  return statusOnly(Status::unsupported);
}

Manifold collideExact(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                      const Options& options) {
  return collide(a, xfA, b, xfB, options);
}

NativeManifold collideNative(const Shape& a, const Transform& xfA, const Shape& b,
                             const Transform& xfB, const Options& options) {
  return {collide(a, xfA, b, xfB, options), {}};
}

}  // namespace touche::oracle::box2d_v3
