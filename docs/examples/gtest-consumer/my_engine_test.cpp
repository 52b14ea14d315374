// Validating an engine's manifolds from C++: each manifold the engine computes is judged by
// touche against exact geometry, under the conventions the engine declares.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "touche/oracle/box2d.h"      // Box2D 2.4.1, run in process: a real engine to judge
#include "touche/testing/matchers.h"  // touche::testing::MatchesReference

namespace {

using touche::testing::MatchesReference;

/// "My engine": circle–circle in float, the way many engines write it (normal along the
/// centre difference, the point midway between the surfaces).
touche::Manifold myCollideCircles(const touche::Case& c) {
  const auto& a = std::get<touche::Circle>(c.a);
  const auto& b = std::get<touche::Circle>(c.b);
  const touche::Vec2 pa = touche::apply(c.xfA, a.center);
  const touche::Vec2 pb = touche::apply(c.xfB, b.center);
  const float dx = static_cast<float>(pb.x - pa.x), dy = static_cast<float>(pb.y - pa.y);
  const float distance = std::sqrt(dx * dx + dy * dy);
  const float separation = distance - static_cast<float>(a.radius + b.radius);
  touche::Manifold m;
  if (separation > 0.0f) return m;  // no_contact
  m.status = touche::Status::contact;
  m.normal = distance > 0 ? touche::Vec2{dx / distance, dy / distance} : touche::Vec2{1, 0};
  m.pointCount = 1;
  const float mid = 0.5f * (static_cast<float>(a.radius) + distance - static_cast<float>(b.radius));
  m.points[0].point = {pa.x + mid * m.normal.x, pa.y + mid * m.normal.y};
  m.points[0].separation = separation;
  return m;
}

/// My engine's declared conventions: float, A→B, midpoint, no margin, ids not comparable.
touche::oracle::DeclaredConventions myConventions() {
  touche::oracle::DeclaredConventions c;
  c.engine = "my-engine";
  c.precision = touche::oracle::Precision::float32;
  return c;
}

constexpr const char* kCircles =
    R"({"id": "circles", "a": {"type": "circle", "center": [0, 0], "radius": 1},
        "b": {"type": "circle", "center": [0, 0], "radius": 0.5}, "xfB": {"p": [1.2, 0.4]}})";

TEST(MyEngine, CirclesMatchExactGeometry) {
  const touche::Case c = touche::testing::caseFromJson(kCircles);
  EXPECT_THAT(myCollideCircles(c), MatchesReference(c, myConventions()));
}

TEST(MyEngine, ACorruptedNormalIsExplained) {
  const touche::Case c = touche::testing::caseFromJson(kCircles);
  touche::Manifold m = myCollideCircles(c);
  m.normal = {1, 0};  // not the centre direction (0.949, 0.316)
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(MatchesReference(c, myConventions()), m, &listener));
  EXPECT_THAT(listener.str(), ::testing::HasSubstr("wrong-normal"));
  EXPECT_THAT(listener.str(), ::testing::HasSubstr("case: {\"id\":\"circles\""));
}

TEST(Box2d241, PolygonsMatchUnderItsDeclaredConventions) {
  const touche::Case c = touche::testing::caseFromJson(
      R"({"id": "boxes", "a": {"type": "polygon", "vertices": [[-1,-1],[1,-1],[1,1],[-1,1]]},
          "b": {"type": "polygon", "vertices": [[-0.5,-0.5],[0.5,-0.5],[0.5,0.5],[-0.5,0.5]]},
          "xfB": {"p": [0.25, 1.4], "angle": 0.1}})");
  const touche::Manifold box2d = touche::oracle::box2d::collide(c.a, c.xfA, c.b, c.xfB);
  EXPECT_THAT(box2d, MatchesReference(c, "box2d-2.4.1-noskin"));
}

}  // namespace
