// Seeded random response cases (design notes §9) for the agreement tests and the law
// properties: bodies of moderate size, about one in ten static, one or two manifold points
// near the bodies, a unit normal from an angle (so n·n ≠ 1 exactly and u·u is rarely a
// square: the friction tangent's root is exercised).
#pragma once

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include "touche/core/response.h"

namespace touche::testing {

inline double uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

inline Body randomBody(std::mt19937_64& rng, bool allowStatic) {
  Body b;
  const bool isStatic = allowStatic && uniform(rng, 0, 1) < 0.1;
  b.invMass = isStatic ? 0.0 : uniform(rng, 0.1, 4.0);
  b.invInertia = isStatic ? 0.0 : uniform(rng, 0.0, 3.0);
  b.center = {uniform(rng, -3, 3), uniform(rng, -3, 3)};
  b.velocity = {uniform(rng, -5, 5), uniform(rng, -5, 5)};
  b.angularVelocity = uniform(rng, -3, 3);
  return b;
}

inline ResponseCase randomResponseCase(std::mt19937_64& rng) {
  ResponseCase c;
  c.a = randomBody(rng, true);
  c.b = randomBody(rng, c.a.invMass != 0.0);
  const double angle = uniform(rng, -3.2, 3.2);
  c.manifold.status = Status::contact;
  c.manifold.normal = {std::cos(angle), std::sin(angle)};
  c.manifold.pointCount = uniform(rng, 0, 1) < 0.5 ? 1 : 2;
  for (int i = 0; i < c.manifold.pointCount; ++i) {
    c.manifold.points[i].point = {uniform(rng, -3, 3), uniform(rng, -3, 3)};
    c.manifold.points[i].separation = uniform(rng, -0.5, 0.1);
  }
  c.restitution = uniform(rng, 0, 1);
  c.friction = uniform(rng, 0, 1.2);
  c.slop = uniform(rng, 0, 0.1);
  c.percent = uniform(rng, 0, 1);
  return c;
}

/// Two bodies touching at one manifold point `point` (separation `separation`) along `normal`:
/// the worked examples' scene; restitution, friction and the rest at their defaults.
inline ResponseCase onePointCase(const Body& a, const Body& b, Vec2 normal, Vec2 point,
                                 double separation = 0.0) {
  ResponseCase c;
  c.a = a;
  c.b = b;
  c.manifold.status = Status::contact;
  c.manifold.normal = normal;
  c.manifold.pointCount = 1;
  c.manifold.points[0] = {point, separation, {}};
  return c;
}

/// The largest velocity of the case's bodies, a spin counted as `lever`·|ω|, at least 1: the
/// size a float evaluation's rounding errors are proportional to.
inline double bodyScale(const ResponseCase& c, double lever) {
  double s = 1.0;
  for (const Body* b : {&c.a, &c.b}) {
    s = std::max({s, std::fabs(b->velocity.x), std::fabs(b->velocity.y),
                  std::fabs(b->angularVelocity) * lever});
  }
  return s;
}

/// The largest |x − y| over the impulses of y's points and both bodies' velocities (and
/// their corrections when `corrections`), in units of `scale`.
inline double worstResponseGap(const ResponseResult& x, const ResponseResult& y, double scale,
                               bool corrections) {
  double worst = 0.0;
  auto see = [&](double p, double q) { worst = std::max(worst, std::fabs(p - q) / scale); };
  for (int i = 0; i < y.pointCount; ++i) {
    see(x.impulses[i].normal, y.impulses[i].normal);
    see(x.impulses[i].tangent, y.impulses[i].tangent);
  }
  for (auto [p, q] : {std::pair{&x.a, &y.a}, std::pair{&x.b, &y.b}}) {
    see(p->velocity.x, q->velocity.x);
    see(p->velocity.y, q->velocity.y);
    see(p->angularVelocity, q->angularVelocity);
    if (!corrections) continue;
    see(p->correction.x, q->correction.x);
    see(p->correction.y, q->correction.y);
  }
  return worst;
}

}  // namespace touche::testing
