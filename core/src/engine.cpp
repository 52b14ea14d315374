// touche — engine interface helpers.
#include "touche/core/engine.h"

#include <string>

namespace touche {

std::string unsupportedReason(const Engine& engine, ShapeType a, ShapeType b) {
  const PairInfo& pair = pairInfo(lookupPair(a, b).id);
  if (!pair.hasArea) return std::string(pair.unsupportedNote);
  return "engine " + std::string(engine.name) + " does not implement the pair " +
         std::string(pair.name);
}

}  // namespace touche
