// touche oracle — `touche simulate`: collide → respond → integrate (simulate.h).
//
// Each step, in this order (semi-implicit Euler, as Box2D steps):
//   1. gravity: v += h·g for every dynamic body;
//   2. for every pair (i < j) with a dynamic body, in scene order: the manifold of the two
//      shapes at their current poses (fast engine in double, or the reference), and when it has
//      points the response under the scene's model (design notes §9) from the current
//      velocities; the velocities after replace them and each centre moves by its correction;
//   3. drift: x += h·v, angle += h·ω.
#include "touche/oracle/simulate.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>

#include "touche/fast/fast.h"
#include "touche/fast/respond.h"
#include "touche/reference/reference.h"
#include "touche/reference/response.h"

namespace touche::oracle {
namespace {

using Json = nlohmann::json;

/// Thrown inside the parser only, turned into the InputError it carries.
struct FieldError {
  InputError error;
};

[[noreturn]] void fail(const std::string& field, const std::string& message) {
  throw FieldError{{field, message}};
}

double number(const Json& j, const std::string& field) {
  if (!j.is_number()) fail(field, "expected a number, got " + j.dump());
  const double x = j.get<double>();
  if (!std::isfinite(x) || std::fabs(x) > 1e6)
    fail(field, shortestDecimal(x) + " is not finite within 1e6");
  return x;
}

double numberAtLeast(const Json& j, const std::string& field, double lo, bool strict) {
  const double x = number(j, field);
  if (strict ? !(x > lo) : !(x >= lo)) {
    fail(field, shortestDecimal(x) + " must be " + (strict ? "> " : ">= ") + shortestDecimal(lo));
  }
  return x;
}

Vec2 vec(const Json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 2) fail(field, "expected [x, y], got " + j.dump());
  return {number(j[0], field + "[0]"), number(j[1], field + "[1]")};
}

int whole(const Json& j, const std::string& field, int lo, int hi) {
  if (!j.is_number_integer() || j.get<long long>() < lo || j.get<long long>() > hi) {
    fail(field, j.dump() + " must be a whole number in [" + std::to_string(lo) + ", " +
                    std::to_string(hi) + "]");
  }
  return j.get<int>();
}

/// Sets `out` from j[key] through `read` when the key is present.
template <class T, class Read>
void optional(const Json& j, const char* key, const std::string& prefix, T& out, Read read) {
  if (j.contains(key)) out = read(j.at(key), prefix + key);
}

SimBody parseBody(const Json& j, const std::string& prefix) {
  if (!j.is_object()) fail(prefix, "expected an object");
  SimBody b;
  if (j.contains("id") && j["id"].is_string()) b.id = j["id"].get<std::string>();
  if (!j.contains("shape") || !j["shape"].is_object()) fail(prefix + "shape", "missing");
  const Json& shape = j["shape"];
  const std::string type = shape.value("type", "");
  if (type == "circle") {
    b.isCircle = true;
    b.radius = numberAtLeast(shape.value("radius", Json()), prefix + "shape.radius", 0, true);
  } else if (type == "box") {
    b.halfWidth =
        numberAtLeast(shape.value("halfWidth", Json()), prefix + "shape.halfWidth", 0, true);
    b.halfHeight =
        numberAtLeast(shape.value("halfHeight", Json()), prefix + "shape.halfHeight", 0, true);
  } else {
    fail(prefix + "shape.type", "\"" + type + "\" is not \"circle\" or \"box\"");
  }
  b.position = vec(j.value("position", Json()), prefix + "position");
  optional(j, "angle", prefix, b.angle, number);
  optional(j, "velocity", prefix, b.velocity, vec);
  optional(j, "angularVelocity", prefix, b.angularVelocity, number);
  if (j.contains("static")) {
    if (!j["static"].is_boolean())
      fail(prefix + "static", j["static"].dump() + " is not a boolean");
    b.isStatic = j["static"].get<bool>();
  }
  const auto positive = [](const Json& x, const std::string& f) {
    return numberAtLeast(x, f, 0, true);
  };
  const auto nonNegative = [](const Json& x, const std::string& f) {
    return numberAtLeast(x, f, 0, false);
  };
  optional(j, "density", prefix, b.density, positive);
  optional(j, "restitution", prefix, b.restitution, nonNegative);
  optional(j, "friction", prefix, b.friction, nonNegative);
  return b;
}

SimScene parseScene(const Json& j) {
  if (!j.is_object()) fail("scene", "expected a JSON object");
  SimScene s;
  if (j.contains("id") && j["id"].is_string()) s.id = j["id"].get<std::string>();
  const auto positive = [](const Json& x, const std::string& f) {
    return numberAtLeast(x, f, 0, true);
  };
  const auto nonNegative = [](const Json& x, const std::string& f) {
    return numberAtLeast(x, f, 0, false);
  };
  optional(j, "gravity", "", s.gravity, vec);
  optional(j, "timeStep", "", s.timeStep, positive);
  if (s.timeStep > 1) fail("timeStep", shortestDecimal(s.timeStep) + " must be at most 1");
  if (j.contains("steps")) s.steps = whole(j["steps"], "steps", 1, 100000);
  if (j.contains("frameEvery")) s.frameEvery = whole(j["frameEvery"], "frameEvery", 1, 100000);
  if (j.contains("iterations"))
    s.iterations = whole(j["iterations"], "iterations", 1, kMaxResponseIterations);
  optional(j, "restitutionThreshold", "", s.restitutionThreshold, nonNegative);
  optional(j, "slop", "", s.slop, nonNegative);
  optional(j, "percent", "", s.percent, nonNegative);
  if (j.contains("model")) {
    s.model = j["model"].is_string() ? j["model"].get<std::string>() : j["model"].dump();
    if (!isResponseModel(s.model)) {
      fail("model", "\"" + s.model + "\" is not a model (known: " + responseModelList() + ")");
    }
  }
  if (j.contains("engine")) {
    s.engine = j["engine"].is_string() ? j["engine"].get<std::string>() : j["engine"].dump();
    if (s.engine != "fast" && s.engine != "reference")
      fail("engine", "\"" + s.engine + "\" is not \"fast\" or \"reference\"");
  }
  if (!j.contains("bodies") || !j["bodies"].is_array() || j["bodies"].empty())
    fail("bodies", "expected a non-empty array of bodies");
  if (j["bodies"].size() > 64) fail("bodies", std::to_string(j["bodies"].size()) + " > 64 bodies");
  for (std::size_t i = 0; i < j["bodies"].size(); ++i) {
    s.bodies.push_back(parseBody(j["bodies"][i], "bodies[" + std::to_string(i) + "]."));
  }
  return s;
}

// ---- stepping -----------------------------------------------------------------------------

/// Mass and rotational inertia about the centre of a dynamic body (uniform density).
struct MassProperties {
  double invMass = 0.0;
  double invInertia = 0.0;
};

MassProperties massOf(const SimBody& b) {
  if (b.isStatic) return {};
  if (b.isCircle) {
    const double m = b.density * std::numbers::pi * b.radius * b.radius;
    return {1 / m, 1 / (m * b.radius * b.radius / 2)};
  }
  const double w = 2 * b.halfWidth, h = 2 * b.halfHeight;
  const double m = b.density * w * h;
  return {1 / m, 1 / (m * (w * w + h * h) / 12)};
}

Shape shapeOf(const SimBody& b) {
  if (b.isCircle) return Circle{{0, 0}, b.radius};
  return makeBox(b.halfWidth, b.halfHeight);
}

/// The response case of the pair (A = i, B = j) at the current state.
ResponseCase caseOf(const SimScene& scene, const std::vector<SimBody>& bodies,
                    const std::vector<MassProperties>& mass, std::size_t i, std::size_t j,
                    const Manifold& m) {
  ResponseCase c;
  const auto body = [&](std::size_t k) {
    return Body{mass[k].invMass, mass[k].invInertia, bodies[k].position, bodies[k].velocity,
                bodies[k].angularVelocity};
  };
  c.a = body(i);
  c.b = body(j);
  c.manifold = m;
  c.restitution = std::max(bodies[i].restitution, bodies[j].restitution);
  c.friction = std::sqrt(bodies[i].friction * bodies[j].friction);
  c.slop = scene.slop;
  c.percent = scene.percent;
  c.restitutionThreshold = scene.restitutionThreshold;
  c.iterations = scene.iterations;
  return c;
}

SimFrame frameOf(int step, const std::vector<SimBody>& bodies) {
  SimFrame f{step, {}};
  for (const SimBody& b : bodies)
    f.poses.push_back({b.position, b.angle});
  return f;
}

Vec2 momentumOf(const std::vector<SimBody>& bodies, const std::vector<MassProperties>& mass) {
  Vec2 p;
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    if (mass[k].invMass > 0) p = p + (1 / mass[k].invMass) * bodies[k].velocity;
  }
  return p;
}

