// touche — JSON Lines reading and writing (design of the formats: docs/file-formats.md).
//
// Reading never throws and never crashes on bad input: every problem becomes an InputError
// naming the JSON path of the offending value and quoting it, cut short. A line is first
// scanned (its length, NUL bytes, how deep it nests) and then parsed by a SAX handler of our
// own, which builds the document knowing the path of each value as it goes: that is where a
// repeated key and a number beyond a double's range are caught and named. Numbers are read
// exactly or rejected: a hexfloat must be a double, a decimal's nearest double must keep its
// magnitude (no overflow, no underflow).
#include "touche/core/jsonl.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "jsonl_detail.h"
#include "touche/core/bounce_jsonl.h"

namespace touche {
namespace {

using jsonl_detail::Json;
using jsonl_detail::OrderedJson;

// ---- text for messages --------------------------------------------------------------------

/// The length of the UTF-8 sequence at text[i] (its code point in *codePoint), or 0 when the
/// bytes there are not well-formed UTF-8 (overlong, a surrogate, beyond U+10FFFF, truncated).
std::size_t decodeUtf8(std::string_view text, std::size_t i, char32_t* codePoint) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) {
    *codePoint = lead;
    return 1;
  }
  std::size_t length = 0;
  char32_t cp = 0, smallest = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, cp = lead & 0x1F, smallest = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, cp = lead & 0x0F, smallest = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, cp = lead & 0x07, smallest = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < smallest || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  *codePoint = cp;
  return length;
}

/// Characters a terminal acts on instead of showing them: C0 and C1 controls and DEL, the
/// bidirectional controls (they reorder what follows), the line and paragraph separators, and
/// U+FFFE and U+FFFF (not characters at all; XML 1.0 refuses them).
bool needsEscape(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
         (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFFFE ||
         cp == 0xFFFF;
}

std::string hexEscape(const char* prefix, unsigned value, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%s%0*x", prefix, digits, value);
  return buffer;
}

std::string escapeCodePoint(char32_t cp) {
  if (cp == '\n') return "\\n";
  if (cp == '\r') return "\\r";
  if (cp == '\t') return "\\t";
  return hexEscape("\\u", static_cast<unsigned>(cp), 4);
}

/// `text` cut to at most `max` bytes at a character boundary, with "…" when it was cut: a
/// message quotes a value, never dumps it whole.
std::string cut(std::string_view text, std::size_t max = 60) {
  if (text.size() <= max) return std::string(text);
  std::size_t end = max;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
    --end;
  return std::string(text.substr(0, end)) + "…";
}

/// A JSON value as a message quotes it: as JSON, printable, cut short.
std::string quoted(const Json& value) {
  return cut(printable(value.dump(-1, ' ', false, Json::error_handler_t::replace), false));
}

std::string quotedString(std::string_view text) {
  return quoted(Json(std::string(text)));
}

// ---- numbers ------------------------------------------------------------------------------

/// Exponent digits beyond this saturate; it is far outside any double either way.
constexpr long long kExponentCap = 1'000'000'000;

/// The exponent at text[i..] (after its e or p): an optional sign and at least one digit, up
/// to the end of the text.
bool readExponent(std::string_view text, std::size_t i, long long* out) {
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (i == text.size()) return false;
  long long value = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    value = std::min(value * 10 + (text[i] - '0'), kExponentCap);
  }
  *out = negative ? -value : value;
  return true;
}

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// A number's digits (the point taken out) and how many of them follow the point.
struct Mantissa {
  std::string digits;
  long long fractionDigits = 0;
};

/// Reads digits of `base` (10 or 16) with at most one point, from text[i]; `i` ends on the
/// first other character. False when there is no digit.
bool readMantissa(std::string_view text, std::size_t& i, int base, Mantissa* out) {
  bool point = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !point) {
      point = true;
      continue;
    }
    const int value = digitValue(c);
    if (value < 0 || value >= base) break;
    out->digits += c;
    if (point) ++out->fractionDigits;
  }
  return !out->digits.empty();
}

std::size_t signLength(std::string_view text) {
  return !text.empty() && (text[0] == '+' || text[0] == '-') ? 1 : 0;
}

/// A decimal's significant digits (no leading or trailing zeros) and the power of ten of the
/// first: 0.0120 is {"12", -2}. Zero has no digits.
struct Decimal {
  std::string digits;
  long long exponent = 0;
};

/// A decimal number's text: an optional sign, digits with at most one point, an optional
/// exponent; nothing else (no spaces). nullopt when the text is not one.
std::optional<Decimal> readDecimal(std::string_view text) {
  std::size_t i = signLength(text);
  Mantissa m;
  if (!readMantissa(text, i, 10, &m)) return std::nullopt;
  long long exponent = 0;
  if (i < text.size() &&
      ((text[i] != 'e' && text[i] != 'E') || !readExponent(text, i + 1, &exponent))) {
    return std::nullopt;
  }
  Decimal d;
  const std::size_t first = m.digits.find_first_not_of('0');
  if (first == std::string::npos) return d;
  const std::size_t last = m.digits.find_last_not_of('0');
  d.digits = m.digits.substr(first, last - first + 1);
  d.exponent = exponent - m.fractionDigits + static_cast<long long>(m.digits.size() - 1 - first);
  return d;
}

std::string shortest(double value) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

