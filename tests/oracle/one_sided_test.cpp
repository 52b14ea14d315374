// judge() on one-sided chain segments: golden cases from in front, from behind, at a convex
// and a concave ghost corner, with A and B swapped; and the reference's own answers over
// seeded random chain scenes, every one judged acceptable, while the two-sided answer of the
// same segment is rejected wherever the chain has no contact.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "touche/oracle/judge.h"
#include "touche/reference/reference.h"
#include "touche/test_support/scenes.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;

// The chain of every golden case: p1 = (2, 0) → p2 = (−2, 0), so e = (−4, 0) and the solid
// side is below: n1 = rightPerp(e) = (0, 4), in front is y > 0. Ghost g1 = (3, −1): the
// corner at p1 turns left (cross(p1 − g1, e) = cross((−1, 1), (−4, 0)) = 4 > 0, convex) with
// the previous piece's normal n0 = rightPerp((−1, 1)) = (1, 1): at p1 the admissible normals
// run from 45° to 90°. Ghost g2 = (−3, 1): cross(e, g2 − p2) = cross((−4, 0), (−1, 1)) = −4,
// a concave corner at p2: no normal beyond n1 on that side.
ChainSegment goldenChain() {
  return ChainSegment{{3, -1}, {2, 0}, {-2, 0}, {-3, 1}};
}

Case chainCase(const std::string& id, Shape other, Vec2 at) {
  return Case{id, goldenChain(), Transform{}, std::move(other), Transform{at, {}}};
}

Case swappedCase(const Case& c) {
  return Case{c.id + "-swapped", c.b, c.xfB, c.a, c.xfA};
}

DeclaredConventions exactConventions() {
  return conventionsPreset("exact").value_or(DeclaredConventions{});
}

/// The verdict on `m` and, A and B swapped, on swapRoles(m): they must be the same.
Outcome judgedBothWays(const Case& c, const Manifold& m) {
  const Comparison r = judge(c, m, exactConventions());
  const Comparison s = judge(swappedCase(c), swapRoles(m), exactConventions());
  EXPECT_EQ(r.outcome, s.outcome) << r.explanation << "\n" << s.explanation;
  return r.outcome;
}

Manifold onePoint(Vec2 normal, Vec2 point, double separation, FeatureId id) {
  Manifold m;
  m.status = Status::contact;
  m.normal = normal;
  m.pointCount = 1;
  m.points[0] = {point, separation, id};
  return m;
}

constexpr FeatureId kFaceToCentre{FeatureType::face, 0, FeatureType::vertex, 0};
constexpr FeatureId kP1ToCentre{FeatureType::vertex, 0, FeatureType::vertex, 0};

TEST(OneSidedCircle, FromInFrontIsTheRoundContact) {
  // Centre (0, 0.25), r 0.5: normal (0, 1), surfaces at y = 0 and −0.25, point (0, −0.125),
  // separation −0.25.
  const Case c = chainCase("circle-in-front", Circle{{0, 0}, 0.5}, {0, 0.25});
  const Manifold m = onePoint({0, 1}, {0, -0.125}, -0.25, kFaceToCentre);
  EXPECT_EQ(judgedBothWays(c, m), Outcome::agree);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::missingContact);
  EXPECT_EQ(judgedBothWays(c, reference::kEngine.collide(c.a, c.xfA, c.b, c.xfB, {})),
            Outcome::agree);
}

TEST(OneSidedCircle, FromBehindHasNoContact) {
  // Centre (0, −0.25): the two-sided answer (normal (0, −1), separation −0.25) is what a
  // plain segment gives; the chain segment has no contact there.
  const Case c = chainCase("circle-behind", Circle{{0, 0}, 0.5}, {0, -0.25});
  const Manifold twoSided = onePoint({0, -1}, {0, 0.125}, -0.25, kFaceToCentre);
  const Comparison r = judge(c, twoSided, exactConventions());
  EXPECT_EQ(r.outcome, Outcome::spuriousContact);
  EXPECT_THAT(r.explanation, HasSubstr("the circle centre is behind the chain segment"));
  EXPECT_EQ(judgedBothWays(c, twoSided), Outcome::spuriousContact);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::agree);
  EXPECT_EQ(reference::kEngine.collide(c.a, c.xfA, c.b, c.xfB, {}).status, Status::noContact);
}

