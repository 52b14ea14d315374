// touche — JSON Lines formats for cases and manifolds (docs/file-formats.md).
//
// Case:     {"id": "...", "a": SHAPE, "b": SHAPE, "xfA": XF, "xfB": XF}
// Manifold: {"id": "...", "engine": "...", "status": "contact"|"no_contact"|"unsupported"|
//            "error", "normal": [x, y], "points": [{"point": [x, y], "separation": s,
//            "id": {"typeA": "face", "indexA": 0, "typeB": "vertex", "indexB": 2}}, ...]}
// Numbers are JSON numbers or hexfloat strings ("0x1.8p+1"); both are read exactly. Writers
// emit the shortest decimal that round-trips (exact), or hexfloat strings on request.
// Readers ignore fields they do not know. Non-finite values are rejected by name.
#pragma once

#include <array>
#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "touche/core/manifold.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"

namespace touche {

/// One collision query: two shapes and their transforms.
struct Case {
  std::string id;
  Shape a;
  Transform xfA;
  Shape b;
  Transform xfB;
};

/// One engine's answer for one case, as read from or written to a manifold line.
struct ManifoldRecord {
  std::string id;
  std::string engine;
  Manifold manifold;
  std::string reason;  ///< for unsupported/error: why (optional in input)
  bool hasIds = true;  ///< false when a point's id was absent or not in touche's typed form
  /// Optional: the conventions the engine declares its manifolds were made with (a preset
  /// name, or the `engine` of a conventions file); `touche check` warns when they differ from
  /// the ones it judges under.
  std::string conventions = {};
  /// Per point: why an id written in touche's typed form (typeA, indexA, typeB, indexB) is no
  /// feature id — an index negative, above 255 or not an integer, a type neither "face" nor
  /// "vertex" — e.g. "indexA 999 is not a feature index (0 to 255)"; empty otherwise. Such a
  /// point also makes hasIds false; a judge that compares ids reports it instead of skipping.
  std::array<std::string, 2> idErrors = {};
};

enum class NumberFormat {
  decimal,  ///< shortest round-trip decimal JSON numbers (exact)
  hex,      ///< hexfloat strings ("0x1.8p+1")
};

/// Parses one case line; structural errors name the JSON path ("a.vertices[1][0]"). The case
/// is not validated geometrically: call validateInput (or loadCase).
std::variant<Case, InputError> parseCase(std::string_view line);
/// parseCase followed by validateInput.
std::variant<Case, InputError> loadCase(std::string_view line);

std::variant<ManifoldRecord, InputError> parseManifold(std::string_view line);

std::string formatCase(const Case& c, NumberFormat format = NumberFormat::decimal);
std::string formatManifold(const ManifoldRecord& record,
                           NumberFormat format = NumberFormat::decimal);

/// A line of a JSONL file: its 1-based number and its text. Blank lines are skipped.
struct Line {
  std::size_t number = 0;
  std::string text;
};
std::vector<Line> readLines(std::istream& in);

/// Every case of a stream, or the error of each bad line prefixed with "line N: ".
struct CaseFile {
  std::vector<Case> cases;
  std::vector<InputError> errors;
};
CaseFile readCases(std::istream& in);

}  // namespace touche