/// True when `value` written to as many significant digits as `d` has gives back d: the
/// decimal says no more than the double holds.
bool writesAs(double value, const Decimal& d) {
  // A subnormal's exact decimal has at most 751 significant digits.
  constexpr std::size_t kMaxDigits = 800;
  if (d.digits.size() > kMaxDigits) return false;
  char buffer[kMaxDigits + 40];
  std::snprintf(buffer, sizeof buffer, "%.*e", static_cast<int>(d.digits.size()) - 1,
                std::fabs(value));
  const std::optional<Decimal> printed = readDecimal(buffer);
  return printed && printed->digits == d.digits && printed->exponent == d.exponent;
}

/// Why `value`, the double nearest to the decimal `d`, does not stand for it, or nullopt.
/// Normal doubles are within 2^-53 of any decimal they are nearest to; beyond the largest
/// double, below the smallest and among the subnormals (fewer bits) that fails, and a
/// subnormal is accepted only when the decimal is that double written to its own digits (so
/// the shortest decimal of a subnormal, which touche writes, reads back).
std::optional<std::string> decimalProblem(const Decimal& d, double value) {
  if (d.digits.empty()) return std::nullopt;  // zero is exact
  if (!std::isfinite(value)) {
    return "is not a finite number (beyond the largest double, about 1.8e308)";
  }
  if (value == 0.0) {
    return "underflows: it is not 0 but its nearest double is (the smallest non-zero double is "
           "2^-1074, about 4.9e-324)";
  }
  if (std::fabs(value) >= DBL_MIN || writesAs(value, d)) return std::nullopt;
  return "is below the normal doubles (2^-1022, about 2.2e-308), where its nearest double " +
         shortest(value) + " (" + hexfloat(value) + ") is not within 2^-53 of it; write that";
}

/// A decimal number's text as its nearest double, or why that double does not stand for it.
std::variant<double, std::string> readDecimalText(std::string_view text) {
  const std::optional<Decimal> d = readDecimal(text);
  if (!d) return std::string("is not a number (e.g. \"1.5\" or \"0x1.8p+0\", with no spaces)");
  const std::size_t start = text[0] == '+' ? 1 : 0;  // from_chars takes no plus sign
  double value = 0.0;
  const auto result = std::from_chars(text.data() + start, text.data() + text.size(), value);
  if (result.ec == std::errc::result_out_of_range) {
    value = d->exponent > 0 ? HUGE_VAL : 0.0;  // from_chars leaves the value as it was
  }
  if (auto problem = decimalProblem(*d, value)) return *problem;
  return text[0] == '-' ? -std::fabs(value) : value;
}

/// A hexfloat's text ("0x1.8p+1", optionally signed) as the double it is exactly, or why it
/// is not one: more than 53 significant bits, or beyond the doubles' exponent range.
std::variant<double, std::string> readHexfloat(std::string_view text) {
  std::size_t i = signLength(text) + 2;  // past the sign and "0x"
  Mantissa m;
  long long exponent = 0;
  if (!readMantissa(text, i, 16, &m) ||
      (i < text.size() &&
       ((text[i] != 'p' && text[i] != 'P') || !readExponent(text, i + 1, &exponent)))) {
    return std::string("is not a number (a hexfloat is e.g. \"0x1.8p+0\", with no spaces)");
  }
  const double sign = text[0] == '-' ? -1.0 : 1.0;
  const std::size_t first = m.digits.find_first_not_of('0');
  if (first == std::string::npos) return sign * 0.0;
  const std::size_t last = m.digits.find_last_not_of('0');
  const auto firstValue = static_cast<unsigned>(digitValue(m.digits[first]));
  const auto lastValue = static_cast<unsigned>(digitValue(m.digits[last]));
  const long long bits = 4 * static_cast<long long>(last - first) + std::bit_width(firstValue) -
                         std::countr_zero(lastValue);
  if (bits > 53) {
    return "is not exactly a double: it has " + std::to_string(bits) +
           " significant bits, a double 53";
  }
  std::uint64_t mantissa = 0;
  for (std::size_t k = first; k <= last; ++k)
    mantissa = mantissa * 16 + static_cast<unsigned>(digitValue(m.digits[k]));
  // value = mantissa · 2^lowest, the mantissa odd
  long long lowest =
      exponent + 4 * (static_cast<long long>(m.digits.size() - 1 - last) - m.fractionDigits);
  lowest += std::countr_zero(mantissa);
  mantissa >>= std::countr_zero(mantissa);
  if (lowest + bits - 1 > 1023) {
    return std::string(
        "is not a finite number (beyond the largest double, 0x1.fffffffffffffp+1023)");
  }
  if (lowest < -1074) {
    return "is not exactly a double: its lowest bit is 2^" + std::to_string(lowest) +
           ", below the smallest double 2^-1074";
  }
  return sign * std::ldexp(static_cast<double>(mantissa), static_cast<int>(lowest));
}

bool isNonFiniteWord(std::string_view text) {
  std::string lower;
  for (char c : text.substr(signLength(text)))
    lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return lower == "inf" || lower == "infinity" || lower == "nan" || lower.starts_with("nan(");
}

/// A number written in a JSON string: a hexfloat, or a decimal read like a JSON number.
std::variant<double, std::string> readNumberString(std::string_view text) {
  if (text.empty()) return std::string("is not a number (an empty string)");
  if (isNonFiniteWord(text)) return std::string("is not a finite number");
  const std::string_view body = text.substr(signLength(text));
  if (body.size() >= 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    return readHexfloat(text);
  }
  return readDecimalText(text);
}

// ---- parsing a line -----------------------------------------------------------------------

