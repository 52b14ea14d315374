// touche — the oracle's first judge: compare an engine's manifold with the expected one
// (normally the reference's), within a tolerance that knows the engine's precision, the
// scene's size and the engine's declared conventions.
#pragma once

#include <string>
#include <string_view>

#include "touche/core/jsonl.h"
#include "touche/core/manifold.h"

namespace touche::oracle {

enum class Outcome {
  agree,
  agreeWithinTie,   ///< a different discrete choice, legitimate inside the declared tie band
  missingContact,   ///< expected contact, got no_contact
  spuriousContact,  ///< expected no_contact, got contact
  wrongNormal,
  wrongPointCount,
  wrongPoint,
  wrongSeparation,
  wrongId,
  nonFinite,        ///< NaN or inf anywhere in the actual manifold
  statusMismatch,   ///< unsupported/error where the other had an answer, or vice versa
};
inline constexpr int kOutcomeCount = 11;

/// "agree", "agree-within-tie", "missing-contact", ... (the names used in reports and JSON).
std::string_view outcomeName(Outcome outcome);
inline bool isAcceptable(Outcome o) { return o == Outcome::agree || o == Outcome::agreeWithinTie; }

enum class Precision { float32, float64 };

/// Declared conventions of the engine being compared (docs/conventions.md).
struct Conventions {
  std::string engine = "exact";
  Precision precision = Precision::float64;
  double tieBand = 0.0;      ///< reference-face hysteresis of the engine, in length units
  bool compareIds = true;    ///< whether feature ids are comparable with touche's
  double contactBand = 0.0;  ///< slack on the contact/no-contact decision, in length units
};

/// Tolerances in named units. `unit` is one rounding unit of the engine at the scene's size:
/// epsilon(precision) · scale, where scale is the largest magnitude in the case.
struct Tolerance {
  double unit = 0.0;         ///< length of one unit
  double lengthUnits = 0.0;  ///< allowed difference of points and separations, in units
  double normalUnits = 0.0;  ///< allowed difference of normal components, in epsilons
  double epsilon = 0.0;      ///< epsilon of the engine's precision
  double tieBand = 0.0;      ///< from the conventions
  double contactBand = 0.0;  ///< from the conventions
  bool compareIds = true;
};

/// The tolerance for judging an engine with these conventions on this case.
Tolerance toleranceFor(const Case& c, const Conventions& conventions);

struct Comparison {
  Outcome outcome = Outcome::agree;
  std::string explanation;  ///< empty for agree; otherwise actionable, with the case as hexfloats
};

/// Compares `actual` with `expected` for case `c`. Points are matched by position, not order.
Comparison compare(const Case& c, const Manifold& expected, const Manifold& actual,
                   const Tolerance& tolerance);

}  // namespace touche::oracle
