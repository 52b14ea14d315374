// touche reference — casts: a moving circle against one shape (design notes §8).
//
// Derivation: source 001, "drawing the bounce path of a circle among polygons" (§2 Minkowski
// expansion, §3 ray vs directed segment, §4 ray vs arc, §12 the nearest intersection), with
// the contract's semantics for what the source leaves open (docs/conventions.md, "Casts"):
//   Step 1: the shape's core and the moving circle in the world frame (exactly, or as Approx
//           values first: the filter).
//   Step 2: a one-sided chain segment is touched from its front only: an origin strictly
//           behind its line is a miss (the source's directed segments, front-face test).
//   Step 3: the circle already touches at t = 0 (its centre within R = r + radius of the core)
//           → initial_overlap, even when it moves away.
//   Step 4: no motion (zero translation or maxFraction 0) and no overlap → miss.
//   Step 5: source §2: the shape offset by R is faces pushed out by R and arcs of radius R at
//           the vertices; the centre moves as a point against each (cast_features.h: §3 for
//           faces, §4 for arcs) and the smallest t wins (source §12's nearest intersection).
//           Exact ties: faces before vertices, then the lower index.
//   Step 6: outputs — fraction t, the outward unit normal at the touching point and the point
//           (the centre at t less r·normal) — each the correctly rounded double of its exact
//           a + b·√g form.
//   Step 7: the decision gaps (CastGaps): hit vs miss (the path's distance from the offset
//           shape, or its penetration depth), initial overlap, the feature, the side.
#include "touche/reference/cast.h"

#include <type_traits>
#include <variant>

#include "cast_features.h"
#include "cast_rounding.h"

