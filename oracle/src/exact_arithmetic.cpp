// touche oracle — the error analysis of exact_arithmetic.h.
#include "exact_arithmetic.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace touche::oracle::exact {
namespace {

/// The precision's significand bits and smallest normal exponent.
struct Format {
  int bits;
  int minExponent;
  const char* name;
};

Format formatOf(Precision p) {
  if (p == Precision::float32) return {std::numeric_limits<float>::digits, -126, "float"};
  return {std::numeric_limits<double>::digits, -1022, "double"};
}

/// A nonzero finite double as m·2^low with m odd, and 2^high > |x| ≥ 2^(high−1).
struct Bits {
  int low = 0;
  int high = 0;
};

Bits bitsOf(double x) {
  int exponent = 0;
  const double fraction = std::frexp(std::fabs(x), &exponent);  // in [0.5, 1)
  const auto significand = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
  return {exponent - 53 + std::countr_zero(significand), exponent};
}

/// Whether normalising an axis-aligned edge of `length` gives exactly 1 in the precision, by
/// both usual formulas: length/length (always 1) and length · (1/length), after
/// √(length²) (exact when length² is).
template <typename T>
bool normalisesExactly(double length) {
  const T l = static_cast<T>(length);
  if (static_cast<double>(l) != length) return false;
  const T square = l * l;
  if (static_cast<double>(square) != length * length) return false;
  const T inverse = T(1) / std::sqrt(square);
  return l * inverse == T(1);
}

bool normalisesExactly(double length, Precision p) {
  return p == Precision::float32 ? normalisesExactly<float>(length)
                                 : normalisesExactly<double>(length);
}

bool quarterTurn(const Rot& q) {
  return (std::fabs(q.c) == 1.0 && q.s == 0.0) || (q.c == 0.0 && std::fabs(q.s) == 1.0);
}

/// The edges of a polygon or segment, and a capsule's core, in local coordinates.
std::vector<std::pair<Vec2, Vec2>> edgesOf(const Shape& s) {
  std::vector<std::pair<Vec2, Vec2>> edges;
  if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      edges.emplace_back(p->vertices[i], p->vertices[(i + 1) % p->count]);
  } else if (const auto* seg = std::get_if<Segment>(&s)) {
    edges.emplace_back(seg->p1, seg->p2);
  } else if (const auto* capsule = std::get_if<Capsule>(&s)) {
    edges.emplace_back(capsule->p1, capsule->p2);
  }
  return edges;
}

std::string name(bool onA) {
  return onA ? "A" : "B";
}

/// The shape's radius as the engine has it: a circle's or capsule's, a polygon's plus the skin,
/// a segment's skin.
double radiusOf(const Shape& s, double skin) {
  if (const auto* c = std::get_if<Circle>(&s)) return c->radius;
  if (const auto* k = std::get_if<Capsule>(&s)) return k->radius;
  if (const auto* p = std::get_if<Polygon>(&s)) return p->radius + skin;
  return skin;
}

/// The inputs every computed quantity is made of.
std::vector<double> inputsOf(const Case& c, double skin, double margin) {
  std::vector<double> values = {c.xfA.p.x, c.xfA.p.y, c.xfB.p.x, c.xfB.p.y, margin};
  for (const Shape* s : {&c.a, &c.b}) {
    for (const auto& [p, q] : edgesOf(*s)) {
      values.insert(values.end(), {p.x, p.y, q.x, q.y});
    }
    if (const auto* circle = std::get_if<Circle>(s)) {
      values.insert(values.end(), {circle->center.x, circle->center.y});
    }
    values.push_back(radiusOf(*s, skin));
  }
  return values;
}

bool isRound(const Shape& s) {
  return std::holds_alternative<Circle>(s) || std::holds_alternative<Capsule>(s);
}

