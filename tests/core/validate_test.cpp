// Input validation: every kind of bad input gives an error naming the field and the value.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "touche/core/validate.h"

namespace touche {
namespace {

using ::testing::HasSubstr;

Polygon polygonOf(std::initializer_list<Vec2> vertices) {
  Polygon p;
  for (Vec2 v : vertices)
    p.vertices[p.count++] = v;
  return p;
}

InputError errorOf(const Shape& shape) {
  auto error = validateShape(shape, "a");
  EXPECT_TRUE(error.has_value());
  return error.value_or(InputError{});
}

TEST(Validate, AcceptsUnitBoxAndRegularPolygons) {
  EXPECT_FALSE(validateShape(makeBox(1, 1), "a"));
  for (int sides = 3; sides <= 8; ++sides) {
    EXPECT_FALSE(validateShape(makeRegularPolygon({0.5, -2}, 1.0, sides, 0.3), "a")) << sides;
  }
  EXPECT_FALSE(validateShape(Circle{{0, 0}, 0.0}, "a"));  // a point is a valid circle
}

TEST(Validate, NaNCoordinateNamesTheField) {
  Polygon p = makeBox(1, 1);
  p.vertices[2].y = std::numeric_limits<double>::quiet_NaN();
  const InputError e = errorOf(p);
  EXPECT_EQ(e.field, "a.vertices[2][1]");
  EXPECT_THAT(e.message, HasSubstr("NaN is not a finite number"));
}

TEST(Validate, InfiniteRadiusAndNegativeRadius) {
  InputError e = errorOf(Circle{{0, 0}, std::numeric_limits<double>::infinity()});
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_THAT(e.message, HasSubstr("inf"));
  e = errorOf(Circle{{0, 0}, -0.5});
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_THAT(e.message, HasSubstr("-0.5 is negative"));
  Polygon p = makeBox(1, 1);
  p.radius = -1e-300;
  EXPECT_EQ(errorOf(p).field, "a.radius");
}

TEST(Validate, CoordinateBeyondTwoToTheFiftyIsRejected) {
  const InputError e = errorOf(Circle{{0x1p50 * 2, 0}, 1});
  EXPECT_EQ(e.field, "a.center[0]");
  EXPECT_THAT(e.message, HasSubstr("exceeds the accepted magnitude 2^50"));
  EXPECT_FALSE(validateShape(Circle{{0x1p50, -0x1p50}, 0x1p50}, "a"));  // the bound itself is ok
}

TEST(Validate, TooFewAndTooManyVertices) {
  EXPECT_EQ(errorOf(polygonOf({{0, 0}, {1, 0}})).message, "2 vertices; a polygon needs 3 to 8");
  Polygon p = makeBox(1, 1);
  p.count = 9;
  EXPECT_THAT(errorOf(p).message, HasSubstr("9 vertices"));
}

TEST(Validate, DuplicateVertexNamesBothIndices) {
  const InputError e = errorOf(polygonOf({{0, 0}, {1, 0}, {1, 0}, {0, 1}}));
  EXPECT_EQ(e.field, "a.vertices[2]");
  EXPECT_THAT(e.message, HasSubstr("duplicates a.vertices[1]"));
}

TEST(Validate, ClockwisePolygon) {
  const InputError e = errorOf(polygonOf({{0, 0}, {0, 1}, {1, 1}, {1, 0}}));
  EXPECT_EQ(e.field, "a.vertices");
  EXPECT_THAT(e.message, HasSubstr("clockwise"));
}

TEST(Validate, CollinearVertexExactly) {
  // (0.5, 0) lies exactly on the segment (0,0)–(1,0).
  const InputError e = errorOf(polygonOf({{0, 0}, {0.5, 0}, {1, 0}, {0, 1}}));
  EXPECT_EQ(e.field, "a.vertices[1]");
  EXPECT_THAT(e.message, HasSubstr("collinear"));
}

TEST(Validate, NearlyCollinearByOneUlpIsDecidedExactly) {
  // A triple that is exactly collinear in binary, then the middle vertex moved by one ulp:
  // the double filter cannot decide the second (the determinant is 2^-113, below its error
  // bound), so the exact fallback must.
  // Exactly collinear triple in binary: (0, 0), (0x1p-30, 0x1p-31), (0x1p-29, 0x1p-30).
  const InputError e = errorOf(polygonOf({{0, 0}, {0x1p-30, 0x1p-31}, {0x1p-29, 0x1p-30}, {0, 1}}));
  EXPECT_THAT(e.message, HasSubstr("collinear"));
  // Move the middle vertex down by one ulp of its y: now a strict (convex) turn.
  EXPECT_FALSE(validateShape(
      polygonOf({{0, 0}, {0x1p-30, std::nextafter(0x1p-31, 0.0)}, {0x1p-29, 0x1p-30}, {0, 1}}),
      "a"));
}

TEST(Validate, ReflexCornerIsNotConvex) {
  const InputError e = errorOf(polygonOf({{0, 0}, {2, 0}, {1, 0.5}, {2, 2}, {0, 2}}));
  EXPECT_EQ(e.field, "a.vertices[2]");
  EXPECT_THAT(e.message, HasSubstr("reflex"));
}

TEST(Validate, PentagramWindsTwice) {
  Polygon star;
  const Polygon pentagon = makeRegularPolygon({0, 0}, 1, 5, 0);
  for (int k = 0; k < 5; ++k)
    star.vertices[k] = pentagon.vertices[(2 * k) % 5];
  star.count = 5;
  EXPECT_THAT(errorOf(star).message, HasSubstr("winds more than once"));
}

TEST(Validate, RotationMustBeUnit) {
  auto e = validateTransform({{0, 0}, {2, 0}}, "xfB");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "xfB.q");
  EXPECT_THAT(e->message, HasSubstr("not unit"));
  EXPECT_FALSE(validateTransform({{1, 2}, rotFromAngle(0.7)}, "xfB"));
  e = validateTransform({{0, std::numeric_limits<double>::infinity()}, {1, 0}}, "xfA");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "xfA.p[1]");
}

TEST(Validate, SegmentsNeedLength) {
  const InputError e = errorOf(Segment{{1, 1}, {1, 1}});
  EXPECT_EQ(e.field, "a.p2");
  EXPECT_THAT(e.message, HasSubstr("zero-length"));
}

TEST(Validate, MarginMustBeFiniteAndNonNegative) {
  EXPECT_EQ(validateOptions({-1})->field, "margin");
  EXPECT_EQ(validateOptions({std::numeric_limits<double>::quiet_NaN()})->field, "margin");
  EXPECT_FALSE(validateOptions({0.25}));
}

TEST(Validate, ValidateInputPrefixesEachShape) {
  const auto e = validateInput(makeBox(1, 1), {}, Circle{{0, 0}, -1}, {}, {});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->describe(), "b.radius: -1 is negative; a radius is ≥ 0");
}

TEST(Hexfloat, IsExact) {
  EXPECT_EQ(hexfloat(3.0), "0x1.8p+1");
  EXPECT_EQ(hexfloat(-0.0), "-0x0p+0");
  EXPECT_EQ(hexfloat(std::numeric_limits<double>::denorm_min()), "0x0.0000000000001p-1022");
}

}  // namespace
}  // namespace touche
