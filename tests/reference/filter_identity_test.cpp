// Filtered vs all-exact on 100 000 random pairs each: polygon–polygon and circle–circle
// (filter_identity.h).
#include "filter_identity.h"

namespace touche::reference::testing {
namespace {

TEST(ReferenceFilterIdentity, PolygonPolygon100kBitIdentical) {
  expectFilteredIdentical(ShapeType::polygon, ShapeType::polygon, 0x9019, 1.1);
}

TEST(ReferenceFilterIdentity, CircleCircle100kBitIdentical) {
  expectFilteredIdentical(ShapeType::circle, ShapeType::circle, 0xc1c1, 0.7);
}

}  // namespace
}  // namespace touche::reference::testing
