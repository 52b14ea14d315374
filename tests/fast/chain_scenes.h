// touche — the seeded chain-segment scenes (bench/chain_scenes.h) under the fast tests' names.
#pragma once

#include "../../bench/chain_scenes.h"

namespace touche::fast::test {

using bench::ChainCase;
using bench::makeChainCases;

}  // namespace touche::fast::test
