// The broad phase's vocabulary and its tree (core/broad_phase.h, core/bvh_tree.h): the tie
// rule, the quick validity check against validateCastInput, scene validation, the slab test on
// known boxes (edges, grazes, axes the path does not move along) and trees over degenerate
// boxes.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "touche/core/bvh_tree.h"

namespace touche {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(BroadPhase, TieRuleIsTheSmallestFractionThenTheLowestIndex) {
  EXPECT_TRUE(touchesBefore(0.25, 7, 0.5, 1));
  EXPECT_FALSE(touchesBefore(0.5, 7, 0.25, 1));
  EXPECT_TRUE(touchesBefore(0.5, 1, 0.5, 7));
  EXPECT_FALSE(touchesBefore(0.5, 7, 0.5, 1));
  EXPECT_FALSE(touchesBefore(0.5, 3, 0.5, 3));
  EXPECT_TRUE(touchesBefore(1.0, 9, kInf, -1));  // anything beats no touch yet
  FirstTouchOf<CastResult, double> best;
  CastResult overlap = castStatusOnly(CastStatus::initialOverlap);
  CastResult hit = castStatusOnly(CastStatus::hit);
  hit.fraction = 0.0;
  EXPECT_EQ(best.keep(castStatusOnly(CastStatus::miss), 0, 1.0), 1.0);
  EXPECT_EQ(best.keep(hit, 4, 1.0), 0.0);
  EXPECT_EQ(best.keep(overlap, 2, 1.0), 0.0);  // an initial overlap is a touch at 0
  EXPECT_EQ(best.index, 2);
  EXPECT_EQ(best.keep(hit, 3, 1.0), 0.0);
  EXPECT_EQ(best.index, 2);
}

TEST(BroadPhase, CastInputIsValidAgreesWithValidateCastInput) {
  const double values[] = {
      0.0,  -0.0, 1.0,   -1.0,      0.5, 0x1p50, -0x1p50, std::nextafter(0x1p50, kInf),
      kNaN, kInf, -kInf, 0x1p-1074, 2.0};
  int valid = 0, invalid = 0;
  for (int field = 0; field < 6; ++field) {
    for (const double v : values) {
      CastInput c{{1, 2}, {3, -4}, 0.5, 0.75};
      double* slots[] = {&c.origin.x,      &c.origin.y, &c.translation.x,
                         &c.translation.y, &c.radius,   &c.maxFraction};
      *slots[field] = v;
      const bool expected = !validateCastInput(c, "ray").has_value();
      EXPECT_EQ(castInputIsValid(c), expected) << "field " << field << " value " << v;
      (expected ? valid : invalid) += 1;
    }
  }
  EXPECT_GT(valid, 30);
  EXPECT_GT(invalid, 20);
}

TEST(BroadPhase, ValidateSceneNamesTheShapeAndTheField) {
  const std::vector<PlacedShape> scene = {
      {Circle{{0, 0}, 1}, {}}, {Circle{{0, 0}, 1}, {{0, 0}, {1, 0}}}, {Circle{{0, 0}, -1}, {}}};
  const auto error = validateScene(scene);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->field, "shapes[2].shape.radius");
  EXPECT_FALSE(validateScene({}));
  const std::vector<PlacedShape> badTransform = {{Circle{{0, 0}, 1}, {{kNaN, 0}, {1, 0}}}};
  EXPECT_EQ(validateScene(badTransform)->field, "shapes[0].xf.p[0]");
}

BvhNodeOf<double> nodeOf(Aabb box) {
  return outwardNode<double>(box);
}

