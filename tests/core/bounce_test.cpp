// Bounce paths in core: validation naming the field and value (simple polygons, windings, the
// ball's place, the bounds), the tie rule's key, and the JSON Lines format (exact round trips,
// defaults, foreign lines with fields left out, readers that never throw and name the field).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "touche/core/bounce_jsonl.h"

namespace touche {
namespace {

using ::testing::HasSubstr;

/// Source 001's scene in touche's frame (y up: the post's y negated, docs/conventions.md).
BounceScene sourceScene() {
  BounceScene s;
  s.ball = {{-200, 0}, 40, {1, -1}};
  s.walls = {{-300, 300}, {-300, -300}, {300, -300}, {300, 300}};
  s.obstacles = {{{20, 100}, {20, -50}, {-20, -50}, {-20, 100}}};
  s.maxBounces = 29;
  return s;
}

InputError errorOf(const BounceScene& scene) {
  const auto e = validateBounceScene(scene);
  EXPECT_TRUE(e.has_value());
  return e.value_or(InputError{});
}

TEST(BounceNames, RoundTrip) {
  for (BounceStatus s : {BounceStatus::obstacle, BounceStatus::maxBounces, BounceStatus::maxLength,
                         BounceStatus::unsupported, BounceStatus::error}) {
    BounceStatus back = BounceStatus::error;
    ASSERT_TRUE(bounceStatusFromName(bounceStatusName(s), &back));
    EXPECT_EQ(back, s);
  }
  EXPECT_EQ(bounceStatusName(BounceStatus::maxBounces), "max_bounces");
  for (BounceHit h : {BounceHit::none, BounceHit::wall, BounceHit::obstacle}) {
    BounceHit back = BounceHit::none;
    ASSERT_TRUE(bounceHitFromName(bounceHitName(h), &back));
    EXPECT_EQ(back, h);
  }
  BounceHit ignored{};
  EXPECT_FALSE(bounceHitFromName("floor", &ignored));
}

TEST(BounceFeatureKey, ObstaclesBeforeWallsFacesBeforeVerticesThenLowerIndex) {
  const BounceFeature wallFace{BounceHit::wall, 0, FeatureType::face, 0};
  const BounceFeature wallVertex{BounceHit::wall, 0, FeatureType::vertex, 0};
  const BounceFeature obstacleLate{BounceHit::obstacle, 7, FeatureType::vertex, 4000000};
  const BounceFeature obstacleEarly{BounceHit::obstacle, 2, FeatureType::vertex, 1};
  const BounceFeature obstacleEarlyFace{BounceHit::obstacle, 2, FeatureType::face, 9};
  EXPECT_LT(bounceFeatureKey(obstacleLate), bounceFeatureKey(wallFace));
  EXPECT_LT(bounceFeatureKey(obstacleEarly), bounceFeatureKey(obstacleLate));
  EXPECT_LT(bounceFeatureKey(obstacleEarlyFace), bounceFeatureKey(obstacleEarly));
  EXPECT_LT(bounceFeatureKey(wallFace), bounceFeatureKey(wallVertex));
  EXPECT_LT(bounceFeatureKey({BounceHit::wall, 0, FeatureType::face, 3}),
            bounceFeatureKey({BounceHit::wall, 0, FeatureType::face, 4}));
}

TEST(BounceValidation, AcceptsSourceScene) {
  EXPECT_FALSE(validateBounceScene(sourceScene()).has_value());
}

TEST(BounceValidation, AcceptsConcaveWallsAndObstacles) {
  BounceScene s = sourceScene();
  // The post's second wall: a notch cut into the right side.
  s.walls = {{-300, 300}, {-300, -300}, {300, -300}, {150, -200}, {300, -100}, {300, 300}};
  // An L-shaped obstacle, clockwise, and a collinear vertex (a straight corner).
  s.obstacles = {{{0, 0}, {0, 100}, {50, 100}, {50, 50}, {100, 50}, {100, 0}, {50, 0}}};
  EXPECT_FALSE(validateBounceScene(s).has_value());
}

TEST(BounceValidation, NamesTheBallsFields) {
  BounceScene s = sourceScene();
  s.ball.center.x = std::nan("");
  EXPECT_EQ(errorOf(s).field, "ball.center[0]");
  s = sourceScene();
  s.ball.radius = 0;
  EXPECT_EQ(errorOf(s).field, "ball.radius");
  s.ball.radius = -1;
  EXPECT_THAT(errorOf(s).message, HasSubstr("not positive"));
  s = sourceScene();
  s.ball.direction = {0, 0};
  EXPECT_EQ(errorOf(s).field, "ball.direction");
  s.ball.direction = {0x1p-600, 0};
  EXPECT_EQ(errorOf(s).field, "ball.direction");
  s.ball.direction = {0, 0x1p-500};
  EXPECT_FALSE(validateBounceScene(s).has_value());
}

TEST(BounceValidation, RadiusBelowTheRoundingOfTheSceneIsRefused) {
  BounceScene s = sourceScene();
  s.ball.radius = 300 * 0x1p-41;
  const InputError e = errorOf(s);
  EXPECT_EQ(e.field, "ball.radius");
  EXPECT_THAT(e.message, HasSubstr("behind a wall"));
  s.ball.radius = 300 * 0x1p-40;
  EXPECT_FALSE(validateBounceScene(s).has_value());
}

TEST(BounceValidation, LimitsNameTheirField) {
  BounceScene s = sourceScene();
  s.maxBounces = -1;
  EXPECT_EQ(errorOf(s).field, "maxBounces");
  s.maxBounces = kMaxBounces + 1;
  EXPECT_EQ(errorOf(s).field, "maxBounces");
  s = sourceScene();
  s.maxLength = -1;
  EXPECT_EQ(errorOf(s).field, "maxLength");
  s.maxLength = HUGE_VAL;
  EXPECT_EQ(errorOf(s).field, "maxLength");
  s.maxLength = 0;
  EXPECT_FALSE(validateBounceScene(s).has_value());
}

TEST(BounceValidation, WindingsAreTheSources) {
  BounceScene s = sourceScene();
  std::reverse(s.walls.begin(), s.walls.end());
  EXPECT_EQ(errorOf(s).field, "walls");
  EXPECT_THAT(errorOf(s).message, HasSubstr("clockwise"));
  s = sourceScene();
  std::reverse(s.obstacles[0].begin(), s.obstacles[0].end());
  EXPECT_EQ(errorOf(s).field, "obstacles[0]");
  EXPECT_THAT(errorOf(s).message, HasSubstr("counter-clockwise"));
}

TEST(BounceValidation, PolygonsMustBeSimple) {
  BounceScene s = sourceScene();
  s.walls = {{-300, 300}, {-300, -300}};
  EXPECT_EQ(errorOf(s).field, "walls");
  // A bow tie: edges 1 and 3 cross.
  s.walls = {{-300, -300}, {300, -300}, {-300, 300}, {300, 300}};
  EXPECT_THAT(errorOf(s).message, HasSubstr("not simple"));
  EXPECT_EQ(errorOf(s).field, "walls[3]");
  // A repeated vertex (an edge of zero length).
  s = sourceScene();
  s.walls.insert(s.walls.begin() + 2, s.walls[1]);
  EXPECT_EQ(errorOf(s).field, "walls[2]");
  EXPECT_THAT(errorOf(s).message, HasSubstr("zero length"));
  // A spike that folds back along itself.
  s = sourceScene();
  s.walls = {{-300, 300}, {-300, -300}, {300, -300}, {300, 0}, {300, -100}, {300, 300}};
  EXPECT_EQ(errorOf(s).field, "walls[3]");
  EXPECT_THAT(errorOf(s).message, HasSubstr("fold back"));
  // A vertex that touches a non-adjacent edge (exactly, at (0, -300)).
  s = sourceScene();
  s.walls = {{-300, 300}, {-300, -300}, {300, -300}, {300, 300}, {0, -300}};
  EXPECT_THAT(errorOf(s).message, HasSubstr("not simple"));
  // An obstacle that is not simple names itself.
  s = sourceScene();
  s.obstacles.push_back({{100, 100}, {200, 200}, {200, 100}, {100, 200}});
  EXPECT_EQ(errorOf(s).field.substr(0, 12), "obstacles[1]");
}

TEST(BounceValidation, TheCentreMustBeInsideTheWallsAndOutsideEveryObstacle) {
  BounceScene s = sourceScene();
  s.ball.center = {400, 0};
  EXPECT_THAT(errorOf(s).message, HasSubstr("outside the walls"));
  s.ball.center = {300, 0};
  EXPECT_THAT(errorOf(s).message, HasSubstr("on the walls"));
  s.ball.center = {0, 0};
  EXPECT_THAT(errorOf(s).message, HasSubstr("inside obstacles[0]"));
  s.ball.center = {20, 0};
  EXPECT_THAT(errorOf(s).message, HasSubstr("on obstacles[0]"));
  // Touching is allowed (the centre exactly r from the wall), overlapping is not.
  s.ball.center = {-260, 0};
  EXPECT_FALSE(validateBounceScene(s).has_value());
  s.ball.center = {-260.0000000001, 0};
  EXPECT_THAT(errorOf(s).message, HasSubstr("overlaps the edge from walls[0]"));
  s.ball.center = {-60, 0};  // touching the obstacle's side, exactly
  EXPECT_FALSE(validateBounceScene(s).has_value());
  s.ball.center = {-59.5, 0};
  EXPECT_THAT(errorOf(s).message, HasSubstr("overlaps the edge from obstacles[0][2]"));
}

TEST(BounceValidation, ALongZigzagWallIsCheckedQuickly) {
  // 20 000 edges: the sweep tests only edges whose boxes overlap.
  BounceScene s = sourceScene();
  s.walls.clear();
  const int teeth = 10000;
  for (int i = 0; i < teeth; ++i) {
    const double x = -300 + 600.0 * i / teeth;
    s.walls.push_back({x, -300});
    s.walls.push_back({x + 300.0 / teeth, -290});
  }
  s.walls.push_back({300, -300});
  s.walls.push_back({300, 300});
  s.walls.push_back({-300, 300});
  EXPECT_FALSE(validateBounceScene(s).has_value());
  s.walls[5000].y = -280;  // its edges now cross the next tooth's
  s.walls[5001].x = s.walls[5003].x;
  EXPECT_THAT(errorOf(s).message, HasSubstr("not simple"));
}

constexpr std::string_view kSourceLine =
    R"({"id": "source-001", "ball": {"center": [-200, 0], "radius": 40, "direction": [1, -1]}, )"
    R"("walls": [[-300, 300], [-300, -300], [300, -300], [300, 300]], )"
    R"("obstacles": [[[20, 100], [20, -50], [-20, -50], [-20, 100]]], "maxBounces": 29})";

TEST(BounceJsonl, ReadsASceneWithDefaults) {
  auto parsed = loadBounceCase(kSourceLine);
  ASSERT_TRUE(std::holds_alternative<BounceCase>(parsed))
      << std::get<InputError>(parsed).describe();
  const BounceCase& c = std::get<BounceCase>(parsed);
  EXPECT_EQ(c.id, "source-001");
  EXPECT_EQ(c.scene, sourceScene());
  EXPECT_EQ(c.scene.maxLength, kDefaultMaxLength);
  auto bare = parseBounceCase(
      R"({"ball": {"center": [0, 0], "radius": 1, "direction": [1, 0]}, "walls": [[-5, -5], [5, -5], [5, 5]]})");
  ASSERT_TRUE(std::holds_alternative<BounceCase>(bare));
  EXPECT_TRUE(std::get<BounceCase>(bare).scene.obstacles.empty());
  EXPECT_EQ(std::get<BounceCase>(bare).scene.maxBounces, kDefaultMaxBounces);
}

TEST(BounceJsonl, SceneRoundTripsExactly) {
  BounceCase c{"x", sourceScene()};
  c.scene.ball.direction = {0.1, -1.0 / 3};
  c.scene.maxLength = 1234.5678;
  for (NumberFormat f : {NumberFormat::decimal, NumberFormat::hex}) {
    auto back = parseBounceCase(formatBounceCase(c, f));
    ASSERT_TRUE(std::holds_alternative<BounceCase>(back));
    EXPECT_EQ(std::get<BounceCase>(back).scene, c.scene);
  }
}

TEST(BounceJsonl, StructuralErrorsNameTheField) {
  const auto field = [](std::string_view line) {
    auto parsed = parseBounceCase(line);
    EXPECT_TRUE(std::holds_alternative<InputError>(parsed)) << line;
    return std::holds_alternative<InputError>(parsed) ? std::get<InputError>(parsed).field : "";
  };
  EXPECT_EQ(field(R"({"walls": [[0, 0], [1, 0], [0, 1]]})"), "ball");
  EXPECT_EQ(field(R"({"ball": {"center": [0, 0], "direction": [1, 0]}, "walls": []})"),
            "ball.radius");
  EXPECT_EQ(field(R"({"ball": {"center": [0, 0], "radius": 1, "direction": [1, 0]}})"), "walls");
  EXPECT_EQ(
      field(
          R"({"ball": {"center": [0, 0], "radius": 1, "direction": [1, 0]}, "walls": [[0, 0], [1, "x"]]})"),
      "walls[1][1]");
  EXPECT_EQ(
      field(
          R"({"ball": {"center": [0, 0], "radius": 1, "direction": [1, 0]}, "walls": [], "obstacles": [[[0, 0]], 5]})"),
      "obstacles[1]");
  EXPECT_EQ(
      field(
          R"({"ball": {"center": [0, 0], "radius": 1, "direction": [1, 0]}, "walls": [], "maxBounces": 2.5})"),
      "maxBounces");
  EXPECT_EQ(field("not json"), "line");
}

TEST(BounceJsonl, PathRoundTripsExactly) {
  BouncePathRecord record;
  record.id = "p";
  record.engine = "reference";
  record.path.status = BounceStatus::obstacle;
  BounceLeg wall;
  wall.start = {-200, 0};
  wall.direction = {1, -1};
  wall.end = {60, -260};
  wall.length = 367.69552621700469;
  wall.feature = {BounceHit::wall, 0, FeatureType::face, 1};
  wall.normal = {0, 1};
  wall.gaps.feature = 0.25;
  BounceLeg obstacle = wall;
  obstacle.feature = {BounceHit::obstacle, 3, FeatureType::vertex, 2};
  obstacle.normal = {0.6, 0.8};
  obstacle.gaps = {};
  obstacle.gaps.graze = 1e-3;
  BounceLeg none = wall;
  none.feature = {};
  none.gaps = {};
  record.path.legs = {wall, obstacle, none};
  for (NumberFormat f : {NumberFormat::decimal, NumberFormat::hex}) {
    const std::string line = formatBouncePath(record, f);
    auto back = parseBouncePath(line);
    ASSERT_TRUE(std::holds_alternative<BouncePathRecord>(back)) << line;
    const BouncePathRecord& read = std::get<BouncePathRecord>(back);
    EXPECT_EQ(read.path.status, BounceStatus::obstacle);
    ASSERT_EQ(read.path.legs.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(read.path.legs[i].start, record.path.legs[i].start);
      EXPECT_EQ(read.path.legs[i].end, record.path.legs[i].end);
      EXPECT_EQ(read.path.legs[i].length, record.path.legs[i].length);
      EXPECT_EQ(read.path.legs[i].feature, record.path.legs[i].feature);
    }
    EXPECT_EQ(read.path.legs[1].normal, obstacle.normal);
  }
  EXPECT_THAT(formatBouncePath(record), HasSubstr(R"("gaps":{"feature":0.25})"));
}

TEST(BounceJsonl, AForeignPathMayLeaveOutDirectionLengthFeatureAndNormal) {
  auto parsed = parseBouncePath(
      R"({"id": "f", "status": "max_bounces", "legs": [{"start": [0, 0], "end": [3, 4], "hit": "wall"}]})");
  ASSERT_TRUE(std::holds_alternative<BouncePathRecord>(parsed));
  const BouncePathRecord& r = std::get<BouncePathRecord>(parsed);
  ASSERT_EQ(r.fields.size(), 1u);
  EXPECT_FALSE(r.fields[0].direction || r.fields[0].length || r.fields[0].feature ||
               r.fields[0].normal);
  EXPECT_EQ(r.path.legs[0].direction, (Vec2{3, 4}));
  EXPECT_EQ(r.path.legs[0].length, 5.0);
}

TEST(BounceJsonl, PathErrorsNameTheField) {
  const auto field = [](std::string_view line) {
    auto parsed = parseBouncePath(line);
    EXPECT_TRUE(std::holds_alternative<InputError>(parsed)) << line;
    return std::holds_alternative<InputError>(parsed) ? std::get<InputError>(parsed).field : "";
  };
  EXPECT_EQ(field(R"({"id": "f", "status": "stopped", "legs": []})"), "status");
  EXPECT_EQ(field(R"({"id": "f", "status": "obstacle"})"), "legs");
  EXPECT_EQ(
      field(R"({"id": "f", "status": "obstacle", "legs": [{"start": [0, 0], "end": [1, 1]}]})"),
      "legs[0].hit");
  EXPECT_EQ(
      field(
          R"({"id": "f", "status": "obstacle", "legs": [{"start": [0, 0], "end": [1, 1], "hit": "obstacle", "obstacle": -1}]})"),
      "legs[0].obstacle");
  EXPECT_EQ(
      field(
          R"({"id": "f", "status": "obstacle", "legs": [{"start": [0, 0], "end": [1, 1], "hit": "wall", "feature": {"type": "edge", "index": 0}}]})"),
      "legs[0].feature.type");
  // error and unsupported lines need no legs.
  EXPECT_TRUE(std::holds_alternative<BouncePathRecord>(
      parseBouncePath(R"({"id": "f", "status": "error", "reason": "bad"})")));
}

TEST(BounceJsonl, ReadBounceCasesReportsEachBadLine) {
  std::stringstream in;
  in << kSourceLine << "\n"
     << R"({"id": "bad", "ball": {"center": [900, 0], "radius": 1, "direction": [1, 0]}, "walls": [[-5, -5], [5, -5], [5, 5]]})"
     << "\n"
     << kSourceLine << "\n";
  const BounceCaseFile file = readBounceCases(in);
  ASSERT_EQ(file.cases.size(), 2u);
  ASSERT_EQ(file.errors.size(), 1u);
  EXPECT_EQ(file.errors[0].field, "line 2: ball.center");
  EXPECT_EQ(file.warnings.size(), 1u);
  EXPECT_TRUE(isBounceSceneLine(kSourceLine));
  EXPECT_FALSE(isBounceSceneLine(R"({"id": "c", "a": {}})"));
  EXPECT_FALSE(isBounceSceneLine("garbage"));
}

TEST(BounceJsonl, ASceneLineMayBeLongerThanACaseLine) {
  BounceCase c{"big", sourceScene()};
  c.scene.walls.clear();
  for (int i = 0; i < 40000; ++i) {  // a counter-clockwise 40000-gon, about 2 MB of JSON
    const double angle = 2 * 3.141592653589793 * i / 40000;
    c.scene.walls.push_back({1000 * std::cos(angle), 1000 * std::sin(angle)});
  }
  const std::string line = formatBounceCase(c);
  ASSERT_GT(line.size(), kMaxLineBytes);
  auto parsed = loadBounceCase(line);
  ASSERT_TRUE(std::holds_alternative<BounceCase>(parsed))
      << std::get<InputError>(parsed).describe();
  EXPECT_EQ(std::get<BounceCase>(parsed).scene.walls.size(), 40000u);
}

}  // namespace
}  // namespace touche
