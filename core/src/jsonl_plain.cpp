// touche — reading case and manifold lines of the plain shape straight from their text
// (jsonl_detail.h, readPlainCase / readPlainManifold): what touche's writers and most engines
// write — strings of printable ASCII without escapes, numbers the parse takes as they are.
//
// The general reader (jsonl.cpp) builds a document first and costs a case line about 8 µs; this
// one walks the text once. It gives up (nullopt) on anything it does not read exactly as the
// general reader would — an escape, a non-ASCII byte, a number whose double needs checking
// (zero, below the normal doubles, beyond them), a missing or misplaced field, any error — and
// the caller then parses the line the general way: where it answers, it answers what the general
// reader answers, bit for bit (tests/core/jsonl_plain_test.cpp compares them).
#include <algorithm>
#include <array>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <string_view>

#include "jsonl_detail.h"

namespace touche::jsonl_detail {
namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

/// An object member: its key and its value's text.
struct Member {
  std::string_view key;
  std::string_view value;
};

/// A few values held in place (no allocation); more than it holds is left to the parse.
template <class T, std::size_t N>
class Few {
 public:
  bool push_back(const T& value) {
    if (size_ == N) return false;
    items_[size_++] = value;
    return true;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }

 private:
  std::array<T, N> items_{};
  std::size_t size_ = 0;
};

/// The members of one object of a line (a case's or a manifold's have at most a dozen).
using Members = Few<Member, 32>;
/// The elements of one array read (a polygon's vertices, a manifold's points, [x, y]).
using Elements = Few<std::string_view, 64>;

/// A JSON number token: its text, and whether it is written as an integer.
struct NumberToken {
  std::string_view text;
  bool integral = true;
};

/// A cursor over JSON text that accepts only what the general reader reads the same way.
class Plain {
 public:
  explicit Plain(std::string_view text) : text_(text) {}

  void space() {
    while (i_ < text_.size() && isSpace(text_[i_]))
      ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ == text_.size() || text_[i_] != c) return false;
    ++i_;
    return true;
  }
  bool atEnd() {
    space();
    return i_ == text_.size();
  }
  /// The next character after spaces, or '\0' at the end.
  char peek() {
    space();
    return i_ == text_.size() ? '\0' : text_[i_];
  }

  /// A string of printable ASCII without escapes (its bytes are its value).
  bool string(std::string_view& out) {
    if (!eat('"')) return false;
    const std::size_t start = i_;
    for (; i_ < text_.size(); ++i_) {
      const char c = text_[i_];
      if (c == '"') {
        out = text_.substr(start, i_ - start);
        ++i_;
        return true;
      }
      if (c < 0x20 || c > 0x7E || c == '\\') return false;
    }
    return false;
  }

  /// A number token as JSON's grammar writes it.
  bool number(NumberToken& out) {
    space();
    const char* const begin = text_.data() + i_;
    const char* const end = text_.data() + text_.size();
    const char* at = begin;
    const auto digits = [&] {
      const char* from = at;
      while (at < end && isDigit(*at))
        ++at;
      return at > from;
    };
    if (at < end && *at == '-') ++at;
    if (at == end) return false;
    if (*at == '0') {
      ++at;
    } else if (!digits()) {
      return false;
    }
    out.integral = true;
    if (at < end && *at == '.') {
      ++at;
      out.integral = false;
      if (!digits()) return false;
    }
    if (at < end && (*at == 'e' || *at == 'E')) {
      ++at;
      out.integral = false;
      if (at < end && (*at == '+' || *at == '-')) ++at;
      if (!digits()) return false;
    }
    out.text = std::string_view(begin, static_cast<std::size_t>(at - begin));
    i_ += out.text.size();
    return true;
  }

