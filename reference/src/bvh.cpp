// touche reference — the broad phase (touche/reference/bvh.h; docs/derivations/bvh.md).
//
// The boxes are exact: the core's world points (cast_core.h's liftCore, the cast's own Step 1)
// ± the radius as rationals, each side rounded to the nearest double outside it.
#include "touche/reference/bvh.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cast_core.h"
#include "rounding.h"
#include "touche/reference/cast.h"

namespace touche::reference {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The largest double ≤ q, and the smallest ≥ q.
double roundDown(const Rational& q) {
  const double d = roundNearest(q);
  return sign(Rational(liftExact(d) - q)) > 0 ? std::nextafter(d, -kInf) : d;
}
double roundUp(const Rational& q) {
  const double d = roundNearest(q);
  return sign(Rational(liftExact(d) - q)) < 0 ? std::nextafter(d, kInf) : d;
}

/// The exact extremes of points grown by a radius, rounded outward.
class ExactBox {
 public:
  void add(const ExactVec2& p) {
    if (empty_) {
      lower_ = upper_ = p;
      empty_ = false;
      return;
    }
    lower_ = {smaller(lower_.x, p.x), smaller(lower_.y, p.y)};
    upper_ = {larger(upper_.x, p.x), larger(upper_.y, p.y)};
  }

  Aabb rounded(const Rational& radius) const {
    return {{roundDown(Rational(lower_.x - radius)), roundDown(Rational(lower_.y - radius))},
            {roundUp(Rational(upper_.x + radius)), roundUp(Rational(upper_.y + radius))}};
  }

 private:
  ExactVec2 lower_;
  ExactVec2 upper_;
  bool empty_ = true;
};

/// The slab test's margin: 16ε·S covers its few roundings (S bounds every magnitude it
/// meets: the boxes, the radius, |origin| and |translation|), plus results that underflow.
double slabMargin(const Bvh& bvh, const CastInput& input) {
  const double scale = bvh.extent + input.radius + std::abs(input.origin.x) +
                       std::abs(input.origin.y) + std::abs(input.translation.x) +
                       std::abs(input.translation.y);
  return 16 * std::numeric_limits<double>::epsilon() * scale +
         16 * std::numeric_limits<double>::denorm_min();
}

double largestMagnitude(const Aabb& box) {
  return std::max(
      {std::abs(box.lower.x), std::abs(box.lower.y), std::abs(box.upper.x), std::abs(box.upper.y)});
}

bool refuses(const Bvh& bvh, const CastInput& input) {
  return bvh.error.has_value() || !castInputIsValid(input);
}

ShapeHit hitOf(const FirstTouchOf<CastResult, double>& best) {
  ShapeHit hit;
  if (best.index < 0) return hit;
  hit.index = best.index;
  hit.result = best.result;
  return hit;
}

}  // namespace

Aabb aabbOf(const Shape& shape, const Transform& xf) {
  const CastCoreOf<Rational> core = liftCore<Rational>(shape, xf);
  ExactBox box;
  for (int i = 0; i < core.count; ++i)
    box.add(core.vertices[i]);
  return box.rounded(core.radius);
}

Aabb sweptAabb(const CastInput& input) {
  const ExactVec2 origin = liftExact(input.origin);
  ExactBox box;
  box.add(origin);
  box.add(origin + liftExact(input.maxFraction) * liftExact(input.translation));
  return box.rounded(liftExact(input.radius));
}

Bvh buildBvh(std::span<const PlacedShape> scene) {
  Bvh bvh;
  bvh.error = validateScene(scene);
  if (bvh.error) return bvh;
  bvh.shapes.assign(scene.begin(), scene.end());
  bvh.boxes.reserve(scene.size());
  for (const PlacedShape& s : scene) {
    bvh.boxes.push_back(aabbOf(s.shape, s.xf));
    bvh.extent = std::max(bvh.extent, largestMagnitude(bvh.boxes.back()));
  }
  bvh.tree = buildBvhTree(bvh.boxes);
  return bvh;
}

ShapeHit firstHit(const Bvh& bvh, const CastInput& input) {
  if (refuses(bvh, input)) return shapeHitError();
  const BvhPathOf<double> path = makeBvhPath<double>(input, input.radius + slabMargin(bvh, input));
  FirstTouchOf<CastResult, double> best;
  visitFrontToBack(bvh.tree, path, [&](std::int32_t item) {
    const PlacedShape& s = bvh.shapes[item];
    return best.keep(cast(s.shape, s.xf, input), item, input.maxFraction);
  });
  return hitOf(best);
}

ShapeHit firstHitBruteForce(const Bvh& bvh, const CastInput& input) {
  if (refuses(bvh, input)) return shapeHitError();
  FirstTouchOf<CastResult, double> best;
  const auto count = static_cast<std::int32_t>(bvh.shapes.size());
  for (std::int32_t i = 0; i < count; ++i)
    best.keep(cast(bvh.shapes[i].shape, bvh.shapes[i].xf, input), i, input.maxFraction);
  return hitOf(best);
}

std::vector<std::int32_t> overlapping(const Bvh& bvh, const Aabb& box) {
  return overlappingBoxes(bvh.tree, bvh.boxes, box);
}

std::vector<std::int32_t> overlappingBruteForce(const Bvh& bvh, const Aabb& box) {
  return overlappingBoxesBruteForce(bvh.boxes, box);
}

}  // namespace touche::reference
