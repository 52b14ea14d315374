// touche — SVG pictures of a case and the manifolds engines computed for it.
#pragma once

#include <span>
#include <string>

#include "touche/core/jsonl.h"

namespace touche::oracle {

/// An SVG drawing of both shapes (rounded polygons and circles drawn as such, y up), and for
/// each record its normal (an arrow from the points' centre) and points, one colour per
/// record, with a legend naming the engine, the status and the separations. The view box
/// fits the shapes and points with a margin.
std::string renderSvg(const Case& c, std::span<const ManifoldRecord> records);

}  // namespace touche::oracle
