// touche — touche's shapes as Box2D 2.4.1 shapes, field by field (box2d.cpp); shared by the
// manifold adapter and the cast adapter (box2d_cast.cpp). Private to touche_oracle.
#pragma once

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_polygon_shape.h>

#include <vector>

#include "touche/core/shapes.h"

namespace touche::oracle::box2d::shapes {

/// Rounds a touche vector to Box2D's float vector.
b2Vec2 toB2(Vec2 v);
/// Rounds a transform to float; the rotation (c, s) is used as given, never re-derived.
b2Transform toB2(const Transform& xf);
b2CircleShape toB2(const Circle& circle);
/// The polygon with its float normals and area centroid (as b2PolygonShape::Set() would make
/// them, without its hull step); false when rounding to float made it degenerate.
bool toB2(const Polygon& polygon, double skin, b2PolygonShape* shape);
/// A two-sided edge: touche's segment.
void toB2(const Segment& segment, double skin, b2EdgeShape* edge);
/// A one-sided edge with its ghost vertices: touche's chain segment.
void toB2(const ChainSegment& chain, double skin, b2EdgeShape* edge);

/// The edges Box2D normalises for a segment or a chain segment, with their float lengths.
struct NamedEdge {
  const char* name;
  float length;
};
std::vector<NamedEdge> normalisedEdges(const Shape& shape);

}  // namespace touche::oracle::box2d::shapes
