// touche fuzzing — replay driver (builds with g++ too): runs one target's harness on every
// file of the given directories (or single files), and on every case of .jsonl files.
//
//   fuzz_polygon_polygon_replay fuzz/corpus/polygon_polygon     # each file through the harness
//   fuzz_polygon_polygon_replay fuzz/regressions/polygon_polygon.jsonl
//   fuzz_polygon_polygon_replay --print crash-0123abcd          # the decoded case as JSONL
//
// Corpus inputs go through LLVMFuzzerTestOneInput, which aborts on the first failure (as under
// libFuzzer). JSONL cases (failure lines the harness wrote, or hand-picked hard cases) are all
// checked; each failure is reported and the driver exits 1. A case line may carry
// "expectFailure" (a foreign engine's recorded disagreement, the start of the failure message:
// it must still fail that way) or "expectRefusal" (the start of oracle::box2d::refusal()'s text:
// Box2D must still refuse the input, answering unsupported, for that reason).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

#include "harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

std::vector<char> bytesOf(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void replayBytes(const fs::path& file) {
  const std::vector<char> bytes = bytesOf(file);
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

/// --print: the case an input decodes to, as one failure line (with the check's verdict, ""
/// when it passes); how a libFuzzer crash file becomes a JSONL case.
int printDecoded(const fs::path& file) {
  const std::vector<char> bytes = bytesOf(file);
  const touche::fuzz::FuzzInput input =
      touche::fuzz::decode(touche::PairId::TOUCHE_FUZZ_PAIR,
                           reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  std::printf("%s\n", touche::fuzz::failureLine(input, touche::fuzz::crossCheck(input)).c_str());
  return 0;
}

/// Checks every case of a JSONL file; returns the number of failures (bad lines included).
int replayJsonl(const fs::path& file) {
  std::ifstream in(file);
  int failures = 0;
  int cases = 0;
  for (const touche::Line& line : touche::readLines(in)) {
    auto parsed = touche::parseCase(line.text);
    if (const auto* error = std::get_if<touche::InputError>(&parsed)) {
      std::fprintf(stderr, "%s:%zu: %s\n", file.c_str(), line.number, error->describe().c_str());
      ++failures;
      continue;
    }
    ++cases;
    const touche::fuzz::FuzzInput input{std::get<touche::Case>(parsed),
                                        {touche::fuzz::marginOfLine(line.text)}};
    const std::string failure = touche::fuzz::crossCheck(input);
    // An input a foreign engine refuses must still be refused, for the same reason:
    // "expectRefusal" holds the start of oracle::box2d::refusal()'s text.
    const std::string refusal = touche::fuzz::stringFieldOfLine(line.text, "expectRefusal");
    if (!refusal.empty()) {
      const std::string problem = touche::fuzz::refusalMismatch(input, refusal);
      if (!problem.empty() || !failure.empty()) {
        std::fprintf(stderr, "%s:%zu (%s): %s\n", file.c_str(), line.number, input.scene.id.c_str(),
                     (problem.empty() ? failure : problem).c_str());
        ++failures;
      }
      continue;
    }
    // A recorded disagreement of a foreign engine (a finding) must still happen, and the same
    // way: "expectFailure" holds the start of the failure message.
    const std::string expected = touche::fuzz::stringFieldOfLine(line.text, "expectFailure");
    if (!expected.empty() && failure.rfind(expected, 0) == 0) continue;
    if (!expected.empty() && failure.empty()) {
      std::fprintf(stderr, "%s:%zu (%s): expected a failure starting with \"%s\", got none\n",
                   file.c_str(), line.number, input.scene.id.c_str(), expected.c_str());
      ++failures;
      continue;
    }
    if (failure.empty()) continue;
    std::fprintf(stderr, "%s:%zu (%s): ", file.c_str(), line.number, input.scene.id.c_str());
    touche::fuzz::reportFailure(input, failure);
    ++failures;
  }
  std::printf("%s: %d cases, %d failures\n", file.c_str(), cases, failures);
  return failures;
}

int replayPath(const fs::path& path) {
  if (path.extension() == ".jsonl") return replayJsonl(path);
  if (!fs::is_directory(path)) {
    replayBytes(path);
    return 0;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(path)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files)
    replayPath(file);
  std::printf("%s: %zu inputs replayed\n", path.c_str(), files.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <corpus dir | input file | cases.jsonl>...\n", argv[0]);
    return 2;
  }
  if (std::string(argv[1]) == "--print") {
    for (int i = 2; i < argc; ++i)
      printDecoded(argv[i]);
    return 0;
  }
  int failures = 0;
  for (int i = 1; i < argc; ++i) {
    if (!fs::exists(argv[i])) {
      std::fprintf(stderr, "%s: no such file or directory\n", argv[i]);
      return 2;
    }
    failures += replayPath(argv[i]);
  }
  return failures == 0 ? 0 : 1;
}
