// touche reference — circle vs regular n-gon by sectors (source 004), decided exactly.
//
// Derivation (source 004 §2, re-derived in docs/derivations/ngon.md). The set of circle centres
// that touch the n-gon is the n-gon grown by r = rPolygon + rCircle + margin: its boundary is,
// in counter-clockwise order, an arc of radius r about vertex k, then edge k pushed out by r,
// then the arc about vertex k + 1, ... Seen from the n-gon's centre c (strictly inside, so
// every ray from c leaves the grown set exactly once), each piece covers a wedge of directions:
//   step 1  lift everything into the world frame, exactly;
//   step 2  sector: the k with direction(p − c) in [ray c→vk, ray c→vk+1)  — source 004's
//           "angle modulo 2π/n", found by exact angular comparisons against the vertex rays;
//   step 3  split the sector at the rays through Wk = vk + r·nk and W'k = vk+1 + r·nk (nk the
//           unit outward normal of edge k): before Wk is vertex k's corner part, after W'k is
//           vertex k+1's, between them the edge part — source 004's boundary angle β (its `A`);
//   step 4  the threshold along the ray: edge part — p on the inner side of the pushed-out
//           edge line (source 004's marginTouchMin); corner part — p before the far crossing
//           of the ray with the circle of radius r about the vertex (its angleTouchMin).
// Step 3 needs the centre's foot on each edge line to lie within the edge (then ray c→vk comes
// before ray c→Wk); validateRegularPolygon checks it exactly. Every decision is the sign of a
// rational or of a + b·√g (exact.h); the only non-rational quantity, the unit normal nk, enters
// as m/√g with m = rightPerp(edge), g = m·m. Steps 1–4 run on intervals first and on exact
// rationals only when an interval sign is uncertain (interval.h, the polygon–polygon filter).
//
// The exact polygon: vertex k is the correctly rounded double of c + ρ·(cos θk, sin θk),
// θk = rotation + 2πk/n (ngon.h). Source mistakes are in docs/errata.md (source 004).
#include "touche/reference/ngon.h"

#include <mpfr.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "exact.h"
#include "interval.h"
#include "mpfr_value.h"
#include "rounding.h"
#include "touche/core/validate.h"