TEST(OneSidedCircle, ConvexCornerRegionOwnedByThePreviousPieceHasNoContact) {
  // Centre (2.3, 0.1): beyond p1 (dot(e, c − p1) = −1.2) and behind the previous piece's end
  // (dot(p1 − g1, c − p1) = −0.3 + 0.1 = −0.2): its direction from p1, 18°, is outside the
  // arc 45°–90°. Distance √0.1 ≈ 0.316 < 0.5, so a two-sided segment would touch it.
  const Case c = chainCase("circle-convex-corner-owned", Circle{{0, 0}, 0.5}, {2.3, 0.1});
  const double d = std::sqrt(0.1);
  const Vec2 n{0.3 / d, 0.1 / d};
  const Vec2 point = 0.5 * (Vec2{2, 0} + Vec2{2.3, 0.1} - 0.5 * n);
  const Manifold twoSided = onePoint(n, point, d - 0.5, kP1ToCentre);
  EXPECT_EQ(judgedBothWays(c, twoSided), Outcome::spuriousContact);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::agree);
}

TEST(OneSidedCircle, ConvexCornerInsideTheArcIsTheVertexContact) {
  // Centre (2.1, 0.3): direction (0.1, 0.3) from p1 at 71.6°, inside the arc: the round
  // contact with p1, normal (0.1, 0.3)/√0.1, separation √0.1 − 0.5 ≈ −0.184.
  const Case c = chainCase("circle-convex-corner-admitted", Circle{{0, 0}, 0.5}, {2.1, 0.3});
  const double d = std::sqrt(0.1);
  const Vec2 n{0.1 / d, 0.3 / d};
  const Vec2 point = 0.5 * (Vec2{2, 0} + Vec2{2.1, 0.3} - 0.5 * n);
  EXPECT_EQ(judgedBothWays(c, onePoint(n, point, d - 0.5, kP1ToCentre)), Outcome::agree);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::missingContact);
  // The face normal (0, 1) is on the arc but far from optimal: short by 0.3 − √0.1·... .
  EXPECT_EQ(judgedBothWays(c, onePoint({0, 1}, {2.1, 0.15 - 0.25}, 0.3 - 0.5, kFaceToCentre)),
            Outcome::wrongNormal);
}

TEST(OneSidedCircle, ConcaveCornerRegionBelongsToTheNextPiece) {
  // Centre (−2.3, 0.1): beyond p2 (dot(e, p2 − c) = −1.2) and ahead along the next piece
  // (dot(g2 − p2, c − p2) = 0.3 + 0.1 = 0.4 > 0): the next piece owns it.
  const Case c = chainCase("circle-concave-corner", Circle{{0, 0}, 0.5}, {-2.3, 0.1});
  const double d = std::sqrt(0.1);
  const Vec2 n{-0.3 / d, 0.1 / d};
  const Vec2 point = 0.5 * (Vec2{-2, 0} + Vec2{-2.3, 0.1} - 0.5 * n);
  const Manifold twoSided =
      onePoint(n, point, d - 0.5, {FeatureType::vertex, 1, FeatureType::vertex, 0});
  EXPECT_EQ(judgedBothWays(c, twoSided), Outcome::spuriousContact);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::agree);
}

