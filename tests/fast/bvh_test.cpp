// The fast engine's broad phase (touche/fast/bvh.h): boxes that hold the exact shapes, and a
// BVH whose first hit is the brute-force loop's bit for bit, in double and in float, on seeded
// random scenes of 1 to 10 000 shapes (ties included), on degenerate scenes, and on the grazes
// that a broad phase rounding inwards would lose.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "touche/fast/bvh.h"
#include "touche/reference/bvh.h"
#include "touche/test_support/bvh_scenes.h"

namespace touche {
namespace {

using test::BvhSceneSpec;

/// Casts and how many of them touched a shape (hit or initial overlap).
struct Tally {
  int casts = 0;
  int touched = 0;
  double rate() const { return casts == 0 ? 0.0 : static_cast<double>(touched) / casts; }
};

/// `casts` seeded casts through the scene: firstHit must equal firstHitBruteForce bit for bit.
template <class T>
Tally expectTreeEqualsLoop(const std::vector<PlacedShape>& scene, std::mt19937_64& rng, int casts,
                           const BvhSceneSpec& spec = {}) {
  const fast::BvhT<T> bvh = fast::buildBvh<T>(scene);
  EXPECT_FALSE(bvh.error) << bvh.error->describe();
  Tally tally;
  for (int k = 0; k < casts; ++k) {
    const CastInput c = test::randomSceneCast(rng, scene, bvh.boxes, spec);
    const ShapeHit loop = fast::firstHitBruteForce(bvh, c);
    const ShapeHit tree = fast::firstHit(bvh, c);
    ++tally.casts;
    tally.touched += touches(loop.result.status);
    if (!test::sameHit(loop, tree)) {
      ADD_FAILURE() << scene.size() << " shapes, cast " << k << " (" << test::describeCast(c)
                    << "): brute force " << test::describeHit(loop) << ", BVH "
                    << test::describeHit(tree);
      return tally;
    }
  }
  return tally;
}

/// Per scene size: how many scenes, and how many casts through each.
struct SceneRun {
  int shapes;
  int scenes;
  int casts;
};

template <class T>
void expectEqualOnRandomScenes(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Tally all;
  for (const SceneRun run :
       {SceneRun{1, 40, 10}, SceneRun{2, 40, 10}, SceneRun{3, 40, 10}, SceneRun{10, 40, 10},
        SceneRun{100, 4, 100}, SceneRun{1000, 1, 400}, SceneRun{10000, 1, 300}}) {
    Tally tally;
    for (int k = 0; k < run.scenes; ++k) {
      const std::vector<PlacedShape> scene = test::randomScene(rng, run.shapes, BvhSceneSpec{});
      const Tally one = expectTreeEqualsLoop<T>(scene, rng, run.casts);
      tally.casts += one.casts;
      tally.touched += one.touched;
    }
    std::printf("%d shapes: %.3f of %d casts touch\n", run.shapes, tally.rate(), tally.casts);
    EXPECT_GE(tally.rate(), 0.3) << run.shapes << " shapes";
    EXPECT_LE(tally.rate(), 0.7) << run.shapes << " shapes";
    all.casts += tally.casts;
    all.touched += tally.touched;
  }
  EXPECT_EQ(all.casts, 2700);
}

TEST(FastBvh, EqualsBruteForceOnRandomScenesDouble) {
  expectEqualOnRandomScenes<double>(0xb0b1);
}

TEST(FastBvh, EqualsBruteForceOnRandomScenesFloat) {
  expectEqualOnRandomScenes<float>(0xb0b2);
}

/// The brute-force loop over fast::cast (or castFloat) through the public entry point, with
/// the tie rule written out.
ShapeHit loopOverCast(const std::vector<PlacedShape>& scene, const CastInput& c, bool inFloat) {
  ShapeHit best;
  for (std::size_t i = 0; i < scene.size(); ++i) {
    const CastResult r = inFloat ? fast::castFloat(scene[i].shape, scene[i].xf, c)
                                 : fast::cast(scene[i].shape, scene[i].xf, c);
    if (!touches(r.status)) continue;
    if (best.index < 0 || r.fraction < best.result.fraction) {
      best.index = static_cast<std::int32_t>(i);
      best.result = r;
    }
  }
  return best;
}

TEST(FastBvh, BruteForceIsTheLoopOverTheEnginesCast) {
  std::mt19937_64 rng(0xb0b3);
  const std::vector<PlacedShape> scene = test::randomScene(rng, 200, BvhSceneSpec{});
  const fast::Bvh bvh = fast::buildBvh<double>(scene);
  const fast::BvhFloat bvhFloat = fast::buildBvh<float>(scene);
  int touched = 0;
  for (int k = 0; k < 500; ++k) {
    const CastInput c = test::randomSceneCast(rng, scene, bvh.boxes, BvhSceneSpec{});
    const ShapeHit loop = loopOverCast(scene, c, false);
    touched += touches(loop.result.status);
    ASSERT_TRUE(test::sameHit(loop, fast::firstHit(bvh, c))) << test::describeCast(c);
    ASSERT_TRUE(test::sameHit(loopOverCast(scene, c, true), fast::firstHit(bvhFloat, c)))
        << test::describeCast(c);
  }
  EXPECT_GT(touched, 150);
  EXPECT_LT(touched, 350);
}

/// A ray along +x at y = 0 from (−10, 0) by (20, 0). Shape 0, the segment (0, −1)–(0, 1), and
/// shape 1, the segment (0, 0)–(−4, 4), are both touched at t = 0.5 — shape 1 at its end
/// (0, 0) — but shape 1's box [−4, 0] × [0, 4] is entered at t = 0.3, before shape 0's: the
/// BVH meets shape 1 first and must still answer shape 0, the lower index.
TEST(FastBvh, TieGoesToTheLowerIndexThoughItsBoxIsEnteredLater) {
  const std::vector<PlacedShape> scene = {{Segment{{0, -1}, {0, 1}}, {}},
                                          {Segment{{0, 0}, {-4, 4}}, {}}};
  const CastInput c{{-10, 0}, {20, 0}, 0.0, 1.0};
  for (const PlacedShape& s : scene)
    ASSERT_EQ(fast::cast(s.shape, s.xf, c).fraction, 0.5);
  const fast::Bvh bvh = fast::buildBvh<double>(scene);
  EXPECT_EQ(fast::firstHit(bvh, c).index, 0);
  EXPECT_EQ(fast::firstHitBruteForce(bvh, c).index, 0);
  // With the indices exchanged the answer follows the index, not the box.
  const std::vector<PlacedShape> swapped = {scene[1], scene[0]};
  const fast::BvhFloat swappedBvh = fast::buildBvh<float>(swapped);
  EXPECT_EQ(fast::firstHit(swappedBvh, c).index, 0);
  EXPECT_EQ(fast::firstHit(swappedBvh, c).result.fraction, 0.5);
}

TEST(FastBvh, IdenticalShapesAnswerTheFirst) {
  std::mt19937_64 rng(0xb0b4);
  const Polygon box = makeBox(1, 0.5);
  const std::vector<PlacedShape> scene(1000, PlacedShape{box, {{3, 2}, {0.6, 0.8}}});
  const fast::Bvh bvh = fast::buildBvh<double>(scene);
  EXPECT_LE(bvh.tree.depth, 12);  // split by halves: the centres coincide
  int hits = 0;
  for (int k = 0; k < 200; ++k) {
    const CastInput c = test::randomSceneCast(rng, scene, {}, BvhSceneSpec{});
    const ShapeHit tree = fast::firstHit(bvh, c);
    ASSERT_TRUE(test::sameHit(tree, fast::firstHitBruteForce(bvh, c)));
    if (touches(tree.result.status)) {
      ++hits;
      EXPECT_EQ(tree.index, 0);
    }
  }
  EXPECT_GT(hits, 60);
  EXPECT_LT(hits, 140);
}

TEST(FastBvh, EmptySceneMissesAndOneShapeIsItsCast) {
  const CastInput c{{-3, 0}, {6, 0}, 0.25, 1.0};
  const fast::Bvh empty = fast::buildBvh<double>(std::vector<PlacedShape>{});
  EXPECT_FALSE(empty.error);
  EXPECT_EQ(fast::firstHit(empty, c).index, -1);
  EXPECT_EQ(fast::firstHit(empty, c).result.status, CastStatus::miss);
  EXPECT_TRUE(fast::overlapping(empty, fast::sweptAabb(c)).empty());
  const std::vector<PlacedShape> one = {{Circle{{0, 0}, 1}, {}}};
  const ShapeHit hit = fast::firstHit(fast::buildBvh<double>(one), c);
  EXPECT_EQ(hit.index, 0);
  EXPECT_EQ(hit.result.status, CastStatus::hit);
  EXPECT_EQ(hit.result.fraction, fast::cast(one[0].shape, one[0].xf, c).fraction);
  EXPECT_NEAR(hit.result.fraction, 1.75 / 6, 0x1p-52);
}

/// A moving circle of radius 0.25–1 passing a point `p` of the scene at a signed distance of
/// up to twice its radius (a touch about half of the time), from 2–6 units away.
CastInput castPastPoint(std::mt19937_64& rng, Vec2 p) {
  CastInput c;
  c.radius = 0.25 + 0.75 * test::uniformUnit(rng);
  const double phi = 2 * std::numbers::pi * test::uniformUnit(rng);
  const Vec2 along{std::cos(phi), std::sin(phi)};
  const double offset = (2 * test::uniformUnit(rng) - 1) * 2 * c.radius;
  c.origin = p - (2 + 4 * test::uniformUnit(rng)) * along + offset * Vec2{-along.y, along.x};
  c.translation = 8 * along;
  return c;
}

/// Scenes of points: circles of radius 0 and capsules whose ends coincide, scattered or all
/// at one place.
TEST(FastBvh, ZeroSizeShapes) {
  std::mt19937_64 rng(0xb0b5);
  const auto pointAt = [](Vec2 p, int i) {
    return PlacedShape{i % 2 == 0 ? Shape{Circle{p, 0}} : Shape{Capsule{p, p, 0}}, {}};
  };
  std::vector<Vec2> points;
  std::vector<PlacedShape> scattered;
  std::vector<PlacedShape> stacked;
  for (int i = 0; i < 500; ++i) {
    points.push_back(test::gridPoint(rng, test::Grid{4}, 120.0));
    scattered.push_back(pointAt(points.back(), i));
    stacked.push_back(pointAt({1, 1}, i));
  }
  for (const auto* scene : {&scattered, &stacked}) {
    const fast::Bvh bvh = fast::buildBvh<double>(*scene);
    const fast::BvhFloat bvhFloat = fast::buildBvh<float>(*scene);
    Tally tally;
    for (int k = 0; k < 400; ++k) {
      const Vec2 target = scene == &stacked ? Vec2{1, 1} : points[test::uniformInt(rng, 0, 499)];
      const CastInput c = castPastPoint(rng, target);
      const ShapeHit loop = fast::firstHitBruteForce(bvh, c);
      ++tally.casts;
      tally.touched += touches(loop.result.status);
      ASSERT_TRUE(test::sameHit(loop, fast::firstHit(bvh, c))) << test::describeCast(c);
      ASSERT_TRUE(test::sameHit(fast::firstHitBruteForce(bvhFloat, c), fast::firstHit(bvhFloat, c)))
          << test::describeCast(c);
    }
    std::printf("%s: %.3f of the casts touch\n", scene == &stacked ? "stacked" : "scattered",
                tally.rate());
    EXPECT_GE(tally.rate(), 0.3);
    EXPECT_LE(tally.rate(), 0.7);
  }
}

/// The random scenes scaled by 2^e and moved by an offset: coordinates up to 2^50 (the
/// largest valid) and down to 2^-1000 (float rounds those to zero: the float engine sees a
/// scene of points and must still agree with its own loop).
TEST(FastBvh, HugeAndTinyCoordinates) {
  std::mt19937_64 rng(0xb0b6);
  struct Scaling {
    int e;
    Vec2 offset;
  };
  for (const Scaling s : {Scaling{42, {0x1p49, -0x1p49}}, Scaling{-1000, {0, 0}},
                          Scaling{-1000, {0x1p-990, 0}}, Scaling{30, {0, 0}}}) {
    const std::vector<PlacedShape> base = test::randomScene(rng, 300, BvhSceneSpec{});
    const std::vector<PlacedShape> scene = test::scaledScene(base, s.e, s.offset);
    const fast::Bvh bvh = fast::buildBvh<double>(scene);
    const fast::BvhFloat bvhFloat = fast::buildBvh<float>(scene);
    ASSERT_FALSE(bvh.error) << bvh.error->describe();
    std::vector<Aabb> baseBoxes;
    for (const PlacedShape& p : base)
      baseBoxes.push_back(fast::aabbOf(p.shape, p.xf));
    Tally tally;
    for (int k = 0; k < 300; ++k) {
      const CastInput c = test::scaledSceneCast(
          test::randomSceneCast(rng, base, baseBoxes, BvhSceneSpec{}), s.e, s.offset);
      if (validateCastInput(c, "ray")) continue;
      const ShapeHit loop = fast::firstHitBruteForce(bvh, c);
      ++tally.casts;
      tally.touched += touches(loop.result.status);
      ASSERT_TRUE(test::sameHit(loop, fast::firstHit(bvh, c)))
          << "2^" << s.e << ": " << test::describeCast(c) << ": brute force "
          << test::describeHit(loop) << ", BVH " << test::describeHit(fast::firstHit(bvh, c));
      ASSERT_TRUE(test::sameHit(fast::firstHitBruteForce(bvhFloat, c), fast::firstHit(bvhFloat, c)))
          << "2^" << s.e << " float: " << test::describeCast(c);
    }
    EXPECT_GE(tally.casts, 250) << "2^" << s.e;
    std::printf("2^%d: %.3f of the casts touch\n", s.e, tally.rate());
    if (s.e < -500) {
      // Beyond the fast engine's range: its squared lengths underflow to 0, so every cast
      // "already touches" the first shape (index 0); the BVH must still agree with its loop.
      EXPECT_EQ(tally.rate(), 1.0);
      continue;
    }
    EXPECT_GE(tally.rate(), 0.3) << "2^" << s.e;
    EXPECT_LE(tally.rate(), 0.7) << "2^" << s.e;
  }
}

/// Shapes at 2^k for k from −1000 to 49: no bin of equal width separates them, so the build
/// falls back to median splits; the depth stays bounded and the answers equal.
TEST(FastBvh, ExponentiallySpreadScene) {
  std::vector<PlacedShape> scene;
  for (int k = -1000; k < 50; k += 3)
    scene.push_back({Circle{{0, 0}, std::ldexp(1.0, k - 2)}, {{std::ldexp(1.0, k), 0}, {}}});
  const fast::Bvh bvh = fast::buildBvh<double>(scene);
  const fast::BvhFloat bvhFloat = fast::buildBvh<float>(scene);
  EXPECT_LT(bvh.tree.depth, kBvhMaxDepth);
  int touched = 0;
  for (int k = -1000; k < 50; k += 7) {
    const double x = std::ldexp(1.0, k);
    for (const CastInput c : {CastInput{{x, -1}, {0, 2}, 0, 1}, CastInput{{-1, 0}, {x, 0}, 0, 1}}) {
      const ShapeHit loop = fast::firstHitBruteForce(bvh, c);
      touched += touches(loop.result.status);
      ASSERT_TRUE(test::sameHit(loop, fast::firstHit(bvh, c))) << test::describeCast(c);
      ASSERT_TRUE(test::sameHit(fast::firstHitBruteForce(bvhFloat, c), fast::firstHit(bvhFloat, c)))
          << test::describeCast(c) << ": brute force "
          << test::describeHit(fast::firstHitBruteForce(bvhFloat, c)) << ", BVH "
          << test::describeHit(fast::firstHit(bvhFloat, c));
    }
  }
  EXPECT_GT(touched, 100);
}

TEST(FastBvh, OverlapQueryEqualsBruteForce) {
  std::mt19937_64 rng(0xb0b7);
  const std::vector<PlacedShape> scene = test::randomScene(rng, 3000, BvhSceneSpec{});
  const fast::Bvh bvh = fast::buildBvh<double>(scene);
  const fast::BvhFloat bvhFloat = fast::buildBvh<float>(scene);
  std::size_t found = 0;
  int empty = 0;
  for (int k = 0; k < 500; ++k) {
    const CastInput c = test::randomSceneCast(rng, scene, bvh.boxes, BvhSceneSpec{});
    // The sweep's box, and a shape's own box (touching itself at least).
    for (const Aabb& box : {fast::sweptAabb(c), bvh.boxes[k]}) {
      const std::vector<std::int32_t> loop = fast::overlappingBruteForce(bvh, box);
      ASSERT_EQ(fast::overlapping(bvh, box), loop);
      ASSERT_EQ(fast::overlapping(bvhFloat, box), loop);
      found += loop.size();
      empty += loop.empty();
    }
  }
  EXPECT_GT(found, 1500u);  // about 2 shapes a query
  EXPECT_GT(empty, 20);     // some sweeps meet no box
  EXPECT_LT(empty, 250);
}

TEST(FastBvh, InvalidSceneOrCastIsAnError) {
  const std::vector<PlacedShape> scene = {{Circle{{0, 0}, 1}, {}}, {Segment{{1, 1}, {1, 1}}, {}}};
  const fast::Bvh bvh = fast::buildBvh<double>(scene);
  ASSERT_TRUE(bvh.error);
  EXPECT_EQ(bvh.error->field, "shapes[1].shape.p2");
  const CastInput c{{-3, 0}, {6, 0}, 0, 1};
  EXPECT_EQ(fast::firstHit(bvh, c).result.status, CastStatus::error);
  EXPECT_EQ(fast::firstHitBruteForce(bvh, c).result.status, CastStatus::error);
  const std::vector<PlacedShape> rotated = {{Circle{{0, 0}, 1}, {{0, 0}, {2, 0}}}};
  EXPECT_EQ(fast::buildBvh<float>(rotated).error->field, "shapes[0].xf.q");
  const fast::Bvh valid = fast::buildBvh<double>(std::vector<PlacedShape>{scene[0]});
  CastInput bad = c;
  bad.translation.x = NAN;
  EXPECT_EQ(fast::firstHit(valid, bad).result.status, CastStatus::error);
  bad = c;
  bad.maxFraction = 2;
  EXPECT_EQ(fast::firstHit(valid, bad).index, -1);
  EXPECT_EQ(fast::firstHit(valid, bad).result.status, CastStatus::error);
}

/// Every node's box holds its children's (the root all of them) and every leaf's box its
/// shape's box; the leaves hold each shape once.
template <class T>
void expectTreeHoldsItsBoxes(const fast::BvhT<T>& bvh) {
  const BvhTreeOf<T>& tree = bvh.tree;
  const auto holds = [](const BvhNodeOf<T>& outer, double lx, double ly, double ux, double uy) {
    return outer.corner[0][0] <= lx && outer.corner[0][1] <= ly && ux <= outer.corner[1][0] &&
           uy <= outer.corner[1][1];
  };
  std::vector<int> seen(bvh.boxes.size(), 0);
  for (const BvhNodeOf<T>& node : tree.nodes) {
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k) {
        const Aabb& b = bvh.boxes[tree.items[k]];
        ++seen[tree.items[k]];
        ASSERT_TRUE(holds(node, b.lower.x, b.lower.y, b.upper.x, b.upper.y));
      }
      continue;
    }
    for (std::int32_t c = node.first; c < node.first + 2; ++c) {
      const BvhNodeOf<T>& child = tree.nodes[c];
      ASSERT_TRUE(holds(node, child.corner[0][0], child.corner[0][1], child.corner[1][0],
                        child.corner[1][1]));
    }
  }
  for (int s : seen)
    ASSERT_EQ(s, 1);
  EXPECT_EQ(tree.nodes.size(), 2 * bvh.boxes.size() - 1);
  EXPECT_LT(tree.depth, kBvhMaxDepth);
}

