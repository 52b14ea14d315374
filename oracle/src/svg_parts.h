// touche — the pieces every SVG drawing of the oracle shares (render.cpp for cases,
// render_bounce.cpp for bounce scenes): numbers written in full, the y-up view, the bounds.
// Private to touche_oracle.
#pragma once

#include <algorithm>
#include <charconv>
#include <limits>
#include <string>

#include "touche/core/geometry.h"

namespace touche::oracle::svg {

/// The shortest decimal that reads back as `v`: nothing drawn is rounded.
inline std::string num(double v) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

/// World coordinates as drawn: relative to `origin` (the view's top-left corner), y flipped.
struct View {
  Vec2 origin;
  double x(double worldX) const { return worldX - origin.x; }
  double y(double worldY) const { return origin.y - worldY; }
  std::string at(Vec2 p) const { return num(x(p.x)) + "," + num(y(p.y)); }
};

/// The bounding box of everything drawn, grown point by point.
struct Bounds {
  Vec2 lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Vec2 hi{-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  void add(Vec2 p, double r = 0.0) {
    lo = {std::min(lo.x, p.x - r), std::min(lo.y, p.y - r)};
    hi = {std::max(hi.x, p.x + r), std::max(hi.y, p.y + r)};
  }
  double size() const { return std::max({hi.x - lo.x, hi.y - lo.y, 1e-300}); }
};

}  // namespace touche::oracle::svg
