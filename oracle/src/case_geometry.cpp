// touche oracle — CaseGeometry (case_geometry.h): judge()'s queries, filtered first.
//
// The two-sided facts are the one place where the filtered and the exact path take different
// routes to the same numbers. Both use the face normals of the two cores: the separation along
// a face normal n is min over B of n·b − max over A of n·a, the Minkowski difference's
// support (exact_geometry.cpp's derivation). The exact path then finds the signed distance of
// the origin from the difference's convex hull; a hull is a chain of orientation decisions
// that are ties whenever two edges are parallel, which a filter cannot decide, so the filtered
// path uses instead the facts that determine the same numbers (standard convex geometry):
//   - the edges of B − A are the edges of B and of −A, so the origin is strictly inside it
//     exactly when every face separation is negative, and then the penetration depth is the
//     smallest |separation| (the best separation is the largest separation);
//   - when some face separation is positive the cores are apart and the point of B − A
//     closest to the origin is either the foot of the origin on a face's edge of B − A — the
//     face less the other core's support along its normal, so the foot is on it when that
//     support's projection on the face overlaps the face (footOnFace) — or a vertex b − a,
//     when b − a is closer to the origin than every other vertex difference in its own
//     direction (v·(b' − b) ≥ 0 and v·(a − a') ≥ 0 for all b', a').
// Each candidate is certified with certain signs; whatever cannot be certified throws
// Uncertain and the exact path answers.
#include "case_geometry.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

#include "geometry_kernels.h"

