// touche — the canonical pair table: the one list of shape pairs. It drives dispatch, tests,
// fuzzers and docs. Every ordered pair (A, B) maps to one canonical entry, either directly or
// swapped (computed as (B, A), then swapRoles). A pair that cannot produce a manifold (neither
// shape has area) is `unsupported` with its reason; a pair an engine has not implemented yet
// is reported by that engine as `unsupported` too, never as an empty manifold.
#pragma once

#include <array>
#include <string_view>

#include "touche/core/shapes.h"

namespace touche {

enum class PairId : int {
  circle_circle,
  capsule_circle,
  capsule_capsule,
  polygon_circle,
  polygon_capsule,
  polygon_polygon,
  segment_circle,
  segment_capsule,
  segment_polygon,
  chainSegment_circle,
  chainSegment_capsule,
  chainSegment_polygon,
  segment_segment,
  chainSegment_segment,
  chainSegment_chainSegment,
};

struct PairInfo {
  PairId id;
  std::string_view name;  ///< "polygon_circle": canonical A type, then B type
  ShapeType a;
  ShapeType b;
  bool hasArea;                      ///< false: no manifold is defined for this pair
  std::string_view unsupportedNote;  ///< why, when !hasArea
};

inline constexpr std::array<PairInfo, 15> kPairTable = {{
    {PairId::circle_circle, "circle_circle", ShapeType::circle, ShapeType::circle, true, ""},
    {PairId::capsule_circle, "capsule_circle", ShapeType::capsule, ShapeType::circle, true, ""},
    {PairId::capsule_capsule, "capsule_capsule", ShapeType::capsule, ShapeType::capsule, true, ""},
    {PairId::polygon_circle, "polygon_circle", ShapeType::polygon, ShapeType::circle, true, ""},
    {PairId::polygon_capsule, "polygon_capsule", ShapeType::polygon, ShapeType::capsule, true, ""},
    {PairId::polygon_polygon, "polygon_polygon", ShapeType::polygon, ShapeType::polygon, true, ""},
    {PairId::segment_circle, "segment_circle", ShapeType::segment, ShapeType::circle, true, ""},
    {PairId::segment_capsule, "segment_capsule", ShapeType::segment, ShapeType::capsule, true, ""},
    {PairId::segment_polygon, "segment_polygon", ShapeType::segment, ShapeType::polygon, true, ""},
    {PairId::chainSegment_circle, "chainSegment_circle", ShapeType::chainSegment, ShapeType::circle,
     true, ""},
    {PairId::chainSegment_capsule, "chainSegment_capsule", ShapeType::chainSegment,
     ShapeType::capsule, true, ""},
    {PairId::chainSegment_polygon, "chainSegment_polygon", ShapeType::chainSegment,
     ShapeType::polygon, true, ""},
    {PairId::segment_segment, "segment_segment", ShapeType::segment, ShapeType::segment, false,
     "two segments have no area: no contact normal or depth is defined"},
    {PairId::chainSegment_segment, "chainSegment_segment", ShapeType::chainSegment,
     ShapeType::segment, false,
     "a chain segment and a segment have no area: no contact normal or depth is defined"},
    {PairId::chainSegment_chainSegment, "chainSegment_chainSegment", ShapeType::chainSegment,
     ShapeType::chainSegment, false,
     "two chain segments have no area: no contact normal or depth is defined"},
}};

inline const PairInfo& pairInfo(PairId id) {
  return kPairTable[static_cast<int>(id)];
}

/// Where an ordered pair (a, b) lands in the table.
struct PairLookup {
  PairId id;
  bool swapped;  ///< true: compute canonical (b, a), then swapRoles
};

PairLookup lookupPair(ShapeType a, ShapeType b);

/// Finds a pair by its canonical name; false when the name is unknown.
bool pairFromName(std::string_view name, PairId* out);

}  // namespace touche
