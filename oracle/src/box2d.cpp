// touche — Box2D 2.4.1 adapter (see box2d.h).
//
// Conversion rules, all read off Box2D 2.4.1's sources:
// - b2CollideCircles / b2CollidePolygonAndCircle / b2CollidePolygons / b2CollideEdgeAndCircle /
//   b2CollideEdgeAndPolygon fill a local b2Manifold; b2WorldManifold::Initialize turns it into a
//   world normal (A → B), points midway between the surfaces and separations
//   (b2_collision.cpp). That is already touche's point convention.
// - Feature ids come from b2ContactFeature (typeA, indexA, typeB, indexB; e_vertex = 0,
//   e_face = 1). Circle–circle and polygon–circle manifolds set id.key = 0, i.e. (vertex 0,
//   vertex 0) whatever the region: they carry no feature information
//   (Conventions::compareCircleIds = false). Edge manifolds name the edge's vertices 0 (m_vertex1)
//   and 1 (m_vertex2) as touche does, but always call the edge "face 0"; touche's face 1 is the
//   edge's left side, so the adapter names the side the normal leaves A through (mapEdgeIds).
#include "touche/oracle/box2d.h"

#include "box2d_shapes.h"

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_polygon_shape.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace touche::oracle::box2d {
// The shape builders, shared with the cast adapter (box2d_shapes.h).
namespace shapes {

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

/// The polygon's vertices rounded to float, as Box2D would hold them.
int floatVertices(const Polygon& polygon, b2Vec2* out) {
  for (int i = 0; i < polygon.count; ++i)
    out[i] = toB2(polygon.vertices[i]);
  return polygon.count;
}

/// Area and area centroid of a float polygon, as b2PolygonShape::Set() computes them (its
/// ComputeCentroid): a fan of triangles from vertex 0, each contributing half its cross product
/// to the area and that weight times its centroid to the centre, all in float.
struct FloatCentroid {
  float area = 0.0f;
  b2Vec2 centroid{0.0f, 0.0f};
};
FloatCentroid areaCentroid(const b2Vec2* vertices, int count) {
  FloatCentroid out;
  const b2Vec2 origin = vertices[0];
  b2Vec2 weighted(0.0f, 0.0f);
  for (int i = 1; i + 1 < count; ++i) {
    const b2Vec2 e1 = vertices[i] - origin;
    const b2Vec2 e2 = vertices[i + 1] - origin;
    const float triangle = 0.5f * b2Cross(e1, e2);
    out.area += triangle;
    weighted += (triangle / 3.0f) * (e1 + e2);
  }
  if (out.area > 0.0f) out.centroid = origin + (1.0f / out.area) * weighted;
  return out;
}

/// Builds the b2PolygonShape field by field from a validated counter-clockwise polygon, as
/// b2PolygonShape::Set() would after its hull step: normal i = normalize(cross(edge i, 1)),
/// i.e. the edge rotated clockwise, in float; the centroid is Set()'s area centroid (the edge
/// collider tests it against a one-sided edge). Returns false when rounding to float made the
/// polygon degenerate (a zero-length edge or a non-left turn), which Box2D cannot take.
bool toB2(const Polygon& polygon, double skin, b2PolygonShape* shape) {
  shape->m_count = floatVertices(polygon, shape->m_vertices);
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
  shape->m_centroid = areaCentroid(shape->m_vertices, shape->m_count).centroid;
  shape->m_radius = static_cast<float>(polygon.radius + skin);
  return true;
}

/// An edge from p1 to p2 (refusal() has made sure its float length is at least FLT_EPSILON).
void toB2Edge(Vec2 p1, Vec2 p2, double skin, b2EdgeShape* edge) {
  edge->m_vertex1 = toB2(p1);
  edge->m_vertex2 = toB2(p2);
  edge->m_radius = static_cast<float>(skin);
}

/// A two-sided edge (b2EdgeShape::SetTwoSided): touche's segment.
void toB2(const Segment& segment, double skin, b2EdgeShape* edge) {
  edge->m_oneSided = false;
  toB2Edge(segment.p1, segment.p2, skin, edge);
}

/// A one-sided edge with its ghost vertices, as b2ChainShape::GetChildEdge makes it
/// (b2EdgeShape::SetOneSided): touche's chain segment. Box2D keeps the side to the right of
/// m_vertex1 → m_vertex2, as touche does.
void toB2(const ChainSegment& chain, double skin, b2EdgeShape* edge) {
  edge->m_oneSided = true;
  edge->m_vertex0 = toB2(chain.ghost1);
  edge->m_vertex3 = toB2(chain.ghost2);
  toB2Edge(chain.p1, chain.p2, skin, edge);
}

/// The float length of an edge p → q, as Box2D's b2Vec2::Length computes it.
float floatLength(Vec2 p, Vec2 q) {
  return (toB2(q) - toB2(p)).Length();
}

/// The edges Box2D normalises for a segment (the segment) or a chain segment (the segment and
/// both ghost edges), with their names; empty for other shapes.
std::vector<NamedEdge> normalisedEdges(const Shape& shape) {
  if (const auto* s = std::get_if<Segment>(&shape)) return {{"segment", floatLength(s->p1, s->p2)}};
  if (const auto* c = std::get_if<ChainSegment>(&shape)) {
    return {{"chain segment", floatLength(c->p1, c->p2)},
            {"ghost edge ghost1 -> p1", floatLength(c->ghost1, c->p1)},
            {"ghost edge p2 -> ghost2", floatLength(c->p2, c->ghost2)}};
  }
  return {};
}

}  // namespace shapes

namespace {

using namespace shapes;

/// What collideNative asks of the collide functions: the bug to plant, and Box2D's own manifold
/// (after it).
struct Native {
  Mutation mutation = Mutation::none;
  b2Manifold local{};
};

/// The separation b2CollidePolygons filters point i with — the clip point's distance along the
/// reference face's normal from the face's plane — recomputed in float from the manifold.
float clipSeparation(const b2Manifold& local, int i, const b2Transform& xfA,
                     const b2Transform& xfB) {
  const bool onB = local.type == b2Manifold::e_faceB;
  const b2Transform& reference = onB ? xfB : xfA;
  const b2Transform& incident = onB ? xfA : xfB;
  const b2Vec2 normal = b2Mul(reference.q, local.localNormal);
  const b2Vec2 plane = b2Mul(reference, local.localPoint);
  return b2Dot(normal, b2Mul(incident, local.points[i].localPoint)) - b2Dot(normal, plane);
}

/// Plants `mutation` in b2CollidePolygons' answer (docs: box2d.h, Mutation).
void plant(Mutation mutation, float totalRadius, const b2Transform& xfA, const b2Transform& xfB,
           b2Manifold* local) {
  const bool flipped = local->type == b2Manifold::e_faceB;
  int kept = 0;
  for (int i = 0; i < local->pointCount; ++i) {
    b2ContactFeature& cf = local->points[i].id.cf;
    const bool clipped = (flipped ? cf.typeB : cf.typeA) == b2ContactFeature::e_vertex;
    if (mutation == Mutation::unswappedFlip && flipped) {
      cf = b2ContactFeature{cf.indexB, cf.indexA, cf.typeB, cf.typeA};
    }
    if (mutation == Mutation::clipIndicesExchanged && clipped) std::swap(cf.indexA, cf.indexB);
    if (mutation == Mutation::strictPointFilter &&
        !(clipSeparation(*local, i, xfA, xfB) < totalRadius)) {
      continue;
    }
    local->points[kept++] = local->points[i];
  }
  local->pointCount = kept;
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

/// The edge's side the normal (A → B) leaves it through: touche's face 0 is the right of
/// m_vertex1 → m_vertex2 (outward normal rightPerp(e)), face 1 the left; a normal exactly along
/// the edge goes to the lower index.
std::uint8_t edgeSide(const b2EdgeShape& edge, const b2Transform& xfA, Vec2 worldNormal) {
  const b2Vec2 e = edge.m_vertex2 - edge.m_vertex1;
  const b2Vec2 n =
      b2MulT(xfA.q, b2Vec2(static_cast<float>(worldNormal.x), static_cast<float>(worldNormal.y)));
  const double side = static_cast<double>(e.y) * n.x - static_cast<double>(e.x) * n.y;
  return side >= 0.0 ? 0 : 1;
}

/// Edge (A) against circle (B), b2CollideEdgeAndCircle: (vertex k, vertex 0) in the corner
/// regions, (face 0, vertex 0) in the interior whichever side; the face becomes the side.
void mapEdgeCircleIds(const b2EdgeShape& edge, const b2Transform& xfA, Manifold* m) {
  if (m->status != Status::contact) return;
  FeatureId& id = m->points[0].id;
  if (id.typeA == FeatureType::face) id.indexA = edgeSide(edge, xfA, m->normal);
}

/// Edge (A) against polygon (B), b2CollideEdgeAndPolygon.
/// - e_faceA (the edge is the reference): kept polygon vertex j is (face 0, vertex j), a point
///   clipped at edge vertex k is (vertex k, face i) with i the incident face — touche's ids,
///   except that the face is the side the normal leaves through.
/// - e_faceB (polygon face f is the reference): 2.4.1 builds the clip vertices already in
///   (edge, polygon) order and then swaps A and B once more, so a kept edge vertex j comes out
///   as (face f, vertex j) and a point clipped at polygon vertex k as (face f, vertex k), both
///   halves naming polygon features. The kept ones are recognised by their local point being
///   exactly the edge vertex: (vertex j, face f); the clipped ones are (face g, vertex k) with
///   g the edge side facing B (touche's incident face).
void mapEdgePolygonIds(const b2Manifold& local, const b2EdgeShape& edge, const b2Transform& xfA,
                       Manifold* m) {
  if (m->status != Status::contact) return;
  const std::uint8_t side = edgeSide(edge, xfA, m->normal);
  for (int i = 0; i < m->pointCount; ++i) {
    FeatureId& id = m->points[i].id;
    if (local.type == b2Manifold::e_faceA) {
      if (id.typeA == FeatureType::face) id.indexA = side;
      continue;
    }
    const b2ContactFeature& cf = local.points[i].id.cf;
    const b2Vec2 kept = cf.indexB == 0 ? edge.m_vertex1 : edge.m_vertex2;
    if (cf.indexB <= 1 && local.points[i].localPoint == kept) {
      id = {FeatureType::vertex, cf.indexB, FeatureType::face, cf.indexA};
    } else {
      id = {FeatureType::face, side, FeatureType::vertex, cf.indexB};
    }
  }
}

Manifold collideCircles(const Circle& a, const Transform& xfA, const Circle& b,
                        const Transform& xfB, Native* native) {
  const b2CircleShape shapeA = toB2(a);
  const b2CircleShape shapeB = toB2(b);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollideCircles(&local, &shapeA, b2xfA, &shapeB, b2xfB);
  if (native) native->local = local;
  return toManifold(local, b2xfA, shapeA.m_radius, b2xfB, shapeB.m_radius);
}

Manifold collidePolygonAndCircle(const Polygon& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, double skin, Native* native) {
  b2PolygonShape shapeA;
  if (!toB2(a, skin, &shapeA)) return statusOnly(Status::error);
  const b2CircleShape shapeB = toB2(b);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollidePolygonAndCircle(&local, &shapeA, b2xfA, &shapeB, b2xfB);
  if (native) native->local = local;
  return toManifold(local, b2xfA, shapeA.m_radius, b2xfB, shapeB.m_radius);
}

Manifold collidePolygons(const Polygon& a, const Transform& xfA, const Polygon& b,
                         const Transform& xfB, double skin, Native* native) {
  b2PolygonShape shapeA;
  b2PolygonShape shapeB;
  if (!toB2(a, skin, &shapeA) || !toB2(b, skin, &shapeB)) return statusOnly(Status::error);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollidePolygons(&local, &shapeA, b2xfA, &shapeB, b2xfB);
  if (native) {
    plant(native->mutation, shapeA.m_radius + shapeB.m_radius, b2xfA, b2xfB, &local);
    native->local = local;
  }
  return toManifold(local, b2xfA, shapeA.m_radius, b2xfB, shapeB.m_radius);
}

/// Segment or chain segment (A) against a circle (B): b2CollideEdgeAndCircle.
template <typename EdgeLike>
Manifold collideEdgeAndCircle(const EdgeLike& a, const Transform& xfA, const Circle& b,
                              const Transform& xfB, double skin, Native* native) {
  b2EdgeShape edge;
  toB2(a, skin, &edge);
  const b2CircleShape circle = toB2(b);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollideEdgeAndCircle(&local, &edge, b2xfA, &circle, b2xfB);
  if (native) native->local = local;
  Manifold m = toManifold(local, b2xfA, edge.m_radius, b2xfB, circle.m_radius);
  mapEdgeCircleIds(edge, b2xfA, &m);
  return m;
}

/// Segment or chain segment (A) against a polygon (B): b2CollideEdgeAndPolygon.
template <typename EdgeLike>
Manifold collideEdgeAndPolygon(const EdgeLike& a, const Transform& xfA, const Polygon& b,
                               const Transform& xfB, double skin, Native* native) {
  b2EdgeShape edge;
  toB2(a, skin, &edge);
  b2PolygonShape polygon;
  if (!toB2(b, skin, &polygon)) return statusOnly(Status::error);
  const b2Transform b2xfA = toB2(xfA);
  const b2Transform b2xfB = toB2(xfB);
  b2Manifold local;
  b2CollideEdgeAndPolygon(&local, &edge, b2xfA, &polygon, b2xfB);
  if (native) native->local = local;
  Manifold m = toManifold(local, b2xfA, edge.m_radius, b2xfB, polygon.m_radius);
  mapEdgePolygonIds(local, edge, b2xfA, &m);
  return m;
}

/// The canonical-pair dispatch shared by both engines; `skin` is added to every polygon and
/// edge (Box2D gives both b2_polygonRadius). `native`: keep Box2D's own manifold there.
Manifold collideCanonical(PairId id, const Shape& a, const Transform& xfA, const Shape& b,
                          const Transform& xfB, double skin, Native* native = nullptr) {
  switch (id) {
    case PairId::circle_circle:
      return collideCircles(std::get<Circle>(a), xfA, std::get<Circle>(b), xfB, native);
    case PairId::polygon_circle:
      return collidePolygonAndCircle(std::get<Polygon>(a), xfA, std::get<Circle>(b), xfB, skin,
                                     native);
    case PairId::polygon_polygon:
      return collidePolygons(std::get<Polygon>(a), xfA, std::get<Polygon>(b), xfB, skin, native);
    case PairId::segment_circle:
      return collideEdgeAndCircle(std::get<Segment>(a), xfA, std::get<Circle>(b), xfB, skin,
                                  native);
    case PairId::segment_polygon:
      return collideEdgeAndPolygon(std::get<Segment>(a), xfA, std::get<Polygon>(b), xfB, skin,
                                   native);
    case PairId::chainSegment_circle:
      return collideEdgeAndCircle(std::get<ChainSegment>(a), xfA, std::get<Circle>(b), xfB, skin,
                                  native);
    case PairId::chainSegment_polygon:
      return collideEdgeAndPolygon(std::get<ChainSegment>(a), xfA, std::get<Polygon>(b), xfB, skin,
                                   native);
    default:
      return statusOnly(Status::unsupported);
  }
}

/// The float area of a polygon as b2PolygonShape::Set() computes it, or nothing for a shape
/// that is not a polygon.
std::optional<float> floatArea(const Shape& shape) {
  const auto* polygon = std::get_if<Polygon>(&shape);
  if (polygon == nullptr) return std::nullopt;
  b2Vec2 vertices[b2_maxPolygonVertices];
  const int count = floatVertices(*polygon, vertices);
  return areaCentroid(vertices, count).area;
}

Manifold collideWith(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                     const Options& options, double skin, Native* native = nullptr) {
  if (validateInput(a, xfA, b, xfB, options)) return statusOnly(Status::error);
  if (options.margin != 0.0) return statusOnly(Status::unsupported);
  if (!refusal(a, b).empty()) return statusOnly(Status::unsupported);
  return dispatchCollide(a, xfA, b, xfB, options, skin == 0.0 ? &implements : &implementsWithSkin,
                         [skin, native](PairId id, const Shape& sa, const Transform& xa,
                                        const Shape& sb, const Transform& xb, const Options&) {
                           return collideCanonical(id, sa, xa, sb, xb, skin, native);
                         });
}

}  // namespace

bool implements(PairId pair) {
  switch (pair) {
    case PairId::circle_circle:
    case PairId::polygon_circle:
    case PairId::polygon_polygon:
    case PairId::segment_circle:
    case PairId::segment_polygon:
    case PairId::chainSegment_circle:
    case PairId::chainSegment_polygon:
      return true;
    default:
      return false;
  }
}

bool implementsWithSkin(PairId pair) {
  return implements(pair) && pair != PairId::chainSegment_circle &&
         pair != PairId::chainSegment_polygon;
}

std::string refusal(const Shape& a, const Shape& b) {
  char text[280];
  for (const Shape* shape : {&a, &b}) {
    const char role = shape == &a ? 'a' : 'b';
    const std::optional<float> area = floatArea(*shape);
    if (area && !(*area > FLT_EPSILON)) {
      std::snprintf(text, sizeof text,
                    "Box2D 2.4.1 cannot build polygon %c: its area in float is %a (%.9g), not "
                    "above b2_epsilon = FLT_EPSILON (b2PolygonShape::Set asserts on it)",
                    role, static_cast<double>(*area), static_cast<double>(*area));
      return text;
    }
    for (const NamedEdge& edge : normalisedEdges(*shape)) {
      if (edge.length >= FLT_EPSILON) continue;
      std::snprintf(text, sizeof text,
                    "Box2D 2.4.1 cannot take %s of shape %c: its length in float is %a (%.9g), "
                    "below b2_epsilon = FLT_EPSILON (b2Vec2::Normalize leaves its normal "
                    "unnormalised)",
                    edge.name, role, static_cast<double>(edge.length),
                    static_cast<double>(edge.length));
      return text;
    }
  }
  return "";
}

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options) {
  return collideWith(a, xfA, b, xfB, options, 0.0);
}

Manifold collideWithSkin(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                         const Options& options) {
  return collideWith(a, xfA, b, xfB, options, kPolygonSkin);
}

NativeManifold collideNative(const Shape& a, const Transform& xfA, const Shape& b,
                             const Transform& xfB, const Options& options, Mutation mutation) {
  Native native{mutation, {}};
  NativeManifold out;
  out.manifold = collideWith(a, xfA, b, xfB, options, 0.0, &native);
  if (out.manifold.status != Status::contact) return out;
  const bool swapped = lookupPair(typeOf(a), typeOf(b)).swapped;
  out.referenceOnB = native.local.type == b2Manifold::e_faceB;
  for (int i = 0; i < out.manifold.pointCount; ++i) {
    const b2ContactFeature& cf = native.local.points[i].id.cf;
    out.features[i] = swapped ? NativeFeature{cf.indexB, cf.indexA, cf.typeB, cf.typeA}
                              : NativeFeature{cf.indexA, cf.indexB, cf.typeA, cf.typeB};
  }
  return out;
}

}  // namespace touche::oracle::box2d