TEST(FastBvh, TreeHoldsItsBoxes) {
  std::mt19937_64 rng(0xb0b8);
  const std::vector<PlacedShape> scene = test::randomScene(rng, 5000, BvhSceneSpec{});
  const fast::Bvh bvh = fast::buildBvh<double>(scene);
  expectTreeHoldsItsBoxes(bvh);
  expectTreeHoldsItsBoxes(fast::buildBvh<float>(scene));
  EXPECT_LE(bvh.tree.depth, 40);  // SAH on a uniform scene stays near log2(5000) ≈ 12
}

// ---- Boxes ----------------------------------------------------------------------------------

/// A random shape of any type, placed anywhere within ±limit with any rotation, scaled by 2^e.
PlacedShape randomPlacedShape(std::mt19937_64& rng, int e) {
  constexpr ShapeType kTypes[] = {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                                  ShapeType::polygon, ShapeType::chainSegment};
  const test::SceneSpec spec{test::Grid{8}, 0.25, 4.0, 16.0, 0.5};
  const Shape shape = test::shapeOf(rng, test::pick(rng, kTypes), spec);
  const Transform xf =
      test::transformOf(rng, spec.grid, spec.worldLimit, test::RotationKind::mixed);
  return test::scaledScene({{shape, xf}}, e, {0, 0})[0];
}

