// Casts in core: the cast table, validation naming the field and value, the JSON Lines format
// (exact round trips, defaults, readers that never throw and name the field).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "touche/core/cast_jsonl.h"

namespace touche {
namespace {

using ::testing::HasSubstr;

const Circle kUnit{{0, 0}, 1};

CastCase parseOk(std::string_view line) {
  auto parsed = parseCastCase(line);
  if (auto* e = std::get_if<InputError>(&parsed)) ADD_FAILURE() << e->describe();
  return std::get_if<CastCase>(&parsed) ? std::get<CastCase>(parsed) : CastCase{};
}

InputError loadError(std::string_view line) {
  auto loaded = loadCastCase(line);
  EXPECT_TRUE(std::holds_alternative<InputError>(loaded)) << line;
  return std::holds_alternative<InputError>(loaded) ? std::get<InputError>(loaded) : InputError{};
}

std::string circleWithRay(const std::string& ray) {
  return R"({"id": "c", "shape": {"type": "circle", "center": [0, 0], "radius": 1}, "ray": )" +
         ray + "}";
}

TEST(CastTable, HasOneEntryPerShapeTypeInVariantOrder) {
  for (int i = 0; i < kShapeTypeCount; ++i) {
    const auto type = static_cast<ShapeType>(i);
    EXPECT_EQ(castInfo(type).type, type);
    EXPECT_EQ(castInfo(type).name, shapeTypeName(type));
  }
  EXPECT_TRUE(castInfo(ShapeType::chainSegment).oneSided);
  EXPECT_FALSE(castInfo(ShapeType::segment).oneSided);
}

TEST(CastStatusNames, RoundTrip) {
  for (CastStatus s : {CastStatus::hit, CastStatus::miss, CastStatus::initialOverlap,
                       CastStatus::unsupported, CastStatus::error}) {
    CastStatus back = CastStatus::error;
    ASSERT_TRUE(castStatusFromName(castStatusName(s), &back));
    EXPECT_EQ(back, s);
  }
  EXPECT_EQ(castStatusName(CastStatus::initialOverlap), "initial_overlap");
  CastStatus ignored{};
  EXPECT_FALSE(castStatusFromName("contact", &ignored));
}

TEST(CastValidation, NamesTheFieldAndTheValue) {
  const auto error = [](const CastInput& input) {
    const auto e = validateCast(kUnit, {}, input);
    EXPECT_TRUE(e.has_value());
    return e.value_or(InputError{});
  };
  EXPECT_EQ(error({{NAN, 0}, {1, 0}, 0, 1}).field, "ray.origin[0]");
  EXPECT_EQ(error({{0, 0}, {0, INFINITY}, 0, 1}).field, "ray.translation[1]");
  const InputError huge = error({{0x1p51, 0}, {1, 0}, 0, 1});
  EXPECT_EQ(huge.field, "ray.origin[0]");
  EXPECT_THAT(huge.message, HasSubstr("2^50"));
  const InputError negative = error({{0, 0}, {1, 0}, -0.5, 1});
  EXPECT_EQ(negative.field, "ray.radius");
  EXPECT_THAT(negative.message, HasSubstr("-0.5 is negative"));
  const InputError beyond = error({{0, 0}, {1, 0}, 0, 1.5});
  EXPECT_EQ(beyond.field, "ray.maxFraction");
  EXPECT_THAT(beyond.message, HasSubstr("1.5 is outside [0, 1]"));
  EXPECT_EQ(error({{0, 0}, {1, 0}, 0, -0.25}).field, "ray.maxFraction");
  EXPECT_EQ(error({{0, 0}, {1, 0}, 0, NAN}).field, "ray.maxFraction");
  // The shape and transform are named as for manifolds, under "shape" and "xf".
  EXPECT_EQ(validateCast(Circle{{0, 0}, -1}, {}, {})->field, "shape.radius");
  EXPECT_EQ(validateCast(kUnit, Transform{{0, 0}, {2, 0}}, {})->field, "xf.q");
  // Edges of the accepted ranges pass.
  EXPECT_FALSE(validateCast(kUnit, {}, {{0x1p50, -0x1p50}, {0, 0}, 0x1p50, 0}));
  EXPECT_FALSE(validateCast(kUnit, {}, {{0, 0}, {1, 0}, 0, 1}));
}

TEST(CastJsonl, ReadsACaseWithDefaults) {
  const CastCase c =
      parseOk(circleWithRay(R"({"origin": [-5, 0], "translation": ["0x1.4p+3", 0]})"));
  EXPECT_EQ(c.id, "c");
  EXPECT_EQ(std::get<Circle>(c.shape).radius, 1.0);
  EXPECT_EQ(c.xf, Transform{});
  EXPECT_EQ(c.ray.origin, (Vec2{-5, 0}));
  EXPECT_EQ(c.ray.translation, (Vec2{10, 0}));
  EXPECT_EQ(c.ray.radius, 0.0);
  EXPECT_EQ(c.ray.maxFraction, 1.0);
}

TEST(CastJsonl, CaseRoundTripIsExactInBothFormats) {
  CastCase c;
  c.id = "round";
  c.shape = makeBox(1.5, 0.1, 0x1p-7);
  c.xf = Transform{{0.1, -3e-300}, rotFromAngle(0.3)};
  c.ray = CastInput{{std::nextafter(1.0, 2.0), -0.3}, {1e10, 0x1p-1074}, 0.7, 0.123456789};
  for (NumberFormat f : {NumberFormat::decimal, NumberFormat::hex}) {
    const CastCase back = parseOk(formatCastCase(c, f));
    EXPECT_EQ(back.id, c.id);
    EXPECT_EQ(back.xf, c.xf);
    EXPECT_EQ(back.ray, c.ray);
    EXPECT_EQ(std::get<Polygon>(back.shape).vertices[2], std::get<Polygon>(c.shape).vertices[2]);
    EXPECT_EQ(std::get<Polygon>(back.shape).radius, 0x1p-7);
  }
}

TEST(CastJsonl, ErrorsNameTheField) {
  EXPECT_EQ(loadError(circleWithRay(R"({"origin": [0, "nan"], "translation": [1, 0]})")).field,
            "ray.origin[1]");
  EXPECT_EQ(loadError(circleWithRay(R"({"translation": [1, 0]})")).field, "ray.origin");
  EXPECT_EQ(loadError(circleWithRay(R"({"origin": [0, 0], "translation": [1]})")).field,
            "ray.translation");
  EXPECT_EQ(loadError(circleWithRay(R"([1, 2])")).field, "ray");
  EXPECT_EQ(
      loadError(circleWithRay(R"({"origin": [0, 0], "translation": [1, 0], "radius": -1})")).field,
      "ray.radius");
  const InputError fraction =
      loadError(circleWithRay(R"({"origin": [0, 0], "translation": [1, 0], "maxFraction": 2})"));
  EXPECT_EQ(fraction.field, "ray.maxFraction");
  EXPECT_THAT(fraction.message, HasSubstr("outside [0, 1]"));
  EXPECT_EQ(loadError(R"({"id": "c", "ray": {"origin": [0, 0], "translation": [1, 0]}})").field,
            "shape");
  EXPECT_EQ(loadError(R"({"shape": {"type": "circle", "center": [0, 0], "radius": 1}})").field,
            "ray");
  EXPECT_EQ(loadError(R"({"shape": {"type": "blob"}, "ray": {}})").field, "shape.type");
  EXPECT_EQ(loadError("not json").field, "line");
  EXPECT_EQ(loadError(circleWithRay(R"({"origin": [0, 1e999], "translation": [1, 0]})")).field,
            "ray.origin[1]");
}

TEST(CastJsonl, ResultRoundTripAndOptionalFields) {
  CastRecord record;
  record.id = "r";
  record.engine = "reference";
  record.result.status = CastStatus::hit;
  record.result.fraction = 0x1.a751a9e54bd78p-2;
  record.result.point = {-0.5, 1e-310};
  record.result.normal = {0.6, -0.8};
  record.result.feature = CastFeature{FeatureType::face, 3};
  record.result.flags = kFlagDegenerateNormal;
  record.result.gaps.hit = 0.25;
  record.result.gaps.feature = 0.0;
  for (NumberFormat f : {NumberFormat::decimal, NumberFormat::hex}) {
    const std::string line = formatCastResult(record, f);
    const auto parsed = parseCastResult(line);
    ASSERT_TRUE(std::holds_alternative<CastRecord>(parsed)) << line;
    const CastRecord& back = std::get<CastRecord>(parsed);
    EXPECT_EQ(back.result.status, CastStatus::hit);
    EXPECT_EQ(back.result.fraction, record.result.fraction);
    EXPECT_EQ(back.result.point, record.result.point);
    EXPECT_EQ(back.result.normal, record.result.normal);
    EXPECT_EQ(back.result.feature, record.result.feature);
    EXPECT_EQ(back.result.flags, kFlagDegenerateNormal);
    EXPECT_TRUE(back.hasFeature);
  }
  // A foreign engine's hit without a feature; a miss with nothing else; unknown fields.
  const auto foreign = parseCastResult(
      R"({"id": "x", "status": "hit", "fraction": 0.5, "point": [1, 2], "normal": [0, 1], "color": 3})");
  ASSERT_TRUE(std::holds_alternative<CastRecord>(foreign));
  EXPECT_FALSE(std::get<CastRecord>(foreign).hasFeature);
  const auto miss = parseCastResult(R"({"id": "y", "status": "miss"})");
  ASSERT_TRUE(std::holds_alternative<CastRecord>(miss));
  EXPECT_EQ(std::get<CastRecord>(miss).result.status, CastStatus::miss);
}

TEST(CastJsonl, ResultErrorsNameTheField) {
  const auto field = [](std::string_view line) {
    const auto parsed = parseCastResult(line);
    EXPECT_TRUE(std::holds_alternative<InputError>(parsed)) << line;
    return std::holds_alternative<InputError>(parsed) ? std::get<InputError>(parsed).field : "";
  };
  EXPECT_EQ(field(R"({"id": "x", "status": "contact"})"), "status");
  EXPECT_EQ(field(R"({"id": "x", "status": "hit", "point": [0, 0], "normal": [0, 1]})"),
            "fraction");
  EXPECT_EQ(
      field(R"({"id": "x", "status": "hit", "fraction": 0.5, "point": [0], "normal": [0, 1]})"),
      "point");
  EXPECT_EQ(field(R"({"id": "x", "status": "hit", "fraction": 0.5, "point": [0, 0],
                     "normal": [0, 1], "feature": {"type": "edge", "index": 1}})"),
            "feature.type");
  EXPECT_EQ(field(R"({"id": "x", "status": "hit", "fraction": 0.5, "point": [0, 0],
                     "normal": [0, 1], "feature": {"type": "face", "index": -1}})"),
            "feature.index");
  EXPECT_EQ(field(R"({"id": "x", "status": "hit", "fraction": "inf", "point": [0, 0],
                     "normal": [0, 1]})"),
            "fraction");
}

TEST(CastJsonl, ReadCastCasesNamesLinesAndRepeatedIds) {
  std::istringstream in(
      circleWithRay(R"({"origin": [-5, 0], "translation": [10, 0]})") + "\n\n" +
      R"({"shape": {"type": "circle", "center": [0, 0], "radius": 1}, "ray": {"origin": [0, 0]}})" +
      "\n" + circleWithRay(R"({"origin": [-5, 0], "translation": [10, 0]})") + "\n" +
      R"({"shape": {"type": "segment", "p1": [0, 0], "p2": [1, 0]}, "ray": {"origin": [0, 1], "translation": [0, -2]}})" +
      "\n");
  const CastCaseFile file = readCastCases(in);
  ASSERT_EQ(file.cases.size(), 3u);
  EXPECT_EQ(file.cases[2].id, "line-5");
  ASSERT_EQ(file.errors.size(), 1u);
  EXPECT_EQ(file.errors[0].field, "line 3: ray.translation");
  ASSERT_EQ(file.warnings.size(), 1u);
  EXPECT_THAT(file.warnings[0], HasSubstr("duplicate id"));
}

}  // namespace
}  // namespace touche
