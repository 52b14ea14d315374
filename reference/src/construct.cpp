// touche reference — exact constructions shared by every pair (see construct.h for the
// midpoint-rule derivation they implement).
#include "construct.h"

#include <cmath>

#include "rounding.h"

namespace touche::reference {

WorldPolygon toWorldExact(const Polygon& polygon, const Transform& xf) {
  WorldPolygon world;
  world.count = polygon.count;
  world.radius = liftExact(polygon.radius);
  for (int i = 0; i < polygon.count; ++i) {
    world.vertices[i] = toWorldExact(xf, polygon.vertices[i]);
  }
  return world;
}

}  // namespace touche::reference