namespace touche::oracle {
namespace {

using exact::Q;
using filter::Bounded;
// The decisions and roundings on rationals; ADL adds the filtered ones (filtered.h).
using exact::compareValues;
using exact::quotientToDouble;
using exact::signOf;
using exact::sqrtToDouble;
using exact::toDouble;
template <class N>
using VecN = exact::VecOf<N>;
template <class N>
using CoreN = exact::CoreOf<N>;

std::atomic<bool> gFilterEnabled{true};
std::atomic<std::uint64_t> gQueries{0};
std::atomic<std::uint64_t> gFallbacks{0};

/// A face of either core as a source: its direction n (A toward B), g = |n|², the separation
/// numerator w (separation = w/√g) and w/√g rounded.
template <class N>
struct Face {
  bool onB;
  int edge;
  VecN<N> n;
  N g;
  N w;
  double quotient;
};

template <class N>
std::vector<Face<N>> facesOf(const CoreN<N>& a, const CoreN<N>& b, double accuracy) {
  std::vector<Face<N>> faces;
  faces.reserve(a.vertices.size() + b.vertices.size());
  for (const bool onB : {false, true}) {
    for (int i = 0; i < exact::edgeCount(onB ? b : a); ++i) {
      const VecN<N> n = exact::faceDirection(a, b, onB, i);
      const N g = exact::dot(n, n);
      if (signOf(g) == 0) continue;
      const N w = exact::faceSeparationNumerator(a, b, onB, i, n);
      faces.push_back({onB, i, n, g, w, quotientToDouble(w, g, accuracy)});
    }
  }
  return faces;
}

/// The face sources, and the best separation over them (radii r included): the largest
/// rounded quotient less r is the rounded largest quotient less r (rounding is monotone).
template <class N>
double addFaceSources(const std::vector<Face<N>>& faces, double r, const exact::Accuracy& accuracy,
                      TwoSidedFacts& facts) {
  double best = -std::numeric_limits<double>::infinity();
  for (const Face<N>& f : faces) {
    facts.sources.push_back({{quotientToDouble(f.n.x, f.g, accuracy.direction),
                              quotientToDouble(f.n.y, f.g, accuracy.direction)},
                             sqrtToDouble(f.g, accuracy.length),
                             f.quotient - r,
                             true,
                             f.onB,
                             f.edge});
    best = std::max(best, f.quotient);
  }
  return best - r;
}

/// The closest points' source: direction, distance (the base) and separation; `alongFace`: a
/// vertex against the inside of a face (SourceFacts::alongFace).
void addClosestSource(Vec2 direction, double distance, double r, bool alongFace,
                      TwoSidedFacts& facts) {
  facts.sources.push_back({direction, distance, distance - r, false, false, -1, alongFace});
}

/// Whether the hull's point closest to the origin, p, is the foot of the origin on an edge of
/// the hull (inside it, or at an end with p perpendicular to the edge): a face holds it, as
/// the filtered path's footOnFace certifies. Otherwise p is a vertex only.
bool footOnHullEdge(const std::vector<exact::QVec>& hull, const exact::QVec& p) {
  const std::size_t n = hull.size();
  for (std::size_t i = 0; i < n; ++i) {
    const exact::QVec& v = hull[i];
    if (v.x != p.x || v.y != p.y) continue;
    for (const exact::QVec& w : {hull[(i + 1) % n], hull[(i + n - 1) % n]}) {
      if (n > 1 && exact::dot(p, w - v) == 0) return true;
    }
    return false;
  }
  return true;  // not a vertex: inside an edge
}

// --- exact: the Minkowski difference's hull ----------------------------------------------------

TwoSidedFacts twoSidedOf(const CoreN<Q>& a, const CoreN<Q>& b, bool faceAxes, double margin,
                         const exact::Accuracy& accuracy) {
  TwoSidedFacts facts;
  const Q radius = a.radius + b.radius;
  const double r = exact::toDouble(radius);
  const std::vector<Face<Q>> faces = facesOf(a, b, accuracy.length);
  const double bestFace = addFaceSources(faces, r, accuracy, facts);
  const Q limit = Q(margin) + radius;
  if (faceAxes) {  // the best face axis against the limit: the largest of the signs
    facts.side = -1;
    for (const Face<Q>& f : faces)
      facts.side = std::max(facts.side, exact::signQuotientMinus(f.w, f.g, limit));
    facts.contact = facts.side <= 0;
    facts.best = bestFace;
    return facts;
  }
  const std::vector<exact::QVec> hull = exact::minkowskiDifference(a, b);
  const exact::SignedLength d = exact::signedDistanceOfOrigin(hull);
  facts.contact = d.sign <= 0 || d.square <= limit * limit;
  if (limit == 0 || d.sign < 0) {
    facts.side = limit == 0 ? d.sign : -1;
  } else {
    facts.side = d.sign == 0 ? -1 : (d.square > limit * limit) - (d.square < limit * limit);
  }
  facts.best = d.value() - r;
  // The closest points' direction, when the origin is off the difference (the cores are
  // apart, or one is a point or a segment the other's core does not reach).
  if (d.sign <= 0 && hull.size() >= 3) return facts;
  const exact::QVec p = exact::closestPointToOrigin(hull);
  const Q square = exact::dot(p, p);
  if (square == 0) return facts;
  const double distance = exact::sqrtToDouble(square);
  addClosestSource(exact::unitOf(p, accuracy.direction), distance, r, footOnHullEdge(hull, p),
                   facts);
  return facts;
}

// --- filtered: certified closest features ------------------------------------------------------

/// The sign when it is certain, else 0 with `uncertain` set.
int signOrZero(const Bounded& x, bool* uncertain) {
  try {
    return filter::signOf(x);
  } catch (const filter::Uncertain&) {
    *uncertain = true;
    return 0;
  }
}

/// Whether face f's edge of B − A contains the foot of the origin. That edge is the face less
/// the other core's support along n (its vertices least along n for a face of A, largest for
/// one of B): it holds the foot when the support's projection on the face overlaps the face
/// (parameters along e from the face's start, the face being [0, ee]). When every vertex is
/// known to be in the support or not (ties exactly zero) that is the test; otherwise every
/// vertex that may be in it must project inside the face. False when the test certainly
/// fails; Uncertain when a projection is too close to call.
bool footOnFace(const CoreN<Bounded>& a, const CoreN<Bounded>& b, const Face<Bounded>& f) {
  const CoreN<Bounded>& own = f.onB ? b : a;
  const CoreN<Bounded>& other = f.onB ? a : b;
  const VecN<Bounded>& start = exact::edgeStart(own, f.edge);
  const VecN<Bounded> e = exact::edgeEnd(own, f.edge) - start;
  const Bounded ee = exact::dot(e, e);
  const Bounded extreme = exact::support(other, f.n, f.onB);
  std::vector<Bounded> along;  // the projections of the vertices that may be in the support
  bool known = true;           // ... and every one of them is in it for sure
  for (const VecN<Bounded>& v : other.vertices) {
    const Bounded beyond = exact::dot(v, f.n) - extreme;
    if (!beyond.isZero()) {
      bool uncertain = false;
      const int sign = signOrZero(beyond, &uncertain);
      if (f.onB ? sign < 0 : sign > 0) continue;  // certainly not a support vertex
      known = known && !uncertain;
    }
    along.push_back(exact::dot(v - start, e));
  }
  if (!known) {
    return std::all_of(along.begin(), along.end(), [&](const Bounded& t) {
      return filter::signOf(t) >= 0 && filter::compareValues(t, ee) <= 0;
    });
  }
  Bounded lo = along.front(), hi = along.front();
  for (const Bounded& t : along)
    lo = filter::minValue(lo, t), hi = filter::maxValue(hi, t);
  return filter::signOf(hi) >= 0 && filter::compareValues(lo, ee) <= 0;
}

/// The vertex pair (i of A, j of B) whose difference is shortest, by the doubles nearest the
/// filtered coordinates: only a candidate, certified (or refused) exactly afterwards.
std::pair<std::size_t, std::size_t> nearestVertexPair(const CoreN<Bounded>& a,
                                                      const CoreN<Bounded>& b) {
  std::pair<std::size_t, std::size_t> best{0, 0};
  double bestDistance = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < a.vertices.size(); ++i) {
    for (std::size_t j = 0; j < b.vertices.size(); ++j) {
      const double dx = b.vertices[j].x.hi - a.vertices[i].x.hi;
      const double dy = b.vertices[j].y.hi - a.vertices[i].y.hi;
      const double distance = std::hypot(dx, dy);  // no square to underflow at 2^-600
      if (distance < bestDistance) bestDistance = distance, best = {i, j};
    }
  }
  return best;
}

/// The separation facts when b_j − a_i is the point of B − A closest to the origin: certified
/// by v·(b' − b_j) ≥ 0 and v·(a_i − a') ≥ 0 for every other vertex (Uncertain otherwise).
void closestVertexPair(const CoreN<Bounded>& a, const CoreN<Bounded>& b, const Bounded& limit,
                       double r, const exact::Accuracy& accuracy, TwoSidedFacts& facts) {
  const auto [i, j] = nearestVertexPair(a, b);
  const VecN<Bounded> v = b.vertices[j] - a.vertices[i];
  for (std::size_t k = 0; k < b.vertices.size(); ++k) {
    if (k != j && filter::signOf(exact::dot(v, b.vertices[k] - b.vertices[j])) < 0) {
      throw filter::Uncertain{};
    }
  }
  for (std::size_t k = 0; k < a.vertices.size(); ++k) {
    if (k != i && filter::signOf(exact::dot(v, a.vertices[i] - a.vertices[k])) < 0) {
      throw filter::Uncertain{};
    }
  }
  const Bounded square = exact::dot(v, v);
  facts.side = filter::compareValues(square, limit * limit);
  facts.contact = facts.side <= 0;
  const double distance = filter::sqrtToDouble(square, accuracy.length);
  facts.best = distance - r;
  addClosestSource(exact::unitOf(v, accuracy.direction), distance, r, false, facts);
}

/// The cores are apart (some face separation is certainly positive): the closest features.
/// A face whose foot certifies (footOnFace) holds the closest point, whichever it is; only a
/// face whose separation is the largest can, so the faces within a hair of the largest are
/// tried, most separating first (two parallel faces tie, and either may certify).
void apartFacts(const CoreN<Bounded>& a, const CoreN<Bounded>& b,
                const std::vector<Face<Bounded>>& faces, const Bounded& limit, double r,
                const exact::Accuracy& accuracy, TwoSidedFacts& facts) {
  std::vector<std::size_t> order(faces.size());
  for (std::size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    return faces[i].quotient > faces[j].quotient;
  });
  const double top = faces[order.front()].quotient;
  const double hair = 0x1p-30 * std::fabs(top) + 4.0 * accuracy.length;
  for (const std::size_t k : order) {
    const Face<Bounded>& f = faces[k];
    if (f.quotient < top - hair) break;
    bool uncertain = false;
    if (signOrZero(f.w, &uncertain) <= 0) continue;
    bool onFace = false;
    try {
      onFace = footOnFace(a, b, f);
    } catch (const filter::Uncertain&) {
      continue;  // another face may still certify
    }
    if (!onFace) continue;
    facts.side = filter::signQuotientMinus(f.w, f.g, limit);
    facts.contact = facts.side <= 0;
    facts.best = f.quotient - r;
    addClosestSource(facts.sources[k].direction, f.quotient, r, true, facts);
    return;
  }
  closestVertexPair(a, b, limit, r, accuracy, facts);
}