/// |p| + the shape's local bound (its radius included): the scale of its box's coordinates.
double reachOf(const PlacedShape& s) {
  return length(s.xf.p) + test::localBound(s.shape);
}

/// outer holds inner, and no side of outer lies farther than `slack` from inner's.
void expectHoldsWithin(const Aabb& outer, const Aabb& inner, double slack) {
  ASSERT_TRUE(contains(outer, inner));
  EXPECT_LE(inner.lower.x - outer.lower.x, slack);
  EXPECT_LE(inner.lower.y - outer.lower.y, slack);
  EXPECT_LE(outer.upper.x - inner.upper.x, slack);
  EXPECT_LE(outer.upper.y - inner.upper.y, slack);
}

TEST(FastAabb, HoldsTheExactShapeWithinAFewUlps) {
  std::mt19937_64 rng(0xaabb1);
  for (int k = 0; k < 20000; ++k) {
    const int e = static_cast<int>(test::uniformInt(rng, -40, 40));
    const PlacedShape s = randomPlacedShape(rng, e);
    const Aabb exact = reference::aabbOf(s.shape, s.xf);
    expectHoldsWithin(fast::aabbOf(s.shape, s.xf), exact, 0x1p-48 * reachOf(s) + 0x1p-1060);
    if (HasFailure()) return;
  }
}

