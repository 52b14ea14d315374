// touche — the exact reference response (design notes §9, docs/derivations/response.md).
#pragma once

#include <string_view>

#include "touche/core/response.h"

namespace touche::reference {

/// The response of `c` under `model` (one of kResponseModels), in exact arithmetic,
/// every output the correctly rounded double of its exact value. Validates first: invalid input or
/// an unknown model gives status error with the field named, never an exception.
ResponseResult respond(const ResponseCase& c, std::string_view model = kModelSource003);

/// Source 003's steps at the case's first manifold point, each value the correctly rounded
/// double of its exact value (docs/derivations/response.md): what a teaching figure shows
/// beside an answer. Step 5's impulse is source 003's under model source-003 and the answer's
/// otherwise; "after" is the answer's velocities.
struct ResponseSteps {
  Vec2 leverA, leverB;               ///< step 1: r_A = p − c_A, r_B = p − c_B
  Vec2 relativeVelocityBefore;       ///< step 2: v_rel from the case's velocities
  double approach = 0.0;             ///< step 3: v_rel·n
  bool approaching = false;          ///< v_rel·n < 0, decided exactly
  double normalMass = 0.0;           ///< step 4: k_n
  Vec2 relativeVelocityAfterNormal;  ///< step 5: v_rel with jn·n applied at the point
  double approachAfterNormal = 0.0;  ///< its ·n
  Vec2 slip;                         ///< step 6: u, the tangential part of that v_rel
  bool slipping = false;             ///< u ≠ 0, decided exactly
  double tangentMass = 0.0;          ///< k_t along u (when slipping)
  bool insideCone = false;           ///< |u|/k_t ≤ μ·jn, decided exactly (when slipping)
  Vec2 relativeVelocityAfter;        ///< v_rel from the answer's velocities
  Vec2 slipAfter;                    ///< its tangential part
  double depth = 0.0;                ///< step 7: max(0, max over points of −separation)
  double correction = 0.0;           ///< c = (depth − slop)/(mA⁻¹ + mB⁻¹)·percent, or 0
  double moved = 0.0;                ///< the overlap along n the correction removes
};

/// The steps of source 003 at `c`'s first point (it has one) beside `answer` under `model`;
/// `c` valid (validateResponseCase).
ResponseSteps respondSteps(const ResponseCase& c, const ResponseResult& answer,
                           std::string_view model);

}  // namespace touche::reference
