// touche fuzzing — the broad phase target's replay driver (builds with g++ too):
//
//   fuzz_bvh_replay fuzz/corpus/bvh               # each file through the harness
//   fuzz_bvh_replay --random 3000 7               # 3000 inputs of random bytes, seed 7
//
// Files go through LLVMFuzzerTestOneInput, which aborts on the first failure (as under
// libFuzzer); random inputs are all checked, each failure reported, exit 1.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "bvh_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

int replayRandom(long count, unsigned long seed) {
  std::mt19937_64 rng(seed);
  int failures = 0;
  touche::fuzz::BvhCheckCounts counts;
  std::vector<std::uint8_t> bytes(1024);
  for (long i = 0; i < count; ++i) {
    for (auto& b : bytes)
      b = static_cast<std::uint8_t>(rng());
    const touche::fuzz::BvhCase c = touche::fuzz::decodeBvhCase(bytes.data(), bytes.size());
    const std::string failure = touche::fuzz::crossCheckBvh(c, &counts);
    if (failure.empty()) continue;
    std::fprintf(stderr, "random input %ld: %s\n%s", i, failure.c_str(),
                 touche::fuzz::describeBvhCase(c).c_str());
    ++failures;
  }
  std::printf("%ld random inputs (seed %lu): %ld casts, %ld touched, %ld errors; %d failures\n",
              count, seed, counts.casts, counts.touched, counts.errors, failures);
  // The inputs must exercise the BVH: a good share of the casts touch, most are valid.
  if (counts.touched < counts.casts / 4 || counts.errors > counts.casts / 2) {
    std::printf("the random inputs did not exercise the broad phase\n");
    return failures + 1;
  }
  return failures;
}

void replayFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--random") {
    return replayRandom(std::atol(argv[2]), std::strtoul(argv[3], nullptr, 10)) ? 1 : 0;
  }
  for (int i = 1; i < argc; ++i) {
    const fs::path path = argv[i];
    if (fs::is_directory(path)) {
      int files = 0;
      for (const auto& entry : fs::directory_iterator(path)) {
        replayFile(entry.path());
        ++files;
      }
      std::printf("%s: %d inputs\n", path.c_str(), files);
    } else {
      replayFile(path);
    }
  }
  return 0;
}