TEST(OneSidedCircle, ConcaveCornerSharperThanARightAngleLeavesThisPieceAWedge) {
  // The golden chain with g2 = (−1, 1): the chain turns right by 135° at p2 (cross(e, g2 − p2)
  // = cross((−4, 0), (1, 1)) = −4, concave). Centre (−2.3, 0.1): beyond p2 and not ahead along
  // the next piece (dot(g2 − p2, c − p2) = −0.3 + 0.1 = −0.2 ≤ 0), so this piece owns it and
  // a circle's contact is the round one with p2 (step C3): normal (−0.3, 0.1)/√0.1, beyond n1
  // on the concave side — a concave corner's snap to n1 is the polygons' rule, not the circles'.
  Case c = chainCase("circle-sharp-concave-corner-owned", Circle{{0, 0}, 0.5}, {-2.3, 0.1});
  std::get<ChainSegment>(c.a).ghost2 = {-1, 1};
  const double d = std::sqrt(0.1);
  const Vec2 n{-0.3 / d, 0.1 / d};
  const Vec2 point = 0.5 * (Vec2{-2, 0} + Vec2{-2.3, 0.1} - 0.5 * n);
  const FeatureId p2ToCentre{FeatureType::vertex, 1, FeatureType::vertex, 0};
  EXPECT_EQ(judgedBothWays(c, onePoint(n, point, d - 0.5, p2ToCentre)), Outcome::agree);
  EXPECT_EQ(judgedBothWays(c, reference::kEngine.collide(c.a, c.xfA, c.b, c.xfB, {})),
            Outcome::agree);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::missingContact);
  // The same at p1 (g1 = (1, 1), a right turn of 135° into p1), centre (2.3, 0.1).
  Case atP1 = chainCase("circle-sharp-concave-corner-owned-at-p1", Circle{{0, 0}, 0.5}, {2.3, 0.1});
  std::get<ChainSegment>(atP1.a).ghost1 = {1, 1};
  const Vec2 n1{0.3 / d, 0.1 / d};
  const Vec2 point1 = 0.5 * (Vec2{2, 0} + Vec2{2.3, 0.1} - 0.5 * n1);
  EXPECT_EQ(judgedBothWays(atP1, onePoint(n1, point1, d - 0.5, kP1ToCentre)), Outcome::agree);
  // A normal pointing into the next piece's part of the corner region is still off the arc.
  Case nextOwns = c;
  nextOwns.xfB.p = {-2.1, 0.3};  // dot(g2 − p2, c − p2) = 0.2 > 0: the next piece's
  const Comparison spurious =
      judge(nextOwns, onePoint((1 / std::sqrt(10.0)) * Vec2{-1, 3}, {-2.05, 0.15}, 0, p2ToCentre),
            exactConventions());
  EXPECT_EQ(spurious.outcome, Outcome::spuriousContact) << spurious.explanation;
}

Manifold twoPoints(Vec2 normal, Vec2 p0, Vec2 p1, double separation) {
  Manifold m = onePoint(normal, p0, separation, {FeatureType::face, 0, FeatureType::vertex, 0});
  m.pointCount = 2;
  m.points[1] = {p1, separation, {FeatureType::face, 0, FeatureType::vertex, 1}};
  return m;
}

TEST(OneSidedPolygon, FromInFrontIsTheFaceContact) {
  // Box half 0.5 at (0, 0.4): its bottom y = −0.1 lies 0.1 through the segment: normal
  // (0, 1), points midway at y = −0.05 over x = ±0.5, separation −0.1.
  const Case c = chainCase("box-in-front", makeBox(0.5, 0.5), {0, 0.4});
  const Manifold m = twoPoints({0, 1}, {-0.5, -0.05}, {0.5, -0.05}, -0.1);
  EXPECT_EQ(judgedBothWays(c, m), Outcome::agree);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::missingContact);
  const Manifold r = reference::kEngine.collide(c.a, c.xfA, c.b, c.xfB, {});
  ASSERT_EQ(r.status, Status::contact);
  EXPECT_EQ(r.normal, (Vec2{0, 1}));
  EXPECT_EQ(judgedBothWays(c, r), Outcome::agree);
}

