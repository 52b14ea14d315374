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
  for (std::size_t i = 0; i < scene.size(); ++i) {
    const std::string prefix = "shapes[" + std::to_string(i) + "]";
    if (auto e = validateShape(scene[i].shape, prefix + ".shape")) return e;
    if (auto e = validateTransform(scene[i].xf, prefix + ".xf")) return e;
  }
  return std::nullopt;
}

}  // namespace touche
