// touche — casts as JSON Lines (docs/file-formats.md, "Casts").
//
// Cast case:   {"id": "...", "shape": SHAPE, "xf": XF, "ray": {"origin": [x, y],
//               "translation": [dx, dy], "radius": r, "maxFraction": f}}
// Cast result: {"id": "...", "engine": "...", "status": "hit"|"miss"|"initial_overlap"|
//               "unsupported"|"error", "fraction": t, "point": [x, y], "normal": [x, y],
//               "feature": {"type": "face"|"vertex", "index": i}, "gaps": {...}}
// SHAPE and XF are read exactly as in a collision case (jsonl.h), numbers too. Readers never
// throw, ignore fields they do not know, and name the field of every problem.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "touche/core/cast.h"
#include "touche/core/jsonl.h"

namespace touche {

/// One cast query: a shape placed by xf and the moving circle.
struct CastCase {
  std::string id;
  Shape shape;
  Transform xf;
  CastInput ray;
};

/// One engine's answer for one cast case, as read from or written to a result line.
struct CastRecord {
  std::string id;
  std::string engine;
  CastResult result;
  std::string reason;      ///< for unsupported/error: why (optional in input)
  bool hasFeature = true;  ///< false when a hit line has no typed "feature" (foreign engines)
};

/// Parses one cast case line; structural errors name the JSON path ("ray.origin[1]"). Not
/// validated geometrically: call validateCast (or loadCastCase).
std::variant<CastCase, InputError> parseCastCase(std::string_view line);
/// parseCastCase followed by validateCast.
std::variant<CastCase, InputError> loadCastCase(std::string_view line);

std::variant<CastRecord, InputError> parseCastResult(std::string_view line);

std::string formatCastCase(const CastCase& c, NumberFormat format = NumberFormat::decimal);
std::string formatCastResult(const CastRecord& record, NumberFormat format = NumberFormat::decimal);

/// Every cast case of a stream, or the error of each bad line prefixed with "line N: ". A case
/// without an id gets "line-N"; repeated ids are kept, each repeat with a warning.
struct CastCaseFile {
  std::vector<CastCase> cases;
  std::vector<InputError> errors;
  std::vector<std::string> warnings;
};
CastCaseFile readCastCases(std::istream& in);

}  // namespace touche
