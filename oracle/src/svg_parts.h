// touche — the pieces every SVG drawing of the oracle shares (render.cpp for cases and casts,
// render_derivation.cpp for a case's derivation layer, render_bounce.cpp and
// render_bounce_bvh.cpp for bounce scenes, response_svg.cpp for responses): numbers written in
// full, the y-up view, the bounds, the document's opening, arrows, and the legend above the
// drawing. Private to touche_oracle.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "touche/core/geometry.h"
#include "touche/oracle/render.h"

namespace touche::oracle::svg {

/// The shortest decimal that reads back as `v`: nothing drawn is rounded.
inline std::string num(double v) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

/// A number in brief: `digits` significant digits ("-0" written 0).
inline std::string significant(double v, int digits) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v == 0 ? 0.0 : v);
  return buffer;
}

/// A number for a figure's legend: six significant digits. The exact values are in the case
/// files and the tests; a legend line in full precision outruns the figure.
inline std::string legendNum(double v) {
  return significant(v, 6);
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

/// The <svg> element's opening for the view box (x0, y0, w, h) drawn `pixels` wide, its title
/// and the world point its coordinates start from (`note` added to that description).
inline void openSvg(std::ostringstream& out, double x0, double y0, double w, double h,
                    double pixels, const std::string& title, const View& view,
                    const std::string& note = "") {
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << num(x0) << " " << num(y0) << " "
      << num(w) << " " << num(h) << "\" width=\"" << num(pixels) << "\" height=\""
      << num(pixels * h / w) << "\">\n";
  out << "  <title>" << xmlText(title) << "</title>\n";
  out << "  <desc class=\"origin\">x right and y down from the world point (" << num(view.origin.x)
      << ", " << num(view.origin.y) << ")" << note << "</desc>\n";
}

/// The line from `from` to `to` as SVG path data.
inline std::string lineD(const View& view, Vec2 from, Vec2 to) {
  return "M" + view.at(from) + " L" + view.at(to);
}

/// An arrowhead's two barbs, each reaching back to the tip.
struct ArrowHead {
  Vec2 left, right;
};

/// The head at `tip` of an arrow along the unit `direction`: its barbs `back` behind the tip
/// and `halfWidth` to either side.
inline ArrowHead arrowHead(Vec2 tip, Vec2 direction, double back, double halfWidth) {
  const Vec2 side{-direction.y, direction.x};
  return {tip - back * direction + halfWidth * side, tip - back * direction - halfWidth * side};
}

/// An arrow as SVG path data: the shaft from `from` to `to`, then the head's barbs through the
/// tip.
inline std::string arrowD(const View& view, Vec2 from, Vec2 to, const ArrowHead& head) {
  return lineD(view, from, to) + " M" + view.at(head.left) + " L" + view.at(to) + " L" +
         view.at(head.right);
}

/// An arrowhead marker of `size` world units, for a path's marker-end.
inline std::string marker(const std::string& id, const char* colour, double size) {
  return "    <marker id=\"" + id +
         "\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"" + num(size) +
         "\" markerHeight=\"" + num(size) +
         "\" markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,1 L10,5 L0,9 z\" "
         "fill=\"" +
         colour + "\"/></marker>\n";
}

/// A legend: lines of text set above the drawing, each in its colour (nullptr: the text's
/// default, black).
using Legend = std::vector<std::pair<const char*, std::string>>;

/// How a legend is set, in units of its font size: the step from line to line, and the margin
/// left of the lines (and right of the longest).
struct LegendStyle {
  double lineStep;
  double margin;
};

/// The legend of a case, a cast or a response figure.
inline constexpr LegendStyle kCaseLegend{1.3, 0.3};
/// The legend of a bounce scene's figures.
inline constexpr LegendStyle kSceneLegend{1.35, 0.4};

/// The height of the legend's band in a font of size `font`.
inline double legendHeight(const Legend& legend, double font, LegendStyle style) {
  return style.lineStep * font * static_cast<double>(legend.size()) + 0.5 * font;
}

/// The width its longest line needs, with its margins.
inline double legendWidth(const Legend& legend, double font, LegendStyle style) {
  double longest = 0.0;
  for (const auto& line : legend)
    longest = std::max(longest, textWidthEm(line.second));
  return (longest + 2 * style.margin) * font;
}

/// The legend's lines, from the top-left corner (x0, y0) of its band.
inline void writeLegend(std::ostringstream& out, const Legend& legend, double x0, double y0,
                        double font, LegendStyle style) {
  out << "  <g class=\"legend\" font-family=\"sans-serif\" font-size=\"" << num(font) << "\">\n";
  for (std::size_t k = 0; k < legend.size(); ++k) {
    out << "    <text x=\"" << num(x0 + style.margin * font) << "\" y=\""
        << num(y0 + style.lineStep * font * static_cast<double>(k + 1)) << "\"";
    if (legend[k].first) out << " fill=\"" << legend[k].first << "\"";
    out << ">" << xmlText(legend[k].second) << "</text>\n";
  }
  out << "  </g>\n";
}

}  // namespace touche::oracle::svg