  /// An object's members read one at a time: `read(key, *this)` reads or skips the value at
  /// the cursor. A repeated key is the general reader's error.
  template <class Read>
  bool eachMember(const Read& read) {
    if (!eat('{')) return false;
    if (eat('}')) return true;
    Few<std::string_view, 32> keys;
    do {
      std::string_view key;
      if (!string(key) || !eat(':')) return false;
      for (const std::string_view k : keys) {
        if (k == key) return false;
      }
      if (!keys.push_back(key)) return false;
      space();
      if (!read(key, *this)) return false;
    } while (eat(','));
    return eat('}');
  }

  /// The text of the value at the cursor, skipped.
  bool span(std::string_view& out) {
    space();
    const std::size_t start = i_;
    if (!skip()) return false;
    out = text_.substr(start, i_ - start);
    return true;
  }

  /// The members of an object (a repeated key is the general reader's error).
  bool members(Members& out) {
    out.clear();
    if (!eat('{')) return false;
    if (eat('}')) return true;
    do {
      std::string_view key;
      if (!string(key) || !eat(':')) return false;
      for (const Member& m : out) {
        if (m.key == key) return false;
      }
      space();
      const std::size_t start = i_;
      if (!skip() || !out.push_back({key, text_.substr(start, i_ - start)})) return false;
    } while (eat(','));
    return eat('}');
  }

  /// The elements of an array, each as its text.
  bool elements(Elements& out) {
    out.clear();
    if (!eat('[')) return false;
    if (eat(']')) return true;
    do {
      space();
      const std::size_t start = i_;
      if (!skip() || !out.push_back(text_.substr(start, i_ - start))) return false;
    } while (eat(','));
    return eat(']');
  }

  /// Any value, checked as the parse checks it (its depth is bounded: scanLine ran).
  bool skip() {
    space();
    if (i_ == text_.size()) return false;
    const char c = text_[i_];
    if (c == '{') {
      Members inner;
      return members(inner);
    }
    if (c == '[') {
      ++i_;
      if (eat(']')) return true;
      do {
        if (!skip()) return false;
      } while (eat(','));
      return eat(']');
    }
    if (c == '"') {
      std::string_view ignored;
      return string(ignored);
    }
    if (c == 't' || c == 'f' || c == 'n') {
      const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
      if (text_.substr(i_, word.size()) != word) return false;
      i_ += word.size();
      return true;
    }
    NumberToken token;
    return number(token) && finite(token);
  }

