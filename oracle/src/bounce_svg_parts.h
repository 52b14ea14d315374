// touche — the pieces the drawings of a bounce scene share (render_bounce.cpp: the scene and its
// paths; render_bounce_bvh.cpp: its BVH and one leg's walk): the palette, a polygon as a path,
// a circle, the room with its walls and obstacles, and the ball. Private to touche_oracle.
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

}  // namespace touche::oracle::svg
