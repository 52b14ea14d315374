// touche fuzzing — the bounce target's harness (bounce_harness.cpp documents the byte layout).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "touche/core/bounce_jsonl.h"

namespace touche::fuzz {

/// Decodes bytes into a bounce scene (valid, or with one field made invalid on purpose).
BounceCase decodeBounce(const std::uint8_t* data, std::size_t size);

/// Runs the reference, fast and fast_float on the scene: an invalid scene must be an error
/// from every engine; on a valid one every leg must be finite (a contact's normal unit) and
/// each fast engine's path must pass judgeBounce leg by leg under its declared conventions
/// (fast_float where float resolves the ball: radius ≥ 2^-8 × the scene's scale, scale in
/// [2^-40, 2^40]). Returns "" or what went wrong.
std::string crossCheckBounce(const BounceCase& c);

/// The libFuzzer entry point's body: decode, check, print and abort on failure.
int runOneBounce(const std::uint8_t* data, std::size_t size);

}  // namespace touche::fuzz