  /// Whether the parse reads a number token as a finite double (else it refuses the line):
  /// surely when it has fewer than 200 digits before an exponent of at most two digits.
  static bool finite(const NumberToken& token) {
    std::size_t e = 0;
    while (e < token.text.size() && token.text[e] != 'e' && token.text[e] != 'E')
      ++e;
    const std::string_view exponent = token.text.substr(std::min(e + 1, token.text.size()));
    const std::size_t exponentDigits =
        exponent.size() - (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-'));
    if (e < 200 && exponentDigits <= 2) return true;
    double value = 0.0;
    const char* end = token.text.data() + token.text.size();
    const auto read = std::from_chars(token.text.data(), end, value);
    return read.ec == std::errc() && std::isfinite(value);
  }

 private:
  std::string_view text_;
  std::size_t i_ = 0;
};

/// Whether `text` is exactly one value that `read` reads from a cursor.
template <class Read>
bool whole(std::string_view text, const Read& read) {
  Plain p(text);
  return read(p) && p.atEnd();
}

/// A number token's double as the general reader finds it: an integer is read as an integer
/// ("-0" is 0), a finite normal double is taken as is, a zero written with zero digits too;
/// anything else (a subnormal, an underflow) needs its checks.
bool tokenValue(const NumberToken& token, double& out) {
  if (token.integral && token.text == "-0") {
    out = 0.0;
    return true;
  }
  double value = 0.0;
  const char* end = token.text.data() + token.text.size();
  const auto read = std::from_chars(token.text.data(), end, value);
  if (read.ec != std::errc() || read.ptr != end || !std::isfinite(value)) return false;
  if (std::fabs(value) >= DBL_MIN) {
    out = value;
    return true;
  }
  for (const char c : token.text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') return false;
  }
  out = value;
  return true;
}

/// A number at the cursor: a JSON number, or a string holding a hexfloat or a decimal
/// (Reader::number).
bool number(Plain& p, double& out) {
  if (p.peek() == '"') {
    std::string_view inside;
    if (!p.string(inside)) return false;
    const auto read = readNumberText(inside);
    if (!std::holds_alternative<double>(read)) return false;
    out = std::get<double>(read);
    return true;
  }
  NumberToken token;
  return p.number(token) && tokenValue(token, out);
}

bool number(std::string_view text, double& out) {
  return whole(text, [&](Plain& p) { return number(p, out); });
}

/// [x, y]: an array of exactly two numbers.
bool vec2(std::string_view text, Vec2& out) {
  return whole(text, [&](Plain& p) {
    return p.eat('[') && number(p, out.x) && p.eat(',') && number(p, out.y) && p.eat(']');
  });
}

const Member* find(const Members& members, std::string_view key) {
  for (const Member& m : members) {
    if (m.key == key) return &m;
  }
  return nullptr;
}

bool vec2Member(const Members& members, std::string_view key, Vec2& out) {
  const Member* m = find(members, key);
  return m && vec2(m->value, out);
}

bool numberMember(const Members& members, std::string_view key, double& out) {
  const Member* m = find(members, key);
  return m && number(m->value, out);
}

bool objectMembers(std::string_view text, Members& out) {
  return whole(text, [&](Plain& p) { return p.members(out); });
}

bool plainString(std::string_view text, std::string_view& out) {
  return whole(text, [&](Plain& p) { return p.string(out); });
}

bool polygon(const Members& m, Shape& out) {
  Polygon polygon;
  const Member* vertices = find(m, "vertices");
  Elements points;
  if (!vertices || !whole(vertices->value, [&](Plain& p) { return p.elements(points); })) {
    return false;
  }
  if (points.size() < 3 || points.size() > static_cast<std::size_t>(kMaxPolygonVertices)) {
    return false;
  }
  polygon.count = static_cast<int>(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!vec2(points[i], polygon.vertices[i])) return false;
  }
  if (find(m, "radius") && !numberMember(m, "radius", polygon.radius)) return false;
  out = polygon;
  return true;
}

bool shape(Plain& p, Shape& out) {
  Members m;
  std::string_view type;
  const Member* typeMember = nullptr;
  if (!p.members(m) || !(typeMember = find(m, "type")) || !plainString(typeMember->value, type)) {
    return false;
  }
  if (type == "circle") {
    Circle c;
    const bool read = vec2Member(m, "center", c.center) && numberMember(m, "radius", c.radius);
    out = c;
    return read;
  }
  if (type == "capsule") {
    Capsule c;
    const bool read = vec2Member(m, "p1", c.p1) && vec2Member(m, "p2", c.p2) &&
                      numberMember(m, "radius", c.radius);
    out = c;
    return read;
  }
  if (type == "segment") {
    Segment s;
    const bool read = vec2Member(m, "p1", s.p1) && vec2Member(m, "p2", s.p2);
    out = s;
    return read;
  }
  if (type == "chainSegment") {
    ChainSegment s;
    const bool read = vec2Member(m, "ghost1", s.ghost1) && vec2Member(m, "p1", s.p1) &&
                      vec2Member(m, "p2", s.p2) && vec2Member(m, "ghost2", s.ghost2);
    out = s;
    return read;
  }
  if (type == "polygon") return polygon(m, out);
  return false;
}

