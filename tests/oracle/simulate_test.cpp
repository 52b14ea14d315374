// `touche simulate` (oracle/simulate.h): a ball with e = 1 rebounds near its drop height, a box
// with e = 0 comes to rest on the ground, the momentum bookkeeping closes (the change of the
// dynamic bodies' momentum is gravity's impulse plus the static bodies'), two free balls keep
// their momentum, the same scene draws the same bytes, and a bad scene names its field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <variant>

#include "touche/oracle/simulate.h"

namespace touche::oracle {
namespace {

SimBody ground() {
  SimBody g;
  g.id = "ground";
  g.halfWidth = 5;
  g.halfHeight = 0.5;
  g.position = {0, -0.5};
  g.isStatic = true;
  return g;
}

/// A scene of the ground and one body dropped from rest, every step recorded.
SimScene dropScene(SimBody body, std::string_view model) {
  SimScene s;
  s.id = "drop";
  s.bodies = {ground(), body};
  s.model = std::string(model);
  s.steps = 400;
  s.frameEvery = 1;
  return s;
}

SimBody ball(double restitution, double height) {
  SimBody b;
  b.isCircle = true;
  b.radius = 0.25;
  b.position = {0, height};
  b.restitution = restitution;
  return b;
}

/// The highest centre after the first bounce (the first frame where the body rises).
double reboundHeight(const SimRun& run) {
  std::size_t f = 1;
  while (f < run.frames.size() &&
         run.frames[f].poses[1].position.y <= run.frames[f - 1].poses[1].position.y) {
    ++f;
  }
  double top = -1e9;
  for (; f < run.frames.size(); ++f)
    top = std::max(top, run.frames[f].poses[1].position.y);
  return top;
}

TEST(Simulate, ABallWithRestitutionOneReboundsNearItsDropHeight) {
  for (std::string_view model : kResponseModels) {
    const SimRun run = simulate(dropScene(ball(1, 2.25), model));
    ASSERT_EQ(run.error, "");
    const double top = reboundHeight(run);
    // Dropped 2 (centre 2.25, resting 0.25). Stepping finds the contact only after the ball has
    // sunk in, moving faster than it did at the surface, and e = 1 returns that speed: the
    // rebound overshoots by a few hundredths of the drop at h = 1/120 (measured 5–6%).
    EXPECT_NEAR(top, 2.25, 0.075 * 2) << model;
  }
}

TEST(Simulate, ABallWithRestitutionHalfReboundsToAQuarter) {
  const SimRun run = simulate(dropScene(ball(0.5, 2.25), kModelSource003));
  ASSERT_EQ(run.error, "");
  // Rebound speed e·v: the height is e² = 1/4 of the drop, 0.5 above the resting 0.25.
  EXPECT_NEAR(reboundHeight(run), 0.75, 0.05);
}

TEST(Simulate, ABoxWithRestitutionZeroComesToRest) {
  SimBody box;
  box.halfWidth = 0.3;
  box.halfHeight = 0.2;
  box.position = {0, 1.5};
  for (std::string_view model : kResponseModels) {
    const SimRun run = simulate(dropScene(box, model));
    ASSERT_EQ(run.error, "");
    EXPECT_LT(std::hypot(run.finalVelocity[1].x, run.finalVelocity[1].y), 0.1) << model;
    const SimPose& end = run.frames.back().poses[1];
    EXPECT_NEAR(end.position.y, 0.2, 0.03) << model;  // on the ground, within the slop
    // A flat landing: the block solve pushes both corners at once and does not tip it;
    // solving them one after the other (source-003, and box2d-sequential's first passes)
    // leaves a small spin (docs/derivations/response.md, "Order matters").
    EXPECT_NEAR(end.angle, 0, model == kModelBox2DBlock ? 1e-9 : 0.05) << model;
    EXPECT_GT(run.contacts, 300) << model;  // resting contact every step
  }
}

TEST(Simulate, MomentumBookkeepingCloses) {
  SimScene s = dropScene(ball(0.7, 2), kModelBox2DBlock);
  SimBody box;
  box.halfWidth = 0.3;
  box.halfHeight = 0.3;
  box.position = {0.1, 3};
  box.angularVelocity = 2;
  box.friction = 0.5;
  s.bodies[0].friction = 0.5;
  s.bodies[1].friction = 0.5;
  s.bodies.push_back(box);
  const SimRun run = simulate(s);
  ASSERT_EQ(run.error, "");
  EXPECT_GT(run.contacts, 100);
  const Vec2 change = run.momentumEnd - run.momentumStart;
  const Vec2 explained = run.gravityImpulse + run.staticImpulse;
  EXPECT_NEAR(change.x, explained.x, 1e-9);
  EXPECT_NEAR(change.y, explained.y, 1e-9);
  EXPECT_GT(run.staticImpulse.y, 0);  // the ground pushed up
}

TEST(Simulate, TwoFreeBallsKeepTheirMomentumAndExchangeVelocitiesWithRestitutionOne) {
  SimScene s;
  s.gravity = {0, 0};
  s.steps = 120;
  SimBody left = ball(1, 0), right = ball(1, 0);
  left.position = {-1, 0};
  left.velocity = {2, 0};
  right.position = {1, 0};
  right.velocity = {-1, 0};
  s.bodies = {left, right};
  const SimRun run = simulate(s);
  ASSERT_EQ(run.error, "");
  EXPECT_GT(run.contacts, 0);
  EXPECT_NEAR(run.momentumEnd.x, run.momentumStart.x, 1e-12);
  EXPECT_NEAR(run.finalVelocity[0].x, -1, 1e-12);  // equal masses, e = 1: exchanged
  EXPECT_NEAR(run.finalVelocity[1].x, 2, 1e-12);
}

TEST(Simulate, TheSameSceneDrawsTheSameBytesAndTheReferenceAgrees) {
  SimScene s = dropScene(ball(0.5, 1.25), kModelSource003);
  s.steps = 120;
  const std::string once = simulationSvg(s, simulate(s), true);
  EXPECT_EQ(once, simulationSvg(s, simulate(s), true));
  EXPECT_NE(once.find("<animateTransform"), std::string::npos);
  s.engine = "reference";
  const SimRun exact = simulate(s);
  ASSERT_EQ(exact.error, "");
  s.engine = "fast";
  EXPECT_NEAR(exact.frames.back().poses[1].position.y,
              simulate(s).frames.back().poses[1].position.y, 1e-9);
}

TEST(Simulate, ABadSceneNamesItsFieldAndValue) {
  const auto error = [](std::string_view json) {
    const auto parsed = parseSimScene(json);
    return std::holds_alternative<InputError>(parsed) ? std::get<InputError>(parsed).describe()
                                                      : std::string("parsed");
  };
  EXPECT_EQ(
      error(R"({"bodies": [{"shape": {"type": "circle", "radius": -1}, "position": [0, 0]}]})"),
      "bodies[0].shape.radius: -1 must be > 0");
  EXPECT_EQ(error(R"({"bodies": [{"shape": {"type": "star"}, "position": [0, 0]}]})"),
            "bodies[0].shape.type: \"star\" is not \"circle\" or \"box\"");
  EXPECT_EQ(error(R"({"timeStep": 0, "bodies": []})"), "timeStep: 0 must be > 0");
  EXPECT_NE(error(R"({"model": "verlet", "bodies": [{"shape": {"type": "circle", "radius": 1},
             "position": [0, 0]}]})")
                .find("model: \"verlet\" is not a model"),
            std::string::npos);
  EXPECT_EQ(error(R"({"bodies": [{"shape": {"type": "box", "halfWidth": 1, "halfHeight": 1},
             "position": [0, "up"]}]})"),
            "bodies[0].position[1]: expected a number, got \"up\"");
  EXPECT_EQ(error("{"), "scene: not valid JSON");
  EXPECT_EQ(error(R"({"steps": 2.5, "bodies": []})"),
            "steps: 2.5 must be a whole number in [1, 100000]");
}

}  // namespace
}  // namespace touche::oracle
