// touche fuzzing — one harness for every canonical pair, cross-checked: reference, fast,
// fast_float, Box2D 2.4.1 and Box2D v3 when built in (each where it implements the pair).
//
// Input layout (decoded structurally, so a mutation of one byte changes one decision):
//   byte 0  path (DecodePath, byte mod 5): 0 grid → a valid scene from the shared generators
//           (random placements and edge cases); 1 edge → edge cases only (parallel faces, vertex
//           on face, tangent circles, at exact and hair gaps); 2 arbitrary → a grid scene, then
//           1–4 numbers overwritten by decoded doubles (NaN, ±inf, subnormals, ulp steps) or
//           one structural defect (clockwise, duplicate or collinear vertex, broken count,
//           zero-length segment); 3 parallel → flat features parallel exactly or within one
//           ulp; 4 extreme → sizes near 1e-6 at coordinates near 1e7, scaled to subnormals, or
//           scaled by any 2^e in [2^-1074, 2^50] (the whole range inputs may take, and past
//           the validation limit of 2^50).
//   byte 1  margin: a multiple of 4 → a grid margin in [0, 1/2] (drawn next), else 0.
//   byte 2  grid fraction bits, 2..21.
//   byte 3  whole-scene scale: 2^e with e = (int8)byte mod 41 (exact on the grid paths).
//   rest    the generators' draws (ByteRng: two bytes each), then the path's own edits.
// Acceptable outcomes: on invalid input every engine answers Status::error; on valid input
// every answer is finite with a unit normal, and every engine agrees with the reference within
// the oracle's tolerance (box2d and box2d_v3 inside Box2D's working range only, see
// inBox2dRange); and judged against exact geometry (judge(), which assumes nothing of the
// reference), the reference's manifold must pass under exact conventions and fast's and
// fast_float's under their own declared ones (checkJudged; a deterministic 1 in 8 inputs under
// libFuzzer, every input in the replay drivers: setJudgeEvery). Anything
// else is reported (JSONL line with hexfloats, and an SVG) and the process aborts. No failure
// is skipped by name: close calls (a decision within the engine's rounding) are the oracle's
// to accept, from the reference's DecisionGaps and the engine's declared rounding band; Box2D's
// written-up findings are recognized by their mechanism on the case (box2dKnownFinding,
// box2dV3KnownFinding).
#include "harness.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "touche/fast/batch.h"
#include "touche/fast/collide.h"
#include "touche/fast/fast.h"
#include "touche/oracle/box2d.h"
#include "touche/oracle/box2d_v3.h"
#include "touche/oracle/check.h"
#include "touche/oracle/judge.h"
#include "touche/oracle/render.h"
#include "touche/reference/reference.h"
#include "touche/test_support/bad_inputs.h"
#include "touche/test_support/box2d_v3_findings.h"
#include "touche/test_support/checks.h"
#include "touche/test_support/fast_bits.h"
#include "touche/test_support/scene_ops.h"
#include "touche/test_support/scenes.h"

