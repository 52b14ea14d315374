// touche — input validation. Every engine entry point validates (or takes shapes that were
// validated when they were prepared). Errors name the field and the value, e.g.
//   a.vertices[2]: (0x1p+0, 0x1p+0) duplicates a.vertices[1]
// Decisions here are exact (orientation tests fall back to rationals), so a polygon accepted
// here is strictly convex and counter-clockwise in exact arithmetic.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "touche/core/geometry.h"
#include "touche/core/options.h"
#include "touche/core/shapes.h"

namespace touche {

/// Largest accepted magnitude of any coordinate, radius or margin: 2^50 (≈1.13e15). Keeps
/// every product the engines form far from overflow, in float and in double.
inline constexpr double kMaxCoordinate = 0x1p50;

/// How far a rotation's c² + s² may be from 1 (rotations from cos/sin of an angle, or rounded
/// through float, pass).
inline constexpr double kRotationUnitTolerance = 0x1p-20;

struct InputError {
  std::string field;    ///< e.g. "a.vertices[2]", "xfB.q", "margin"
  std::string message;  ///< human-readable, names the value (hexfloat where exactness matters)
  std::string describe() const { return field + ": " + message; }
};

/// A field's path, built only when an error names it (validation runs on every engine call:
/// a valid input allocates no strings): prefix.name, then [index] when index ≥ 0, then .member
/// when there is one ("manifold.points[1].separation"). The views must outlive the Field.
struct Field {
  std::string_view prefix;
  std::string_view name;
  int index = -1;
  std::string_view member = {};

  std::string str() const;
};

/// `prefix` is the field path of the value being checked, e.g. "a" or "xfB".
std::optional<InputError> validateShape(const Shape& shape, std::string_view prefix);
std::optional<InputError> validateTransform(const Transform& xf, std::string_view prefix);
std::optional<InputError> validateOptions(const Options& options);
/// The shortest decimal that reads back as `value` ("NaN", "inf", "-inf" for those): how every
/// error quotes a number.
std::string shortestDecimal(double value);
/// A finite number no larger in magnitude than kMaxCoordinate, named `field` in the error: the
/// check every number of a case, a cast and a response passes.
std::optional<InputError> validateNumber(double value, std::string field);
/// Both components of v, named `field`[0] and `field`[1].
std::optional<InputError> validatePoint(Vec2 v, const std::string& field);
/// validateNumber and validatePoint with the field's path built only for an error.
std::optional<InputError> validateNumber(double value, const Field& field);
std::optional<InputError> validatePoint(Vec2 v, const Field& field);
/// Validates a, xfA, b, xfB and options with prefixes "a", "xfA", "b", "xfB", "margin".
std::optional<InputError> validateInput(const Shape& a, const Transform& xfA, const Shape& b,
                                        const Transform& xfB, const Options& options);

/// Exact sign of cross(b − a, c − a): +1 a left turn (counter-clockwise), −1 a right turn, 0
/// collinear. Filtered in double (Shewchuk's error bound), rationals when that is uncertain.
int orient2d(Vec2 a, Vec2 b, Vec2 c);

/// Formats a double as a C99 hexfloat ("0x1.8p+1"), exact.
std::string hexfloat(double value);

}  // namespace touche
