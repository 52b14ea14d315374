// touche fuzzing — the libFuzzer entry point of the respond target (respond_harness.h).
#include <cstddef>
#include <cstdint>

#include "respond_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return touche::fuzz::runOneResponse(data, size);
}
