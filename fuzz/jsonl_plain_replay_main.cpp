// touche fuzzing — the plain readers target's replay driver (replay.h): its corpus, each file
// through the target, which aborts when the plain and the document readers disagree.
#include "replay.h"

int main(int argc, char** argv) {
  return touche::fuzz::replay::run(argc, argv, touche::fuzz::replay::Target{});
}
