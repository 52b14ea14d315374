// touche — the fast engine's generic entry points.
//
// collide / collideFloat go through touche::dispatchCollide (validate → pair table → canonical
// pair → swap roles back), prepare the canonical shapes in T, run the typed function of
// touche/fast/collide.h and widen the result to a core Manifold. Preparing on every call is
// what a generic entry point costs; an engine embedding the fast engine prepares once.
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

/// The canonical pair in T. Shapes arrive in canonical order and validated.
template <class T>
Manifold collideCanonical(PairId id, const Shape& a, const Transform& xfA, const Shape& b,
                          const Transform& xfB, const Options& options) {
  const TransformT<T> xa = toT<T>(xfA);
  const TransformT<T> xb = toT<T>(xfB);
  const T margin = static_cast<T>(options.margin);
  switch (id) {
    case PairId::circle_circle:
      return toManifold(collideCircles(prepare<T>(std::get<Circle>(a)), xa,
                                       prepare<T>(std::get<Circle>(b)), xb, margin));
    case PairId::polygon_circle:
      return toManifold(collidePolygonAndCircle(prepare<T>(std::get<Polygon>(a)), xa,
                                                prepare<T>(std::get<Circle>(b)), xb, margin));
    case PairId::polygon_polygon:
      return toManifold(collidePolygons(prepare<T>(std::get<Polygon>(a)), xa,
                                        prepare<T>(std::get<Polygon>(b)), xb, margin));
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
  return dispatchCollide(a, xfA, b, xfB, options, &implements, &collideCanonical<double>);
}

Manifold collideFloat(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                      const Options& options) {
  return dispatchCollide(a, xfA, b, xfB, options, &implements, &collideCanonical<float>);
}

}  // namespace touche::fast
