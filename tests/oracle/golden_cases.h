// Golden cases shared by the oracle's tests: hand-derived manifolds of two simple scenes.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/core/manifold.h"

namespace touche::oracle::golden {

/// Two unit circles, B at (1.5, 0): normal (1, 0), one point at (0.75, 0) (midway between the
/// surfaces at x = 1 and x = 0.5), separation −0.5.
inline Case circlesCase() {
  return Case{"circles", Circle{{0, 0}, 1.0}, Transform{}, Circle{{0, 0}, 1.0},
              Transform{{1.5, 0}, {}}};
}

inline Manifold circlesManifold() {
  Manifold m;
  m.status = Status::contact;
  m.normal = {1, 0};
  m.pointCount = 1;
  m.points[0] = {{0.75, 0}, -0.5, {}};
  return m;
}

/// Box (half 1) and box (half 0.5) at (0.25, 1.4): A's top face y = 1 is the reference and B's
/// bottom face y = 0.9 overlaps it over x in [−0.25, 0.75]: points (−0.25, 0.95) and
/// (0.75, 0.95), separation −0.1, ids (face 2 on A, vertex 0/1 on B).
inline Case boxesCase() {
  return Case{"boxes", makeBox(1, 1), Transform{}, makeBox(0.5, 0.5), Transform{{0.25, 1.4}, {}}};
}

inline Manifold boxesManifold() {
  Manifold m;
  m.status = Status::contact;
  m.normal = {0, 1};
  m.pointCount = 2;
  m.points[0] = {{-0.25, 0.95}, -0.1, {FeatureType::face, 2, FeatureType::vertex, 0}};
  m.points[1] = {{0.75, 0.95}, -0.1, {FeatureType::face, 2, FeatureType::vertex, 1}};
  return m;
}

/// Seeded random polygon/circle pairs of unit size, about half of them touching.
inline std::vector<Case> randomCases(int count) {
  std::mt19937 rng(20240607);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  auto shape = [&](int k) -> Shape {
    if (k % 3 == 2) return Circle{{0.2 * unit(rng), 0.0}, 0.2 + 0.8 * unit(rng)};
    const int sides = 3 + static_cast<int>(6 * unit(rng));
    return makeRegularPolygon({0, 0}, 0.4 + 0.8 * unit(rng), sides, 6.0 * unit(rng),
                              k % 2 ? 0.0 : 0.1 * unit(rng));
  };
  std::vector<Case> cases;
  for (int i = 0; i < count; ++i) {
    Case c{"random-" + std::to_string(i), shape(i), Transform{{0, 0}, rotFromAngle(6 * unit(rng))},
           shape(i / 3),
           Transform{{3.2 * unit(rng) - 1.6, 3.2 * unit(rng) - 1.6}, rotFromAngle(6 * unit(rng))}};
    cases.push_back(c);
  }
  return cases;
}

}  // namespace touche::oracle::golden
