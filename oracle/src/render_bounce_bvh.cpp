// touche — renderBounceBvhSvg() (render.h): the fast engine's BVH over a bounce scene's features
// and one leg's walk through it (docs/derivations/bvh.md, "The bounce path's broad phase"), in
// two panels drawn y up, coordinates relative to the view's corner (as render_bounce.cpp).
//
// The tree and the walk are the engine's own: fast::buildBounceBvh over fast::featureBounds, and
// traceFrontToBack (core/bvh_tree.h), the walk visitFrontToBack makes with each decision written
// down, offering each visited feature to the leg as fast::firstHit does.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bounce_svg_parts.h"
#include "touche/fast/bounce_bvh.h"
#include "touche/oracle/render.h"

namespace touche::oracle {
namespace {

using svg::Bounds;
using svg::legendNum;
using svg::num;
using svg::View;

/// The levels drawn in the left panel (1: the root's two children), one colour each.
constexpr const char* kLevelColours[] = {"#1f77b4", "#ff7f0e", "#9467bd"};
constexpr const char* kEntered = "#2ca02c";
constexpr const char* kPruned = "#d62728";
constexpr const char* kMissed = "#8c8c8c";
constexpr const char* kContact = "#ff9f1c";
constexpr const char* kLeg = "#1f5fa8";

/// The fast engine's tree over the scene's features and one leg's walk through it.
struct Walk {
  fast::BounceSceneT<double> prepared;
  fast::BounceBvhT<double> bvh;
  BvhTrace trace;
  fast::FirstHitT<double> hit;
  std::vector<int> depths;  ///< by node: 0 the root
};

std::vector<int> nodeDepths(const BvhTreeOf<double>& tree) {
  std::vector<int> depths(tree.nodes.size(), 0);
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {  // children follow their parent
    const BvhNodeOf<double>& node = tree.nodes[i];
    if (node.count > 0) continue;
    for (std::int32_t child = node.first; child < node.first + 2; ++child)
      depths[static_cast<std::size_t>(child)] = depths[i] + 1;
  }
  return depths;
}

Walk walkOf(const BounceScene& scene, const BounceLeg& leg) {
  Walk walk;
  walk.prepared = fast::prepareBounce<double>(scene);
  walk.bvh = fast::buildBounceBvh(walk.prepared);
  const fast::BounceLegT<double> legT{fast::toT<double>(leg.start),
                                      fast::toT<double>(leg.direction)};
  // As fast::firstHit(bvh, scene, leg): the ray from the start, t a length, boxes grown by the
  // margin of the slab test's rounding (the boxes hold r already).
  const CastInput ray{leg.start, leg.direction, 0.0, std::numeric_limits<double>::infinity()};
  const BvhPathOf<double> path = makeBvhPath<double>(ray, walk.bvh.margin);
  walk.trace = traceFrontToBack(walk.bvh.tree, path, [&](std::int32_t item) {
    fast::offerFeature(walk.prepared, static_cast<std::uint32_t>(item), legT, walk.hit);
    return walk.hit.t;
  });
  walk.depths = nodeDepths(walk.bvh.tree);
  return walk;
}

Aabb nodeBox(const BvhNodeOf<double>& node) {
  return {{node.corner[0][0], node.corner[0][1]}, {node.corner[1][0], node.corner[1][1]}};
}

/// Where the leg's ray leaves the box it starts in (its t, the direction being unit).
double exitOf(const Aabb& box, const BounceLeg& leg) {
  double t = std::numeric_limits<double>::infinity();
  const double start[2] = {leg.start.x, leg.start.y};
  const double direction[2] = {leg.direction.x, leg.direction.y};
  const double lower[2] = {box.lower.x, box.lower.y};
  const double upper[2] = {box.upper.x, box.upper.y};
  for (int a = 0; a < 2; ++a) {
    if (direction[a] > 0) t = std::min(t, (upper[a] - start[a]) / direction[a]);
    if (direction[a] < 0) t = std::min(t, (lower[a] - start[a]) / direction[a]);
  }
  return std::max(t, 0.0);
}

/// A box as SVG path data (a closed rectangle).
std::string boxD(const Aabb& box, const View& view) {
  return "M" + view.at({box.lower.x, box.upper.y}) + " H" + num(view.x(box.upper.x)) + " V" +
         num(view.y(box.lower.y)) + " H" + num(view.x(box.lower.x)) + " Z";
}

/// One path of boxes: `cls` names it, `style` strokes (and fills) it.
void boxes(std::ostringstream& out, const std::string& cls, const std::string& d,
           const std::string& style) {
  if (d.empty()) return;
  out << "  <path class=\"" << cls << "\" d=\"" << d.substr(1) << "\" " << style
      << " vector-effect=\"non-scaling-stroke\"/>\n";
}

/// An outline (no fill).
std::string stroke(const char* colour, double width, const char* dashes = nullptr) {
  std::string s =
      std::string("fill=\"none\" stroke=\"") + colour + "\" stroke-width=\"" + num(width) + "\"";
  if (dashes) s += std::string(" stroke-dasharray=\"") + dashes + "\"";
  return s;
}

/// A shape filled with `colour` at `opacity`, outlined in it.
std::string filled(const char* colour, double opacity, double width) {
  return std::string("fill=\"") + colour + "\" fill-opacity=\"" + num(opacity) + "\" stroke=\"" +
         colour + "\" stroke-width=\"" + num(width) + "\"";
}

std::string featureText(const BounceFeature& f) {
  std::string out =
      f.hit == BounceHit::wall ? "wall " : "obstacle " + std::to_string(f.polygon) + " ";
  out += f.type == FeatureType::face ? "face " : "vertex ";
  return out + std::to_string(f.index);
}

/// The left panel: every feature's box, then the tree's levels 1 to 3 over them.
void treePanel(std::ostringstream& out, const Walk& walk, const View& view) {
  std::string features;
  for (std::uint32_t i = 0; i < walk.prepared.features.size(); ++i) {
    const fast::BoxT<double> box = fast::featureBounds(walk.prepared, i);
    features += " " + boxD({fast::toCore(box.min), fast::toCore(box.max)}, view);
  }
  boxes(out, "feature-boxes", features, stroke("#9a9a9a", 0.7));
  const auto& nodes = walk.bvh.tree.nodes;
  for (int level = 3; level >= 1; --level) {
    std::string d;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (walk.depths[i] == level) d += " " + boxD(nodeBox(nodes[i]), view);
    }
    boxes(out, "level-" + std::to_string(level), d,
          stroke(kLevelColours[level - 1], 3.2 - 0.7 * level));
  }
}

/// The right panel: the nodes the walk tested (entered, pruned, missed), the features it
/// offered, the contact's box, and the leg.
void walkPanel(std::ostringstream& out, const Walk& walk, const BounceLeg& leg, double r,
               const View& view) {
  const auto& nodes = walk.bvh.tree.nodes;
  std::string entered, leaves, pruned, missed;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const std::string d = " " + boxD(nodeBox(nodes[i]), view);
    switch (walk.trace.fates[i]) {
      case BvhNodeFate::entered:
        (nodes[i].count > 0 ? leaves : entered) += d;
        break;
      case BvhNodeFate::pruned:
        pruned += d;
        break;
      case BvhNodeFate::missed:
        missed += d;
        break;
      case BvhNodeFate::untested:
        break;
    }
  }
  boxes(out, "missed", missed, stroke(kMissed, 1, "4 3"));
  boxes(out, "pruned", pruned, stroke(kPruned, 1.4, "6 3"));
  boxes(out, "entered", entered, stroke(kEntered, 1.4));
  const bool touches = walk.hit.feature != fast::FirstHitT<double>::npos;
  boxes(out, "offered", leaves, filled(kEntered, 0.18, 1));
  if (touches) {
    const fast::BoxT<double> box = fast::featureBounds(walk.prepared, walk.hit.feature);
    boxes(out, "contact", " " + boxD({fast::toCore(box.min), fast::toCore(box.max)}, view),
          filled(kContact, 0.45, 1.6));
  }
  const std::string line = std::string("fill=\"none\" stroke=\"") + kLeg +
                           "\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"";
  const Vec2 end = touches ? leg.start + walk.hit.t * leg.direction : leg.end;
  out << "  <path class=\"leg\" d=\"M" << view.at(leg.start) << " L" << view.at(end) << "\" "
      << line << " marker-end=\"url(#leg)\"/>\n";
  // The ray goes on past the contact: the boxes it enters there are pruned, not visited.
  const Vec2 beyond = leg.start + exitOf(nodeBox(nodes[0]), leg) * leg.direction;
  if (touches && walk.hit.t < exitOf(nodeBox(nodes[0]), leg)) {
    out << "  <path class=\"ray-beyond\" d=\"M" << view.at(end) << " L" << view.at(beyond)
        << "\" fill=\"none\" stroke=\"" << kLeg
        << "\" stroke-width=\"1.2\" stroke-dasharray=\"2 4\" "
           "vector-effect=\"non-scaling-stroke\"/>\n";
  }
  svg::ballAtStart(out, view, leg.start, r);
  svg::ballAtEnd(out, view, end, r);
}

