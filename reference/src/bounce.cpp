// touche reference — the bounce path (design notes §8; docs/derivations/bounce.md).
//
// Derivation: source 001, "drawing the bounce path of a circle among polygons": §2 the
// Minkowski offset (walls drawn counter-clockwise shrink inwards, obstacles drawn clockwise
// grow outwards, arcs at the corners convex seen from the ball), §3/§4 the centre as a point
// against offset segments and arcs, §5 mirror reflection, §14 the path that reflects off walls
// and stops at an obstacle. Each leg:
//   Step 1: the leg's state — start s, direction d, remaining length L, all doubles — and the
//           ball's radius r, lifted exactly (or as Approx values first: the filter).
//   Step 2: every feature of the offset boundary (bounce_features.h: each edge's face, each
//           convex corner's arc) gives its first contact t ≥ 0, if any; the leg takes the
//           smallest (t, bounceFeatureKey) — the same total order any broad phase must use.
//           The source builds the offset as one curve per polygon first; taking the features
//           one by one instead is what stays right where that curve breaks (docs/errata.md).
//   Step 3: the contact's length ℓ = t·|d| against L, exactly (ℓ² against L²): beyond it, the
//           leg ends at s + (L/|d|)·d and touches nothing; at it or before, it is a hit.
//   Step 4: outputs, each the correctly rounded double of its exact form a + b·√g: the end
//           s + t·d, the length √(q·t²) (q = d·d), the unit normal n at the contact (a face's
//           left normal m/√G; an arc's (c − v)/r, one square root with t), and the reflection
//           d − 2(d·n)n (§5) — rational at a face, one radical at an arc.
//   Step 5: the decision gaps (BounceLegGaps).
// The path: legs from the rounded end along the rounded reflection, remaining length L ⊖ the
// rounded length, until an obstacle, maxBounces reflections, or no length left.
#include "touche/reference/bounce.h"

#include <cmath>

#include "bounce_features.h"
#include "cast_rounding.h"

