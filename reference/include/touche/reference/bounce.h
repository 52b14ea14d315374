// touche — the exact reference engine's bounce path (design notes §8; docs/conventions.md,
// "Bounce path"; docs/derivations/bounce.md).
//
// Each leg is the exact first contact of the ball (radius r) from the leg's start along its
// direction, against every edge of the walls and obstacles offset by r to its front and every
// arc of radius r at a corner convex from the front — source 001's Minkowski offset, but taken
// feature by feature (the exact distance to every edge and vertex), never as a constructed
// offset curve, so that corners whose offset lines meet beyond a short edge, vanishing edges
// and passages narrower than 2r are all right (docs/errata.md). Every output is the correctly
// rounded double of its exact value; the next leg starts from the rounded end, along the
// rounded reflection r = d − 2(d·n)n, with the remaining length less the rounded leg length.
#pragma once

#include <optional>

#include "touche/core/bounce.h"

namespace touche::reference {

/// The whole path: validates (error), then leg after leg until an obstacle, maxBounces or
/// maxLength (bounce.h). Brute force over every feature, in exact arithmetic filtered by
/// interval-like double-double values (approx.h).
BouncePath bounce(const BounceScene& scene);

inline constexpr BounceEngine kBounceEngine{"reference", &bounce};

/// Where a leg starts: the ball's centre, its direction (any non-zero vector) and the length
/// the path may still travel. Doubles: a leg is a function of rounded values only.
struct BounceState {
  Vec2 start;
  Vec2 direction;
  double remaining = 0.0;
};

/// One leg and what follows from it.
struct BounceStep {
  BounceLeg leg;                  ///< with the gaps filled
  std::optional<Vec2> reflected;  ///< a wall hit: the reflected direction, correctly rounded
  bool remainingExactly = false;  ///< the contact is exactly at the remaining length
};

/// One leg of a valid scene from `state` (the scene's ball supplies only r). The state must
/// keep the centre in the scene's free space, as every leg of a path does.
BounceStep bounceLeg(const BounceScene& scene, const BounceState& state);

/// The scene's features one leg may touch, in increasing bounceFeatureKey order: every face,
/// and a vertex arc wherever the corner turns right (convex seen from the front).
std::vector<BounceFeature> bounceFeatures(const BounceScene& scene);

/// How far the ball moving with its centre on the segment from→to stays from touching the
/// feature's core (its edge, or its vertex): min over the segment of the distance to the core,
/// less r; negative when it overlaps. Faithfully rounded (a diagnostic for judges).
double approachGap(const BounceScene& scene, const BounceFeature& feature, Vec2 from, Vec2 to);

/// The offset boundary's unit normal of `feature` for a centre at `centre` (towards the
/// centre): a face's left normal, an arc's direction from its vertex. Correctly rounded.
Vec2 featureNormal(const BounceScene& scene, const BounceFeature& feature, Vec2 centre);

}  // namespace touche::reference
