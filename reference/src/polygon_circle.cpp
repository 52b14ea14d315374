// touche reference — polygon A (possibly rounded) vs circle B.
//
// Derivation: source 000's solvePolygonCircle and source 002's b2CollidePolygonAndCircle
// (Voronoi regions of the polygon: find the face of maximum separation, then decide between a
// vertex region and the face region), with Box2D v3's rule for the regions: a vertex region
// only when the centre is strictly outside the face (separation > 0) and strictly beyond an
// endpoint of it (u < 0); every other case, centre inside included, is the face region.
// Source 004 (circle vs regular n-gon by angles, ngon.cpp) splits the plane differently — its
// corner part is not the vertex region — but the two agree on contact vs no contact, which
// tests/reference/ngon_test.cpp checks pair by pair. All decisions are exact signs; the steps are
// one template over the number type, run on Approx first (approx.h) and in exact rationals
// only when a sign or a rounding is uncertain (filterStats()).
//
// Source mistakes (collected in docs/errata.md); "box" is half-extent 1 at the origin, all
// transforms identity unless given:
//  - source 000's face-region contact is center + r·n, the far side of the circle, outside the
//    polygon, instead of center − r·n: circle r = 0.5 at (1.25, 0) gets (1.75, 0); the
//    surfaces touch at x = 1 (box) and x = 0.75 (circle).
//  - source 000's final face test `dot(edge[0] − center, normal) > r` has the sign reversed: it
//    rejects a circle whose centre is deep inside (box half-extent 10, circle r = 1 at the
//    origin: −(−10) > 1 → "no contact").
//  - source 000's vertex region reports penetration r − bestDistance (the face separation)
//    instead of r − |center − vertex|: circle r = 1.5 at (1.75, 2) touches vertex (1, 1) at
//    distance 1.25, true penetration 0.25, source 000 says 1.5 − 1 = 0.5.
//  - source 000 uses `cos1 <= 0` for the vertex region, so a centre exactly on a vertex
//    normalises a zero vector (NaN): circle r = 0.5 centred at (1, 1).
//  - source 000 tests `distance < 0` after its loop, i.e. the separation of the LAST face
//    visited (face 0, the loop counts down) instead of bestDistance; the branch sets the
//    penetration to r (not r − bestDistance), does not return, and everything it sets is
//    overwritten below, so it is dead code in effect: a centre inside goes on through the
//    vertex tests and the reversed face test.
//  - source 004 takes the centre's angle as acos(dx/length) ∈ [0, π], losing the sign of dy:
//    a circle below a polygon is tested as its mirror image above. Regular triangle of
//    circumradius 2 with a vertex pointing down, (0,−2), (√3,1), (−√3,1); circle r = 1 at
//    (0,−2.5) overlaps the bottom vertex by 0.5, but is tested as if facing the top edge
//    (apothem 1): 2.5 > 1 + 1 → "no contact". Its comparison is strict (touching is missed)
//    and its lengthMin has `sp.size * this.size` where the law of cosines needs sp.size².
#include <optional>
#include <utility>

#include "construct.h"
#include "cores.h"
#include "rounding.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

/// Steps 2 and 6: the face of maximum separation of the centre (tie → lower index), and the
/// gap to the runner-up face.
template <class N>
struct BestFace {
  int index = 0;
  N w;  ///< raw separation (no radii) w/√g
  N g;
  std::optional<double> gap;
  SqrtFormOf<N> separation() const { return quotient(w, g); }
};

template <class N>
BestFace<N> findBestFace(const WorldPolygonOf<N>& p, const Vec2Of<N>& center) {
  BestFace<N> best;
  std::optional<std::pair<N, N>> runnerUp;
  for (int i = 0; i < p.count; ++i) {
    const FaceOf<N> f = faceOf(p, i);
    const N w = dot(center - f.v1, f.m);
    if (i == 0 || compareQuotients(w, f.g, best.w, best.g) > 0) {
      if (i != 0) runnerUp = std::make_pair(best.w, best.g);
      best.index = i;
      best.w = w;
      best.g = f.g;
    } else if (!runnerUp || compareQuotients(w, f.g, runnerUp->first, runnerUp->second) > 0) {
      runnerUp = std::make_pair(w, f.g);
    }
  }
  if (runnerUp) {
    best.gap =
        approximateDifference(best.separation(), quotient(runnerUp->first, runnerUp->second));
  }
  return best;
}

