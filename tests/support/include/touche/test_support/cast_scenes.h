// touche test support — random casts on a dyadic grid, and exact whole-cast transformations.
//
// A cast's shape comes from generators.h; its moving circle starts outside the shape (or, one
// time in sixteen, near or inside it) and aims at a grid point near the shape, so that about
// half of the casts hit. Every coordinate is on the grid, so 90° rotations, grid translations
// and power-of-two scalings of a whole cast are exact (the invariance properties rely on it).
#pragma once

#include <cmath>
#include <numbers>

#include "touche/core/cast_jsonl.h"
#include "touche/test_support/generators.h"
#include "touche/test_support/scene_ops.h"

namespace touche::test {

struct CastSceneSpec {
  SceneSpec shapes{Grid{8}, 0.5, 2.0, 8.0, 0.3};
  RotationKind rotation = RotationKind::mixed;
  double rayChance = 0.4;           ///< probability of radius 0 (a ray)
  double maxRadius = 1.0;           ///< largest moving circle radius
  double fullFractionChance = 0.5;  ///< probability of maxFraction 1
  double nearChance = 1.0 / 16;     ///< probability that the origin starts near the shape
  double aim = 1.0;                 ///< the ray aims within aim·(the shape's bound) of it
  double frontChance = 0.85;        ///< a chain segment's origin is moved to its front
  double thinAim = 0.3;             ///< a thin shape's ray aims within thinAim·bound of its core
};

/// The moving circle for a shape placed at `center` with local bound `bound`, aimed at
/// `target` (a point near the shape).
template <class Rng>
CastInput randomRay(Rng& rng, const CastSceneSpec& spec, Vec2 center, double bound, Vec2 target) {
  const Grid grid = spec.shapes.grid;
  CastInput ray;
  const bool near = chance(rng, spec.nearChance);
  const double distance = near ? bound * uniformUnit(rng) : bound + 1 + 5 * uniformUnit(rng);
  const double phi = 2 * std::numbers::pi * uniformUnit(rng);
  ray.origin = snapToGrid(center + distance * Vec2{std::cos(phi), std::sin(phi)}, grid);
  const double stretch = chance(rng, 0.5) ? 1.0 : (chance(rng, 0.5) ? 2.0 : 0.75);
  ray.translation = snapToGrid(stretch * (target - ray.origin), grid);
  if (chance(rng, 1.0 / 32)) ray.translation = {0, 0};
  ray.radius = chance(rng, spec.rayChance) ? 0.0 : gridValue(rng, grid, 0.0, spec.maxRadius);
  ray.maxFraction = chance(rng, spec.fullFractionChance) ? 1.0 : gridValue(rng, Grid{8}, 0.5, 1.0);
  return ray;
}

/// A point to aim at: near the shape's local origin, or for a thin shape (segment, chain
/// segment, capsule) near a point of its core, so that about half of the casts hit.
template <class Rng>
Vec2 aimPoint(Rng& rng, const CastSceneSpec& spec, const Shape& shape, const Transform& xf,
              double bound) {
  const Grid grid = spec.shapes.grid;
  std::array<Vec2, 2> ends{};
  if (const auto* s = std::get_if<Segment>(&shape)) ends = {s->p1, s->p2};
  if (const auto* k = std::get_if<Capsule>(&shape)) ends = {k->p1, k->p2};
  if (const auto* ch = std::get_if<ChainSegment>(&shape)) ends = {ch->p1, ch->p2};
  if (ends[0] == ends[1]) return xf.p + gridPoint(rng, grid, spec.aim * bound);
  const double u = uniformUnit(rng) * 1.4 - 0.2;
  const Vec2 onCore = apply(xf, ends[0] + u * (ends[1] - ends[0]));
  return onCore + gridPoint(rng, grid, spec.thinAim * bound);
}

/// A chain segment is hit from its front only: most of the time the origin is moved there
/// (mirrored through the segment's middle), keeping the end of the translation where it was.
template <class Rng>
void originToTheFront(Rng& rng, const CastSceneSpec& spec, const ChainSegment& chain,
                      const Transform& xf, CastInput& ray) {
  const Vec2 p1 = apply(xf, chain.p1);
  const Vec2 p2 = apply(xf, chain.p2);
  if (cross(p2 - p1, ray.origin - p1) <= 0 || !chance(rng, spec.frontChance)) return;
  const Vec2 mirrored = snapToGrid(p1 + p2 - ray.origin, spec.shapes.grid);
  if (!(ray.translation == Vec2{0, 0})) ray.translation = ray.translation + (ray.origin - mirrored);
  ray.origin = mirrored;
}

/// A valid random cast against a shape of the given type.
template <class Rng>
CastCase randomCast(Rng& rng, ShapeType type, const CastSceneSpec& spec) {
  CastCase c;
  c.shape = shapeOf(rng, type, spec.shapes);
  c.xf = transformOf(rng, spec.shapes.grid, spec.shapes.worldLimit, spec.rotation);
  const double bound = localBound(c.shape);
  c.ray = randomRay(rng, spec, c.xf.p, bound, aimPoint(rng, spec, c.shape, c.xf, bound));
  if (const auto* chain = std::get_if<ChainSegment>(&c.shape)) {
    originToTheFront(rng, spec, *chain, c.xf, c.ray);
  }
  return c;
}

/// The cast rotated about the world origin by k quarter turns (exact).
inline CastCase rotatedCast(const CastCase& c, int k) {
  CastCase out = c;
  out.xf.p = quarterTurn(c.xf.p, k);
  const Vec2 q = quarterTurn(Vec2{c.xf.q.c, c.xf.q.s}, k);
  out.xf.q = {q.x, q.y};
  out.ray.origin = quarterTurn(c.ray.origin, k);
  out.ray.translation = quarterTurn(c.ray.translation, k);
  return out;
}

/// True when the cast shifted by t has exact coordinates.
inline bool castTranslationIsExact(const CastCase& c, Vec2 t) {
  return sumIsExact(c.xf.p.x, t.x) && sumIsExact(c.xf.p.y, t.y) &&
         sumIsExact(c.ray.origin.x, t.x) && sumIsExact(c.ray.origin.y, t.y);
}

/// The cast translated by t (the shape's transform and the origin; check exactness first).
inline CastCase translatedCast(const CastCase& c, Vec2 t) {
  CastCase out = c;
  out.xf.p = c.xf.p + t;
  out.ray.origin = c.ray.origin + t;
  return out;
}

/// The cast with every length multiplied by 2^e (fractions unchanged).
inline CastCase scaledCast(const CastCase& c, int e) {
  const auto s = [e](Vec2 v) { return Vec2{std::ldexp(v.x, e), std::ldexp(v.y, e)}; };
  CastCase out = c;
  out.shape = scaledShape(c.shape, e);
  out.xf.p = s(c.xf.p);
  out.ray.origin = s(c.ray.origin);
  out.ray.translation = s(c.ray.translation);
  out.ray.radius = std::ldexp(c.ray.radius, e);
  return out;
}

}  // namespace touche::test
