// touche oracle — teaching figures of one response case (docs/derivations/response.md): the
// impulse at a contact, the friction and its Coulomb cone, the positional correction, drawn
// from the case and a solver's answer to it (the reference's, for the page's figures).
//
// A response case has no shapes: each body is drawn as its centre, the contact as its point,
// the normal n and the plane through the point across n. Velocities and impulses are drawn
// from the contact point at the scale of the coordinates (a velocity of 1 is an arrow of
// length 1), so the figure's cases are chosen with numbers of the size of the scene. The
// numbers of the legend are the figure's step by step, for the first manifold point.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "touche/core/response.h"

namespace touche::oracle {

/// What a response figure shows.
enum class ResponseFigure {
  impulse,     ///< r_A, r_B, n, v_rel before and after, the normal impulse jn·n (steps 1-5)
  friction,    ///< t, the cone of half-angle atan μ around n, the friction clamped to it (step 6)
  correction,  ///< the depth, the slop and each body's translation along n (step 7)
};

/// "impulse", "friction", "correction".
std::string_view responseFigureName(ResponseFigure figure);
/// The figure named `name`, or none.
std::optional<ResponseFigure> responseFigureNamed(std::string_view name);

/// The figure's legend, one line each: the case and model, then the step-by-step numbers
/// (six significant digits, svg::legendNum) of the first manifold point.
std::vector<std::string> responseFigureLegend(const ResponseCase& c, const ResponseResult& r,
                                              std::string_view model, ResponseFigure figure);

/// The SVG of `figure` for case `c` answered by `r` (status ok, at least one point) under
/// `model`.
std::string responseSvg(const ResponseCase& c, const ResponseResult& r, std::string_view model,
                        ResponseFigure figure);

}  // namespace touche::oracle
