// touche — shape names and builders.
#include "touche/core/shapes.h"

#include <cmath>
#include <numbers>

namespace touche {

std::string_view shapeTypeName(ShapeType type) {
  switch (type) {
    case ShapeType::circle:
      return "circle";
    case ShapeType::capsule:
      return "capsule";
    case ShapeType::segment:
      return "segment";
    case ShapeType::polygon:
      return "polygon";
    case ShapeType::chainSegment:
      return "chainSegment";
  }
  return "circle";
}

Polygon makeBox(double halfWidth, double halfHeight, double radius) {
  Polygon box;
  box.count = 4;
  box.vertices[0] = {-halfWidth, -halfHeight};
  box.vertices[1] = {halfWidth, -halfHeight};
  box.vertices[2] = {halfWidth, halfHeight};
  box.vertices[3] = {-halfWidth, halfHeight};
  box.radius = radius;
  return box;
}

Polygon makeOffsetBox(double halfWidth, double halfHeight, Vec2 center, Rot rotation) {
  Polygon box = makeBox(halfWidth, halfHeight);
  const Transform xf{center, rotation};
  for (int i = 0; i < box.count; ++i)
    box.vertices[i] = apply(xf, box.vertices[i]);
  return box;
}

Polygon makeRegularPolygon(Vec2 center, double circumradius, int sides, double rotation,
                           double radius) {
  Polygon polygon;
  polygon.count = sides < 3 ? 3 : (sides > kMaxPolygonVertices ? kMaxPolygonVertices : sides);
  polygon.radius = radius;
  const double step = 2.0 * std::numbers::pi / polygon.count;
  for (int k = 0; k < polygon.count; ++k) {
    const double theta = rotation + step * k;
    polygon.vertices[k] = {center.x + circumradius * std::cos(theta),
                           center.y + circumradius * std::sin(theta)};
  }
  return polygon;
}

}  // namespace touche
