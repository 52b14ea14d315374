// touche fuzzing — the respond target's replay driver (replay.h): its corpus, its regression
// cases (response case lines) and seeded random inputs, which must mostly be valid and a good
// share of them pushing (a positive first normal impulse).
#include <string>

#include "replay.h"
#include "respond_harness.h"
#include "touche/core/response_jsonl.h"
#include "touche/reference/response.h"

int main(int argc, char** argv) {
  using namespace touche;
  using fuzz::replay::RandomOutcome;
  long valid = 0;
  long pushing = 0;
  long count = 0;
  fuzz::replay::Target target;
  target.randomBytes = 256;
  target.checkLine = fuzz::replay::caseLines(loadResponseCase, fuzz::crossCheckResponse);
  target.checkRandom = [&](const std::uint8_t* data, std::size_t size) -> RandomOutcome {
    const ResponseCase c = fuzz::decodeResponse(data, size);
    const ResponseResult r = reference::respond(c);
    ++count;
    if (r.status == ResponseStatus::ok) {
      ++valid;
      if (r.pointCount > 0 && r.impulses[0].normal > 0) ++pushing;
    }
    return {fuzz::crossCheckResponse(c), formatResponseCase(c, NumberFormat::hex)};
  };
  target.exercised = [&](std::string* tally) -> std::string {
    *tally = "valid " + std::to_string(valid) + ", pushing " + std::to_string(pushing);
    if (valid < count / 2) return "fewer than half valid";
    if (pushing < valid / 5) return "fewer than a fifth of the valid ones pushing";
    return "";
  };
  return fuzz::replay::run(argc, argv, target);
}