/// The first reason a shape, rotation or face is outside the analysis, or "".
std::string shapesOutside(const Case& c, const EngineArithmetic& engine) {
  for (const bool onA : {true, false}) {
    const Shape& s = onA ? c.a : c.b;
    const ShapeType t = typeOf(s);
    if (t == ShapeType::chainSegment) {
      return name(onA) + " is a chain segment: its one-sided rules have boundaries of their own";
    }
    if (t == ShapeType::circle && engine.circleSegments >= 3) {
      return name(onA) + " is a circle the engine replaces by a polygon (circleSegments)";
    }
    if (!quarterTurn(onA ? c.xfA.q : c.xfB.q)) {
      return name(onA) + "'s rotation is not a quarter turn given exactly";
    }
    const char* what = t == ShapeType::capsule ? "a core" : "a face";
    for (const auto& [p, q] : edgesOf(s)) {
      const Vec2 e = q - p;
      if (e.x != 0.0 && e.y != 0.0) return name(onA) + " has " + what + " that is not axis-aligned";
      if (!normalisesExactly(std::fabs(e.x) + std::fabs(e.y), engine.precision)) {
        return name(onA) + " has " + what + " whose normal does not normalise exactly";
      }
    }
  }
  return "";
}

/// Whether some decision is a distance: a round shape, or a radius or margin on sharp shapes
/// that the engine does not decide on face axes only.
bool decidedOnADistance(const Case& c, const EngineArithmetic& engine) {
  if (isRound(c.a) || isRound(c.b)) return true;
  const bool rounded = engine.margin != 0.0 || radiusOf(c.a, engine.skin) != 0.0 ||
                       radiusOf(c.b, engine.skin) != 0.0;
  return rounded && !engine.faceAxesOnly;
}

}  // namespace

ExactArithmetic exactArithmetic(const Case& c, const EngineArithmetic& engine,
                                const TouchFacts& touch) {
  const Format f = formatOf(engine.precision);
  if (std::string outside = shapesOutside(c, engine); !outside.empty()) return {false, outside};
  int low = std::numeric_limits<int>::max(), high = std::numeric_limits<int>::min();
  for (const double x : inputsOf(c, engine.skin, engine.margin)) {
    if (x == 0.0) continue;
    const Bits b = bitsOf(x);
    low = std::min(low, b.low);
    high = std::max(high, b.high);
  }
  if (low > high) low = high = 0;  // every input zero
  const int needed = high + 4 - low;
  if (needed > f.bits || low < f.minExponent) {
    return {false, "the inputs need " + std::to_string(needed) + " bits on a grid of 2^" +
                       std::to_string(low) + ", more than " + f.name + "'s " +
                       std::to_string(f.bits)};
  }
  std::string distances;
  if (decidedOnADistance(c, engine)) {
    // In units of 2^low: differences below 2^n, squared distances below 2^(2n+1), and any
    // few-rounding formula errs by less than half the least distance from the radius sum.
    const int n = high + 3 - low;
    if (2 * n + 6 > f.bits) {
      return {false, "a decision is a distance, and its squares need " + std::to_string(2 * n + 6) +
                         " bits on a grid of 2^" + std::to_string(low) + " (differences below 2^" +
                         std::to_string(high + 3) + "), more than " + f.name + "'s " +
                         std::to_string(f.bits)};
    }
    if (touch.touching && touch.closestDirection && touch.closestDirection->x != 0.0 &&
        touch.closestDirection->y != 0.0) {
      return {false,
              "the shapes touch exactly along a direction that is not axis-aligned: its "
              "normal does not normalise exactly"};
    }
    distances = "; in units of 2^" + std::to_string(low) +
                " squared distances are integers below 2^" + std::to_string(2 * n + 1) +
                ", exact, a distance apart from a touch is farther from the radius sum than a "
                "few roundings reach, and " +
                (touch.touching ? std::string("the touch is along an axis")
                                : std::string("the shapes do not touch exactly"));
  }
  return {true, "the engine's " + std::string(f.name) +
                    " arithmetic is exact on this case: every input is a multiple of 2^" +
                    std::to_string(low) + " below 2^" + std::to_string(high) +
                    ", so transformed coordinates, their differences and the separations (below "
                    "2^" +
                    std::to_string(high + 4) + ") fit its " + std::to_string(f.bits) +
                    " bits; the rotations are quarter turns and every face is axis-aligned "
                    "with a normal that normalises exactly" +
                    distances};
}

}  // namespace touche::oracle::exact
