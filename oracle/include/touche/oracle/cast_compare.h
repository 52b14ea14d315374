// touche — comparing an engine's cast result with the reference's, under the conventions the
// engine declares (design notes §5 and §8; docs/conventions.md, "Casts").
//
// A different status or feature is legitimate only inside the reference's decision gaps
// (CastGaps) widened by the engine's declared band; a fraction or point may differ by the
// engine's length allowance divided by the incidence (the cosine between the path and the
// normal: a graze makes the entry point ill-posed), a normal by its allowance times its lever
// (an arc's scale/R, a face's scale/length). Declared differences (Box2D 2.4.1 reports no
// initial overlap) are their own outcome, never a silent pass.
#pragma once

#include <string>
#include <string_view>

#include "touche/core/cast_jsonl.h"

namespace touche::oracle {

/// What an engine declares about its casts.
struct CastConventions {
  std::string engine;
  double epsilon = 0x1p-52;      ///< the precision's epsilon (float: 2^-23)
  double tieBandUnits = 0x1p10;  ///< decisions this close (units of epsilon × scale) may differ
  double lengthUnits = 16;       ///< allowed error of fractions, points (units / incidence)
  bool reportsInitialOverlap = true;  ///< false: an overlap at t = 0 is a miss or a hit at 0
  bool reportsFeatures = true;        ///< false: features are not compared
};

/// touche's fast engines (double, float) and Box2D 2.4.1's ray casts.
CastConventions castConventionsFor(std::string_view engine);

enum class CastOutcome {
  agree,
  agreeWithinTie,      ///< a different status or feature inside the reference's gap + band
  declaredDifference,  ///< a difference the conventions declare (e.g. no initial overlap)
  statusMismatch,
  wrongFraction,
  wrongPoint,
  wrongNormal,
  wrongFeature,
  nonFinite,
};

std::string_view castOutcomeName(CastOutcome outcome);

struct CastComparison {
  CastOutcome outcome = CastOutcome::agree;
  std::string explanation;  ///< empty for agree; in units of the tolerance otherwise
  bool passed() const {
    return outcome == CastOutcome::agree || outcome == CastOutcome::agreeWithinTie ||
           outcome == CastOutcome::declaredDifference;
  }
};

/// The largest magnitude the cast reaches: the unit of its tolerances is epsilon × this.
double castScale(const CastCase& c);

/// Compares `actual` with the reference's `expected` for cast `c` under `conventions`.
CastComparison compareCast(const CastCase& c, const CastResult& expected, const CastResult& actual,
                           const CastConventions& conventions);

}  // namespace touche::oracle
