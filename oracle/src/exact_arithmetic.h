// touche oracle — whether an engine's own arithmetic is exact on a case, by an error analysis
// of its declared precision (docs/conventions.md, "Exact touches").
//
// A contact decision within an engine's rounding of the boundary may go either way, and
// judge() accepts it as a tie. That is right only where the engine rounds. Where every
// quantity its contact decision is built from is representable in its precision, it rounds
// nothing: two boxes resting on each other at integer coordinates touch exactly, the engine
// computes a separation of exactly 0, and a point dropped there is a bug (`<` for `<=`), not
// a tie. The analysis follows the operations of any narrow phase: world (or relative)
// coordinates from the inputs, edge vectors, face normals normalised from them, separations
// as dot products of a normal with a difference of coordinates, squared distances between
// core points, compared with the sum of the radii and the margin (or its square). It decides,
// from the case and its exact facts alone:
//
// - no chain segment (its one-sided rules have their own boundaries), and no circle the engine
//   replaces by a polygon (circleSegments);
// - every rotation is a quarter turn given exactly, (±1, 0) or (0, ±1): products with it
//   only move and negate coordinates;
// - every face of a polygon or segment, and every capsule's core, is axis-aligned, and its
//   normal, normalised in the precision by either usual formula (dividing by the length, or
//   multiplying by its reciprocal), is exactly a unit axis: the length's square is exact and
//   length · (1/length) rounds to 1;
// - every input (coordinates, translations, radii with the skin, the margin) is a multiple
//   of 2^k below 2^m with m + 4 − k at most the precision's bits (and 2^k a normal number):
//   then the transformed coordinates (below 2^(m+2)), their differences (below 2^(m+3)) and
//   the separations less the radii and the margin (below 2^(m+4)) are all exact;
// - where a decision is a distance (a circle, a capsule, or a radius or margin on sharp shapes
//   unless the engine declares face axes only), with n = m + 3 − k: 2n + 6 at most the
//   precision's bits. In units of 2^k the differences are integers below 2^n, a squared
//   distance D is an integer below 2^(2n+1) and the squared radius sum R² one below 2^(2n),
//   both exact. Apart from a touch, |D − R²| ≥ 1, so the distance is at least 2^−(n+1.5) from
//   the radius sum, while any formula of a few roundings (a square root, a normalised
//   direction and a dot product, a projection onto a core: relative error under 2^(3−p))
//   errs by less than 2^(n+3.5−p) ≤ 2^−(n+2.5): the engine decides as the exact sign does;
// - at an exact touch with the cores apart, the direction between the cores' closest points
//   is axis-aligned: the engine's normal is then exactly a unit axis, and the distance along
//   it a difference of coordinates, exactly the radius sum (a touch along a diagonal, such as
//   circles 5 apart on a 3-4-5 triangle, normalises to a rounded direction and may round
//   either way).
//
// Then the engine's decision is the exact one, so judge() holds it to the exact decision with
// no band (a declared contactBand aside), and says why.
#pragma once

#include <optional>
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

/// What the analysis reads of the engine's declared conventions.
struct EngineArithmetic {
  Precision precision = Precision::float64;
  double skin = 0.0;  ///< added to polygons and segments
  double margin = 0.0;
  bool faceAxesOnly = false;  ///< contact decided on face axes only (polygons and segments)
  int circleSegments = 0;     ///< circles replaced by n-gons (0: exact circles)
};

/// What the analysis reads of the case's exact facts: whether the shapes touch exactly (at the
/// margin), and the unit direction between the cores' closest points when the cores are apart.
struct TouchFacts {
  bool touching = false;
  std::optional<Vec2> closestDirection;
};

/// The analysis for an engine declaring `engine` on case `c` with facts `touch`.
ExactArithmetic exactArithmetic(const Case& c, const EngineArithmetic& engine,
                                const TouchFacts& touch);

}  // namespace touche::oracle::exact
