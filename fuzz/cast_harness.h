// touche fuzzing — the cast target's harness (cast_harness.cpp documents the byte layout).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "touche/core/cast_jsonl.h"

namespace touche::fuzz {

/// Decodes bytes into a cast (valid, or with one number made invalid on purpose).
CastCase decodeCast(const std::uint8_t* data, std::size_t size);

/// Runs the reference, fast, fast_float, box2d and box2d_v3 on the cast: invalid input must be
/// an error from every engine; on valid input every answer must be finite (a hit's normal unit,
/// its fraction in [0, 1]) and each engine must pass compareCast under its declared conventions
/// (float engines where the cast's scale is in [2^-60, 2^40], the Box2Ds in [2^-4, 2^20] and
/// but for their written-up findings). Returns "" or what went wrong.
std::string crossCheckCast(const CastCase& c);

/// The libFuzzer entry point's body: decode, check, print and abort on failure.
int runOneCast(const std::uint8_t* data, std::size_t size);

}  // namespace touche::fuzz
