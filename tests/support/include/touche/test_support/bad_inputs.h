// touche test support — invalid inputs. Each takes a valid scene and breaks exactly one thing
// (a non-finite or out-of-range number, a clockwise, duplicate-vertex or collinear polygon, a
// vertex count outside 3..8, a negative radius, a rotation far from unit, a negative margin).
// Every engine must answer Status::error for them, never crash and never produce NaN.
#pragma once

#include <algorithm>
#include <limits>
#include <vector>

#include "touche/core/options.h"
#include "touche/test_support/scenes.h"

namespace touche::test {

enum class BadKind {
  notANumber,
  infinity,
  hugeCoordinate,  ///< beyond kMaxCoordinate
  clockwise,
  duplicateVertex,
  collinearVertex,
  tooManyVertices,
  tooFewVertices,
  negativeRadius,
  nonUnitRotation,
  negativeMargin,
};

inline const char* badKindName(BadKind kind) {
  switch (kind) {
    case BadKind::notANumber:
      return "nan";
    case BadKind::infinity:
      return "infinity";
    case BadKind::hugeCoordinate:
      return "huge-coordinate";
    case BadKind::clockwise:
      return "clockwise";
    case BadKind::duplicateVertex:
      return "duplicate-vertex";
    case BadKind::collinearVertex:
      return "collinear-vertex";
    case BadKind::tooManyVertices:
      return "too-many-vertices";
    case BadKind::tooFewVertices:
      return "too-few-vertices";
    case BadKind::negativeRadius:
      return "negative-radius";
    case BadKind::nonUnitRotation:
      return "non-unit-rotation";
    case BadKind::negativeMargin:
      return "negative-margin";
  }
  return "?";
}

/// A scene with one defect, and the options to run it with.
struct BadInput {
  Case scene;
  Options options;
  BadKind kind = BadKind::notANumber;
};

/// Pointers to every number of a shape and its transform (coordinates, radius, p, q).
inline std::vector<double*> numbersOf(Shape* shape, Transform* xf) {
  std::vector<double*> out{&xf->p.x, &xf->p.y, &xf->q.c, &xf->q.s};
  if (auto* circle = std::get_if<Circle>(shape)) {
    out.insert(out.end(), {&circle->center.x, &circle->center.y, &circle->radius});
  } else if (auto* capsule = std::get_if<Capsule>(shape)) {
    out.insert(out.end(),
               {&capsule->p1.x, &capsule->p1.y, &capsule->p2.x, &capsule->p2.y, &capsule->radius});
  } else if (auto* segment = std::get_if<Segment>(shape)) {
    out.insert(out.end(), {&segment->p1.x, &segment->p1.y, &segment->p2.x, &segment->p2.y});
  } else if (auto* chain = std::get_if<ChainSegment>(shape)) {
    out.insert(out.end(), {&chain->ghost1.x, &chain->ghost1.y, &chain->p1.x, &chain->p1.y,
                           &chain->p2.x, &chain->p2.y, &chain->ghost2.x, &chain->ghost2.y});
  } else if (auto* polygon = std::get_if<Polygon>(shape)) {
    const int count = std::clamp(polygon->count, 0, kMaxPolygonVertices);  // may be broken
    for (int i = 0; i < count; ++i) {
      out.insert(out.end(), {&polygon->vertices[i].x, &polygon->vertices[i].y});
    }
    out.push_back(&polygon->radius);
  }
  return out;
}

/// Breaks the polygon's shape (kinds clockwise … tooFewVertices).
template <class Rng>
void breakPolygon(Rng& rng, Polygon* polygon, BadKind kind) {
  const int n = polygon->count;
  const int i = static_cast<int>(uniformInt(rng, 0, n - 1));
  auto& v = polygon->vertices;
  switch (kind) {
    case BadKind::clockwise:
      std::reverse(v.begin(), v.begin() + n);
      break;
    case BadKind::duplicateVertex:
      v[(i + 1) % n] = v[i];
      break;
    case BadKind::collinearVertex:  // vertex i+1 moved onto the chord from i to i+2 (exact)
      v[(i + 1) % n] = 0.5 * (v[i] + v[(i + 2) % n]);
      break;
    case BadKind::tooManyVertices:
      polygon->count = static_cast<int>(uniformInt(rng, kMaxPolygonVertices + 1, 64));
      break;
    default:
      polygon->count = static_cast<int>(uniformInt(rng, -1, 2));
      break;
  }
}

/// Sets one number of the shape or its transform to NaN, ±inf or a value beyond 2^50.
template <class Rng>
void breakNumber(Rng& rng, Shape* shape, Transform* xf, BadKind kind) {
  const std::vector<double*> numbers = numbersOf(shape, xf);
  double* target = numbers[uniformInt(rng, 0, static_cast<std::int64_t>(numbers.size()) - 1)];
  const double sign = chance(rng, 0.5) ? 1.0 : -1.0;
  if (kind == BadKind::notANumber) *target = std::numeric_limits<double>::quiet_NaN();
  if (kind == BadKind::infinity) *target = sign * std::numeric_limits<double>::infinity();
  if (kind == BadKind::hugeCoordinate)
    *target = sign * std::ldexp(1.0, 51 + uniformInt(rng, 0, 900));
}

/// Kinds that apply to a shape of this type (polygon-only kinds need a polygon; segments and
/// chain segments have no radius).
inline std::vector<BadKind> badKindsFor(ShapeType type) {
  std::vector<BadKind> kinds{BadKind::notANumber, BadKind::infinity, BadKind::hugeCoordinate,
                             BadKind::nonUnitRotation, BadKind::negativeMargin};
  if (type != ShapeType::segment && type != ShapeType::chainSegment) {
    kinds.push_back(BadKind::negativeRadius);
  }
  if (type == ShapeType::polygon) {
    kinds.insert(kinds.end(),
                 {BadKind::clockwise, BadKind::duplicateVertex, BadKind::collinearVertex,
                  BadKind::tooManyVertices, BadKind::tooFewVertices});
  }
  return kinds;
}

/// Applies `kind` to shape (and its transform) or to the options.
template <class Rng>
void applyDefect(Rng& rng, BadKind kind, Shape* shape, Transform* xf, Options* options) {
  switch (kind) {
    case BadKind::negativeRadius: {
      const double r = -gridValue(rng, Grid{}, 0x1p-6, 4);
      if (auto* circle = std::get_if<Circle>(shape)) circle->radius = r;
      if (auto* polygon = std::get_if<Polygon>(shape)) polygon->radius = r;
      if (auto* capsule = std::get_if<Capsule>(shape)) capsule->radius = r;
      break;
    }
    case BadKind::nonUnitRotation:
      xf->q = chance(rng, 0.5) ? Rot{0, 0} : Rot{2 * xf->q.c, 2 * xf->q.s};
      break;
    case BadKind::negativeMargin:
      options->margin = -gridValue(rng, Grid{}, 0x1p-6, 1);
      break;
    case BadKind::notANumber:
    case BadKind::infinity:
    case BadKind::hugeCoordinate:
      breakNumber(rng, shape, xf, kind);
      break;
    default:
      breakPolygon(rng, &std::get<Polygon>(*shape), kind);
      break;
  }
}

/// A valid scene of the pair with exactly one defect on A or B.
template <class Rng>
BadInput badInput(Rng& rng, PairId pair, const SceneSpec& spec = {}) {
  BadInput bad;
  bad.scene = sceneFor(rng, pair, spec);
  const bool onA = chance(rng, 0.5);
  Shape* shape = onA ? &bad.scene.a : &bad.scene.b;
  Transform* xf = onA ? &bad.scene.xfA : &bad.scene.xfB;
  const std::vector<BadKind> kinds = badKindsFor(typeOf(*shape));
  bad.kind = kinds[uniformInt(rng, 0, static_cast<std::int64_t>(kinds.size()) - 1)];
  applyDefect(rng, bad.kind, shape, xf, &bad.options);
  bad.scene.id = std::string("bad-") + badKindName(bad.kind);
  return bad;
}

}  // namespace touche::test