TEST(FastAabb, SweptBoxHoldsTheExactSweep) {
  std::mt19937_64 rng(0xaabb2);
  for (int k = 0; k < 20000; ++k) {
    const int e = static_cast<int>(test::uniformInt(rng, -40, 40));
    CastInput c;
    c.origin = {std::ldexp(test::uniformUnit(rng) * 64 - 32, e),
                std::ldexp(test::uniformUnit(rng) * 64 - 32, e)};
    c.translation = {std::ldexp(test::uniformUnit(rng) * 64 - 32, e),
                     std::ldexp(test::uniformUnit(rng) * 64 - 32, e)};
    c.radius = test::chance(rng, 0.5) ? 0.0 : std::ldexp(test::uniformUnit(rng), e);
    c.maxFraction = test::chance(rng, 0.5) ? 1.0 : test::uniformUnit(rng);
    const Aabb exact = reference::sweptAabb(c);
    const double scale = length(c.origin) + length(c.translation) + c.radius;
    expectHoldsWithin(fast::sweptAabb(c), exact, 0x1p-48 * scale + 0x1p-1060);
    ASSERT_TRUE(contains(exact, c.origin));
    if (HasFailure()) return;
  }
}

// ---- B2: the margin covers the fast casts' rounding ----------------------------------------

