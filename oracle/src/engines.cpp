// touche — the engine registry and each engine's declared conventions (docs/conventions.md).
#include "touche/oracle/engines.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>

#include "touche/fast/fast.h"
#include "touche/oracle/box2d.h"
#include "touche/oracle/box2d_v3.h"
#include "touche/oracle/compare.h"
#include "touche/reference/reference.h"

namespace touche::oracle {

std::span<const Engine* const> knownEngines() {
  static constexpr std::array<const Engine*, 7> kEngines = {
      &reference::kEngine, &fast::kDoubleEngine, &fast::kFloatEngine,    &box2d::kEngine,
      &box2d::kSkinEngine, &box2d_v3::kEngine,   &box2d_v3::kExactEngine};
  // The v3 engines are known only in a build with Box2D v3 (the absent stub implements
  // nothing).
  return std::span<const Engine* const>(kEngines).first(box2d_v3::built() ? 7 : 5);
}

namespace {

bool isBox2dV3(const Engine& engine) {
  return &engine == &box2d_v3::kEngine || &engine == &box2d_v3::kExactEngine;
}

}  // namespace

std::string inputRefusal(const Engine& engine, const Case& c) {
  const bool isBox2d = &engine == &box2d::kEngine || &engine == &box2d::kSkinEngine;
  if (isBox2d) return box2d::refusal(c.a, c.b);
  if (&engine == &box2d_v3::kExactEngine) return box2d_v3::exactRefusal(c.a, c.b);
  return &engine == &box2d_v3::kEngine ? box2d_v3::refusal(c.a, c.b) : std::string();
}

std::vector<std::string> defaultValidationEngines() {
  std::vector<std::string> names;
  for (const Engine* e : knownEngines()) {
    if (e != &reference::kEngine) names.emplace_back(e->name);
  }
  return names;
}

const Engine* findEngine(std::string_view name) {
  for (const Engine* e : knownEngines()) {
    if (e->name == name) return e;
  }
  // Named without v3 built in, they answer `unsupported` saying how to build it (kNotBuilt).
  if (name == box2d_v3::kEngine.name) return &box2d_v3::kEngine;
  return name == box2d_v3::kExactEngine.name ? &box2d_v3::kExactEngine : nullptr;
}

Manifold run(const Engine& engine, const Case& c, const Options& options) {
  return engine.collide(c.a, c.xfA, c.b, c.xfB, options);
}

namespace {

/// Why box2d_v3 answered `unsupported` (box2d_v3.h): not built in, a margin other than v3's, or
/// shapes v3 builds otherwise.
std::string box2dV3Reason(const Engine& engine, const Case& c, const Options& options) {
  if (!box2d_v3::built()) return std::string(box2d_v3::kNotBuilt);
  if (options.margin != 0.0 && options.margin != box2d_v3::kSpeculativeDistance) {
    return std::string(box2d_v3::kMarginUnsupported);
  }
  return inputRefusal(engine, c);
}

}  // namespace

std::string reasonFor(const Engine& engine, const Case& c, const Options& options, Status status) {
  if (status == Status::error) {
    if (auto e = validateInput(c.a, c.xfA, c.b, c.xfB, options)) return e->describe();
    return "the engine could not represent the input (e.g. a polygon that degenerates when "
           "rounded to float)";
  }
  if (status != Status::unsupported) return "";
  if (isBox2dV3(engine)) return box2dV3Reason(engine, c, options);
  const bool isBox2d = &engine == &box2d::kEngine || &engine == &box2d::kSkinEngine;
  if (isBox2d && options.margin != 0.0) return std::string(box2d::kMarginUnsupported);
  if (isBox2d) {
    if (std::string why = box2d::refusal(c.a, c.b); !why.empty()) return why;
    const bool capsule = typeOf(c.a) == ShapeType::capsule || typeOf(c.b) == ShapeType::capsule;
    if (capsule) return std::string(box2d::kCapsuleUnsupported);
    const bool chain =
        typeOf(c.a) == ShapeType::chainSegment || typeOf(c.b) == ShapeType::chainSegment;
    if (chain && &engine == &box2d::kSkinEngine) {
      return std::string(box2d::kSkinnedChainUnsupported);
    }
  }
  return unsupportedReason(engine, typeOf(c.a), typeOf(c.b));
}

namespace {

/// Box2D v3 (box2d_v3.h, docs/conventions.md "Box2D v3"): float, its fixed speculative
/// distance, clipped points kept beyond it, integer keys for ids.
Conventions box2dV3Conventions(std::string_view engine) {
  Conventions c;
  c.engine = std::string(engine);
  c.precision = Precision::float32;
  // manifold.c: b2CollideCapsules keeps A's core as the reference unless B's separation is
  // better by 0.1f * B2_LINEAR_SLOP; b2CollidePolygons takes the vertex–vertex normal only
  // when it is better than the clip by as much.
  c.tieBand = box2d_v3::kHysteresis;
  // manifold.c: b2CollideCapsules keeps its two clipped points while one of them is within
  // B2_LINEAR_SLOP of the cores' closest distance (the exact rule: at most that distance).
  c.capsuleTieBand = box2d_v3::kLinearSlop;
  c.compareIds = false;
  // manifold.c, b2CollidePolygonAndCircle: a vertex region needs the face separation above
  // FLT_EPSILON.
  c.insideEpsilon = static_cast<double>(FLT_EPSILON);
  // math_functions.h: b2GetLengthAndNormalize returns (0, 0) for a vector shorter than
  // FLT_EPSILON (circle pairs: docs/findings.md, finding V1).
  c.zeroNormalEpsilon = static_cast<double>(FLT_EPSILON);
  c.fixedMargin = box2d_v3::kSpeculativeDistance;
  // manifold.c, b2CollideChainSegmentAndPolygon: convexTol = sinTol = 0.01f, "apart" beyond
  // 0.1f * B2_LINEAR_SLOP (b2ShapeDistance).
  c.chainByTolerances = true;
  c.keepsPointsBeyondMargin = true;
  return c;
}

}  // namespace

Conventions conventionsFor(std::string_view engine) {
  Conventions c;
  c.engine = std::string(engine);
  // The fast engines run touche's algorithm in floating point: every decision is exact up to
  // their rounding of the world transform, the frame change and the normalisation, which
  // the oracle accepts as a band of kFastTieBandUnits units of epsilon x scene scale.
  if (engine == "fast" || engine == "fast_float") {
    c.tieBandUnits = kFastTieBandUnits;
    if (engine == "fast_float") c.precision = Precision::float32;
    return c;
  }
  if (engine == "box2d" || engine == "box2d_skin") {
    // b2_collide_polygon.cpp, b2CollidePolygons: face B is the reference only when
    // separationB > separationA + k_tol with k_tol = 0.1f * b2_linearSlop.
    c.precision = Precision::float32;
    c.tieBand = box2d::kReferenceFaceTolerance;
    // b2_collide_edge.cpp, b2CollideEdgeAndPolygon: the polygon's axis wins only if
    // sB > 0.98f·sEdge + 0.001f (separations less the total radius). With g = sB − sEdge and
    // depth d = −sB: the edge axis is kept while g ≤ 0.001f/0.98f + (1 − 0.98f)/0.98f · d.
    c.relativeTieBand = kBox2dEdgeRelativeTieBand;
    c.relativeTieBandOffset = kBox2dEdgeTieBandOffset;
    // b2_collide_circle.cpp: every circle manifold point has id.key = 0.
    c.compareCircleIds = false;
    // b2_collide_polygon.cpp: sideOffset1/2 "extended by polytope skin thickness".
    c.extendsSidePlanes = true;
    // b2_collide_polygon.cpp, b2_collide_edge.cpp: the manifold is always e_faceA or e_faceB
    // (no vertex–vertex), for polygon pairs and for an edge against a polygon.
    c.faceNormalOnly = true;
    // b2_collide_edge.cpp, b2CollideEdgeAndPolygon: a one-sided edge tests the centroid
    // against its own line only, scores no neighbour axis, and admits a normal up to
    // sinTol = 0.1 beyond a convex corner (docs/findings.md, E3).
    c.chainOwnership = ChainOwnership::box2d241;
    // b2_collide_circle.cpp: "separation < b2_epsilon" means centre inside; b2_collision.cpp
    // b2WorldManifold::Initialize: centres within b2_epsilon give the normal (1, 0).
    c.insideEpsilon = static_cast<double>(FLT_EPSILON);
    // b2_collide_polygon.cpp, b2CollidePolygons: "if (np < 2) return;" after each side plane:
    // corners touching exactly clip to one point, and the contact is dropped.
    c.dropsCornerTouches = true;
    if (engine == "box2d_skin") c.polygonSkin = box2d::kPolygonSkin;
  }
  if (engine == "box2d_v3" || engine == "box2d_v3_exact") return box2dV3Conventions(engine);
  return c;
}

Options effectiveOptions(const Conventions& conventions, const Options& options) {
  Options effective = options;
  if (conventions.fixedMargin > 0.0) effective.margin = conventions.fixedMargin;
  return effective;
}

namespace {

/// The largest separation `m` reports (−inf for no point).
double largestSeparation(const Manifold& m) {
  double largest = -INFINITY;
  for (int i = 0; i < std::clamp(m.pointCount, 0, 2); ++i)
    largest = std::max(largest, m.points[i].separation);
  return largest;
}

/// Inputs are limited to 2^50 (validate.h): a raised margin stays below it.
constexpr double kLargestMargin = 0x1p50;

}  // namespace

Expectation expectationFor(const Case& c, const Conventions& conventions, const Options& options,
                           const Manifold& actual) {
  Expectation e;
  e.expectedCase = expectedCaseFor(c, conventions);
  const Options effective = effectiveOptions(conventions, options);
  e.expected = run(reference::kEngine, e.expectedCase, effective);
  e.tolerance = toleranceFor(e.expectedCase, conventions);
  e.tolerance.margin = effective.margin;
  const double largest = actual.status == Status::contact ? largestSeparation(actual) : -INFINITY;
  if (!conventions.keepsPointsBeyondMargin || e.expected.status != Status::contact ||
      !(largest > effective.margin) || !std::isfinite(largest)) {
    return e;
  }
  // The margin raised past the engine's farthest point by its length allowance (points at the
  // new margin stay in), so the reference keeps the same clipped points the engine kept.
  Options keepAll = effective;
  keepAll.margin = std::min(largest + 2.0 * e.tolerance.length(), kLargestMargin);
  Manifold kept = run(reference::kEngine, e.expectedCase, keepAll);
  if (kept.status != Status::contact) return e;
  kept.gaps.contact = e.expected.gaps.contact;
  e.expected = kept;
  return e;
}

Case expectedCaseFor(const Case& c, const Conventions& conventions) {
  if (conventions.polygonSkin == 0.0) return c;
  Case grown = c;
  for (Shape* s : {&grown.a, &grown.b}) {
    if (auto* p = std::get_if<Polygon>(s)) p->radius += conventions.polygonSkin;
    // Box2D gives an edge the same skin: a segment grown by it is a capsule of that radius.
    if (const auto* segment = std::get_if<Segment>(s)) {
      *s = Capsule{segment->p1, segment->p2, conventions.polygonSkin};
    }
  }
  return grown;
}

}  // namespace touche::oracle
