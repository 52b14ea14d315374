// touche — the JSON Lines helpers shared by the readers and writers of core/ (jsonl.cpp for
// cases and manifolds, cast_jsonl.cpp for casts). Private to touche_core.
//
// A Reader walks a parsed document and keeps the first problem, named by its JSON path; the
// read and write functions below are the ones jsonl.cpp uses for cases, so that a cast case
// reads its shape and transform exactly as a collision case does.
#pragma once

#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "touche/core/jsonl.h"

namespace touche::jsonl_detail {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

/// A JSON value as a message quotes it: as JSON, printable, cut short.
std::string quotedValue(const Json& value);

/// A number written in a JSON string — a hexfloat, or a decimal read like a JSON number — or
/// why it is none.
std::variant<double, std::string> readNumberText(std::string_view text);

/// The readers of plain lines (jsonl_plain.cpp): the case or manifold of a line written in the
/// plain shape (printable ASCII strings without escapes, numbers taken as they are), exactly
/// what the general readers below give; nullopt for any other line, which the caller parses
/// with them. The line must have passed the scan every line passes first (its length, no NUL
/// byte, its nesting).
std::optional<Case> readPlainCase(std::string_view line);
std::optional<ManifoldRecord> readPlainManifold(std::string_view line,
                                                const ManifoldReading& reading);
/// The general readers: the line parsed into a document, then read (parseCase and
/// parseManifold try the plain readers first).
std::variant<Case, InputError> parseCaseDocument(std::string_view line);
std::variant<ManifoldRecord, InputError> parseManifoldDocument(std::string_view line,
                                                               const ManifoldReading& reading);

/// One line's JSON object (bounded, never throws), or why it is none in *error. `limit`: the
/// longest line accepted (a bounce scene's may be longer than a case's).
std::optional<Json> parseObjectLine(std::string_view line, std::optional<InputError>* error,
                                    std::size_t limit = kMaxLineBytes);

/// Walks a parsed JSON document; the first problem is kept and later reads are no-ops.
class Reader {
 public:
  std::optional<InputError> error;

  bool ok() const { return !error.has_value(); }
  void fail(std::string field, std::string message) {
    if (ok()) error = InputError{std::move(field), std::move(message)};
  }

  const Json* member(const Json& object, const char* key, const std::string& field, bool required) {
    if (!ok()) return nullptr;
    const auto it = object.find(key);
    if (it == object.end()) {
      if (required) fail(field, "missing");
      return nullptr;
    }
    return &*it;
  }

  /// A JSON number (its nearest double, checked when the line was parsed) or a string holding
  /// a hexfloat or a decimal.
  double number(const Json& value, const std::string& field);

  Vec2 vec2(const Json& value, const std::string& field) {
    if (!ok()) return {};
    if (!value.is_array() || value.size() != 2) {
      fail(field, "expected an array of two numbers [x, y], got " + quotedValue(value));
      return {};
    }
    return {number(value[0], field + "[0]"), number(value[1], field + "[1]")};
  }

  Vec2 vec2Member(const Json& object, const char* key, const std::string& prefix) {
    const std::string field = prefix + "." + key;
    const Json* value = member(object, key, field, true);
    return value ? vec2(*value, field) : Vec2{};
  }

  double numberMember(const Json& object, const char* key, const std::string& prefix, bool required,
                      double fallback = 0.0) {
    const std::string field = prefix + "." + key;
    const Json* value = member(object, key, field, required);
    return value ? number(*value, field) : fallback;
  }
};

/// An optional string member ("engine", "reason") of a result line; "" when it is absent or not
/// a string.
std::string optionalText(Reader& r, const Json& j, const char* key);

/// A result line's required "status": a name `fromName` (name, out) → bool knows, into *out; any
/// other value fails naming the field, "expected one of <expected>; got <value>".
template <class Status, class FromName>
void readStatusMember(Reader& r, const Json& j, FromName fromName, std::string_view expected,
                      Status* out) {
  const Json* status = r.member(j, "status", "status", true);
  if (status && !(status->is_string() && fromName(status->get<std::string>(), out))) {
    r.fail("status", "expected one of " + std::string(expected) + "; got " + quotedValue(*status));
  }
}

/// The case `parsed`, or the first problem `validate` (case → optional<InputError>) finds in it:
/// what every loadX adds to its parseX.
template <class CaseType, class Validate>
std::variant<CaseType, InputError> validated(std::variant<CaseType, InputError> parsed,
                                             Validate validate) {
  if (const CaseType* c = std::get_if<CaseType>(&parsed)) {
    if (auto e = validate(*c)) return *e;
  }
  return parsed;
}

Shape readShape(Reader& r, const Json& j, const std::string& prefix);
/// {"p": [x, y], "q": [c, s]} or {"p": [x, y], "angle": radians}; absent parts are identity.
Transform readTransform(Reader& r, const Json& j, const std::string& prefix);
/// A string id, or a number id as written; "" when there is none; nullopt when not an id.
std::optional<std::string> idValue(const Json& j);
std::string readId(Reader& r, const Json& j);

/// One line of JSON (a string that is not UTF-8 is written with U+FFFD, never throwing).
std::string dumpLine(const OrderedJson& j);
OrderedJson writeNumber(double value, NumberFormat format);
OrderedJson writeVec2(Vec2 v, NumberFormat format);
OrderedJson writeShape(const Shape& shape, NumberFormat f);
OrderedJson writeTransform(const Transform& xf, NumberFormat f);
std::string_view featureTypeName(FeatureType t);
/// "face" or "vertex" into *out; false for anything else.
bool readFeatureType(const Json& j, FeatureType* out);
/// An integer 0 to 255 (an integral float such as 3.0 too) into *out; false otherwise.
bool readFeatureIndex(const Json& j, std::uint8_t* out);

/// A manifold object nested in another line (status, normal, points; no id or engine), or
/// nothing with the problem kept in r, its field prefixed ("manifold.points[0].separation").
std::optional<Manifold> readManifoldObject(Reader& r, const Json& j, const std::string& prefix);
/// {"status", "normal", "points"} of a manifold, typed ids included.
OrderedJson writeManifoldObject(const Manifold& m, NumberFormat format);

/// Every case of a stream through `load` (a line's text → case or error), for readCases and its
/// kin: each bad line's error prefixed with "line N: ", "line-N" for a case without an id, a
/// warning for each repeated id. `File` has cases, errors and warnings; `limit` is the longest
/// line.
template <class File, class Load>
File readCaseLines(std::istream& in, std::size_t limit, Load load) {
  using CaseType = typename decltype(File::cases)::value_type;
  File file;
  LineReader reader(in, limit);
  IdLines ids;
  for (Line line; reader.next(line);) {
    const std::string where = "line " + std::to_string(line.number) + ": ";
    std::variant<CaseType, InputError> loaded =
        line.tooLong ? std::variant<CaseType, InputError>(line.tooLongError()) : load(line.text);
    if (auto* e = std::get_if<InputError>(&loaded)) {
      file.errors.push_back({where + e->field, e->message});
      continue;
    }
    CaseType c = std::get<CaseType>(std::move(loaded));
    if (c.id.empty()) c.id = "line-" + std::to_string(line.number);
    if (const std::size_t first = ids.firstLine(c.id, line.number)) {
      file.warnings.push_back(duplicateIdWarning(c.id, first, line.number));
    }
    file.cases.push_back(std::move(c));
  }
  return file;
}

}  // namespace touche::jsonl_detail
