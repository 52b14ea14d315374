// touche test support — seeded two-body Box2D 2.4.1 scenes for the response (model
// box2d-sequential): the case Box2D solves, read in PreSolve (manifold, bodies, mixed
// coefficients), and its answer (accumulated impulses in PostSolve, velocities after the step).
// Used by tests/oracle/respond_box2d241_test.cpp and bench/respond_bench.cpp.
#pragma once

#include <box2d/box2d.h>

#include <optional>
#include <random>

#include "touche/core/response.h"
#include "touche/testing/response_cases.h"  // uniform

namespace touche::testing {

/// What Box2D solved: the case as touche reads it, and Box2D's answer.
struct Box2DStep {
  ResponseCase c;
  ResponseResult result;
};

inline Body bodyOf(const b2Body& b) {
  const bool moves = b.GetType() == b2_dynamicBody;
  const b2Vec2 center = b.GetWorldCenter();
  const b2Vec2 v = b.GetLinearVelocity();
  return Body{moves ? double(1.0f / b.GetMass()) : 0.0,
              moves ? double(1.0f / b.GetInertia()) : 0.0,
              {center.x, center.y},
              {v.x, v.y},
              b.GetAngularVelocity()};
}

inline BodyResponse responseOf(const b2Body& b) {
  const b2Vec2 v = b.GetLinearVelocity();
  return {{v.x, v.y}, b.GetAngularVelocity(), {}};
}

/// Records the manifold before the solve and the impulses after it.
class Recorder : public b2ContactListener {
 public:
  std::optional<Box2DStep> step;

  void PreSolve(b2Contact* contact, const b2Manifold*) override {
    const int count = contact->GetManifold()->pointCount;
    if (count == 0) return;
    b2WorldManifold world;
    contact->GetWorldManifold(&world);
    Box2DStep s;
    ResponseCase& c = s.c;
    c.a = bodyOf(*contact->GetFixtureA()->GetBody());
    c.b = bodyOf(*contact->GetFixtureB()->GetBody());
    c.manifold.status = Status::contact;
    c.manifold.normal = {world.normal.x, world.normal.y};
    c.manifold.pointCount = count;
    for (int i = 0; i < count; ++i) {
      c.manifold.points[i] = {{world.points[i].x, world.points[i].y}, world.separations[i], {}};
    }
    c.friction = contact->GetFriction();
    c.restitution = contact->GetRestitution();
    c.restitutionThreshold = contact->GetRestitutionThreshold();
    c.iterations = 8;
    s.result.pointCount = count;
    step = s;
    bodyA_ = contact->GetFixtureA()->GetBody();
  }

  void PostSolve(b2Contact*, const b2ContactImpulse* impulse) override {
    if (!step) return;
    for (int i = 0; i < impulse->count; ++i) {
      step->result.impulses[i] = {impulse->normalImpulses[i], impulse->tangentImpulses[i]};
    }
  }

  const b2Body* bodyA() const { return bodyA_; }

 private:
  const b2Body* bodyA_ = nullptr;
};

inline b2Body* addBody(b2World& world, std::mt19937_64& rng, b2BodyType type, b2Vec2 position,
                       bool circle) {
  b2BodyDef def;
  def.type = type;
  def.position = position;
  def.angle = float(uniform(rng, -0.5, 0.5));
  if (type == b2_dynamicBody) {
    def.linearVelocity = {float(uniform(rng, -4, 4)), float(uniform(rng, -4, 4))};
    def.angularVelocity = float(uniform(rng, -3, 3));
  }
  b2Body* body = world.CreateBody(&def);
  b2PolygonShape box;
  box.SetAsBox(float(uniform(rng, 0.5, 2.0)), float(uniform(rng, 0.3, 1.0)));
  b2CircleShape disc;
  disc.m_radius = float(uniform(rng, 0.3, 1.2));
  b2FixtureDef fixture;
  fixture.shape = circle ? static_cast<const b2Shape*>(&disc) : &box;
  fixture.density = float(uniform(rng, 0.5, 2.0));
  fixture.friction = float(uniform(rng, 0.0, 1.0));
  fixture.restitution = float(uniform(rng, 0.0, 1.0));
  fixture.restitutionThreshold = float(uniform(rng, 0.0, 2.0));
  body->CreateFixture(&fixture);
  return body;
}

/// One seeded scene, built and not yet stepped: a box (static or dynamic) at the origin and a
/// dynamic box or disc above it, about half of the time touching. No gravity, warm starting,
/// continuous physics or sleeping; the recorder listens.
struct Box2DResponseScene {
  Recorder recorder;
  b2World world{b2Vec2(0.0f, 0.0f)};
  b2Body* a = nullptr;
  b2Body* b = nullptr;

  explicit Box2DResponseScene(std::mt19937_64& rng) {
    world.SetWarmStarting(false);
    world.SetContinuousPhysics(false);
    world.SetAllowSleeping(false);
    world.SetContactListener(&recorder);
    const bool groundStatic = uniform(rng, 0, 1) < 0.3;
    a = addBody(world, rng, groundStatic ? b2_staticBody : b2_dynamicBody, {0, 0}, false);
    const b2Vec2 offset{float(uniform(rng, -2.5, 2.5)), float(uniform(rng, 0.4, 2.2))};
    b = addBody(world, rng, b2_dynamicBody, offset, uniform(rng, 0, 1) < 0.4);
  }
  Box2DResponseScene(const Box2DResponseScene&) = delete;
  Box2DResponseScene& operator=(const Box2DResponseScene&) = delete;

  /// One step of 1/240 with 8 velocity iterations and no position iterations.
  void step() { world.Step(1.0f / 240.0f, 8, 0); }

  /// What the step solved, with the velocities after it; nothing when the shapes do not touch.
  std::optional<Box2DStep> solved() const {
    if (!recorder.step) return std::nullopt;
    Box2DStep s = *recorder.step;
    const bool aFirst = recorder.bodyA() == a;
    s.result.a = responseOf(aFirst ? *a : *b);
    s.result.b = responseOf(aFirst ? *b : *a);
    return s;
  }
};

/// One seeded scene stepped once; nothing when the shapes do not touch.
inline std::optional<Box2DStep> stepScene(std::mt19937_64& rng) {
  Box2DResponseScene scene(rng);
  scene.step();
  return scene.solved();
}

}  // namespace touche::testing