namespace touche::fuzz {
namespace {

using test::ByteRng;

/// Doubles a fuzzer would rarely reach by flipping bits: signed zeros, the subnormal and
/// normal extremes, the validation limit and its neighbour, non-finite values, float limits.
const double kSpecialValues[] = {0.0,
                                 -0.0,
                                 1.0,
                                 -1.0,
                                 0.5,
                                 0x1p-1074,
                                 -0x1p-1074,
                                 0x1p-1022,
                                 0x0.fffffffffffffp-1022,
                                 DBL_MAX,
                                 -DBL_MAX,
                                 0x1p50,
                                 -0x1p50,
                                 0x1.0000000000001p50,
                                 FLT_MIN,
                                 FLT_MAX,
                                 0x1p-149,
                                 0x1p24 + 1,
                                 1e7,
                                 1e-6,
                                 0.1,
                                 std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(),
                                 std::numeric_limits<double>::quiet_NaN()};

/// One arbitrary double, derived from the current value `old`: raw bits, a special value,
/// a few ulps away, scaled by a power of two, or a small grid value.
double decodeDouble(ByteRng& in, double old) {
  switch (in.nextByte() % 5) {
    case 0: {
      const std::uint64_t bits = in.nextWord();
      double value;
      std::memcpy(&value, &bits, sizeof value);
      return value;
    }
    case 1:
      return kSpecialValues[in.nextByte() % std::size(kSpecialValues)];
    case 2: {
      const int steps = static_cast<std::int8_t>(in.nextByte());
      for (int i = 0; i < std::abs(steps); ++i)
        old = std::nextafter(old, steps > 0 ? INFINITY : -INFINITY);
      return old;
    }
    case 3:
      return std::ldexp(old, static_cast<std::int8_t>(in.nextByte()));
    default:
      return static_cast<std::int8_t>(in.nextByte()) / 16.0;
  }
}

/// One structural defect of a shape: the polygon defects of bad_inputs.h (clockwise,
/// duplicate or collinear vertex, broken counts), or a zero-length segment or chain segment.
void breakStructure(ByteRng& in, Shape* shape) {
  static constexpr test::BadKind kPolygonKinds[] = {
      test::BadKind::clockwise, test::BadKind::duplicateVertex, test::BadKind::collinearVertex,
      test::BadKind::tooManyVertices, test::BadKind::tooFewVertices};
  if (auto* polygon = std::get_if<Polygon>(shape)) {
    if (polygon->count < 3 || polygon->count > kMaxPolygonVertices) return;  // already broken
    test::breakPolygon(in, polygon, test::pick(in, kPolygonKinds));
  } else if (auto* segment = std::get_if<Segment>(shape)) {
    segment->p2 = segment->p1;
  } else if (auto* chain = std::get_if<ChainSegment>(shape)) {
    chain->p2 = chain->p1;
  } else if (auto* capsule = std::get_if<Capsule>(shape)) {
    capsule->p2 = capsule->p1;  // valid: a zero-length capsule
  }
}

/// Overwrites 1–4 numbers of the scene, or breaks one shape's structure.
void editArbitrarily(ByteRng& in, Case* scene) {
  const int edits = 1 + in.nextByte() % 4;
  for (int e = 0; e < edits; ++e) {
    const std::uint8_t target = in.nextByte();
    Shape* shape = (target & 1) ? &scene->b : &scene->a;
    Transform* xf = (target & 1) ? &scene->xfB : &scene->xfA;
    const std::vector<double*> numbers = test::numbersOf(shape, xf);
    const std::size_t index = (target >> 1) % (numbers.size() + 1);
    if (index < numbers.size()) {
      *numbers[index] = decodeDouble(in, *numbers[index]);
    } else {
      breakStructure(in, shape);
    }
  }
}

/// The first byte picks: 0 → the scene scaled down to subnormal coordinates (2^-1040 …
/// 2^-1070); 1 → scaled by 2^e for any e in [−1074, 50], two bytes (the filter once took a
/// wrong axis only in 2^-271 … 2^-449, which no other path reached; coordinates reach the
/// validation limit of 2^50 and pass it); else sizes near 1e-6 at
/// coordinates near 1e7 (scaled by 2^-20, moved by about 2^23 — the move rounds, so the shapes
/// no longer sit exactly on the grid).
void makeExtreme(ByteRng& in, FuzzInput* input) {
  const int mode = in.nextByte() % 4;
  if (mode == 1) {
    const int twoBytes = in.nextByte() * 256 + in.nextByte();
    const int exponent = -1074 + twoBytes % 1125;
    input->scene = test::scaledScene(input->scene, exponent);
    input->options.margin = std::ldexp(input->options.margin, exponent);
    return;
  }
  const bool subnormal = mode == 0;
  const int exponent = subnormal ? -1040 - static_cast<int>(in.nextByte() % 31) : -20;
  input->scene = test::scaledScene(input->scene, exponent);
  input->options.margin = std::ldexp(input->options.margin, exponent);
  if (subnormal) return;
  const Vec2 far{std::ldexp(1.0 + (in.nextByte() % 16) / 16.0, 23) * (in.nextByte() & 1 ? 1 : -1),
                 std::ldexp(1.0 + (in.nextByte() % 16) / 16.0, 23)};
  input->scene = test::translatedScene(input->scene, far);
}

Case sceneOnPath(ByteRng& in, PairId pair, DecodePath path, const test::SceneSpec& spec) {
  switch (path) {
    case DecodePath::edge:
      return test::edgeCaseScene(in, pair, spec);
    case DecodePath::parallel:
      return test::flatContactScene(in, pair, spec, test::pick(in, test::kGaps), 0.5);
    default:
      return test::sceneFor(in, pair, spec);
  }
}

}  // namespace

FuzzInput decode(PairId pair, const std::uint8_t* data, std::size_t size) {
  ByteRng in(data, size);
  const auto path = static_cast<DecodePath>(in.nextByte() % kDecodePaths);
  const bool withMargin = in.nextByte() % 4 == 0;
  test::SceneSpec spec;
  spec.grid.fractionBits = 2 + in.nextByte() % 20;
  const int scaleExponent = static_cast<std::int8_t>(in.nextByte()) % 41;
  FuzzInput input;
  if (withMargin) input.options.margin = test::gridValue(in, spec.grid, 0, 0.5);
  input.scene = test::scaledScene(sceneOnPath(in, pair, path, spec), scaleExponent);
  input.options.margin = std::ldexp(input.options.margin, scaleExponent);
  if (path == DecodePath::arbitrary) {
    editArbitrarily(in, &input.scene);
    input.scene.id = "fuzz-arbitrary";
  } else if (path == DecodePath::extreme) {
    makeExtreme(in, &input);
    input.scene.id = "fuzz-extreme";
  }
  return input;
}

namespace {

/// The engines cross-checked against the reference, from TOUCHE_FUZZ_ENGINES (a comma list;
/// default "fast,fast_float,box2d,box2d_v3"). Lets a run isolate one engine.
bool engineSelected(const Engine& engine) {
  static const std::string selected = [] {
    const char* env = std::getenv("TOUCHE_FUZZ_ENGINES");
    return "," + std::string(env ? env : "fast,fast_float,box2d,box2d_v3") + ",";
  }();
  return selected.find("," + std::string(engine.name) + ",") != std::string::npos;
}

const Engine* const kOtherEngines[] = {&fast::kDoubleEngine, &fast::kFloatEngine,
                                       &oracle::box2d::kEngine, &oracle::box2d_v3::kEngine};

/// Every engine must reject invalid input with Status::error (or, for a pair it does not
/// implement, say unsupported).
std::string checkInvalid(const FuzzInput& in, PairId pair, const InputError& why) {
  for (const Engine* engine :
       {&reference::kEngine, &fast::kDoubleEngine, &fast::kFloatEngine, &oracle::box2d::kEngine,
        &oracle::box2d_v3::kEngine, &oracle::box2d_v3::kExactEngine}) {
    const Manifold m = test::runEngine(*engine, in.scene, in.options);
    if (m.status == Status::error) continue;
    if (m.status == Status::unsupported && !engine->implements(pair)) continue;
    return std::string(engine->name) + " answered " + std::string(statusName(m.status)) +
           " to invalid input (" + why.describe() + ")";
  }
  return "";
}

/// Box2D's working range. Box2D is tuned for moving objects of 0.1–10 m, and its constants are
/// absolute lengths (b2_linearSlop = 0.005, the reference-face hysteresis 0.0005): on a polygon
/// a thousandth of a metre wide the hysteresis alone can pick a face that loses the contact.
/// Box2D is cross-checked when every polygon edge, segment, capsule core, chain segment and ghost
/// edge is at least kBox2dMinEdge long, every circle radius at least that, and every coordinate
/// within kBox2dMaxCoordinate; reference and fast are checked everywhere.
constexpr double kBox2dMinEdge = 0x1p-4;
constexpr double kBox2dMaxCoordinate = 0x1p20;

/// The shape's edges as (start, end) pairs: a polygon's sides, a segment, a capsule's core, a
/// chain segment and its two ghost edges; none for a circle.
std::vector<std::pair<Vec2, Vec2>> edgesOf(const Shape& shape) {
  std::vector<std::pair<Vec2, Vec2>> edges;
  if (const auto* p = std::get_if<Polygon>(&shape)) {
    for (int i = 0; i < p->count; ++i)
      edges.emplace_back(p->vertices[i], p->vertices[(i + 1) % p->count]);
  } else if (const auto* e = std::get_if<Segment>(&shape)) {
    edges.emplace_back(e->p1, e->p2);
  } else if (const auto* k = std::get_if<Capsule>(&shape)) {
    edges.emplace_back(k->p1, k->p2);
  } else if (const auto* c = std::get_if<ChainSegment>(&shape)) {
    edges = {{c->ghost1, c->p1}, {c->p1, c->p2}, {c->p2, c->ghost2}};
  }
  return edges;
}

bool inBox2dRange(const FuzzInput& in) {
  Case c = in.scene;
  for (Shape* shape : {&c.a, &c.b}) {
    Transform* xf = shape == &c.a ? &c.xfA : &c.xfB;
    for (const double* v : test::numbersOf(shape, xf)) {
      if (std::fabs(*v) > kBox2dMaxCoordinate) return false;
    }
    for (const auto& [start, end] : edgesOf(*shape)) {
      if (length(end - start) < kBox2dMinEdge) return false;
    }
    if (const auto* circle = std::get_if<Circle>(shape)) {
      if (circle->radius < kBox2dMinEdge) return false;
    }
  }
  return true;
}

/// The adapter's own degenerate-polygon test (oracle/src/box2d.cpp, toB2 of a polygon),
/// repeated: the vertices rounded to float, consecutive edges subtracted in float, the turn
/// taken in double; a turn that is not strictly positive (a sliver that float arithmetic
/// flattens) makes the adapter answer Status::error, which is then legitimate. (Short edges are
/// refused as `unsupported` before, see oracle::box2d::refusal.)
bool box2dCannotRepresent(const Shape& shape) {
  const auto* p = std::get_if<Polygon>(&shape);
  if (p == nullptr) return false;
  for (int i = 0; i < p->count; ++i) {
    const Vec2 v1 = p->vertices[i];
    const Vec2 v2 = p->vertices[(i + 1) % p->count];
    const Vec2 v3 = p->vertices[(i + 2) % p->count];
    const float ex = static_cast<float>(v2.x) - static_cast<float>(v1.x);
    const float ey = static_cast<float>(v2.y) - static_cast<float>(v1.y);
    const float dx = static_cast<float>(v3.x) - static_cast<float>(v2.x);
    const float dy = static_cast<float>(v3.y) - static_cast<float>(v2.y);
    const double turn = static_cast<double>(ex) * dy - static_cast<double>(ey) * dx;
    if (!(turn > 0.0)) return true;
  }
  return false;
}

bool hasRoundedPolygon(const Case& scene) {
  for (const Shape* shape : {&scene.a, &scene.b}) {
    const auto* p = std::get_if<Polygon>(shape);
    if (p && p->radius != 0.0) return true;
  }
  return false;
}

/// An edge pair as Box2D 2.4.1's b2CollideEdgeAndPolygon sees it (engine box2d: the edge has
/// no radius), in world coordinates and doubles: the recognizers below retrace its decisions.
struct EdgePolygon {
  Vec2 v0, v1, v2, v3;  ///< the edge v1 → v2 and, for a chain segment, its ghosts
  bool oneSided = false;
  Vec2 n1;  ///< unit right normal of v1 → v2 (a chain segment's solid side is behind it)
  std::vector<Vec2> vertices;
  std::vector<Vec2> normals;  ///< the polygon's unit outward normals
  double radius = 0.0;        ///< the polygon's
  double scale = 0.0;         ///< largest world coordinate: the float rounding's reach
};

Vec2 unitOf(Vec2 v) {
  return (1.0 / length(v)) * v;
}

std::optional<EdgePolygon> edgePolygonOf(const Case& c) {
  const bool polygonIsB = std::holds_alternative<Polygon>(c.b);
  const Shape& edge = polygonIsB ? c.a : c.b;
  const Transform& xfEdge = polygonIsB ? c.xfA : c.xfB;
  const auto* polygon = std::get_if<Polygon>(polygonIsB ? &c.b : &c.a);
  const Transform& xfPolygon = polygonIsB ? c.xfB : c.xfA;
  EdgePolygon g;
  if (const auto* s = std::get_if<Segment>(&edge)) {
    g.v1 = apply(xfEdge, s->p1), g.v2 = apply(xfEdge, s->p2);
  } else if (const auto* h = std::get_if<ChainSegment>(&edge)) {
    g.v0 = apply(xfEdge, h->ghost1), g.v1 = apply(xfEdge, h->p1);
    g.v2 = apply(xfEdge, h->p2), g.v3 = apply(xfEdge, h->ghost2);
    g.oneSided = true;
  }
  if (polygon == nullptr || !(length(g.v2 - g.v1) > 0)) return std::nullopt;
  const Vec2 e = unitOf(g.v2 - g.v1);
  g.n1 = {e.y, -e.x};
  for (int i = 0; i < polygon->count; ++i)
    g.vertices.push_back(apply(xfPolygon, polygon->vertices[i]));
  for (int i = 0; i < polygon->count; ++i) {
    const Vec2 d = g.vertices[(i + 1) % polygon->count] - g.vertices[i];
    g.normals.push_back(unitOf({d.y, -d.x}));
  }
  g.radius = polygon->radius;
  for (Vec2 v : g.vertices)
    g.scale = std::max({g.scale, std::fabs(v.x), std::fabs(v.y)});
  for (Vec2 v : {g.v0, g.v1, g.v2, g.v3})
    g.scale = std::max({g.scale, std::fabs(v.x), std::fabs(v.y)});
  return g;
}

/// One axis 2.4.1 scores: the edge's (face −1, normal ±n1) or the polygon's face `face`; the
/// normal points from the edge to the polygon.
struct EdgeAxis {
  int face = -1;
  Vec2 normal;
  double separation = 0.0;
};

/// b2ComputeEdgeSeparation: the better of n1 and −n1 (also for a one-sided edge, finding 11).
EdgeAxis edgeAxisOf(const EdgePolygon& g) {
  EdgeAxis best{-1, g.n1, -INFINITY};
  for (const Vec2 n : {g.n1, -g.n1}) {
    double s = INFINITY;
    for (Vec2 v : g.vertices)
      s = std::min(s, dot(n, v - g.v1));
    if (s > best.separation) best = {-1, n, s};
  }
  return best;
}

/// b2ComputePolygonSeparation: the polygon face whose reversed normal separates best.
EdgeAxis polygonAxisOf(const EdgePolygon& g) {
  EdgeAxis best{-1, {}, -INFINITY};
  for (std::size_t i = 0; i < g.vertices.size(); ++i) {
    const Vec2 n = -g.normals[i];
    const double s = std::min(dot(n, g.vertices[i] - g.v1), dot(n, g.vertices[i] - g.v2));
    if (s > best.separation) best = {static_cast<int>(i), n, s};
  }
  return best;
}

/// Whether a one-sided edge snaps the polygon's axis to its own (the normal leans past a
/// concave corner: 2.4.1's Gauss-map test, cross(edge0, edge1) < 0 on that side).
bool snapsToEdgeAxis(const EdgePolygon& g, Vec2 normal) {
  if (!g.oneSided) return false;
  const Vec2 e1 = g.v2 - g.v1;
  return dot(normal, e1) <= 0 ? cross(g.v1 - g.v0, e1) < 0 : cross(e1, g.v3 - g.v2) < 0;
}

/// The axes 2.4.1 may take as its primary one: the polygon's when it beats the edge's by the
/// hysteresis (sP − r > 0.98·(sE − r) + 0.001), else the edge's (also when a one-sided edge
/// snaps the polygon's to it); both when the comparison is within float rounding.
std::vector<EdgeAxis> primaryCandidates(const EdgePolygon& g) {
  const EdgeAxis edge = edgeAxisOf(g);
  const EdgeAxis polygon = polygonAxisOf(g);
  const double lhs = polygon.separation - g.radius;
  const double rhs = 0.98 * (edge.separation - g.radius) + 0.001;
  const double rounding = 0x1p-16 * std::max(g.scale, 1.0);
  std::vector<EdgeAxis> axes;
  if (lhs <= rhs + rounding || snapsToEdgeAxis(g, polygon.normal)) axes.push_back(edge);
  if (lhs > rhs - rounding) axes.push_back(polygon);
  return axes;
}

/// The reference face (its ends; the side planes pass through them, perpendicular to it), its
/// normal toward the incident shape, and the incident edge of a primary axis: for the edge's
/// axis the polygon's most anti-parallel edge, for a polygon face the edge.
struct ClipFrame {
  Vec2 ref1, ref2, normal, inc1, inc2;
};

ClipFrame clipFrameOf(const EdgePolygon& g, const EdgeAxis& axis) {
  ClipFrame f{g.v1, g.v2, axis.normal, {}, {}};
  if (axis.face < 0) {
    std::size_t incident = 0;
    for (std::size_t i = 1; i < g.normals.size(); ++i) {
      if (dot(f.normal, g.normals[i]) < dot(f.normal, g.normals[incident])) incident = i;
    }
    f.inc1 = g.vertices[incident], f.inc2 = g.vertices[(incident + 1) % g.vertices.size()];
  } else {
    f.ref1 = g.vertices[axis.face];
    f.ref2 = g.vertices[(axis.face + 1) % g.vertices.size()];
    f.inc1 = g.v1, f.inc2 = g.v2;
    f.normal = g.normals[axis.face];  // from the polygon toward the edge
  }
  return f;
}

/// Whether 2.4.1's clipping on `axis` keeps a contact when the reference face's side planes
/// are moved out by `extension`: the incident edge must overlap the reference face's extent
/// by more than a point (b2ClipSegmentToLine needs two points, and adds the crossing only when
/// the ends lie strictly on opposite sides of a plane: an end on the plane with the other
/// beyond leaves one; "on" is within float rounding of the scene), and a clipped point must
/// lie within the radius of the reference face.
bool clipKeepsContact(const EdgePolygon& g, const EdgeAxis& axis, double extension) {
  const ClipFrame f = clipFrameOf(g, axis);
  const Vec2 ref1 = f.ref1, ref2 = f.ref2, inc1 = f.inc1, inc2 = f.inc2, n = f.normal;
  const Vec2 t = unitOf(ref2 - ref1);
  const double lo = std::min(dot(t, ref1), dot(t, ref2)) - extension;
  const double hi = std::max(dot(t, ref1), dot(t, ref2)) + extension;
  const double a = dot(t, inc1), b = dot(t, inc2);
  const double overlap = std::min(std::max(a, b), hi) - std::max(std::min(a, b), lo);
  const double rounding = 0x1p-20 * std::max(g.scale, 1.0);
  if (overlap < 0 || (overlap <= rounding && std::fabs(b - a) > rounding)) return false;
  // The clipped incident edge's ends; the separation is linear along it.
  auto at = [&](double u) { return inc1 + ((u - a) / (b - a)) * (inc2 - inc1); };
  const Vec2 p = a == b ? inc1 : at(std::clamp(a, lo, hi));
  const Vec2 q = a == b ? inc2 : at(std::clamp(b, lo, hi));
  return std::min(dot(n, p - ref1), dot(n, q - ref1)) <= g.radius;
}

/// Finding 9 (docs/findings.md): b2CollideEdgeAndPolygon clips against the reference face's
/// side planes without moving them out by the radius, so a rounded polygon touching near the
/// end of the reference face loses its contact. Recognized exactly when Box2D reports no
/// contact where the reference has one, the polygon is rounded, and on an axis 2.4.1 may take
/// as its primary one the clip at the plain side planes loses the contact while the same clip
/// at side planes moved out by the radius (b2CollidePolygons' rule) keeps it.
bool isFinding9(const EdgePolygon& g, const test::CrossCheck& check) {
  if (check.actual.status != Status::noContact || check.expected.status != Status::contact ||
      !(g.radius > 0)) {
    return false;
  }
  for (const EdgeAxis& axis : primaryCandidates(g)) {
    if (!clipKeepsContact(g, axis, 0.0) && clipKeepsContact(g, axis, g.radius)) return true;
  }
  return false;
}

/// Finding 11: a one-sided edge scores its back side too (b2ComputeEdgeSeparation takes the
/// better of n1 and −n1). Recognized exactly when the edge is one-sided, the polygon reaches
/// further behind the edge's line than in front (−n1 is the edge's axis) and 2.4.1 may take
/// the edge's axis as its primary one: its manifold is then built on the back side.
bool isFinding11(const EdgePolygon& g) {
  if (!g.oneSided) return false;
  const EdgeAxis edge = edgeAxisOf(g);
  if (dot(edge.normal, g.n1) > 0) return false;
  const std::vector<EdgeAxis> axes = primaryCandidates(g);
  return std::any_of(axes.begin(), axes.end(), [](const EdgeAxis& a) { return a.face < 0; });
}

/// The largest |coordinate| of the scene (rotations excluded).
double sceneMagnitude(const Case& scene) {
  Case c = scene;
  double largest = 0.0;
  for (Shape* shape : {&c.a, &c.b}) {
    Transform* xf = shape == &c.a ? &c.xfA : &c.xfB;
    const std::vector<double*> numbers = test::numbersOf(shape, xf);
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      const bool isRotation = i == 2 || i == 3;  // numbersOf: p.x, p.y, q.c, q.s, then shape
      if (!isRotation) largest = std::max(largest, std::fabs(*numbers[i]));
    }
  }
  return largest;
}

/// Finding 8 (docs/findings.md): a circle whose centre lands exactly on a polygon vertex in
/// b2CollidePolygonAndCircle's float arithmetic gets the normal (0, 0) from the vertex branch.
/// Recognized by that zero normal and, in world coordinates, the centre within the float
/// rounding of Box2D's two transforms (a few FLT_EPSILON of the scene's largest coordinate)
/// of a vertex; a zero normal anywhere else is still a failure.
bool isFinding8(const Case& c, const Manifold& actual) {
  if (actual.status != Status::contact || actual.normal.x != 0.0 || actual.normal.y != 0.0) {
    return false;
  }
  const bool polygonIsA = std::holds_alternative<Polygon>(c.a);
  const auto* polygon = std::get_if<Polygon>(polygonIsA ? &c.a : &c.b);
  const auto* circle = std::get_if<Circle>(polygonIsA ? &c.b : &c.a);
  if (polygon == nullptr || circle == nullptr) return false;
  const Transform& xfPolygon = polygonIsA ? c.xfA : c.xfB;
  const Vec2 centre = apply(polygonIsA ? c.xfB : c.xfA, circle->center);
  const double reach = 8.0 * static_cast<double>(FLT_EPSILON) * sceneMagnitude(c);
  for (int i = 0; i < polygon->count; ++i) {
    if (length(apply(xfPolygon, polygon->vertices[i]) - centre) <= reach) return true;
  }
  return false;
}

/// Box2D 2.4.1 disagreements docs/findings.md has written up as findings (real bugs, not
/// conventions: the declared conventions of engine box2d cover E1–E3), each recognized by
/// its mechanism on the failing case, so every other disagreement on these pairs is still
/// caught: finding 8 (a circle centre on a polygon vertex), finding 9 (segment or chain
/// segment against a rounded polygon near the reference face's end) and finding 11 (a chain
/// segment's back side). Returns the finding, or "".
std::string box2dKnownFinding(const Case& scene, const test::CrossCheck& check) {
  if (isFinding8(scene, check.actual)) return "finding 8";
  const std::optional<EdgePolygon> g = edgePolygonOf(scene);
  if (!g) return "";
  if (isFinding9(*g, check)) return "finding 9";
  if (isFinding11(*g)) return "finding 11";
  return "";
}

/// Which cases box2d is cross-checked on, from TOUCHE_FUZZ_BOX2D: "all" (default: every case
/// in Box2D's range), "sharp" (only when neither polygon is rounded) or "off".
bool box2dInScope(const FuzzInput& in) {
  static const std::string scope = [] {
    const char* env = std::getenv("TOUCHE_FUZZ_BOX2D");
    return std::string(env ? env : "all");
  }();
  if (scope == "off" || !inBox2dRange(in)) return false;
  return scope != "sharp" || !hasRoundedPolygon(in.scene);
}

/// True when every coordinate of the scene is below 2^-500 (double) or 2^-60 (float): products
/// of two coordinates underflow in the engine's precision (float's normal range ends at
/// 2^-126), so its decisions are no longer within the oracle's scale-relative tolerance. There
/// the fast engines are held to sanity only (finite, unit normal, an answer), the reference to
/// everything.
bool productsUnderflow(const Case& scene, bool inFloat) {
  return sceneMagnitude(scene) < (inFloat ? 0x1p-60 : 0x1p-500);
}

std::string checkBox2d(const FuzzInput& in) {
  const Engine& box2d = oracle::box2d::kEngine;
  if (!box2dInScope(in)) return "";
  if (in.options.margin > 0) {  // Box2D 2.4.1 has no margin: the adapter says unsupported
    const Manifold m = test::runEngine(box2d, in.scene, in.options);
    if (m.status == Status::unsupported) return "";
    return "box2d answered " + std::string(statusName(m.status)) + " with margin > 0";
  }
  const test::CrossCheck check = test::crossCheck(box2d, in.scene, in.options);
  if (check.actual.status == Status::error &&
      (box2dCannotRepresent(in.scene.a) || box2dCannotRepresent(in.scene.b))) {
    return "";
  }
  // Box2D answers `unsupported` exactly when the adapter refuses the input (a polygon whose
  // float area Set() would assert on, an edge too short to normalise), naming the reason.
  const std::string refusal = oracle::box2d::refusal(in.scene.a, in.scene.b);
  const bool unsupported = check.actual.status == Status::unsupported;
  if (unsupported && !refusal.empty()) return "";
  if (unsupported) return "box2d answered unsupported to an input the adapter does not refuse";
  if (!refusal.empty()) {
    return "box2d answered " + std::string(statusName(check.actual.status)) +
           " to an input the adapter refuses (" + refusal + ")";
  }
  if (oracle::isAcceptable(check.comparison.outcome)) return "";
  if (!box2dKnownFinding(in.scene, check).empty()) return "";
  return "box2d vs reference: " + check.comparison.explanation;
}

// ---- Box2D v3 ------------------------------------------------------------------------------

/// Box2D v3 disagreements docs/findings.md has written up (beyond the declared conventions of
/// engine box2d_v3), each recognized by its mechanism on the failing case
/// (touche/test_support/box2d_v3_findings.h): V2 (a chain segment's vertex–vertex point on the
/// chain segment), V3 (v3's chain tolerances: a corner convex by a turn below convexTol taken
/// as flat, a normal beyond a convex corner by a sine below sinTol admitted), V4 (corners
/// apart with both core face separations within 0.1·b2_linearSlop: no contact) and V5 (capsule
/// cores touching within FLT_EPSILON: A's left normal). Returns the finding, or "".
std::string box2dV3KnownFinding(const Case& scene, const test::CrossCheck& check) {
  return test::box2d_v3_findings::knownFinding(scene, check);
}

/// Which cases box2d_v3 is cross-checked on, from TOUCHE_FUZZ_BOX2D_V3: "all" (default: every
/// case in Box2D's working range, which v3 shares with 2.4.1: its constants are the same
/// absolute lengths) or "off".
bool box2dV3InScope(const FuzzInput& in) {
  static const bool off = [] {
    const char* env = std::getenv("TOUCHE_FUZZ_BOX2D_V3");
    return env != nullptr && std::string(env) == "off";
  }();
  return !off && inBox2dRange(in);
}

/// Box2D v3 on the case's shapes filled directly (engine box2d_v3_exact), for a case box2d_v3
/// refuses because v3's builders would change a shape: judged as box2d_v3 is, refusing only
/// degenerate float geometry.
std::string checkBox2dV3Exact(const FuzzInput& in) {
  const test::CrossCheck check =
      test::crossCheck(oracle::box2d_v3::kExactEngine, in.scene, in.options);
  const std::string refusal = oracle::box2d_v3::exactRefusal(in.scene.a, in.scene.b);
  const bool unsupported = check.actual.status == Status::unsupported;
  if (unsupported && !refusal.empty()) return "";
  if (unsupported) {
    return "box2d_v3_exact answered unsupported to an input the adapter does not refuse";
  }
  if (!refusal.empty()) {
    return "box2d_v3_exact answered " + std::string(statusName(check.actual.status)) +
           " to an input the adapter refuses (" + refusal + ")";
  }
  if (oracle::isAcceptable(check.comparison.outcome)) return "";
  if (!box2dV3KnownFinding(in.scene, check).empty()) return "";
  return "box2d_v3_exact vs reference: " + check.comparison.explanation;
}

/// Box2D v3 against the reference under its declared conventions: at its own speculative
/// distance only (any other margin must be refused), refusals recognized by their reason.
std::string checkBox2dV3(const FuzzInput& in) {
  const Engine& v3 = oracle::box2d_v3::kEngine;
  if (!box2dV3InScope(in)) return "";
  const double margin = in.options.margin;
  if (margin != 0.0 && margin != oracle::box2d_v3::kSpeculativeDistance) {
    const Manifold m = test::runEngine(v3, in.scene, in.options);
    if (m.status == Status::unsupported) return "";
    return "box2d_v3 answered " + std::string(statusName(m.status)) + " with margin " +
           hexfloat(margin) + " (v3 has only its speculative distance)";
  }
  const test::CrossCheck check = test::crossCheck(v3, in.scene, in.options);
  const std::string refusal = oracle::box2d_v3::refusal(in.scene.a, in.scene.b);
  const bool unsupported = check.actual.status == Status::unsupported;
  if (unsupported && !refusal.empty()) return checkBox2dV3Exact(in);
  if (unsupported) return "box2d_v3 answered unsupported to an input the adapter does not refuse";
  if (!refusal.empty()) {
    return "box2d_v3 answered " + std::string(statusName(check.actual.status)) +
           " to an input the adapter refuses (" + refusal + ")";
  }
  if (oracle::isAcceptable(check.comparison.outcome)) return "";
  if (!box2dV3KnownFinding(in.scene, check).empty()) return "";
  return "box2d_v3 vs reference: " + check.comparison.explanation;
}

/// A contact manifold's own sanity: finite numbers, at most two points, a unit normal (within
/// a few float epsilons: the float engine rounds its normal in float).
std::string checkSane(const char* engine, const Manifold& m) {
  if (!test::isFinite(m)) return std::string(engine) + ": non-finite " + test::describe(m);
  if (m.status != Status::contact) return "";
  if (m.pointCount < 0 || m.pointCount > 2) {
    return std::string(engine) + ": point count " + std::to_string(m.pointCount);
  }
  const double norm2 = dot(m.normal, m.normal);
  if (!(std::fabs(norm2 - 1) <= 0x1p-20)) {
    return std::string(engine) + ": normal not unit (|n|^2 = " + hexfloat(norm2) + ") " +
           test::describe(m);
  }
  return "";
}

int& judgeEveryStorage() {
  static int every = [] {
    const char* env = std::getenv("TOUCHE_FUZZ_JUDGE_EVERY");
    const int n = env ? std::atoi(env) : 8;
    return n >= 1 ? n : 8;
  }();
  return every;
}

/// Whether this input is one of the judged ones (setJudgeEvery): a hash of the case's numbers
/// (their bits) and shape types, so the same input is always judged or never.
bool judgedInput(const Case& scene) {
  const int every = judgeEveryStorage();
  if (every <= 1) return true;
  Case c = scene;
  std::uint64_t hash = 1469598103934665603ull;  // FNV-1a over the bits of every number
  const auto mix = [&hash](std::uint64_t word) {
    for (int k = 0; k < 8; ++k) {
      hash ^= (word >> (8 * k)) & 0xffu;
      hash *= 1099511628211ull;
    }
  };
  for (Shape* shape : {&c.a, &c.b}) {
    mix(static_cast<std::uint64_t>(typeOf(*shape)));
    for (const double* v : test::numbersOf(shape, shape == &c.a ? &c.xfA : &c.xfB)) {
      std::uint64_t bits;
      std::memcpy(&bits, v, sizeof bits);
      mix(bits);
    }
  }
  return hash % static_cast<std::uint64_t>(every) == 0;
}

/// The conventions an engine's manifold is judged under by judge(): exact for the reference,
/// the engine's own declared ones otherwise (oracle::engineConventions), at the input's margin.
oracle::DeclaredConventions judgedConventions(const Engine& engine, const Options& options) {
  oracle::DeclaredConventions conventions = &engine == &reference::kEngine
                                                ? *oracle::conventionsPreset("exact")
                                                : *oracle::engineConventions(engine.name);
  conventions.margin = options.margin;
  return conventions;
}

/// The manifold judged against exact geometry (judge(): nothing of the reference's algorithm
/// assumed) under the engine's conventions: it must be acceptable, with no excuse. compare()
/// judges against the reference's answer; this holds both to the geometry, so a bug the reference
/// and the compare step share, or a false verdict of either judge, shows up as a disagreement.
std::string checkJudged(const Engine& engine, const Case& c, const Options& options,
                        const Manifold& m) {
  const oracle::Comparison judged = oracle::judge(c, m, judgedConventions(engine, options));
  if (oracle::isAcceptable(judged.outcome)) return "";
  return std::string(engine.name) + " judged against exact geometry: " + judged.explanation;
}

/// fast and fast_float in both role orders, against the reference and against exact geometry.
std::string checkFast(const FuzzInput& in, const Engine& engine) {
  const bool sanityOnly = productsUnderflow(in.scene, &engine == &fast::kFloatEngine);
  for (const Case& c : {in.scene, test::swappedScene(in.scene)}) {
    const test::CrossCheck check = test::crossCheck(engine, c, in.options);
    const std::string sane = checkSane(engine.name.data(), check.actual);
    if (sanityOnly && sane.empty() && check.actual.status != Status::error) continue;
    if (!sane.empty()) return sane;
    if (!oracle::isAcceptable(check.comparison.outcome)) {
      return std::string(engine.name) + " vs reference: " + check.comparison.explanation;
    }
    if (!judgedInput(in.scene)) continue;
    const std::string judged = checkJudged(engine, c, in.options, check.actual);
    if (!judged.empty()) {
      return judged;
    }
  }
  return "";
}

/// Copies of the scene's pair in one batch: more than one 16-lane register of the AVX-512
/// polygon block, so its lanes, its compaction and a partial register all run on the pair.
constexpr int kBatchCopies = 19;

/// The batch API against the typed scalar API in T on shapes a, b (prepared) placed by the
/// scene: every copy of the pair in the batch must give the scalar manifold's bits (the
/// contract of touche/fast/batch.h).
template <class T, class ShapeA, class ShapeB, class Batch, class Scalar>
std::string batchAgainstScalar(const char* pairName, const ShapeA& a, const ShapeB& b,
                               const Case& scene, const Options& options, Batch batch,
                               Scalar scalar) {
  const fast::TransformT<T> xfA = fast::toT<T>(scene.xfA);
  const fast::TransformT<T> xfB = fast::toT<T>(scene.xfB);
  const T margin = static_cast<T>(options.margin);
  const fast::ManifoldT<T> expected = scalar(a, xfA, b, xfB, margin);
  const std::vector<int> body(kBatchCopies, 0);  // every entry is body 0 of both pools
  std::vector<fast::ManifoldT<T>> out(kBatchCopies);
  batch(fast::PairBatchT<T, ShapeA, ShapeB>{&a, &xfA, &b, &xfB, body.data(), body.data(),
                                            kBatchCopies},
        margin, out.data());
  for (int k = 0; k < kBatchCopies; ++k) {
    if (!test::sameBits(out[k], expected)) {
      return std::string("batch ") + pairName +
             (sizeof(T) == sizeof(float) ? " float" : " double") + ": entry " + std::to_string(k) +
             " differs from the scalar pair";
    }
  }
  return "";
}

/// The batch path of the pairs that have one (polygon–polygon, polygon–circle, circle–circle,
/// in their canonical role order), in float and double.
template <class T>
std::string checkBatchT(const Case& scene, const Options& options) {
  const auto* polygonA = std::get_if<Polygon>(&scene.a);
  const auto* circleA = std::get_if<Circle>(&scene.a);
  const auto* polygonB = std::get_if<Polygon>(&scene.b);
  const auto* circleB = std::get_if<Circle>(&scene.b);
  if (polygonA && polygonB) {
    return batchAgainstScalar<T>(
        "polygon_polygon", fast::prepare<T>(*polygonA), fast::prepare<T>(*polygonB), scene, options,
        [](const auto&... args) { fast::collidePolygonsBatch<T>(args...); },
        [](const auto&... args) { return fast::collidePolygons<T>(args...); });
  }
  if (polygonA && circleB) {
    return batchAgainstScalar<T>(
        "polygon_circle", fast::prepare<T>(*polygonA), fast::prepare<T>(*circleB), scene, options,
        [](const auto&... args) { fast::collidePolygonAndCircleBatch<T>(args...); },
        [](const auto&... args) { return fast::collidePolygonAndCircle<T>(args...); });
  }
  if (circleA && circleB) {
    return batchAgainstScalar<T>(
        "circle_circle", fast::prepare<T>(*circleA), fast::prepare<T>(*circleB), scene, options,
        [](const auto&... args) { fast::collideCirclesBatch<T>(args...); },
        [](const auto&... args) { return fast::collideCircles<T>(args...); });
  }
  return "";
}

std::string checkBatch(const FuzzInput& in) {
  if (std::string failure = checkBatchT<float>(in.scene, in.options); !failure.empty())
    return failure;
  return checkBatchT<double>(in.scene, in.options);
}

bool sameBits(double x, double y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

/// Bit for bit: status, flags, normal, points (position, separation, id) and every gap.
bool sameBits(const Manifold& x, const Manifold& y) {
  if (x.status != y.status || x.flags != y.flags || x.pointCount != y.pointCount) return false;
  if (!sameBits(x.normal.x, y.normal.x) || !sameBits(x.normal.y, y.normal.y)) return false;
  for (int i = 0; i < x.pointCount; ++i) {
    const ManifoldPoint& p = x.points[i];
    const ManifoldPoint& q = y.points[i];
    if (!sameBits(p.point.x, q.point.x) || !sameBits(p.point.y, q.point.y) ||
        !sameBits(p.separation, q.separation) || !(p.id == q.id)) {
      return false;
    }
  }
  const auto gapsOf = [](const DecisionGaps& g) {
    return std::array{g.axis, g.incident, g.contact, g.clip, g.region, g.normal};
  };
  const auto gx = gapsOf(x.gaps);
  const auto gy = gapsOf(y.gaps);
  for (std::size_t k = 0; k < gx.size(); ++k) {
    if (gx[k].has_value() != gy[k].has_value()) return false;
    if (gx[k] && !sameBits(*gx[k], *gy[k])) return false;
  }
  return true;
}

/// Away from unit scale (coordinates below 2^-30 or above 2^30, where the 100k-pair filter
/// identity tests do not reach) the filtered reference must give the all-exact one's bits:
/// the filter's error bounds are what underflow and overflow test.
std::string checkReferenceFilter(const FuzzInput& in, const Manifold& filtered) {
  const double magnitude = sceneMagnitude(in.scene);
  if (magnitude >= 0x1p-30 && magnitude <= 0x1p30) return "";
  reference::setFilterEnabled(false);
  const Manifold exact = test::runEngine(reference::kEngine, in.scene, in.options);
  reference::setFilterEnabled(true);
  if (sameBits(filtered, exact)) return "";
  return "reference: the filtered answer " + test::describe(filtered) +
         " differs from the all-exact one " + test::describe(exact);
}

std::string checkValid(const FuzzInput& in, PairId pair) {
  const Manifold expected = test::runEngine(reference::kEngine, in.scene, in.options);
  if (std::string filter = checkReferenceFilter(in, expected); !filter.empty()) return filter;
  if (expected.status == Status::unsupported) return "";  // the pair has not landed yet
  if (expected.status != Status::contact && expected.status != Status::noContact) {
    return "reference answered " + std::string(statusName(expected.status)) + " to valid input";
  }
  if (std::string sane = checkSane("reference", expected); !sane.empty()) return sane;
  if (judgedInput(in.scene)) {
    if (std::string judged = checkJudged(reference::kEngine, in.scene, in.options, expected);
        !judged.empty()) {
      return judged;
    }
  }
  if (std::string batch = checkBatch(in); !batch.empty()) return batch;
  for (const Engine* engine : kOtherEngines) {
    if (!engine->implements(pair) || !engineSelected(*engine)) continue;
    const std::string failure = engine == &oracle::box2d::kEngine      ? checkBox2d(in)
                                : engine == &oracle::box2d_v3::kEngine ? checkBox2dV3(in)
                                                                       : checkFast(in, *engine);
    if (!failure.empty()) return failure;
  }
  return "";
}

/// The canonical pair of a case (cases read from JSONL may come in either role order).
PairId pairOf(const Case& c) {
  return lookupPair(typeOf(c.a), typeOf(c.b)).id;
}

}  // namespace

void setJudgeEvery(int n) {
  judgeEveryStorage() = n >= 1 ? n : 1;
}

std::string crossCheck(const FuzzInput& input) {
  const Case& c = input.scene;
  const PairId pair = pairOf(c);
  if (const auto why = validateInput(c.a, c.xfA, c.b, c.xfB, input.options)) {
    return checkInvalid(input, pair, *why);
  }
  return checkValid(input, pair);
}

std::string refusalMismatch(const FuzzInput& input, const std::string& expectedReason) {
  const Case& c = input.scene;
  const Manifold m = test::runEngine(oracle::box2d::kEngine, c, input.options);
  const std::string reason = oracle::box2d::refusal(c.a, c.b);
  if (m.status != Status::unsupported) {
    return "expected box2d to refuse the input, it answered " + std::string(statusName(m.status));
  }
  if (reason.rfind(expectedReason, 0) != 0) {
    return "expected a refusal starting with \"" + expectedReason + "\", the adapter says \"" +
           reason + "\"";
  }
  return "";
}

namespace {

/// The case with broken polygon counts clamped, so formatting never reads past the array.
Case printable(const Case& scene) {
  Case out = scene;
  for (Shape* shape : {&out.a, &out.b}) {
    if (auto* p = std::get_if<Polygon>(shape))
      p->count = std::clamp(p->count, 0, kMaxPolygonVertices);
  }
  return out;
}

std::string jsonEscaped(const std::string& text) {
  std::string escaped;
  for (char ch : text) {
    if (ch == '"' || ch == '\\') escaped += '\\';
    if (static_cast<unsigned char>(ch) >= 0x20) escaped += ch;
  }
  return escaped;
}

}  // namespace

std::string failureLine(const FuzzInput& input, const std::string& failure) {
  std::string line = formatCase(printable(input.scene), NumberFormat::hex);
  const std::string headline = failure.substr(0, failure.find('\n'));
  line.pop_back();  // the closing brace of the case object
  line += ",\"margin\":\"" + hexfloat(input.options.margin) + "\",\"failure\":\"" +
          jsonEscaped(headline) + "\"}";
  return line;
}

std::string failureSvg(const FuzzInput& input) {
  const Case& c = input.scene;
  if (validateInput(c.a, c.xfA, c.b, c.xfB, input.options)) return "";
  std::vector<ManifoldRecord> records;
  for (const Engine* engine :
       {&reference::kEngine, &fast::kDoubleEngine, &fast::kFloatEngine, &oracle::box2d::kEngine,
        &oracle::box2d_v3::kEngine, &oracle::box2d_v3::kExactEngine}) {
    const Manifold m = test::runEngine(*engine, c, input.options);
    if (m.status == Status::unsupported) continue;
    records.push_back({c.id, std::string(engine->name), m, "", true});
  }
  return oracle::renderSvg(c, records);
}

std::string reportFailure(const FuzzInput& input, const std::string& failure) {
  const std::string line = failureLine(input, failure);
  const char* dir = std::getenv("TOUCHE_FUZZ_FAILURES");
  char name[64];
  std::snprintf(name, sizeof name, "touche-failure-%016zx", std::hash<std::string>{}(line));
  const std::string stem = (dir && *dir ? std::string(dir) + "/" : std::string()) + name;
  std::fprintf(stderr, "%s\n%s\n", failure.c_str(), line.c_str());
  std::ofstream(stem + ".jsonl") << line << "\n";
  if (const std::string svg = failureSvg(input); !svg.empty()) std::ofstream(stem + ".svg") << svg;
  std::fprintf(stderr, "written to %s.jsonl (and .svg)\n", stem.c_str());
  return stem + ".jsonl";
}

std::string stringFieldOfLine(const std::string& line, const std::string& key) {
  const std::string quoted = "\"" + key + "\":\"";
  const std::size_t at = line.find(quoted);
  if (at == std::string::npos) return "";
  std::string value;
  for (std::size_t i = at + quoted.size(); i < line.size() && line[i] != '"'; ++i) {
    if (line[i] == '\\' && i + 1 < line.size()) ++i;
    value += line[i];
  }
  return value;
}

double marginOfLine(const std::string& line) {
  const std::string margin = stringFieldOfLine(line, "margin");
  return margin.empty() ? 0.0 : std::strtod(margin.c_str(), nullptr);
}

int runOne(PairId pair, const std::uint8_t* data, std::size_t size) {
  const FuzzInput input = decode(pair, data, size);
  const std::string failure = crossCheck(input);
  if (!failure.empty()) {
    reportFailure(input, failure);
    std::abort();
  }
  return 0;
}

}  // namespace touche::fuzz