/// How far, in units of ε·S, the centre at a fast hit's fraction lies outside the exact shape's
/// box grown by r (0 when inside); S is castMargin's scale. B2 grows boxes by 128ε·S and keeps
/// half of it for the slab test, so this must stay below 64.
template <class T>
double excessInEpsilons(const PlacedShape& s, const CastInput& c, const CastResult& r) {
  const auto toT = [](double v) { return static_cast<long double>(static_cast<T>(v)); };
  const long double t = r.fraction;
  const long double x = toT(c.origin.x) + t * toT(c.translation.x);
  const long double y = toT(c.origin.y) + t * toT(c.translation.y);
  const Aabb box = reference::aabbOf(s.shape, s.xf);
  const long double outside =
      std::max(
          {static_cast<long double>(box.lower.x) - x, x - static_cast<long double>(box.upper.x),
           static_cast<long double>(box.lower.y) - y, y - static_cast<long double>(box.upper.y)}) -
      static_cast<long double>(c.radius);
  const double reach = fast::placeForCast<T>(s.shape, s.xf).reach;
  const double scale = reach + c.radius + std::abs(c.origin.x) + std::abs(c.origin.y) +
                       std::abs(c.translation.x) + std::abs(c.translation.y);
  const long double unit = static_cast<long double>(std::numeric_limits<T>::epsilon()) * scale +
                           std::sqrt(static_cast<long double>(std::numeric_limits<T>::min())) / 8;
  return outside > 0 ? static_cast<double>(outside / unit) : 0.0;
}