TEST(OneSidedPolygon, FromBehindHasNoContact) {
  // Box at (0, −0.4): centroid behind n1 and behind the convex neighbour at p1
  // (dot(n0, (0, −0.4) − p1) = −2.4); the two-sided answer (normal (0, −1)) is spurious.
  const Case c = chainCase("box-behind", makeBox(0.5, 0.5), {0, -0.4});
  const Manifold twoSided = twoPoints({0, -1}, {-0.5, 0.05}, {0.5, 0.05}, -0.1);
  const Comparison r = judge(c, twoSided, exactConventions());
  EXPECT_EQ(r.outcome, Outcome::spuriousContact);
  EXPECT_THAT(r.explanation, HasSubstr("centroid is behind"));
  EXPECT_EQ(judgedBothWays(c, twoSided), Outcome::spuriousContact);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::agree);
  EXPECT_EQ(reference::kEngine.collide(c.a, c.xfA, c.b, c.xfB, {}).status, Status::noContact);
}

TEST(OneSidedPolygon, ConvexCornerBeyondTheNeighbourNormalHasNoContact) {
  // Box half 0.5, radius 0.3, at (2.7, 0.3): its core face x = 2.2 is 0.2 from p1 along
  // (1, 0), at 0°, outside the arc 45°–90° — the previous piece owns it — though the
  // rounded box touches the segment (0.2 < 0.3).
  const Case c = chainCase("rounded-box-convex-corner", makeBox(0.5, 0.5, 0.3), {2.7, 0.3});
  const Manifold twoSided =
      onePoint({1, 0}, {2.05, 0}, -0.1, {FeatureType::vertex, 0, FeatureType::face, 3});
  const Comparison r = judge(c, twoSided, exactConventions());
  EXPECT_EQ(r.outcome, Outcome::spuriousContact);
  EXPECT_THAT(r.explanation, HasSubstr("beyond a convex corner"));
  EXPECT_EQ(judgedBothWays(c, twoSided), Outcome::spuriousContact);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::agree);
}

TEST(OneSidedPolygon, ConcaveCornerTakesTheContactAlongTheSegmentNormal) {
  // Box half 0.5, radius 0.3, at (−2.7, 0.3): the closest direction from p2 is (−1, 0),
  // beyond n1 at the concave corner: a contact may only be along n1 = (0, 1); the reference
  // clips the box's face x = −2.2 to the segment's extent and finds no point (no contact).
  const Case c = chainCase("rounded-box-concave-corner", makeBox(0.5, 0.5, 0.3), {-2.7, 0.3});
  const Manifold sideways =
      onePoint({-1, 0}, {-2.05, 0}, -0.1, {FeatureType::vertex, 1, FeatureType::face, 1});
  const Comparison r = judge(c, sideways, exactConventions());
  EXPECT_EQ(r.outcome, Outcome::wrongNormal);
  EXPECT_THAT(r.explanation, HasSubstr("off the segment's normal arc"));
  EXPECT_EQ(judgedBothWays(c, sideways), Outcome::wrongNormal);
  EXPECT_EQ(judgedBothWays(c, statusOnly(Status::noContact)), Outcome::agree);
  EXPECT_EQ(reference::kEngine.collide(c.a, c.xfA, c.b, c.xfB, {}).status, Status::noContact);
}

