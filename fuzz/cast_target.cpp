// touche fuzzing — the libFuzzer entry point of the cast target (cast_harness.h).
#include <cstddef>
#include <cstdint>

#include "cast_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return touche::fuzz::runOneCast(data, size);
}
