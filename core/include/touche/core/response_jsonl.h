// touche — JSON Lines formats of the response (design notes §9, docs/file-formats.md).
//
// Response case: {"id", "a": BODY, "b": BODY, "manifold": MANIFOLD, "restitution": e,
//                 "friction": mu, "slop": s, "percent": p, "restitutionThreshold": v,
//                 "iterations": N}  (the last two optional, for the box2d models: 1 and 8)
//   BODY: {"invMass", "invInertia", "center": [x, y], "velocity": [vx, vy], "angularVelocity"}
//   MANIFOLD: {"status", "normal", "points": [{"point", "separation", "id"}, ...]} (touche's)
// Result: {"id", "engine", "model", "status": "ok"|"error", "impulses": [{"normal": jn,
//          "tangent": jt}, ...], "a": {"velocity", "angularVelocity", "correction": [dx, dy]},
//          "b": {...}, "reason"}
// Numbers as in every touche line: JSON numbers or hexfloat/decimal strings, read exactly;
// every problem names the field and quotes the value.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "touche/core/jsonl.h"
#include "touche/core/response.h"

namespace touche {

/// Parses one response case line (structure only: call validateResponseCase, or loadResponseCase).
std::variant<ResponseCase, InputError> parseResponseCase(std::string_view line);
/// parseResponseCase followed by validateResponseCase.
std::variant<ResponseCase, InputError> loadResponseCase(std::string_view line);
std::string formatResponseCase(const ResponseCase& c, NumberFormat format = NumberFormat::decimal);

std::variant<ResponseRecord, InputError> parseResponseResult(std::string_view line);
std::string formatResponseResult(const ResponseRecord& record,
                                 NumberFormat format = NumberFormat::decimal);

}  // namespace touche
