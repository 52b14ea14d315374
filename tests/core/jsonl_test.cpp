// JSON Lines: exact round trips, hexfloat strings, tolerant readers, errors naming the path.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "touche/core/jsonl.h"

namespace touche {
namespace {

using ::testing::HasSubstr;

Case parseOk(std::string_view line) {
  auto parsed = parseCase(line);
  if (auto* e = std::get_if<InputError>(&parsed)) ADD_FAILURE() << e->describe();
  return std::get_if<Case>(&parsed) ? std::get<Case>(parsed) : Case{};
}

InputError parseError(std::string_view line) {
  auto parsed = loadCase(line);
  EXPECT_TRUE(std::holds_alternative<InputError>(parsed)) << line;
  return std::holds_alternative<InputError>(parsed) ? std::get<InputError>(parsed) : InputError{};
}

TEST(Jsonl, ReadsTheDesignExampleWithHexfloatsAndAngles) {
  const Case c = parseOk(
      R"({"id": "box-on-circle", "a": {"type": "polygon", "vertices": [[-1,-1],[1,-1],[1,1],[-1,1]],
          "radius": "0x1p-4"}, "b": {"type": "circle", "center": ["0x1.8p+1", 0], "radius": 0.5},
          "xfA": {"p": [0, 0], "q": [1, 0]}, "xfB": {"p": [1, 2], "angle": 0}})");
  EXPECT_EQ(c.id, "box-on-circle");
  const auto& a = std::get<Polygon>(c.a);
  EXPECT_EQ(a.count, 4);
  EXPECT_EQ(a.radius, 0.0625);
  EXPECT_EQ(a.vertices[2], (Vec2{1, 1}));
  const auto& b = std::get<Circle>(c.b);
  EXPECT_EQ(b.center, (Vec2{3, 0}));
  EXPECT_EQ(c.xfB.p, (Vec2{1, 2}));
  EXPECT_EQ(c.xfB.q, (Rot{1, 0}));
}

TEST(Jsonl, UnknownFieldsAreIgnoredAndTransformsDefaultToIdentity) {
  const Case c = parseOk(
      R"({"id": "x", "extra": {"deep": [1]}, "a": {"type": "circle", "center": [0, 0],
          "radius": 1, "color": "red"}, "b": {"type": "circle", "center": [1, 0], "radius": 1}})");
  EXPECT_EQ(c.xfA, Transform{});
  EXPECT_EQ(c.xfB, Transform{});
}

TEST(Jsonl, CaseRoundTripIsExactInBothNumberFormats) {
  std::mt19937_64 rng(20261121);
  std::uniform_real_distribution<double> coordinate(-1e6, 1e6);
  for (int trial = 0; trial < 200; ++trial) {
    Case c;
    c.id = "trial-" + std::to_string(trial);
    Polygon p = makeRegularPolygon({coordinate(rng), coordinate(rng)}, 1e-3 * (trial + 1),
                                   3 + trial % 6, coordinate(rng));
    p.radius = std::ldexp(1.0, -(trial % 1000)) * 0.3;  // down into subnormals
    c.a = p;
    c.b = Capsule{{coordinate(rng), 5e-324}, {-0.0, coordinate(rng)}, 0.1};
    c.xfA = {{coordinate(rng), coordinate(rng)}, rotFromAngle(coordinate(rng))};
    for (NumberFormat format : {NumberFormat::decimal, NumberFormat::hex}) {
      const Case back = parseOk(formatCase(c, format));
      ASSERT_EQ(back.id, c.id);
      const auto& pb = std::get<Polygon>(back.a);
      for (int i = 0; i < p.count; ++i)
        ASSERT_EQ(pb.vertices[i], p.vertices[i]);
      ASSERT_EQ(pb.radius, p.radius);
      ASSERT_EQ(std::get<Capsule>(back.b).p1, std::get<Capsule>(c.b).p1);
      ASSERT_TRUE(std::signbit(std::get<Capsule>(back.b).p2.x)) << "-0 keeps its sign";
      ASSERT_EQ(back.xfA, c.xfA);
    }
  }
}

TEST(Jsonl, HexFormatWritesHexfloatStrings) {
  Case c;
  c.id = "h";
  c.a = Circle{{1.5, 0}, 0.25};
  c.b = Circle{{0, 0}, 1};
  EXPECT_THAT(formatCase(c, NumberFormat::hex), HasSubstr(R"("center":["0x1.8p+0","0x0p+0"])"));
}

TEST(Jsonl, ErrorsNameTheJsonPath) {
  EXPECT_EQ(parseError("{not json").field, "line");
  EXPECT_EQ(parseError("[1, 2]").message, "expected a JSON object");
  EXPECT_EQ(parseError(R"({"a": {"type": "circle", "center": [0, 0], "radius": 1}})").field, "b");
  InputError e = parseError(
      R"({"a": {"type": "circle", "center": [0, "nan"], "radius": 1}, "b": {"type": "circle",
          "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.center[1]");
  EXPECT_THAT(e.message, HasSubstr("not a finite number"));
  e = parseError(R"({"a": {"type": "hexagon"}, "b": {"type": "circle", "center": [0, 0],
                     "radius": 1}})");
  EXPECT_EQ(e.field, "a.type");
  EXPECT_THAT(e.message, HasSubstr("unknown shape type \"hexagon\""));
  e = parseError(R"({"a": {"type": "polygon", "vertices": [[0,0],[1,0],[1,1],[0,1],[0,2],[1,2],
                     [2,2],[3,3],[4,4]]}, "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.vertices");
  EXPECT_THAT(e.message, HasSubstr("9 vertices"));
  e = parseError(R"({"a": {"type": "circle", "center": [0, 0], "radius": "1e999"},
                     "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.radius");
  e = parseError(R"({"a": {"type": "circle", "center": [0, 0], "radius": 1},
                     "b": {"type": "circle", "center": [0, 0], "radius": 1},
                     "xfA": {"q": [0.6, 0.6]}})");
  EXPECT_EQ(e.field, "xfA.q");
}

