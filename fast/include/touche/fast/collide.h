// touche — the fast engine's typed API: prepared shapes and the canonical-pair functions.
//
//   PolygonT<T> p = prepare<T>(validatedPolygon);   // once, outside the hot path
//   ManifoldT<T> m = collidePolygons(p, xfA, q, xfB, margin);
//   collidePolygonsBatch<T>({pool, xfs, pool, xfs, indexA, indexB, n}, margin, out);  // many
//
// T is float or double. Inputs must be valid (touche::validateInput) and rotations unit
// (|(c, s)| = 1 up to T's rounding): the engine works in A's frame through the transpose of A's
// rotation. The generic entry points in touche/fast/fast.h validate for you and turn a rotation
// that is not exactly unit (which, as the contract applies it, also scales the shape) into a
// unit rotation and a scaled shape.
#pragma once

#include "touche/fast/batch.h"
#include "touche/fast/capsules.h"
#include "touche/fast/chain_segment.h"
#include "touche/fast/circles.h"
#include "touche/fast/polygons.h"
#include "touche/fast/shapes.h"
#include "touche/fast/types.h"
