// touche fuzzing — the harness every libFuzzer target shares: a structural decoder generic over
// the pair table, the cross-check of every engine that implements the pair against the exact
// reference (through the oracle), and the failure dump (JSONL with hexfloats plus an SVG).
// A target is this harness bound to one canonical pair (target.cpp, TOUCHE_FUZZ_PAIR).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "touche/core/jsonl.h"
#include "touche/core/options.h"
#include "touche/core/pairs.h"

namespace touche::fuzz {

/// One decoded input: the case and the options it runs with.
struct FuzzInput {
  Case scene;
  Options options;
};

/// How an input was built (byte 0 of the layout, harness.cpp).
enum class DecodePath : int {
  grid,       ///< a valid scene from the shared generators (random placements and edge cases)
  edge,       ///< edge cases only (parallel faces, vertex on face, tangent circles, gaps)
  arbitrary,  ///< a grid scene with numbers or structure overwritten (NaN, inf, subnormals,
              ///< clockwise, duplicate and collinear vertices, broken counts)
  parallel,   ///< flat features parallel exactly or within one ulp, at exact and hair gaps
  extreme,    ///< sizes near 1e-6 at coordinates near 1e7, or the scene scaled to subnormals
};
inline constexpr int kDecodePaths = 5;

/// Decodes bytes into a case of the canonical pair (harness.cpp documents the layout).
FuzzInput decode(PairId pair, const std::uint8_t* data, std::size_t size);

/// Runs the reference and every engine that implements the pair (fast, fast_float, box2d,
/// box2d_v3 when built) and checks them: invalid input must be Status::error from every engine;
/// on valid input every answer must be finite with a unit normal, and each engine must agree
/// with the reference within the oracle's tolerance (oracle::isAcceptable), fast engines in
/// both role orders, box2d and box2d_v3 inside Box2D's working range (their refusals and
/// written-up findings recognized). Returns "" or what went wrong.
std::string crossCheck(const FuzzInput& input);

/// "" when engine box2d answers `unsupported` to the input and oracle::box2d::refusal() gives a
/// reason starting with `expectedReason`; otherwise what happened instead.
std::string refusalMismatch(const FuzzInput& input, const std::string& expectedReason);

/// The failing input as one JSONL line: formatCase(..., hex) plus "margin" and "failure"
/// fields (readers ignore fields they do not know).
std::string failureLine(const FuzzInput& input, const std::string& failure);

/// An SVG of the case with every engine's answer (oracle::renderSvg); "" for invalid input.
std::string failureSvg(const FuzzInput& input);

/// Writes the line to stderr and to <dir>/touche-failure-<hash>.jsonl, the SVG next to it
/// (.svg); <dir> is $TOUCHE_FUZZ_FAILURES or the working directory. Returns the .jsonl path.
std::string reportFailure(const FuzzInput& input, const std::string& failure);

/// Reads "margin" back from a failure line (0 when absent).
double marginOfLine(const std::string& line);

/// A top-level string field of a JSONL line ("" when absent); no escapes are decoded.
std::string stringFieldOfLine(const std::string& line, const std::string& key);

/// The libFuzzer entry point's body: decode, check, report and abort on failure.
int runOne(PairId pair, const std::uint8_t* data, std::size_t size);

/// How many inputs share one judgement against exact geometry (judge() costs several times
/// the rest of the cross-check): 1 judges every input, n a deterministic 1 in n of them, chosen
/// by the case's numbers. Default 8, or $TOUCHE_FUZZ_JUDGE_EVERY; the replay drivers set 1.
void setJudgeEvery(int n);

}  // namespace touche::fuzz
