// touche test support — the plain readers (core/src/jsonl_plain.cpp) against the document
// readers: what each reads from a line, every field as text and every double by its bits (so
// that -0.0 is not 0.0), and where they disagree. Used by tests/core/jsonl_plain_test.cpp and
// the fuzz target fuzz/jsonl_plain_target.cpp; the includer needs core/src on its path.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "jsonl_detail.h"
#include "touche/core/jsonl.h"

namespace touche::test {

/// Fields written one after another; a double as its bits.
class Bits {
 public:
  Bits& operator<<(double x) {
    text_ += std::to_string(std::bit_cast<std::uint64_t>(x)) + " ";
    return *this;
  }
  Bits& operator<<(Vec2 v) { return *this << v.x << v.y; }
  Bits& operator<<(const std::string& s) {
    text_ += "'" + s + "' ";
    return *this;
  }
  Bits& operator<<(int n) {
    text_ += std::to_string(n) + " ";
    return *this;
  }
  Bits& operator<<(const FeatureId& id) {
    return *this << static_cast<int>(id.typeA) << static_cast<int>(id.indexA)
                 << static_cast<int>(id.typeB) << static_cast<int>(id.indexB);
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

inline std::string bits(const Shape& shape) {
  Bits b;
  b << static_cast<int>(shape.index());
  if (const auto* c = std::get_if<Circle>(&shape)) b << c->center << c->radius;
  if (const auto* k = std::get_if<Capsule>(&shape)) b << k->p1 << k->p2 << k->radius;
  if (const auto* s = std::get_if<Segment>(&shape)) b << s->p1 << s->p2;
  if (const auto* s = std::get_if<ChainSegment>(&shape))
    b << s->ghost1 << s->p1 << s->p2 << s->ghost2;
  if (const auto* p = std::get_if<Polygon>(&shape)) {
    b << p->count << p->radius;
    for (const Vec2 v : p->vertices)
      b << v;
  }
  return b.text();
}

inline std::string bits(const Case& c) {
  Bits b;
  b << c.id << c.movedFrom << bits(c.a) << bits(c.b) << c.xfA.p << c.xfA.q.c << c.xfA.q.s << c.xfB.p
    << c.xfB.q.c << c.xfB.q.s;
  return b.text();
}

inline std::string bits(const ManifoldRecord& r) {
  Bits b;
  const Manifold& m = r.manifold;
  b << r.id << r.engine << r.conventions << r.reason << static_cast<int>(r.hasIds)
    << static_cast<int>(r.hasNormal) << static_cast<int>(m.status) << m.normal << m.pointCount
    << static_cast<int>(m.flags);
  for (const ManifoldPoint& p : m.points)
    b << p.point << p.separation << p.id;
  for (const ReportedPoint& p : r.points) {
    b << p.point << p.separation << static_cast<int>(p.normal.has_value())
      << p.normal.value_or(Vec2{}) << p.id << static_cast<int>(p.typedId.has_value())
      << p.typedId.value_or(FeatureId{}) << p.idError;
  }
  return b.text();
}

/// What a reader made of a line: its value's bits, or its error.
template <class T>
std::string outcome(const std::variant<T, InputError>& read) {
  if (const auto* e = std::get_if<InputError>(&read)) return "error: " + e->describe();
  return bits(std::get<T>(read));
}

/// How the readers of one kind of line did on it.
struct Agreement {
  bool plain = false;     ///< the plain reader read it
  bool document = false;  ///< the document reader read it
  std::string mismatch;   ///< "" when parseCase/parseManifold (plain first) read what it read
};

inline Agreement caseAgreement(std::string_view line) {
  Agreement a;
  const auto document = jsonl_detail::parseCaseDocument(line);
  const auto read = parseCase(line);
  a.document = std::holds_alternative<Case>(document);
  if (outcome(read) != outcome(document)) {
    a.mismatch = "case: " + outcome(read) + " vs " + outcome(document);
  }
  const bool scanned = line.find('\0') == std::string_view::npos && line.size() <= kMaxLineBytes;
  a.plain = std::holds_alternative<Case>(read) && scanned &&
            jsonl_detail::readPlainCase(line).has_value();
  return a;
}

inline Agreement manifoldAgreement(std::string_view line, const ManifoldReading& reading) {
  Agreement a;
  const auto document = jsonl_detail::parseManifoldDocument(line, reading);
  const auto read = parseManifold(line, reading);
  a.document = std::holds_alternative<ManifoldRecord>(document);
  if (outcome(read) != outcome(document)) {
    a.mismatch = "manifold: " + outcome(read) + " vs " + outcome(document);
  }
  const bool scanned = line.find('\0') == std::string_view::npos && line.size() <= kMaxLineBytes;
  a.plain = std::holds_alternative<ManifoldRecord>(read) && scanned &&
            jsonl_detail::readPlainManifold(line, reading).has_value();
  return a;
}

}  // namespace touche::test
