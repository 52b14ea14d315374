// Helpers for the reference cast tests: a cast in one call, its result as a JSON line for
// failure messages, and shape builders in the tests' frame.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "touche/core/cast_jsonl.h"
#include "touche/reference/cast.h"

namespace touche::reference::testing {

inline constexpr FeatureType kFace = FeatureType::face;
inline constexpr FeatureType kVertex = FeatureType::vertex;

inline CastInput ray(Vec2 origin, Vec2 translation, double radius = 0.0, double maxFraction = 1.0) {
  return CastInput{origin, translation, radius, maxFraction};
}

/// The result as a cast result line (hexfloats), for failure messages.
inline std::string describe(const CastResult& result) {
  CastRecord record;
  record.id = "case";
  record.engine = "reference";
  record.result = result;
  return formatCastResult(record, NumberFormat::hex);
}

/// reference::cast with the identity transform unless one is given.
inline CastResult castAt(const Shape& shape, const CastInput& input, const Transform& xf = {}) {
  return cast(shape, xf, input);
}

inline CastFeature feature(FeatureType type, int index) {
  return CastFeature{type, static_cast<std::uint8_t>(index)};
}

}  // namespace touche::reference::testing
