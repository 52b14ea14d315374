// touche — the response contract (design notes §9, docs/conventions.md "Response").
//
// A response case is two rigid bodies, the manifold between them (touche's: normal from A to B)
// and the coefficients of the impulse model; a response result is what a solver makes of it:
// one normal and one tangent impulse per manifold point, each body's velocities after the
// impulses and the positional correction of each body's centre. A body with inverse mass and
// inverse inertia 0 is static (it may still move: kinematic); two bodies with inverse mass 0
// are an error, since the correction divides by the sum of the inverse masses.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "touche/core/manifold.h"
#include "touche/core/validate.h"

namespace touche {

/// One rigid body as the response sees it. Inverse mass and inverse inertia are ≥ 0.
struct Body {
  double invMass = 0.0;
  double invInertia = 0.0;
  Vec2 center;  ///< world frame: where r = point − center is measured from
  Vec2 velocity;
  double angularVelocity = 0.0;  ///< counter-clockwise, radians per unit time
  friend bool operator==(const Body&, const Body&) = default;
};

/// The response query: bodies A and B, the manifold (normal A → B) and the model's coefficients.
struct ResponseCase {
  std::string id;
  Body a;
  Body b;
  Manifold manifold;
  double restitution = 0.0;  ///< e ≥ 0
  double friction = 0.0;     ///< μ ≥ 0
  double slop = 0.0;         ///< penetration allowed before correction, ≥ 0
  double percent = 0.0;      ///< fraction of the remaining penetration corrected, ≥ 0
  /// box2d-sequential and box2d-block only: restitution acts at a point only when its approach
  /// speed −v_rel·n exceeds this, ≥ 0 (Box2D 2.4.1's default velocity threshold, 1).
  double restitutionThreshold = 1.0;
  /// box2d-sequential and box2d-block only: velocity iterations, a whole number in
  /// [1, kMaxResponseIterations].
  int iterations = 8;
};

/// The most velocity iterations a case may ask for (the exact reference's rationals grow with
/// every iteration).
inline constexpr int kMaxResponseIterations = 64;

/// The two impulses at one manifold point: `normal` along n, `tangent` the signed impulse along
/// the unit tangent t that follows the slip (so a friction impulse is ≤ 0).
struct PointImpulse {
  double normal = 0.0;
  double tangent = 0.0;
  friend bool operator==(const PointImpulse&, const PointImpulse&) = default;
};

/// One body after the response: velocities after every impulse, and the translation of its
/// centre by the positional correction.
struct BodyResponse {
  Vec2 velocity;
  double angularVelocity = 0.0;
  Vec2 correction;
  friend bool operator==(const BodyResponse&, const BodyResponse&) = default;
};

enum class ResponseStatus : std::uint8_t { ok, error };
std::string_view responseStatusName(ResponseStatus status);  // "ok", "error"

/// A solver's answer. `pointCount` impulses, one per manifold point, in order.
struct ResponseResult {
  ResponseStatus status = ResponseStatus::ok;
  int pointCount = 0;
  std::array<PointImpulse, 2> impulses{};
  BodyResponse a;
  BodyResponse b;
  std::string reason;  ///< for an error: the field and why
};

/// The names of the models of §9 touche implements: source 003's one pass per point;
/// Box2D 2.4.1's sequential impulses (accumulated, clamped, `iterations` passes, friction
/// before the normal impulse, no warm starting, no positional correction), point by point; and
/// the same with the simultaneous two-point solve Box2D 2.4.1 ships with (its block solver:
/// a two-point manifold's normal impulses solved together as a 2×2 linear complementarity
/// problem, or its second point dropped when the pair is ill-conditioned).
inline constexpr std::string_view kModelSource003 = "source-003";
inline constexpr std::string_view kModelBox2DSequential = "box2d-sequential";
inline constexpr std::string_view kModelBox2DBlock = "box2d-block";
/// Every model above, in that order.
inline constexpr std::array<std::string_view, 3> kResponseModels{
    kModelSource003, kModelBox2DSequential, kModelBox2DBlock};
/// Box2D 2.4.1's bound on the condition number of a two-point manifold's 2×2 effective mass K
/// for the block solve: with k11² ≥ 1000·det K the two points are redundant and only the first
/// is solved (model box2d-block).
inline constexpr double kBlockMaxConditionNumber = 1000.0;
/// True for a model name above.
bool isResponseModel(std::string_view model);
/// The model names, comma separated ("source-003, box2d-sequential, box2d-block").
std::string responseModelList();
/// The error for a model touche does not implement (field "model", the known names listed).
InputError unknownResponseModel(std::string_view model);

/// A response line as read or written: the result with the engine and the model it declares.
struct ResponseRecord {
  std::string id;
  std::string engine;
  std::string model;
  ResponseResult result;
};

/// Checks every field: finite and within kMaxCoordinate; inverse mass, inverse inertia,
/// restitution, friction, slop, percent and restitutionThreshold ≥ 0; iterations in
/// [1, kMaxResponseIterations]; the manifold's normal unit within
/// kRotationUnitTolerance when it has points; not both inverse masses 0. The error names the
/// field ("b.invMass", "manifold.points[1].separation") and quotes the value.
std::optional<InputError> validateResponseCase(const ResponseCase& c);

/// A result of status error carrying the validation message.
ResponseResult responseError(const InputError& error);

/// The result itself when every output is finite; else an error naming "case": valid inputs of
/// extreme ratios (masses 2^±1000 apart, restitution near 2^50) can drive a velocity beyond the
/// double range, and no engine answers with ±inf or NaN.
ResponseResult finiteOrError(const ResponseResult& r);

/// The answer to a case without manifold points: velocities unchanged, no impulse, no
/// correction (the normal of a `no_contact` manifold is never read).
ResponseResult respondWithoutPoints(const ResponseCase& c);

/// The same query with A and B exchanged: the normal negated, feature ids swapped.
ResponseCase swapBodies(const ResponseCase& c);
/// A result seen with A and B exchanged (impulses are unchanged: both are measured along the
/// swapped case's own n and t).
ResponseResult swapBodies(const ResponseResult& r);

}  // namespace touche