/// Step 2 for one pair; false (run.error set) on an engine error.
bool respondPair(const SimScene& scene, std::vector<SimBody>& bodies,
                 const std::vector<MassProperties>& mass, std::size_t i, std::size_t j, int step,
                 SimRun& run) {
  const bool exact = scene.engine == "reference";
  const Transform xfA{bodies[i].position, rotFromAngle(bodies[i].angle)};
  const Transform xfB{bodies[j].position, rotFromAngle(bodies[j].angle)};
  const Shape a = shapeOf(bodies[i]), b = shapeOf(bodies[j]);
  const Manifold m = exact ? reference::collide(a, xfA, b, xfB) : fast::collide(a, xfA, b, xfB);
  if (m.status != Status::contact && m.status != Status::noContact) {
    run.error = "step " + std::to_string(step) + ", bodies " + std::to_string(i) + " and " +
                std::to_string(j) + ": collide answered " + std::string(statusName(m.status));
    return false;
  }
  if (m.status != Status::contact || m.pointCount == 0) return true;
  ++run.contacts;
  const ResponseCase c = caseOf(scene, bodies, mass, i, j, m);
  const ResponseResult r =
      exact ? reference::respond(c, scene.model) : fast::respond(c, scene.model);
  if (r.status != ResponseStatus::ok) {
    run.error = "step " + std::to_string(step) + ", bodies " + std::to_string(i) + " and " +
                std::to_string(j) + ": respond answered error: " + r.reason;
    return false;
  }
  for (auto [k, out] : {std::pair{i, &r.a}, std::pair{j, &r.b}}) {
    const std::size_t other = k == i ? j : i;
    if (mass[other].invMass == 0 && mass[k].invMass > 0) {
      run.staticImpulse =
          run.staticImpulse + (1 / mass[k].invMass) * (out->velocity - bodies[k].velocity);
    }
    bodies[k].velocity = out->velocity;
    bodies[k].angularVelocity = out->angularVelocity;
    bodies[k].position = bodies[k].position + out->correction;
  }
  return true;
}

}  // namespace

