// touche — the response contract: validation (every field named, with its value) and the
// exchange of A and B (design notes §9).
#include "touche/core/response.h"

#include <algorithm>
#include <cmath>

#include "touche/core/validate.h"

namespace touche {
namespace {

std::optional<InputError> checkNonNegative(double value, const Field& field,
                                           std::string_view what) {
  if (auto e = validateNumber(value, field)) return e;
  if (value < 0.0) {
    return InputError{field.str(),
                      shortestDecimal(value) + " is negative; " + std::string(what) + " is ≥ 0"};
  }
  return std::nullopt;
}

std::optional<InputError> checkBody(const Body& body, std::string_view prefix) {
  if (auto e = checkNonNegative(body.invMass, Field{prefix, "invMass"}, "an inverse mass")) {
    return e;
  }
  if (auto e =
          checkNonNegative(body.invInertia, Field{prefix, "invInertia"}, "an inverse inertia")) {
    return e;
  }
  if (auto e = validatePoint(body.center, Field{prefix, "center"})) return e;
  if (auto e = validatePoint(body.velocity, Field{prefix, "velocity"})) return e;
  return validateNumber(body.angularVelocity, Field{prefix, "angularVelocity"});
}

std::optional<InputError> checkManifold(const Manifold& m) {
  if (m.pointCount < 0 || m.pointCount > 2) {
    return InputError{"manifold.points", std::to_string(m.pointCount) + " points; at most 2"};
  }
  if (m.pointCount == 0) return std::nullopt;
  if (auto e = validatePoint(m.normal, Field{"manifold", "normal"})) return e;
  const double norm2 = m.normal.x * m.normal.x + m.normal.y * m.normal.y;
  if (!(std::fabs(norm2 - 1.0) <= kRotationUnitTolerance)) {
    // Built with append: GCC 12 at -O3 reports a false -Wrestrict on "(" + std::string.
    std::string message = "(";
    message.append(shortestDecimal(m.normal.x)).append(", ").append(shortestDecimal(m.normal.y));
    message.append(") is not unit: x² + y² = ").append(shortestDecimal(norm2));
    return InputError{"manifold.normal", message};
  }
  for (int i = 0; i < m.pointCount; ++i) {
    if (auto e = validatePoint(m.points[i].point, Field{"manifold", "points", i, "point"}))
      return e;
    if (auto e =
            validateNumber(m.points[i].separation, Field{"manifold", "points", i, "separation"})) {
      return e;
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view responseStatusName(ResponseStatus status) {
  return status == ResponseStatus::ok ? "ok" : "error";
}

std::optional<InputError> validateResponseCase(const ResponseCase& c) {
  if (auto e = checkBody(c.a, "a")) return e;
  if (auto e = checkBody(c.b, "b")) return e;
  if (c.a.invMass == 0.0 && c.b.invMass == 0.0) {
    return InputError{"b.invMass",
                      "0 with a.invMass 0: two static bodies cannot respond (the positional "
                      "correction divides by a.invMass + b.invMass)"};
  }
  if (auto e = checkManifold(c.manifold)) return e;
  if (auto e = checkNonNegative(c.restitution, Field{"", "restitution"}, "a restitution")) return e;
  if (auto e = checkNonNegative(c.friction, Field{"", "friction"}, "a friction coefficient")) {
    return e;
  }
  if (auto e = checkNonNegative(c.slop, Field{"", "slop"}, "a slop")) return e;
  if (auto e = checkNonNegative(c.percent, Field{"", "percent"}, "a correction percentage")) {
    return e;
  }
  if (auto e = checkNonNegative(c.restitutionThreshold, Field{"", "restitutionThreshold"},
                                "a restitution threshold")) {
    return e;
  }
  if (c.iterations < 1 || c.iterations > kMaxResponseIterations) {
    return InputError{"iterations", std::to_string(c.iterations) + " is not in [1, " +
                                        std::to_string(kMaxResponseIterations) + "]"};
  }
  return std::nullopt;
}

bool isResponseModel(std::string_view model) {
  return std::find(kResponseModels.begin(), kResponseModels.end(), model) != kResponseModels.end();
}

std::string responseModelList() {
  std::string list;
  for (std::string_view name : kResponseModels) {
    if (!list.empty()) list.append(", ");
    list.append(name);
  }
  return list;
}

InputError unknownResponseModel(std::string_view model) {
  std::string message = "\"";
  message.append(model).append("\" is not a model touche implements (");
  message.append(responseModelList()).append(")");
  return InputError{"model", message};
}

ResponseResult responseError(const InputError& error) {
  ResponseResult r;
  r.status = ResponseStatus::error;
  r.reason = error.describe();
  return r;
}

ResponseResult finiteOrError(const ResponseResult& r) {
  if (r.status != ResponseStatus::ok) return r;
  bool finite = true;
  for (const BodyResponse* b : {&r.a, &r.b}) {
    for (double x :
         {b->velocity.x, b->velocity.y, b->angularVelocity, b->correction.x, b->correction.y}) {
      finite = finite && std::isfinite(x);
    }
  }
  for (int i = 0; i < r.pointCount; ++i) {
    finite = finite && std::isfinite(r.impulses[i].normal) && std::isfinite(r.impulses[i].tangent);
  }
  if (finite) return r;
  return responseError(InputError{
      "case", "an output is beyond the double range (the inputs' ratios are too extreme)"});
}

ResponseResult respondWithoutPoints(const ResponseCase& c) {
  ResponseResult r;
  r.a = {c.a.velocity, c.a.angularVelocity, {}};
  r.b = {c.b.velocity, c.b.angularVelocity, {}};
  return r;
}

ResponseCase swapBodies(const ResponseCase& c) {
  ResponseCase s = c;
  s.a = c.b;
  s.b = c.a;
  s.manifold = swapRoles(c.manifold);
  return s;
}

ResponseResult swapBodies(const ResponseResult& r) {
  ResponseResult s = r;
  s.a = r.b;
  s.b = r.a;
  return s;
}

}  // namespace touche
