// touche — pair table lookup.
#include "touche/core/pairs.h"

namespace touche {

PairLookup lookupPair(ShapeType a, ShapeType b) {
  for (const PairInfo& info : kPairTable) {
    if (info.a == a && info.b == b) return {info.id, false};
  }
  for (const PairInfo& info : kPairTable) {
    if (info.a == b && info.b == a) return {info.id, true};
  }
  // The table covers every unordered pair of the five shape types; this is unreachable.
  return {PairId::segment_segment, false};
}

bool pairFromName(std::string_view name, PairId* out) {
  for (const PairInfo& info : kPairTable) {
    if (info.name == name) {
      *out = info.id;
      return true;
    }
  }
  return false;
}

}  // namespace touche
