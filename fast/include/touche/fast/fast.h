// touche — the fast float engine: public entry points.
//
// Same contract as the reference, computed in float or double with no allocation and no
// exceptions in the hot path. The generic entry points below validate and convert; the typed
// API in touche/fast/ (prepared shapes) is what an engine embeds.
#pragma once

#include "touche/core/engine.h"

namespace touche::fast {

/// Any ordered pair, computed in double.
Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options = {});
/// Any ordered pair, computed in float (inputs rounded to float, outputs widened).
Manifold collideFloat(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                      const Options& options = {});

bool implements(PairId pair);

inline constexpr Engine kDoubleEngine{"fast", &collide, &implements};
inline constexpr Engine kFloatEngine{"fast_float", &collideFloat, &implements};

}  // namespace touche::fast
