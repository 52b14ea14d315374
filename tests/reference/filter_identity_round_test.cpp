// Filtered vs all-exact on 100 000 random pairs each for a circle against a face or a core:
// polygon–circle, capsule–circle and segment–circle (filter_identity.h).
#include "filter_identity.h"

namespace touche::reference::testing {
namespace {

TEST(ReferenceFilterIdentity, PolygonCircle100kBitIdentical) {
  expectFilteredIdentical(ShapeType::polygon, ShapeType::circle, 0x90c1, 1.0);
}

TEST(ReferenceFilterIdentity, CapsuleCircle100kBitIdentical) {
  expectFilteredIdentical(ShapeType::capsule, ShapeType::circle, 0xcac1, 1.0);
}

TEST(ReferenceFilterIdentity, SegmentCircle100kBitIdentical) {
  expectFilteredIdentical(ShapeType::segment, ShapeType::circle, 0x5ec1, 0.8);
}

}  // namespace
}  // namespace touche::reference::testing
