// touche — fast engine on degenerate-but-valid input: never NaN, never a zero or non-unit
// normal, in float and double, A/B swapped.
#include <gtest/gtest.h>

#include <cmath>

#include "../../bench/random_pairs.h"
#include "expect.h"

namespace touche::fast::test {
namespace {

/// Every number finite; a contact has a unit normal (float tolerance) and 1–2 points.
void expectWellFormed(const Manifold& m, const std::string& where) {
  SCOPED_TRACE(where + ": " + describe(m));
  ASSERT_TRUE(m.status == Status::contact || m.status == Status::noContact);
  EXPECT_TRUE(std::isfinite(m.normal.x) && std::isfinite(m.normal.y));
  if (m.status == Status::noContact) return;
  EXPECT_NEAR(std::hypot(m.normal.x, m.normal.y), 1.0, 1e-6);
  ASSERT_GE(m.pointCount, 1);
  ASSERT_LE(m.pointCount, 2);
  for (int k = 0; k < m.pointCount; ++k) {
    EXPECT_TRUE(std::isfinite(m.points[k].point.x));
    EXPECT_TRUE(std::isfinite(m.points[k].point.y));
    EXPECT_TRUE(std::isfinite(m.points[k].separation));
  }
}

/// Runs the case through both engines, both ways, at margin 0 and a small margin.
void expectWellFormedEverywhere(const Shape& a, const Transform& xfA, const Shape& b,
                                const Transform& xfB) {
  for (double margin : {0.0, 1e-7}) {
    const Options o{margin};
    expectWellFormed(collide(a, xfA, b, xfB, o), "double A,B");
    expectWellFormed(collide(b, xfB, a, xfA, o), "double B,A");
    expectWellFormed(collideFloat(a, xfA, b, xfB, o), "float A,B");
    expectWellFormed(collideFloat(b, xfB, a, xfA, o), "float B,A");
  }
}

TEST(FastDegenerate, TinyShapesOneMillionthInSize) {
  const Polygon box = makeBox(1e-6, 1e-6);
  const Polygon tri = polygon({{0, 0}, {1e-6, 0}, {0, 1e-6}});
  const Circle circle{{0, 0}, 1e-6};
  const Transform near{{1.5e-6, 0.5e-6}, rotFromAngle(0.3)};
  expectWellFormedEverywhere(box, kIdentity, tri, near);
  expectWellFormedEverywhere(box, kIdentity, box, near);
  expectWellFormedEverywhere(box, kIdentity, circle, near);
  expectWellFormedEverywhere(circle, kIdentity, circle, near);
  // Centres 1e-30 apart: the offset's square underflows in float; the normal must not.
  expectWellFormedEverywhere(circle, kIdentity, circle, {{1e-30, 0}, {}});
  expectWellFormedEverywhere(circle, kIdentity, circle, {{1e-300, -1e-300}, {}});
}

TEST(FastDegenerate, TinyCirclesOffsetBySubnormalAreNearlyConcentric) {
  // Centres 2^-1060 apart (subnormal): double still sees the offset (normal (1, 0), no flag);
  // float rounds it to 0 and falls back to A's x axis with the flag. Both finite and unit.
  const Circle circle{{0, 0}, 1e-6};
  const Transform xfB{{0x1p-1060, 0}, {}};
  const Manifold d = collide(circle, kIdentity, circle, xfB);
  const Manifold f = collideFloat(circle, kIdentity, circle, xfB);
  EXPECT_EQ(d.normal.x, 1.0);
  EXPECT_EQ(d.flags, kFlagNone);
  EXPECT_EQ(f.normal.x, 1.0);
  EXPECT_EQ(f.flags, kFlagDegenerateNormal);
}

TEST(FastDegenerate, IdenticalPolygonsAtTheSamePlace) {
  const Polygon box = makeBox(1, 1);
  const Polygon hexagon = makeRegularPolygon({0, 0}, 1.0, 6, 0.1);
  expectWellFormedEverywhere(box, kIdentity, box, kIdentity);
  expectWellFormedEverywhere(hexagon, {{2, 3}, rotFromAngle(1.0)}, hexagon,
                             {{2, 3}, rotFromAngle(1.0)});
}

TEST(FastDegenerate, CoincidentVerticesOfTheTwoPolygons) {
  const Polygon box = makeBox(1, 1);
  // Corner to corner: B's v0 = A's v2 = (1, 1); SAT separations are exactly 0.
  expectWellFormedEverywhere(box, kIdentity, box, {{2, 2}, {}});
  // B rotated 45° with a vertex exactly on A's v2 (B = triangle with vertex (1, 1)).
  const Polygon tri = polygon({{1, 1}, {2, 1.5}, {1.5, 2}});
  expectWellFormedEverywhere(box, kIdentity, tri, kIdentity);
  // Shared edge: B's face 3 lies on A's face 1 with coincident endpoints.
  expectWellFormedEverywhere(box, kIdentity, box, {{2, 0}, {}});
  const Manifold m = collide(box, kIdentity, box, {{2, 0}, {}});
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.points[0].separation, 0.0);
}

TEST(FastDegenerate, CircleCentreExactlyOnPolygonVertexAndFace) {
  const Polygon box = makeBox(1, 1);
  const Polygon rounded = makeBox(1, 1, 0.5);
  for (Vec2 c : {Vec2{1, 1}, Vec2{-1, 1}, Vec2{1, 0}, Vec2{0, 0}}) {
    expectWellFormedEverywhere(box, kIdentity, Circle{c, 0.25}, kIdentity);
    expectWellFormedEverywhere(rounded, kIdentity, Circle{c, 0.0}, kIdentity);
    expectWellFormedEverywhere(box, {{5, 5}, rotFromAngle(0.7)}, Circle{{0, 0}, 0.25},
                               {apply(Transform{{5, 5}, rotFromAngle(0.7)}, c), {}});
  }
}

TEST(FastDegenerate, ZeroRadiusCircleAndConcentricZeroRadii) {
  const Circle point{{0, 0}, 0.0};
  const Manifold m = collide(point, kIdentity, point, kIdentity);
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
  EXPECT_EQ(m.points[0].separation, 0.0);
  expectWellFormedEverywhere(point, kIdentity, point, kIdentity);
}

// Near-degenerate polygons: a sliver triangle (height 1e-9 over a base of 1) and huge
// coordinates near kMaxCoordinate in the transform.
TEST(FastDegenerate, SliversAndHugeTranslations) {
  const Polygon sliver = polygon({{0, 0}, {1, 0}, {0.5, 1e-9}});
  const Polygon box = makeBox(1, 1);
  expectWellFormedEverywhere(sliver, kIdentity, box, {{0.5, 0.9}, rotFromAngle(0.2)});
  expectWellFormedEverywhere(sliver, kIdentity, sliver, {{0.25, 0}, rotFromAngle(3.0)});
  const Transform far{{0x1p49, -0x1p49}, rotFromAngle(0.4)};
  const Transform farB{{0x1p49 + 1.5, -0x1p49}, rotFromAngle(1.4)};
  expectWellFormedEverywhere(box, far, box, farB);
  expectWellFormedEverywhere(box, far, Circle{{0, 0}, 1}, farB);
}

// Seeded sweep over random pairs squeezed to 1e-6 size and stretched to 1e9: all well formed.
TEST(FastDegenerate, RandomPairsAtExtremeScalesStayFinite) {
  for (double scale : {1e-6, 1e9}) {
    for (PairId pair : {PairId::circle_circle, PairId::polygon_circle, PairId::polygon_polygon}) {
      for (bench::PairCase c : bench::makePairs(pair, 200, 0x5eed + static_cast<int>(pair))) {
        const auto scaleShape = [scale](Shape& s) {
          if (auto* p = std::get_if<Polygon>(&s)) {
            for (int i = 0; i < p->count; ++i)
              p->vertices[i] = scale * p->vertices[i];
          } else if (auto* circle = std::get_if<Circle>(&s)) {
            circle->center = scale * circle->center;
            circle->radius *= scale;
          }
        };
        scaleShape(c.a);
        scaleShape(c.b);
        c.xfA.p = scale * c.xfA.p;
        c.xfB.p = scale * c.xfB.p;
        if (validateInput(c.a, c.xfA, c.b, c.xfB, {})) continue;
        expectWellFormedEverywhere(c.a, c.xfA, c.b, c.xfB);
      }
    }
  }
}

}  // namespace
}  // namespace touche::fast::test
