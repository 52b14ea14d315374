// touche — JSON Lines formats for cases and manifolds (docs/file-formats.md).
//
// Case:     {"id": "...", "a": SHAPE, "b": SHAPE, "xfA": XF, "xfB": XF}
// Manifold: {"id": "...", "engine": "...", "status": "contact"|"no_contact"|"unsupported"|
//            "error", "normal": [x, y], "points": [{"point": [x, y], "separation": s,
//            "id": {"typeA": "face", "indexA": 0, "typeB": "vertex", "indexB": 2}}, ...]}
// Numbers are JSON numbers or strings: a hexfloat ("0x1.8p+1") must be exactly a double; a
// decimal is read as its nearest double, and rejected where that double would lose magnitude
// (overflow, underflow; docs/file-formats.md). Writers emit the shortest decimal that
// round-trips (exact), or hexfloat strings on request. Readers ignore fields they do not know;
// every problem names the field and quotes the value (cut short), and no line, however deep
// or long, can crash a reader.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
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
  /// The id of the case this one is a slightly moved copy of ("movedFrom"; empty: none): the
  /// same feature pairs touch in both, so an engine's ids must be the same (touche check,
  /// docs/validating-your-engine.md, "Stable ids").
  std::string movedFrom = {};
};

/// A point as a manifold line gives it (ManifoldRecord::points): every point, also beyond the
/// two a touche Manifold holds, with the point's own normal and its id as written, so that a
/// judge can read them under the conventions the engine declares.
struct ReportedPoint {
  Vec2 point;
  double separation = 0.0;
  /// The point's own normal (a "normal" inside the point object), read when the reading asks
  /// for per-point normals (ManifoldReading::pointNormals).
  std::optional<Vec2> normal = std::nullopt;
  std::string id = {};  ///< the id as written (compact JSON); empty when the point has none
  /// The id read as touche's typed id, when it is one; idError says why a typed object names
  /// no feature ("indexA 999 is not a feature index (0 to 255)").
  std::optional<FeatureId> typedId = std::nullopt;
  std::string idError = {};
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
  /// Every point of a contact line as written (parseManifold fills it; `manifold` holds the
  /// first two). A point whose typed id names no feature (ReportedPoint::idError) also makes
  /// hasIds false; a judge that compares ids reports it instead of skipping. Empty when the
  /// record was not read from a line: then `manifold` is the whole answer.
  std::vector<ReportedPoint> points = {};
  /// The line gives a manifold normal (with per-point normals it may leave it out; `manifold`
  /// then holds the first point's normal).
  bool hasNormal = true;
};

/// How a manifold line's points are read: how many a contact may have, and whether each
/// point carries its own normal (conventions keys maxPoints and pointNormals).
struct ManifoldReading {
  int maxPoints = 2;  ///< more points are an error naming the limit
  /// Each point has a "normal"; the manifold's own "normal" becomes optional.
  bool pointNormals = false;
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

std::variant<ManifoldRecord, InputError> parseManifold(std::string_view line,
                                                       const ManifoldReading& reading = {});

std::string formatCase(const Case& c, NumberFormat format = NumberFormat::decimal);
std::string formatManifold(const ManifoldRecord& record,
                           NumberFormat format = NumberFormat::decimal);

/// The longest line read (bytes, without its newline): 1 MiB. A case or a manifold needs a few
/// hundred bytes; the limit keeps a runaway input (a file with no newline, /dev/zero) from
/// growing without bound. parseCase and parseManifold reject longer text.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
/// The deepest nesting of arrays and objects in a line. A case needs 4 levels.
inline constexpr int kMaxNestingDepth = 64;

/// A line of a JSONL file: its 1-based number and its text. Blank lines are skipped.
struct Line {
  std::size_t number = 0;
  std::string text;
  /// The line was longer than the reader's limit: `text` holds its first limit + 1 bytes (so
  /// that parsing it fails on its length) and the rest of the line was skipped.
  bool tooLong = false;
  /// "longer than the limit of N bytes..." for a line that is tooLong.
  InputError tooLongError() const;
};

/// Reads a stream one line at a time, so that a command can answer each line before the next
/// one arrives (a pipe), in memory bounded by the limit whatever the input.
class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t limit = kMaxLineBytes)
      : in_(in), limit_(limit) {}
  /// The next non-blank line; false at the end of the stream. A line over the limit is
  /// returned as soon as the limit is passed (tooLong); its rest is skipped by the next call.
  bool next(Line& line);

 private:
  void skipRestOfLine();
  std::istream& in_;
  std::size_t limit_;
  std::size_t number_ = 0;
  bool skipping_ = false;
};

/// Every line of a stream (each at most kMaxLineBytes + 1 bytes: see Line::tooLong).
std::vector<Line> readLines(std::istream& in);

/// The first line of each id, so that a repeated id can be reported with both lines.
class IdLines {
 public:
  /// 0 the first time `id` is seen (its line is recorded), else the line it was first seen on.
  std::size_t firstLine(const std::string& id, std::size_t line);

 private:
  std::unordered_map<std::string, std::size_t> first_;
};
/// "line 9: duplicate id \"x\" (first on line 3)", the id printable().
std::string duplicateIdWarning(const std::string& id, std::size_t firstLine, std::size_t line);

/// Every case of a stream, or the error of each bad line prefixed with "line N: ". A case
/// without an id gets "line-N". Repeated ids are kept (the first is the one a lookup by id
/// finds) and each repeat gets a warning naming both lines.
struct CaseFile {
  std::vector<Case> cases;
  std::vector<InputError> errors;
  std::vector<std::string> warnings;
};
CaseFile readCases(std::istream& in);

/// The id of a line (a string, or a number as written), when the line is JSON with one; for
/// naming a line whose case or manifold did not parse. Safe on any text.
std::optional<std::string> idOfLine(std::string_view line);

/// The kind of input a line is, by the members of its JSON object: a bounce scene (a "ball"), a
/// cast case (a "shape" and a "ray"), a response case (a "manifold" beside its bodies), else a
/// collision case; unparsable when it is no JSON object. For messages that name the command a
/// line belongs to.
enum class LineKind : std::uint8_t {
  unparsable,
  collisionCase,
  castCase,
  bounceScene,
  responseCase
};
LineKind lineKind(std::string_view line);

/// The command that judges answers to lines of this kind: "check", "check-casts",
/// "check-bounces", "check-responses" (empty for unparsable).
std::string_view judgeCommandFor(LineKind kind);
/// "a collision case", "a cast case", "a bounce scene", "a response case", "not a JSON object".
std::string_view lineKindName(LineKind kind);
/// When `line` is a case of another kind than `expected`, what it is and the command that
/// judges it ("a bounce scene, not a collision case: `touche check-bounces` judges its
/// answers"); empty when it is of that kind or no JSON object at all.
std::string otherKindOfLine(std::string_view line, LineKind expected);

/// The id a line opens with ({"id":"...", printable ASCII without escapes), read without looking
/// further: names a line too long, too deeply nested or holding a NUL byte to be parsed at all
/// (idOfLine gives nothing for those). nullopt when the line does not open so, or the id is "".
std::optional<std::string> leadingIdOfLine(std::string_view line);

/// `text` made safe for a terminal: control characters (C0, DEL, C1), bidirectional controls
/// and bytes that are not UTF-8 become visible escapes (\n, \u001b, \x80), so that an id can
/// neither forge a line nor restyle the terminal. With `doubleBackslashes` a backslash is
/// written \\, which keeps the escaping unambiguous for a single value such as an id.
std::string printable(std::string_view text, bool doubleBackslashes = true);

}  // namespace touche
