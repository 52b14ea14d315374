// touche reference — the engine entry point: validation, the pair table and role swapping come
// from touche::dispatchCollide (core/engine.h); this file maps canonical pairs to the
// derivation files (circles.cpp, capsule_circle.cpp, capsule_capsule.cpp, polygon_circle.cpp,
// polygon_capsule.cpp, polygon_polygon.cpp, chain_segment.cpp).
#include <variant>

#include "exact.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

Manifold collideCanonical(PairId id, const Shape& a, const Transform& xfA, const Shape& b,
                          const Transform& xfB, const Options& options) {
  using std::get;
  switch (id) {
    case PairId::circle_circle:
      return collideCircles(get<Circle>(a), xfA, get<Circle>(b), xfB, options);
    case PairId::capsule_circle:
      return collideCapsuleAndCircle(get<Capsule>(a), xfA, get<Circle>(b), xfB, options);
    case PairId::capsule_capsule:
      return collideCapsules(get<Capsule>(a), xfA, get<Capsule>(b), xfB, options);
    case PairId::polygon_circle:
      return collidePolygonAndCircle(get<Polygon>(a), xfA, get<Circle>(b), xfB, options);
    case PairId::polygon_capsule:
      return collidePolygonAndCapsule(get<Polygon>(a), xfA, get<Capsule>(b), xfB, options);
    case PairId::polygon_polygon:
      return collidePolygons(get<Polygon>(a), xfA, get<Polygon>(b), xfB, options);
    case PairId::segment_circle:
      return collideSegmentAndCircle(get<Segment>(a), xfA, get<Circle>(b), xfB, options);
    case PairId::segment_capsule:
      return collideSegmentAndCapsule(get<Segment>(a), xfA, get<Capsule>(b), xfB, options);
    case PairId::segment_polygon:
      return collideSegmentAndPolygon(get<Segment>(a), xfA, get<Polygon>(b), xfB, options);
    case PairId::chainSegment_circle:
      return collideChainSegmentAndCircle(get<ChainSegment>(a), xfA, get<Circle>(b), xfB, options);
    case PairId::chainSegment_capsule:
      return collideChainSegmentAndCapsule(get<ChainSegment>(a), xfA, get<Capsule>(b), xfB,
                                           options);
    case PairId::chainSegment_polygon:
      return collideChainSegmentAndPolygon(get<ChainSegment>(a), xfA, get<Polygon>(b), xfB,
                                           options);
    default:
      return statusOnly(Status::unsupported);
  }
}

}  // namespace

bool implements(PairId pair) {
  // Every pair with area; the others are unsupported by the pair table itself.
  return pairInfo(pair).hasArea;
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