/// Step 3 (gap): DecisionGaps::region, the distance of the centre to the nearest boundary
/// between a face region and a vertex region, as the smallest distance to a line that bounds
/// the centre's region:
///  - outside, face region: the side lines through v1 and v2 perpendicular to the face (the
///    region is the slab between them: exact);
///  - outside, vertex region at v: the side lines of the two faces meeting at v (the region is
///    the wedge between them: a lower bound, exact when the nearest foot lies on the wedge);
///  - on or inside the polygon: −separation, the distance to the polygon's boundary, beyond
///    which every vertex region lies (a lower bound; 0 on the face, where the outside test is
///    at its threshold).
template <class N>
std::optional<double> regionGap(const WorldPolygonOf<N>& p, const BestFace<N>& best,
                                const Vec2Of<N>& center, int vertex) {
  MinDistanceOf<N> nearest;
  if (sign(best.w) <= 0) {
    nearest.offer(best.w, best.g);
    return nearest.rounded();
  }
  const auto offerSideLine = [&](int at, int face) {  // line through vertex `at` ⟂ face
    const Vec2Of<N> e = p.vertices[nextIndex(face, p.count)] - p.vertices[face];
    nearest.offer(dot(center - p.vertices[at], e), dot(e, e));
  };
  if (vertex < 0) {
    offerSideLine(best.index, best.index);
    offerSideLine(nextIndex(best.index, p.count), best.index);
  } else {
    offerSideLine(vertex, vertex);
    offerSideLine(vertex, vertex > 0 ? vertex - 1 : p.count - 1);
  }
  return nearest.rounded();
}

/// Steps 2–6 in the world frame, for N = Rational or Approx.
template <class N>
Manifold polygonAndCircle(const WorldPolygonOf<N>& polygon, const Vec2Of<N>& center,
                          const N& radiusB, const N& margin) {
  // Step 2: the face of maximum separation (source 000's loop, source 002's normalIndex).
  const BestFace<N> best = findBestFace(polygon, center);
  const int i1 = best.index;
  const int i2 = nextIndex(i1, polygon.count);
  const FaceOf<N> face = faceOf(polygon, i1);

  // Step 3: vertex regions (Box2D v3): strictly outside the face and strictly beyond v1 / v2.
  const bool outside = sign(best.w) > 0;
  const Vec2Of<N>& v1 = polygon.vertices[i1];
  const Vec2Of<N>& v2 = polygon.vertices[i2];
  const bool beyondV1 = outside && sign(dot(center - v1, v2 - v1)) < 0;
  const bool beyondV2 = outside && sign(dot(center - v2, v1 - v2)) < 0;

  ContactOf<N> contact;
  FeatureId id{FeatureType::face, static_cast<std::uint8_t>(i1), FeatureType::vertex, 0};
  std::optional<double> normalGap;
  int vertex = -1;
  if (beyondV1 || beyondV2) {
    // Step 4: vertex region — the vertex acts as a circle of the polygon's radius; the normal
    // is normalised from center − v (DecisionGaps::normal: its length).
    vertex = beyondV1 ? i1 : i2;
    const Vec2Of<N>& v = polygon.vertices[vertex];
    contact = roundContact(v, polygon.radius, center, radiusB, center - v);
    normalGap = lengthGap(center - v);
    id = FeatureId{FeatureType::vertex, static_cast<std::uint8_t>(vertex), FeatureType::vertex, 0};
  } else {
    // Step 5: face region (centre outside between the endpoints, on the face, or inside).
    contact = faceContact(face.v1, face.m, polygon.radius, center, radiusB);
  }

  // Step 6: within the margin → one point; gaps from steps 2–5.
  Manifold m;
  if (withinMargin(contact.separation, margin)) m = singlePointManifold(contact, id);
  m.gaps.axis = best.gap;
  m.gaps.contact = contactGap(contact.separation, margin);
  m.gaps.region = regionGap(polygon, best, center, vertex);
  m.gaps.normal = normalGap;
  return m;
}

}  // namespace

Manifold collidePolygonAndCircle(const Polygon& a, const Transform& xfA, const Circle& b,
                                 const Transform& xfB, const Options& options) {
  // Step 1: polygon vertices and circle centre in the world frame (filtered: Approx first,
  // exact rationals when a decision or a rounding is uncertain).
  const PolygonInput polygon{a.vertices.data(), a.count, a.radius, xfA};
  return filtered([&](auto zero) {
    using N = decltype(zero);
    return polygonAndCircle(toWorld<N>(polygon), toWorld<N>(xfB, b.center), lift<N>(b.radius),
                            lift<N>(options.margin));
  });
}

}  // namespace touche::reference
