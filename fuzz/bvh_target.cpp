// touche fuzzing — the libFuzzer entry point of the broad phase target (bvh_harness.h).
#include <cstddef>
#include <cstdint>

#include "bvh_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return touche::fuzz::runOneBvh(data, size);
}
