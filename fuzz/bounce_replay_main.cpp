// touche fuzzing — the bounce target's replay driver (replay.h): its corpus, its regression
// scenes (valid scene lines) and seeded random inputs, which must mostly be valid and a good
// share of them stopped by an obstacle.
#include <string>

#include "bounce_harness.h"
#include "replay.h"
#include "touche/reference/bounce.h"

int main(int argc, char** argv) {
  using namespace touche;
  using fuzz::replay::RandomOutcome;
  fuzz::replay::StatusTally tally{{"obstacle", "max_bounces", "max_length", nullptr, "error"}};
  fuzz::replay::Target target;
  target.lineNoun = "scenes";
  target.maxLineBytes = kMaxSceneLineBytes;
  target.checkLine = fuzz::replay::caseLines(loadBounceCase, fuzz::crossCheckBounce);
  target.checkRandom = [&](const std::uint8_t* data, std::size_t size) -> RandomOutcome {
    const BounceCase c = fuzz::decodeBounce(data, size);
    tally.add(static_cast<int>(reference::bounce(c.scene).status));
    return {fuzz::crossCheckBounce(c), formatBounceCase(c, NumberFormat::hex)};
  };
  target.exercised = [&](std::string* line) { return tally.exercised(line); };
  return fuzz::replay::run(argc, argv, target);
}
