// touche reference — source 004's circle vs regular n-gon test, as an exact predicate.
//
// Source 004 describes a regular n-gon by its centre, circumradius, side count and rotation and
// decides overlap with a circle in polar form: the circle centre's angle modulo the sector angle
// 2π/n says which sector it is in; within the sector, the angle says whether the centre faces
// the edge or a corner; one distance threshold decides each case. Here every one of those
// decisions is an exact sign (docs/derivations/ngon.md); no trigonometry decides anything.
//
// The exact polygon. The ideal vertices c + ρ·(cos θk, sin θk), θk = rotation + 2πk/n, are
// irrational; a touche Polygon holds doubles. A RegularPolygon therefore *means* the polygon
// whose vertex k is the correctly rounded double of its ideal vertex (regularPolygonVertex). The
// predicate and the reference's Voronoi path (collidePolygonAndCircle on toPolygon(ngon)) decide
// on that one exact polygon, which is why their decisions can be required to be equal.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "touche/core/geometry.h"
#include "touche/core/manifold.h"
#include "touche/core/options.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"

namespace touche::reference {

/// Largest side count the predicate accepts. A touche Polygon holds at most
/// kMaxPolygonVertices (8) vertices; toPolygon() needs sides ≤ 8, the predicate does not.
inline constexpr int kMaxRegularPolygonSides = 64;

/// A regular n-gon in its body's local frame, parametrised as in source 004.
struct RegularPolygon {
  Vec2 center;                ///< centre of the circumcircle
  double circumradius = 0.0;  ///< ρ > 0: centre-to-vertex distance of the ideal polygon
  int sides = 0;              ///< n, 3 ≤ n ≤ kMaxRegularPolygonSides
  double rotation = 0.0;      ///< angle of vertex 0 about the centre, radians (any finite value)
  double radius = 0.0;        ///< rounding radius, as Polygon::radius (0: sharp corners)
};

/// Vertex k (0 ≤ k < sides) of the exact polygon: the double nearest (ties to even) to
/// center + ρ·(cos θk, sin θk), θk = rotation + 2πk/n, coordinate by coordinate. Provably
/// nearest: an MPFR enclosure of the ideal value is narrowed until it lies strictly between two
/// consecutive rounding midpoints; the cases where the ideal value is rational (rotation 0 and
/// θk a multiple of 30°) are evaluated exactly. Needs valid parameters (validateRegularPolygon).
Vec2 regularPolygonVertex(const RegularPolygon& ngon, int k);

/// All vertices, counter-clockwise, vertex 0 first.
std::vector<Vec2> regularPolygonVertices(const RegularPolygon& ngon);

/// Checks the parameters (fields "<prefix>.center", ".circumradius", ".sides", ".rotation",
/// ".radius") and the exact polygon ("<prefix>.vertices[k]"): every vertex within
/// kMaxCoordinate; strictly convex and counter-clockwise around the centre, which is strictly
/// inside; and the centre's foot on every edge's line within the edge (what the split of
/// ngon.cpp step 3 needs). Only a circumradius tiny against the centre's coordinates fails the
/// polygon checks: when ρ·(1 − cos 2π/n) nears an ulp of the centre, rounding breaks convexity.
std::optional<InputError> validateRegularPolygon(const RegularPolygon& ngon,
                                                 std::string_view prefix);

/// The n-gon as a touche Polygon (needs sides ≤ kMaxPolygonVertices): the same exact polygon
/// the predicate decides on, with the same rounding radius.
Polygon toPolygon(const RegularPolygon& ngon);

/// A regular n-gon with its exact polygon computed and checked once (each vertex costs MPFR
/// evaluations): build it once, test many circles against it.
class PreparedRegularPolygon {
 public:
  explicit PreparedRegularPolygon(const RegularPolygon& ngon);
  const RegularPolygon& ngon() const { return ngon_; }
  /// regularPolygonVertices(ngon()); empty when the parameters are invalid.
  const std::vector<Vec2>& vertices() const { return vertices_; }
  /// validateRegularPolygon(ngon(), prefix), without recomputing anything.
  std::optional<InputError> validate(std::string_view prefix) const;
  /// The first vertex whose ray from the centre lies at least π counter-clockwise from vertex
  /// 0's, decided exactly once here (the rays of vertex 0 and vertex n/2 are nearly opposite,
  /// which an interval cannot tell); the sector search uses it.
  int secondHalfStart() const { return secondHalfStart_; }

 private:
  RegularPolygon ngon_;
  std::vector<Vec2> vertices_;
  std::optional<InputError> error_;  ///< field relative to the prefix, e.g. "sides"
  int secondHalfStart_ = 0;
};

/// What source 004's test decided, and where it placed the circle centre.
struct RegularPolygonCircleTest {
  std::optional<InputError> error;  ///< set for invalid input; nothing else is then meaningful
  bool overlap = false;  ///< distance(centre, core polygon) ≤ rPolygon + rCircle + margin
  int sector = 0;        ///< k: the centre lies in the wedge [ray to vertex k, ray to vertex k+1)
  /// The part of the sector: a corner part (vertex) or the edge part (face). A centre exactly
  /// at the n-gon's centre has no direction: sector 0, edge part.
  FeatureType part = FeatureType::face;
  int feature = 0;  ///< the vertex (k or k + 1 mod n) or the face (k) the threshold measures to
};

/// Source 004's test (docs/derivations/ngon.md): does circle B come within `options.margin` of
/// n-gon A? Both shapes are placed by their transforms, as in collide(); the decision is exact
/// and equals the contact/no-contact decision of collidePolygonAndCircle(toPolygon(a), ...).
/// Validates every input first (prefixes "a", "xfA", "b", "xfB", "margin").
RegularPolygonCircleTest testRegularPolygonAndCircle(const RegularPolygon& a, const Transform& xfA,
                                                     const Circle& b, const Transform& xfB,
                                                     const Options& options = {});

/// The same, against a prepared n-gon.
RegularPolygonCircleTest testRegularPolygonAndCircle(const PreparedRegularPolygon& a,
                                                     const Transform& xfA, const Circle& b,
                                                     const Transform& xfB,
                                                     const Options& options = {});

/// The circle first: the same test with the roles named the other way round (prefixes "a" for
/// the circle, "b" for the n-gon in error fields).
RegularPolygonCircleTest testCircleAndRegularPolygon(const Circle& a, const Transform& xfA,
                                                     const RegularPolygon& b, const Transform& xfB,
                                                     const Options& options = {});

}  // namespace touche::reference
