// touche fuzzing — the respond target's replay driver (builds with g++ too):
//
//   fuzz_respond_replay fuzz/corpus/respond          # each file through the harness
//   fuzz_respond_replay --random 1000 7              # 1000 inputs of random bytes, seed 7
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

#include "respond_harness.h"
#include "touche/core/response_jsonl.h"
#include "touche/reference/response.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

int replayRandom(long count, unsigned long seed) {
  std::mt19937_64 rng(seed);
  int failures = 0;
  long valid = 0;
  long pushing = 0;
  std::vector<std::uint8_t> bytes(256);
  for (long i = 0; i < count; ++i) {
    for (auto& b : bytes)
      b = static_cast<std::uint8_t>(rng());
    const touche::ResponseCase c = touche::fuzz::decodeResponse(bytes.data(), bytes.size());
    const std::string failure = touche::fuzz::crossCheckResponse(c);
    const touche::ResponseResult r = touche::reference::respond(c);
    if (r.status == touche::ResponseStatus::ok) {
      ++valid;
      if (r.pointCount > 0 && r.impulses[0].normal > 0) ++pushing;
    }
    if (failure.empty()) continue;
    std::fprintf(stderr, "random input %ld: %s\n%s\n", i, failure.c_str(),
                 touche::formatResponseCase(c, touche::NumberFormat::hex).c_str());
    ++failures;
  }
  std::printf("%ld random inputs (seed %lu): valid %ld, pushing %ld; %d failures\n", count, seed,
              valid, pushing, failures);
  // The inputs must exercise the engines: most valid, a good share of them pushing.
  if (valid < count / 2 || pushing < valid / 5) {
    std::printf("the random inputs did not exercise the engines\n");
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
