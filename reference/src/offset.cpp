// touche reference — source 001's offset boundary (offset.h), step by step as §6 and §10 build it:
//   Step 1: each edge p→q pushed by r along its unit front normal n (the left normal): the
//           offset segment p + r·n → q + r·n (the source's p3, p4).
//   Step 2: at each vertex, the previous and the next offset segments. The source crosses the
//           two segments: a crossing is the corner, none gives an arc around the vertex from
//           the previous segment's end to the next one's start. touche decides by the turn
//           (exact): a left turn — concave seen from the front — is the crossing of the two
//           offset LINES, v + r·(n1 + n2)/(1 + n1·n2); a right turn is the arc; a straight
//           vertex is the common point v + r·n. The source's own decision is kept beside it.
//   Step 3: each edge's piece runs from its start corner's end to its end corner's start; it
//           runs backwards where the corners crossed over (the edge's offset vanished).
#include "touche/reference/offset.h"

#include <boost/multiprecision/mpfr.hpp>

#include "exact.h"
#include "touche/core/validate.h"

namespace touche::reference {
namespace {

using Precise = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<80>,
                                              boost::multiprecision::et_off>;

using PreciseVec = Vec2Of<Precise>;  // +, −, k·a, dot, cross: exact.h

PreciseVec precise(Vec2 v) {
  return {Precise(v.x), Precise(v.y)};
}
Vec2 rounded(const PreciseVec& v) {
  return {static_cast<double>(v.x), static_cast<double>(v.y)};
}

/// Step 1: edge i's unit front normal and its offset segment.
struct OffsetSegment {
  PreciseVec normal, from, to;
};

OffsetSegment offsetSegment(const std::vector<Vec2>& polygon, std::size_t i, const Precise& r) {
  const std::size_t n = polygon.size();
  const PreciseVec p = precise(polygon[i]), q = precise(polygon[(i + 1) % n]);
  const PreciseVec e = q - p;
  const Precise length = sqrt(dot(e, e));
  const PreciseVec normal{-e.y / length, e.x / length};
  return {normal, p + r * normal, q + r * normal};
}

/// Step 2, the source's test: do the closed segments a and b cross?
bool segmentsCross(const OffsetSegment& a, const OffsetSegment& b) {
  const PreciseVec da = a.to - a.from, db = b.to - b.from;
  const Precise den = cross(da, db);
  if (den == 0) return false;  // parallel: the source's general-form crossing has none
  const PreciseVec w = b.from - a.from;
  const Precise s = cross(w, db) / den, t = cross(w, da) / den;
  return s >= 0 && s <= 1 && t >= 0 && t <= 1;
}

/// Step 2, touche's rule: the corner at vertex i between the offsets of edges i − 1 and i.
OffsetCorner corner(const std::vector<Vec2>& polygon, std::size_t i, const OffsetSegment& before,
                    const OffsetSegment& after, const Precise& r) {
  const std::size_t n = polygon.size();
  OffsetCorner c;
  c.vertex = static_cast<std::uint32_t>(i);
  const int turn = orient2d(polygon[(i + n - 1) % n], polygon[i], polygon[(i + 1) % n]);
  c.arc = turn < 0;
  c.sourceArc = !segmentsCross(before, after);
  c.sourceFrom = rounded(before.to);
  c.sourceTo = rounded(after.from);
  if (c.arc) {
    c.from = rounded(before.to);
    c.to = rounded(after.from);
    return c;
  }
  const PreciseVec v = precise(polygon[i]);
  const PreciseVec crossing =
      turn == 0 ? before.to
                : v + (r / (1 + dot(before.normal, after.normal))) * (before.normal + after.normal);
  c.from = c.to = rounded(crossing);
  return c;
}

}  // namespace

OffsetBoundary offsetPolygon(const std::vector<Vec2>& polygon, double r) {
  OffsetBoundary out;
  out.radius = r;
  const std::size_t n = polygon.size();
  if (n < 3 || !(r > 0)) return out;
  const Precise radius(r);
  std::vector<OffsetSegment> segments;
  for (std::size_t i = 0; i < n; ++i)
    segments.push_back(offsetSegment(polygon, i, radius));
  for (std::size_t i = 0; i < n; ++i)
    out.corners.push_back(corner(polygon, i, segments[(i + n - 1) % n], segments[i], radius));
  // Step 3: piece i from corner i's end to corner i + 1's start.
  for (std::size_t i = 0; i < n; ++i) {
    OffsetPiece piece;
    piece.edge = static_cast<std::uint32_t>(i);
    piece.from = out.corners[i].to;
    piece.to = out.corners[(i + 1) % n].from;
    const Vec2 e = polygon[(i + 1) % n] - polygon[i];
    const PreciseVec along = precise(piece.to) - precise(piece.from);
    piece.reversed = dot(along, precise(e)) < 0;
    out.pieces.push_back(piece);
  }
  return out;
}

}  // namespace touche::reference