/// What must hold before a line is parsed at all: bounded length, no NUL byte (JSON text has
/// none, and C strings would end there), nesting no deeper than kMaxNestingDepth (so that
/// nothing that walks the document recursively can run out of stack).
std::optional<InputError> scanLine(std::string_view line, std::size_t limit = kMaxLineBytes) {
  if (line.size() > limit) {
    return InputError{"line", "longer than the limit of " + std::to_string(limit) + " bytes"};
  }
  // Most lines hold no NUL byte and fewer brackets than the depth limit: nothing below can
  // fail on them, and counting is cheaper than following strings.
  std::size_t brackets = 0, nul = 0;
  for (const char c : line) {  // without branches: the compiler makes it vector code
    brackets += static_cast<std::size_t>(c == '[') + static_cast<std::size_t>(c == '{');
    nul += static_cast<std::size_t>(c == '\0');
  }
  if (brackets <= static_cast<std::size_t>(kMaxNestingDepth) && nul == 0) return std::nullopt;
  int depth = 0;
  bool inString = false, escaped = false;
  const auto at = [](std::size_t i) { return " at byte " + std::to_string(i + 1); };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\0') return InputError{"line", "a NUL byte" + at(i) + " (JSON text has none)"};
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxNestingDepth) {
        return InputError{"line", "nested deeper than " + std::to_string(kMaxNestingDepth) +
                                      " arrays and objects" + at(i)};
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::nullopt;
}

/// nlohmann's SAX events made into a document, knowing the path of the value being read: a
/// key repeated in an object, or a number beyond a double's range, is reported by its path.
/// A decimal number whose nearest double does not stand for it is kept as its text (a binary
/// value), so that Reader::number reports it by the field it is read as, and a field nobody
/// reads (readers ignore unknown fields) may hold one.
class DocumentBuilder {
 public:
  Json root;
  std::optional<InputError> error;

  bool null() { return add(nullptr); }
  bool boolean(bool value) { return add(value); }
  bool number_integer(Json::number_integer_t value) { return add(value); }
  bool number_unsigned(Json::number_unsigned_t value) { return add(value); }
  bool number_float(Json::number_float_t value, const std::string& text) {
    // A finite normal double is within 2^-53 of any decimal it is nearest to: decimalProblem
    // has nothing to say (it speaks of zero, overflow and subnormals), and the text is a JSON
    // number, so a decimal. Most numbers are such; they skip its digit strings.
    if (std::isfinite(value) && std::fabs(value) >= DBL_MIN) return add(value);
    const std::optional<Decimal> d = readDecimal(text);
    if (d && !decimalProblem(*d, value)) return add(value);
    return add(Json::binary(Json::binary_t::container_type(text.begin(), text.end())));
  }
  bool string(std::string& value) { return add(std::move(value)); }
  bool binary(Json::binary_t& value) { return add(Json::binary(std::move(value))); }
  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& name) {
    Open& object = open_.back();
    object.key = name;
    if (object.container->contains(name)) {
      error = InputError{path(), "the key " + quotedString(name) +
                                     " appears twice in one object (which one was meant?)"};
      return false;
    }
    return true;
  }

  bool parse_error(std::size_t position, const std::string& token, const Json::exception& e) {
    if (e.id == 406) {  // nlohmann's "number overflow": a number beyond a double's range
      const std::string field = path();
      error = InputError{field.empty() ? "line" : field,
                         cut(printable(token, false)) +
                             " is not a finite number (beyond the largest double, about 1.8e308)"};
      return false;
    }
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    std::string detail = e.what();
    if (const std::size_t colon = detail.find(": "); colon != std::string::npos)
      detail.erase(0, colon + 2);
    error = InputError{"line", "not valid JSON at byte " + std::to_string(position) + ": " +
                                   cut(printable(detail, false), 120)};
    return false;
  }

 private:
  /// An array or object being filled, and for an object the key of the member being read.
  struct Open {
    Json* container;
    std::string key;
  };
  std::vector<Open> open_;

  /// Puts `value` where the document is being filled. A container's address stays valid while
  /// it is open: its parent gets no other member until it is closed.
  Json* place(Json value) {
    if (open_.empty()) {
      root = std::move(value);
      return &root;
    }
    Json& parent = *open_.back().container;
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    Json& member = parent[open_.back().key];
    member = std::move(value);
    return &member;
  }
  bool add(Json value) {
    place(std::move(value));
    return true;
  }
  bool open(Json container) {
    open_.push_back({place(std::move(container)), ""});
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  /// The path of the value being read, e.g. "a.vertices[2][0]" (Reader's field names).
  std::string path() const {
    std::string out;
    for (std::size_t k = 0; k < open_.size(); ++k) {
      const Json& container = *open_[k].container;
      if (container.is_array()) {
        // An open container below the top holds the value being read as its last element.
        const std::size_t index = container.size() - (k + 1 < open_.size() ? 1 : 0);
        // appended piece by piece: GCC 12 at -O3 reports a false -Wrestrict on "[" + string
        out.append("[").append(std::to_string(index)).append("]");
      } else {
        if (!out.empty()) out += '.';
        out += printable(open_[k].key);
      }
    }
    return out;
  }
};

/// A line's JSON document, or why it is none (bounded, never throws, never recurses).
std::variant<Json, InputError> parseLine(std::string_view line, std::size_t limit = kMaxLineBytes) {
  if (auto problem = scanLine(line, limit)) return *problem;
  DocumentBuilder builder;
  if (!Json::sax_parse(line.begin(), line.end(), &builder)) {
    return builder.error.value_or(InputError{"line", "not valid JSON"});
  }
  return std::move(builder.root);
}

