// touche — judging a foreign engine's bounce path leg by leg (design notes §8; docs/conventions.md,
// "Bounce path").
//
// Each leg of the foreign path is a function of its own rounded state — its start, its
// direction, the length left — so the judge re-runs the exact reference leg from that state
// (reference::bounceLeg) and compares. A path therefore never drifts out of judgement: after a
// legitimate difference (a tie of two features, a graze) the next legs are judged from where
// the foreign path actually went. Continuity is checked too: each leg starts where the last
// one ended, along the exact reflection of the last direction about the exact normal of the
// feature the engine named, at the point it named.
//
// A leg that differs from the reference's is legitimate when it is a first contact within the
// engine's tie band: its end lies on its ray, the ball there touches the feature it names
// (within the band), and the ball got there without overlapping any feature by more than the
// band. The first leg that leaves the reference is reported with why — a tie of two features,
// a graze, the length limit — or why it fails.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "touche/core/bounce_jsonl.h"

namespace touche::oracle {

/// What an engine declares about its bounce paths.
struct BounceConventions {
  std::string engine;
  double epsilon = 0x1p-52;      ///< the precision's epsilon (float: 2^-23)
  double tieBandUnits = 0x1p10;  ///< decisions this close (units of epsilon × scale) may differ
  double lengthUnits = 64;       ///< allowed error of ends and lengths (units / incidence)
};

/// touche's fast engines: "fast" (double) and "fast_float".
BounceConventions bounceConventionsFor(std::string_view engine);

enum class BounceOutcome {
  agree,
  agreeWithinTie,  ///< some leg differs from the reference inside a tie, a graze or the limit
  statusMismatch,  ///< the path ends otherwise than its last leg implies, or is missing
  wrongStart,      ///< a leg does not start where the last one ended (or at the ball's centre)
  wrongDirection,  ///< a leg's direction is not the reflection of the last one's
  wrongEnd,        ///< the end is off the reference's beyond the tolerance
  wrongHit,        ///< another feature (or none) outside any tie
  wrongNormal,
  wrongLength,
  missingLegs,  ///< the path stops where the reference goes on
  extraLegs,    ///< the path goes on where the reference stops
  nonFinite,
};

std::string_view bounceOutcomeName(BounceOutcome outcome);

struct BounceJudgement {
  BounceOutcome outcome = BounceOutcome::agree;
  std::optional<std::size_t> leg;  ///< the first leg that leaves the reference
  std::string explanation;         ///< why (a tie, a graze, or the failure), for a person
  std::size_t legsJudged = 0;
  bool passed() const {
    return outcome == BounceOutcome::agree || outcome == BounceOutcome::agreeWithinTie;
  }
};

/// The largest magnitude in the scene (coordinates, the radius; at least 1): the unit of the
/// tolerances is epsilon × this.
double bounceScale(const BounceScene& scene);

/// Judges `actual` (a path for a valid `scene`) leg by leg; `fields` says which optional leg
/// fields the foreign line had (empty: all of them).
BounceJudgement judgeBounce(const BounceScene& scene, const BouncePath& actual,
                            const std::vector<BounceLegFields>& fields,
                            const BounceConventions& conventions);

}  // namespace touche::oracle
