// touche fuzzing — a pair target's replay driver (replay.h): its corpus, its regression cases
// and `--print` of a libFuzzer input as the JSONL case it decodes to. A case line may carry
// "expectFailure" (a foreign engine's recorded disagreement, the start of the failure message:
// it must still fail that way) or "expectRefusal" (the start of oracle::box2d::refusal()'s
// text: Box2D must still refuse the input, answering unsupported, for that reason).
#include <string>
#include <variant>

#include "harness.h"
#include "replay.h"

namespace {

using touche::fuzz::replay::LineOutcome;

/// One regression line: the harness's cross-check, or the failure or refusal it expects.
LineOutcome checkLine(const touche::Line& line) {
  auto parsed = touche::parseCase(line.text);
  if (const auto* error = std::get_if<touche::InputError>(&parsed)) {
    return {false, error->describe()};
  }
  const touche::fuzz::FuzzInput input{std::get<touche::Case>(parsed),
                                      {touche::fuzz::marginOfLine(line.text)}};
  const std::string failure = touche::fuzz::crossCheck(input);
  const std::string named = "(" + input.scene.id + "): ";
  const std::string refusal = touche::fuzz::stringFieldOfLine(line.text, "expectRefusal");
  if (!refusal.empty()) {
    const std::string problem = touche::fuzz::refusalMismatch(input, refusal);
    if (problem.empty() && failure.empty()) return {true, ""};
    return {true, named + (problem.empty() ? failure : problem)};
  }
  const std::string expected = touche::fuzz::stringFieldOfLine(line.text, "expectFailure");
  if (!expected.empty() && failure.rfind(expected, 0) == 0) return {true, ""};
  if (!expected.empty() && failure.empty()) {
    return {true, named + "expected a failure starting with \"" + expected + "\", got none"};
  }
  if (failure.empty()) return {true, ""};
  // The JSONL line and its SVG, as the fuzzer writes them.
  return {true, named + "written to " + touche::fuzz::reportFailure(input, failure)};
}

std::string printInput(const std::uint8_t* data, std::size_t size) {
  const touche::fuzz::FuzzInput input =
      touche::fuzz::decode(touche::PairId::TOUCHE_FUZZ_PAIR, data, size);
  return touche::fuzz::failureLine(input, touche::fuzz::crossCheck(input));
}

}  // namespace

int main(int argc, char** argv) {
  touche::fuzz::setJudgeEvery(1);  // every corpus input and regression line is judged too
  touche::fuzz::replay::Target target;
  target.checkLine = checkLine;
  target.printInput = printInput;
  return touche::fuzz::replay::run(argc, argv, target);
}