std::optional<Json> parseObject(std::string_view line, std::optional<InputError>* error,
                                std::size_t limit = kMaxLineBytes) {
  auto parsed = parseLine(line, limit);
  if (auto* e = std::get_if<InputError>(&parsed)) {
    *error = std::move(*e);
    return std::nullopt;
  }
  Json& j = std::get<Json>(parsed);
  if (!j.is_object()) {
    *error = InputError{"line", "expected a JSON object"};
    return std::nullopt;
  }
  return std::move(j);
}

}  // namespace

// The reading and writing helpers cast_jsonl.cpp shares (jsonl_detail.h).
namespace jsonl_detail {

// ---- reading values -----------------------------------------------------------------------

/// A JSON number (its nearest double, checked when the line was parsed) or a string holding a
/// hexfloat or a decimal (readNumberString).
double Reader::number(const Json& value, const std::string& field) {
  if (!ok()) return 0.0;
  if (value.is_number()) return value.get<double>();
  if (value.is_binary()) {  // a decimal number DocumentBuilder kept as its text
    const std::string text(value.get_binary().begin(), value.get_binary().end());
    const auto read = readDecimalText(text);
    fail(field, cut(text) + " " +
                    (std::holds_alternative<std::string>(read) ? std::get<std::string>(read)
                                                               : "is not exactly a double"));
    return 0.0;
  }
  if (!value.is_string()) {
    fail(field, "expected a number or a hexfloat string, got " + std::string(value.type_name()));
    return 0.0;
  }
  const auto read = readNumberString(value.get_ref<const std::string&>());
  if (const auto* problem = std::get_if<std::string>(&read)) {
    fail(field, quoted(value) + " " + *problem);
    return 0.0;
  }
  return std::get<double>(read);
}

std::string quotedValue(const Json& value) {
  return quoted(value);
}

std::string optionalText(Reader& r, const Json& j, const char* key) {
  const Json* value = r.member(j, key, key, false);
  return value && value->is_string() ? value->get<std::string>() : std::string();
}

std::variant<double, std::string> readNumberText(std::string_view text) {
  return readNumberString(text);
}

std::optional<Json> parseObjectLine(std::string_view line, std::optional<InputError>* error,
                                    std::size_t limit) {
  return parseObject(line, error, limit);
}

Polygon readPolygon(Reader& r, const Json& j, const std::string& prefix) {
  Polygon polygon;
  const std::string field = prefix + ".vertices";
  const Json* vertices = r.member(j, "vertices", field, true);
  if (!vertices) return polygon;
  if (!vertices->is_array()) {
    r.fail(field, "expected an array of [x, y] vertices, got " + quoted(*vertices));
    return polygon;
  }
  if (vertices->size() < 3 || vertices->size() > static_cast<size_t>(kMaxPolygonVertices)) {
    r.fail(field, std::to_string(vertices->size()) + " vertices; a polygon needs 3 to 8");
    return polygon;
  }
  polygon.count = static_cast<int>(vertices->size());
  for (int i = 0; i < polygon.count; ++i) {
    polygon.vertices[i] = r.vec2((*vertices)[i], field + "[" + std::to_string(i) + "]");
  }
  polygon.radius = r.numberMember(j, "radius", prefix, false, 0.0);
  return polygon;
}

Shape readShape(Reader& r, const Json& j, const std::string& prefix) {
  if (!j.is_object()) {
    r.fail(prefix, "expected a shape object with a \"type\", got " + quoted(j));
    return Circle{};
  }
  const Json* type = r.member(j, "type", prefix + ".type", true);
  if (!type) return Circle{};
  const std::string name = type->is_string() ? type->get<std::string>() : "";
  if (name == "circle") {
    return Circle{r.vec2Member(j, "center", prefix), r.numberMember(j, "radius", prefix, true)};
  }
  if (name == "capsule") {
    return Capsule{r.vec2Member(j, "p1", prefix), r.vec2Member(j, "p2", prefix),
                   r.numberMember(j, "radius", prefix, true)};
  }
  if (name == "segment")
    return Segment{r.vec2Member(j, "p1", prefix), r.vec2Member(j, "p2", prefix)};
  if (name == "chainSegment") {
    return ChainSegment{r.vec2Member(j, "ghost1", prefix), r.vec2Member(j, "p1", prefix),
                        r.vec2Member(j, "p2", prefix), r.vec2Member(j, "ghost2", prefix)};
  }
  if (name == "polygon") return readPolygon(r, j, prefix);
  r.fail(prefix + ".type", "unknown shape type " + quoted(*type) +
                               " (circle, capsule, segment, polygon, chainSegment)");
  return Circle{};
}

/// {"p": [x, y], "q": [c, s]} or {"p": [x, y], "angle": radians}; absent parts are identity.
Transform readTransform(Reader& r, const Json& j, const std::string& prefix) {
  Transform xf;
  if (!j.is_object()) {
    r.fail(prefix, "expected {\"p\": [x, y], \"q\": [c, s]} or {\"p\": [x, y], \"angle\": a}");
    return xf;
  }
  if (const Json* p = r.member(j, "p", prefix + ".p", false)) xf.p = r.vec2(*p, prefix + ".p");
  const Json* q = r.member(j, "q", prefix + ".q", false);
  const Json* angle = r.member(j, "angle", prefix + ".angle", false);
  if (q && angle) r.fail(prefix, "give either \"q\" or \"angle\", not both");
  if (q) {
    const Vec2 cs = r.vec2(*q, prefix + ".q");
    xf.q = Rot{cs.x, cs.y};
  } else if (angle) {
    xf.q = rotFromAngle(r.number(*angle, prefix + ".angle"));
  }
  return xf;
}

/// A string id, or a number id as written; "" when there is none.
std::optional<std::string> idValue(const Json& j) {
  const auto id = j.find("id");
  if (id == j.end()) return "";
  if (id->is_string()) return id->get<std::string>();
  if (id->is_number()) return id->dump();
  return std::nullopt;
}

std::string readId(Reader& r, const Json& j) {
  const std::optional<std::string> id = idValue(j);
  if (!id) r.fail("id", "expected a string, got " + quoted(j.at("id")));
  return id.value_or("");
}

// ---- writing ------------------------------------------------------------------------------

/// One line of JSON. A string that is not UTF-8 (an id set by a caller; parsed text always
/// is) is written with U+FFFD in its place rather than throwing.
std::string dumpLine(const OrderedJson& j) {
  return j.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
}

OrderedJson writeNumber(double value, NumberFormat format) {
  if (format == NumberFormat::hex) return hexfloat(value);
  return value;  // nlohmann writes the shortest decimal that round-trips
}

OrderedJson writeVec2(Vec2 v, NumberFormat format) {
  return OrderedJson::array({writeNumber(v.x, format), writeNumber(v.y, format)});
}

OrderedJson writeShape(const Shape& shape, NumberFormat f) {
  OrderedJson j;
  j["type"] = std::string(shapeTypeName(typeOf(shape)));
  if (const auto* c = std::get_if<Circle>(&shape)) {
    j["center"] = writeVec2(c->center, f);
    j["radius"] = writeNumber(c->radius, f);
  } else if (const auto* k = std::get_if<Capsule>(&shape)) {
    j["p1"] = writeVec2(k->p1, f);
    j["p2"] = writeVec2(k->p2, f);
    j["radius"] = writeNumber(k->radius, f);
  } else if (const auto* s = std::get_if<Segment>(&shape)) {
    j["p1"] = writeVec2(s->p1, f);
    j["p2"] = writeVec2(s->p2, f);
  } else if (const auto* ch = std::get_if<ChainSegment>(&shape)) {
    j["ghost1"] = writeVec2(ch->ghost1, f);
    j["p1"] = writeVec2(ch->p1, f);
    j["p2"] = writeVec2(ch->p2, f);
    j["ghost2"] = writeVec2(ch->ghost2, f);
  } else if (const auto* p = std::get_if<Polygon>(&shape)) {
    OrderedJson vertices = OrderedJson::array();
    for (int i = 0; i < p->count; ++i)
      vertices.push_back(writeVec2(p->vertices[i], f));
    j["vertices"] = std::move(vertices);
    if (p->radius != 0.0) j["radius"] = writeNumber(p->radius, f);
  }
  return j;
}

OrderedJson writeTransform(const Transform& xf, NumberFormat f) {
  OrderedJson j;
  j["p"] = writeVec2(xf.p, f);
  j["q"] = writeVec2({xf.q.c, xf.q.s}, f);
  return j;
}

std::string_view featureTypeName(FeatureType t) {
  return t == FeatureType::face ? "face" : "vertex";
}

OrderedJson writeFeatureId(FeatureId id) {
  OrderedJson j;
  j["typeA"] = std::string(featureTypeName(id.typeA));
  j["indexA"] = id.indexA;
  j["typeB"] = std::string(featureTypeName(id.typeB));
  j["indexB"] = id.indexB;
  return j;
}

OrderedJson writePoints(const Manifold& m, bool withIds, NumberFormat format) {
  OrderedJson points = OrderedJson::array();
  for (int i = 0; i < m.pointCount; ++i) {
    OrderedJson p;
    p["point"] = writeVec2(m.points[i].point, format);
    p["separation"] = writeNumber(m.points[i].separation, format);
    if (withIds) p["id"] = writeFeatureId(m.points[i].id);
    points.push_back(std::move(p));
  }
  return points;
}

/// Points as a line gave them: each with its own normal when it has one, and its id as
/// written (an id that is not JSON is left out).
OrderedJson writeReportedPoints(const std::vector<ReportedPoint>& reported, NumberFormat format) {
  OrderedJson points = OrderedJson::array();
  for (const ReportedPoint& rp : reported) {
    OrderedJson p;
    p["point"] = writeVec2(rp.point, format);
    p["separation"] = writeNumber(rp.separation, format);
    if (rp.normal) p["normal"] = writeVec2(*rp.normal, format);
    if (!rp.id.empty()) {
      OrderedJson id = OrderedJson::parse(rp.id, nullptr, false);
      if (!id.is_discarded()) p["id"] = std::move(id);
    }
    points.push_back(std::move(p));
  }
  return points;
}

bool hasAnyGap(const DecisionGaps& gaps) {
  return gaps.axis || gaps.incident || gaps.contact || gaps.clip || gaps.region || gaps.normal;
}

OrderedJson writeGaps(const DecisionGaps& gaps, NumberFormat f) {
  OrderedJson j = OrderedJson::object();
  if (gaps.axis) j["axis"] = writeNumber(*gaps.axis, f);
  if (gaps.incident) j["incident"] = writeNumber(*gaps.incident, f);
  if (gaps.contact) j["contact"] = writeNumber(*gaps.contact, f);
  if (gaps.clip) j["clip"] = writeNumber(*gaps.clip, f);
  if (gaps.region) j["region"] = writeNumber(*gaps.region, f);
  if (gaps.normal) j["normal"] = writeNumber(*gaps.normal, f);
  return j;
}

// ---- reading manifolds ----------------------------------------------------------------------

bool readFeatureType(const Json& j, FeatureType* out) {
  if (!j.is_string()) return false;
  const std::string name = j.get<std::string>();
  if (name == "face")
    *out = FeatureType::face;
  else if (name == "vertex")
    *out = FeatureType::vertex;
  else
    return false;
  return true;
}

/// An index of a typed id: an integer 0 to 255 (an integral float such as 3.0 too).
bool readFeatureIndex(const Json& j, std::uint8_t* out) {
  if (!j.is_number()) return false;
  const double value = j.get<double>();
  if (!(value >= 0.0 && value <= 255.0) || value != std::floor(value)) return false;
  *out = static_cast<std::uint8_t>(value);
  return true;
}

}  // namespace jsonl_detail

