// touche — the one engine interface.
//
// An engine is a set of free functions over the core types. Its entry point has the signature
// CollideFn: it validates the input (status error), maps the ordered pair through the pair
// table (status unsupported for pairs without area or not implemented), computes the canonical
// pair and swaps roles back when the table says so. dispatchCollide() does exactly that, so
// an engine only supplies its canonical-pair function and the list of pairs it implements.
#pragma once

#include <string_view>

#include "touche/core/manifold.h"
#include "touche/core/options.h"
#include "touche/core/pairs.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"

namespace touche {

using CollideFn = Manifold (*)(const Shape& a, const Transform& xfA, const Shape& b,
                               const Transform& xfB, const Options& options);
using ImplementsFn = bool (*)(PairId pair);

/// The tiny table of function pointers every engine and adapter fills in.
struct Engine {
  std::string_view name;  ///< "reference", "fast", "fast_float", "box2d", ...
  CollideFn collide;
  ImplementsFn implements;
};

/// Why `engine` answers `unsupported` for the ordered pair (a, b).
std::string unsupportedReason(const Engine& engine, ShapeType a, ShapeType b);

/// Validate, look up, compute canonically, swap back. `canonical(id, a, xfA, b, xfB, options)`
/// receives the shapes in canonical order and returns the canonical manifold.
template <class CanonicalFn>
Manifold dispatchCollide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                         const Options& options, ImplementsFn implements, CanonicalFn&& canonical) {
  if (validateInput(a, xfA, b, xfB, options)) return statusOnly(Status::error);
  const PairLookup lookup = lookupPair(typeOf(a), typeOf(b));
  if (!pairInfo(lookup.id).hasArea || !implements(lookup.id)) {
    return statusOnly(Status::unsupported);
  }
  if (!lookup.swapped) return canonical(lookup.id, a, xfA, b, xfB, options);
  return swapRoles(canonical(lookup.id, b, xfB, a, xfA, options));
}

}  // namespace touche
