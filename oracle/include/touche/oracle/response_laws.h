// touche oracle — judging a foreign solver's response by the laws of physics (design notes §9)
// and against the reference under the model the solver declares.
//
// A solver need not follow source 003 to be right: the laws hold for any impulse solver, so an
// engine developer finds a bug without matching our model. Each law is decided in exact
// rationals on the solver's doubles, within a budget that is exactly what rounding allows: half
// an ulp of each output for a correctly rounded engine (tolerance 0: the reference is held to
// the laws exactly), plus `epsilon` times the case's scale for an engine that rounds as it goes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "touche/core/response.h"

namespace touche::oracle {

enum class LawOutcome { pass, fail, notApplicable };
std::string_view lawOutcomeName(LawOutcome outcome);  // "pass", "fail", "n/a"

/// One law's verdict: its name, the outcome, and an explanation a person can act on (the
/// residual and the budget it was held to, or why the law does not apply).
struct LawVerdict {
  std::string law;
  LawOutcome outcome = LawOutcome::pass;
  std::string explanation;
};

/// The solver's precision: 0 for correctly rounded outputs (the reference); for a solver that
/// rounds as it goes, a relative error per unit of the case's scale (64·2⁻⁵² for double, 64·2⁻²³
/// for float are touche's own fast engines' bounds, measured 6 and 11).
struct ResponseTolerance {
  double epsilon = 0.0;
};
ResponseTolerance toleranceForEngine(std::string_view engine);  // reference, fast, fast_float

/// The laws, in this order: finite, static-untouched, linear-momentum, angular-momentum,
/// energy, separating, restitution, coulomb-cone, friction-bound, slip-not-reversed. A law that
/// does not apply to the case (momentum with a static body, restitution with friction or two
/// points) says so. `model` is the model the solver declares: a law that does not hold for that
/// model is not applied, and its verdict (n/a) says why (docs/conventions.md, "What the laws
/// say about the models"); under box2d-sequential and box2d-block the Coulomb cone is replaced
/// by the weaker friction-bound, and energy is judged only where no point gets a restitution
/// bias (or one point without friction). An empty or unknown model is held to every law.
std::vector<LawVerdict> judgeResponseLaws(const ResponseCase& c, const ResponseResult& r,
                                          const ResponseTolerance& tolerance,
                                          std::string_view model = {});

/// swap-symmetry: the result for swapBodies(c) must be `r` with A and B exchanged.
LawVerdict judgeSwapSymmetry(const ResponseCase& c, const ResponseResult& r,
                             const ResponseResult& swappedResult,
                             const ResponseTolerance& tolerance);

/// model: every output within budget of reference::respond(c, model).
LawVerdict judgeAgainstModel(const ResponseCase& c, const ResponseResult& r, std::string_view model,
                             const ResponseTolerance& tolerance);

/// True when no verdict failed.
bool passes(const std::vector<LawVerdict>& verdicts);

}  // namespace touche::oracle
