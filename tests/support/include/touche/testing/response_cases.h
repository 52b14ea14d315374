// Seeded random response cases (design notes §9) for the agreement tests and the law
// properties: bodies of moderate size, about one in ten static, one or two manifold points
// near the bodies, a unit normal from an angle (so n·n ≠ 1 exactly and u·u is rarely a
// square: the friction tangent's root is exercised).
#pragma once

#include <cmath>
#include <random>

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

}  // namespace touche::testing
