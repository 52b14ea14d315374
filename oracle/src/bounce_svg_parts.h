// touche — the pieces the drawings of a bounce scene share (render_bounce.cpp: the scene and its
// paths; render_bounce_bvh.cpp: its BVH and one leg's walk): the palette, a polygon as a path,
// a circle, an arrowhead, the room with its walls and obstacles, the ball, and the legend above
// the drawing. Private to touche_oracle.
#pragma once

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "svg_parts.h"
#include "touche/core/bounce.h"
#include "touche/oracle/render.h"

namespace touche::oracle::svg {

inline constexpr const char* kWallFill = "#d8d2c4";
inline constexpr const char* kRoomFill = "#fbfaf6";
inline constexpr const char* kObstacleFill = "#5a9e4b";
inline constexpr const char* kBallColour = "#00acec";
inline constexpr const char* kBroken = "#e0301e";

/// The closed polygon as SVG path data.
inline std::string polygonD(const std::vector<Vec2>& polygon, const View& view) {
  std::string d;
  for (std::size_t i = 0; i < polygon.size(); ++i)
    d += (i ? " L" : "M") + view.at(polygon[i]);
  return d + " Z";
}

inline void circle(std::ostringstream& out, const View& view, Vec2 c, double r,
                   const std::string& attrs) {
  out << "  <circle cx=\"" << num(view.x(c.x)) << "\" cy=\"" << num(view.y(c.y)) << "\" r=\""
      << num(r) << "\" " << attrs << "/>\n";
}

/// An arrowhead marker of `size` world units.
inline std::string marker(const std::string& id, const char* colour, double size) {
  return "    <marker id=\"" + id +
         "\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"" + num(size) +
         "\" markerHeight=\"" + num(size) +
         "\" markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,1 L10,5 L0,9 z\" "
         "fill=\"" +
         colour + "\"/></marker>\n";
}

/// The wall round the room (the rectangle x, y, w, h shaded), the room, and the obstacles.
inline void sceneShapes(std::ostringstream& out, const BounceScene& scene, const View& view,
                        double x, double y, double w, double h) {
  out << "  <rect class=\"wall\" x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(w)
      << "\" height=\"" << num(h) << "\" fill=\"" << kWallFill << "\"/>\n";
  out << "  <path class=\"room\" d=\"" << polygonD(scene.walls, view) << "\" fill=\"" << kRoomFill
      << "\" stroke=\"#333\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n";
  for (const auto& obstacle : scene.obstacles) {
    out << "  <path class=\"obstacle\" d=\"" << polygonD(obstacle, view) << "\" fill=\""
        << kObstacleFill << "\" stroke=\"#2f5d27\" stroke-width=\"1.5\" "
        << "vector-effect=\"non-scaling-stroke\"/>\n";
  }
}

/// The ball at its start (filled) and where it stops (dashed).
inline void ballAtStart(std::ostringstream& out, const View& view, Vec2 c, double r) {
  circle(out, view, c, r,
         std::string("class=\"ball\" fill=\"") + kBallColour +
             "\" fill-opacity=\"0.35\" stroke=\"" + kBallColour +
             "\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\"");
}
inline void ballAtEnd(std::ostringstream& out, const View& view, Vec2 c, double r) {
  circle(
      out, view, c, r,
      std::string("class=\"ball-end\" fill=\"none\" stroke=\"") + kBallColour +
          "\" stroke-width=\"1.5\" stroke-dasharray=\"3 3\" vector-effect=\"non-scaling-stroke\"");
}

/// The <svg> element's opening for the view box (x0, y0, w, h) drawn `pixels` wide, its title
/// and the world point its coordinates start from (`note` added to that description).
inline void openSvg(std::ostringstream& out, double x0, double y0, double w, double h,
                    double pixels, const std::string& id, const View& view,
                    const std::string& note = "") {
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << num(x0) << " " << num(y0) << " "
      << num(w) << " " << num(h) << "\" width=\"" << num(pixels) << "\" height=\""
      << num(pixels * h / w) << "\">\n";
  out << "  <title>" << xmlText(id) << "</title>\n";
  out << "  <desc class=\"origin\">x right and y down from the world point (" << num(view.origin.x)
      << ", " << num(view.origin.y) << ")" << note << "</desc>\n";
}

/// A legend: lines of text, each in its colour, set above the drawing.
using Legend = std::vector<std::pair<const char*, std::string>>;

/// The height of the legend's band in a font of size `font`.
inline double legendHeight(const Legend& legend, double font) {
  return 1.35 * font * static_cast<double>(legend.size()) + 0.5 * font;
}

/// The width its longest line needs, with its margins.
inline double legendWidth(const Legend& legend, double font) {
  double longest = 0.0;
  for (const auto& line : legend)
    longest = std::max(longest, textWidthEm(line.second));
  return (longest + 0.8) * font;
}

/// The legend's lines, from the top-left corner (x0, y0) of its band.
inline void writeLegend(std::ostringstream& out, const Legend& legend, double x0, double y0,
                        double font) {
  out << "  <g class=\"legend\" font-family=\"sans-serif\" font-size=\"" << num(font) << "\">\n";
  for (std::size_t k = 0; k < legend.size(); ++k) {
    out << "    <text x=\"" << num(x0 + 0.4 * font) << "\" y=\""
        << num(y0 + 1.35 * font * static_cast<double>(k + 1)) << "\" fill=\"" << legend[k].first
        << "\">" << xmlText(legend[k].second) << "</text>\n";
  }
  out << "  </g>\n";
}

}  // namespace touche::oracle::svg
