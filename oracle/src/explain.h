// touche — formatting helpers shared by the oracle's explanations (compare and judge).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "touche/core/geometry.h"

namespace touche::oracle::detail {

/// A number in %g form with `digits` significant digits.
inline std::string sci(double value, int digits) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

/// "3.1e-03 = 26000 units of 1.19e-07": a difference in the allowance's own unit.
inline std::string inUnits(double difference, double unit, int digits) {
  if (!(unit > 0.0)) return sci(difference, digits);
  return sci(difference, digits) + " = " + sci(difference / unit, digits) + " units of " +
         sci(unit, digits);
}

inline bool finite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}

}  // namespace touche::oracle::detail
