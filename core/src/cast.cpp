// touche — casts: status names, validation of the moving circle, the engine helpers
// (cast.h). Shapes and transforms are validated exactly as for manifolds (validate.h).
#include "touche/core/cast.h"

#include <cmath>
#include <string>

#include "touche/core/validate.h"

namespace touche {
namespace {

constexpr std::array<std::string_view, 5> kStatusNames = {"hit", "miss", "initial_overlap",
                                                          "unsupported", "error"};

}  // namespace

std::string_view castStatusName(CastStatus status) {
  return kStatusNames[static_cast<int>(status)];
}

bool castStatusFromName(std::string_view name, CastStatus* out) {
  for (std::size_t i = 0; i < kStatusNames.size(); ++i) {
    if (kStatusNames[i] == name) {
      *out = static_cast<CastStatus>(i);
      return true;
    }
  }
  return false;
}

std::optional<InputError> validateCastInput(const CastInput& input, std::string_view prefix) {
  if (castInputIsValid(input)) return std::nullopt;
  const std::string base(prefix);
  if (auto e = validatePoint(input.origin, base + ".origin")) return e;
  if (auto e = validatePoint(input.translation, base + ".translation")) return e;
  if (auto e = validateNumber(input.radius, base + ".radius")) return e;
  if (input.radius < 0.0) {
    return InputError{base + ".radius",
                      shortestDecimal(input.radius) + " is negative; a radius is ≥ 0"};
  }
  const std::string fraction = base + ".maxFraction";
  if (!std::isfinite(input.maxFraction)) {
    return InputError{fraction, shortestDecimal(input.maxFraction) + " is not a finite number"};
  }
  if (!(input.maxFraction >= 0.0 && input.maxFraction <= 1.0)) {
    return InputError{fraction, shortestDecimal(input.maxFraction) +
                                    " is outside [0, 1]; scale the translation to cast farther"};
  }
  return std::nullopt;
}

std::optional<InputError> validateCast(const Shape& shape, const Transform& xf,
                                       const CastInput& input) {
  if (auto e = validateShape(shape, "shape")) return e;
  if (auto e = validateTransform(xf, "xf")) return e;
  return validateCastInput(input, "ray");
}

std::string castUnsupportedReason(const CastEngine& engine, ShapeType type) {
  return "engine " + std::string(engine.name) + " does not cast against a " +
         std::string(castInfo(type).name);
}

std::string castUnsupportedReason(const CastEngine& engine, const Shape& shape,
                                  const CastInput& input) {
  if (engine.refusal) {
    std::string reason = engine.refusal(shape, input);
    if (!reason.empty()) return reason;
  }
  return castUnsupportedReason(engine, typeOf(shape));
}

}  // namespace touche
