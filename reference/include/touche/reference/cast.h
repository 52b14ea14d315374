// touche — the exact reference engine's casts (design notes §8; docs/conventions.md, "Casts").
//
// A circle of radius r (r = 0: a ray) moves from input.origin by input.translation·t; the
// answer is the smallest t in [0, maxFraction] at which it touches the shape, decided exactly
// (source 001's Minkowski expansion, ray vs directed segment and ray vs arc: reference/src/
// cast_features.h, docs/derivations/cast.md), with every output the correctly rounded double
// of its exact value and the decision gaps of CastGaps.
#pragma once

#include "touche/core/cast.h"

namespace touche::reference {

/// Any shape: validates (error), dispatches through the cast table, casts.
CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input);

/// Shape types this engine casts against: all of them.
bool castImplements(ShapeType type);

inline constexpr CastEngine kCastEngine{"reference", &cast, &castImplements};

// One entry per shape type (the cast table's order). Inputs must be valid (validateCast);
// cast() checks that for you.
CastResult castCircle(const Circle& shape, const Transform& xf, const CastInput& input);
CastResult castCapsule(const Capsule& shape, const Transform& xf, const CastInput& input);
CastResult castSegment(const Segment& shape, const Transform& xf, const CastInput& input);
CastResult castPolygon(const Polygon& shape, const Transform& xf, const CastInput& input);
CastResult castChainSegment(const ChainSegment& shape, const Transform& xf, const CastInput& input);

}  // namespace touche::reference