int countFates(const Walk& walk, BvhNodeFate fate) {
  return static_cast<int>(std::count(walk.trace.fates.begin(), walk.trace.fates.end(), fate));
}

svg::Legend legendOf(const std::string& id, const Walk& walk, std::size_t legIndex,
                     const BounceLeg& leg) {
  const std::size_t features = walk.prepared.features.size();
  svg::Legend legend{
      {"#222", "scene " + id + ": " + std::to_string(features) +
                   " features (faces and arcs), a tree of " +
                   std::to_string(walk.bvh.tree.nodes.size()) + " nodes, depth " +
                   std::to_string(walk.bvh.tree.depth)},
      {"#555",
       "left: each feature's box (grey), where the ball's centre can touch it; the "
       "tree's levels 1 (blue), 2 (orange) and 3 (purple)"},
      {"#555",
       "right: leg " + std::to_string(legIndex) + " from (" + legendNum(leg.start.x) + ", " +
           legendNum(leg.start.y) + "): " + std::to_string(countFates(walk, BvhNodeFate::entered)) +
           " nodes entered (green), " + std::to_string(countFates(walk, BvhNodeFate::pruned)) +
           " pruned (red: entered after the best t), " +
           std::to_string(countFates(walk, BvhNodeFate::missed)) + " missed (grey)"}};
  std::string offered = std::to_string(walk.trace.items.size()) + " of " +
                        std::to_string(features) + " features offered; ";
  if (walk.hit.feature == fast::FirstHitT<double>::npos) {
    offered += "no contact";
  } else {
    offered += "the first contact: " + featureText(walk.prepared.ids[walk.hit.feature]) +
               " at t = " + legendNum(walk.hit.t);
  }
  legend.emplace_back(kContact, offered);
  return legend;
}

}  // namespace