namespace touche::reference {
namespace {

// ---- The exact polygon: correctly rounded ideal vertices --------------------------------------

/// cos(30°·m) for m = 0..11 when it is rational: 2·cos as an integer, or nullopt (±√3/2).
std::optional<int> twiceCosineOfThirtyDegreeMultiple(int m) {
  static constexpr int kTwice[12] = {2, 0, 1, 0, -1, 0, -2, 0, -1, 0, 1, 0};
  m = ((m % 12) + 12) % 12;
  if (m % 2 == 1 && m % 3 != 0) return std::nullopt;  // 30°, 150°, 210°, 330°: ±√3/2
  return kTwice[m];
}

/// cos θk or sin θk exactly when it is rational. With rotation ≠ 0 it never is: θk = φ + qπ
/// with rational φ ≠ 0 makes e^{iθk} transcendental (Lindemann), so cos θk and sin θk are. With
/// rotation 0 it is rational exactly when θk = 2πk/n is a multiple of 30° with a rational
/// cosine/sine (Niven's theorem): 12k divisible by n.
std::optional<Rational> rationalUnitCoordinate(const RegularPolygon& ngon, int k, bool sine) {
  if (ngon.rotation != 0.0 || (12 * k) % ngon.sides != 0) return std::nullopt;
  const int m = 12 * k / ngon.sides;  // θk = 30°·m
  const std::optional<int> twice = twiceCosineOfThirtyDegreeMultiple(sine ? m - 3 : m);
  if (!twice) return std::nullopt;
  return Rational(*twice) / 2;
}

/// cos φ and sin φ of the rotation at precision p: MPFR rounds them correctly (error ≤ 2^−p).
struct RotationTerms {
  RotationTerms(double rotation, mpfr_prec_t precision)
      : p(precision), cosPhi(precision), sinPhi(precision) {
    Mpfr phi(64);
    mpfr_set_d(phi.get(), rotation, MPFR_RNDN);  // exact: 53 bits
    mpfr_sin_cos(sinPhi.get(), cosPhi.get(), phi.get(), MPFR_RNDN);
  }
  mpfr_prec_t p;
  Mpfr cosPhi, sinPhi;
};

/// cos θk and sin θk, θk = φ + βk, βk = 2πk/n, at precision p, each within 128·2^−p. βk =
/// π·2k/n carries three roundings (relative 3·2^−p, absolute < 19·2^−p) and its cos/sin one
/// more: within 20·2^−p, say 27. Then cos θk = cos φ cos βk − sin φ sin βk (sin θk = sin φ
/// cos βk + cos φ sin βk): each product is within 2·27·2^−p + 2^−p, the sum within 112·2^−p.
void unitCoordinates(mpfr_ptr cosTheta, mpfr_ptr sinTheta, RotationTerms& r, int k, int n) {
  Mpfr beta(r.p), cosBeta(r.p), sinBeta(r.p), first(r.p), second(r.p);
  mpfr_const_pi(beta.get(), MPFR_RNDN);
  mpfr_mul_ui(beta.get(), beta.get(), 2UL * static_cast<unsigned long>(k), MPFR_RNDN);
  mpfr_div_ui(beta.get(), beta.get(), static_cast<unsigned long>(n), MPFR_RNDN);
  mpfr_sin_cos(sinBeta.get(), cosBeta.get(), beta.get(), MPFR_RNDN);
  mpfr_mul(first.get(), r.cosPhi.get(), cosBeta.get(), MPFR_RNDN);
  mpfr_mul(second.get(), r.sinPhi.get(), sinBeta.get(), MPFR_RNDN);
  mpfr_sub(cosTheta, first.get(), second.get(), MPFR_RNDN);
  mpfr_mul(first.get(), r.sinPhi.get(), cosBeta.get(), MPFR_RNDN);
  mpfr_mul(second.get(), r.cosPhi.get(), sinBeta.get(), MPFR_RNDN);
  mpfr_add(sinTheta, first.get(), second.get(), MPFR_RNDN);
}

/// The double nearest to center + ρ·unit, if the enclosure [value − E, value + E] lies strictly
/// between the two rounding midpoints around the candidate. value = center + ρ·unit at
/// precision p is within E = 2^−p·(256ρ + 2|center|) of the ideal coordinate: |unit − ideal
/// unit| < 128·2^−p, and the product and the sum add one rounding each (≤ 2^−p relative).
std::optional<double> tryRoundCoordinate(double center, double rho, mpfr_ptr unit, mpfr_prec_t p) {
  Mpfr value(p), error(p), low(p), high(p);
  mpfr_mul_d(value.get(), unit, rho, MPFR_RNDN);
  mpfr_add_d(value.get(), value.get(), center, MPFR_RNDN);
  mpfr_set_d(error.get(), 256.0 * rho, MPFR_RNDU);
  mpfr_add_d(error.get(), error.get(), 2.0 * std::fabs(center), MPFR_RNDU);
  mpfr_mul_2si(error.get(), error.get(), -static_cast<long>(p), MPFR_RNDU);
  mpfr_sub(low.get(), value.get(), error.get(), MPFR_RNDD);
  mpfr_add(high.get(), value.get(), error.get(), MPFR_RNDU);
  const double candidate = mpfr_get_d(value.get(), MPFR_RNDN);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  Mpfr below(64), above(64);  // the midpoints to both neighbours: exact in 64 bits
  mpfr_set_d(below.get(), std::nextafter(candidate, -kInf), MPFR_RNDN);
  mpfr_add_d(below.get(), below.get(), candidate, MPFR_RNDN);
  mpfr_div_2ui(below.get(), below.get(), 1, MPFR_RNDN);
  mpfr_set_d(above.get(), std::nextafter(candidate, kInf), MPFR_RNDN);
  mpfr_add_d(above.get(), above.get(), candidate, MPFR_RNDN);
  mpfr_div_2ui(above.get(), above.get(), 1, MPFR_RNDN);
  if (mpfr_cmp(low.get(), below.get()) > 0 && mpfr_cmp(high.get(), above.get()) < 0) {
    return candidate;
  }
  return std::nullopt;
}

/// The vertices of one n-gon; cos φ and sin φ at the first precision are shared between them.
class IdealVertices {
 public:
  explicit IdealVertices(const RegularPolygon& ngon) : ngon_(ngon), first_(ngon.rotation, 128) {}

