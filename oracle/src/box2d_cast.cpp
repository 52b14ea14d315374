// touche — Box2D 2.4.1's casts as a cast engine (box2d_cast.h).
//
// The shapes are built exactly as the manifold adapter builds them (box2d_shapes.h). A ray is
// b2RayCastInput{p1 = origin, p2 = origin + translation (the sum in double, rounded once to
// float), maxFraction}, and b2Shape::RayCast answers in float with the shape's transform. A
// swept circle is b2ShapeCast with proxy A the shape (polygons and edges carrying
// b2_polygonRadius, as b2PolygonShape and b2EdgeShape are made) and proxy B a b2CircleShape of
// radius r at the origin moved by the translation.
#include "touche/oracle/box2d_cast.h"

#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>

#include <cfloat>
#include <variant>

#include "box2d_shapes.h"

namespace touche::oracle::box2d {
namespace {

using namespace shapes;

std::string number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

/// The b2 shape of a circle, polygon, segment or chain segment, and its RayCast.
bool rayCast(const Shape& shape, const b2RayCastInput& in, const b2Transform& xf,
             b2RayCastOutput* out) {
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    return toB2(*circle).RayCast(out, in, xf, 0);
  }
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    b2PolygonShape b2polygon;
    if (!toB2(*polygon, 0.0, &b2polygon)) return false;  // refused before (castRefusal)
    return b2polygon.RayCast(out, in, xf, 0);
  }
  b2EdgeShape edge;
  if (const auto* segment = std::get_if<Segment>(&shape)) {
    toB2(*segment, 0.0, &edge);
  } else {
    toB2(std::get<ChainSegment>(shape), 0.0, &edge);
  }
  return edge.RayCast(out, in, xf, 0);
}

/// The shape as a Box2D 2.4.1 user makes it for b2ShapeCast: polygons and edges with m_radius =
/// b2_polygonRadius on top of touche's radius, circles with their own radius. b2ShapeCast
/// reads only the proxy (its vertices and radius), so a chain segment is its two-sided edge.
struct SweptShape {
  b2CircleShape circle;
  b2PolygonShape polygon;
  b2EdgeShape edge;
  const b2Shape* shape = nullptr;
};

void toSweptShape(const Shape& shape, SweptShape* out) {
  constexpr double skin = b2_polygonRadius;
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    out->circle = toB2(*circle);
    out->shape = &out->circle;
  } else if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    toB2(*polygon, skin, &out->polygon);  // refused before when it degenerates (castRefusal)
    out->shape = &out->polygon;
  } else if (const auto* segment = std::get_if<Segment>(&shape)) {
    toB2(*segment, skin, &out->edge);
    out->shape = &out->edge;
  } else {
    toB2(std::get<ChainSegment>(shape), skin, &out->edge);
    out->shape = &out->edge;
  }
}

/// A swept circle by b2ShapeCast. It has no maxFraction: the whole translation is cast and a
/// λ beyond maxFraction (compared in float) is a miss. It answers false for an initial overlap
/// (or a miss); the result is a hit at λ with b2ShapeCastOutput's point and normal.
CastResult shapeCast(const Shape& shape, const Transform& xf, const CastInput& input) {
  SweptShape swept;
  toSweptShape(shape, &swept);
  b2CircleShape moving;
  moving.m_p.SetZero();
  moving.m_radius = static_cast<float>(input.radius);
  b2ShapeCastInput in;
  in.proxyA.Set(swept.shape, 0);
  in.proxyB.Set(&moving, 0);
  in.transformA = toB2(xf);
  in.transformB = b2Transform(toB2(input.origin), b2Rot(0.0f));
  in.translationB = toB2(input.translation);
  b2ShapeCastOutput out;
  if (!b2ShapeCast(&out, &in) || out.lambda > static_cast<float>(input.maxFraction)) {
    return castStatusOnly(CastStatus::miss);
  }
  CastResult result;
  result.status = CastStatus::hit;
  result.fraction = out.lambda;
  result.normal = {out.normal.x, out.normal.y};
  result.point = {out.point.x, out.point.y};
  return result;
}

CastResult castPerShape(ShapeType, const Shape& shape, const Transform& xf,
                        const CastInput& input) {
  if (!castRefusal(shape, input).empty()) return castStatusOnly(CastStatus::unsupported);
  if (input.radius > 0.0) return shapeCast(shape, xf, input);
  b2RayCastInput in;
  in.p1 = toB2(input.origin);
  in.p2 = toB2(input.origin + input.translation);
  in.maxFraction = static_cast<float>(input.maxFraction);
  b2RayCastOutput out;
  if (!rayCast(shape, in, toB2(xf), &out)) return castStatusOnly(CastStatus::miss);
  CastResult result;
  result.status = CastStatus::hit;
  result.fraction = out.fraction;
  result.normal = {out.normal.x, out.normal.y};
  const b2Vec2 point = in.p1 + out.fraction * (in.p2 - in.p1);
  result.point = {point.x, point.y};
  return result;
}

}  // namespace

bool castImplements(ShapeType type) {
  return type != ShapeType::capsule;
}

std::string castRefusal(const Shape& shape, const CastInput& input) {
  if (std::holds_alternative<Capsule>(shape)) {
    return "Box2D 2.4.1 has no capsule shape";
  }
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    if (polygon->radius != 0.0 && input.radius == 0.0) {
      return "b2PolygonShape::RayCast ignores m_radius; shape.radius is " + number(polygon->radius);
    }
    b2PolygonShape ignored;
    if (!toB2(*polygon, 0.0, &ignored)) return "the polygon degenerates when rounded to float";
  }
  if (input.radius > 0.0) return "";  // b2ShapeCast normalises no edge
  for (const NamedEdge& edge : normalisedEdges(shape)) {
    if (!(edge.length >= FLT_EPSILON)) {
      return std::string("the ") + edge.name + " is shorter than FLT_EPSILON in float";
    }
  }
  return "";
}

CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input) {
  return dispatchCast(shape, xf, input, &castImplements, &castPerShape);
}

}  // namespace touche::oracle::box2d