std::string renderBounceBvhSvg(const std::string& id, const BounceScene& scene,
                               const BounceLeg& leg, std::size_t legIndex) {
  const Walk walk = walkOf(scene, leg);
  Bounds box;  // the root's box holds every feature's box, and so the scene
  for (const Vec2 v : scene.walls)
    box.add(v, scene.ball.radius);
  if (!walk.bvh.tree.nodes.empty()) {
    const Aabb root = nodeBox(walk.bvh.tree.nodes[0]);
    box.add(root.lower);
    box.add(root.upper);
  }
  const double size = box.size();
  const View view{{box.lo.x, box.hi.y}};
  const double pad = 0.04 * size;
  const double font = 0.028 * size;
  const double panel = box.hi.x - box.lo.x + 2 * pad;
  const auto legend = legendOf(id, walk, legIndex, leg);
  const double legendHeight = svg::legendHeight(legend, font, svg::kSceneLegend);
  const double x0 = -pad, y0 = -pad - legendHeight;
  const double w = std::max(2 * panel, svg::legendWidth(legend, font, svg::kSceneLegend));
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream out;
  svg::openSvg(out, x0, y0, w, h, 960, id, view,
               " in each panel; the right panel moved right by " + num(panel));
  out << "  <defs>\n" << svg::marker("leg", kLeg, 0.028 * size) << "  </defs>\n";
  out << "  <g class=\"tree\">\n";
  svg::sceneShapes(out, scene, view, x0, -pad, panel, h - legendHeight);
  treePanel(out, walk, view);
  out << "  </g>\n  <g class=\"walk\" transform=\"translate(" << num(panel) << ",0)\">\n";
  svg::sceneShapes(out, scene, view, x0, -pad, panel, h - legendHeight);
  walkPanel(out, walk, leg, scene.ball.radius, view);
  out << "  </g>\n";
  svg::writeLegend(out, legend, x0, y0, font, svg::kSceneLegend);
  out << "</svg>\n";
  return out.str();
}

}  // namespace touche::oracle