  /// Each coordinate exactly when it is rational, else by Ziv's strategy: double the precision
  /// until the enclosure decides the rounding. That ends: outside rationalUnitCoordinate's
  /// cases the ideal coordinate is irrational, neither a double nor a midpoint, and a fine
  /// enough enclosure avoids both.
  Vec2 vertex(int k) {
    std::optional<double> xy[2];
    for (int sine = 0; sine < 2; ++sine) {
      if (const std::optional<Rational> unit = rationalUnitCoordinate(ngon_, k, sine == 1)) {
        xy[sine] =
            roundNearest(Rational(liftExact(centre(sine)) + liftExact(ngon_.circumradius) * *unit));
      }
    }
    for (mpfr_prec_t p = first_.p; (!xy[0] || !xy[1]) && p <= 65536; p *= 2) {
      std::optional<RotationTerms> finer;
      if (p != first_.p) finer.emplace(ngon_.rotation, p);
      RotationTerms& rotation = finer ? *finer : first_;
      Mpfr cosTheta(p), sinTheta(p);
      unitCoordinates(cosTheta.get(), sinTheta.get(), rotation, k, ngon_.sides);
      mpfr_ptr unit[2] = {cosTheta.get(), sinTheta.get()};
      for (int sine = 0; sine < 2; ++sine) {
        if (!xy[sine]) {
          xy[sine] = tryRoundCoordinate(centre(sine), ngon_.circumradius, unit[sine], p);
        }
      }
    }
    if (!xy[0] || !xy[1]) {
      throw std::logic_error("regular polygon vertex: rounding undecided at 65536 bits");
    }
    return {*xy[0], *xy[1]};
  }

 private:
  double centre(int sine) const { return sine == 1 ? ngon_.center.y : ngon_.center.x; }

