// Filtered vs all-exact on 100 000 random pairs each for the pairs that reach polygon–polygon
// with a two-vertex polygon: polygon–capsule and segment–polygon (filter_identity.h).
#include "filter_identity.h"

namespace touche::reference::testing {
namespace {

TEST(ReferenceFilterIdentity, PolygonCapsule100kBitIdentical) {
  expectFilteredIdentical(ShapeType::polygon, ShapeType::capsule, 0x90ca, 1.0);
}

TEST(ReferenceFilterIdentity, SegmentPolygon100kBitIdentical) {
  expectFilteredIdentical(ShapeType::segment, ShapeType::polygon, 0x5e90, 0.8);
}

}  // namespace
}  // namespace touche::reference::testing
