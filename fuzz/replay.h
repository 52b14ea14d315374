// touche fuzzing — the one replay driver every target's fuzz_*_replay builds on (with g++ too):
// libFuzzer inputs go through the target's LLVMFuzzerTestOneInput, which aborts on the first
// failure (as under libFuzzer); JSONL case lines and seeded random inputs are all checked, each
// failure reported, and the driver exits 1 when any failed.
//
//   fuzz_X_replay fuzz/corpus/X                # every file below the directory, in name order
//   fuzz_X_replay crash-0123abcd               # one libFuzzer input
//   fuzz_X_replay fuzz/regressions/X.jsonl     # every case line (targets with JSONL cases)
//   fuzz_X_replay --random 20000 7             # 20000 inputs of random bytes, seed 7
//   fuzz_X_replay --print crash-0123abcd       # the decoded case (targets that print one)
//
// A directory with no inputs is a failure (a corpus test must not pass on nothing), and so are
// random inputs that did not exercise the engines (the target's tally says why).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>

#include "touche/core/jsonl.h"
#include "touche/core/validate.h"

namespace touche::fuzz::replay {

/// What one random input came to: its failure ("" when it passed) and the case it decoded to,
/// printed with the failure.
struct RandomOutcome {
  std::string failure;
  std::string caseText;
};

/// What one JSONL line came to: whether it held a case (counted in the file's tally) and its
/// failure ("" when it passed; a line that is no case fails with the parse error).
struct LineOutcome {
  bool isCase = false;
  std::string failure;
};

/// A target's part of the driver; a missing function means the target has no such input.
struct Target {
  /// What a JSONL line holds, for the file's tally ("cases", "scenes").
  const char* lineNoun = "cases";
  std::size_t maxLineBytes = kMaxLineBytes;
  std::function<LineOutcome(const Line& line)> checkLine;
  /// Random inputs: the bytes each is decoded from, its check (which also keeps the tally),
  /// and after the run the tally line and "" or why the inputs did not exercise the engines.
  std::size_t randomBytes = 512;
  std::function<RandomOutcome(const std::uint8_t* data, std::size_t size)> checkRandom;
  std::function<std::string(std::string* tallyLine)> exercised;
  /// --print: the case one input decodes to, as a line.
  std::function<std::string(const std::uint8_t* data, std::size_t size)> printInput;
};

/// Target::checkLine for a target whose lines hold one kind of case: `load` reads the line (a
/// line it refuses is no case and fails with the error), `crossCheck` judges the case.
template <class Case>
std::function<LineOutcome(const Line& line)> caseLines(
    std::variant<Case, InputError> (*load)(std::string_view),
    std::string (*crossCheck)(const Case&)) {
  return [load, crossCheck](const Line& line) -> LineOutcome {
    auto parsed = load(line.text);
    if (const auto* error = std::get_if<InputError>(&parsed)) return {false, error->describe()};
    return {true, crossCheck(std::get<Case>(parsed))};
  };
}

/// The reference's statuses over random inputs, for targets whose status enums run (wanted,
/// ..., error at index 4): the inputs exercised the engines when at least a fifth reached the
/// wanted status (index 0) and at most half were errors. Unnamed statuses are not printed.
struct StatusTally {
  std::array<const char*, 5> names{};
  std::array<long, 5> counts{};
  long total = 0;

  void add(int status) {
    ++counts[static_cast<std::size_t>(status)];
    ++total;
  }
  /// For Target::exercised.
  std::string exercised(std::string* tallyLine) const;
};

/// The driver's main(): argv as in the usage above.
int run(int argc, char** argv, const Target& target);

}  // namespace touche::fuzz::replay