std::variant<SimScene, InputError> parseSimScene(std::string_view json) {
  const Json j = Json::parse(json, nullptr, false);
  if (j.is_discarded()) return InputError{"scene", "not valid JSON"};
  try {
    return parseScene(j);
  } catch (const FieldError& e) {
    return e.error;
  }
}

SimRun simulate(const SimScene& scene) {
  std::vector<SimBody> bodies = scene.bodies;
  std::vector<MassProperties> mass;
  double totalMass = 0;
  for (const SimBody& b : bodies) {
    mass.push_back(massOf(b));
    if (!b.isStatic) totalMass += 1 / mass.back().invMass;
  }
  SimRun run;
  run.frames.push_back(frameOf(0, bodies));
  run.momentumStart = momentumOf(bodies, mass);
  const double h = scene.timeStep;
  for (int step = 1; step <= scene.steps; ++step) {
    // 1. gravity
    for (SimBody& b : bodies) {
      if (!b.isStatic) b.velocity = b.velocity + h * scene.gravity;
    }
    run.gravityImpulse = run.gravityImpulse + (h * totalMass) * scene.gravity;
    // 2. collide and respond, pair by pair
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      for (std::size_t j = i + 1; j < bodies.size(); ++j) {
        if (bodies[i].isStatic && bodies[j].isStatic) continue;
        if (!respondPair(scene, bodies, mass, i, j, step, run)) return run;
      }
    }
    // 3. drift
    for (SimBody& b : bodies) {
      if (b.isStatic) continue;
      b.position = b.position + h * b.velocity;
      b.angle += h * b.angularVelocity;
    }
    if (step % scene.frameEvery == 0 || step == scene.steps)
      run.frames.push_back(frameOf(step, bodies));
  }
  run.momentumEnd = momentumOf(bodies, mass);
  for (const SimBody& b : bodies)
    run.finalVelocity.push_back(b.velocity);
  return run;
}

}  // namespace touche::oracle
