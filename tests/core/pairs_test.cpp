// The pair table covers every ordered pair of shape types exactly once.
#include <gtest/gtest.h>

#include <set>

#include "touche/core/engine.h"

namespace touche {
namespace {

TEST(PairTable, EveryOrderedPairMapsToOneEntry) {
  int swappedCount = 0;
  std::set<int> seen;
  for (int a = 0; a < kShapeTypeCount; ++a) {
    for (int b = 0; b < kShapeTypeCount; ++b) {
      const PairLookup lookup = lookupPair(ShapeType(a), ShapeType(b));
      const PairInfo& info = pairInfo(lookup.id);
      const ShapeType first = lookup.swapped ? ShapeType(b) : ShapeType(a);
      const ShapeType second = lookup.swapped ? ShapeType(a) : ShapeType(b);
      EXPECT_EQ(info.a, first);
      EXPECT_EQ(info.b, second);
      swappedCount += lookup.swapped;
      seen.insert(static_cast<int>(lookup.id));
    }
  }
  EXPECT_EQ(seen.size(), kPairTable.size());
  EXPECT_EQ(swappedCount, 10);  // 25 ordered pairs = 15 canonical + 10 swapped
}

TEST(PairTable, IndexMatchesIdAndNamesRoundTrip) {
  for (size_t i = 0; i < kPairTable.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(kPairTable[i].id), i);
    PairId id;
    ASSERT_TRUE(pairFromName(kPairTable[i].name, &id));
    EXPECT_EQ(id, kPairTable[i].id);
    EXPECT_EQ(kPairTable[i].hasArea, kPairTable[i].unsupportedNote.empty());
  }
  PairId id;
  EXPECT_FALSE(pairFromName("circle_polygon", &id));  // not canonical
}

// A stand-in canonical function that records what it was called with.
Manifold recordCall(PairId id, const Shape& a, const Transform&, const Shape& b, const Transform&,
                    const Options&) {
  Manifold m;
  m.status = Status::contact;
  m.normal = {1, 0};
  m.pointCount = 1;
  m.points[0].id = {FeatureType::face, static_cast<std::uint8_t>(id), FeatureType::vertex,
                    static_cast<std::uint8_t>(typeOf(a) == typeOf(b) ? 7 : 9)};
  return m;
}

bool onlyPolygonCircle(PairId id) {
  return id == PairId::polygon_circle;
}

TEST(DispatchCollide, SwapsCircleVsPolygonIntoCanonicalOrderAndBack) {
  const Manifold m =
      dispatchCollide(Circle{{0, 0}, 1}, {}, makeBox(1, 1), {}, {}, &onlyPolygonCircle, recordCall);
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.normal, (Vec2{-1, 0}));                  // negated back
  EXPECT_EQ(m.points[0].id.typeB, FeatureType::face);  // ids swapped back
  EXPECT_EQ(m.points[0].id.indexB, static_cast<int>(PairId::polygon_circle));
}

TEST(DispatchCollide, UnsupportedAndInvalid) {
  EXPECT_EQ(dispatchCollide(Segment{{0, 0}, {1, 0}}, {}, Segment{{0, 0}, {0, 1}}, {}, {},
                            &onlyPolygonCircle, recordCall)
                .status,
            Status::unsupported);
  EXPECT_EQ(
      dispatchCollide(makeBox(1, 1), {}, makeBox(1, 1), {}, {}, &onlyPolygonCircle, recordCall)
          .status,
      Status::unsupported);
  EXPECT_EQ(
      dispatchCollide(makeBox(1, 1), {}, Circle{{0, 0}, -1}, {}, {}, &onlyPolygonCircle, recordCall)
          .status,
      Status::error);
}

}  // namespace
}  // namespace touche

namespace touche {
namespace {

TEST(UnsupportedReason, NamesThePairOrWhyItHasNoArea) {
  const Engine engine{"toy", nullptr, &onlyPolygonCircle};
  EXPECT_EQ(unsupportedReason(engine, ShapeType::circle, ShapeType::polygon),
            "engine toy does not implement the pair polygon_circle");
  EXPECT_EQ(unsupportedReason(engine, ShapeType::segment, ShapeType::segment),
            "two segments have no area: no contact normal or depth is defined");
}

}  // namespace
}  // namespace touche
