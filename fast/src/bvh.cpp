// touche — the fast engine's broad phase (touche/fast/bvh.h; docs/derivations/bvh.md).
#include "touche/fast/bvh.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace touche::fast {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// The unit roundoff of double, and a bound on the absolute error of an underflowing result.
constexpr double kUnitRoundoff = 0x1p-53;
constexpr double kUnderflow = 0x1p-1070;

double down(double x) {
  return std::nextafter(x, -kInf);
}
double up(double x) {
  return std::nextafter(x, kInf);
}

/// A computed point and a bound on its distance, per axis, from the exact one.
struct BoundedPoint {
  Vec2 point;
  Vec2 error;
};

/// q·v + p: three roundings per axis (two products, a difference, a sum), each within u of its
/// result; their sum is within 3u(|c·vx| + |s·vy| + |px|) (plus underflow) of the exact value.
BoundedPoint worldPoint(const Transform& xf, Vec2 v) {
  const double cx = xf.q.c * v.x;
  const double sy = xf.q.s * v.y;
  const double sx = xf.q.s * v.x;
  const double cy = xf.q.c * v.y;
  const Vec2 point{cx - sy + xf.p.x, sx + cy + xf.p.y};
  const Vec2 error{
      4 * kUnitRoundoff * (std::abs(cx) + std::abs(sy) + std::abs(xf.p.x)) + kUnderflow,
      4 * kUnitRoundoff * (std::abs(sx) + std::abs(cy) + std::abs(xf.p.y)) + kUnderflow};
  return {point, error};
}

/// The box of points known within their error bounds, grown by radius, rounded outward: each
/// subtraction's result is moved one double further out, past its rounding.
struct OutwardBox {
  Aabb box{{kInf, kInf}, {-kInf, -kInf}};

  void add(const BoundedPoint& p, double radius) {
    box.lower.x = std::min(box.lower.x, down(down(p.point.x - p.error.x) - radius));
    box.lower.y = std::min(box.lower.y, down(down(p.point.y - p.error.y) - radius));
    box.upper.x = std::max(box.upper.x, up(up(p.point.x + p.error.x) + radius));
    box.upper.y = std::max(box.upper.y, up(up(p.point.y + p.error.y) + radius));
  }
};

/// |x| + |y|: a bound on the Euclidean length, cheaper than hypot.
double taxicab(Vec2 v) {
  return std::abs(v.x) + std::abs(v.y);
}

template <class T>
ShapeHit widened(const FirstTouchOf<CastResultT<T>, T>& best) {
  ShapeHit hit;
  if (best.index < 0) return hit;
  hit.index = best.index;
  hit.result = widenCast(best.result);
  return hit;
}

template <class T>
bool refuses(const BvhT<T>& bvh, const CastInput& input) {
  return bvh.error.has_value() || !castInputIsValid(input);
}

}  // namespace

Aabb aabbOf(const Shape& shape, const Transform& xf) {
  const detail::casts::CoreDouble core = detail::casts::coreOf(shape);
  OutwardBox out;
  for (int i = 0; i < core.count; ++i)
    out.add(worldPoint(xf, core.vertex[i]), core.radius);
  return out.box;
}

Aabb sweptAabb(const CastInput& input) {
  const Vec2 step = input.maxFraction * input.translation;  // within u·|step| + underflow
  const Vec2 end = input.origin + step;
  const Vec2 error{4 * kUnitRoundoff * (std::abs(input.origin.x) + std::abs(step.x)) + kUnderflow,
                   4 * kUnitRoundoff * (std::abs(input.origin.y) + std::abs(step.y)) + kUnderflow};
  OutwardBox out;
  out.add({input.origin, {0.0, 0.0}}, input.radius);
  out.add({end, error}, input.radius);
  return out.box;
}

template <class T>
double castMargin(double reach, const CastInput& input) {
  // B2: 128ε·S covers the cast's rounding δ (a few ε·S) with room for the slab test's (about
  // 5ε·S). The second term covers underflow: the cast compares squared lengths, and a square
  // below T's smallest normal keeps only an absolute accuracy of its denormals, so lengths
  // near zero are known within about √(smallest normal) (2^-511 in double, 2^-63 in float).
  const double scale = reach + input.radius + taxicab(input.origin) + taxicab(input.translation);
  return 128 * static_cast<double>(std::numeric_limits<T>::epsilon()) * scale +
         16 * std::sqrt(static_cast<double>(std::numeric_limits<T>::min()));
}

template <class T>
BvhT<T> buildBvh(std::span<const PlacedShape> scene) {
  BvhT<T> bvh;
  bvh.error = validateScene(scene);
  if (bvh.error) return bvh;
  bvh.shapes.reserve(scene.size());
  bvh.boxes.reserve(scene.size());
  for (const PlacedShape& s : scene) {
    bvh.shapes.push_back(placeForCast<T>(s.shape, s.xf));
    bvh.boxes.push_back(aabbOf(s.shape, s.xf));
    bvh.reach = std::max(bvh.reach, bvh.shapes.back().reach);
  }
  bvh.tree = roundedOutward<T>(buildBvhTree(bvh.boxes));
  return bvh;
}

template <class T>
ShapeHit firstHit(const BvhT<T>& bvh, const CastInput& input) {
  if (refuses(bvh, input)) return shapeHitError();
  const PlacedCastInputT<T> ray = placeForCast<T>(input);
  const BvhPathOf<T> path = makeBvhPath<T>(input, input.radius + castMargin<T>(bvh.reach, input));
  FirstTouchOf<CastResultT<T>, T> best;
  visitFrontToBack(bvh.tree, path, [&](std::int32_t item) {
    return best.keep(castPlaced(bvh.shapes[item], ray), item, path.maxFraction);
  });
  return widened(best);
}

template <class T>
ShapeHit firstHitBruteForce(const BvhT<T>& bvh, const CastInput& input) {
  if (refuses(bvh, input)) return shapeHitError();
  const PlacedCastInputT<T> ray = placeForCast<T>(input);
  FirstTouchOf<CastResultT<T>, T> best;
  const auto count = static_cast<std::int32_t>(bvh.shapes.size());
  for (std::int32_t i = 0; i < count; ++i)
    best.keep(castPlaced(bvh.shapes[i], ray), i, ray.in.maxFraction);
  return widened(best);
}

template <class T>
std::vector<std::int32_t> overlapping(const BvhT<T>& bvh, const Aabb& box) {
  return overlappingBoxes(bvh.tree, bvh.boxes, box);
}

template <class T>
std::vector<std::int32_t> overlappingBruteForce(const BvhT<T>& bvh, const Aabb& box) {
  return overlappingBoxesBruteForce(bvh.boxes, box);
}

#define TOUCHE_BVH_INSTANTIATE(T)                                                 \
  template double castMargin<T>(double, const CastInput&);                        \
  template BvhT<T> buildBvh<T>(std::span<const PlacedShape>);                     \
  template ShapeHit firstHit<T>(const BvhT<T>&, const CastInput&);                \
  template ShapeHit firstHitBruteForce<T>(const BvhT<T>&, const CastInput&);      \
  template std::vector<std::int32_t> overlapping<T>(const BvhT<T>&, const Aabb&); \
  template std::vector<std::int32_t> overlappingBruteForce<T>(const BvhT<T>&, const Aabb&);
TOUCHE_BVH_INSTANTIATE(float)
TOUCHE_BVH_INSTANTIATE(double)
#undef TOUCHE_BVH_INSTANTIATE

}  // namespace touche::fast
