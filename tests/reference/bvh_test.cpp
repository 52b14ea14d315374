// The reference's broad phase (touche/reference/bvh.h): the tightest boxes of doubles around the
// exact shapes and sweeps, and a BVH whose first hit is the brute-force loop's over
// reference::cast, bit for bit, on seeded scenes (ties included), degenerate and extreme ones.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "cast_core.h"
#include "touche/reference/bvh.h"
#include "touche/reference/cast.h"
#include "touche/test_support/bvh_scenes.h"

namespace touche::reference {
namespace {

using test::BvhSceneSpec;

constexpr double kInf = std::numeric_limits<double>::infinity();

/// lower is the largest double ≤ the exact value, upper the smallest ≥ it.
void expectTightBelow(double lower, const Rational& exact) {
  EXPECT_LE(sign(Rational(liftExact(lower) - exact)), 0);
  EXPECT_GT(sign(Rational(liftExact(std::nextafter(lower, kInf)) - exact)), 0);
}
void expectTightAbove(double upper, const Rational& exact) {
  EXPECT_GE(sign(Rational(liftExact(upper) - exact)), 0);
  EXPECT_LT(sign(Rational(liftExact(std::nextafter(upper, -kInf)) - exact)), 0);
}

/// The box's sides are the tightest doubles around the exact extremes of the points ± radius.
void expectTightAround(const Aabb& box, const std::vector<ExactVec2>& points,
                       const Rational& radius) {
  Rational low[2] = {points[0].x, points[0].y};
  Rational high[2] = {points[0].x, points[0].y};
  for (const ExactVec2& p : points) {
    low[0] = smaller(low[0], p.x);
    low[1] = smaller(low[1], p.y);
    high[0] = larger(high[0], p.x);
    high[1] = larger(high[1], p.y);
  }
  expectTightBelow(box.lower.x, Rational(low[0] - radius));
  expectTightBelow(box.lower.y, Rational(low[1] - radius));
  expectTightAbove(box.upper.x, Rational(high[0] + radius));
  expectTightAbove(box.upper.y, Rational(high[1] + radius));
}

TEST(ReferenceAabb, IsTheTightestBoxOfDoubles) {
  std::mt19937_64 rng(0xaabb3);
  constexpr ShapeType kTypes[] = {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                                  ShapeType::polygon, ShapeType::chainSegment};
  const test::SceneSpec spec{test::Grid{8}, 0.25, 4.0, 16.0, 0.5};
  for (int k = 0; k < 3000; ++k) {
    const int e = static_cast<int>(test::uniformInt(rng, -40, 40));
    const PlacedShape s = test::scaledScene(
        {{test::shapeOf(rng, test::pick(rng, kTypes), spec),
          test::transformOf(rng, spec.grid, spec.worldLimit, test::RotationKind::general)}},
        e, {0, 0})[0];
    const CastCoreOf<Rational> core = liftCore<Rational>(s.shape, s.xf);
    const std::vector<ExactVec2> points(core.vertices.begin(), core.vertices.begin() + core.count);
    expectTightAround(aabbOf(s.shape, s.xf), points, core.radius);
    if (HasFailure()) return;
  }
}

TEST(ReferenceAabb, SweptBoxIsTheTightestBoxOfDoubles) {
  std::mt19937_64 rng(0xaabb4);
  for (int k = 0; k < 3000; ++k) {
    CastInput c;
    c.origin = {test::uniformUnit(rng) * 64 - 32, test::uniformUnit(rng) * 64 - 32};
    c.translation = {test::uniformUnit(rng) * 64 - 32, test::uniformUnit(rng) * 64 - 32};
    c.radius = test::chance(rng, 0.5) ? 0.0 : test::uniformUnit(rng);
    c.maxFraction = test::chance(rng, 0.5) ? 1.0 : test::uniformUnit(rng);
    const ExactVec2 origin = liftExact(c.origin);
    const ExactVec2 end = origin + liftExact(c.maxFraction) * liftExact(c.translation);
    expectTightAround(sweptAabb(c), {origin, end}, liftExact(c.radius));
    if (HasFailure()) return;
  }
}

struct Tally {
  int casts = 0;
  int touched = 0;
  double rate() const { return casts == 0 ? 0.0 : static_cast<double>(touched) / casts; }
};

/// `casts` seeded casts through the scene: firstHit must equal firstHitBruteForce bit for bit
/// (gaps included: both come from the same reference::cast).
Tally expectTreeEqualsLoop(const std::vector<PlacedShape>& scene, std::mt19937_64& rng, int casts,
                           int e = 0, Vec2 offset = {}) {
  const Bvh bvh = buildBvh(test::scaledScene(scene, e, offset));
  EXPECT_FALSE(bvh.error);
  std::vector<Aabb> boxes;
  for (const PlacedShape& s : scene)
    boxes.push_back(aabbOf(s.shape, s.xf));
  Tally tally;
  for (int k = 0; k < casts; ++k) {
    const CastInput c =
        test::scaledSceneCast(test::randomSceneCast(rng, scene, boxes, BvhSceneSpec{}), e, offset);
    if (validateCastInput(c, "ray")) continue;
    const ShapeHit loop = firstHitBruteForce(bvh, c);
    const ShapeHit tree = firstHit(bvh, c);
    ++tally.casts;
    tally.touched += touches(loop.result.status);
    if (!test::sameHit(loop, tree)) {
      ADD_FAILURE() << scene.size() << " shapes at 2^" << e << ", cast " << k << " ("
                    << test::describeCast(c) << "): brute force " << test::describeHit(loop)
                    << ", BVH " << test::describeHit(tree);
      return tally;
    }
  }
  return tally;
}

TEST(ReferenceBvh, EqualsBruteForceOnRandomScenes) {
  std::mt19937_64 rng(0xb0c1);
  struct Run {
    int shapes, scenes, casts;
  };
  for (const Run run :
       {Run{1, 20, 10}, Run{3, 20, 10}, Run{10, 20, 10}, Run{100, 2, 100}, Run{400, 1, 150}}) {
    Tally tally;
    for (int k = 0; k < run.scenes; ++k) {
      const Tally one =
          expectTreeEqualsLoop(test::randomScene(rng, run.shapes, BvhSceneSpec{}), rng, run.casts);
      tally.casts += one.casts;
      tally.touched += one.touched;
    }
    std::printf("%d shapes: %.3f of %d casts touch\n", run.shapes, tally.rate(), tally.casts);
    EXPECT_GE(tally.rate(), 0.3) << run.shapes << " shapes";
    EXPECT_LE(tally.rate(), 0.7) << run.shapes << " shapes";
  }
}

/// The exact answer does not depend on the scale: the same scenes at 2^42 moved by 2^49 (the
/// largest coordinates), at 2^-1000 and at 2^-1000 moved by 2^-990 give the same hit rate band,
/// and the BVH equals the loop there too.
TEST(ReferenceBvh, HugeAndTinyCoordinates) {
  std::mt19937_64 rng(0xb0c2);
  struct Scaling {
    int e;
    Vec2 offset;
  };
  for (const Scaling s :
       {Scaling{42, {0x1p49, -0x1p49}}, Scaling{-1000, {0, 0}}, Scaling{-1000, {0x1p-990, 0}}}) {
    const Tally tally =
        expectTreeEqualsLoop(test::randomScene(rng, 100, BvhSceneSpec{}), rng, 120, s.e, s.offset);
    std::printf("2^%d: %.3f of %d casts touch\n", s.e, tally.rate(), tally.casts);
    EXPECT_GE(tally.casts, 100);
    EXPECT_GE(tally.rate(), 0.3) << "2^" << s.e;
    EXPECT_LE(tally.rate(), 0.7) << "2^" << s.e;
  }
}

/// A sharp box placed by a quarter turn and a segment on its face 1 (world points exact): a ray
/// into that face touches both at exactly t = 0.5, and the lower index wins in either order.
TEST(ReferenceBvh, ExactTieBetweenAFaceAndASegmentOnIt) {
  const Polygon box = makeBox(1, 2);
  const Transform xf{{3, 1}, {0, 1}};  // a quarter turn: face 1 becomes the top, y = 2
  const PlacedShape segment = test::segmentOnEdge(box, xf, 1);
  const PlacedShape polygon{box, xf};
  const CastInput c{{3.5, 4}, {0, -4}, 0.0, 1.0};
  for (const auto& scene :
       {std::vector<PlacedShape>{segment, polygon}, std::vector<PlacedShape>{polygon, segment}}) {
    ASSERT_EQ(cast(scene[0].shape, scene[0].xf, c).fraction, 0.5);
    ASSERT_EQ(cast(scene[1].shape, scene[1].xf, c).fraction, 0.5);
    const Bvh bvh = buildBvh(scene);
    const ShapeHit hit = firstHit(bvh, c);
    EXPECT_EQ(hit.index, 0);
    EXPECT_TRUE(test::sameHit(hit, firstHitBruteForce(bvh, c)));
  }
}

/// docs/derivations/bvh.md, Step 6: shape 1's box is entered first, both touch at t = 0.5, and
/// the lower index wins.
TEST(ReferenceBvh, WorkedExampleOfTheDerivation) {
  const std::vector<PlacedShape> scene = {{Segment{{0, -1}, {0, 1}}, {}},
                                          {Segment{{0, 0}, {-4, 4}}, {}}};
  const CastInput c{{-10, 0}, {20, 0}, 0.0, 1.0};
  const Bvh bvh = buildBvh(scene);
  EXPECT_EQ(bvh.boxes[0], (Aabb{{0, -1}, {0, 1}}));
  EXPECT_EQ(bvh.boxes[1], (Aabb{{-4, 0}, {0, 4}}));
  const BvhPathOf<double> exactPath = makeBvhPath<double>(c, 0.0);
  EXPECT_NEAR(entryOf(outwardNode<double>(bvh.boxes[1]), exactPath), 0.3, 1e-16);
  EXPECT_EQ(entryOf(outwardNode<double>(bvh.boxes[0]), exactPath), 0.5);
  EXPECT_EQ(cast(scene[1].shape, scene[1].xf, c).fraction, 0.5);
  EXPECT_EQ(cast(scene[1].shape, scene[1].xf, c).point, (Vec2{0, 0}));
  const ShapeHit hit = firstHit(bvh, c);
  EXPECT_EQ(hit.index, 0);
  EXPECT_EQ(hit.result.fraction, 0.5);
  EXPECT_EQ(hit.result.point, (Vec2{0, 0}));
  EXPECT_EQ(hit.result.normal, (Vec2{-1, 0}));
  EXPECT_EQ(hit.result.feature, (CastFeature{FeatureType::face, 1}));
}

TEST(ReferenceBvh, IdenticalShapesAnswerTheFirst) {
  std::mt19937_64 rng(0xb0c3);
  const std::vector<PlacedShape> scene(
      200, PlacedShape{Capsule{{-1, 0}, {1, 0.5}, 0.25}, {{3, 2}, {0.6, 0.8}}});
  const Bvh bvh = buildBvh(scene);
  int hits = 0;
  for (int k = 0; k < 100; ++k) {
    const CastInput c = test::randomSceneCast(rng, scene, {}, BvhSceneSpec{});
    const ShapeHit tree = firstHit(bvh, c);
    ASSERT_TRUE(test::sameHit(tree, firstHitBruteForce(bvh, c)));
    if (!touches(tree.result.status)) continue;
    ++hits;
    EXPECT_EQ(tree.index, 0);
  }
  EXPECT_GT(hits, 30);
  EXPECT_LT(hits, 70);
}

TEST(ReferenceBvh, OverlapQueryEqualsBruteForce) {
  std::mt19937_64 rng(0xb0c4);
  const std::vector<PlacedShape> scene = test::randomScene(rng, 1000, BvhSceneSpec{});
  const Bvh bvh = buildBvh(scene);
  std::size_t found = 0;
  for (int k = 0; k < 300; ++k) {
    const CastInput c = test::randomSceneCast(rng, scene, bvh.boxes, BvhSceneSpec{});
    for (const Aabb& box : {sweptAabb(c), bvh.boxes[k]}) {
      const std::vector<std::int32_t> loop = overlappingBruteForce(bvh, box);
      ASSERT_EQ(overlapping(bvh, box), loop);
      found += loop.size();
    }
  }
  EXPECT_GT(found, 800u);
}

TEST(ReferenceBvh, InvalidSceneOrCastIsAnError) {
  Polygon clockwise = makeBox(1, 1);
  std::swap(clockwise.vertices[1], clockwise.vertices[3]);
  const Bvh bvh = buildBvh(std::vector<PlacedShape>{{Circle{{0, 0}, 1}, {}}, {clockwise, {}}});
  ASSERT_TRUE(bvh.error);
  EXPECT_EQ(bvh.error->field.rfind("shapes[1].shape", 0), 0u) << bvh.error->describe();
  const CastInput c{{-3, 0}, {6, 0}, 0, 1};
  EXPECT_EQ(firstHit(bvh, c).result.status, CastStatus::error);
  const Bvh valid = buildBvh(std::vector<PlacedShape>{{Circle{{0, 0}, 1}, {}}});
  CastInput bad = c;
  bad.radius = -1;
  EXPECT_EQ(firstHit(valid, bad).result.status, CastStatus::error);
  EXPECT_EQ(firstHitBruteForce(valid, bad).result.status, CastStatus::error);
  EXPECT_EQ(firstHit(valid, c).index, 0);
  EXPECT_EQ(firstHit(valid, c).result.fraction, 2.0 / 6);
}

}  // namespace
}  // namespace touche::reference