TEST(Jsonl, LoadCaseValidatesGeometry) {
  const InputError e = parseError(
      R"({"a": {"type": "polygon", "vertices": [[0,0],[0,1],[1,1],[1,0]]},
          "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.vertices");
  EXPECT_THAT(e.message, HasSubstr("clockwise"));
}

TEST(Jsonl, ManifoldRoundTripKeepsEverything) {
  ManifoldRecord r;
  r.id = "m";
  r.engine = "reference";
  r.manifold.status = Status::contact;
  r.manifold.normal = {0.6, -0.8};
  r.manifold.pointCount = 2;
  r.manifold.points[0] = {{0.1, 0.2}, -0.3, {FeatureType::face, 3, FeatureType::vertex, 1}};
  r.manifold.points[1] = {{-1e-310, 7}, 0.0, {FeatureType::vertex, 0, FeatureType::face, 2}};
  r.manifold.flags = kFlagDegenerateNormal;
  r.manifold.gaps.axis = 0.125;
  for (NumberFormat format : {NumberFormat::decimal, NumberFormat::hex}) {
    auto parsed = parseManifold(formatManifold(r, format));
    ASSERT_TRUE(std::holds_alternative<ManifoldRecord>(parsed));
    const ManifoldRecord& back = std::get<ManifoldRecord>(parsed);
    EXPECT_EQ(back.engine, "reference");
    EXPECT_EQ(back.manifold.status, Status::contact);
    EXPECT_EQ(back.manifold.normal, r.manifold.normal);
    ASSERT_EQ(back.manifold.pointCount, 2);
    EXPECT_EQ(back.manifold.points[1].point, r.manifold.points[1].point);
    EXPECT_EQ(back.manifold.points[0].separation, -0.3);
    EXPECT_EQ(back.manifold.points[0].id, r.manifold.points[0].id);
    EXPECT_TRUE(back.hasIds);
  }
}

TEST(Jsonl, EveryDecisionGapIsWrittenUnderItsName) {
  ManifoldRecord r;
  r.id = "g";
  r.engine = "reference";
  r.manifold.status = Status::noContact;
  r.manifold.gaps.clip = 0.25;
  r.manifold.gaps.region = 0x1p-60;
  r.manifold.gaps.normal = 0.0;
  const std::string line = formatManifold(r, NumberFormat::decimal);
  EXPECT_THAT(line, HasSubstr("\"gaps\":{\"clip\":0.25,\"region\":8.673617379884035e-19,"
                              "\"normal\":0.0}"));
}

TEST(Jsonl, ForeignManifoldsWithIntegerIdsAndExtraFields) {
  auto parsed = parseManifold(
      R"({"id": "c1", "status": "contact", "normal": [1, 0], "impulse": 3,
          "points": [{"point": [0, 0], "separation": -0.01, "id": 65793}]})");
  ASSERT_TRUE(std::holds_alternative<ManifoldRecord>(parsed));
  EXPECT_FALSE(std::get<ManifoldRecord>(parsed).hasIds);
  parsed = parseManifold(R"({"id": "c2", "status": "unsupported", "reason": "no capsules"})");
  ASSERT_TRUE(std::holds_alternative<ManifoldRecord>(parsed));
  EXPECT_EQ(std::get<ManifoldRecord>(parsed).manifold.status, Status::unsupported);
  parsed = parseManifold(R"({"id": "c3", "status": "touching"})");
  ASSERT_TRUE(std::holds_alternative<InputError>(parsed));
  EXPECT_EQ(std::get<InputError>(parsed).field, "status");
  parsed = parseManifold(R"({"id": "c4", "status": "contact", "normal": [1, 0],
                             "points": [{"point": [0, 0]}]})");
  ASSERT_TRUE(std::holds_alternative<InputError>(parsed));
  EXPECT_EQ(std::get<InputError>(parsed).field, "points[0].separation");
}

TEST(Jsonl, ReadCasesReportsLineNumbersAndSkipsBlankLines) {
  std::istringstream in(
      "{\"id\": \"ok\", \"a\": {\"type\": \"circle\", \"center\": [0, 0], \"radius\": 1}, "
      "\"b\": {\"type\": \"circle\", \"center\": [1, 0], \"radius\": 1}}\n"
      "\n"
      "{\"id\": \"bad\"}\r\n"
      "{\"a\": {\"type\": \"circle\", \"center\": [0, 0], \"radius\": 1}, "
      "\"b\": {\"type\": \"circle\", \"center\": [1, 0], \"radius\": 1}}\n");
  const CaseFile file = readCases(in);
  ASSERT_EQ(file.cases.size(), 2u);
  EXPECT_EQ(file.cases[1].id, "line-4");
  ASSERT_EQ(file.errors.size(), 1u);
  EXPECT_EQ(file.errors[0].field, "line 3: a");
}

}  // namespace
}  // namespace touche
