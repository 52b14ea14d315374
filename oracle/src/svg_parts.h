// touche — the pieces every SVG drawing of the oracle shares (render.cpp for cases,
// render_bounce.cpp for bounce scenes): numbers written in full, the y-up view, the bounds.
// Private to touche_oracle.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>

#include "touche/core/geometry.h"

namespace touche::oracle::svg {

/// The shortest decimal that reads back as `v`: nothing drawn is rounded.
inline std::string num(double v) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

/// A number for a figure's legend: six significant digits ("-0" written 0). The exact values
/// are in the case files and the tests; a legend line in full precision outruns the figure.
inline std::string legendNum(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v == 0 ? 0.0 : v);
  return buffer;
}

/// An upper estimate of how wide `text` (UTF-8) is set in a sans-serif font of size 1, from the
/// advance widths of DejaVu Sans (the widest of the common sans-serif faces; Arial and
/// Helvetica set the same text narrower) rounded up by character class; any character beyond
/// ASCII counts as a wide one. A legend sized by it fits whichever face draws it.
inline double textWidthEm(std::string_view text) {
  constexpr std::string_view kNarrowest = "ijl'|";
  constexpr std::string_view kNarrow = " .,:;!";
  constexpr std::string_view kThin = "ftr()[]{}-/\\\"*`I";
  constexpr std::string_view kWide = "mwMW@%";
  constexpr std::string_view kOperator = "=+<>~^#&";
  double width = 0.0;
  for (const char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte >= 0x80) {
      if (byte >= 0xC0) width += 0.85;  // the lead byte of a non-ASCII character
    } else if (kNarrowest.find(ch) != std::string_view::npos) {
      width += 0.29;
    } else if (kNarrow.find(ch) != std::string_view::npos) {
      width += 0.33;
    } else if (kThin.find(ch) != std::string_view::npos) {
      width += 0.42;
    } else if (kWide.find(ch) != std::string_view::npos) {
      width += 1.0;
    } else if (kOperator.find(ch) != std::string_view::npos) {
      width += 0.85;
    } else if (ch >= 'A' && ch <= 'Z') {
      width += 0.78;
    } else {
      width += 0.64;  // digits, the other lower-case letters
    }
  }
  return width;
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
