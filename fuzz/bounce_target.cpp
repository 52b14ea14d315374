// touche fuzzing — the libFuzzer entry point of the bounce target (bounce_harness.h).
#include <cstddef>
#include <cstdint>

#include "bounce_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return touche::fuzz::runOneBounce(data, size);
}
