// touche test support — the seeded generators wrapped as RapidCheck generators.
//
// RapidCheck's own double generator spreads values over the whole double range, where two
// random shapes never touch; ours draw from a dyadic grid and aim at contact. Each rc::Gen
// seeds a std::mt19937_64 from RapidCheck's random stream and calls the plain generator, so a
// RapidCheck seed (RC_PARAMS=seed=...) fixes every scene. The values do not shrink: shrinking a
// scene would have to keep it valid and keep it touching, and the scenes are already small.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <ostream>
#include <random>
#include <type_traits>
#include <utility>

#include "touche/core/cast_jsonl.h"
#include "touche/core/jsonl.h"
#include "touche/test_support/bad_inputs.h"
#include "touche/test_support/cast_scenes.h"
#include "touche/test_support/scenes.h"

namespace touche {

/// RapidCheck prints counterexamples through showValue: the case as one hexfloat JSONL line.
inline void showValue(const Case& scene, std::ostream& os) {
  Case printable = scene;  // formatCase must not read past the vertex array of a broken count
  for (Shape* shape : {&printable.a, &printable.b}) {
    if (auto* polygon = std::get_if<Polygon>(shape)) {
      polygon->count = std::clamp(polygon->count, 0, kMaxPolygonVertices);
    }
  }
  os << formatCase(printable, NumberFormat::hex);
}

/// A cast counterexample: its hexfloat JSONL line.
inline void showValue(const CastCase& c, std::ostream& os) {
  os << formatCastCase(c, NumberFormat::hex);
}

}  // namespace touche

namespace touche::test {

inline void showValue(const BadInput& bad, std::ostream& os) {
  os << badKindName(bad.kind) << " margin=" << bad.options.margin << " ";
  touche::showValue(bad.scene, os);
}

/// Wraps `make(std::mt19937_64&)` as a non-shrinking rc::Gen.
template <class Make>
auto fromSeededRng(Make make) {
  using T = std::decay_t<decltype(make(std::declval<std::mt19937_64&>()))>;
  return rc::Gen<T>([make](const rc::Random& random, int) {
    rc::Random stream = random;
    std::mt19937_64 rng(stream.next());
    return rc::shrinkable::just(make(rng));
  });
}

/// Valid scenes of the pair: random placements and edge cases (scenes.h, sceneFor).
inline rc::Gen<Case> genScene(PairId pair, SceneSpec spec = {}) {
  return fromSeededRng([pair, spec](std::mt19937_64& rng) { return sceneFor(rng, pair, spec); });
}

/// Scenes whose transforms turn by exact quarter turns only.
inline rc::Gen<Case> genQuarterTurnScene(PairId pair, SceneSpec spec = {}) {
  return fromSeededRng([pair, spec](std::mt19937_64& rng) {
    return randomScene(rng, pair, spec, RotationKind::quarterTurn);
  });
}

/// Valid random casts against a shape of the type (cast_scenes.h).
inline rc::Gen<CastCase> genCast(ShapeType type, CastSceneSpec spec = {}) {
  return fromSeededRng([type, spec](std::mt19937_64& rng) { return randomCast(rng, type, spec); });
}

/// Scenes with one defect (bad_inputs.h).
inline rc::Gen<BadInput> genBadInput(PairId pair, SceneSpec spec = {}) {
  return fromSeededRng([pair, spec](std::mt19937_64& rng) { return badInput(rng, pair, spec); });
}

}  // namespace touche::test