/// Two point cores: their difference is one point.
void pointsFacts(const CoreN<Bounded>& a, const CoreN<Bounded>& b, const Bounded& limit, double r,
                 const exact::Accuracy& accuracy, TwoSidedFacts& facts) {
  const VecN<Bounded> v = b.vertices.front() - a.vertices.front();
  const Bounded square = exact::dot(v, v);
  const int sign = filter::signOf(square);
  // distance − limit has the sign of distance² − limit² (both ≥ 0).
  facts.side = filter::compareValues(square, limit * limit);
  facts.contact = sign <= 0 || facts.side <= 0;
  const double distance = filter::sqrtToDouble(square, accuracy.length);
  facts.best = distance - r;
  if (sign != 0) addClosestSource(exact::unitOf(v, accuracy.direction), distance, r, false, facts);
}

TwoSidedFacts twoSidedOf(const CoreN<Bounded>& a, const CoreN<Bounded>& b, bool faceAxes,
                         double margin, const exact::Accuracy& accuracy) {
  TwoSidedFacts facts;
  const Bounded radius = a.radius + b.radius;
  const double r = filter::toDouble(radius, accuracy.length);
  const std::vector<Face<Bounded>> faces = facesOf(a, b, accuracy.length);
  const double bestFace = addFaceSources(faces, r, accuracy, facts);
  const Bounded limit = Bounded(margin) + radius;
  if (faceAxes) {  // the best face axis against the limit: the largest of the signs
    facts.side = -1;
    for (const Face<Bounded>& f : faces)
      facts.side = std::max(facts.side, filter::signQuotientMinus(f.w, f.g, limit));
    facts.contact = facts.side <= 0;
    facts.best = bestFace;
    return facts;
  }
  if (faces.empty()) {
    pointsFacts(a, b, limit, r, accuracy, facts);
    return facts;
  }
  bool uncertain = false;
  bool allNegative = true;
  for (const Face<Bounded>& f : faces) {
    const int sign = signOrZero(f.w, &uncertain);
    if (sign > 0) {
      apartFacts(a, b, faces, limit, r, accuracy, facts);
      return facts;
    }
    allNegative = allNegative && sign < 0;
  }
  if (uncertain) throw filter::Uncertain{};
  facts.contact = true;
  facts.side = -1;
  if (allNegative) {  // strictly inside: the best is the least deep face
    facts.best = bestFace;
    return facts;
  }
  // On the boundary of B − A. It has area (and the origin no closest-points source) when a
  // core is a polygon; otherwise the exact path sorts out the degenerate difference.
  if (a.vertices.size() < 3 && b.vertices.size() < 3) throw filter::Uncertain{};
  if (filter::signOf(limit) == 0) facts.side = 0;  // touching, at a zero margin and radius
  facts.best = 0.0 - r;
  return facts;
}

