// The fast bounce path's broad phase (touche/fast/bounce_bvh.h): each leg's first contact
// through the BVH equals the brute-force firstHit bit for bit (t, feature, key, start inside),
// in double and float, on the path legs and on random legs of seeded random scenes (legs aimed
// exactly at vertices and along walls, starts outside the walls), on large random scenes of
// about 50 to 10 000 edges (star walls and tens of obstacles), on source 001's scene and on a
// zigzag of 10 000 edges; whole paths equal. traceFrontToBack (core/bvh_tree.h, the walk the
// BVH figure draws) visits what visitFrontToBack visits, in its order.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <random>

#include "touche/core/bounce_jsonl.h"
#include "touche/fast/bounce_bvh.h"
#include "touche/test_support/bounce_scenes.h"

namespace touche::fast {
namespace {

template <class T>
bool sameContact(const FirstHitT<T>& a, const FirstHitT<T>& b) {
  return std::bit_cast<std::uint64_t>(static_cast<double>(a.t)) ==
             std::bit_cast<std::uint64_t>(static_cast<double>(b.t)) &&
         a.feature == b.feature && a.key == b.key && a.fromInside == b.fromInside;
}

bool sameBits(Vec2 a, Vec2 b) {
  return std::bit_cast<std::uint64_t>(a.x) == std::bit_cast<std::uint64_t>(b.x) &&
         std::bit_cast<std::uint64_t>(a.y) == std::bit_cast<std::uint64_t>(b.y);
}

/// Paths equal leg by leg, bit for bit.
void expectSamePath(const BouncePath& a, const BouncePath& b) {
  ASSERT_EQ(a.status, b.status);
  ASSERT_EQ(a.legs.size(), b.legs.size());
  for (std::size_t k = 0; k < a.legs.size(); ++k) {
    const BounceLeg& x = a.legs[k];
    const BounceLeg& y = b.legs[k];
    EXPECT_TRUE(sameBits(x.start, y.start) && sameBits(x.end, y.end) &&
                sameBits(x.direction, y.direction) && sameBits(x.normal, y.normal) &&
                x.feature == y.feature && x.length == y.length)
        << "leg " << k;
  }
}

/// A leg from a random point of a square 1.8 times the walls' (most of them outside the walls),
/// along a random direction, or aimed exactly at a wall or obstacle vertex, or along an edge.
template <class T>
BounceLegT<T> randomLeg(std::mt19937_64& rng, const BounceScene& s, double size) {
  const Vec2 start = test::gridPoint(rng, test::Grid{4}, 1.8 * size);
  Vec2 d = test::gridPoint(rng, test::Grid{2}, 4);
  const double roll = test::uniformUnit(rng);
  const std::vector<Vec2>& polygon =
      s.obstacles.empty() || test::chance(rng, 0.5)
          ? s.walls
          : s.obstacles[test::uniformInt(rng, 0, std::int64_t(s.obstacles.size()) - 1)];
  const std::size_t i = test::uniformInt(rng, 0, std::int64_t(polygon.size()) - 1);
  if (roll < 0.3) d = polygon[i] - start;                               // at a vertex
  if (roll > 0.85) d = polygon[(i + 1) % polygon.size()] - polygon[i];  // along an edge
  if (d == Vec2{0, 0}) d = {1, 0};
  return {toT<T>(start), normalizeOr(toT<T>(d), Vec2T<T>{T(1), T(0)}).unit};
}

template <class T>
void expectEqualOnRandomScenes(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const test::BounceSceneSpec spec;
  int legs = 0, contacts = 0;
  for (int k = 0; k < 300; ++k) {
    const BounceScene s = test::randomBounceScene(rng, spec);
    const BounceSceneT<T> prepared = prepareBounce<T>(s);
    const BounceBvhT<T> bvh = buildBounceBvh(prepared);
    expectSamePath(bouncePathThrough(s, prepared, bvh), bouncePath(s, prepared));
    for (int j = 0; j < 20; ++j) {
      const BounceLegT<T> leg = randomLeg<T>(rng, s, spec.size);
      const FirstHitT<T> brute = firstHit(prepared, leg);
      ++legs;
      contacts += brute.feature != FirstHitT<T>::npos;
      ASSERT_TRUE(sameContact(firstHit(bvh, prepared, leg), brute))
          << "scene " << k << " leg " << j << ": brute force t " << brute.t << " feature "
          << brute.feature;
    }
    if (::testing::Test::HasFailure()) return;
  }
  const double rate = static_cast<double>(contacts) / legs;
  std::printf("%d random legs, %.3f touch a feature\n", legs, rate);
  EXPECT_GE(rate, 0.3);
  EXPECT_LE(rate, 0.7);
}

TEST(BounceBvh, EqualsFirstHitOnRandomScenesDouble) {
  expectEqualOnRandomScenes<double>(0xb0c5);
}

TEST(BounceBvh, EqualsFirstHitOnRandomScenesFloat) {
  expectEqualOnRandomScenes<float>(0xb0c6);
}

template <class T>
void expectEqualOnLargeScenes(std::uint64_t seed) {
  // Star walls of 3 to 10 000 vertices and tens of obstacles (largeRandomBounceScene): scenes
  // of about 50 to 10 000 edges, random legs from a square round the room (about half of them
  // start inside it, where every leg touches something), and the whole paths.
  std::mt19937_64 rng(seed);
  int legs = 0, contacts = 0, arcs = 0;
  for (const int vertices : {3, 30, 300, 1000, 3000, 10000}) {
    test::LargeBounceSceneSpec spec;
    spec.wallVertices = vertices;
    for (int k = 0; k < 3; ++k) {
      const BounceScene s = test::largeRandomBounceScene(rng, spec);
      const BounceSceneT<T> prepared = prepareBounce<T>(s);
      const BounceBvhT<T> bvh = buildBounceBvh(prepared);
      expectSamePath(bouncePathThrough(s, prepared, bvh), bouncePath(s, prepared));
      for (int j = 0; j < 400; ++j) {
        const BounceLegT<T> leg = randomLeg<T>(rng, s, 0.75 * spec.size);
        const FirstHitT<T> brute = firstHit(prepared, leg);
        ++legs;
        contacts += brute.feature != FirstHitT<T>::npos;
        arcs += brute.feature != FirstHitT<T>::npos && prepared.features[brute.feature].arc;
        ASSERT_TRUE(sameContact(firstHit(bvh, prepared, leg), brute))
            << vertices << " vertices, scene " << k << " leg " << j << ": brute force t " << brute.t
            << " feature " << brute.feature;
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  const double rate = static_cast<double>(contacts) / legs;
  std::printf("%d random legs, %.3f touch a feature, %d an arc\n", legs, rate, arcs);
  EXPECT_GE(rate, 0.3);
  EXPECT_LE(rate, 0.7);
  EXPECT_GT(arcs, legs / 100);
}

TEST(BounceBvh, EqualsFirstHitOnLargeRandomScenesDouble) {
  expectEqualOnLargeScenes<double>(0x1a6e1);
}

TEST(BounceBvh, EqualsFirstHitOnLargeRandomScenesFloat) {
  expectEqualOnLargeScenes<float>(0x1a6e2);
}

/// The items visitFrontToBack visits for a leg, in order, and traceFrontToBack's record of it.
template <class T>
void expectTheTraceIsTheWalk(const BounceSceneT<T>& prepared, const BounceBvhT<T>& bvh,
                             const BounceLegT<T>& leg, int& pruned) {
  const CastInput ray{toCore(leg.start), toCore(leg.heading), 0.0,
                      std::numeric_limits<double>::infinity()};
  const BvhPathOf<T> path = makeBvhPath<T>(ray, bvh.margin);
  FirstHitT<T> walked, traced;
  std::vector<std::int32_t> items;
  visitFrontToBack(bvh.tree, path, [&](std::int32_t item) {
    items.push_back(item);
    offerFeature(prepared, static_cast<std::uint32_t>(item), leg, walked);
    return walked.t;
  });
  const BvhTrace trace = traceFrontToBack(bvh.tree, path, [&](std::int32_t item) {
    offerFeature(prepared, static_cast<std::uint32_t>(item), leg, traced);
    return traced.t;
  });
  ASSERT_EQ(trace.items, items);
  ASSERT_TRUE(sameContact(walked, traced));
  // Every leaf visited is entered, and a node is entered only below an entered node.
  for (std::size_t i = 0; i < bvh.tree.nodes.size(); ++i) {
    const BvhNodeOf<T>& node = bvh.tree.nodes[i];
    pruned += trace.fates[i] == BvhNodeFate::pruned;
    if (node.count > 0 || trace.fates[i] != BvhNodeFate::entered) continue;
    for (std::int32_t child = node.first; child < node.first + 2; ++child)
      ASSERT_NE(trace.fates[static_cast<std::size_t>(child)], BvhNodeFate::untested);
  }
}

template <class T>
void expectTracesOfRandomLegs(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int legs = 0, pruned = 0;
  for (const int vertices : {30, 1000}) {
    test::LargeBounceSceneSpec spec;
    spec.wallVertices = vertices;
    const BounceScene s = test::largeRandomBounceScene(rng, spec);
    const BounceSceneT<T> prepared = prepareBounce<T>(s);
    const BounceBvhT<T> bvh = buildBounceBvh(prepared);
    for (int j = 0; j < 300; ++j, ++legs) {
      expectTheTraceIsTheWalk(prepared, bvh, randomLeg<T>(rng, s, 0.75 * spec.size), pruned);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(pruned, legs);  // pruned by the bound, not only missed
}

TEST(BounceBvh, TheTraceOfAWalkIsTheWalk) {
  expectTracesOfRandomLegs<double>(0x7ace1);
  expectTracesOfRandomLegs<float>(0x7ace2);
}

TEST(BvhDerivationPage, TheWalkItDescribes) {
  // docs/derivations/bvh.md, "The tree and one leg's walk, drawn": the scene bvh-star-room.
  std::ifstream in(TOUCHE_DERIVATION_SCENES);
  const BounceCaseFile file = readBounceCases(in);
  const auto found = std::find_if(file.cases.begin(), file.cases.end(),
                                  [](const BounceCase& c) { return c.id == "bvh-star-room"; });
  ASSERT_NE(found, file.cases.end());
  const BounceScene& s = found->scene;
  const BounceSceneT<double> prepared = prepareBounce<double>(s);
  const BounceBvhT<double> bvh = buildBounceBvh(prepared);
  ASSERT_EQ(prepared.features.size(), 52u);
  EXPECT_EQ(bvh.tree.nodes.size(), 103u);
  EXPECT_EQ(bvh.tree.depth, 9);
  const BounceLeg leg = bouncePath(s, prepared).legs[0];
  const BounceLegT<double> legT{toT<double>(leg.start), toT<double>(leg.direction)};
  const CastInput ray{leg.start, leg.direction, 0.0, std::numeric_limits<double>::infinity()};
  const BvhPathOf<double> path = makeBvhPath<double>(ray, bvh.margin);
  FirstHitT<double> hit;
  const BvhTrace trace = traceFrontToBack(bvh.tree, path, [&](std::int32_t item) {
    offerFeature(prepared, static_cast<std::uint32_t>(item), legT, hit);
    return hit.t;
  });
  ASSERT_EQ(trace.items.size(), 1u);
  EXPECT_EQ(prepared.ids[hit.feature],
            (BounceFeature{BounceHit::obstacle, 2, FeatureType::face, 7}));
  EXPECT_NEAR(hit.t, 74.7296, 1e-4);
  std::vector<double> pruned;
  int entered = 0, missed = 0;
  for (std::size_t i = 0; i < trace.fates.size(); ++i) {
    entered += trace.fates[i] == BvhNodeFate::entered;
    missed += trace.fates[i] == BvhNodeFate::missed;
    if (trace.fates[i] == BvhNodeFate::pruned) pruned.push_back(entryOf(bvh.tree.nodes[i], path));
  }
  EXPECT_EQ(entered, 11);
  EXPECT_EQ(missed, 4);
  std::sort(pruned.begin(), pruned.end());
  ASSERT_EQ(pruned.size(), 6u);
  const double entries[] = {76.1, 82.3, 100.3, 108.8, 111.9, 240.8};  // as the page rounds them
  for (std::size_t k = 0; k < 6; ++k)
    EXPECT_NEAR(pruned[k], entries[k], 0.05) << k;
  // The root's children: the left half entered, the right half pruned (its entry 240.8).
  EXPECT_EQ(trace.fates[1], BvhNodeFate::entered);
  EXPECT_EQ(trace.fates[2], BvhNodeFate::pruned);
}

TEST(BounceBvh, SourceSceneAndALargeScene) {
  for (const BounceScene& s : {test::sourceBounceScene(), test::sourceBounceScene({1, -0.8}),
                               test::largeBounceScene(10000)}) {
    const BounceSceneT<double> prepared = prepareBounce<double>(s);
    const BouncePath path = bouncePathThrough(s, prepared, buildBounceBvh(prepared));
    expectSamePath(path, bouncePath(s, prepared));
    EXPECT_GT(path.legs.size(), 2u);
    const BounceSceneT<float> preparedFloat = prepareBounce<float>(s);
    expectSamePath(bouncePathThrough(s, preparedFloat, buildBounceBvh(preparedFloat)),
                   bouncePath(s, preparedFloat));
  }
}

TEST(BounceBvh, TheEnginesEntryPointsTakeTheBvhForLargeScenesWithTheSamePath) {
  // fast::bounce and fast::bounceFloat run a scene of 256 features or more through its BVH:
  // the same path as the brute-force loop, on a large scene and on the small source scene.
  for (const BounceScene& s : {test::sourceBounceScene(), test::largeBounceScene(2000)}) {
    expectSamePath(bounce(s), bouncePath(s, prepareBounce<double>(s)));
    expectSamePath(bounceFloat(s), bouncePath(s, prepareBounce<float>(s)));
  }
  EXPECT_GE(prepareBounce<double>(test::largeBounceScene(2000)).features.size(), 256u);
  EXPECT_LT(prepareBounce<double>(test::sourceBounceScene()).features.size(), 256u);
}

}  // namespace
}  // namespace touche::fast
