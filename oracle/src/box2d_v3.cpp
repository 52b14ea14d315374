// touche — Box2D v3 adapter (see box2d_v3.h); v3's headers and the shape builders are in
// box2d_v3_shapes.h.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "box2d_v3_shapes.h"
#include "touche/oracle/box2d_v3.h"

#ifndef TOUCHE_BOX2D_V3_VERSION
#define TOUCHE_BOX2D_V3_VERSION "3.1"
#endif

namespace touche::oracle::box2d_v3::shapes {
namespace {

using api::b2Capsule;
using api::b2ChainSegment;
using api::b2Circle;
using api::b2Hull;
using api::b2Manifold;
using api::b2Polygon;
using api::b2Segment;
using api::b2SimplexCache;
using api::b2Transform;
using api::b2Vec2;

/// v3's assertions are compiled in only without NDEBUG (touche's debug preset). A failed one
/// would trap; the handler lets v3 go on as a release build does, so that both builds of
/// touche answer alike. Installed once, before the first call into v3.
int continueAfterAssertion(const char*, const char*, int) {
  return 0;
}

}  // namespace

void installAssertHandler() {
  static const bool installed = [] {
    api::b2SetAssertFcn(&continueAfterAssertion);
    return true;
  }();
  (void)installed;
}

b2Vec2 toV3(Vec2 v) {
  return {static_cast<float>(v.x), static_cast<float>(v.y)};
}

/// The rotation (c, s) is used as given, rounded to float, never re-derived from an angle.
b2Transform toV3(const Transform& xf) {
  return {toV3(xf.p), {static_cast<float>(xf.q.c), static_cast<float>(xf.q.s)}};
}

namespace {

float lengthSquared(b2Vec2 p, b2Vec2 q) {
  const float dx = q.x - p.x;
  const float dy = q.y - p.y;
  return dx * dx + dy * dy;
}

/// The polygon's vertices in float, as a user hands them to b2ComputeHull.
int floatVertices(const Polygon& polygon, b2Vec2* out) {
  for (int i = 0; i < polygon.count; ++i)
    out[i] = toV3(polygon.vertices[i]);
  return polygon.count;
}

/// Whether the hull holds exactly the given points (as a set: the hull starts at a vertex of
/// its own choosing; both run counter-clockwise).
bool sameVertices(const b2Hull& hull, const b2Vec2* points, int count) {
  if (hull.count != count) return false;
  for (int i = 0; i < count; ++i) {
    const auto same = [&](b2Vec2 p) { return p.x == points[i].x && p.y == points[i].y; };
    if (std::none_of(hull.points, hull.points + hull.count, same)) return false;
  }
  return true;
}

/// Whether b2ComputeHull's recursion ends on these points. On an edge p1 → p2 it keeps the
/// point farthest right of the edge when that float distance is at least 2*b2_linearSlop
/// (0.01), and recurses on p1 → that point. The point's own distance from the edge ending at it
/// is 0, but v3 computes it as b2Cross(b2Sub(q, p1), b2Normalize(b2Sub(q, p1))), whose rounding
/// grows with |q − p1|: where it reaches 0.01 the recursion picks q again and calls itself with
/// the same points until the stack overflows (fuzz_cast: an octagon 2^18 across killed the
/// process). Evaluated here with v3's own functions for every ordered pair of points.
bool hullTerminates(const b2Vec2* points, int count) {
  constexpr float kKeepDistance = 2.0f * 0.005f;  // 2 * B2_LINEAR_SLOP, hull.c's threshold
  for (int i = 0; i < count; ++i) {
    for (int j = 0; j < count; ++j) {
      const b2Vec2 d = api::b2Sub(points[j], points[i]);
      if (i != j && api::b2Cross(d, api::b2Normalize(d)) >= kKeepDistance) return false;
    }
  }
  return true;
}

/// v3's hull of the polygon; empty where b2ComputeHull would not terminate (hullRefusal says
/// so before any engine gets here).
b2Hull hullOf(const Polygon& polygon) {
  b2Vec2 points[kMaxPolygonVertices]{};
  const int count = floatVertices(polygon, points);
  if (count == 0 || !hullTerminates(points, count)) return b2Hull{};
  return api::b2ComputeHull(points, count);
}

V3Shape built(const Circle& circle) {
  V3Shape s;
  s.kind = V3Shape::circle;
  s.circleShape = {toV3(circle.center), static_cast<float>(circle.radius)};
  return s;
}

/// A capsule whose ends are one point in float is a circle there (box2d_v3.h; refusal() has
/// refused every other capsule v3 would turn into a circle).
V3Shape built(const Capsule& capsule) {
  const b2Vec2 p1 = toV3(capsule.p1);
  const b2Vec2 p2 = toV3(capsule.p2);
  V3Shape s;
  if (p1.x == p2.x && p1.y == p2.y) {
    s.kind = V3Shape::circle;
    s.circleShape = {p1, static_cast<float>(capsule.radius)};
    return s;
  }
  s.kind = V3Shape::capsule;
  s.capsuleShape = {p1, p2, static_cast<float>(capsule.radius)};
  return s;
}

V3Shape built(const Segment& segment) {
  V3Shape s;
  s.kind = V3Shape::segment;
  s.segmentShape = {toV3(segment.p1), toV3(segment.p2)};
  return s;
}

V3Shape built(const Polygon& polygon) {
  const b2Hull hull = hullOf(polygon);
  V3Shape s;
  s.kind = V3Shape::polygon;
  s.polygonShape = api::b2MakePolygon(&hull, static_cast<float>(polygon.radius));
  return s;
}

V3Shape built(const ChainSegment& chain) {
  V3Shape s;
  s.kind = V3Shape::chain;
  s.chainShape.ghost1 = toV3(chain.ghost1);
  s.chainShape.segment = {toV3(chain.p1), toV3(chain.p2)};
  s.chainShape.ghost2 = toV3(chain.ghost2);
  return s;
}

}  // namespace

V3Shape toV3(const Shape& shape) {
  return std::visit([](const auto& s) { return built(s); }, shape);
}

V3Shape toV3InCaseOrder(const Shape& shape) {
  const auto* polygon = std::get_if<Polygon>(&shape);
  if (!polygon) return toV3(shape);
  b2Hull hull = hullOf(*polygon);
  const b2Vec2 first = toV3(polygon->vertices[0]);
  const auto start = std::find_if(hull.points, hull.points + hull.count,
                                  [&](b2Vec2 p) { return p.x == first.x && p.y == first.y; });
  std::rotate(hull.points, start, hull.points + hull.count);
  V3Shape s;
  s.kind = V3Shape::polygon;
  s.polygonShape = api::b2MakePolygon(&hull, static_cast<float>(polygon->radius));
  return s;
}

V3Shape toV3Exact(const Shape& shape) {
  if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    // Ends one point in float: the circle the contract makes of it (as toV3 builds it).
    if (toV3(capsule->p1).x == toV3(capsule->p2).x && toV3(capsule->p1).y == toV3(capsule->p2).y) {
      return toV3(shape);
    }
    V3Shape s;
    s.kind = V3Shape::capsule;
    s.capsuleShape = {toV3(capsule->p1), toV3(capsule->p2), static_cast<float>(capsule->radius)};
    return s;
  }
  const auto* polygon = std::get_if<Polygon>(&shape);
  if (!polygon) return toV3(shape);
  b2Hull hull{};
  hull.count = floatVertices(*polygon, hull.points);
  V3Shape s;
  s.kind = V3Shape::polygon;
  s.polygonShape = api::b2MakePolygon(&hull, static_cast<float>(polygon->radius));
  return s;
}

