// touche — input validation with errors that name the field and the value.
//
// Polygon checks are exact: the orientation of three vertices is first computed in double with
// a forward error bound (the classic orient2d filter), and only when the sign is uncertain is
// it recomputed with rationals. So "strictly convex, counter-clockwise" here means exactly that.
#include "touche/core/validate.h"

#include <boost/multiprecision/gmp.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace touche {
namespace {

using Rational = boost::multiprecision::mpq_rational;

std::string decimal(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

// Built with append rather than `"(" + std::string`: GCC 12 at -O3 reports a false -Wrestrict
// on a string literal prepended to a temporary.
std::string point(Vec2 v) {
  std::string out = "(";
  out.append(decimal(v.x)).append(", ").append(decimal(v.y)).append(")");
  return out;
}

std::string path(std::string_view prefix, std::string_view field) {
  std::string out(prefix);
  if (!out.empty() && !field.empty() && field.front() != '[') out += '.';
  out += field;
  return out;
}

std::optional<InputError> checkNumber(double value, std::string field) {
  if (!std::isfinite(value)) {
    return InputError{std::move(field), decimal(value) + " is not a finite number"};
  }
  if (std::fabs(value) > kMaxCoordinate) {
    return InputError{std::move(field), decimal(value) + " (" + hexfloat(value) +
                                            ") exceeds the accepted magnitude 2^50"};
  }
  return std::nullopt;
}

/// checkNumber's verdict without its message: finite and at most 2^50 in magnitude.
bool numberIsValid(double value) {
  return std::fabs(value) <= kMaxCoordinate;  // NaN compares false
}

std::optional<InputError> checkPoint(Vec2 v, const std::string& field) {
  if (auto e = checkNumber(v.x, field + "[0]")) return e;
  return checkNumber(v.y, field + "[1]");
}

std::optional<InputError> checkPoint(Vec2 v, const Field& field) {
  if (numberIsValid(v.x) && numberIsValid(v.y)) return std::nullopt;
  return checkPoint(v, field.str());
}

std::optional<InputError> checkNumber(double value, const Field& field) {
  if (numberIsValid(value)) return std::nullopt;
  return checkNumber(value, field.str());
}

std::optional<InputError> checkRadius(double radius, const Field& field) {
  if (numberIsValid(radius) && radius >= 0.0) return std::nullopt;
  if (auto e = checkNumber(radius, field.str())) return e;
  return InputError{field.str(), decimal(radius) + " is negative; a radius is ≥ 0"};
}

/// Sign of cross(b − a, c − a): +1 left turn (counter-clockwise), −1 right turn, 0 collinear.
int orientation(Vec2 a, Vec2 b, Vec2 c) {
  const double left = (b.x - a.x) * (c.y - a.y);
  const double right = (b.y - a.y) * (c.x - a.x);
  const double det = left - right;
  const double detSum = std::fabs(left) + std::fabs(right);
  // Shewchuk's ccwerrboundA; trusted only away from the underflow range.
  constexpr double eps = std::numeric_limits<double>::epsilon() / 2;
  const double bound = (3.0 + 16.0 * eps) * eps * detSum;
  if (detSum > 0x1p-900 && std::fabs(det) > bound) return det > 0 ? 1 : -1;
  const Rational exact =
      (Rational(b.x) - a.x) * (Rational(c.y) - a.y) - (Rational(b.y) - a.y) * (Rational(c.x) - a.x);
  return exact.sign();
}

std::optional<InputError> checkPolygonVertices(const Polygon& polygon, std::string_view prefix) {
  if (polygon.count < 3 || polygon.count > kMaxPolygonVertices) {
    return InputError{path(prefix, "vertices"),
                      std::to_string(polygon.count) + " vertices; a polygon needs 3 to 8"};
  }
  for (int i = 0; i < polygon.count; ++i) {
    if (auto e = checkPoint(polygon.vertices[i], Field{prefix, "vertices", i})) return e;
  }
  for (int j = 1; j < polygon.count; ++j) {
    for (int i = 0; i < j; ++i) {
      if (polygon.vertices[i] == polygon.vertices[j]) {
        return InputError{
            Field{prefix, "vertices", j}.str(),
            point(polygon.vertices[j]) + " duplicates " + Field{prefix, "vertices", i}.str()};
      }
    }
  }
  return std::nullopt;
}

std::optional<InputError> checkPolygonShape(const Polygon& polygon, std::string_view prefix) {
  const Field field{prefix, "vertices"};
  const int n = polygon.count;
  const auto& v = polygon.vertices;
  int negative = -1;
  int positiveCount = 0;
  for (int i = 0; i < n; ++i) {
    const int turn = orientation(v[(i + n - 1) % n], v[i], v[(i + 1) % n]);
    if (turn == 0) {
      return InputError{Field{prefix, "vertices", i}.str(),
                        point(v[i]) + " is collinear with its neighbours"};
    }
    if (turn > 0) ++positiveCount;
    if (turn < 0 && negative < 0) negative = i;
  }
  if (positiveCount == 0) {
    return InputError{field.str(), "the polygon is clockwise; list its vertices counter-clockwise"};
  }
  if (negative >= 0) {
    return InputError{Field{prefix, "vertices", negative}.str(),
                      point(v[negative]) + " is a reflex corner; the polygon is not convex"};
  }
  // All turns are left; a convex polygon also winds exactly once: every vertex lies strictly
  // to the left of every edge it is not on (this rejects stars such as a pentagram).
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) {
      if (k == i || k == (i + 1) % n) continue;
      if (orientation(v[i], v[(i + 1) % n], v[k]) <= 0) {
        return InputError{field.str(), "the polygon winds more than once (self-intersecting)"};
      }
    }
  }
  return std::nullopt;
}

