// Helpers shared by the reference engine tests: readable manifold printing, the A/B swap
// check every pair runs, and small shape builders with exactly representable coordinates.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "touche/core/validate.h"
#include "touche/reference/reference.h"
#include "touche/test_support/scene_ops.h"

namespace touche::reference::testing {

/// A random shape of `type` from `draw`, the one recipe of the seeded scene generators:
/// `draw.point(r)` is a point in [−r, r]², `draw.scalar(lo, hi)` a number in [lo, hi) and
/// `draw.index(n)` an integer in [0, n). Generators differ only in those draws (uniform doubles,
/// or dyadic values that keep scaled and rotated scenes exact).
template <class Draw>
Shape randomShape(ShapeType type, Draw& draw) {
  switch (type) {
    case ShapeType::circle:
      return Circle{draw.point(0.5), draw.scalar(0.1, 1.0)};
    case ShapeType::capsule:
      return Capsule{draw.point(1), draw.point(1), draw.scalar(0.0, 0.5)};
    case ShapeType::segment:
      return Segment{draw.point(1), draw.point(1)};
    case ShapeType::chainSegment:
      return ChainSegment{draw.point(2), draw.point(1), draw.point(1), draw.point(2)};
    case ShapeType::polygon:
    default:
      return makeRegularPolygon(draw.point(0.5), draw.scalar(0.3, 1.2), 3 + draw.index(6),
                                draw.scalar(0, 6.3), draw.index(2) ? 0.0 : draw.scalar(0, 0.3));
  }
}

/// A random transform from `draw`: a translation in [−spread, spread]² and a rotation by cos/sin
/// of a random angle.
template <class Draw>
Transform randomTransform(double spread, Draw& draw) {
  const double angle = draw.scalar(-3.2, 3.2);
  return Transform{draw.point(spread), Rot{std::cos(angle), std::sin(angle)}};
}

inline std::string describe(const FeatureId& id) {
  const auto t = [](FeatureType type) { return type == FeatureType::face ? "face" : "vertex"; };
  return std::string(t(id.typeA)) + " " + std::to_string(id.indexA) + " / " + t(id.typeB) + " " +
         std::to_string(id.indexB);
}

inline std::string describe(const Manifold& m) {
  std::string out = std::string(statusName(m.status)) + " normal (" + hexfloat(m.normal.x) + ", " +
                    hexfloat(m.normal.y) + ")";
  for (int i = 0; i < m.pointCount; ++i) {
    const ManifoldPoint& p = m.points[i];
    out += "\n  point (" + hexfloat(p.point.x) + ", " + hexfloat(p.point.y) + ") sep " +
           hexfloat(p.separation) + " id " + describe(p.id);
  }
  return out;
}

inline Polygon makePolygon(std::vector<Vec2> vertices, double radius = 0.0) {
  Polygon p;
  p.count = static_cast<int>(vertices.size());
  std::copy(vertices.begin(), vertices.end(), p.vertices.begin());
  p.radius = radius;
  return p;
}

using touche::test::at;

inline FeatureId fid(FeatureType ta, int ia, FeatureType tb, int ib) {
  return {ta, static_cast<std::uint8_t>(ia), tb, static_cast<std::uint8_t>(ib)};
}
inline constexpr FeatureType kFace = FeatureType::face;
inline constexpr FeatureType kVertex = FeatureType::vertex;

/// True when both manifolds hold the same points (in any order) with the same separations.
inline bool samePointSet(const Manifold& x, const Manifold& y) {
  if (x.pointCount != y.pointCount) return false;
  for (int i = 0; i < x.pointCount; ++i) {
    bool found = false;
    for (int j = 0; j < y.pointCount; ++j) {
      found = found || (x.points[i].point == y.points[j].point &&
                        x.points[i].separation == y.points[j].separation);
    }
    if (!found) return false;
  }
  return true;
}

/// Runs (b, a): status equal, normal negated, same points and separations; when `idsSwap`
/// (no exact tie decided the roles) every id is the swapped id of the matching point.
inline Manifold expectSwapSymmetric(const Shape& a, const Transform& xfA, const Shape& b,
                                    const Transform& xfB, const Options& options,
                                    const Manifold& forward, bool idsSwap = true) {
  const Manifold back = collide(b, xfB, a, xfA, options);
  EXPECT_EQ(back.status, forward.status) << describe(back);
  if (forward.status != Status::contact) return back;
  EXPECT_EQ(back.normal, -forward.normal) << describe(back);
  EXPECT_TRUE(samePointSet(forward, back)) << describe(forward) << "\nvs\n" << describe(back);
  if (idsSwap) {
    for (int i = 0; i < forward.pointCount; ++i) {
      for (int j = 0; j < back.pointCount; ++j) {
        if (forward.points[i].point == back.points[j].point) {
          EXPECT_EQ(swapped(forward.points[i].id), back.points[j].id) << describe(back);
        }
      }
    }
  }
  return back;
}

/// collide() on (a, b), checked against the swapped query (expectSwapSymmetric): what every
/// golden test of a pair runs.
inline Manifold collideChecked(const Shape& a, const Transform& xfA, const Shape& b,
                               const Transform& xfB, const Options& options = {}) {
  const Manifold m = collide(a, xfA, b, xfB, options);
  expectSwapSymmetric(a, xfA, b, xfB, options, m);
  return m;
}

/// Every output bit for bit: status, normal, points, separations, ids, flags and every gap.
inline ::testing::AssertionResult bitIdentical(const Manifold& x, const Manifold& y) {
  const auto sameGaps = [](const DecisionGaps& g, const DecisionGaps& h) {
    return g.axis == h.axis && g.incident == h.incident && g.contact == h.contact &&
           g.clip == h.clip && g.region == h.region && g.normal == h.normal;
  };
  bool same = x.status == y.status && x.pointCount == y.pointCount && x.flags == y.flags &&
              sameGaps(x.gaps, y.gaps);
  if (x.status == Status::contact) same = same && x.normal == y.normal;
  for (int i = 0; same && i < x.pointCount; ++i) {
    same = x.points[i].point == y.points[i].point &&
           x.points[i].separation == y.points[i].separation && x.points[i].id == y.points[i].id;
  }
  if (same) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << describe(x) << "\nvs\n" << describe(y);
}

/// A one-point contact with exactly this normal, point, separation and id.
inline void expectSinglePoint(const Manifold& m, Vec2 normal, Vec2 point, double separation,
                              FeatureId id) {
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, normal) << describe(m);
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.points[0].point, point) << describe(m);
  EXPECT_EQ(m.points[0].separation, separation) << describe(m);
  EXPECT_EQ(m.points[0].id, id) << describe(m);
}

}  // namespace touche::reference::testing
