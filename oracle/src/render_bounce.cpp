// touche — renderBounceSvg() (render.h): a bounce scene, source 001's offset boundary and the
// paths, drawn y up with non-scaling strokes, coordinates relative to the view's corner (as
// render.cpp draws cases).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bounce_svg_parts.h"
#include "touche/oracle/render.h"
#include "touche/reference/offset.h"

namespace touche::oracle {
namespace {

using svg::Bounds;
using svg::circle;
using svg::kBallColour;
using svg::kBroken;
using svg::marker;
using svg::num;
using svg::View;

constexpr const char* kPathColours[] = {"#1f5fa8", "#d62728", "#9467bd", "#ff7f0e"};

const char* pathColour(std::size_t k) {
  return kPathColours[k % (sizeof kPathColours / sizeof *kPathColours)];
}

/// An arc of radius r around v from `from` to `to`, turning clockwise as seen (SVG's sweep 1):
/// a right-turn corner's arc the short way, the source's arc at a concave corner the long way
/// (it keeps turning the same way).
std::string arcD(Vec2 from, Vec2 to, double r, const View& view, bool longWay) {
  return "M" + view.at(from) + " A" + num(r) + "," + num(r) + " 0 " + (longWay ? "1" : "0") +
         " 1 " + view.at(to);
}

/// Source 001's offset of one polygon: the pieces and arcs dashed in `colour`, and where the
/// construction breaks, the source's own arc and the backwards piece dashed in red.
void drawOffset(std::ostringstream& out, const std::vector<Vec2>& polygon, double r,
                const View& view, const char* colour, bool& broken) {
  const reference::OffsetBoundary offset = reference::offsetPolygon(polygon, r);
  std::string good, bad;
  for (const reference::OffsetCorner& c : offset.corners) {
    if (c.arc) good += " " + arcD(c.from, c.to, r, view, false);
    if (!c.arc && c.sourceArc) {
      bad += " " + arcD(c.sourceFrom, c.sourceTo, r, view, true);
    }
  }
  for (const reference::OffsetPiece& p : offset.pieces) {
    (p.reversed ? bad : good) += " M" + view.at(p.from) + " L" + view.at(p.to);
  }
  const std::string style =
      "\" fill=\"none\" stroke-width=\"1.3\" stroke-dasharray=\"6 4\" "
      "vector-effect=\"non-scaling-stroke\"/>\n";
  out << "  <path class=\"offset\" d=\"" << good.substr(1) << "\" stroke=\"" << colour << style;
  if (!bad.empty()) {
    broken = true;
    out << "  <path class=\"offset-broken\" d=\"" << bad.substr(1) << "\" stroke=\"" << kBroken
        << style;
  }
}

/// The legs of one path: each a line with an arrowhead halfway (marker k); a path after the
/// first is dashed, so that paths that coincide stay visible.
void drawLegs(std::ostringstream& out, const View& view, const BouncePath& path, std::size_t k,
              double arrow) {
  const std::string stroke = std::string("\" fill=\"none\" stroke=\"") + pathColour(k) +
                             "\" stroke-width=\"2\" stroke-linejoin=\"round\"" +
                             (k ? " stroke-dasharray=\"8 5\"" : "") +
                             " vector-effect=\"non-scaling-stroke\"";
  std::string ways;
  for (const BounceLeg& leg : path.legs) {
    if (leg.start == leg.end) continue;
    const Vec2 middle = 0.5 * (leg.start + leg.end);
    if (length(leg.end - leg.start) < 3 * arrow) {  // too short to carry an arrow
      ways += " M" + view.at(leg.start) + " L" + view.at(leg.end);
      continue;
    }
    out << "  <path class=\"leg\" d=\"M" << view.at(leg.start) << " L" << view.at(middle) << stroke
        << " marker-end=\"url(#arrow" << k << ")\"/>\n";
    ways += " M" + view.at(middle) + " L" + view.at(leg.end);
  }
  if (!ways.empty()) out << "  <path class=\"leg\" d=\"" << ways.substr(1) << stroke << "/>\n";
}

/// The first path's contacts: the normal from the touched surface to the ball's centre, and
/// the ball where the path stops.
void drawContacts(std::ostringstream& out, const View& view, const BouncePath& path, double r,
                  double size) {
  std::string normals;
  for (const BounceLeg& leg : path.legs) {
    if (leg.feature.hit == BounceHit::none) continue;
    normals += " M" + view.at(leg.end - r * leg.normal) + " L" + view.at(leg.end);
    circle(out, view, leg.end - r * leg.normal, 0.007 * size,
           std::string("class=\"contact\" fill=\"") +
               (leg.feature.hit == BounceHit::obstacle ? kBroken : "#333") + "\"");
  }
  if (!normals.empty()) {
    out << "  <path class=\"normals\" d=\"" << normals.substr(1)
        << "\" stroke=\"#333\" stroke-width=\"1\" marker-end=\"url(#normal)\" "
           "vector-effect=\"non-scaling-stroke\"/>\n";
  }
  if (!path.legs.empty()) {
    svg::ballAtEnd(out, view, path.legs.back().end, r);
  }
}

std::string legendLine(const BouncePathRecord& record) {
  const std::size_t legs = record.path.legs.size();
  std::string line = record.engine + ": " + std::string(bounceStatusName(record.path.status));
  line += ", " + std::to_string(legs) + (legs == 1 ? " leg" : " legs");
  if (!record.reason.empty()) line += " (" + record.reason + ")";
  return line;
}

Bounds sceneBounds(const BounceScene& scene, std::span<const BouncePathRecord> paths) {
  Bounds box;  // every vertex ± r: the source's arcs around them are in view
  for (const Vec2 v : scene.walls)
    box.add(v, scene.ball.radius);
  for (const auto& obstacle : scene.obstacles) {
    for (const Vec2 v : obstacle)
      box.add(v, scene.ball.radius);
  }
  box.add(scene.ball.center, scene.ball.radius);
  for (const BouncePathRecord& record : paths) {
    for (const BounceLeg& leg : record.path.legs)
      box.add(leg.end, scene.ball.radius);
  }
  return box;
}

}  // namespace

std::string renderBounceSvg(const std::string& id, const BounceScene& scene,
                            std::span<const BouncePathRecord> paths) {
  const Bounds box = sceneBounds(scene, paths);
  const double size = box.size();
  const View view{{box.lo.x, box.hi.y}};
  const double pad = 0.04 * size;
  const double font = 0.028 * size;
  const double r = scene.ball.radius;
  bool broken = false;
  std::ostringstream offsets;
  drawOffset(offsets, scene.walls, r, view, "#6b6b6b", broken);
  for (const auto& obstacle : scene.obstacles)
    drawOffset(offsets, obstacle, r, view, "#2f5d27", broken);
  // The legend: three lines about the scene, a line per path.
  svg::Legend legend{
      {"#222", "scene " + id + ": the ball (radius " + num(r) + ") among walls and obstacles"},
      {"#555", std::string("dashed: the offset boundary, source 001's construction") +
                   (broken ? "; red where it breaks" : "")},
      {"#555", "arrows: the legs; at each contact, the normal from the surface to the centre"}};
  for (std::size_t k = 0; k < paths.size(); ++k)
    legend.emplace_back(pathColour(k), legendLine(paths[k]));
  const double legendHeight = svg::legendHeight(legend, font, svg::kSceneLegend);
  const double x0 = -pad, y0 = -pad - legendHeight;
  // As wide as the scene and its margins, or as its longest legend line.
  const double w =
      std::max(box.hi.x - box.lo.x + 2 * pad, svg::legendWidth(legend, font, svg::kSceneLegend));
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream out;
  svg::openSvg(out, x0, y0, w, h, 640, id, view);
  out << "  <defs>\n";
  for (std::size_t k = 0; k < paths.size(); ++k)
    out << marker("arrow" + std::to_string(k), pathColour(k), 0.028 * size);
  out << marker("normal", "#333", 0.02 * size) << "  </defs>\n";
  svg::sceneShapes(out, scene, view, x0, -pad, w, h - legendHeight);
  out << offsets.str();
  svg::ballAtStart(out, view, scene.ball.center, r);
  for (std::size_t k = paths.size(); k-- > 0;)
    drawLegs(out, view, paths[k].path, k, 0.028 * size);
  if (!paths.empty()) drawContacts(out, view, paths[0].path, r, size);
  svg::writeLegend(out, legend, x0, y0, font, svg::kSceneLegend);
  out << "</svg>\n";
  return out.str();
}

}  // namespace touche::oracle
