// Response case and result lines (design notes §9): round trips, and errors naming the field.
#include <gtest/gtest.h>

#include "touche/core/response_jsonl.h"

namespace touche {
namespace {

constexpr const char* kCase =
    R"({"id": "c1", "a": {"invMass": 0, "invInertia": 0, "center": [0, 0], "velocity": [0, 0],)"
    R"( "angularVelocity": 0}, "b": {"invMass": 1, "invInertia": "0x1p+1", "center": [1, 0.5],)"
    R"( "velocity": [0, -2], "angularVelocity": 0.25}, "manifold": {"status": "contact", "normal":)"
    R"( [0, 1], "points": [{"point": [0, 0], "separation": -0.125}]}, "restitution": 0.5,)"
    R"( "friction": 0.5, "slop": 0.05, "percent": 0.4})";

TEST(ResponseJsonl, CaseRoundTripsExactly) {
  auto parsed = loadResponseCase(kCase);
  ASSERT_TRUE(std::holds_alternative<ResponseCase>(parsed))
      << std::get<InputError>(parsed).describe();
  const ResponseCase& c = std::get<ResponseCase>(parsed);
  EXPECT_EQ(c.b.invInertia, 2.0);
  EXPECT_EQ(c.b.angularVelocity, 0.25);
  EXPECT_EQ(c.manifold.pointCount, 1);
  EXPECT_EQ(c.manifold.points[0].separation, -0.125);
  EXPECT_EQ(c.percent, 0.4);
  for (NumberFormat f : {NumberFormat::decimal, NumberFormat::hex}) {
    auto again = loadResponseCase(formatResponseCase(c, f));
    ASSERT_TRUE(std::holds_alternative<ResponseCase>(again));
    const ResponseCase& d = std::get<ResponseCase>(again);
    EXPECT_EQ(d.a, c.a);
    EXPECT_EQ(d.b, c.b);
    EXPECT_EQ(d.manifold.normal, c.manifold.normal);
    EXPECT_EQ(d.slop, c.slop);
  }
}

TEST(ResponseJsonl, ResultRoundTrips) {
  ResponseRecord r{"x", "fast", "source-003", {}};
  r.result.pointCount = 2;
  r.result.impulses = {PointImpulse{0.5, -0.25}, PointImpulse{1e-300, 0}};
  r.result.b = {{0.1, -3}, 0.7, {0, 0.03}};
  auto parsed = parseResponseResult(formatResponseResult(r, NumberFormat::hex));
  ASSERT_TRUE(std::holds_alternative<ResponseRecord>(parsed));
  const ResponseRecord& s = std::get<ResponseRecord>(parsed);
  EXPECT_EQ(s.model, "source-003");
  EXPECT_EQ(s.result.pointCount, 2);
  EXPECT_EQ(s.result.impulses[1].normal, 1e-300);
  EXPECT_EQ(s.result.b, r.result.b);
}

std::string errorOf(const std::string& line) {
  auto parsed = loadResponseCase(line);
  return std::holds_alternative<InputError>(parsed) ? std::get<InputError>(parsed).describe() : "";
}

TEST(ResponseJsonl, ErrorsNameTheField) {
  std::string line = kCase;
  EXPECT_EQ(errorOf(line.replace(line.find("\"invMass\": 1"), 12, "\"invMass\": -1")),
            "b.invMass: -1 is negative; an inverse mass is ≥ 0");
  line = kCase;
  EXPECT_NE(errorOf(line.replace(line.find("[1, 0.5]"), 8, "[1, \"nan\"]")).find("b.center[1]"),
            std::string::npos);
  line = kCase;
  EXPECT_NE(errorOf(line.replace(line.find("\"separation\": -0.125"), 20, "\"separation\": []"))
                .find("manifold.points[0].separation"),
            std::string::npos);
  line = kCase;
  EXPECT_EQ(errorOf(line.replace(line.find("\"restitution\": 0.5, "), 20, "")),
            "restitution: missing");
  line = kCase;
  EXPECT_NE(errorOf(line.replace(line.find("[0, 1]"), 6, "[0, 3]")).find("manifold.normal"),
            std::string::npos);
  EXPECT_EQ(errorOf("{\"id\": 1"), errorOf("{\"id\": 1"));  // malformed: an error, no crash
  EXPECT_FALSE(errorOf("[1e999]").empty());
}

}  // namespace
}  // namespace touche

namespace touche {
namespace {

TEST(ResponseJsonl, SequentialCoefficientsDefaultRoundTripAndNameTheirField) {
  const std::string line = kCase;
  const ResponseCase defaults = std::get<ResponseCase>(loadResponseCase(line));
  EXPECT_EQ(defaults.restitutionThreshold, 1.0);
  EXPECT_EQ(defaults.iterations, 8);
  const std::string with =
      line.substr(0, line.size() - 1) + R"(, "restitutionThreshold": 0.5, "iterations": 3})";
  const ResponseCase c = std::get<ResponseCase>(loadResponseCase(with));
  EXPECT_EQ(c.restitutionThreshold, 0.5);
  EXPECT_EQ(c.iterations, 3);
  const ResponseCase again = std::get<ResponseCase>(loadResponseCase(formatResponseCase(c)));
  EXPECT_EQ(again.restitutionThreshold, 0.5);
  EXPECT_EQ(again.iterations, 3);
  for (const char* bad : {"2.5", "0", "65", "\"nan\"", "1e300"}) {
    const auto e =
        loadResponseCase(line.substr(0, line.size() - 1) + ", \"iterations\": " + bad + "}");
    ASSERT_TRUE(std::holds_alternative<InputError>(e)) << bad;
    EXPECT_EQ(std::get<InputError>(e).field, "iterations") << bad;
  }
  const auto e =
      loadResponseCase(line.substr(0, line.size() - 1) + R"(, "restitutionThreshold": -0.5})");
  ASSERT_TRUE(std::holds_alternative<InputError>(e));
  EXPECT_EQ(std::get<InputError>(e).field, "restitutionThreshold");
}

}  // namespace
}  // namespace touche