  RegularPolygon ngon_;
  RotationTerms first_;
};

// ---- Validation -------------------------------------------------------------------------------

std::string decimal(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string field(std::string_view prefix, std::string_view name) {
  std::string out(prefix);
  if (!out.empty()) out.append(".");
  return out.append(name);
}

std::optional<InputError> checkMagnitude(double value, std::string name, bool positive) {
  if (!std::isfinite(value)) {
    return InputError{std::move(name), decimal(value) + " is not a finite number"};
  }
  if (std::fabs(value) > kMaxCoordinate) {
    return InputError{std::move(name), decimal(value) + " (" + hexfloat(value) +
                                           ") exceeds the accepted magnitude 2^50"};
  }
  if (positive && !(value > 0.0))
    return InputError{std::move(name), decimal(value) + " is not > 0"};
  return std::nullopt;
}

std::optional<InputError> checkParameters(const RegularPolygon& ngon, std::string_view prefix) {
  if (auto e = checkMagnitude(ngon.center.x, field(prefix, "center[0]"), false)) return e;
  if (auto e = checkMagnitude(ngon.center.y, field(prefix, "center[1]"), false)) return e;
  if (auto e = checkMagnitude(ngon.circumradius, field(prefix, "circumradius"), true)) return e;
  if (ngon.sides < 3 || ngon.sides > kMaxRegularPolygonSides) {
    return InputError{field(prefix, "sides"), std::to_string(ngon.sides) +
                                                  " sides; a regular polygon has 3 to " +
                                                  std::to_string(kMaxRegularPolygonSides)};
  }
  if (auto e = checkMagnitude(ngon.rotation, field(prefix, "rotation"), false)) return e;
  if (auto e = checkMagnitude(ngon.radius, field(prefix, "radius"), false)) return e;
  if (ngon.radius < 0.0) {
    return InputError{field(prefix, "radius"),
                      decimal(ngon.radius) + " is negative; a radius is ≥ 0"};
  }
  return std::nullopt;
}

// Exact signs of directions, for either number type (Rational here, Interval below).

template <class V>
auto crossOf(const V& a, const V& b) {
  return a.x * b.y - a.y * b.x;
}
template <class V>
auto dotOf(const V& a, const V& b) {
  return a.x * b.x + a.y * b.y;
}

/// Position of w's direction on the turn that starts at `base`: 0 for angles in [0, π), 1 for
/// [π, 2π).
template <class V>
int halfTurnOf(const V& base, const V& w) {
  const int s = sign(crossOf(base, w));
  if (s != 0) return s > 0 ? 0 : 1;
  return sign(dotOf(base, w)) > 0 ? 0 : 1;
}

/// True when angle(u) ≤ angle(w), both measured counter-clockwise from `base` in [0, 2π).
template <class V>
bool angleNotAfterOf(const V& base, const V& u, const V& w) {
  const int hu = halfTurnOf(base, u), hw = halfTurnOf(base, w);
  if (hu != hw) return hu < hw;
  return sign(crossOf(u, w)) >= 0;  // same half turn: less than π apart
}

InputError vertexError(std::string_view prefix, int k, Vec2 v, const std::string& why) {
  return InputError{field(prefix, "vertices[" + std::to_string(k) + "]"),
                    "(" + hexfloat(v.x) + ", " + hexfloat(v.y) + ") " + why};
}

/// The exact polygon's checks (ngon.h, validateRegularPolygon), on the local doubles.
std::optional<InputError> checkExactPolygon(const std::vector<Vec2>& local, Vec2 centerLocal,
                                            std::string_view prefix) {
  const int n = static_cast<int>(local.size());
  const ExactVec2 c = liftExact(centerLocal);
  std::vector<ExactVec2> v;
  v.reserve(local.size());
  for (int k = 0; k < n; ++k) {
    if (std::fabs(local[k].x) > kMaxCoordinate || std::fabs(local[k].y) > kMaxCoordinate) {
      return vertexError(prefix, k, local[k], "exceeds the accepted magnitude 2^50");
    }
    v.push_back(liftExact(local[k]));
  }
  for (int k = 0; k < n; ++k) {
    const ExactVec2& v1 = v[k];
    const ExactVec2& v2 = v[(k + 1) % n];
    const ExactVec2& v3 = v[(k + 2) % n];
    const ExactVec2 edge = v2 - v1;
    if (sign(cross(v1 - c, v2 - c)) <= 0) {
      return vertexError(prefix, k, local[k],
                         "does not turn counter-clockwise about the centre (circumradius too small "
                         "for the centre's magnitude)");
    }
    if (sign(cross(edge, v3 - v2)) <= 0) {
      return vertexError(
          prefix, (k + 1) % n, local[(k + 1) % n],
          "is not a strictly convex corner (circumradius too small for the centre's magnitude)");
    }
    if (sign(dot(edge, c - v1)) < 0 || sign(dot(edge, v2 - c)) < 0) {
      return vertexError(prefix, k, local[k],
                         "starts an edge the centre's foot misses (circumradius too small for the "
                         "centre's magnitude)");
    }
  }
  // Once around: the vertex rays' angles from ray 0 increase (each turn is in (0, π) by the
  // first check, so the total is 2π exactly when no ray passes ray 0 again before the last).
  for (int k = 1; k + 1 < n; ++k) {
    if (angleNotAfterOf(v[0] - c, v[k + 1] - c, v[k] - c)) {
      return vertexError(prefix, k + 1, local[k + 1],
                         "winds past vertex 0 about the centre (circumradius too small for the "
                         "centre's magnitude)");
    }
  }
  return std::nullopt;
}

// ---- The predicate --------------------------------------------------------------------------
// One generic decision path over the number type (CGAL's filtered kernels, as polygon_polygon
// does it): run on intervals enclosing the exact values first; when an interval sign is
// uncertain (Uncertain is thrown), run the same code again on exact rationals.

/// The vector type and the exact lifting of doubles for each number type.
template <class Num>
struct Lift;
template <>
struct Lift<Rational> {
  using Vec = ExactVec2;
  static Rational scalar(double x) { return liftExact(x); }
  static ExactVec2 point(const Transform& xf, Vec2 v) { return toWorldExact(xf, v); }
};
template <>
struct Lift<Interval> {
  using Vec = IntervalVec2;
  static Interval scalar(double x) { return touche::reference::point(x); }
  static IntervalVec2 point(const Transform& xf, Vec2 v) { return toWorldInterval(xf, v); }
};

/// Sign of a + b·√g (g > 0) by signs and squares, for either number type (exact.h's rule).
template <class Num>
int signWithRoot(const Num& a, const Num& b, const Num& g) {
  const int signA = sign(a);
  const int signB = sign(b);
  if (signB == 0) return signA;
  if (signA == 0 || signA == signB) return signB;
  const int bigger = sign(Num(a * a - b * b * g));
  return bigger > 0 ? signA : (bigger < 0 ? signB : 0);
}

/// Step 1: the n-gon's centre and the circle's centre in the world frame, and the grown radius
/// r = rPolygon + rCircle + margin. Vertices are mapped into the world frame when first needed
/// (the sector search looks at about log2 n of them).
template <class Num>
class WorldScene {
 public:
  using Vec = typename Lift<Num>::Vec;
  WorldScene(const RegularPolygon& a, const std::vector<Vec2>& localVertices, const Transform& xfA,
             const Circle& b, const Transform& xfB, const Options& options)
      : center(Lift<Num>::point(xfA, a.center)),
        circleCenter(Lift<Num>::point(xfB, b.center)),
        r(Lift<Num>::scalar(a.radius) + Lift<Num>::scalar(b.radius) +
          Lift<Num>::scalar(options.margin)),
        local_(localVertices),
        xfA_(xfA),
        world_(localVertices.size()) {}

  int count() const { return static_cast<int>(local_.size()); }
  const Vec& vertex(int k) {
    if (!world_[k]) world_[k] = Lift<Num>::point(xfA_, local_[k]);
    return *world_[k];
  }

  const Vec center;
  const Vec circleCenter;
  const Num r;

 private:
  const std::vector<Vec2>& local_;
  Transform xfA_;
  std::vector<std::optional<Vec>> world_;
};

/// Step 2: the sector k whose wedge [ray c→vk, ray c→vk+1) holds d = p − c (d ≠ 0): the last
/// vertex ray not after d, by bisection over the vertex rays (counter-clockwise from vertex 0).
template <class Num>
int findSector(WorldScene<Num>& s, const typename WorldScene<Num>::Vec& d, int secondHalfStart) {
  // Half turns relative to ray c→v0: the vertices' are known (secondHalfStart), d's is decided
  // once; within one half turn the sign of a cross product orders two directions.
  const int halfOfD = halfTurnOf(s.vertex(0) - s.center, d);
  int low = 0, high = s.count();  // ray 0 ≤ d < ray `high`
  while (high - low > 1) {
    const int mid = (low + high) / 2;
    const int halfOfMid = mid >= secondHalfStart ? 1 : 0;
    const bool notAfter = halfOfMid != halfOfD ? halfOfMid < halfOfD
                                               : sign(crossOf(s.vertex(mid) - s.center, d)) >= 0;
    if (notAfter) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return low;
}

/// Step 3: sign of cross(v + r·m/√g − c, d), which side of the ray c→(v + r·m/√g) the
/// direction d lies on; times g > 0: g·cross(v − c, d) + r·cross(m, d)·√g.
template <class Num, class V>
int sideOfSplitRay(const V& v, const V& m, const Num& g, const WorldScene<Num>& s, const V& d) {
  return signWithRoot(Num(g * crossOf(v - s.center, d)), Num(s.r * crossOf(m, d)), g);
}

/// Step 4, corner part: p is inside the grown set iff it lies before the far crossing of its
/// ray with the circle of radius r about v: (p − c)·(p − v) ≤ 0 (p before the ray's closest
/// approach to v) or |p − v| ≤ r.
template <class Num, class V>
bool cornerOverlap(const WorldScene<Num>& s, const V& v) {
  const V& p = s.circleCenter;
  if (sign(dotOf(p - s.center, p - v)) <= 0) return true;
  const V d = p - v;
  return sign(Num(dotOf(d, d) - s.r * s.r)) <= 0;
}

/// Step 4, edge part: p is on the inner side of the edge line pushed out by r:
/// m·(p − v) ≤ r·√g.
template <class Num, class V>
bool edgeOverlap(const WorldScene<Num>& s, const V& v, const V& m, const Num& g) {
  return signWithRoot(Num(-dotOf(m, s.circleCenter - v)), s.r, g) >= 0;
}

template <class Num>
RegularPolygonCircleTest decide(WorldScene<Num>& s, int secondHalfStart) {
  RegularPolygonCircleTest result;
  const auto d = s.circleCenter - s.center;
  if (sign(d.x) == 0 && sign(d.y) == 0) {  // the centre itself: inside, no direction
    result.overlap = true;
    return result;
  }
  // Step 2: the sector.
  const int k = findSector(s, d, secondHalfStart);
  const int k1 = (k + 1) % s.count();
  const auto v1 = s.vertex(k);
  const auto v2 = s.vertex(k1);
  const auto m = rightPerp(v2 - v1);
  const Num g = dotOf(m, m);
  result.sector = k;
  // Step 3: corner part of vertex k (before ray c→Wk), of vertex k+1 (after ray c→W'k), or the
  // edge part. On a split ray both tests give the same answer (they meet at Wk / W'k).
  if (sideOfSplitRay(v1, m, g, s, d) < 0) {
    result.part = FeatureType::vertex;
    result.feature = k;
    result.overlap = cornerOverlap(s, v1);
  } else if (sideOfSplitRay(v2, m, g, s, d) > 0) {
    result.part = FeatureType::vertex;
    result.feature = k1;
    result.overlap = cornerOverlap(s, v2);
  } else {
    // Step 4: the edge part.
    result.part = FeatureType::face;
    result.feature = k;
    result.overlap = edgeOverlap(s, v1, m, g);
  }
  return result;
}

/// Steps 1–4 on intervals; on exact rationals when an interval sign is uncertain.
RegularPolygonCircleTest decideFiltered(const PreparedRegularPolygon& a, const Transform& xfA,
                                        const Circle& b, const Transform& xfB,
                                        const Options& options) {
  try {
    WorldScene<Interval> scene(a.ngon(), a.vertices(), xfA, b, xfB, options);
    return decide(scene, a.secondHalfStart());
  } catch (const Uncertain&) {
    WorldScene<Rational> scene(a.ngon(), a.vertices(), xfA, b, xfB, options);
    return decide(scene, a.secondHalfStart());
  }
}

RegularPolygonCircleTest invalid(InputError error) {
  RegularPolygonCircleTest result;
  result.error = std::move(error);
  return result;
}

RegularPolygonCircleTest testChecked(const PreparedRegularPolygon& a, std::string_view prefixA,
                                     const Transform& xfA, std::string_view prefixXfA,
                                     const Circle& b, std::string_view prefixB,
                                     const Transform& xfB, std::string_view prefixXfB,
                                     const Options& options) {
  if (auto e = a.validate(prefixA)) return invalid(*e);
  if (auto e = validateTransform(xfA, prefixXfA)) return invalid(*e);
  if (auto e = validateShape(b, prefixB)) return invalid(*e);
  if (auto e = validateTransform(xfB, prefixXfB)) return invalid(*e);
  if (auto e = validateOptions(options)) return invalid(*e);
  return decideFiltered(a, xfA, b, xfB, options);
}

}  // namespace

Vec2 regularPolygonVertex(const RegularPolygon& ngon, int k) {
  // Invalid parameters would reach MPFR as NaN or GMP as inf: refuse them by name.
  if (auto e = checkParameters(ngon, "ngon")) throw std::invalid_argument(e->describe());
  if (k < 0 || k >= ngon.sides) {
    throw std::invalid_argument("regularPolygonVertex: vertex " + std::to_string(k) + " of a " +
                                std::to_string(ngon.sides) + "-gon");
  }
  return IdealVertices(ngon).vertex(k);
}

std::vector<Vec2> regularPolygonVertices(const RegularPolygon& ngon) {
  std::vector<Vec2> vertices;
  vertices.reserve(static_cast<std::size_t>(ngon.sides));
  if (auto e = checkParameters(ngon, "ngon")) throw std::invalid_argument(e->describe());
  IdealVertices ideal(ngon);
  for (int k = 0; k < ngon.sides; ++k)
    vertices.push_back(ideal.vertex(k));
  return vertices;
}

PreparedRegularPolygon::PreparedRegularPolygon(const RegularPolygon& ngon) : ngon_(ngon) {
  error_ = checkParameters(ngon, "");
  if (error_) return;
  vertices_ = regularPolygonVertices(ngon);
  error_ = checkExactPolygon(vertices_, ngon.center, "");
  if (error_) return;
  const ExactVec2 c = liftExact(ngon.center);
  const ExactVec2 base = liftExact(vertices_[0]) - c;
  secondHalfStart_ = ngon.sides;
  for (int k = ngon.sides - 1; k > 0 && halfTurnOf(base, liftExact(vertices_[k]) - c) == 1; --k) {
    secondHalfStart_ = k;
  }
}

std::optional<InputError> PreparedRegularPolygon::validate(std::string_view prefix) const {
  if (!error_) return std::nullopt;
  return InputError{field(prefix, error_->field), error_->message};
}

std::optional<InputError> validateRegularPolygon(const RegularPolygon& ngon,
                                                 std::string_view prefix) {
  return PreparedRegularPolygon(ngon).validate(prefix);
}

Polygon toPolygon(const RegularPolygon& ngon) {
  if (ngon.sides < 3 || ngon.sides > kMaxPolygonVertices) {
    throw std::invalid_argument("toPolygon: " + std::to_string(ngon.sides) +
                                " sides; a touche Polygon holds 3 to 8 vertices");
  }
  Polygon polygon;
  polygon.count = ngon.sides;
  polygon.radius = ngon.radius;
  const std::vector<Vec2> vertices = regularPolygonVertices(ngon);
  std::copy(vertices.begin(), vertices.end(), polygon.vertices.begin());
  return polygon;
}

RegularPolygonCircleTest testRegularPolygonAndCircle(const PreparedRegularPolygon& a,
                                                     const Transform& xfA, const Circle& b,
                                                     const Transform& xfB, const Options& options) {
  return testChecked(a, "a", xfA, "xfA", b, "b", xfB, "xfB", options);
}

RegularPolygonCircleTest testRegularPolygonAndCircle(const RegularPolygon& a, const Transform& xfA,
                                                     const Circle& b, const Transform& xfB,
                                                     const Options& options) {
  return testRegularPolygonAndCircle(PreparedRegularPolygon(a), xfA, b, xfB, options);
}

RegularPolygonCircleTest testCircleAndRegularPolygon(const Circle& a, const Transform& xfA,
                                                     const RegularPolygon& b, const Transform& xfB,
                                                     const Options& options) {
  return testChecked(PreparedRegularPolygon(b), "b", xfB, "xfB", a, "a", xfA, "xfA", options);
}

}  // namespace touche::reference