namespace {

using namespace jsonl_detail;

/// A typed id object; anything else (an integer key, a foreign object) is "no comparable id".
/// A typed object with a field no FeatureId holds also returns false, and says why in *error
/// (naming the field and its value as written).
bool readFeatureId(const Json& j, FeatureId* out, std::string* error) {
  if (!j.is_object()) return false;
  const auto typeA = j.find("typeA"), typeB = j.find("typeB");
  const auto indexA = j.find("indexA"), indexB = j.find("indexB");
  if (typeA == j.end() || typeB == j.end() || indexA == j.end() || indexB == j.end()) return false;
  const auto badIndex = [&](const char* name, const Json& value, std::uint8_t* field) {
    if (readFeatureIndex(value, field)) return false;
    *error = std::string(name) + " " + quoted(value) + " is not a feature index (0 to 255)";
    return true;
  };
  const auto badType = [&](const char* name, const Json& value, FeatureType* field) {
    if (readFeatureType(value, field)) return false;
    *error = std::string(name) + " " + quoted(value) + " is neither \"face\" nor \"vertex\"";
    return true;
  };
  return !badIndex("indexA", *indexA, &out->indexA) && !badIndex("indexB", *indexB, &out->indexB) &&
         !badType("typeA", *typeA, &out->typeA) && !badType("typeB", *typeB, &out->typeB);
}

/// The statuses readStatus knows, as an error lists them.
constexpr std::string_view kStatusNames = "contact, no_contact, unsupported, error";

bool readStatus(const std::string& name, Status* out) {
  for (Status s : {Status::contact, Status::noContact, Status::unsupported, Status::error}) {
    if (statusName(s) == name) {
      *out = s;
      return true;
    }
  }
  return false;
}

/// One point object: its position, separation, own normal (when the reading asks for one)
/// and id, as written.
ReportedPoint readPoint(Reader& r, const Json& p, const std::string& prefix,
                        const ManifoldReading& reading) {
  ReportedPoint point;
  point.point = r.vec2Member(p, "point", prefix);
  point.separation = r.numberMember(p, "separation", prefix, true);
  if (reading.pointNormals) point.normal = r.vec2Member(p, "normal", prefix);
  const auto id = p.find("id");
  if (id == p.end()) return point;
  point.id = id->dump(-1, ' ', false, Json::error_handler_t::replace);
  FeatureId typed;
  if (readFeatureId(*id, &typed, &point.idError)) point.typedId = typed;
  return point;
}

void readPoints(Reader& r, const Json& j, ManifoldRecord& record, const ManifoldReading& reading) {
  const Json* points = r.member(j, "points", "points", true);
  if (!points) return;
  const std::size_t most = static_cast<std::size_t>(std::max(reading.maxPoints, 0));
  if (!points->is_array()) {
    r.fail("points", "expected an array of at most " + std::to_string(most) + " points");
    return;
  }
  if (points->size() > most) {
    r.fail("points", std::to_string(points->size()) + " points; at most " + std::to_string(most) +
                         (most == 2 ? " (declare more with the conventions key maxPoints)"
                                    : " are declared (conventions key maxPoints)"));
    return;
  }
  for (std::size_t i = 0; i < points->size(); ++i) {
    const std::string prefix = "points[" + std::to_string(i) + "]";
    const Json& p = (*points)[i];
    if (!p.is_object()) {
      r.fail(prefix, "expected {\"point\": [x, y], \"separation\": s, \"id\": ...}");
      return;
    }
    record.points.push_back(readPoint(r, p, prefix, reading));
    if (!record.points.back().typedId) record.hasIds = false;
  }
  // touche's Manifold holds the first two points (for drawing, and for callers that take a
  // Manifold); the judge reads them all from record.points.
  Manifold& m = record.manifold;
  m.pointCount = static_cast<int>(std::min<std::size_t>(record.points.size(), 2));
  for (int i = 0; i < m.pointCount; ++i) {
    const ReportedPoint& p = record.points[static_cast<std::size_t>(i)];
    m.points[i] = {p.point, p.separation, p.typedId.value_or(FeatureId{})};
  }
}

}  // namespace

