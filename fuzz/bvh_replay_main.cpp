// touche fuzzing — the broad phase target's replay driver (replay.h): its corpus and seeded
// random inputs, whose casts must mostly be valid and a good share of them touch.
#include <string>

#include "bvh_harness.h"
#include "replay.h"

int main(int argc, char** argv) {
  using namespace touche;
  using fuzz::replay::RandomOutcome;
  fuzz::BvhCheckCounts counts;
  fuzz::replay::Target target;
  target.randomBytes = 1024;
  target.checkRandom = [&](const std::uint8_t* data, std::size_t size) -> RandomOutcome {
    const fuzz::BvhCase c = fuzz::decodeBvhCase(data, size);
    return {fuzz::crossCheckBvh(c, &counts), fuzz::describeBvhCase(c)};
  };
  target.exercised = [&](std::string* tally) -> std::string {
    *tally = std::to_string(counts.casts) + " casts, " + std::to_string(counts.touched) +
             " touched, " + std::to_string(counts.errors) + " errors";
    if (counts.touched < counts.casts / 4) return "fewer than a quarter of the casts touched";
    if (counts.errors > counts.casts / 2) return "more than half the casts invalid";
    return "";
  };
  return fuzz::replay::run(argc, argv, target);
}
