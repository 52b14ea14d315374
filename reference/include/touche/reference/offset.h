// touche — source 001's offset boundary of a polygon, built the way the source builds it (§6,
// §10 PolyExtendGeometry), for drawing and teaching (docs/derivations/bounce.md).
//
// Each edge is pushed by r to its front (its left: inside the walls, outside an obstacle).
// Where two neighbouring offset segments meet, the corner is their crossing; where they do
// not, an arc of radius r around the vertex joins them. The source decides "meet" by crossing
// the two offset segments; the exact rule is the turn at the vertex (a left turn — concave
// seen from the front — has crossing offset lines, a right turn an arc). The two differ where
// the offset lines cross beyond a short edge: the source then draws an arc at a concave corner
// (`sourceArc`). A piece between two corners runs backwards (`reversed`) where its edge's
// offset vanishes, and pieces cross each other where the polygon is narrower than 2r. The
// path never uses this construction: it takes the features one by one (docs/errata.md).
#pragma once

#include <cstdint>
#include <vector>

#include "touche/core/geometry.h"

namespace touche::reference {

/// The offset at one vertex: an arc around it (a right turn) or the crossing of the two
/// neighbouring offset lines (a left turn; a straight vertex gives the common offset point).
struct OffsetCorner {
  std::uint32_t vertex = 0;
  bool arc = false;
  bool sourceArc = false;  ///< what source 001's segment-crossing test decides here
  Vec2 from;               ///< where the corner starts (the previous offset piece ends here)
  Vec2 to;                 ///< where it ends (the next piece starts); from = to for a crossing
  Vec2 sourceFrom;         ///< the previous offset segment's full end (v + r·n_previous)
  Vec2 sourceTo;           ///< the next offset segment's full start (v + r·n_next)
};

/// The offset piece of edge i: from corner i's end to corner i + 1's start.
struct OffsetPiece {
  std::uint32_t edge = 0;
  Vec2 from;
  Vec2 to;
  bool reversed = false;  ///< it runs against its edge: the edge's offset vanished
};

struct OffsetBoundary {
  double radius = 0.0;
  std::vector<OffsetCorner> corners;  ///< one per vertex
  std::vector<OffsetPiece> pieces;    ///< one per edge
};

/// The offset of a simple polygon (vertices in order; the front of each edge on its left) by
/// r > 0. Which corners are arcs is decided exactly (the turn); points are computed with 256
/// bits and rounded to doubles; `reversed` and `sourceArc` are decided at that precision (a
/// drawing: nothing of the path depends on them).
OffsetBoundary offsetPolygon(const std::vector<Vec2>& polygon, double r);

}  // namespace touche::reference