// --- the other kernels ---------------------------------------------------------------------------

/// beyond·|n| ≤ allowance (nn = |n|²; allowance ≥ 0), by signs and squares on rationals.
bool withinLength(const Q& beyond, const Q& nn, double allowance) {
  return beyond <= 0 || beyond * beyond * nn <= Q(allowance) * Q(allowance);
}
/// The same as one comparison on filtered values (a sign of beyond near 0 would be uncertain).
bool withinLength(const Bounded& beyond, const Bounded& nn, double allowance) {
  return filter::compareValues(beyond * filter::sqrt(nn), Bounded(allowance)) <= 0;
}

/// facing/√g ≥ −turn (g > 0, turn ≥ 0): a face's normal not turned away by more than `turn`.
bool facesWithin(const Q& facing, const Q& g, double turn) {
  if (facing >= 0) return true;
  return facing * facing <= Q(turn) * Q(turn) * g;
}
bool facesWithin(const Bounded& facing, const Bounded& g, double turn) {
  return filter::compareValues(facing / filter::sqrt(g), Bounded(-turn)) >= 0;
}

/// CaseGeometry::featureOnLine on one core.
template <class N>
bool featureOnLineOf(const CoreN<N>& core, bool onA, bool vertex, int index, const VecN<N>& x,
                     const VecN<N>& n, double allowance, double turn, double accuracy) {
  const N nn = exact::dot(n, n);
  if (vertex) {
    const VecN<N>& v = core.vertices[static_cast<std::size_t>(index)];
    if (exact::distanceToLine(v, x, n, accuracy) > allowance) return false;
    const exact::LineHitOf<N> through =
        exact::intersectLine(core, v, n, allowance, accuracy, index);
    const N beyond = onA ? through.tMax : -through.tMin;  // how far the core reaches past v
    return withinLength(beyond, nn, allowance);
  }
  const VecN<N>& a = exact::edgeStart(core, index);
  const VecN<N>& b = exact::edgeEnd(core, index);
  if (exact::segmentDistanceToLine(a, b, x, n, accuracy) > allowance) return false;
  const VecN<N> outward = exact::edgeNormal(core, index);
  // dot(outward, n) in the core's frame (exact_geometry.h, CoreOf::local): a face exactly
  // along the normal is an exact zero there.
  const VecN<N>& d = core.local[static_cast<std::size_t>(index)];
  const N along = exact::dot(VecN<N>{d.y, -d.x}, exact::intoLocal(core, n));
  const N facing = onA ? along : -along;
  return facesWithin(facing, exact::dot(outward, outward) * nn, turn);
}

