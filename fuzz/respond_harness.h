// touche fuzzing — the respond target's harness (respond_harness.cpp documents the byte layout).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "touche/core/response.h"

namespace touche::fuzz {

/// Decodes bytes into a response case (valid, or with one field made invalid on purpose).
ResponseCase decodeResponse(const std::uint8_t* data, std::size_t size);

/// Runs the reference, fast and fast_float under both models: an invalid case must be an error
/// naming validation's field from every engine; a valid one must be ok and finite from every
/// engine, fast within its bound of the reference (fast_float where every input's magnitude is
/// 0 or in [2^-20, 2^20]). Returns "" or what went wrong.
std::string crossCheckResponse(const ResponseCase& c);

/// The libFuzzer entry point's body: decode, check, print and abort on failure.
int runOneResponse(const std::uint8_t* data, std::size_t size);

}  // namespace touche::fuzz