bool transform(Plain& p, Transform& out) {
  Members m;
  if (!p.members(m)) return false;
  out = Transform{};
  if (find(m, "p") && !vec2Member(m, "p", out.p)) return false;
  const bool hasQ = find(m, "q") != nullptr, hasAngle = find(m, "angle") != nullptr;
  if (hasQ && hasAngle) return false;
  if (hasQ) {
    Vec2 cs;
    if (!vec2Member(m, "q", cs)) return false;
    out.q = Rot{cs.x, cs.y};
  } else if (hasAngle) {
    double angle = 0.0;
    if (!numberMember(m, "angle", angle)) return false;
    out.q = rotFromAngle(angle);
  }
  return true;
}

/// A line's id: a plain string (a number id is left to the parse).
bool idText(std::string_view text, std::string& out) {
  std::string_view id;
  if (!plainString(text, id)) return false;
  out = std::string(id);
  return true;
}

/// The line's id: a plain string, or "" when it has none.
bool id(const Members& m, std::string& out) {
  const Member* member = find(m, "id");
  return !member || idText(member->value, out);
}

/// An optional string field: its value when it is a plain string, "" when absent or not a
/// string (which the general reader ignores too).
bool optionalString(const Members& m, std::string_view key, std::string& out) {
  const Member* member = find(m, key);
  if (!member) return true;
  if (member->value.front() != '"') return true;
  std::string_view text;
  if (!plainString(member->value, text)) return false;
  out = std::string(text);
  return true;
}

// --- a point's id, as written and as touche's typed id ---------------------------------------

/// A value a point's id object may hold here: a plain string or a non-negative integer that
/// is its own compact JSON (as the parse writes it back).
bool idValue(std::string_view text, std::string& written, std::optional<unsigned long>& index) {
  if (text.front() == '"') {
    std::string_view s;
    if (!plainString(text, s)) return false;
    // appended piece by piece: GCC 12 at -O3 reports a false -Wrestrict on "\"" + string
    written.clear();
    written.push_back('"');
    written.append(s);
    written.push_back('"');
    index.reset();
    return true;
  }
  NumberToken token;
  if (!whole(text, [&](Plain& p) { return p.number(token); }) || !token.integral ||
      token.text.front() == '-' || token.text.size() > 19) {
    return false;
  }
  written = std::string(token.text);
  unsigned long value = 0;
  std::from_chars(token.text.data(), token.text.data() + token.text.size(), value);
  index = value;
  return true;
}

bool featureType(const std::string& written, FeatureType& out) {
  if (written == "\"face\"") {
    out = FeatureType::face;
  } else if (written == "\"vertex\"") {
    out = FeatureType::vertex;
  } else {
    return false;
  }
  return true;
}

/// A point's "id": written back compact (an object's keys sorted, as the parse's document
/// keeps them), and read as a typed id when it is one. An object naming no feature (an index
/// beyond 255, a type neither face nor vertex) is left to the parse, which says why.
bool pointId(std::string_view text, ReportedPoint& point) {
  std::optional<unsigned long> scalar;
  if (text.front() != '{') return idValue(text, point.id, scalar);
  Members m;
  if (!objectMembers(text, m)) return false;
  std::sort(m.begin(), m.end(), [](const Member& a, const Member& b) { return a.key < b.key; });
  std::string written = "{";
  FeatureId typed;
  int found = 0;
  for (const Member& member : m) {
    std::string value;
    std::optional<unsigned long> index;
    if (!idValue(member.value, value, index)) return false;
    written.append(written.size() > 1 ? ",\"" : "\"")
        .append(member.key)
        .append("\":")
        .append(value);
    const bool isIndex = member.key == "indexA" || member.key == "indexB";
    const bool isType = member.key == "typeA" || member.key == "typeB";
    if (isIndex && !(index && *index <= 255)) return false;
    if (isType && !featureType(value, member.key == "typeA" ? typed.typeA : typed.typeB)) {
      return false;
    }
    if (member.key == "indexA") typed.indexA = static_cast<std::uint8_t>(*index);
    if (member.key == "indexB") typed.indexB = static_cast<std::uint8_t>(*index);
    found += isIndex || isType ? 1 : 0;
  }
  point.id = written + "}";
  if (found == 4) point.typedId = typed;
  return true;
}

