// touche — what renderSvg (render.cpp) shares with its derivation layer (render_derivation.cpp):
// a shape's core segment and outline, and the layer itself. Private to touche_oracle.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "svg_parts.h"
#include "touche/core/jsonl.h"

namespace touche::oracle::render_detail {

/// The unit outward normal of the face v1 → v2 of a counter-clockwise polygon (rightPerp of
/// the edge), or 0 for a degenerate edge.
inline Vec2 outwardNormal(Vec2 v1, Vec2 v2) {
  const Vec2 e = v2 - v1;
  const double len = length(e);
  return len > 0 ? Vec2{e.y / len, -e.x / len} : Vec2{0, 0};
}

/// The core segment of a capsule, segment or chain segment in world coordinates, and its
/// radius (0 but for capsules).
struct WorldSegment {
  Vec2 p1, p2;
  double radius = 0.0;
};

inline WorldSegment worldSegment(const Shape& s, const Transform& xf) {
  WorldSegment out;
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (!std::is_same_v<T, Circle> && !std::is_same_v<T, Polygon>) {
          out.p1 = apply(xf, shape.p1);
          out.p2 = apply(xf, shape.p2);
        }
        if constexpr (std::is_same_v<T, Capsule>) out.radius = shape.radius;
      },
      s);
  return out;
}

/// A counter-clockwise polygon, rounded by its radius: offset edges joined by arcs at the
/// vertices (an SVG path's d).
std::string polygonPath(const Polygon& p, const Transform& xf, const svg::View& view);

/// The derivation layer's drawing and its legend lines (none when there is nothing to draw).
struct DerivationLayer {
  std::string svg;
  std::vector<std::string> legend;
};

/// What the derivation layer draws beyond the shapes and points: a chain segment's ghosts, and
/// for a chain step the front of the segment (where its regions and normals are).
void addDerivationBounds(svg::Bounds& box, const Case& c, std::string_view step);

/// RenderLayers::derivation from manifold `m` (the first record's), or with `step` one step of
/// a derivation page (RenderLayers::step).
DerivationLayer derivationLayer(const Case& c, const Manifold& m, const svg::View& view,
                                double size, std::string_view step);

}  // namespace touche::oracle::render_detail
