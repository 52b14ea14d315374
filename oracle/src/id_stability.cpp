// touche oracle — stable ids across moved copies (id_stability.h).
#include "touche/oracle/id_stability.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>

#include "feature_ids.h"
#include "touche/oracle/engines.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

/// The reference's manifold on the case as the engine sees it (polygons grown by its skin).
Manifold referenceFor(const Case& c, double skin, double margin) {
  Conventions grown;
  grown.polygonSkin = skin;
  return run(reference::kEngine, expectedCaseFor(c, grown), Options{margin});
}

/// The reference's typed feature pairs of a contact, sorted (a multiset).
std::vector<FeatureId> pairsOf(const Manifold& m) {
  std::vector<FeatureId> pairs;
  for (int i = 0; i < m.pointCount; ++i)
    pairs.push_back(m.points[i].id);
  const auto key = [](const FeatureId& f) {
    return std::tuple{f.typeA, f.indexA, f.typeB, f.indexB};
  };
  std::sort(pairs.begin(), pairs.end(),
            [&](const FeatureId& x, const FeatureId& y) { return key(x) < key(y); });
  return pairs;
}

/// FNV-1a of the id: the copies of a case do not depend on the platform's std::hash.
std::uint64_t seedOf(const std::string& id) {
  std::uint64_t h = 0xcbf29ce484222325u;
  for (const unsigned char ch : id)
    h = (h ^ ch) * 0x100000001b3u;
  return h;
}

Rot turned(const Rot& q, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return {c * q.c - s * q.s, s * q.c + c * q.s};
}

/// The largest distance of a shape's points from its frame's origin, radius included.
double extentOf(const Shape& s) {
  double far = 0.0;
  const auto reach = [&](Vec2 v, double r) { far = std::max(far, length(v) + r); };
  if (const auto* c = std::get_if<Circle>(&s)) reach(c->center, c->radius);
  if (const auto* k = std::get_if<Capsule>(&s)) reach(k->p1, k->radius), reach(k->p2, k->radius);
  if (const auto* g = std::get_if<Segment>(&s)) reach(g->p1, 0), reach(g->p2, 0);
  if (const auto* h = std::get_if<ChainSegment>(&s)) reach(h->p1, 0), reach(h->p2, 0);
  if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      reach(p->vertices[i], p->radius);
  }
  return far;
}

/// `c` moved: the whole scene turned by `sceneAngle` about the origin and moved by `shift`,
/// then B moved by `nudge` and turned by `turn` about its own origin.
Case moved(const Case& c, double sceneAngle, Vec2 shift, Vec2 nudge, double turn) {
  Case m = c;
  const Rot scene = rotFromAngle(sceneAngle);
  m.xfA = {rotate(scene, c.xfA.p) + shift, turned(c.xfA.q, sceneAngle)};
  m.xfB = {rotate(scene, c.xfB.p) + shift + nudge, turned(turned(c.xfB.q, sceneAngle), turn)};
  return m;
}

}  // namespace

bool stabilityJudged(const DeclaredConventions& conventions, const Case& c) {
  if (conventions.idFormat != IdFormat::opaque) return false;
  const bool circle = typeOf(c.a) == ShapeType::circle || typeOf(c.b) == ShapeType::circle;
  return conventions.compareIds == IdComparison::all ||
         (conventions.compareIds == IdComparison::withoutCircles && !circle);
}

StabilityRecord stabilityRecord(const Case& c, const ManifoldRecord& actual,
                                const DeclaredConventions& conventions) {
  StabilityRecord record;
  if (!stabilityJudged(conventions, c) || actual.manifold.status != Status::contact) return record;
  const Manifold expected = referenceFor(c, conventions.skinRadius, conventions.margin);
  if (expected.status != Status::contact) return record;
  // Each reported point on the reference point nearest to it; a reference point two reported
  // points are nearest to tells neither's feature pair.
  std::vector<int> nearest(actual.points.size(), -1);
  std::vector<int> takers(static_cast<std::size_t>(expected.pointCount), 0);
  for (std::size_t i = 0; i < actual.points.size(); ++i) {
    double best = INFINITY;
    for (int k = 0; k < expected.pointCount; ++k) {
      const double d = length(actual.points[i].point - expected.points[k].point);
      if (d < best) best = d, nearest[i] = k;
    }
    if (nearest[i] >= 0) ++takers[static_cast<std::size_t>(nearest[i])];
  }
  for (std::size_t i = 0; i < actual.points.size(); ++i) {
    const int k = nearest[i];
    if (k < 0 || takers[static_cast<std::size_t>(k)] != 1 || actual.points[i].id.empty()) continue;
    record.points.push_back({i, expected.points[k].id, actual.points[i].id});
  }
  return record;
}

std::vector<StabilityFailure> compareStability(const StabilityRecord& originalPoints,
                                               const std::string& original,
                                               const StabilityRecord& copyPoints) {
  std::vector<StabilityFailure> failures;
  for (const StablePoint& p : copyPoints.points) {
    for (const StablePoint& o : originalPoints.points) {
      if (o.pair == p.pair && o.id != p.id) {
        failures.push_back({p.index, "an id differs from the original's on the same feature pair",
                            "point " + std::to_string(p.index) + " lies on " +
                                ids::describe(p.pair) + " with id " + p.id + "; in " + original +
                                " the point on it has id " + o.id});
        break;
      }
      if (!(o.pair == p.pair) && o.id == p.id) {
        failures.push_back({p.index, "the original's id of another feature pair",
                            "point " + std::to_string(p.index) + " lies on " +
                                ids::describe(p.pair) + " with id " + p.id + ", which in " +
                                original + " is the id of " + ids::describe(o.pair)});
        break;
      }
    }
  }
  return failures;
}

MovedCopies movedCopies(const Case& c, int count, std::uint64_t seed, double margin) {
  MovedCopies out;
  if (validateInput(c.a, c.xfA, c.b, c.xfB, Options{margin})) return out;
  const Manifold original = referenceFor(c, 0.0, margin);
  if (original.status != Status::contact) return out;
  const std::vector<FeatureId> pairs = pairsOf(original);
  const double size = std::max({extentOf(c.a), extentOf(c.b), length(c.xfB.p - c.xfA.p), 1e-300});
  std::mt19937_64 rng(seed ^ seedOf(c.id));
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int k = 1; k <= count; ++k) {
    // The scene's motion: any turn, a shift of up to its size; B's: up to 2^-7 of it.
    const double sceneAngle = 3.14159265358979 * unit(rng);
    const Vec2 shift = size * Vec2{unit(rng), unit(rng)};
    Vec2 nudge = 0x1p-7 * size * Vec2{unit(rng), unit(rng)};
    double turn = 0x1p-7 * unit(rng);
    bool kept = false;
    for (int attempt = 0; attempt < 8 && !kept; ++attempt, nudge = 0.5 * nudge, turn *= 0.5) {
      Case copy = moved(c, sceneAngle, shift, nudge, turn);
      copy.id = c.id + "~moved-" + std::to_string(k);
      copy.movedFrom = c.id;
      if (validateInput(copy.a, copy.xfA, copy.b, copy.xfB, Options{margin})) continue;
      const Manifold m = referenceFor(copy, 0.0, margin);
      if (m.status != Status::contact || pairsOf(m) != pairs) continue;
      out.copies.push_back(std::move(copy));
      kept = true;
    }
    out.dropped += kept ? 0 : 1;
  }
  return out;
}

}  // namespace touche::oracle
