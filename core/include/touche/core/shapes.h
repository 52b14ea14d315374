// touche — shapes. Plain value types; validation lives in validate.h.
//
// Shape vocabulary follows Box2D v3: circle, capsule, segment (two-sided), polygon (convex,
// counter-clockwise, optionally rounded), chainSegment (one-sided, collides on the right of
// p1→p2, with ghost vertices ghost1 and ghost2 describing its neighbours).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <variant>

#include "touche/core/geometry.h"

namespace touche {

/// Maximum number of polygon vertices (Box2D's b2_maxPolygonVertices).
inline constexpr int kMaxPolygonVertices = 8;

/// Shape kinds. The order is the variant order of Shape.
enum class ShapeType : std::uint8_t { circle, capsule, segment, polygon, chainSegment };
inline constexpr int kShapeTypeCount = 5;

struct Circle {
  Vec2 center;
  double radius = 0.0;
};

struct Capsule {
  Vec2 p1;
  Vec2 p2;
  double radius = 0.0;
};

struct Segment {
  Vec2 p1;
  Vec2 p2;
};

struct ChainSegment {
  Vec2 ghost1;
  Vec2 p1;
  Vec2 p2;
  Vec2 ghost2;
};

/// Convex polygon, vertices counter-clockwise, no three collinear; radius > 0 rounds it.
/// Edge i runs from vertices[i] to vertices[(i + 1) % count]; its outward normal is face i.
struct Polygon {
  std::array<Vec2, kMaxPolygonVertices> vertices{};
  int count = 0;
  double radius = 0.0;
};

using Shape = std::variant<Circle, Capsule, Segment, Polygon, ChainSegment>;

inline ShapeType typeOf(const Shape& shape) {
  return static_cast<ShapeType>(shape.index());
}

/// The name used in JSON ("circle", "capsule", "segment", "polygon", "chainSegment").
std::string_view shapeTypeName(ShapeType type);

/// Axis-aligned box centred on the origin: vertices (−hx,−hy), (hx,−hy), (hx,hy), (−hx,hy).
Polygon makeBox(double halfWidth, double halfHeight, double radius = 0.0);

/// Box centred at `center`, rotated by `rotation` (vertices rounded to double).
Polygon makeOffsetBox(double halfWidth, double halfHeight, Vec2 center, Rot rotation);

/// Regular n-gon (3 ≤ sides ≤ 8): vertex k at center + circumradius·(cos θk, sin θk) with
/// θk = rotation + 2πk/sides (source 004's parametrisation; vertices rounded to double).
Polygon makeRegularPolygon(Vec2 center, double circumradius, int sides, double rotation,
                           double radius = 0.0);

}  // namespace touche