namespace touche::reference {
namespace {

template <class N>
Vec2Of<N> liftVec(Vec2 v) {
  return {lift<N>(v.x), lift<N>(v.y)};
}

template <class N>
Vec2 roundVec(const Vec2Of<N>& v) {
  return {roundNearest(v.x), roundNearest(v.y)};
}

/// A power of two beyond any t a leg can reach: coordinates are at most 2^50, so a contact is
/// at most 2^52 away, t·|d| ≤ 2^52 with |d| ≥ |d|∞ ≥ 2^ilogb(|d|∞).
double reachBound(Vec2 d) {
  const double most = std::max(std::fabs(d.x), std::fabs(d.y));
  return std::ldexp(1.0, 54 - std::ilogb(most));
}

/// A feature's contact with the leg, ranked by (t, key).
template <class N>
struct RankedOf {
  LegContactOf<N> contact;
  BounceFeature feature;
  std::uint64_t key = 0;
};

template <class N>
bool before(const RankedOf<N>& a, const RankedOf<N>& b) {
  const int c = compare(a.contact.hit.t, b.contact.hit.t);
  return c != 0 ? c < 0 : a.key < b.key;
}

/// Step 2 for one feature: its face (edge p→q) or its arc (vertex v between prev and next).
template <class N>
std::optional<LegContactOf<N>> contactWith(const BounceScene& scene, const BounceFeature& f,
                                           const CastPathOf<N>& path) {
  const std::vector<Vec2>& polygon = polygonOf(scene, f);
  const std::size_t n = polygon.size();
  const std::size_t i = f.index;
  const int index = static_cast<int>(i);
  if (f.type == FeatureType::face) {
    return faceContact(path, liftVec<N>(polygon[i]), liftVec<N>(polygon[(i + 1) % n]), index);
  }
  const Vec2Of<N> v = liftVec<N>(polygon[i]);
  ArcLimitsOf<N> range;
  range.limits[0] = v - liftVec<N>(polygon[(i + n - 1) % n]);
  range.limits[1] = v - liftVec<N>(polygon[(i + 1) % n]);
  range.count = 2;
  return arcContact(path, v, range, index);
}

/// Step 2: the first contact and the runner-up (the next contact of another feature).
template <class N>
struct SearchOf {
  std::optional<RankedOf<N>> best;
  std::optional<RankedOf<N>> second;
  void offer(RankedOf<N> candidate) {
    if (!best || before(candidate, *best)) {
      second = std::move(best);
      best = std::move(candidate);
    } else if (!second || before(candidate, *second)) {
      second = std::move(candidate);
    }
  }
};

template <class N>
SearchOf<N> firstContacts(const BounceScene& scene, const std::vector<BounceFeature>& features,
                          const CastPathOf<N>& path) {
  SearchOf<N> search;
  for (const BounceFeature& f : features) {
    if (auto contact = contactWith(scene, f, path)) {
      search.offer(RankedOf<N>{*contact, f, bounceFeatureKey(f)});
    }
  }
  return search;
}

/// q·t² = ℓ² as a single-radical form (t = a + b·√g): (a² + b²g)q + 2abq·√g.
template <class N>
SqrtFormOf<N> lengthSquared(const SqrtFormOf<N>& t, const N& q) {
  return {N((t.a * t.a + t.b * t.b * t.g) * q), N(N(2) * t.a * t.b * q), t.g};
}

/// |ℓ − L| = |ℓ² − L²|/(ℓ + L), faithfully (BounceLegGaps::length); none when L is beyond any
/// length a leg can have (2^52: no limit in practice).
template <class N>
std::optional<double> lengthGap(const SqrtFormOf<N>& l2, const N& L, double lengthRounded,
                                double remaining) {
  if (remaining >= 0x1p52) return std::nullopt;
  const double difference = approximate(SqrtFormOf<N>{N(l2.a - L * L), l2.b, l2.g});
  const double sum = lengthRounded + remaining;
  return sum > 0 ? std::fabs(difference) / sum : 0.0;
}

/// Step 4 at a face: normal m/√G (m the edge's left normal), reflection d − 2(d·m)/G·m.
template <class N>
void faceOutputs(const CastPathOf<N>& path, const CastHitOf<N>& hit, BounceStep& step) {
  const Vec2Of<N> m = rightPerp(hit.b - hit.a);  // the cast's edge q→p: the scene edge's left
  const N g = dot(m, m);
  step.leg.normal = roundNearest(makeSqrtVec2(Vec2Of<N>{N(0), N(0)}, scaled<N>(N(N(1) / g), m), g));
  const N k = N(N(2) * dot(path.d, m) / g);
  step.reflected = roundVec(path.d - scaled<N>(k, m));
}

/// Step 4 at an arc: u = c − v, normal u/|u| (|u| = r at an entry), reflection
/// d − 2(d·u)u/|u|². An entry has u = α + β·√D; a start inside the circle has u = s − v.
template <class N>
void arcOutputs(const CastPathOf<N>& path, const LegContactOf<N>& contact, BounceStep& step) {
  const CastHitOf<N>& hit = contact.hit;
  const Vec2Of<N>& d = path.d;
  if (contact.fromInside) {
    const Vec2Of<N> m = path.origin - hit.a;
    const N mm = dot(m, m);
    step.leg.normal =
        roundNearest(makeSqrtVec2(Vec2Of<N>{N(0), N(0)}, scaled<N>(N(N(1) / mm), m), mm));
    step.reflected = roundVec(d - scaled<N>(N(N(2) * dot(d, m) / mm), m));
    return;
  }
  const Vec2Of<N> alpha = path.origin - hit.a + scaled<N>(hit.t.a, d);
  const Vec2Of<N> beta = scaled<N>(hit.t.b, d);
  const N& D = hit.t.g;
  const N inverse = N(1) / path.total;
  step.leg.normal =
      roundNearest(makeSqrtVec2(scaled<N>(inverse, alpha), scaled<N>(inverse, beta), D));
  // (d·u)u = [(d·α)α + (d·β)β·D] + [(d·α)β + (d·β)α]·√D, over r².
  const N da = dot(d, alpha), db = dot(d, beta);
  const N k = N(N(-2) * inverse * inverse);
  const Vec2Of<N> rational = d + scaled<N>(k, scaled<N>(da, alpha) + scaled<N>(N(db * D), beta));
  const Vec2Of<N> radical = scaled<N>(k, scaled<N>(da, beta) + scaled<N>(db, alpha));
  step.reflected = roundNearest(makeSqrtVec2(rational, radical, D));
}

/// Step 5, which feature: the distance from the centre at the contact to the nearest boundary
/// of the feature's region (a face's ends; an arc's limits), as for casts.
template <class N>
double regionGap(const CastPathOf<N>& path, const LegContactOf<N>& contact,
                 const BounceScene& scene, const BounceFeature& feature) {
  const CastHitOf<N>& hit = contact.hit;
  const Vec2Of<N>& d = path.d;
  if (feature.type == FeatureType::face) {
    const Vec2Of<N> e = hit.b - hit.a;
    const N g = dot(e, e);
    const N de = dot(d, e);
    // Along the face from a and to b: (fromA + t.b·de·√G)/√G, t's radicand being G (or t = 0).
    const N fromA = dot(path.origin - hit.a, e) + hit.t.a * de;
    const N toB = dot(hit.b - path.origin, e) - hit.t.a * de;
    const SqrtFormOf<N> first{N(hit.t.b * de), N(fromA / g), g};
    const SqrtFormOf<N> second{N(-hit.t.b * de), N(toB / g), g};
    return roundNearest(compare(first, second) <= 0 ? first : second);
  }
  const std::vector<Vec2>& polygon = polygonOf(scene, feature);
  const std::size_t n = polygon.size(), i = feature.index;
  const Vec2Of<N> alpha = path.origin - hit.a + scaled<N>(hit.t.a, d);
  const Vec2Of<N> beta = scaled<N>(hit.t.b, d);
  const N& D = hit.t.g;
  std::optional<SqrtFormOf<N>> best;
  for (const Vec2 neighbour : {polygon[(i + n - 1) % n], polygon[(i + 1) % n]}) {
    const Vec2Of<N> limit = hit.a - liftVec<N>(neighbour);
    const N p = dot(alpha, limit), q = dot(beta, limit), kk = dot(limit, limit);
    const SqrtFormOf<N> square{N((p * p + q * q * D) / kk), N(N(2) * p * q / kk), D};
    if (!best || compare(square, *best) < 0) best = square;
  }
  return roundNearestRoot(*best);
}

/// Step 5, all gaps of a hit.
template <class N>
void hitGaps(const CastPathOf<N>& path, const SearchOf<N>& search, const BounceScene& scene,
             double travel, BounceStep& step) {
  const RankedOf<N>& best = *search.best;
  double feature = regionGap(path, best.contact, scene, best.feature);
  if (search.second) {
    const double apart =
        approximateDifference(search.second->contact.hit.t, best.contact.hit.t) * travel;
    feature = std::min(feature, std::fabs(apart));
  }
  step.leg.gaps.feature = feature;
  if (best.feature.type == FeatureType::vertex && !best.contact.fromInside) {
    // r − h with h = |m × d|/|d| the vertex's distance from the leg's line.
    const Vec2Of<N> m = path.origin - best.contact.hit.a;
    const N c = cross(m, path.d);
    step.leg.gaps.graze =
        roundNearest(SqrtFormOf<N>{path.total, N(-1), N(c * c / dot(path.d, path.d))});
  }
}

/// Steps 3–5 when the leg reaches the remaining length L before any contact.
template <class N>
void lengthOutputs(const CastPathOf<N>& path, const N& L, double remaining, BounceStep& step) {
  const N q = dot(path.d, path.d);
  step.leg.end = roundNearest(makeSqrtVec2(path.origin, scaled<N>(N(L / q), path.d), q));
  step.leg.length = remaining;
}

/// Steps 1–5 for one leg, in N.
template <class N>
BounceStep legIn(const BounceScene& scene, const std::vector<BounceFeature>& features,
                 const BounceState& state) {
  BounceStep step;
  step.leg.start = state.start;
  step.leg.direction = state.direction;
  const CastPathOf<N> path =
      legPath(liftVec<N>(state.start), liftVec<N>(state.direction), lift<N>(scene.ball.radius),
              lift<N>(reachBound(state.direction)));
  const SearchOf<N> search = firstContacts(scene, features, path);
  const N L = lift<N>(state.remaining);
  const double travel = std::hypot(state.direction.x, state.direction.y);
  if (!search.best) {  // not for a centre inside the walls; kept total all the same
    lengthOutputs(path, L, state.remaining, step);
    return step;
  }
  const LegContactOf<N>& contact = search.best->contact;
  const SqrtFormOf<N>& t = contact.hit.t;
  const N q = dot(path.d, path.d);
  const SqrtFormOf<N> l2 = lengthSquared(t, q);
  const int beyond = compare(l2, N(L * L));
  if (beyond > 0) {
    lengthOutputs(path, L, state.remaining, step);
    step.leg.gaps.length = lengthGap(l2, L, roundNearestRoot(l2), state.remaining);
    return step;
  }
  step.remainingExactly = beyond == 0;
  step.leg.feature = search.best->feature;
  step.leg.end =
      roundNearest(makeSqrtVec2(path.origin + scaled<N>(t.a, path.d), scaled<N>(t.b, path.d), t.g));
  step.leg.length = roundNearestRoot(l2);
  if (contact.hit.type == FeatureType::face) {
    faceOutputs(path, contact.hit, step);
  } else {
    arcOutputs(path, contact, step);
  }
  hitGaps(path, search, scene, travel, step);
  step.leg.gaps.length = lengthGap(l2, L, step.leg.length, state.remaining);
  return step;
}

/// legIn on Approx first, exactly when that is uncertain (counted in filterStats()).
BounceStep filteredLeg(const BounceScene& scene, const std::vector<BounceFeature>& features,
                       const BounceState& state) {
  if (!filter_detail::enabled) return legIn<Rational>(scene, features, state);
  ++filter_detail::calls;
  try {
    return legIn<Approx>(scene, features, state);
  } catch (const Uncertain&) {
    ++filter_detail::fallbacks;
  }
  return legIn<Rational>(scene, features, state);
}

/// The legs until the path stops (design notes §8; docs/conventions.md, "Bounce path").
BouncePath pathOf(const BounceScene& scene) {
  const std::vector<BounceFeature> features = bounceFeatures(scene);
  BouncePath path;
  BounceState state{scene.ball.center, scene.ball.direction, scene.maxLength};
  for (int bounces = 0;; ++bounces) {
    BounceStep step = filteredLeg(scene, features, state);
    path.legs.push_back(step.leg);
    const BounceHit hit = step.leg.feature.hit;
    const double remaining = state.remaining - step.leg.length;
    if (hit == BounceHit::none) {
      path.status = BounceStatus::maxLength;
    } else if (hit == BounceHit::obstacle) {
      path.status = BounceStatus::obstacle;
    } else if (bounces == scene.maxBounces) {
      path.status = BounceStatus::maxBounces;
    } else if (remaining == 0) {
      path.status = BounceStatus::maxLength;
    } else {
      state = {step.leg.end, *step.reflected, remaining};
      continue;
    }
    return path;
  }
}

template <class N>
Vec2Of<N> unitPartOf(const Vec2Of<N>& v, const N& g) {
  return scaled<N>(N(N(1) / g), v);
}

}  // namespace

std::vector<BounceFeature> bounceFeatures(const BounceScene& scene) {
  std::vector<BounceFeature> features;
  const auto add = [&](const std::vector<Vec2>& polygon, BounceHit hit, std::uint32_t k) {
    const std::size_t n = polygon.size();
    for (std::size_t i = 0; i < n; ++i)
      features.push_back({hit, k, FeatureType::face, static_cast<std::uint32_t>(i)});
    for (std::size_t i = 0; i < n; ++i) {
      if (orient2d(polygon[(i + n - 1) % n], polygon[i], polygon[(i + 1) % n]) < 0) {
        features.push_back({hit, k, FeatureType::vertex, static_cast<std::uint32_t>(i)});
      }
    }
  };
  for (std::size_t k = 0; k < scene.obstacles.size(); ++k)
    add(scene.obstacles[k], BounceHit::obstacle, static_cast<std::uint32_t>(k));
  add(scene.walls, BounceHit::wall, 0);
  return features;
}

BounceStep bounceLeg(const BounceScene& scene, const BounceState& state) {
  return filteredLeg(scene, bounceFeatures(scene), state);
}

BouncePath bounce(const BounceScene& scene) {
  if (validateBounceScene(scene)) return BouncePath{BounceStatus::error, {}};
  try {
    return pathOf(scene);
  } catch (const NonFiniteValue&) {
    return BouncePath{BounceStatus::error, {}};
  }
}

double approachGap(const BounceScene& scene, const BounceFeature& feature, Vec2 from, Vec2 to) {
  const std::vector<Vec2>& polygon = polygonOf(scene, feature);
  const std::size_t n = polygon.size(), i = feature.index;
  const ExactVec2 a = liftExact(polygon[i]);
  const ExactVec2 b = feature.type == FeatureType::face ? liftExact(polygon[(i + 1) % n]) : a;
  const ExactVec2 p0 = liftExact(from), p1 = liftExact(to);
  const Rational d2 =
      p0 == p1 ? pointSegmentDistance2(p0, a, b) : segmentSegmentDistance2(p0, p1, a, b);
  return approximate(SqrtForm{Rational(-liftExact(scene.ball.radius)), Rational(1), d2});
}

Vec2 featureNormal(const BounceScene& scene, const BounceFeature& feature, Vec2 centre) {
  const std::vector<Vec2>& polygon = polygonOf(scene, feature);
  const std::size_t n = polygon.size(), i = feature.index;
  const ExactVec2 v = liftExact(polygon[i]);
  const ExactVec2 direction = feature.type == FeatureType::face
                                  ? rightPerp(v - liftExact(polygon[(i + 1) % n]))
                                  : liftExact(centre) - v;
  const Rational g = dot(direction, direction);
  if (sign(g) == 0) return {0, 0};
  return roundNearest(makeSqrtVec2(ExactVec2{0, 0}, unitPartOf(direction, g), g));
}

}  // namespace touche::reference