/// The filter handles magnitudes up to 2^60 (valid cases stop at 2^50; a manifold's point
/// may be anywhere): beyond, products could overflow, and the exact path answers.
void checkMagnitude(const CoreN<Bounded>&, Vec2 v) {
  if (!(std::fabs(v.x) <= 0x1p60 && std::fabs(v.y) <= 0x1p60)) throw filter::Uncertain{};
}
void checkMagnitude(const CoreN<Q>&, Vec2) {}

template <class N>
LineFacts lineFactsOf(const CoreN<N>& a, const CoreN<N>& b, Vec2 point, Vec2 normal, Surface sa,
                      Surface sb, double window, double accuracy) {
  checkMagnitude(a, point);
  checkMagnitude(a, normal);
  const VecN<N> x = exact::liftAs<N>(point);
  const VecN<N> n = exact::liftAs<N>(normal);
  const double norm = sqrtToDouble(exact::dot(n, n), accuracy);
  exact::LineHitOf<N> onA = exact::intersectLine(a, x, n, window, accuracy);
  exact::LineHitOf<N> onB = exact::intersectLine(b, x, n, window, accuracy);
  if (sa == Surface::support) onA.tMax = exact::supportParameter(a, x, n, true);
  if (sb == Surface::support) onB.tMin = exact::supportParameter(b, x, n, false);
  if (sa == Surface::farEnd) onA.tMax = onA.tMin;
  if (sb == Surface::farEnd) onB.tMin = onB.tMax;
  LineFacts p;
  p.missA = onA.missDistance;
  p.missB = onB.missDistance;
  const double rA = toDouble(a.radius, accuracy);
  const double rB = toDouble(b.radius, accuracy);
  p.separation = toDouble(onB.tMin - onA.tMax, accuracy) * norm - rA - rB;
  p.surfaceA = toDouble(onA.tMax, accuracy) * norm + rA;  // along n̂ from the point
  p.surfaceB = toDouble(onB.tMin, accuracy) * norm - rB;
  return p;
}

}  // namespace

template <class Kernel>
auto CaseGeometry::evaluate(const Kernel& kernel) const {
  if (filtered_) {
    ++queries_;
    try {
      return kernel(filteredA_, filteredB_);
    } catch (const filter::Uncertain&) {
      ++fallbacks_;
    }
  }
  return kernel(exactCore(true), exactCore(false));
}

CaseGeometry::CaseGeometry(const Case& c, double skinA, double skinB,
                           const exact::Accuracy& accuracy)
    : c_(c), skinA_(skinA), skinB_(skinB), accuracy_(accuracy), filtered_(gFilterEnabled.load()) {
  if (filtered_) {
    filteredA_ = exact::coreOfAs<Bounded>(c.a, c.xfA, skinA);
    filteredB_ = exact::coreOfAs<Bounded>(c.b, c.xfB, skinB);
  }
  radius_ = evaluate([&](const auto& a, const auto& b) {
    return toDouble(a.radius + b.radius, accuracy_.length);
  });
}

CaseGeometry::~CaseGeometry() {
  if (queries_ > 0) gQueries.fetch_add(queries_, std::memory_order_relaxed);
  if (fallbacks_ > 0) gFallbacks.fetch_add(fallbacks_, std::memory_order_relaxed);
}