std::variant<Case, InputError> parseCase(std::string_view line) {
  if (!scanLine(line)) {
    if (std::optional<Case> plain = readPlainCase(line)) return std::move(*plain);
  }
  return parseCaseDocument(line);
}

std::variant<ManifoldRecord, InputError> parseManifold(std::string_view line,
                                                       const ManifoldReading& reading) {
  if (!scanLine(line)) {
    if (std::optional<ManifoldRecord> plain = readPlainManifold(line, reading)) {
      return std::move(*plain);
    }
  }
  return parseManifoldDocument(line, reading);
}

std::variant<Case, InputError> jsonl_detail::parseCaseDocument(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObject(line, &error);
  if (!j) return *error;
  Reader r;
  Case c;
  c.id = readId(r, *j);
  const Json* a = r.member(*j, "a", "a", true);
  if (a) c.a = readShape(r, *a, "a");
  const Json* b = r.member(*j, "b", "b", true);
  if (b) c.b = readShape(r, *b, "b");
  if (const Json* xf = r.member(*j, "xfA", "xfA", false)) c.xfA = readTransform(r, *xf, "xfA");
  if (const Json* xf = r.member(*j, "xfB", "xfB", false)) c.xfB = readTransform(r, *xf, "xfB");
  if (const auto moved = j->find("movedFrom"); moved != j->end()) {
    if (moved->is_string()) {
      c.movedFrom = moved->get<std::string>();
    } else {
      r.fail("movedFrom",
             "expected the id (a string) of the case this one is a moved copy of, got " +
                 quoted(*moved));
    }
  }
  if (r.error) return *r.error;
  return c;
}

