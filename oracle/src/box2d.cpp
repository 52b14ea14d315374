// touche — Box2D 2.4.1 adapter (see box2d.h).
//
// Conversion rules, all read off Box2D 2.4.1's sources:
// - b2CollideCircles / b2CollidePolygonAndCircle / b2CollidePolygons fill a local b2Manifold;
//   b2WorldManifold::Initialize turns it into a world normal (A → B), points midway between
//   the surfaces and separations (b2_collision.cpp). That is already touche's point convention.
// - Feature ids come from b2ContactFeature (typeA, indexA, typeB, indexB; e_vertex = 0,
//   e_face = 1). Circle manifolds set id.key = 0, i.e. (vertex 0, vertex 0) whatever the
//   region: they carry no feature information (Conventions::compareCircleIds = false).
#include "touche/oracle/box2d.h"

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_polygon_shape.h>

#include <cmath>
#include <variant>

namespace touche::oracle::box2d {
namespace {

/// Rounds a touche vector to Box2D's float vector.
b2Vec2 toB2(Vec2 v) {
  return b2Vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}

/// Rounds a transform to float; the rotation (c, s) is used as given, never re-derived.
b2Transform toB2(const Transform& xf) {
  b2Rot q;
  q.c = static_cast<float>(xf.q.c);
  q.s = static_cast<float>(xf.q.s);
  return b2Transform(toB2(xf.p), q);
}

b2CircleShape toB2(const Circle& circle) {
  b2CircleShape shape;
  shape.m_p = toB2(circle.center);
  shape.m_radius = static_cast<float>(circle.radius);
  return shape;
}

/// Builds the b2PolygonShape field by field from a validated counter-clockwise polygon, as
/// b2PolygonShape::Set() would after its hull step: normal i = normalize(cross(edge i, 1)),
/// i.e. the edge rotated clockwise, in float. Returns false when rounding to float made the
/// polygon degenerate (a zero-length edge or a non-left turn), which Box2D cannot take.
bool toB2(const Polygon& polygon, double skin, b2PolygonShape* shape) {
  shape->m_count = polygon.count;
  b2Vec2 sum(0.0f, 0.0f);
  for (int i = 0; i < polygon.count; ++i) {
    shape->m_vertices[i] = toB2(polygon.vertices[i]);
    sum += shape->m_vertices[i];
  }
  for (int i = 0; i < polygon.count; ++i) {
    const b2Vec2 v1 = shape->m_vertices[i];
    const b2Vec2 v2 = shape->m_vertices[(i + 1) % polygon.count];
    const b2Vec2 v3 = shape->m_vertices[(i + 2) % polygon.count];
    const b2Vec2 edge = v2 - v1;
    const double turn =
        static_cast<double>(edge.x) * (v3.y - v2.y) - static_cast<double>(edge.y) * (v3.x - v2.x);
    if (!(turn > 0.0)) return false;
    shape->m_normals[i] = b2Cross(edge, 1.0f);
    if (shape->m_normals[i].Normalize() == 0.0f) return false;
  }
  // Box2D only uses the centroid for mass; the vertex average is inside and good enough.
  shape->m_centroid = (1.0f / static_cast<float>(polygon.count)) * sum;
  shape->m_radius = static_cast<float>(polygon.radius + skin);
  return true;
}

FeatureId toFeatureId(const b2ContactFeature& cf) {
  auto type = [](uint8 t) {
    return t == b2ContactFeature::e_face ? FeatureType::face : FeatureType::vertex;
  };
  return {type(cf.typeA), cf.indexA, type(cf.typeB), cf.indexB};
}

/// b2WorldManifold::Initialize, then widened into touche's manifold.
Manifold toManifold(const b2Manifold& local, const b2Transform& xfA, float radiusA,
                    const b2Transform& xfB, float radiusB) {
  if (local.pointCount == 0) return statusOnly(Status::noContact);
  b2WorldManifold world;
  world.Initialize(&local, xfA, radiusA, xfB, radiusB);
  Manifold m;
  m.status = Status::contact;
  m.normal = {world.normal.x, world.normal.y};
  m.pointCount = local.pointCount;
  for (int i = 0; i < local.pointCount; ++i) {
    m.points[i].point = {world.points[i].x, world.points[i].y};
    m.points[i].separation = world.separations[i];
    m.points[i].id = toFeatureId(local.points[i].id.cf);
  }
  return m;
}

Manifold collideCircles(const Circle& a, const Transform& xfA, const Circle& b,
                        const Transform& xfB) {
  const b2CircleShape shapeA = toB2(a);
  const b2CircleShape shapeB = toB2(b);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollideCircles(&local, &shapeA, b2xfA, &shapeB, b2xfB);
  return toManifold(local, b2xfA, shapeA.m_radius, b2xfB, shapeB.m_radius);
}

Manifold collidePolygonAndCircle(const Polygon& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, double skin) {
  b2PolygonShape shapeA;
  if (!toB2(a, skin, &shapeA)) return statusOnly(Status::error);
  const b2CircleShape shapeB = toB2(b);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollidePolygonAndCircle(&local, &shapeA, b2xfA, &shapeB, b2xfB);
  return toManifold(local, b2xfA, shapeA.m_radius, b2xfB, shapeB.m_radius);
}

Manifold collidePolygons(const Polygon& a, const Transform& xfA, const Polygon& b,
                         const Transform& xfB, double skin) {
  b2PolygonShape shapeA;
  b2PolygonShape shapeB;
  if (!toB2(a, skin, &shapeA) || !toB2(b, skin, &shapeB)) return statusOnly(Status::error);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollidePolygons(&local, &shapeA, b2xfA, &shapeB, b2xfB);
  return toManifold(local, b2xfA, shapeA.m_radius, b2xfB, shapeB.m_radius);
}

/// The canonical-pair dispatch shared by both engines; `skin` is added to every polygon.
Manifold collideCanonical(PairId id, const Shape& a, const Transform& xfA, const Shape& b,
                          const Transform& xfB, double skin) {
  switch (id) {
    case PairId::circle_circle:
      return collideCircles(std::get<Circle>(a), xfA, std::get<Circle>(b), xfB);
    case PairId::polygon_circle:
      return collidePolygonAndCircle(std::get<Polygon>(a), xfA, std::get<Circle>(b), xfB, skin);
    case PairId::polygon_polygon:
      return collidePolygons(std::get<Polygon>(a), xfA, std::get<Polygon>(b), xfB, skin);
    default:
      return statusOnly(Status::unsupported);
  }
}

Manifold collideWith(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                     const Options& options, double skin) {
  if (validateInput(a, xfA, b, xfB, options)) return statusOnly(Status::error);
  if (options.margin != 0.0) return statusOnly(Status::unsupported);
  return dispatchCollide(
      a, xfA, b, xfB, options, &implements,
      [skin](PairId id, const Shape& sa, const Transform& xa, const Shape& sb, const Transform& xb,
             const Options&) { return collideCanonical(id, sa, xa, sb, xb, skin); });
}

}  // namespace

bool implements(PairId pair) {
  return pair == PairId::circle_circle || pair == PairId::polygon_circle ||
         pair == PairId::polygon_polygon;
}

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options) {
  return collideWith(a, xfA, b, xfB, options, 0.0);
}

Manifold collideWithSkin(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                         const Options& options) {
  return collideWith(a, xfA, b, xfB, options, kPolygonSkin);
}

}  // namespace touche::oracle::box2d