const exact::Core& CaseGeometry::exactCore(bool onA) const {
  std::optional<exact::Core>& core = onA ? exactA_ : exactB_;
  if (!core) core = exact::coreOf(onA ? c_.a : c_.b, onA ? c_.xfA : c_.xfB, onA ? skinA_ : skinB_);
  return *core;
}

int CaseGeometry::vertexCount(bool onA) const {
  const auto count = [&](const auto& a, const auto& b) {
    return static_cast<int>((onA ? a : b).vertices.size());
  };
  return filtered_ ? count(filteredA_, filteredB_) : count(exactCore(true), exactCore(false));
}

int CaseGeometry::edgeCount(bool onA) const {
  const int n = vertexCount(onA);
  return n < 2 ? 0 : n;
}

TwoSidedFacts CaseGeometry::twoSided(bool faceAxes, double margin) const {
  return evaluate(
      [&](const auto& a, const auto& b) { return twoSidedOf(a, b, faceAxes, margin, accuracy_); });
}

double CaseGeometry::lever() const {
  return evaluate([&](const auto& a, const auto& b) {
    return std::max(exact::leverOf(a, accuracy_.length), exact::leverOf(b, accuracy_.length));
  });
}

double CaseGeometry::shortestEdge() const {
  return evaluate([&](const auto& a, const auto& b) {
    return std::min(exact::shortestEdgeOf(a, accuracy_.length),
                    exact::shortestEdgeOf(b, accuracy_.length));
  });
}

double CaseGeometry::separationAlong(Vec2 normal) const {
  return evaluate([&](const auto& a, const auto& b) {
    checkMagnitude(a, normal);
    using N = std::decay_t<decltype(a.radius)>;
    const VecN<N> n = exact::liftAs<N>(normal);
    return quotientToDouble(exact::separationNumerator(a, b, n), exact::dot(n, n),
                            accuracy_.length) -
           toDouble(a.radius + b.radius, accuracy_.length);
  });
}

LineFacts CaseGeometry::lineFacts(Vec2 point, Vec2 normal, Surface sa, Surface sb,
                                  double window) const {
  return evaluate([&](const auto& a, const auto& b) {
    return lineFactsOf(a, b, point, normal, sa, sb, window, accuracy_.length);
  });
}

Vec2 CaseGeometry::edgeNormal(bool onA, int i) const {
  return evaluate([&](const auto& a, const auto& b) {
    return exact::rounded(exact::edgeNormal(onA ? a : b, i), accuracy_.length);
  });
}

Vec2 CaseGeometry::vertex(bool onA, int i) const {
  return evaluate([&](const auto& a, const auto& b) {
    return exact::rounded((onA ? a : b).vertices[static_cast<std::size_t>(i)], accuracy_.length);
  });
}

bool CaseGeometry::featureOnLine(bool onA, bool vertex, int i, Vec2 x, Vec2 n, double allowance,
                                 double turn) const {
  return evaluate([&](const auto& a, const auto& b) {
    checkMagnitude(a, x);
    using N = std::decay_t<decltype(a.radius)>;
    return featureOnLineOf(onA ? a : b, onA, vertex, i, exact::liftAs<N>(x), exact::liftAs<N>(n),
                           allowance, turn, accuracy_.length);
  });
}

std::optional<exact::OneSidedFacts> CaseGeometry::oneSided(
    double margin, const exact::OneSidedBands& bands, const exact::OwnershipRules& rules) const {
  return evaluate([&](const auto& a, const auto& b) {
    return exact::oneSidedFactsOf(c_, a, b, margin, bands, rules, accuracy_);
  });
}

bool CaseGeometry::normalAdmissible(const exact::OneSidedFacts& facts, Vec2 normal,
                                    double allowance) const {
  return evaluate([&](const auto& a, const auto&) {
    checkMagnitude(a, normal);
    using N = std::decay_t<decltype(a.radius)>;
    return exact::normalAdmissible<N>(c_, facts, normal, allowance, accuracy_);
  });
}

JudgeFilterStats judgeFilterStats() {
  return {gQueries.load(), gFallbacks.load()};
}

void setJudgeFilterEnabled(bool enabled) {
  gFilterEnabled = enabled;
}

bool judgeFilterEnabled() {
  return gFilterEnabled;
}

}  // namespace touche::oracle