TEST(BvhSlab, EntersAtTheGrownBoxsNearSide) {
  const BvhNodeOf<double> unit = nodeOf({{0, 0}, {1, 1}});
  // From (−2, 0.5) along (4, 0): enters x = 0 at t = 0.5; grown by 0.5, at t = 0.375.
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{-2, 0.5}, {4, 0}, 0, 1}, 0.0)), 0.5);
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{-2, 0.5}, {4, 0}, 0, 1}, 0.5)), 0.375);
  // Backwards along −x from (3, 0.5): enters x = 1 at t = 0.5.
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{3, 0.5}, {-4, 0}, 0, 1}, 0.0)), 0.5);
  // Along the top edge y = 1 exactly (a graze: closed boxes), and just above it.
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{-2, 1}, {4, 0}, 0, 1}, 0.0)), 0.5);
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{-2, 1 + 0x1p-40}, {4, 0}, 0, 1}, 0.0)), kInf);
  // Through the corner (0, 1) diagonally.
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{-1, 2}, {2, -2}, 0, 1}, 0.0)), 0.5);
  // Stops short (maxFraction), starts inside (entry 0), points away (none).
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{-2, 0.5}, {4, 0}, 0, 0.25}, 0.0)), kInf);
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{0.5, 0.5}, {4, 0}, 0, 1}, 0.0)), 0.0);
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{-2, 0.5}, {-4, 0}, 0, 1}, 0.0)), kInf);
  // No motion: inside or not.
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{0.5, 0.5}, {0, 0}, 0, 1}, 0.0)), 0.0);
  EXPECT_EQ(entryOf(unit, makeBvhPath<double>({{2, 0.5}, {0, 0}, 0, 1}, 0.0)), kInf);
}

TEST(BvhSlab, AnAxisWhoseReciprocalOverflowsDriftsInsteadOfMoving) {
  // translation.y = 2^-1074: 1/2^-1074 overflows, so y is tested as a drift of 2^-1074 about
  // the origin's y = 0; x still moves.
  const BvhPathOf<double> path = makeBvhPath<double>({{-2, 0}, {4, 0x1p-1074}, 0, 1}, 0.0);
  EXPECT_TRUE(path.moves[0]);
  EXPECT_FALSE(path.moves[1]);
  EXPECT_EQ(entryOf(nodeOf({{0, 0}, {1, 1}}), path), 0.5);
  EXPECT_EQ(entryOf(nodeOf({{0, 0x1p-1074}, {1, 1}}), path), 0.5);  // within the drift
  EXPECT_EQ(entryOf(nodeOf({{0, 0x1p-1073}, {1, 1}}), path), kInf);
}

TEST(BvhTree, DegenerateBoxes) {
  EXPECT_TRUE(buildBvhTree({}).nodes.empty());
  const std::vector<Aabb> one = {{{1, 2}, {3, 4}}};
  const BvhTreeOf<double> single = buildBvhTree(one);
  ASSERT_EQ(single.nodes.size(), 1u);
  EXPECT_EQ(single.nodes[0].count, 1);
  EXPECT_EQ(single.depth, 0);
  // 1000 equal boxes: the centres coincide, the median by index halves them.
  const std::vector<Aabb> same(1000, Aabb{{0, 0}, {0, 0}});
  const BvhTreeOf<double> halves = buildBvhTree(same);
  EXPECT_EQ(halves.nodes.size(), 1999u);
  EXPECT_EQ(halves.depth, 10);
  EXPECT_EQ(overlappingBoxes(halves, same, Aabb{{0, 0}, {0, 0}}).size(), 1000u);
  EXPECT_TRUE(overlappingBoxes(halves, same, Aabb{{0x1p-1074, 0}, {1, 0}}).empty());
  // Every box visited front to back when nothing is kept: each leaf once.
  std::vector<int> visits(1000, 0);
  visitFrontToBack(halves, makeBvhPath<double>({{-1, 0}, {2, 0}, 0, 1}, 0.0), [&](std::int32_t i) {
    ++visits[i];
    return 1.0;
  });
  for (int v : visits)
    ASSERT_EQ(v, 1);
}

TEST(BvhTree, FloatNodesHoldTheirDoubleBoxes) {
  const Aabb box{{0.1, -0x1p-1000}, {0x1.0000001p0, 0x1p-1000}};
  const BvhNodeOf<float> node = outwardNode<float>(box);
  EXPECT_LE(node.corner[0][0], 0.1);
  EXPECT_LE(node.corner[0][1], -0x1p-1000);
  EXPECT_GE(node.corner[1][0], 0x1.0000001p0);
  EXPECT_GE(node.corner[1][1], 0x1p-1000);
  EXPECT_GT(node.corner[1][1], 0.0f);  // not rounded to zero
  EXPECT_EQ(node.corner[1][0], std::nextafter(1.0f, 2.0f));
}

}  // namespace
}  // namespace touche