bool point(std::string_view text, const ManifoldReading& reading, ReportedPoint& out) {
  Members m;
  if (!objectMembers(text, m) || !vec2Member(m, "point", out.point) ||
      !numberMember(m, "separation", out.separation)) {
    return false;
  }
  if (reading.pointNormals) {
    Vec2 normal;
    if (!vec2Member(m, "normal", normal)) return false;
    out.normal = normal;
  }
  const Member* id = find(m, "id");
  return !id || pointId(id->value, out);
}

bool contact(const Members& m, const ManifoldReading& reading, ManifoldRecord& record) {
  record.hasNormal = !reading.pointNormals || find(m, "normal");
  if (record.hasNormal && !vec2Member(m, "normal", record.manifold.normal)) return false;
  const Member* points = find(m, "points");
  Elements texts;
  if (!points || !whole(points->value, [&](Plain& p) { return p.elements(texts); }) ||
      texts.size() > static_cast<std::size_t>(std::max(reading.maxPoints, 0))) {
    return false;
  }
  for (const std::string_view text : texts) {
    ReportedPoint p;
    if (!point(text, reading, p)) return false;
    if (!p.typedId) record.hasIds = false;
    record.points.push_back(std::move(p));
  }
  Manifold& manifold = record.manifold;
  manifold.pointCount = static_cast<int>(std::min<std::size_t>(record.points.size(), 2));
  for (int i = 0; i < manifold.pointCount; ++i) {
    const ReportedPoint& p = record.points[static_cast<std::size_t>(i)];
    manifold.points[i] = {p.point, p.separation, p.typedId.value_or(FeatureId{})};
  }
  if (!record.hasNormal && !record.points.empty()) {
    manifold.normal = record.points.front().normal.value_or(Vec2{});
  }
  return true;
}

bool status(std::string_view name, Status& out) {
  for (const Status s : {Status::contact, Status::noContact, Status::unsupported, Status::error}) {
    if (statusName(s) == name) {
      out = s;
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<Case> readPlainCase(std::string_view line) {
  Case c;
  bool hasA = false, hasB = false;
  Plain p(line);
  const bool read = p.eachMember([&](std::string_view key, Plain& value) {
    if (key == "id") {
      std::string_view id;
      if (!value.string(id)) return false;
      c.id = std::string(id);
      return true;
    }
    if (key == "movedFrom") {
      std::string_view moved;
      if (!value.string(moved)) return false;
      c.movedFrom = std::string(moved);
      return true;
    }
    if (key == "a") return (hasA = true) && shape(value, c.a);
    if (key == "b") return (hasB = true) && shape(value, c.b);
    if (key == "xfA") return transform(value, c.xfA);
    if (key == "xfB") return transform(value, c.xfB);
    return value.skip();
  });
  if (!read || !p.atEnd() || !hasA || !hasB) return std::nullopt;
  return c;
}

std::optional<ManifoldRecord> readPlainManifold(std::string_view line,
                                                const ManifoldReading& reading) {
  Members m;
  ManifoldRecord record;
  const Member* statusMember = nullptr;
  std::string_view statusText;
  if (!objectMembers(line, m) || !id(m, record.id) || !optionalString(m, "engine", record.engine) ||
      !optionalString(m, "conventions", record.conventions) ||
      !optionalString(m, "reason", record.reason) || !(statusMember = find(m, "status")) ||
      !plainString(statusMember->value, statusText) ||
      !status(statusText, record.manifold.status)) {
    return std::nullopt;
  }
  if (record.manifold.status == Status::contact && !contact(m, reading, record)) {
    return std::nullopt;
  }
  return record;
}

}  // namespace touche::jsonl_detail
