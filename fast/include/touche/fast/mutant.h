// touche — the fast engine's mutation switch, for measuring what the tests and fuzzers catch.
//
// A build configured with -DTOUCHE_MUTANT=<id> compiles exactly one deliberate bug from the
// catalog (mutants/*.jsonl: id, name, file, the engine history it models). Normal builds never
// set it: TOUCHE_MUTANT is then 0 and every TOUCHE_MUTANT_IS(id) is a compile-time false, so
// the mutated branch is discarded (use it in `if constexpr` or `#if`).
//
//   if constexpr (TOUCHE_MUTANT_IS(7)) {
//     return dot(d, n) > margin;   // mutant 7: float == on the tangent test
//   } else {
//     return dot(d, n) >= margin;
//   }
//
// Ids are allocated by file family: 1–99 circles, polygons and batch; 100–149 capsules and
// segments; 150–199 chain segments.
#pragma once

#ifndef TOUCHE_MUTANT
#define TOUCHE_MUTANT 0
#endif

/// True in the one build that compiles mutant `id`.
#define TOUCHE_MUTANT_IS(id) (TOUCHE_MUTANT == (id))
