// touche — the broad phase's scene validation (broad_phase.h).
#include "touche/core/broad_phase.h"

#include <cstdint>
#include <limits>
#include <string>

namespace touche {

std::optional<InputError> validateScene(std::span<const PlacedShape> scene) {
  constexpr auto kMaxShapes =
      static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max() / 2);
  if (scene.size() > kMaxShapes) {
    return InputError{"shapes", std::to_string(scene.size()) + " shapes; a scene holds at most " +
                                    std::to_string(kMaxShapes)};
  }
  // The index joins the field's name only when there is an error (no string per valid shape).
  const auto named = [](std::size_t i, InputError e) {
    e.field = "shapes[" + std::to_string(i) + "]." + e.field;
    return e;
  };
  for (std::size_t i = 0; i < scene.size(); ++i) {
    if (auto e = validateShape(scene[i].shape, "shape")) return named(i, *e);
    if (auto e = validateTransform(scene[i].xf, "xf")) return named(i, *e);
  }
  return std::nullopt;
}

}  // namespace touche
