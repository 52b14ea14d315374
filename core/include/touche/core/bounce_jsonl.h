// touche — bounce scenes and paths as JSON Lines (docs/file-formats.md, "Bounce paths").
//
// Scene: {"id": "...", "ball": {"center": [x, y], "radius": r, "direction": [dx, dy]},
//         "walls": [[x, y], ...], "obstacles": [[[x, y], ...], ...], "maxBounces": n,
//         "maxLength": L}                       (obstacles, maxBounces, maxLength optional)
// Path:  {"id": "...", "engine": "...", "status": "obstacle"|"max_bounces"|"max_length"|
//         "unsupported"|"error", "legs": [{"start": [x, y], "direction": [dx, dy],
//         "end": [x, y], "length": l, "hit": "wall"|"obstacle"|"none", "obstacle": k,
//         "feature": {"type": "face"|"vertex", "index": i}, "normal": [x, y],
//         "gaps": {...}}, ...], "reason": "..."}
// Numbers read as in a collision case (JSON numbers or hexfloat strings). Readers never throw,
// ignore fields they do not know, and name the field of every problem ("legs[2].end[0]").
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "touche/core/bounce.h"
#include "touche/core/jsonl.h"

namespace touche {

/// The longest scene line read: 64 MiB (a scene of a million edges).
inline constexpr std::size_t kMaxSceneLineBytes = std::size_t{1} << 26;

struct BounceCase {
  std::string id;
  BounceScene scene;
};

/// Which optional fields a leg of a foreign path line had.
struct BounceLegFields {
  bool direction = true;  ///< absent: the judge takes end − start
  bool length = true;     ///< absent: |end − start|
  bool feature = true;    ///< absent: judged without features
  bool normal = true;     ///< absent: judged without normals
};

/// One engine's path for one scene, as read from or written to a path line.
struct BouncePathRecord {
  std::string id;
  std::string engine;
  BouncePath path;
  std::string reason;                   ///< unsupported/error: why
  std::vector<BounceLegFields> fields;  ///< one per leg when read (empty: every field written)
};

/// Parses one scene line; structural errors name the JSON path. Not validated geometrically:
/// call validateBounceScene (or loadBounceCase).
std::variant<BounceCase, InputError> parseBounceCase(std::string_view line);
/// parseBounceCase followed by validateBounceScene.
std::variant<BounceCase, InputError> loadBounceCase(std::string_view line);

std::variant<BouncePathRecord, InputError> parseBouncePath(std::string_view line);

std::string formatBounceCase(const BounceCase& c, NumberFormat format = NumberFormat::decimal);
std::string formatBouncePath(const BouncePathRecord& record,
                             NumberFormat format = NumberFormat::decimal);

/// Every scene of a stream, or the error of each bad line prefixed with "line N: ". A scene
/// without an id gets "line-N"; repeated ids are kept, each repeat with a warning.
struct BounceCaseFile {
  std::vector<BounceCase> cases;
  std::vector<InputError> errors;
  std::vector<std::string> warnings;
};
BounceCaseFile readBounceCases(std::istream& in);

/// True when the JSON object on this line looks like a bounce scene (it has a "ball" member):
/// how `touche render` tells a scene from a collision case. False for anything unparsable.
bool isBounceSceneLine(std::string_view line);

}  // namespace touche
