// touche — Box2D v3's casts as a cast engine (box2d_v3.h, "Casts"): v3's ray and shape cast
// functions on the shape as v3 builds it (box2d_v3_shapes.h), in the shape's frame.
#include "box2d_v3_shapes.h"
#include "touche/oracle/box2d_v3.h"

namespace touche::oracle::box2d_v3 {
namespace {

using api::b2CastOutput;
using api::b2Transform;
using api::b2Vec2;
using shapes::toV3;
using shapes::V3Shape;

/// v3's ray cast of the shape (b2RayCastShape's choice per shape type).
b2CastOutput rayCast(const V3Shape& s, const api::b2RayCastInput& in) {
  switch (s.kind) {
    case V3Shape::circle:
      return api::b2RayCastCircle(&in, &s.circleShape);
    case V3Shape::capsule:
      return api::b2RayCastCapsule(&in, &s.capsuleShape);
    case V3Shape::polygon:
      return api::b2RayCastPolygon(&in, &s.polygonShape);
    case V3Shape::segment:
      return api::b2RayCastSegment(&in, &s.segmentShape, false);
    case V3Shape::chain:
      return api::b2RayCastSegment(&in, &s.chainShape.segment, true);
  }
  return {};
}

/// v3's shape cast of the shape (b2ShapeCastShape's choice per shape type: a chain segment is
/// cast as its segment).
b2CastOutput shapeCast(const V3Shape& s, const api::b2ShapeCastInput& in) {
  switch (s.kind) {
    case V3Shape::circle:
      return api::b2ShapeCastCircle(&in, &s.circleShape);
    case V3Shape::capsule:
      return api::b2ShapeCastCapsule(&in, &s.capsuleShape);
    case V3Shape::polygon:
      return api::b2ShapeCastPolygon(&in, &s.polygonShape);
    case V3Shape::segment:
      return api::b2ShapeCastSegment(&in, &s.segmentShape);
    case V3Shape::chain:
      return api::b2ShapeCastSegment(&in, &s.chainShape.segment);
  }
  return {};
}

/// b2CastOutput in the shape's frame as a touche result in world coordinates: no hit a miss;
/// a hit at fraction 0 with normal (0, 0) v3's initial overlap (b2CastOutput's comment).
CastResult toResult(const b2CastOutput& out, const b2Transform& xf) {
  if (!out.hit) return castStatusOnly(CastStatus::miss);
  if (out.fraction == 0.0f && out.normal.x == 0.0f && out.normal.y == 0.0f) {
    return castStatusOnly(CastStatus::initialOverlap);
  }
  const b2Vec2 point = api::b2TransformPoint(xf, out.point);
  const b2Vec2 normal = api::b2RotateVector(xf.q, out.normal);
  CastResult result;
  result.status = CastStatus::hit;
  result.fraction = out.fraction;
  result.point = {point.x, point.y};
  result.normal = {normal.x, normal.y};
  return result;
}

CastResult castPerShape(ShapeType, const Shape& shape, const Transform& xf,
                        const CastInput& input) {
  if (!castRefusal(shape, input).empty()) return castStatusOnly(CastStatus::unsupported);
  shapes::installAssertHandler();
  const V3Shape v3 = toV3(shape);
  const b2Transform v3xf = toV3(xf);
  // Into the shape's frame, as b2RayCastShape and b2ShapeCastShape bring a world query there.
  const b2Vec2 origin = api::b2InvTransformPoint(v3xf, toV3(input.origin));
  const b2Vec2 translation = api::b2InvRotateVector(v3xf.q, toV3(input.translation));
  const float maxFraction = static_cast<float>(input.maxFraction);
  if (input.radius == 0.0) {
    const api::b2RayCastInput in{origin, translation, maxFraction};
    return toResult(rayCast(v3, in), v3xf);
  }
  api::b2ShapeCastInput in{};
  in.proxy = api::b2MakeProxy(&origin, 1, static_cast<float>(input.radius));
  in.translation = translation;
  in.maxFraction = maxFraction;
  in.canEncroach = false;
  return toResult(shapeCast(v3, in), v3xf);
}

}  // namespace

bool castImplements(ShapeType) {
  return true;
}

std::string castRefusal(const Shape& shape, const CastInput&) {
  return shapes::shapeRefusal(shape, "");
}

CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input) {
  return dispatchCast(shape, xf, input, &castImplements, &castPerShape);
}

}  // namespace touche::oracle::box2d_v3