namespace {

/// "polygon a", or without a role "the polygon".
std::string named(const char* kind, std::string_view role) {
  return role.empty() ? std::string("the ") + kind : std::string(kind) + " " + std::string(role);
}

/// Why b2ComputeHull does not give back the case's polygon, or "".
std::string hullRefusal(const Polygon& polygon, std::string_view role) {
  b2Vec2 points[kMaxPolygonVertices]{};
  const int count = floatVertices(polygon, points);
  if (count > 0 && !hullTerminates(points, count)) {
    return "Box2D v3 builds " + named("polygon", role) +
           " through b2ComputeHull, whose recursion would not end on these vertices: in float, "
           "a vertex's distance from an edge ending at it rounds to 2*b2_linearSlop = 0.01 or "
           "more, so the hull keeps choosing it until the stack overflows";
  }
  const b2Hull hull = api::b2ComputeHull(points, count);
  if (sameVertices(hull, points, count)) return "";
  char text[320];
  std::snprintf(text, sizeof text,
                "Box2D v3 builds %s through b2ComputeHull, which welds vertices closer "
                "than 4*b2_linearSlop = 0.02 and drops vertices within 2*b2_linearSlop = 0.01 "
                "of their neighbours' line: the hull of its %d vertices (in float) %s",
                named("polygon", role).c_str(), count,
                hull.count == 0 ? "is empty (b2ComputeHull fails)"
                                : (std::string("has ") + std::to_string(hull.count) +
                                   " vertices, not the case's polygon")
                                      .c_str());
  return text;
}

/// Why v3 does not build a capsule as the case gives it, or "".
std::string capsuleRefusal(const Capsule& capsule, std::string_view role) {
  const b2Vec2 p1 = toV3(capsule.p1);
  const b2Vec2 p2 = toV3(capsule.p2);
  const float length2 = lengthSquared(p1, p2);
  const float slop = static_cast<float>(kLinearSlop);
  if (length2 == 0.0f || length2 > slop * slop) return "";
  char text[320];
  std::snprintf(text, sizeof text,
                "Box2D v3 builds %s, whose core is %.9g long in float, not longer than "
                "b2_linearSlop = 0.005, as a circle at the core's midpoint "
                "(b2CreateCapsuleShape)",
                named("capsule", role).c_str(), static_cast<double>(std::sqrt(length2)));
  return text;
}

/// Points of a segment or chain definition closer than b2_linearSlop in float, or "".
std::string closePointsRefusal(const char* what, const char* rule, std::string_view role,
                               std::initializer_list<std::pair<const char*, Vec2>> points) {
  const float slop = static_cast<float>(kLinearSlop);
  for (auto i = points.begin(); i != points.end(); ++i) {
    for (auto j = std::next(i); j != points.end(); ++j) {
      const float length2 = lengthSquared(toV3(i->second), toV3(j->second));
      if (length2 > slop * slop) continue;
      char text[320];
      std::snprintf(text, sizeof text,
                    "Box2D v3 cannot take %s: its points %s and %s are %.9g apart in float, "
                    "not farther than b2_linearSlop = 0.005 (%s)",
                    named(what, role).c_str(), i->first, j->first,
                    static_cast<double>(std::sqrt(length2)), rule);
      return text;
    }
  }
  return "";
}

}  // namespace

