// touche fuzzing — the replay driver (replay.h).
#include "replay.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace touche::fuzz::replay {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytesOf(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void replayBytes(const fs::path& file) {
  const std::vector<std::uint8_t> bytes = bytesOf(file);
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
}

/// Every case line of a JSONL file checked; returns the number of failures.
int replayJsonl(const fs::path& file, const Target& target) {
  if (!target.checkLine) {
    std::fprintf(stderr, "%s: this target has no JSONL cases\n", file.c_str());
    return 1;
  }
  std::ifstream in(file);
  int failures = 0;
  int cases = 0;
  LineReader reader(in, target.maxLineBytes);
  for (Line line; reader.next(line);) {
    const LineOutcome outcome = target.checkLine(line);
    cases += outcome.isCase ? 1 : 0;
    if (outcome.failure.empty()) continue;
    std::fprintf(stderr, "%s:%zu: %s\n", file.c_str(), line.number, outcome.failure.c_str());
    ++failures;
  }
  std::printf("%s: %d %s, %d failures\n", file.c_str(), cases, target.lineNoun, failures);
  return failures;
}

/// Every regular file below a directory, in name order, through the target; 1 when there was
/// none.
int replayDirectory(const fs::path& directory) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(directory)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files)
    replayBytes(file);
  std::printf("%s: %zu inputs replayed\n", directory.c_str(), files.size());
  if (files.empty()) std::fprintf(stderr, "%s: no inputs\n", directory.c_str());
  return files.empty() ? 1 : 0;
}

int replayRandom(long count, unsigned long seed, const Target& target) {
  if (!target.checkRandom) {
    std::fprintf(stderr, "this target has no random inputs\n");
    return 1;
  }
  std::mt19937_64 rng(seed);
  int failures = 0;
  std::vector<std::uint8_t> bytes(target.randomBytes);
  for (long i = 0; i < count; ++i) {
    for (auto& b : bytes)
      b = static_cast<std::uint8_t>(rng());
    const RandomOutcome outcome = target.checkRandom(bytes.data(), bytes.size());
    if (outcome.failure.empty()) continue;
    std::fprintf(stderr, "random input %ld: %s\n%s\n", i, outcome.failure.c_str(),
                 outcome.caseText.c_str());
    ++failures;
  }
  std::string tally;
  const std::string unexercised = target.exercised ? target.exercised(&tally) : "";
  std::printf("%ld random inputs (seed %lu): %s; %d failures\n", count, seed, tally.c_str(),
              failures);
  if (unexercised.empty()) return failures;
  std::printf("the random inputs did not exercise the engines: %s\n", unexercised.c_str());
  return failures + 1;
}

int replayPath(const fs::path& path, const Target& target) {
  if (!fs::exists(path)) {
    std::fprintf(stderr, "%s: no such file or directory\n", path.c_str());
    return 1;
  }
  if (path.extension() == ".jsonl") return replayJsonl(path, target);
  if (fs::is_directory(path)) return replayDirectory(path);
  replayBytes(path);
  return 0;
}

}  // namespace

std::string StatusTally::exercised(std::string* tallyLine) const {
  std::string line = "reference";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == nullptr) continue;
    line +=
        std::string(line == "reference" ? " " : ", ") + names[i] + " " + std::to_string(counts[i]);
  }
  *tallyLine = line;
  if (counts[0] < total / 5) return std::string("fewer than a fifth ") + names[0];
  if (counts[4] > total / 2) return "more than half invalid";
  return "";
}

int run(int argc, char** argv, const Target& target) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s <corpus dir | input file | cases.jsonl>... | --random N SEED | "
                 "--print INPUT...\n",
                 argv[0]);
    return 2;
  }
  const std::string first = argv[1];
  if (first == "--random") {
    if (argc != 4) {
      std::fprintf(stderr, "usage: %s --random N SEED\n", argv[0]);
      return 2;
    }
    return replayRandom(std::atol(argv[2]), std::strtoul(argv[3], nullptr, 10), target) ? 1 : 0;
  }
  if (first == "--print") {
    if (!target.printInput) {
      std::fprintf(stderr, "this target does not print its inputs\n");
      return 2;
    }
    for (int i = 2; i < argc; ++i) {
      const std::vector<std::uint8_t> bytes = bytesOf(argv[i]);
      std::printf("%s\n", target.printInput(bytes.data(), bytes.size()).c_str());
    }
    return 0;
  }
  int failures = 0;
  for (int i = 1; i < argc; ++i)
    failures += replayPath(argv[i], target);
  return failures == 0 ? 0 : 1;
}

}  // namespace touche::fuzz::replay
