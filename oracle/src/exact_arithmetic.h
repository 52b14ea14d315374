// touche oracle — whether an engine's own arithmetic is exact on a case, by an error analysis
// of its declared precision (docs/conventions.md, "Exact touches").
//
// A contact decision within an engine's rounding of the boundary may go either way, and
// judge() accepts it as a tie. That is right only where the engine rounds. Where every
// quantity its contact decision is built from is representable in its precision, it rounds
// nothing: two boxes resting on each other at integer coordinates touch exactly, the engine
// computes a separation of exactly 0, and a point dropped there is a bug (`<` for `<=`), not
// a tie. The analysis follows the operations of any narrow phase on polygons and segments:
// world (or relative) coordinates from the inputs, edge vectors, face normals normalised from
// them, separations as dot products of a normal with a difference of coordinates, compared
// with the sum of the radii and the margin. It decides, from the case alone:
//
// - the shapes are polygons and segments (a circle's or capsule's contact is a distance, a
//   square root the precision does not hold; a chain segment's one-sided rules have their
//   own boundaries), and every decision is along a face axis: no radius and no margin
//   (whose corners are decided on a distance), unless the engine declares face axes only;
// - every rotation is a quarter turn given exactly, (±1, 0) or (0, ±1): products with it
//   only move and negate coordinates;
// - every face is axis-aligned, and its normal, normalised in the precision by either usual
//   formula (dividing by the length, or multiplying by its reciprocal), is exactly a unit
//   axis: the length's square is exact and length · (1/length) rounds to 1;
// - every input (coordinates, translations, radii with the skin, the margin) is a multiple
//   of 2^k below 2^m with m + 4 − k at most the precision's bits (and 2^k a normal number):
//   then the transformed coordinates (below 2^(m+2)), their differences (below 2^(m+3)) and
//   the separations less the radii and the margin (below 2^(m+4)) are all exact.
//
// Then the engine's decision is the exact one, so judge() holds it to the exact decision with
// no band (a declared contactBand aside), and says why.
#pragma once

#include <string>

#include "touche/core/jsonl.h"
#include "touche/oracle/compare.h"

namespace touche::oracle::exact {

struct ExactArithmetic {
  bool exact = false;
  /// Why it is (the grid, the precision, the rotations and faces), or the first reason it is
  /// not ("B is a circle: ...").
  std::string why;
};

/// The analysis for an engine of `precision` that adds `skin` to polygons and segments, at
/// `margin`; `faceAxesOnly`: the engine decides contact on face axes only.
ExactArithmetic exactArithmetic(const Case& c, Precision precision, double skin, double margin,
                                bool faceAxesOnly);

}  // namespace touche::oracle::exact
