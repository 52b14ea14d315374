// The filtered reference engine (approx.h: Approx first, exact rationals only when uncertain)
// against the all-exact one on 100 000 seeded random pairs of one pair type: every output bit
// for bit (status, normal, points, separations, ids, flags, every gap), the exact fallback
// under 1 % of the queries, and 30–70 % of the pairs in contact.
#pragma once
#include <cstdint>
#include <cstdio>
#include <random>

#include "reference_test_support.h"

namespace touche::reference::testing {

/// Uniform draws for randomShape / randomTransform (reference_test_support.h).
class UniformDraw {
 public:
  explicit UniformDraw(std::uint64_t seed) : rng_(seed) {}
  double scalar(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng_() >> 11) * 0x1p-53;
  }
  Vec2 point(double r) { return {scalar(-r, r), scalar(-r, r)}; }
  int index(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }

 private:
  std::mt19937_64 rng_;
};

struct Tally {
  int pairs = 0;
  int contacts = 0;
  int mismatches = 0;
  FilterStats stats;
};

/// Runs `pairs` random valid scenes of (typeA, typeB) filtered and all-exact.
inline Tally compareFilteredWithExact(ShapeType typeA, ShapeType typeB, std::uint64_t seed,
                                      int pairs, double spread) {
  UniformDraw draw(seed);
  Tally tally;
  resetFilterStats();
  while (tally.pairs < pairs) {
    const Shape a = randomShape(typeA, draw);
    const Shape b = randomShape(typeB, draw);
    const Transform xfA = randomTransform(spread, draw);
    const Transform xfB = randomTransform(spread, draw);
    const Options options{draw.index(4) == 0 ? 0.125 : 0.0};
    if (validateInput(a, xfA, b, xfB, options)) continue;
    ++tally.pairs;
    const Manifold filtered = collide(a, xfA, b, xfB, options);
    const FilterStats before = filterStats();
    setFilterEnabled(false);
    const Manifold exact = collide(a, xfA, b, xfB, options);
    setFilterEnabled(true);
    EXPECT_EQ(filterStats().calls, before.calls);  // the exact run is not counted
    tally.contacts += filtered.status == Status::contact;
    const auto same = bitIdentical(filtered, exact);
    if (!same && ++tally.mismatches <= 5) ADD_FAILURE() << "pair " << tally.pairs << ": " << same;
  }
  tally.stats = filterStats();
  return tally;
}

inline void expectFilteredIdentical(ShapeType typeA, ShapeType typeB, std::uint64_t seed,
                                    double spread) {
  const int pairs = 100000;
  const Tally t = compareFilteredWithExact(typeA, typeB, seed, pairs, spread);
  EXPECT_EQ(t.mismatches, 0);
  EXPECT_EQ(t.stats.calls, static_cast<std::uint64_t>(pairs));
  EXPECT_LT(t.stats.fallbacks * 100, t.stats.calls);  // exact fallback under 1 %
  EXPECT_GT(t.contacts, pairs * 3 / 10);
  EXPECT_LT(t.contacts, pairs * 7 / 10);
  std::printf("%d pairs: %d in contact, %llu exact fallbacks\n", pairs, t.contacts,
              static_cast<unsigned long long>(t.stats.fallbacks));
}

}  // namespace touche::reference::testing
