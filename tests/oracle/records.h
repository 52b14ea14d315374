// touche tests — what the oracle's tests share to judge an engine's output as it writes it: a
// conventions preset, a manifold as a record with each point's id written the engine's way,
// and Box2D 2.4.1's b2ContactFeature as it writes one.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "touche/core/jsonl.h"
#include "touche/oracle/box2d.h"
#include "touche/oracle/judge.h"

namespace touche::test {

/// The named conventions preset (a failure, and the default conventions, when there is none).
inline oracle::DeclaredConventions preset(const char* name) {
  auto c = oracle::conventionsPreset(name);
  EXPECT_TRUE(c.has_value()) << name;
  return c.value_or(oracle::DeclaredConventions{});
}

/// `engine`'s manifold `m` for case `c` as a record, point i's id written by idOf(i).
template <class IdOf>
ManifoldRecord recordWithIds(const Case& c, std::string_view engine, const Manifold& m, IdOf idOf) {
  ManifoldRecord r;
  r.id = c.id;
  r.engine = std::string(engine);
  r.manifold = m;
  for (int i = 0; i < m.pointCount; ++i) {
    ReportedPoint p;
    p.point = m.points[i].point;
    p.separation = m.points[i].separation;
    p.id = idOf(i);
    r.points.push_back(p);
  }
  return r;
}

/// Box2D 2.4.1's b2ContactFeature as the object {indexA, indexB, typeA, typeB}.
inline std::string featureJson(const oracle::box2d::NativeFeature& f) {
  return "{\"indexA\":" + std::to_string(f.indexA) + ",\"indexB\":" + std::to_string(f.indexB) +
         ",\"typeA\":" + std::to_string(f.typeA) + ",\"typeB\":" + std::to_string(f.typeB) + "}";
}

}  // namespace touche::test