/// Grazes along every side of a shape's exact box and casts aimed at it, at scales 2^-40 to
/// 2^40: the worst excess over all fast hits, double and float.
TEST(FastBvh, MarginCoversTheCastsRounding) {
  std::mt19937_64 rng(0xb0b9);
  double worst[2] = {0, 0};
  int hits[2] = {0, 0};
  int casts = 0;
  BvhSceneSpec spec;
  spec.grazeChance = 0.75;
  for (int k = 0; k < 20000; ++k) {
    const int e = static_cast<int>(test::uniformInt(rng, -40, 40));
    const PlacedShape s = randomPlacedShape(rng, 0);
    const std::vector<PlacedShape> one = {s};
    const std::vector<Aabb> boxes = {reference::aabbOf(s.shape, s.xf)};
    const CastInput base = test::randomSceneCast(rng, one, boxes, spec);
    const PlacedShape scaled = test::scaledScene(one, e, {0, 0})[0];
    const CastInput c = test::scaledSceneCast(base, e, {0, 0});
    if (validateCastInput(c, "ray")) continue;
    ++casts;
    const CastResult d = fast::cast(scaled.shape, scaled.xf, c);
    const CastResult f = fast::castFloat(scaled.shape, scaled.xf, c);
    if (touches(d.status)) {
      ++hits[0];
      worst[0] = std::max(worst[0], excessInEpsilons<double>(scaled, c, d));
    }
    if (touches(f.status)) {
      ++hits[1];
      worst[1] = std::max(worst[1], excessInEpsilons<float>(scaled, c, f));
    }
  }
  RecordProperty("worst_excess_double", std::to_string(worst[0]));
  RecordProperty("worst_excess_float", std::to_string(worst[1]));
  EXPECT_GT(hits[0], casts / 4);
  EXPECT_GT(hits[1], casts / 4);
  EXPECT_LT(worst[0], 64.0);
  EXPECT_LT(worst[1], 64.0);
  EXPECT_GT(worst[0] + worst[1], 0.0);  // some hits do lie outside: the margin is needed
}

}  // namespace
}  // namespace touche
