// touche fuzzing — the broad phase target's harness (bvh_harness.cpp documents the byte layout).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "touche/core/bounce.h"
#include "touche/core/broad_phase.h"

namespace touche::fuzz {

/// A scene and the casts through it.
struct BvhCase {
  std::vector<PlacedShape> scene;
  std::vector<CastInput> casts;
  /// Path 4: a bounce scene, and legs (start, direction) through its features.
  std::optional<BounceScene> bounce;
  std::vector<std::pair<Vec2, Vec2>> legs;
};

/// Decodes bytes into a scene (valid, or with one number made invalid on purpose) and casts.
BvhCase decodeBvhCase(const std::uint8_t* data, std::size_t size);

/// What a check saw: casts made, casts that touched a shape, casts answered with an error.
struct BvhCheckCounts {
  long casts = 0;
  long touched = 0;
  long errors = 0;
};

/// For every cast, through fast double, fast float and (scenes of at most 12 shapes) the
/// reference: firstHit must equal firstHitBruteForce bit for bit, a touch must be the engine's
/// own cast against that shape, and the sweep's overlap query must equal its brute force.
/// Invalid scenes and casts must be errors from both. A bounce case: in double and float, the
/// path through the bounce BVH must be bouncePath's, and each leg's first contact firstHit's.
/// Returns "" or what went wrong.
std::string crossCheckBvh(const BvhCase& c, BvhCheckCounts* counts = nullptr);

/// The case as text: one JSON-like line per shape and per cast, numbers in hexfloat.
std::string describeBvhCase(const BvhCase& c);

/// The libFuzzer entry point's body: decode, check, print and abort on failure.
int runOneBvh(const std::uint8_t* data, std::size_t size);

}  // namespace touche::fuzz
