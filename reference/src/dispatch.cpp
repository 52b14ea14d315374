// touche reference — the engine entry point: validation, the pair table and role swapping come
// from touche::dispatchCollide (core/engine.h); this file maps canonical pairs to the
// derivation files (circles.cpp, polygon_circle.cpp, polygon_polygon.cpp).
#include <variant>

#include "exact.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

Manifold collideCanonical(PairId id, const Shape& a, const Transform& xfA, const Shape& b,
                          const Transform& xfB, const Options& options) {
  switch (id) {
    case PairId::circle_circle:
      return collideCircles(std::get<Circle>(a), xfA, std::get<Circle>(b), xfB, options);
    case PairId::polygon_circle:
      return collidePolygonAndCircle(std::get<Polygon>(a), xfA, std::get<Circle>(b), xfB, options);
    case PairId::polygon_polygon:
      return collidePolygons(std::get<Polygon>(a), xfA, std::get<Polygon>(b), xfB, options);
    default:
      return statusOnly(Status::unsupported);
  }
}

}  // namespace

bool implements(PairId pair) {
  return pair == PairId::circle_circle || pair == PairId::polygon_circle ||
         pair == PairId::polygon_polygon;
}

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options) {
  // Validation rejects non-finite input first; the exact layer still refuses any non-finite
  // double that slips through (NonFiniteValue) and that becomes an error status, not an abort.
  try {
    return dispatchCollide(a, xfA, b, xfB, options, &implements, &collideCanonical);
  } catch (const NonFiniteValue&) {
    return statusOnly(Status::error);
  }
}

}  // namespace touche::reference