std::variant<Case, InputError> loadCase(std::string_view line) {
  return jsonl_detail::validated(parseCase(line), [](const Case& c) {
    return validateInput(c.a, c.xfA, c.b, c.xfB, Options{});
  });
}

std::variant<ManifoldRecord, InputError> jsonl_detail::parseManifoldDocument(
    std::string_view line, const ManifoldReading& reading) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObject(line, &error);
  if (!j) return *error;
  Reader r;
  ManifoldRecord record;
  record.id = readId(r, *j);
  record.engine = optionalText(r, *j, "engine");
  record.conventions = optionalText(r, *j, "conventions");
  record.reason = optionalText(r, *j, "reason");
  readStatusMember(r, *j, readStatus, kStatusNames, &record.manifold.status);
  if (r.ok() && record.manifold.status == Status::contact) {
    record.hasNormal = !reading.pointNormals || j->contains("normal");
    if (record.hasNormal) record.manifold.normal = r.vec2Member(*j, "normal", "");
    readPoints(r, *j, record, reading);
    if (!record.hasNormal && r.ok() && !record.points.empty()) {
      record.manifold.normal = record.points.front().normal.value_or(Vec2{});
    }
  }
  if (r.error) {
    if (!r.error->field.empty() && r.error->field.front() == '.') r.error->field.erase(0, 1);
    return *r.error;
  }
  return record;
}

std::string formatCase(const Case& c, NumberFormat format) {
  OrderedJson j;
  j["id"] = c.id;
  if (!c.movedFrom.empty()) j["movedFrom"] = c.movedFrom;
  j["a"] = writeShape(c.a, format);
  j["b"] = writeShape(c.b, format);
  j["xfA"] = writeTransform(c.xfA, format);
  j["xfB"] = writeTransform(c.xfB, format);
  return dumpLine(j);
}

std::string formatManifold(const ManifoldRecord& record, NumberFormat format) {
  const Manifold& m = record.manifold;
  OrderedJson j;
  j["id"] = record.id;
  j["engine"] = record.engine;
  if (!record.conventions.empty()) j["conventions"] = record.conventions;
  j["status"] = std::string(statusName(m.status));
  if (m.status == Status::contact) {
    if (record.hasNormal) j["normal"] = writeVec2(m.normal, format);
    j["points"] = record.points.empty() ? writePoints(m, record.hasIds, format)
                                        : writeReportedPoints(record.points, format);
    if (m.flags & kFlagDegenerateNormal) j["flags"] = OrderedJson::array({"degenerateNormal"});
  }
  if (hasAnyGap(m.gaps)) j["gaps"] = writeGaps(m.gaps, format);
  if (!record.reason.empty()) j["reason"] = record.reason;
  return dumpLine(j);
}

InputError Line::tooLongError() const {
  return InputError{"line", "longer than the limit of " + std::to_string(text.size() - 1) +
                                " bytes; the rest of the line is skipped"};
}

bool LineReader::next(Line& line) {
  using Traits = std::char_traits<char>;
  std::streambuf* buffer = in_.rdbuf();
  if (buffer == nullptr) return false;
  while (true) {
    if (skipping_) skipRestOfLine();
    line.text.clear();
    line.tooLong = false;
    bool any = false;
    // Bytes gathered a chunk at a time (appending one by one cost more than reading them).
    char chunk[256];
    std::size_t held = 0;
    for (int c = buffer->sbumpc(); c != Traits::eof(); c = buffer->sbumpc()) {
      any = true;
      if (c == '\n') break;
      chunk[held++] = static_cast<char>(c);
      if (held == sizeof chunk) line.text.append(chunk, held), held = 0;
      // limit + 2 bytes: too long even if the last of them is a '\r' before the newline
      if (line.text.size() + held > limit_ + 1) {
        skipping_ = true;
        break;
      }
    }
    line.text.append(chunk, held);
    if (!any) {
      in_.setstate(std::ios::eofbit);
      return false;
    }
    line.number = ++number_;
    if (!line.text.empty() && line.text.back() == '\r' && !skipping_) line.text.pop_back();
    if (line.text.size() > limit_) {
      line.text.resize(limit_ + 1);
      line.tooLong = true;
      return true;
    }
    if (line.text.find_first_not_of(" \t") != std::string::npos) return true;
  }
}

void LineReader::skipRestOfLine() {
  using Traits = std::char_traits<char>;
  std::streambuf* buffer = in_.rdbuf();
  for (int c = buffer->sbumpc(); c != Traits::eof() && c != '\n'; c = buffer->sbumpc()) {
  }
  skipping_ = false;
}

std::vector<Line> readLines(std::istream& in) {
  std::vector<Line> lines;
  LineReader reader(in);
  for (Line line; reader.next(line);)
    lines.push_back(std::move(line));
  return lines;
}

std::size_t IdLines::firstLine(const std::string& id, std::size_t line) {
  const auto [it, inserted] = first_.emplace(id, line);
  return inserted ? 0 : it->second;
}