namespace touche::reference {
namespace {

/// Step 5's offset faces: a segment has two (face 0 right of v0→v1, face 1 left, as v1→v0),
/// a chain segment one (its front), a polygon one per edge, a point none.
template <class N>
int faceCount(const CastCoreOf<N>& core) {
  if (core.count == 1) return 0;
  if (core.count == 2) return core.oneSided ? 1 : 2;
  return core.count;
}

/// The core edge a→b of face i, its outside on the right.
template <class N>
std::pair<Vec2Of<N>, Vec2Of<N>> faceEdge(const CastCoreOf<N>& core, int i) {
  if (core.count == 2 && i == 1) return {core.vertices[1], core.vertices[0]};
  return {core.vertices[i], core.vertices[nextIndex(i, core.count)]};
}

/// Step 5's arc at vertex i spans the outward directions between the normals of the faces
/// that meet there: u·e_prev ≥ 0 (beyond the end of the face arriving at the vertex) and
/// u·e_next ≤ 0 (before the start of the face leaving it). A point's arc is a full circle; a
/// segment end's a half circle; a chain segment's ends are quarter arcs on its front side.
template <class N>
ArcLimitsOf<N> arcLimits(const CastCoreOf<N>& core, int i) {
  ArcLimitsOf<N> range;
  if (core.count == 1) return range;
  if (core.count == 2) {
    const Vec2Of<N> e = core.vertices[1] - core.vertices[0];
    range.limits[range.count++] = i == 0 ? negated(e) : e;
    if (core.oneSided) range.limits[range.count++] = frontNormal(core);
    return range;
  }
  const int previous = i > 0 ? i - 1 : core.count - 1;
  range.limits[0] = core.vertices[i] - core.vertices[previous];
  range.limits[1] = core.vertices[i] - core.vertices[nextIndex(i, core.count)];
  range.count = 2;
  return range;
}

/// Step 5: the first offset feature the centre meets (faces first, then vertices; a later
/// feature replaces the best only with a strictly smaller t).
template <class N>
std::optional<CastHitOf<N>> firstTouch(const CastCoreOf<N>& core, const CastPathOf<N>& path) {
  std::optional<CastHitOf<N>> best;
  const auto offer = [&](std::optional<CastHitOf<N>> hit) {
    if (hit && (!best || compare(hit->t, best->t) < 0)) best = std::move(hit);
  };
  for (int i = 0; i < faceCount(core); ++i) {
    const auto [a, b] = faceEdge(core, i);
    offer(castAgainstFace(path, a, b, i));
  }
  for (int i = 0; i < core.count; ++i) {
    offer(castAgainstArc(path, core.vertices[i], arcLimits(core, i), i));
  }
  return best;
}

/// Step 6 for a face: normal n/√G; point = origin + t·d − r·n/√G (radicand G).
template <class N>
void faceOutputs(const CastPathOf<N>& path, const CastHitOf<N>& hit, CastResult& out) {
  const Vec2Of<N> n = rightPerp(hit.b - hit.a);
  const N& g = hit.t.g;
  const Vec2Of<N> unitPart = scaled<N>(N(N(1) / g), n);
  out.normal = roundNearest(makeSqrtVec2(Vec2Of<N>{N(0), N(0)}, unitPart, g));
  const Vec2Of<N> centre = path.origin + scaled<N>(hit.t.a, path.d);
  const Vec2Of<N> radical = scaled<N>(hit.t.b, path.d) - scaled<N>(path.radius, unitPart);
  out.point = roundNearest(makeSqrtVec2(centre, radical, g));
}

/// Step 6 for an arc: normal (c(t) − v)/R; point = v + ((R − r)/R)·(c(t) − v) (radicand D).
/// A ray against a sharp vertex (R = 0) has no normal of its own: −d/|d|, flagged.
template <class N>
void arcOutputs(const CastPathOf<N>& path, const CastHitOf<N>& hit, CastResult& out) {
  const Vec2Of<N>& v = hit.a;
  if (sign(path.total) == 0) {
    const N dd = dot(path.d, path.d);
    out.normal =
        roundNearest(makeSqrtVec2(Vec2Of<N>{N(0), N(0)}, scaled<N>(N(N(-1) / dd), path.d), dd));
    out.point = {roundNearest(v.x), roundNearest(v.y)};
    out.flags |= kFlagDegenerateNormal;
    return;
  }
  const Vec2Of<N> uRational = path.origin - v + scaled<N>(hit.t.a, path.d);
  const Vec2Of<N> uRadical = scaled<N>(hit.t.b, path.d);
  const N inverse = N(1) / path.total;
  const N shrink = (path.total - path.radius) / path.total;
  out.normal = roundNearest(
      makeSqrtVec2(scaled<N>(inverse, uRational), scaled<N>(inverse, uRadical), hit.t.g));
  out.point = roundNearest(
      makeSqrtVec2(v + scaled<N>(shrink, uRational), scaled<N>(shrink, uRadical), hit.t.g));
}

/// Step 7, CastGaps::feature for a face: the distance along the face from the centre's foot to
/// the nearer end, min(dot(c − a, e), dot(b − c, e))/√G with c = origin + t·d.
template <class N>
double faceFeatureGap(const CastPathOf<N>& path, const CastHitOf<N>& hit) {
  const Vec2Of<N> e = hit.b - hit.a;
  const N& g = hit.t.g;
  const N de = dot(path.d, e);
  const N fromA = dot(path.origin - hit.a, e) + hit.t.a * de;   // + t.b·de·√G
  const N toB = dot(hit.b - path.origin, e) - hit.t.a * de;     // − t.b·de·√G
  const SqrtFormOf<N> first{N(hit.t.b * de), N(fromA / g), g};  // (fromA + t.b·de·√G)/√G
  const SqrtFormOf<N> second{N(-hit.t.b * de), N(toB / g), g};
  return roundNearest(compare(first, second) <= 0 ? first : second);
}

/// Step 7, CastGaps::feature for an arc: the distance of the centre c = v + u from the nearer
/// line bounding the arc's range, |u·k|/|k| = √((u·k)²/(k·k)) (u·k = p + q·√D ≥ 0).
template <class N>
std::optional<double> arcFeatureGap(const CastCoreOf<N>& core, const CastPathOf<N>& path,
                                    const CastHitOf<N>& hit) {
  const ArcLimitsOf<N> range = arcLimits(core, hit.index);
  if (range.count == 0) return std::nullopt;
  if (sign(path.total) == 0) return 0.0;  // a ray through a sharp vertex: a tie by definition
  const Vec2Of<N> uRational = path.origin - hit.a + scaled<N>(hit.t.a, path.d);
  const Vec2Of<N> uRadical = scaled<N>(hit.t.b, path.d);
  const N& D = hit.t.g;
  std::optional<SqrtFormOf<N>> best;
  for (int k = 0; k < range.count; ++k) {
    const Vec2Of<N>& limit = range.limits[k];
    const N p = dot(uRational, limit), q = dot(uRadical, limit), kk = dot(limit, limit);
    const SqrtFormOf<N> square{N((p * p + q * q * D) / kk), N(N(2) * p * q / kk), D};
    if (!best || compare(square, *best) < 0) best = square;
  }
  return roundNearestRoot(*best);
}

/// Steps 5–7 after the origin was found outside the shape.
template <class N>
CastResult castFromOutside(const CastCoreOf<N>& core, const CastPathOf<N>& path,
                           CastResult result) {
  const std::optional<CastHitOf<N>> hit = firstTouch(core, path);
  result.gaps.hit = hitGap(core, path.origin, reachableEnd(core, path), path.total);
  if (!hit) return result;
  result.status = CastStatus::hit;
  result.fraction = roundNearest(hit->t);
  result.feature = CastFeature{hit->type, static_cast<std::uint8_t>(hit->index)};
  if (hit->type == FeatureType::face) {
    faceOutputs(path, *hit, result);
    result.gaps.feature = faceFeatureGap(path, *hit);
  } else {
    arcOutputs(path, *hit, result);
    result.gaps.feature = arcFeatureGap(core, path, *hit);
  }
  return result;
}

/// Steps 2–7 in the world frame, for N = Rational or Approx.
template <class N>
CastResult castCore(const CastCoreOf<N>& core, const CastPathOf<N>& path) {
  CastResult result = castStatusOnly(CastStatus::miss);
  // Step 2: one-sided: the front-face test on the origin (the line itself is the front).
  if (core.oneSided) {
    const N offset = frontOffset(core, path.origin);
    const N normal2 = dot(frontNormal(core), frontNormal(core));
    result.gaps.side = roundNearest(quotient(sign(offset) < 0 ? N(-offset) : offset, normal2));
    if (sign(offset) < 0) return result;
  }
  // Step 3: already touching at t = 0.
  const N start2 = pointCoreDistance2(core, path.origin);
  result.gaps.initial = initialGap(core, path.origin, start2, path.total);
  if (sign(N(start2 - path.total * path.total)) <= 0) {
    result.status = CastStatus::initialOverlap;
    return result;
  }
  // Step 4: no motion, no touch.
  const bool still = sign(path.d.x) == 0 && sign(path.d.y) == 0;
  if (still || sign(path.maxFraction) == 0) {
    result.gaps.hit = result.gaps.initial;
    return result;
  }
  return castFromOutside(core, path, result);
}

/// Runs `query(N{})` on Approx first and on exact rationals when that is uncertain (the
/// manifolds' filter, approx.h; counted in filterStats()).
template <class Query>
CastResult filteredCast(Query query) {
  if (!filter_detail::enabled) return query(Rational{});
  ++filter_detail::calls;
  try {
    return query(Approx{});
  } catch (const Uncertain&) {
    ++filter_detail::fallbacks;
  }
  return query(Rational{});
}

/// Step 1 and the rest, for any shape, in N.
template <class N>
CastResult castIn(const Shape& shape, const Transform& xf, const CastInput& input) {
  const CastCoreOf<N> core = liftCore<N>(shape, xf);
  return castCore(core, liftPath<N>(input, core.radius));
}

/// The filter's pass, every Approx operation inlined into it: called one by one, the
/// double-double products, sums and dot products spent more on the calls than on their
/// arithmetic (docs/performance.md).
[[gnu::flatten]] CastResult castApprox(const Shape& shape, const Transform& xf,
                                       const CastInput& input) {
  return castIn<Approx>(shape, xf, input);
}

/// Step 1 and the rest, for any shape.
CastResult castShape(const Shape& shape, const Transform& xf, const CastInput& input) {
  return filteredCast([&](auto zero) {
    using N = decltype(zero);
    if constexpr (std::is_same_v<N, Approx>) {
      return castApprox(shape, xf, input);
    } else {
      return castIn<N>(shape, xf, input);
    }
  });
}

CastResult castPerShape(ShapeType type, const Shape& shape, const Transform& xf,
                        const CastInput& input) {
  switch (type) {
    case ShapeType::circle:
      return castCircle(std::get<Circle>(shape), xf, input);
    case ShapeType::capsule:
      return castCapsule(std::get<Capsule>(shape), xf, input);
    case ShapeType::segment:
      return castSegment(std::get<Segment>(shape), xf, input);
    case ShapeType::polygon:
      return castPolygon(std::get<Polygon>(shape), xf, input);
    case ShapeType::chainSegment:
      return castChainSegment(std::get<ChainSegment>(shape), xf, input);
  }
  return castStatusOnly(CastStatus::unsupported);
}

}  // namespace

CastResult castCircle(const Circle& shape, const Transform& xf, const CastInput& input) {
  return castShape(shape, xf, input);
}
CastResult castCapsule(const Capsule& shape, const Transform& xf, const CastInput& input) {
  return castShape(shape, xf, input);
}
CastResult castSegment(const Segment& shape, const Transform& xf, const CastInput& input) {
  return castShape(shape, xf, input);
}
CastResult castPolygon(const Polygon& shape, const Transform& xf, const CastInput& input) {
  return castShape(shape, xf, input);
}
CastResult castChainSegment(const ChainSegment& shape, const Transform& xf,
                            const CastInput& input) {
  return castShape(shape, xf, input);
}

bool castImplements(ShapeType) {
  return true;
}

CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input) {
  // Validation rejects non-finite input first; the exact layer still refuses any non-finite
  // double that slips through (NonFiniteValue), as an error status rather than an abort.
  try {
    return dispatchCast(shape, xf, input, &castImplements, &castPerShape);
  } catch (const NonFiniteValue&) {
    return castStatusOnly(CastStatus::error);
  }
}

}  // namespace touche::reference
