// touche oracle — a small simulation to see the response at work (`touche simulate`): a few
// boxes and circles, static ground and walls, stepped collide → respond → integrate with a
// fixed time step under a declared response model (design notes §9). Deterministic: the fast
// engine in double (or the reference when asked), bodies and pairs in scene order.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "touche/core/response.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"

namespace touche::oracle {

/// One body of a scene: a box (halfWidth, halfHeight) or a circle (radius), at `position`
/// turned by `angle`, static (never moves) or dynamic of uniform `density`.
struct SimBody {
  std::string id;
  bool isCircle = false;
  double radius = 0.0;      ///< circle
  double halfWidth = 0.0;   ///< box
  double halfHeight = 0.0;  ///< box
  Vec2 position;
  double angle = 0.0;
  Vec2 velocity;
  double angularVelocity = 0.0;
  bool isStatic = false;
  double density = 1.0;
  double restitution = 0.0;
  double friction = 0.0;
};

/// A scene: the bodies and how they are stepped. A pair's restitution is the larger of its
/// bodies', its friction the geometric mean (Box2D's mixing).
struct SimScene {
  std::string id;
  std::vector<SimBody> bodies;
  Vec2 gravity{0.0, -10.0};
  double timeStep = 1.0 / 120.0;
  int steps = 240;
  std::string model{kModelSource003};
  std::string engine = "fast";  ///< "fast" (double) or "reference"
  int iterations = 8;
  double restitutionThreshold = 0.0;
  double slop = 0.005;
  double percent = 0.4;
  int frameEvery = 4;  ///< every how many steps a frame is recorded (and drawn)
};

/// Reads a scene from its JSON text; the error names the field and quotes the value.
std::variant<SimScene, InputError> parseSimScene(std::string_view json);

/// One body's pose at a frame.
struct SimPose {
  Vec2 position;
  double angle = 0.0;
};

struct SimFrame {
  int step = 0;
  std::vector<SimPose> poses;  ///< one per body, in scene order
};

/// The run: frames (the first before any step, the last after the last step), each dynamic
/// body's final velocity, and the momentum bookkeeping: the total linear momentum of the
/// dynamic bodies at the start and end, gravity's impulse and the impulse the static bodies
/// gave through the contacts (m·Δv of the dynamic body of each static pair).
struct SimRun {
  std::vector<SimFrame> frames;
  std::vector<Vec2> finalVelocity;
  Vec2 momentumStart;
  Vec2 momentumEnd;
  Vec2 gravityImpulse;
  Vec2 staticImpulse;
  int contacts = 0;   ///< pair-steps with a manifold point
  std::string error;  ///< a response or collide error, with the step and pair; empty when none
};

/// Steps the scene: for each step, v += h·g on the dynamic bodies; for each pair in order with
/// a dynamic body, the manifold (shapes in contact), the response under the scene's model from
/// the current velocities, and the correction applied to the positions; then x += h·v,
/// angle += h·ω.
SimRun simulate(const SimScene& scene);

/// The SVG of a run: static bodies filled, each dynamic body's centre path, and its outline at
/// every recorded frame (faint) and the last (solid); `animated` adds a SMIL animation of each
/// dynamic body (no script), one loop of the run.
std::string simulationSvg(const SimScene& scene, const SimRun& run, bool animated);

}  // namespace touche::oracle