std::string duplicateIdWarning(const std::string& id, std::size_t firstLine, std::size_t line) {
  return "line " + std::to_string(line) + ": duplicate id \"" + printable(id) +
         "\" (first on line " + std::to_string(firstLine) + ")";
}

CaseFile readCases(std::istream& in) {
  return jsonl_detail::readCaseLines<CaseFile>(
      in, kMaxLineBytes, [](std::string_view text) { return loadCase(text); });
}

namespace {

bool isJsonSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// The id of a line that opens with it as a plain string — {"id":"...", as touche's writers
/// and most engines write it — read without parsing the rest: the object's first key, so no
/// later text can change what a full parse finds (a repeated "id" is an error after it). Plain:
/// printable ASCII without escapes. nullopt when the line does not open so.
std::optional<std::string_view> leadingPlainId(std::string_view line) {
  std::size_t i = 0;
  const auto skipSpace = [&] {
    while (i < line.size() && isJsonSpace(line[i]))
      ++i;
  };
  const auto expect = [&](std::string_view token) {
    skipSpace();
    if (line.substr(i, token.size()) != token) return false;
    i += token.size();
    return true;
  };
  if (!expect("{") || !expect("\"id\"") || !expect(":") || !expect("\"")) return std::nullopt;
  const std::size_t start = i;
  for (; i < line.size() && line[i] != '"'; ++i) {
    if (line[i] < 0x20 || line[i] > 0x7E || line[i] == '\\') return std::nullopt;
  }
  if (i == line.size()) return std::nullopt;
  return line.substr(start, i - start);
}

}  // namespace

std::optional<std::string> idOfLine(std::string_view line) {
  if (scanLine(line)) return std::nullopt;
  if (const auto plain = leadingPlainId(line)) {
    if (plain->empty()) return std::nullopt;
    return std::string(*plain);
  }
  // The document as far as it parsed: an id before a bad value (a repeated key, 1e999) names
  // the line all the same.
  DocumentBuilder builder;
  Json::sax_parse(line.begin(), line.end(), &builder);
  if (!builder.root.is_object()) return std::nullopt;
  std::optional<std::string> id = idValue(builder.root);
  if (id && id->empty()) return std::nullopt;
  return id;
}

std::optional<std::string> leadingIdOfLine(std::string_view line) {
  const auto plain = leadingPlainId(line);
  if (!plain || plain->empty()) return std::nullopt;
  return std::string(*plain);
}

std::string printable(std::string_view text, bool doubleBackslashes) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t length = decodeUtf8(text, i, &cp);
    if (length == 0) {
      out += hexEscape("\\x", static_cast<unsigned char>(text[i]), 2);
      ++i;
      continue;
    }
    if (needsEscape(cp))
      out += escapeCodePoint(cp);
    else if (cp == '\\' && doubleBackslashes)
      out += "\\\\";
    else
      out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

LineKind lineKind(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObjectLine(line, &error, kMaxSceneLineBytes);
  if (!j) return LineKind::unparsable;
  if (j->contains("ball")) return LineKind::bounceScene;
  if (j->contains("shape") && j->contains("ray")) return LineKind::castCase;
  if (j->contains("manifold")) return LineKind::responseCase;
  return LineKind::collisionCase;
}

std::string_view judgeCommandFor(LineKind kind) {
  switch (kind) {
    case LineKind::collisionCase:
      return "check";
    case LineKind::castCase:
      return "check-casts";
    case LineKind::bounceScene:
      return "check-bounces";
    case LineKind::responseCase:
      return "check-responses";
    case LineKind::unparsable:
      break;
  }
  return "";
}

std::string_view lineKindName(LineKind kind) {
  switch (kind) {
    case LineKind::collisionCase:
      return "a collision case";
    case LineKind::castCase:
      return "a cast case";
    case LineKind::bounceScene:
      return "a bounce scene";
    case LineKind::responseCase:
      return "a response case";
    case LineKind::unparsable:
      break;
  }
  return "not a JSON object";
}

std::string otherKindOfLine(std::string_view line, LineKind expected) {
  const LineKind kind = lineKind(line);
  if (kind == expected || kind == LineKind::unparsable) return "";
  std::string out(lineKindName(kind));
  return out.append(", not ")
      .append(lineKindName(expected))
      .append(": `touche ")
      .append(judgeCommandFor(kind))
      .append("` judges its answers");
}

}  // namespace touche

// ---- the manifold object nested in a response case (response_jsonl.cpp, jsonl_detail.h) ----

namespace touche::jsonl_detail {

std::optional<Manifold> readManifoldObject(Reader& r, const Json& j, const std::string& prefix) {
  Reader inner;
  ManifoldRecord record;
  readStatusMember(inner, j, readStatus, kStatusNames, &record.manifold.status);
  if (inner.ok() && record.manifold.status == Status::contact) {
    record.manifold.normal = inner.vec2Member(j, "normal", "");
    readPoints(inner, j, record, ManifoldReading{});
  }
  if (!inner.error) return record.manifold;
  InputError e = *inner.error;
  if (!e.field.empty() && e.field.front() == '.') e.field.erase(0, 1);
  r.fail(prefix + "." + e.field, e.message);
  return std::nullopt;
}

OrderedJson writeManifoldObject(const Manifold& m, NumberFormat format) {
  OrderedJson j;
  j["status"] = std::string(statusName(m.status));
  if (m.status == Status::contact) {
    j["normal"] = writeVec2(m.normal, format);
    j["points"] = writePoints(m, true, format);
  }
  return j;
}

}  // namespace touche::jsonl_detail
