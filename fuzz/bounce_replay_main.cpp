// touche fuzzing — the bounce target's replay driver (builds with g++ too):
//
//   fuzz_bounce_replay fuzz/corpus/bounce               # each file through the harness
//   fuzz_bounce_replay fuzz/regressions/bounce.jsonl    # each scene line checked
//   fuzz_bounce_replay --random 2000 7                  # 2000 inputs of random bytes, seed 7
//
// Files go through LLVMFuzzerTestOneInput, which aborts on the first failure (as under
// libFuzzer); JSONL scenes and random inputs are all checked, each failure reported, exit 1.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "bounce_harness.h"
#include "touche/reference/bounce.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

int replayJsonl(const fs::path& file) {
  std::ifstream in(file);
  int failures = 0, scenes = 0;
  touche::LineReader reader(in, touche::kMaxSceneLineBytes);
  for (touche::Line line; reader.next(line);) {
    auto parsed = touche::loadBounceCase(line.text);  // regression scenes are valid
    if (const auto* error = std::get_if<touche::InputError>(&parsed)) {
      std::fprintf(stderr, "%s:%zu: %s\n", file.c_str(), line.number, error->describe().c_str());
      ++failures;
      continue;
    }
    ++scenes;
    const std::string failure =
        touche::fuzz::crossCheckBounce(std::get<touche::BounceCase>(parsed));
    if (failure.empty()) continue;
    std::fprintf(stderr, "%s:%zu: %s\n", file.c_str(), line.number, failure.c_str());
    ++failures;
  }
  std::printf("%s: %d scenes, %d failures\n", file.c_str(), scenes, failures);
  return failures;
}

int replayRandom(long count, unsigned long seed) {
  std::mt19937_64 rng(seed);
  int failures = 0;
  long statuses[5] = {};
  std::vector<std::uint8_t> bytes(512);
  for (long i = 0; i < count; ++i) {
    for (auto& b : bytes)
      b = static_cast<std::uint8_t>(rng());
    const touche::BounceCase c = touche::fuzz::decodeBounce(bytes.data(), bytes.size());
    const std::string failure = touche::fuzz::crossCheckBounce(c);
    ++statuses[static_cast<int>(touche::reference::bounce(c.scene).status)];
    if (failure.empty()) continue;
    std::fprintf(stderr, "random input %ld: %s\n%s\n", i, failure.c_str(),
                 touche::formatBounceCase(c, touche::NumberFormat::hex).c_str());
    ++failures;
  }
  std::printf(
      "%ld random inputs (seed %lu): reference obstacle %ld, max_bounces %ld, max_length %ld, "
      "error %ld; %d failures\n",
      count, seed, statuses[0], statuses[1], statuses[2], statuses[4], failures);
  // The inputs must exercise the engines: most valid, a good share stopped by an obstacle.
  if (statuses[0] < count / 5 || statuses[4] > count / 2) {
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
  int failures = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path path = argv[i];
    if (path.extension() == ".jsonl") {
      failures += replayJsonl(path);
    } else if (fs::is_directory(path)) {
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
  return failures ? 1 : 0;
}
