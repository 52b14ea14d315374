// touche — the fast engine's generic entry points.
//
// collide / collideFloat go through touche::dispatchCollide (validate → pair table → canonical
// pair → swap roles back), prepare the canonical shapes in T, run the typed function of
// touche/fast/collide.h and widen the result to a core Manifold. Preparing on every call is
// what a generic entry point costs; an engine embedding the fast engine prepares once.
#include <cmath>
#include <variant>

#include "touche/fast/collide.h"
#include "touche/fast/fast.h"

namespace touche::fast {
namespace {

/// Widens a fast manifold to the core type (exact: float and double both fit in double).
template <class T>
Manifold toManifold(const ManifoldT<T>& m) {
  Manifold out;
  if (m.pointCount == 0) return out;
  out.status = Status::contact;
  out.normal = toCore(m.normal);
  out.pointCount = m.pointCount;
  out.flags = m.flags;
  for (int k = 0; k < m.pointCount; ++k) {
    out.points[k].point = toCore(m.points[k].point);
    out.points[k].separation = static_cast<double>(m.points[k].separation);
    out.points[k].id = m.points[k].id;
  }
  return out;
}

/// A transform whose rotation (c, s) is not exactly unit also scales: world = R·local + p with
/// R = k·U, k = |(c, s)|, U a rotation (the contract uses (c, s) as given). The typed API
/// expects unit rotations, so the scale moves into the shape: R·v = U·(k·v). Computed in double
/// (k·v and (c, s)/k each rounded once); k == 1 leaves everything as it is.
struct UnitRotation {
  Transform xf;
  double scale = 1.0;
};

UnitRotation unitRotation(const Transform& xf) {
  const double k = std::hypot(xf.q.c, xf.q.s);  // validated: within a tolerance of 1
  if (k == 1.0) return {xf, 1.0};
  return {{xf.p, {xf.q.c / k, xf.q.s / k}}, k};
}

/// The shape with its local coordinates (vertices, centre, endpoints) multiplied by k; radii
/// unchanged (the contract maps points by R, a radius stays a world distance).
Shape scaled(const Shape& shape, double k) {
  if (k == 1.0) return shape;
  Shape out = shape;
  if (auto* polygon = std::get_if<Polygon>(&out)) {
    for (int i = 0; i < polygon->count; ++i)
      polygon->vertices[i] = k * polygon->vertices[i];
  } else if (auto* circle = std::get_if<Circle>(&out)) {
    circle->center = k * circle->center;
  } else if (auto* capsule = std::get_if<Capsule>(&out)) {
    capsule->p1 = k * capsule->p1;
    capsule->p2 = k * capsule->p2;
  } else if (auto* segment = std::get_if<Segment>(&out)) {
    segment->p1 = k * segment->p1;
    segment->p2 = k * segment->p2;
  }
  return out;
}

/// The canonical pair in T. Shapes arrive in canonical order and validated; rotations that are
/// not exactly unit are split into a unit rotation and a scale of the shape first.
template <class T>
Manifold collideCanonical(PairId id, const Shape& shapeA, const Transform& xfA, const Shape& shapeB,
                          const Transform& xfB, const Options& options) {
  const UnitRotation ua = unitRotation(xfA);
  const UnitRotation ub = unitRotation(xfB);
  const Shape a = scaled(shapeA, ua.scale);
  const Shape b = scaled(shapeB, ub.scale);
  const TransformT<T> xa = toT<T>(ua.xf);
  const TransformT<T> xb = toT<T>(ub.xf);
  const T margin = static_cast<T>(options.margin);
  // One case per canonical pair: prepare both shapes in T (the typed API's overload of
  // prepare<T> for the shape type), run the pair's typed function, widen the result.
  const auto run = [&](auto collideTyped, auto typeA, auto typeB) {
    using A = decltype(typeA);
    using B = decltype(typeB);
    return toManifold(
        collideTyped(prepare<T>(std::get<A>(a)), xa, prepare<T>(std::get<B>(b)), xb, margin));
  };
  switch (id) {
    case PairId::circle_circle:
      return run(&collideCircles<T>, Circle{}, Circle{});
    case PairId::capsule_circle:
      return run(&collideCapsuleAndCircle<T>, Capsule{}, Circle{});
    case PairId::capsule_capsule:
      return run(&collideCapsules<T>, Capsule{}, Capsule{});
    case PairId::polygon_circle:
      return run(&collidePolygonAndCircle<T>, Polygon{}, Circle{});
    case PairId::polygon_capsule:
      return run(&collidePolygonAndCapsule<T>, Polygon{}, Capsule{});
    case PairId::polygon_polygon:
      return run(&collidePolygons<T>, Polygon{}, Polygon{});
    case PairId::segment_circle:
      return run(&collideSegmentAndCircle<T>, Segment{}, Circle{});
    case PairId::segment_capsule:
      return run(&collideSegmentAndCapsule<T>, Segment{}, Capsule{});
    case PairId::segment_polygon:
      return run(&collideSegmentAndPolygon<T>, Segment{}, Polygon{});
    case PairId::chainSegment_circle:
    case PairId::chainSegment_capsule:
    case PairId::chainSegment_polygon:
      // The chain is prepared from the unscaled input: prepareScaled decides its corners'
      // convexity exactly there and scales the points once; B is already scaled.
      return toManifold(collideChainSegmentAndShape(
          prepareScaled<T>(std::get<ChainSegment>(shapeA), ua.scale), xa, b, xb, margin));
    default:
      return statusOnly(Status::unsupported);
  }
}

}  // namespace

bool implements(PairId pair) {
  switch (pair) {
    case PairId::circle_circle:
    case PairId::capsule_circle:
    case PairId::capsule_capsule:
    case PairId::polygon_circle:
    case PairId::polygon_capsule:
    case PairId::polygon_polygon:
    case PairId::segment_circle:
    case PairId::segment_capsule:
    case PairId::segment_polygon:
    case PairId::chainSegment_circle:
    case PairId::chainSegment_capsule:
    case PairId::chainSegment_polygon:
      return true;
    default:
      return false;
  }
}

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options) {
  return dispatchCollide(a, xfA, b, xfB, options, &implements, &collideCanonical<double>);
}

Manifold collideFloat(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                      const Options& options) {
  return dispatchCollide(a, xfA, b, xfB, options, &implements, &collideCanonical<float>);
}

}  // namespace touche::fast
