// touche tests — the tee, the case both judges are tested on for touching capsule cores: capsule
// A's tip (1, 0) on capsule B's core x = 1, B perpendicular to A, radii 0.1
// (docs/derivations/capsule.md, step 6; Box2D v3's finding V5).
#pragma once

#include "touche/core/jsonl.h"

namespace touche::test {

/// The tee. Along (1, 0) the shapes overlap by 0.2, the least; along A's left normal (0, 1) by
/// 1.2 (B spans y in [−1.1, 1.1]).
inline Case teeCase() {
  return {"tee", Capsule{{0, 0}, {1, 0}, 0.1}, Transform{}, Capsule{{0, -1}, {0, 1}, 0.1},
          Transform{{1, 0}, {1, 0}}};
}

/// The tee's one point (1, 0), separation −0.2, ids (vertex 1 of A, face 1 of B), along
/// `normal`, with the reference's gaps (the reference's answer: normal (1, 0)).
inline Manifold teeManifold(Vec2 normal) {
  Manifold m;
  m.status = Status::contact;
  m.normal = normal;
  m.pointCount = 1;
  m.points[0] = {{1, 0}, -0.2, {FeatureType::vertex, 1, FeatureType::face, 1}};
  m.gaps.axis = 1.0;
  m.gaps.region = 0.0;  // B stands exactly on A's end line (step 4)
  m.gaps.contact = 0.2;
  return m;
}

}  // namespace touche::test
