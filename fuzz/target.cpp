// touche fuzzing — the libFuzzer entry point of one target: the shared harness bound to the
// canonical pair named by TOUCHE_FUZZ_PAIR (set per target by fuzz/CMakeLists.txt).
#include <cstddef>
#include <cstdint>

#include "harness.h"

#ifndef TOUCHE_FUZZ_PAIR
#error "define TOUCHE_FUZZ_PAIR to a canonical pair name (polygon_polygon, ...)"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return touche::fuzz::runOne(touche::PairId::TOUCHE_FUZZ_PAIR, data, size);
}
