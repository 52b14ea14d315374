// touche — casts: status names, validation of the moving circle, the engine helpers
// (cast.h). Shapes and transforms are validated exactly as for manifolds (validate.h).
#include "touche/core/cast.h"

#include <charconv>
#include <cmath>
#include <string>

namespace touche {
namespace {

constexpr std::array<std::string_view, 5> kStatusNames = {"hit", "miss", "initial_overlap",
                                                          "unsupported", "error"};

std::string decimal(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::optional<InputError> checkFinite(double value, const std::string& field) {
  if (!std::isfinite(value)) return InputError{field, decimal(value) + " is not a finite number"};
  if (std::fabs(value) > kMaxCoordinate) {
    return InputError{
        field, decimal(value) + " (" + hexfloat(value) + ") exceeds the accepted magnitude 2^50"};
  }
  return std::nullopt;
}

std::optional<InputError> checkVector(Vec2 v, const std::string& field) {
  if (auto e = checkFinite(v.x, field + "[0]")) return e;
  return checkFinite(v.y, field + "[1]");
}

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
  const std::string base(prefix);
  if (auto e = checkVector(input.origin, base + ".origin")) return e;
  if (auto e = checkVector(input.translation, base + ".translation")) return e;
  if (auto e = checkFinite(input.radius, base + ".radius")) return e;
  if (input.radius < 0.0) {
    return InputError{base + ".radius", decimal(input.radius) + " is negative; a radius is ≥ 0"};
  }
  const std::string fraction = base + ".maxFraction";
  if (!std::isfinite(input.maxFraction)) {
    return InputError{fraction, decimal(input.maxFraction) + " is not a finite number"};
  }
  if (!(input.maxFraction >= 0.0 && input.maxFraction <= 1.0)) {
    return InputError{fraction, decimal(input.maxFraction) +
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
