// touche fuzzing — polygon vs polygon: the structural decoder and the cross-check shared by the
// libFuzzer target, its replay driver and the regression replay.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "touche/core/jsonl.h"
#include "touche/core/options.h"

namespace touche::fuzz {

/// One decoded input: the case and the options it runs with.
struct FuzzInput {
  Case scene;
  Options options;
};

/// Decodes bytes into two polygons with transforms (polygon_polygon.cpp documents the layout).
FuzzInput decodePolygonPolygon(const std::uint8_t* data, std::size_t size);

/// Runs reference, fast and box2d on the input and checks them: invalid input must be
/// Status::error from every engine; valid input must give a finite answer from every engine,
/// and fast and box2d must agree with the reference within the oracle's tolerance
/// (oracle::isAcceptable), fast in both role orders. Returns "" or what went wrong.
std::string crossCheck(const FuzzInput& input);

/// The failing input as one JSONL line: formatCase(..., hex) plus "margin" and "failure"
/// fields (readers ignore fields they do not know).
std::string failureLine(const FuzzInput& input, const std::string& failure);

/// Writes the line to stderr and to ./touche-failure-<hash>.jsonl; returns the file name.
std::string reportFailure(const FuzzInput& input, const std::string& failure);

/// Reads "margin" back from a failure line (0 when absent).
double marginOfLine(const std::string& line);

}  // namespace touche::fuzz