std::optional<InputError> validate(const Circle& circle, std::string_view prefix) {
  if (auto e = checkPoint(circle.center, Field{prefix, "center"})) return e;
  return checkRadius(circle.radius, Field{prefix, "radius"});
}

std::optional<InputError> validate(const Capsule& capsule, std::string_view prefix) {
  if (auto e = checkPoint(capsule.p1, Field{prefix, "p1"})) return e;
  if (auto e = checkPoint(capsule.p2, Field{prefix, "p2"})) return e;
  return checkRadius(capsule.radius, Field{prefix, "radius"});
}

std::optional<InputError> validate(const Segment& segment, std::string_view prefix) {
  if (auto e = checkPoint(segment.p1, Field{prefix, "p1"})) return e;
  if (auto e = checkPoint(segment.p2, Field{prefix, "p2"})) return e;
  if (segment.p1 == segment.p2) {
    return InputError{path(prefix, "p2"), point(segment.p2) + " equals p1: zero-length segment"};
  }
  return std::nullopt;
}

std::optional<InputError> validate(const ChainSegment& chain, std::string_view prefix) {
  if (auto e = checkPoint(chain.ghost1, Field{prefix, "ghost1"})) return e;
  if (auto e = checkPoint(chain.p1, Field{prefix, "p1"})) return e;
  if (auto e = checkPoint(chain.p2, Field{prefix, "p2"})) return e;
  if (auto e = checkPoint(chain.ghost2, Field{prefix, "ghost2"})) return e;
  if (chain.p1 == chain.p2) {
    return InputError{path(prefix, "p2"), point(chain.p2) + " equals p1: zero-length segment"};
  }
  return std::nullopt;
}

std::optional<InputError> validate(const Polygon& polygon, std::string_view prefix) {
  if (auto e = checkPolygonVertices(polygon, prefix)) return e;
  if (auto e = checkRadius(polygon.radius, Field{prefix, "radius"})) return e;
  return checkPolygonShape(polygon, prefix);
}

}  // namespace

std::string Field::str() const {
  std::string out = path(prefix, name);
  if (index >= 0) out.append("[").append(std::to_string(index)).append("]");
  if (!member.empty()) out.append(".").append(member);
  return out;
}

std::string hexfloat(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", value);
  return buffer;
}

std::optional<InputError> validateShape(const Shape& shape, std::string_view prefix) {
  return std::visit([prefix](const auto& s) { return validate(s, prefix); }, shape);
}

std::optional<InputError> validateTransform(const Transform& xf, std::string_view prefix) {
  if (auto e = checkPoint(xf.p, Field{prefix, "p"})) return e;
  if (auto e = checkPoint(Vec2{xf.q.c, xf.q.s}, Field{prefix, "q"})) return e;
  const double norm2 = xf.q.c * xf.q.c + xf.q.s * xf.q.s;
  if (!(std::fabs(norm2 - 1.0) <= kRotationUnitTolerance)) {
    return InputError{path(prefix, "q"), "rotation " + point({xf.q.c, xf.q.s}) +
                                             " is not unit: c² + s² = " + decimal(norm2)};
  }
  return std::nullopt;
}

std::optional<InputError> validateOptions(const Options& options) {
  if (auto e = checkNumber(options.margin, "margin")) return e;
  if (options.margin < 0.0) {
    return InputError{"margin", decimal(options.margin) + " is negative; a margin is ≥ 0"};
  }
  return std::nullopt;
}

std::optional<InputError> validateInput(const Shape& a, const Transform& xfA, const Shape& b,
                                        const Transform& xfB, const Options& options) {
  if (auto e = validateShape(a, "a")) return e;
  if (auto e = validateTransform(xfA, "xfA")) return e;
  if (auto e = validateShape(b, "b")) return e;
  if (auto e = validateTransform(xfB, "xfB")) return e;
  return validateOptions(options);
}

std::string shortestDecimal(double value) {
  return decimal(value);
}

std::optional<InputError> validateNumber(double value, std::string field) {
  return checkNumber(value, std::move(field));
}

std::optional<InputError> validatePoint(Vec2 v, const std::string& field) {
  return checkPoint(v, field);
}

std::optional<InputError> validateNumber(double value, const Field& field) {
  return checkNumber(value, field);
}

std::optional<InputError> validatePoint(Vec2 v, const Field& field) {
  return checkPoint(v, field);
}

int orient2d(Vec2 a, Vec2 b, Vec2 c) {
  return orientation(a, b, c);
}

}  // namespace touche
