// touche oracle — how well an engine can know what it decides on, beyond a normal's turn
// times the lever arm (compare() and judge() share these allowances).
//
// A face's reading under a turn of its normal (turnedFaceRise).
// A separating-axis test reads a face's separation as the least height of the other shape's
// points above the face's plane. With the normal n turned by φ toward the face's tangent t,
// a point a at height s = n·(a − v) and offset τ = t·(a − v) from the face's start v reads
// s·cos φ + τ·sin φ. The reading is the lower envelope of these sinusoids; how far above its
// value at φ = 0 it can rise over |φ| ≤ Φ depends on where the points lie, not only on how
// far they are: a shape straddling the face along its tangent reads no higher for any turn
// (one of its points sinks as the other rises), however short — and however badly known —
// the face is. The generic bound turn × lever arm ignores that.
//
// A polygon's centroid (centroidConditioning): the one-sided rules of a chain segment ask on
// which side of a line the other shape's centroid lies. An engine sums a fan of triangles
// whose areas each move by about the diameter times a vertex's rounding, and divides by the
// whole area: the centroid moves by the vertices' rounding times diameter² / area — 2 for a
// square, the length over the width for a sliver.
#pragma once

#include <vector>

#include "touche/core/geometry.h"

namespace touche::oracle::detail {

/// A point seen from a face: its height along the face's outward unit normal and its offset
/// along the face's tangent, both from the face's start.
struct FaceView {
  double height = 0.0;
  double along = 0.0;
};

/// The largest rise, over every turn of the normal whose chord is at most `turn` (2 or more:
/// any direction), of the least reading over `points` above its value at the exact normal
/// (never negative; 0 without points). Evaluated in double with a guard for its own rounding:
/// an allowance, not a decision.
double turnedFaceRise(const std::vector<FaceView>& points, double turn);

/// How many times its vertices' rounding a polygon's centroid may move: diameter² / area
/// (0 for fewer than 3 vertices, infinite without area in double). Scale-free: evaluated on
/// the vertices scaled to about 1, so that no square underflows or overflows.
double centroidConditioning(const std::vector<Vec2>& vertices);

}  // namespace touche::oracle::detail
