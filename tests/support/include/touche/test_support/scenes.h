// touche test support — whole scenes (a touche::Case): random placements tuned to touch about
// half the time, and scenes aimed at the hard configurations: faces exactly parallel, a vertex
// exactly on a face, shapes touching exactly, shapes a hair apart or a hair overlapping.
// Every edge-case scene is built in exact grid arithmetic in a frame where the face is
// horizontal, then turned by a random multiple of 90° (exact).
#pragma once

#include <string>

#include "touche/test_support/generators.h"
#include "touche/test_support/scene_ops.h"

namespace touche::test {

/// How far apart an edge-case scene puts the two features.
enum class Gap { touching, hairApart, hairOverlap, apart, overlap };
inline constexpr Gap kGaps[] = {Gap::touching, Gap::hairApart, Gap::hairOverlap, Gap::apart,
                                Gap::overlap};

inline const char* gapName(Gap gap) {
  switch (gap) {
    case Gap::touching:
      return "touching";
    case Gap::hairApart:
      return "hair-apart";
    case Gap::hairOverlap:
      return "hair-overlap";
    case Gap::apart:
      return "apart";
    case Gap::overlap:
      return "overlap";
  }
  return "?";
}

/// Signed offset for the gap: 0 when touching; a hair (2^-30, or the ulp of 2·magnitude) or a
/// grid amount in [step, 1/2] otherwise. `magnitude` bounds every coordinate the offset is
/// added into; a hair of at least ulp(2·magnitude) keeps those sums exact (the grid values are
/// multiples of the hair, and the results stay below 2^53 hairs).
template <class Rng>
double gapOffset(Rng& rng, Gap gap, double magnitude, Grid grid) {
  const double hair = chance(rng, 0.5) ? ulpOf(2 * std::max(magnitude, 1.0)) : 0x1p-30;
  switch (gap) {
    case Gap::touching:
      return 0.0;
    case Gap::hairApart:
      return hair;
    case Gap::hairOverlap:
      return -hair;
    case Gap::apart:
      return gridValue(rng, grid, gridStep(grid), 0.5);
    case Gap::overlap:
      return -gridValue(rng, grid, gridStep(grid), 0.5);
  }
  return 0.0;
}

/// A random placement: B's origin at A's origin plus d in a random direction, with d a
/// fraction u ∈ [0.15, 1.05] of the sum of the bounds; about half the scenes touch
/// (measured by the generator tests).
template <class Rng>
Case randomScene(Rng& rng, PairId pair, const SceneSpec& spec, RotationKind rotation) {
  Case scene;
  scene.id = std::string("random-") + std::string(pairInfo(pair).name);
  scene.a = shapeOf(rng, pairInfo(pair).a, spec);
  scene.b = shapeOf(rng, pairInfo(pair).b, spec);
  scene.xfA = transformOf(rng, spec.grid, spec.worldLimit, rotation);
  scene.xfB.q = rotationOf(rng, rotation);
  const double u = 0.15 + 0.9 * uniformUnit(rng);
  const double d = u * (localBound(scene.a) + localBound(scene.b));
  const double phi = 2 * std::numbers::pi * uniformUnit(rng);
  scene.xfB.p = snapToGrid(scene.xfA.p + d * Vec2{std::cos(phi), std::sin(phi)}, spec.grid);
  return scene;
}

/// Turns the whole scene by a random multiple of 90° (exact) and records the kind in its id.
template <class Rng>
Case finishEdgeScene(Rng& rng, Case scene, const std::string& kind, Gap gap) {
  scene.id = kind + "-" + gapName(gap);
  return rotatedScene(scene, static_cast<int>(uniformInt(rng, 0, 3)));
}

/// Polygon A with a flat face exactly on top (at y = pA.y, normal +y): the flat-bottom polygon
/// turned by 180°.
template <class Rng>
FlatPolygon flatTopPolygon(Rng& rng, const SceneSpec& spec, Transform* xfA) {
  FlatPolygon flat = flatBottomPolygon(rng, spec);
  xfA->p = gridPoint(rng, spec.grid, spec.worldLimit);
  xfA->q = {-1, 0};
  return flat;
}

/// Two polygons whose faces are exactly parallel (A's top face, B's bottom face), offset
/// sideways so they overlap along x, at the given gap.
template <class Rng>
Case parallelFacesScene(Rng& rng, const SceneSpec& spec, Gap gap) {
  Case scene;
  FlatPolygon a = flatTopPolygon(rng, spec, &scene.xfA);
  FlatPolygon b = flatBottomPolygon(rng, spec);
  if (chance(rng, spec.roundedChance)) a.polygon.radius = roundingRadius(rng, spec, a.halfWidth);
  if (chance(rng, spec.roundedChance)) b.polygon.radius = roundingRadius(rng, spec, b.halfWidth);
  scene.a = a.polygon;
  scene.b = b.polygon;
  const double reach = 0.9 * (a.halfWidth + b.halfWidth);
  const double dx = gridValue(rng, spec.grid, -reach, reach);
  // The rounded surfaces are radiusA above and radiusB below the two flat cores.
  const double y = scene.xfA.p.y + a.polygon.radius + b.polygon.radius;
  scene.xfB = {{scene.xfA.p.x + dx, y + gapOffset(rng, gap, std::fabs(y), spec.grid)}, {1, 0}};
  return finishEdgeScene(rng, scene, "parallel-faces", gap);
}

/// Index of the vertex of `polygon` with the lowest y after rotating by q (first on ties).
inline int lowestVertex(const Polygon& polygon, Rot q) {
  int best = 0;
  for (int i = 1; i < polygon.count; ++i) {
    if (rotate(q, polygon.vertices[i]).y < rotate(q, polygon.vertices[best]).y) best = i;
  }
  return best;
}

/// Polygon B (quarter-turn rotation) whose lowest vertex sits on A's flat top face, at the gap.
template <class Rng>
Case vertexOnFaceScene(Rng& rng, const SceneSpec& spec, Gap gap) {
  Case scene;
  const FlatPolygon a = flatTopPolygon(rng, spec, &scene.xfA);
  SceneSpec sharp = spec;
  sharp.roundedChance = 0;
  const Polygon b = convexPolygon(rng, sharp);
  scene.a = a.polygon;
  scene.b = b;
  scene.xfB.q = quarterTurnRot(rng);
  const Vec2 lowest = rotate(scene.xfB.q, b.vertices[lowestVertex(b, scene.xfB.q)]);
  const double y = scene.xfA.p.y;
  const double reach = 0.9 * a.halfWidth;
  const double magnitude = std::fabs(y) + std::fabs(lowest.y) + 1;  // bounds target.y and pB.y
  const Vec2 target{scene.xfA.p.x + gridValue(rng, spec.grid, -reach, reach),
                    y + gapOffset(rng, gap, magnitude, spec.grid)};
  scene.xfB.p = target - lowest;
  return finishEdgeScene(rng, scene, "vertex-on-face", gap);
}

/// Pythagorean triples (a, b, c): centres (a, b)·s apart are exactly c·s apart.
inline constexpr int kTriples[][3] = {{3, 4, 5},   {5, 12, 13},  {8, 15, 17},
                                      {7, 24, 25}, {20, 21, 29}, {0, 1, 1}};

/// Circles whose centres are exactly a Pythagorean distance apart, with radii summing to that
/// distance adjusted by the gap (touching exactly when Gap::touching).
template <class Rng>
Case touchingCirclesScene(Rng& rng, const SceneSpec& spec, Gap gap) {
  const auto& t = pick(rng, kTriples);
  const double s =
      std::ldexp(1.0, -static_cast<int>(uniformInt(rng, 1, 3))) * (chance(rng, 0.5) ? 1.0 : 0.5);
  const double dist = t[2] * (t[2] > 5 ? s / 4 : s);
  const Vec2 offset =
      (t[2] > 5 ? s / 4 : s) * Vec2{static_cast<double>(t[0]), static_cast<double>(t[1])};
  Case scene;
  // rb ≥ 2 steps − a hair: only the wide gaps (apart) can need the clamp below.
  const double ra = gridValue(rng, spec.grid, gridStep(spec.grid), dist - 2 * gridStep(spec.grid));
  const double rb = dist - ra - gapOffset(rng, gap, dist, spec.grid);
  scene.a = Circle{gridPoint(rng, spec.grid, 1), ra};
  scene.b = Circle{gridPoint(rng, spec.grid, 1), std::max(rb, gridStep(spec.grid))};
  scene.xfA = transformOf(rng, spec.grid, spec.worldLimit, RotationKind::quarterTurn);
  scene.xfB.q = quarterTurnRot(rng);
  const Vec2 centerA = apply(scene.xfA, std::get<Circle>(scene.a).center);
  scene.xfB.p = centerA + offset - rotate(scene.xfB.q, std::get<Circle>(scene.b).center);
  return finishEdgeScene(rng, scene, "circles-pythagorean", gap);
}

/// Concentric circles: centres exactly equal (the degenerate-normal case).
template <class Rng>
Case concentricCirclesScene(Rng& rng, const SceneSpec& spec) {
  Case scene;
  scene.a = circleShape(rng, spec);
  scene.b = circleShape(rng, spec);
  scene.xfA = transformOf(rng, spec.grid, spec.worldLimit, RotationKind::mixed);
  scene.xfB.q = quarterTurnRot(rng);
  const Vec2 centerA = apply(scene.xfA, std::get<Circle>(scene.a).center);
  scene.xfB.p =
      snapToGrid(centerA, spec.grid) - rotate(scene.xfB.q, std::get<Circle>(scene.b).center);
  std::get<Circle>(scene.a).center = {0, 0};  // keep the centre exact under a general rotation
  scene.xfA.p = snapToGrid(centerA, spec.grid);
  scene.id = "circles-concentric";
  return scene;
}

/// A circle resting on A's flat top face at the gap (or with its centre on the face).
template <class Rng>
Case circleOnFaceScene(Rng& rng, const SceneSpec& spec, Gap gap) {
  Case scene;
  const FlatPolygon a = flatTopPolygon(rng, spec, &scene.xfA);
  const Circle b{{0, 0}, gridValue(rng, spec.grid, spec.minSize, spec.maxSize)};
  scene.a = a.polygon;
  scene.b = b;
  const double y = scene.xfA.p.y;
  const double reach = 0.9 * a.halfWidth;
  const double lift = chance(rng, 0.2) ? 0.0 : b.radius + a.polygon.radius;  // centre on face
  scene.xfB = {{scene.xfA.p.x + gridValue(rng, spec.grid, -reach, reach),
                y + lift + gapOffset(rng, gap, std::fabs(y) + lift, spec.grid)},
               quarterTurnRot(rng)};
  return finishEdgeScene(rng, scene, lift == 0 ? "circle-centre-on-face" : "circle-on-face", gap);
}

/// A circle whose centre is a Pythagorean distance from a vertex of A, with that distance as
/// its radius (touching the vertex exactly when Gap::touching).
template <class Rng>
Case circleOnVertexScene(Rng& rng, const SceneSpec& spec, Gap gap) {
  Case scene;
  SceneSpec sharp = spec;
  sharp.roundedChance = 0;
  const Polygon a = convexPolygon(rng, sharp);
  scene.a = a;
  scene.xfA = transformOf(rng, spec.grid, spec.worldLimit, RotationKind::quarterTurn);
  const Vec2 vertex = apply(scene.xfA, a.vertices[uniformInt(rng, 0, a.count - 1)]);
  const auto& t = pick(rng, kTriples);
  const double s = t[2] > 5 ? 0x1p-4 : 0x1p-2;
  const Vec2 offset = quarterTurn(s * Vec2{1.0 * t[0], 1.0 * t[1]}, uniformInt(rng, 0, 3));
  const double radius = t[2] * s;
  scene.b = Circle{{0, 0}, radius - gapOffset(rng, gap, radius, spec.grid)};
  if (std::get<Circle>(scene.b).radius <= 0) std::get<Circle>(scene.b).radius = radius;
  scene.xfB = {vertex + offset, quarterTurnRot(rng)};
  return finishEdgeScene(rng, scene, "circle-near-vertex", gap);
}

/// A shape whose surface is flat along y = 0 over x ∈ [−halfWidth, halfWidth] (a point for a
/// circle), with its body below (top) or above (bottom).
struct FlatShape {
  Shape shape;
  double halfWidth = 0;
};

/// y moved by one ulp up or down (from 0 that is the smallest subnormal): tilts a flat feature
/// by one ulp.
template <class Rng>
double ulpNudged(Rng& rng, double y) {
  return std::nextafter(y, chance(rng, 0.5) ? INFINITY : -INFINITY);
}

/// A's flat top surface at local y = 0 (body below), for any shape type; with probability
/// `tiltChance` one end of the flat feature is moved by one ulp (faces parallel within an ulp).
template <class Rng>
FlatShape flatTopShape(Rng& rng, ShapeType type, const SceneSpec& spec, double tiltChance) {
  const double r = gridValue(rng, spec.grid, spec.minSize, spec.maxSize);
  const double radius = chance(rng, spec.roundedChance) ? roundingRadius(rng, spec, r) : 0.0;
  const bool tilt = chance(rng, tiltChance);
  switch (type) {
    case ShapeType::circle:
      return {Circle{{0, -r}, r}, 0};
    case ShapeType::capsule:
      return {Capsule{{-r, -r}, {r, tilt ? ulpNudged(rng, -r) : -r}, r}, r};
    case ShapeType::segment:
      return {Segment{{-r, 0}, {r, tilt ? ulpNudged(rng, 0.0) : 0.0}}, r};
    case ShapeType::chainSegment: {  // p1 → p2 runs in −x: its right side (the solid) is +y
      const Vec2 p1{r, tilt ? ulpNudged(rng, 0.0) : 0.0};
      const Vec2 p2{-r, 0};
      return {ChainSegment{ghostBeyond(rng, spec, p2, p1), p1, p2, ghostBeyond(rng, spec, p1, p2)},
              r};
    }
    default: {
      FlatPolygon flat = flatBottomPolygon(rng, spec);  // turned by 180°, lowered by the radius
      for (int i = 0; i < flat.polygon.count; ++i)
        flat.polygon.vertices[i] = Vec2{0, -radius} - flat.polygon.vertices[i];
      flat.polygon.radius = radius;
      if (tilt) nudgeFlatFace(rng, &flat);
      return {flat.polygon, flat.halfWidth};
    }
  }
}

/// Moves one end of the polygon's flat face by one ulp in y (kept only if still convex).
template <class Rng>
void nudgeFlatFace(Rng& rng, FlatPolygon* flat) {
  Polygon nudged = flat->polygon;
  const int end = (flat->flatFace + (chance(rng, 0.5) ? 1 : 0)) % nudged.count;
  nudged.vertices[end].y = ulpNudged(rng, nudged.vertices[end].y);
  if (!validateShape(nudged, "polygon")) flat->polygon = nudged;
}

/// B's flat bottom surface at local y = 0 (body above): a polygon face, a capsule's side or
/// (one time in three) its end cap standing upright, a circle's lowest point.
template <class Rng>
FlatShape flatBottomShape(Rng& rng, ShapeType type, const SceneSpec& spec, double tiltChance) {
  const double r = gridValue(rng, spec.grid, spec.minSize, spec.maxSize);
  switch (type) {
    case ShapeType::circle:
      return {Circle{{0, r}, r}, 0};
    case ShapeType::capsule: {
      const double radius = gridValue(rng, spec.grid, 0.5 * spec.minSize, 0.5 * spec.maxSize);
      if (chance(rng, 1.0 / 3)) return {Capsule{{0, radius}, {0, radius + r}, radius}, 0};
      const double tipY = chance(rng, tiltChance) ? ulpNudged(rng, radius) : radius;
      return {Capsule{{-r, radius}, {r, tipY}, radius}, r};
    }
    default: {
      FlatPolygon flat = flatBottomPolygon(rng, spec);
      if (chance(rng, tiltChance)) nudgeFlatFace(rng, &flat);
      if (chance(rng, spec.roundedChance)) {
        flat.polygon.radius = roundingRadius(rng, spec, flat.halfWidth);
        for (int i = 0; i < flat.polygon.count; ++i)
          flat.polygon.vertices[i].y += flat.polygon.radius;
      }
      return {flat.polygon, flat.halfWidth};
    }
  }
}

/// Any pair: A's flat top surface and B's flat bottom surface parallel (or within an ulp, with
/// probability tiltChance), B shifted sideways so they overlap along x, at the given gap.
template <class Rng>
Case flatContactScene(Rng& rng, PairId pair, const SceneSpec& spec, Gap gap,
                      double tiltChance = 0.25) {
  const FlatShape a = flatTopShape(rng, pairInfo(pair).a, spec, tiltChance);
  const FlatShape b = flatBottomShape(rng, pairInfo(pair).b, spec, tiltChance);
  Case scene;
  scene.a = a.shape;
  scene.b = b.shape;
  scene.xfA = {gridPoint(rng, spec.grid, spec.worldLimit), {1, 0}};
  const double reach = 0.9 * (a.halfWidth + b.halfWidth);
  const double dx = gridValue(rng, spec.grid, -reach, reach);
  const double y = scene.xfA.p.y;
  scene.xfB = {{scene.xfA.p.x + dx, y + gapOffset(rng, gap, std::fabs(y) + 1, spec.grid)}, {1, 0}};
  return finishEdgeScene(rng, scene, "flat-contact", gap);
}

/// An edge-case scene for any pair with area (circle_circle, polygon_circle and polygon_polygon
/// have their own; the others use flatContactScene).
template <class Rng>
Case edgeCaseScene(Rng& rng, PairId pair, const SceneSpec& spec) {
  const Gap gap = pick(rng, kGaps);
  switch (pair) {
    case PairId::circle_circle:
      return chance(rng, 0.1) ? concentricCirclesScene(rng, spec)
                              : touchingCirclesScene(rng, spec, gap);
    case PairId::polygon_circle:
      return chance(rng, 0.5) ? circleOnFaceScene(rng, spec, gap)
                              : circleOnVertexScene(rng, spec, gap);
    case PairId::polygon_polygon:
      return chance(rng, 0.5) ? parallelFacesScene(rng, spec, gap)
                              : vertexOnFaceScene(rng, spec, gap);
    default:
      return flatContactScene(rng, pair, spec, gap);
  }
}

/// The mixture the properties draw from: 60% random placements (rotations mixed), 40% edge
/// cases. Always valid input.
template <class Rng>
Case sceneFor(Rng& rng, PairId pair, const SceneSpec& spec = {}) {
  if (chance(rng, 0.4)) return edgeCaseScene(rng, pair, spec);
  return randomScene(rng, pair, spec, RotationKind::mixed);
}

/// The pairs the properties cover.
inline constexpr PairId kPropertyPairs[] = {PairId::circle_circle, PairId::polygon_circle,
                                            PairId::polygon_polygon};

}  // namespace touche::test
