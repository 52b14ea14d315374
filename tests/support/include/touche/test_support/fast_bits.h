// touche test support — bitwise equality of fast-engine manifolds and cast results, shared by
// the fast engine's per-build tests and the fuzz harness (which require the batch path and
// every wider build to give the portable scalar path's bits).
#pragma once

#include <cstring>

#include "touche/fast/cast.h"
#include "touche/fast/types.h"

namespace touche::test {

/// Whether two fast manifolds are equal bit for bit: normal, count, flags, and the points up to
/// the count, field by field (padding bytes of a double point are not part of the result).
template <class T>
bool sameBits(const fast::ManifoldT<T>& x, const fast::ManifoldT<T>& y) {
  if (x.pointCount != y.pointCount || x.flags != y.flags) return false;
  if (std::memcmp(&x.normal, &y.normal, sizeof x.normal) != 0) return false;
  for (int i = 0; i < x.pointCount && i < 2; ++i) {
    const fast::ManifoldPointT<T>& p = x.points[i];
    const fast::ManifoldPointT<T>& q = y.points[i];
    if (std::memcmp(&p.point, &q.point, sizeof p.point) != 0 ||
        std::memcmp(&p.separation, &q.separation, sizeof p.separation) != 0 ||
        std::memcmp(&p.id, &q.id, sizeof p.id) != 0) {
      return false;
    }
  }
  return true;
}

/// Whether two cast results are equal bit for bit, field by field.
template <class T>
bool sameBits(const fast::CastResultT<T>& x, const fast::CastResultT<T>& y) {
  return x.status == y.status && x.feature == y.feature && x.flags == y.flags &&
         std::memcmp(&x.fraction, &y.fraction, sizeof x.fraction) == 0 &&
         std::memcmp(&x.point, &y.point, sizeof x.point) == 0 &&
         std::memcmp(&x.normal, &y.normal, sizeof x.normal) == 0;
}

}  // namespace touche::test