namespace {

/// Why the polygon's float vertices are no polygon b2MakePolygon fills soundly, or "": each
/// corner must turn left exactly (orient2d of the float points), each edge's squared length
/// exceed FLT_EPSILON² and the area FLT_EPSILON in float, as b2MakePolygon and
/// b2ComputePolygonCentroid assert.
std::string exactPolygonRefusal(const Polygon& polygon, std::string_view role) {
  b2Vec2 points[kMaxPolygonVertices]{};
  const int count = floatVertices(polygon, points);
  const auto widened = [&](int i) {
    const b2Vec2 p = points[(i + count) % count];
    return Vec2{p.x, p.y};
  };
  char text[320];
  for (int i = 0; i < count; ++i) {
    if (orient2d(widened(i - 1), widened(i), widened(i + 1)) <= 0) {
      std::snprintf(text, sizeof text,
                    "Box2D v3 cannot take %s even filled directly: rounded to float, its "
                    "vertices %d, %d and %d do not turn left (the float polygon is not strictly "
                    "convex)",
                    named("polygon", role).c_str(), (i + count - 1) % count, i, (i + 1) % count);
      return text;
    }
    const b2Vec2 edge = api::b2Sub(points[(i + 1) % count], points[i]);
    if (!(api::b2Dot(edge, edge) > FLT_EPSILON * FLT_EPSILON)) {
      std::snprintf(text, sizeof text,
                    "Box2D v3 cannot take %s even filled directly: its edge %d is not longer "
                    "than FLT_EPSILON in float (b2MakePolygon asserts on it)",
                    named("polygon", role).c_str(), i);
      return text;
    }
  }
  float area = 0.0f;  // b2ComputePolygonCentroid's, from vertex 0
  for (int i = 1; i + 1 < count; ++i) {
    area +=
        0.5f * api::b2Cross(api::b2Sub(points[i], points[0]), api::b2Sub(points[i + 1], points[0]));
  }
  if (!(area > FLT_EPSILON)) {
    std::snprintf(text, sizeof text,
                  "Box2D v3 cannot take %s even filled directly: its area in float, %.9g, is "
                  "not above FLT_EPSILON (b2ComputePolygonCentroid asserts on it)",
                  named("polygon", role).c_str(), static_cast<double>(area));
    return text;
  }
  return "";
}

/// Two points of a shape that are one point in float, or "".
std::string coincidentRefusal(const char* what, std::string_view role,
                              std::initializer_list<std::pair<const char*, Vec2>> points) {
  for (auto i = points.begin(); std::next(i) != points.end(); ++i) {
    const auto j = std::next(i);
    if (lengthSquared(toV3(i->second), toV3(j->second)) > 0.0f) continue;
    return "Box2D v3 cannot take " + named(what, role) + " even filled directly: its points " +
           i->first + " and " + j->first + " are one point in float";
  }
  return "";
}

}  // namespace

