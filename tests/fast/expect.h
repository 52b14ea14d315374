// touche — helpers for the fast engine's golden tests.
//
// expectBothWays runs one case through the double and the float entry points, as given and
// with A and B swapped (expecting swapRoles of the golden manifold), and compares status,
// flags, normal, and the points as a set (each point with its separation and feature id).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "touche/core/manifold.h"
#include "touche/core/shapes.h"
#include "touche/fast/fast.h"

namespace touche::fast::test {

/// A golden manifold written by hand.
struct Golden {
  Status status = Status::noContact;
  Vec2 normal;
  std::vector<ManifoldPoint> points;
  std::uint32_t flags = kFlagNone;
};

inline Golden noContact() {
  return {};
}

inline FeatureId fv(int face, int vertex) {
  return {FeatureType::face, static_cast<std::uint8_t>(face), FeatureType::vertex,
          static_cast<std::uint8_t>(vertex)};
}
inline FeatureId vf(int vertex, int face) {
  return swapped(fv(face, vertex));
}
inline FeatureId vv(int vertexA, int vertexB) {
  return {FeatureType::vertex, static_cast<std::uint8_t>(vertexA), FeatureType::vertex,
          static_cast<std::uint8_t>(vertexB)};
}

inline Golden swapGolden(Golden g) {
  g.normal = -g.normal;
  for (ManifoldPoint& p : g.points)
    p.id = swapped(p.id);
  return g;
}

inline std::string describe(const Manifold& m) {
  std::string s = std::string(statusName(m.status)) + " n=(" + std::to_string(m.normal.x) + ", " +
                  std::to_string(m.normal.y) + ")";
  for (int k = 0; k < m.pointCount; ++k) {
    const ManifoldPoint& p = m.points[k];
    s += " [(" + std::to_string(p.point.x) + ", " + std::to_string(p.point.y) +
         ") sep=" + std::to_string(p.separation) +
         " id=" + (p.id.typeA == FeatureType::face ? "f" : "v") + std::to_string(p.id.indexA) +
         (p.id.typeB == FeatureType::face ? "f" : "v") + std::to_string(p.id.indexB) + "]";
  }
  return s;
}

inline bool near(Vec2 a, Vec2 b, double tol) {
  return std::abs(a.x - b.x) <= tol && std::abs(a.y - b.y) <= tol;
}

/// Compares an engine's manifold with the golden one; points may come in either order.
inline void expectMatches(const Manifold& m, const Golden& g, double tol,
                          const std::string& where) {
  SCOPED_TRACE(where + ": got " + describe(m));
  ASSERT_EQ(m.status, g.status);
  if (g.status != Status::contact) return;
  EXPECT_EQ(m.flags, g.flags);
  EXPECT_TRUE(near(m.normal, g.normal, tol));
  ASSERT_EQ(m.pointCount, static_cast<int>(g.points.size()));
  for (const ManifoldPoint& want : g.points) {
    bool found = false;
    for (int k = 0; k < m.pointCount; ++k) {
      const ManifoldPoint& got = m.points[k];
      if (got.id == want.id && near(got.point, want.point, tol) &&
          std::abs(got.separation - want.separation) <= tol) {
        found = true;
      }
    }
    EXPECT_TRUE(found) << "missing point (" << want.point.x << ", " << want.point.y
                       << ") sep=" << want.separation;
  }
}

/// Double tolerance and float tolerance for shapes of size about 1.
inline constexpr double kTolDouble = 1e-12;
inline constexpr double kTolFloat = 2e-6;

/// Runs (a, b) and (b, a) through collide and collideFloat. `scale` multiplies the tolerances.
inline void expectBothWays(const Shape& a, const Transform& xfA, const Shape& b,
                           const Transform& xfB, const Golden& g, Options options = {},
                           double scale = 1.0) {
  const Golden gs = swapGolden(g);
  expectMatches(collide(a, xfA, b, xfB, options), g, kTolDouble * scale, "double A,B");
  expectMatches(collide(b, xfB, a, xfA, options), gs, kTolDouble * scale, "double B,A");
  expectMatches(collideFloat(a, xfA, b, xfB, options), g, kTolFloat * scale, "float A,B");
  expectMatches(collideFloat(b, xfB, a, xfA, options), gs, kTolFloat * scale, "float B,A");
}

/// The same case moved by one rigid motion m (applied to both transforms): the golden normal
/// rotates and the points move with it; separations and ids are unchanged.
inline void expectRigidMotionInvariance(const Shape& a, const Transform& xfA, const Shape& b,
                                        const Transform& xfB, const Golden& g, Transform motion,
                                        Options options = {}, double scale = 1.0) {
  const auto compose = [&](const Transform& xf) {
    return Transform{
        apply(motion, xf.p),
        {motion.q.c * xf.q.c - motion.q.s * xf.q.s, motion.q.s * xf.q.c + motion.q.c * xf.q.s}};
  };
  Golden moved = g;
  moved.normal = rotate(motion.q, g.normal);
  for (ManifoldPoint& p : moved.points)
    p.point = apply(motion, p.point);
  expectBothWays(a, compose(xfA), b, compose(xfB), moved, options, scale);
}

/// A polygon from a list of counter-clockwise vertices.
inline Polygon polygon(std::initializer_list<Vec2> vertices, double radius = 0.0) {
  Polygon p;
  for (Vec2 v : vertices)
    p.vertices[p.count++] = v;
  p.radius = radius;
  return p;
}

inline const Transform kIdentity{};

}  // namespace touche::fast::test
