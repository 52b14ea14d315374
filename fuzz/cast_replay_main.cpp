// touche fuzzing — the cast target's replay driver (replay.h): its corpus, its regression
// cases (valid cast lines) and seeded random inputs, which must mostly be valid and a good
// share of them hits.
#include <string>

#include "cast_harness.h"
#include "replay.h"
#include "touche/reference/cast.h"

int main(int argc, char** argv) {
  using namespace touche;
  using fuzz::replay::RandomOutcome;
  fuzz::replay::StatusTally tally{{"hit", "miss", "initial_overlap", nullptr, "error"}};
  fuzz::replay::Target target;
  target.checkLine = fuzz::replay::caseLines(loadCastCase, fuzz::crossCheckCast);
  target.checkRandom = [&](const std::uint8_t* data, std::size_t size) -> RandomOutcome {
    const CastCase c = fuzz::decodeCast(data, size);
    tally.add(static_cast<int>(reference::cast(c.shape, c.xf, c.ray).status));
    return {fuzz::crossCheckCast(c), formatCastCase(c, NumberFormat::hex)};
  };
  target.exercised = [&](std::string* line) { return tally.exercised(line); };
  return fuzz::replay::run(argc, argv, target);
}