std::string exactShapeRefusal(const Shape& shape, std::string_view role) {
  if (const auto* p = std::get_if<Polygon>(&shape)) return exactPolygonRefusal(*p, role);
  if (const auto* s = std::get_if<Segment>(&shape)) {
    return coincidentRefusal("segment", role, {{"p1", s->p1}, {"p2", s->p2}});
  }
  if (const auto* h = std::get_if<ChainSegment>(&shape)) {
    return coincidentRefusal(
        "chain segment", role,
        {{"ghost1", h->ghost1}, {"p1", h->p1}, {"p2", h->p2}, {"ghost2", h->ghost2}});
  }
  return "";  // a circle, and a capsule (v3's capsule functions take a core of any length)
}

std::string shapeRefusal(const Shape& shape, std::string_view role) {
  if (const auto* p = std::get_if<Polygon>(&shape)) return hullRefusal(*p, role);
  if (const auto* c = std::get_if<Capsule>(&shape)) return capsuleRefusal(*c, role);
  if (const auto* s = std::get_if<Segment>(&shape)) {
    return closePointsRefusal("segment", "b2CreateSegmentShape asserts on it", role,
                              {{"p1", s->p1}, {"p2", s->p2}});
  }
  if (const auto* h = std::get_if<ChainSegment>(&shape)) {
    return closePointsRefusal(
        "chain segment", "b2ChainDef requires it of any two points", role,
        {{"ghost1", h->ghost1}, {"p1", h->p1}, {"p2", h->p2}, {"ghost2", h->ghost2}});
  }
  return "";
}

}  // namespace touche::oracle::box2d_v3::shapes

