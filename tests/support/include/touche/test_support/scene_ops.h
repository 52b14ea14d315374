// touche test support — exact whole-scene transformations and their expected effect on a
// manifold (used by the invariance properties and the fuzz harness).
#pragma once

#include <cmath>
#include <variant>

#include "touche/core/geometry.h"
#include "touche/core/jsonl.h"
#include "touche/core/manifold.h"
#include "touche/core/shapes.h"
#include "touche/test_support/random.h"

namespace touche::test {

/// The transform that places a shape at (x, y), unturned.
inline Transform at(double x, double y) {
  return Transform{{x, y}, {}};
}

/// v rotated by k quarter turns counter-clockwise: (x, y) → (−y, x) per turn. Exact.
inline Vec2 quarterTurn(Vec2 v, int k) {
  for (int i = 0; i < ((k % 4) + 4) % 4; ++i)
    v = {-v.y, v.x};
  return v;
}

/// The scene rotated about the world origin by k quarter turns. Exact: the translation turns
/// like a vector and the rotation (c, s) becomes (−s, c) per turn — the composed rotation of
/// R(90°)·R(c, s), with no rounding.
inline Case rotatedScene(const Case& scene, int k) {
  Case out = scene;
  for (Transform* xf : {&out.xfA, &out.xfB}) {
    xf->p = quarterTurn(xf->p, k);
    const Vec2 q = quarterTurn(Vec2{xf->q.c, xf->q.s}, k);
    xf->q = {q.x, q.y};
  }
  return out;
}

/// The manifold an exact engine must return for rotatedScene(scene, k): normal and points
/// rotated, separations, ids, flags and gaps unchanged.
inline Manifold rotatedManifold(const Manifold& m, int k) {
  Manifold out = m;
  out.normal = quarterTurn(m.normal, k);
  for (int i = 0; i < m.pointCount; ++i)
    out.points[i].point = quarterTurn(m.points[i].point, k);
  return out;
}

/// True when a + b is exact in double (TwoSum error term is zero).
inline bool sumIsExact(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return (a - (s - bb)) + (b - bb) == 0.0 && std::isfinite(s);
}

/// A power-of-two translation: each component 0 or ±2^i, i ∈ [−6, 12] (x drawn first).
template <class Rng>
Vec2 powerOfTwoTranslation(Rng& rng) {
  auto component = [&rng]() {
    if (chance(rng, 0.2)) return 0.0;
    const double sign = chance(rng, 0.5) ? 1.0 : -1.0;
    return sign * std::ldexp(1.0, static_cast<int>(uniformInt(rng, -6, 12)));
  };
  const double x = component();
  return {x, component()};
}

/// True when both translations of the scene shifted by t are exact doubles.
inline bool translationIsExact(const Case& scene, Vec2 t) {
  return sumIsExact(scene.xfA.p.x, t.x) && sumIsExact(scene.xfA.p.y, t.y) &&
         sumIsExact(scene.xfB.p.x, t.x) && sumIsExact(scene.xfB.p.y, t.y);
}

/// The scene translated by t (both transforms). Check translationIsExact first.
inline Case translatedScene(const Case& scene, Vec2 t) {
  Case out = scene;
  out.xfA.p = scene.xfA.p + t;
  out.xfB.p = scene.xfB.p + t;
  return out;
}

/// A shape with every length multiplied by 2^e (exact barring overflow and subnormals).
inline Shape scaledShape(const Shape& shape, int e) {
  const auto s = [e](Vec2 v) { return Vec2{std::ldexp(v.x, e), std::ldexp(v.y, e)}; };
  return std::visit(
      [&](auto copy) -> Shape {
        using T = decltype(copy);
        if constexpr (std::is_same_v<T, Circle>) {
          copy.center = s(copy.center);
          copy.radius = std::ldexp(copy.radius, e);
        } else if constexpr (std::is_same_v<T, Polygon>) {
          for (int i = 0; i < copy.count; ++i)
            copy.vertices[i] = s(copy.vertices[i]);
          copy.radius = std::ldexp(copy.radius, e);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          copy.p1 = s(copy.p1);
          copy.p2 = s(copy.p2);
          copy.radius = std::ldexp(copy.radius, e);
        } else if constexpr (std::is_same_v<T, Segment>) {
          copy.p1 = s(copy.p1);
          copy.p2 = s(copy.p2);
        } else {
          copy.ghost1 = s(copy.ghost1);
          copy.p1 = s(copy.p1);
          copy.p2 = s(copy.p2);
          copy.ghost2 = s(copy.ghost2);
        }
        return copy;
      },
      shape);
}

/// The whole scene scaled by 2^e: shapes and translations scaled, rotations unchanged.
inline Case scaledScene(const Case& scene, int e) {
  Case out = scene;
  out.a = scaledShape(scene.a, e);
  out.b = scaledShape(scene.b, e);
  for (Transform* xf : {&out.xfA, &out.xfB})
    xf->p = {std::ldexp(xf->p.x, e), std::ldexp(xf->p.y, e)};
  return out;
}

/// The same query with A and B exchanged.
inline Case swappedScene(const Case& scene) {
  return {scene.id, scene.b, scene.xfB, scene.a, scene.xfA};
}

/// Units in the last place of |v| (the gap to the next double away from zero).
inline double ulpOf(double v) {
  const double a = std::fabs(v);
  return std::nextafter(a, INFINITY) - a;
}

}  // namespace touche::test