TEST(OneSidedPolygon, SegmentLyingOnAFaceTouches) {
  // Chain p1 = (0.5, 0) → p2 = (−0.5, 0) (front y > 0; the corner at p1 is concave:
  // cross(p1 − g1, e) = cross((−0.5, −0.75), (−1, 0)) = −0.75; p2's ghost is collinear), and
  // a triangle whose face (−1, 0)–(2, 0) contains the whole segment, the triangle in front:
  // the shapes touch along the segment, distance 0: both ends are contact points with
  // separation 0 and normal n1 = (0, 1).
  const Case c{"chain-on-polygon-face", ChainSegment{{1, 0.75}, {0.5, 0}, {-0.5, 0}, {-1.5, 0}},
               Transform{}, Polygon{{{{2, 0}, {1.25, 1.25}, {-1, 0}}}, 3, 0.0}, Transform{}};
  // At margin 0 the touch is on the contact boundary (either answer); at margin 0.25 it is
  // well inside, and a contact must be reported.
  Manifold m = twoPoints({0, 1}, {0.5, 0}, {-0.5, 0}, 0.0);
  m.points[0].id = {FeatureType::vertex, 0, FeatureType::face, 2};
  m.points[1].id = {FeatureType::vertex, 1, FeatureType::face, 2};
  EXPECT_EQ(judgedBothWays(c, m), Outcome::agree);
  EXPECT_TRUE(isAcceptable(judgedBothWays(c, statusOnly(Status::noContact))));
  DeclaredConventions withMargin = exactConventions();
  withMargin.margin = 0.25;
  EXPECT_EQ(judge(c, m, withMargin).outcome, Outcome::agree);
  EXPECT_EQ(judge(c, statusOnly(Status::noContact), withMargin).outcome, Outcome::missingContact);
  EXPECT_EQ(judge(swappedCase(c), statusOnly(Status::noContact), withMargin).outcome,
            Outcome::missingContact);
}

/// Seeded random chain scenes of one pair: every reference answer is acceptable; where the
/// reference has no contact but the plain segment (two-sided) has one, that answer must be
/// spurious whenever the rules exclude it for sure.
struct SweepCounts {
  int scenes = 0;
  int contacts = 0;
  int twoSidedOnly = 0;  ///< the segment touches, the chain does not
  int rejected = 0;      ///< of those, the two-sided answer judged spurious
};

SweepCounts sweep(PairId pair, std::uint64_t seed, int scenes) {
  std::mt19937_64 rng(seed);
  SweepCounts counts;
  for (int k = 0; k < scenes; ++k) {
    const Case c = test::sceneFor(rng, pair);
    const Manifold m = reference::kEngine.collide(c.a, c.xfA, c.b, c.xfB, {});
    ++counts.scenes;
    counts.contacts += m.status == Status::contact;
    const Comparison r = judge(c, m, exactConventions());
    EXPECT_TRUE(isAcceptable(r.outcome)) << r.explanation;
    const Comparison s = judge(swappedCase(c), swapRoles(m), exactConventions());
    EXPECT_TRUE(isAcceptable(s.outcome)) << s.explanation;
    const auto& chain = std::get<ChainSegment>(c.a);
    const Case plain{c.id, Segment{chain.p1, chain.p2}, c.xfA, c.b, c.xfB};
    const Manifold two = reference::kEngine.collide(plain.a, plain.xfA, plain.b, plain.xfB, {});
    if (m.status != Status::noContact || two.status != Status::contact) continue;
    ++counts.twoSidedOnly;
    counts.rejected += judge(c, two, exactConventions()).outcome == Outcome::spuriousContact;
  }
  return counts;
}

void expectRates(const SweepCounts& n) {
  // The scene mix touches about half the time; about a tenth of all scenes touch the plain
  // segment but not the chain (from behind or in a neighbour's corner), and most of those
  // are excluded for sure (the rest are inside the band or left free by the rules).
  EXPECT_GT(n.contacts, n.scenes / 5);
  EXPECT_LT(n.contacts, n.scenes * 4 / 5);
  EXPECT_GT(n.twoSidedOnly, n.scenes / 20);
  EXPECT_GT(n.rejected, n.twoSidedOnly / 2);
}

TEST(OneSidedSweep, ReferenceAnswersAreAcceptableChainCircle) {
  expectRates(sweep(PairId::chainSegment_circle, 0x5eed0001, 300));
}

TEST(OneSidedSweep, ReferenceAnswersAreAcceptableChainCapsule) {
  expectRates(sweep(PairId::chainSegment_capsule, 0x5eed0002, 300));
}

TEST(OneSidedSweep, ReferenceAnswersAreAcceptableChainPolygon) {
  expectRates(sweep(PairId::chainSegment_polygon, 0x5eed0003, 300));
}

}  // namespace
}  // namespace touche::oracle