namespace touche::oracle::box2d_v3 {
namespace {

using api::b2Capsule;
using api::b2Circle;
using api::b2Manifold;
using api::b2Polygon;
using api::b2SimplexCache;
using api::b2Transform;
using shapes::installAssertHandler;
using shapes::toV3;
using shapes::V3Shape;

Manifold toManifold(const b2Manifold& v3) {
  if (v3.pointCount == 0) return statusOnly(Status::noContact);
  Manifold m;
  m.status = Status::contact;
  m.normal = {v3.normal.x, v3.normal.y};
  m.pointCount = v3.pointCount;
  for (int i = 0; i < v3.pointCount; ++i) {
    m.points[i].point = {v3.points[i].point.x, v3.points[i].point.y};
    m.points[i].separation = v3.points[i].separation;
    m.points[i].id = {};  // v3's keys are not typed features (box2d_v3.h)
  }
  return m;
}

/// v3's collide function for (a, b) in that order, or nothing when v3 has the pair only the
/// other way round (or not at all).
std::optional<b2Manifold> collideInOrder(const V3Shape& a, const b2Transform& xfA, const V3Shape& b,
                                         const b2Transform& xfB) {
  using K = V3Shape::Kind;
  b2SimplexCache cache{};  // zeroed for every call, as v3 advises for a single query
  if (b.kind == K::circle) {
    const b2Circle* circle = &b.circleShape;
    switch (a.kind) {
      case K::circle:
        return api::b2CollideCircles(&a.circleShape, xfA, circle, xfB);
      case K::capsule:
        return api::b2CollideCapsuleAndCircle(&a.capsuleShape, xfA, circle, xfB);
      case K::segment:
        return api::b2CollideSegmentAndCircle(&a.segmentShape, xfA, circle, xfB);
      case K::polygon:
        return api::b2CollidePolygonAndCircle(&a.polygonShape, xfA, circle, xfB);
      case K::chain:
        return api::b2CollideChainSegmentAndCircle(&a.chainShape, xfA, circle, xfB);
    }
  }
  if (b.kind == K::capsule) {
    const b2Capsule* capsule = &b.capsuleShape;
    switch (a.kind) {
      case K::capsule:
        return api::b2CollideCapsules(&a.capsuleShape, xfA, capsule, xfB);
      case K::segment:
        return api::b2CollideSegmentAndCapsule(&a.segmentShape, xfA, capsule, xfB);
      case K::polygon:
        return api::b2CollidePolygonAndCapsule(&a.polygonShape, xfA, capsule, xfB);
      case K::chain:
        return api::b2CollideChainSegmentAndCapsule(&a.chainShape, xfA, capsule, xfB, &cache);
      default:
        return std::nullopt;
    }
  }
  if (b.kind == K::polygon) {
    const b2Polygon* polygon = &b.polygonShape;
    switch (a.kind) {
      case K::polygon:
        return api::b2CollidePolygons(&a.polygonShape, xfA, polygon, xfB);
      case K::segment:
        return api::b2CollideSegmentAndPolygon(&a.segmentShape, xfA, polygon, xfB);
      case K::chain:
        return api::b2CollideChainSegmentAndPolygon(&a.chainShape, xfA, polygon, xfB, &cache);
      default:
        return std::nullopt;
    }
  }
  return std::nullopt;
}

/// A canonical pair: v3's function for it, or for the swapped pair when a capsule became a
/// circle (circle A against capsule B is v3's capsule–circle with the roles swapped back).
Manifold collideCanonical(const Shape& a, const Transform& xfA, const Shape& b,
                          const Transform& xfB) {
  installAssertHandler();
  const V3Shape shapeA = toV3(a);
  const V3Shape shapeB = toV3(b);
  const b2Transform v3A = toV3(xfA);
  const b2Transform v3B = toV3(xfB);
  if (const auto m = collideInOrder(shapeA, v3A, shapeB, v3B)) return toManifold(*m);
  if (const auto m = collideInOrder(shapeB, v3B, shapeA, v3A)) return swapRoles(toManifold(*m));
  return statusOnly(Status::unsupported);  // no pair of v3's (cannot happen for valid input)
}

/// v3's keys of a manifold, in its roles.
std::array<std::uint16_t, 2> keysOf(const b2Manifold& v3) {
  std::array<std::uint16_t, 2> keys{};
  for (int i = 0; i < v3.pointCount && i < 2; ++i)
    keys[i] = v3.points[i].id;
  return keys;
}

/// A key of the swapped pair in the case's roles: B2_MAKE_ID(a, b) becomes B2_MAKE_ID(b, a).
std::uint16_t exchanged(std::uint16_t key) {
  return static_cast<std::uint16_t>((key & 0xFFu) << 8 | key >> 8);
}

bool marginIsV3s(const Options& options) {
  return options.margin == 0.0 || options.margin == kSpeculativeDistance;
}

}  // namespace

bool built() {
  return true;
}

std::string_view version() {
  return TOUCHE_BOX2D_V3_VERSION;
}

bool implements(PairId pair) {
  return pairInfo(pair).hasArea;
}

std::string refusal(const Shape& a, const Shape& b) {
  if (std::string why = shapes::shapeRefusal(a, "a"); !why.empty()) return why;
  return shapes::shapeRefusal(b, "b");
}

namespace {

/// v3's collide function for the pair in the case's roles (or for the swapped pair, its answer
/// and keys brought back), on the shapes `build` makes.
NativeManifold collideInCaseOrder(const Shape& a, const Transform& xfA, const Shape& b,
                                  const Transform& xfB, V3Shape (*build)(const Shape&)) {
  installAssertHandler();
  const V3Shape shapeA = build(a);
  const V3Shape shapeB = build(b);
  const b2Transform v3A = toV3(xfA);
  const b2Transform v3B = toV3(xfB);
  if (const auto m = collideInOrder(shapeA, v3A, shapeB, v3B)) return {toManifold(*m), keysOf(*m)};
  if (const auto m = collideInOrder(shapeB, v3B, shapeA, v3A)) {
    std::array<std::uint16_t, 2> keys = keysOf(*m);
    for (std::uint16_t& key : keys)
      key = exchanged(key);
    return {swapRoles(toManifold(*m)), keys};
  }
  return {statusOnly(Status::unsupported), {}};
}

}  // namespace

NativeManifold collideNative(const Shape& a, const Transform& xfA, const Shape& b,
                             const Transform& xfB, const Options& options) {
  if (validateInput(a, xfA, b, xfB, options)) return {statusOnly(Status::error), {}};
  if (!marginIsV3s(options) || !refusal(a, b).empty()) {
    return {statusOnly(Status::unsupported), {}};
  }
  return collideInCaseOrder(a, xfA, b, xfB, &shapes::toV3InCaseOrder);
}

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options) {
  if (validateInput(a, xfA, b, xfB, options)) return statusOnly(Status::error);
  if (!marginIsV3s(options) || !refusal(a, b).empty()) return statusOnly(Status::unsupported);
  return dispatchCollide(
      a, xfA, b, xfB, options, &implements,
      [](PairId, const Shape& sa, const Transform& xa, const Shape& sb, const Transform& xb,
         const Options&) { return collideCanonical(sa, xa, sb, xb); });
}

std::string exactRefusal(const Shape& a, const Shape& b) {
  if (std::string why = shapes::exactShapeRefusal(a, "a"); !why.empty()) return why;
  return shapes::exactShapeRefusal(b, "b");
}

Manifold collideExact(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                      const Options& options) {
  if (validateInput(a, xfA, b, xfB, options)) return statusOnly(Status::error);
  if (!marginIsV3s(options) || !exactRefusal(a, b).empty()) {
    return statusOnly(Status::unsupported);
  }
  return collideInCaseOrder(a, xfA, b, xfB, &shapes::toV3Exact).manifold;
}

}  // namespace touche::oracle::box2d_v3
