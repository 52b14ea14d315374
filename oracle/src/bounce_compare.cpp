// touche — judgeBounce (bounce_compare.h).
#include "touche/oracle/bounce_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "touche/reference/bounce.h"

namespace touche::oracle {
namespace {

/// A number to three significant digits (a measured error or gap).
std::string number(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.3g", value);
  return buffer;
}

std::string coordinate(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.10g", value);
  return buffer;
}

std::string pointText(Vec2 v) {
  return "(" + coordinate(v.x) + ", " + coordinate(v.y) + ")";
}

std::string featureText(const BounceFeature& f) {
  if (f.hit == BounceHit::none) return "nothing";
  std::string out =
      f.hit == BounceHit::wall ? "wall " : "obstacle " + std::to_string(f.polygon) + " ";
  out += f.type == FeatureType::face ? "face " : "vertex ";
  return out + std::to_string(f.index);
}

bool finite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}

bool finite(const BounceLeg& leg) {
  return finite(leg.start) && finite(leg.end) && finite(leg.direction) && finite(leg.normal) &&
         std::isfinite(leg.length);
}

Vec2 unitOf(Vec2 v) {
  const double l = std::hypot(v.x, v.y);
  return l > 0 ? Vec2{v.x / l, v.y / l} : Vec2{0, 0};
}

/// A feature that exists in the scene (its polygon and index in range).
bool exists(const BounceScene& scene, const BounceFeature& f) {
  if (f.hit == BounceHit::none) return true;
  if (f.hit == BounceHit::obstacle && f.polygon >= scene.obstacles.size()) return false;
  return f.index < polygonOf(scene, f).size();
}

/// The tolerances of one judgement.
struct Context {
  const BounceScene& scene;
  const BounceConventions& conv;
  double scale;
  double unit;  ///< epsilon × scale
  double band;  ///< tieBandUnits × unit
};

/// The unit the tolerances count in: "ε·scale = 2^-52 × 340 = 7.55e-14".
std::string unitText(const Context& ctx) {
  return "ε·scale = 2^" + std::to_string(std::ilogb(ctx.conv.epsilon)) + " × " + number(ctx.scale) +
         " = " + number(ctx.unit);
}

/// An error counted in units against its allowance, the unit named: "9.37e+09 units of
/// ε·scale, weighted by the incidence 1 (ε·scale = 2^-52 × 340 = 7.55e-14); at most 64".
std::string unitsText(const Context& ctx, double units, double incidence) {
  return number(units) + " units of ε·scale, weighted by the incidence " + number(incidence) +
         " (" + unitText(ctx) + "); at most " + number(ctx.conv.lengthUnits) + " are allowed";
}

/// The tie band, a world length, and what it is: "the tie band 2.5e-12, 2^10 units of ε·scale =
/// 2^-52 × 11 = 2.44e-15".
std::string bandText(const Context& ctx) {
  return "the tie band " + number(ctx.band) + ", 2^" +
         std::to_string(std::ilogb(ctx.conv.tieBandUnits)) + " units of " + unitText(ctx);
}

/// How many epsilons of a normal's direction one rounding of the scale costs at this feature.
double lever(const Context& ctx, const BounceFeature& f) {
  if (f.type == FeatureType::vertex) return std::max(1.0, ctx.scale / ctx.scene.ball.radius);
  const std::vector<Vec2>& polygon = polygonOf(ctx.scene, f);
  const Vec2 e = polygon[(f.index + 1) % polygon.size()] - polygon[f.index];
  return std::max(1.0, ctx.scale / length(e));
}

/// The state a judged leg starts from, and what the last leg implies for it.
struct Expected {
  Vec2 start;
  Vec2 direction;
  double directionTolerance = 0;  ///< in radians (the sine of the angle)
  double remaining = 0;
};

BounceJudgement verdict(BounceOutcome outcome, std::size_t leg, std::string explanation) {
  BounceJudgement j;
  j.outcome = outcome;
  j.leg = leg;
  j.explanation = "leg " + std::to_string(leg) + ": " + std::move(explanation);
  j.legsJudged = leg;
  return j;
}

/// The foreign leg's direction: its own, or end − start (or the expected one for a point).
Vec2 directionOf(const BounceLeg& leg, const BounceLegFields& fields, const Expected& expected) {
  if (fields.direction) return leg.direction;
  const Vec2 travel = leg.end - leg.start;
  return travel == Vec2{0, 0} ? expected.direction : travel;
}

/// The contact the foreign leg names is a legitimate first contact within the band: its end on
/// its ray, touching the feature, reached without going deeper into any feature than the band
/// (deeper than at the start: a ball may start overlapping what it moves away from).
std::optional<std::string> illegitimateContact(const Context& ctx, const BounceLeg& leg,
                                               Vec2 heading) {
  const Vec2 travel = leg.end - leg.start;
  if (std::fabs(cross(travel, heading)) > ctx.band || dot(travel, heading) < -ctx.band) {
    return "its end " + pointText(leg.end) + " is off its ray";
  }
  if (leg.feature.hit != BounceHit::none) {
    const double touch = reference::approachGap(ctx.scene, leg.feature, leg.end, leg.end);
    if (std::fabs(touch) > ctx.band) {
      return "the ball at " + pointText(leg.end) + " is " + number(touch) + " from touching " +
             featureText(leg.feature) + ", beyond " + bandText(ctx);
    }
  }
  for (const BounceFeature& f : reference::bounceFeatures(ctx.scene)) {
    const double before = std::min(reference::approachGap(ctx.scene, f, leg.start, leg.start), 0.0);
    const double along = reference::approachGap(ctx.scene, f, leg.start, leg.end);
    if (along < before - ctx.band) {
      return "on its way the ball overlaps " + featureText(f) + " by " + number(-along) +
             ", beyond " + bandText(ctx);
    }
  }
  return std::nullopt;
}

/// Why a legitimate difference from the reference's leg is one: a tie, a graze, the limit.
std::string tieReason(const Context& ctx, const BounceLeg& leg, const BounceLeg& ref) {
  if (leg.feature.hit == BounceHit::none || ref.feature.hit == BounceHit::none) {
    return "the length limit: the contact is " + number(ref.gaps.length.value_or(0)) +
           " from it (" + featureText(ref.feature) + " against " + featureText(leg.feature) + "; " +
           bandText(ctx) + ")";
  }
  if (length(leg.end - ref.end) <= ctx.band) {
    return "a tie: " + featureText(ref.feature) + " and " + featureText(leg.feature) +
           " touch at the same point (feature gap " + number(ref.gaps.feature.value_or(0)) + "; " +
           bandText(ctx) + ")";
  }
  return "a graze: " + featureText(leg.feature) + " against the reference's " +
         featureText(ref.feature) + " (graze gap " + number(ref.gaps.graze.value_or(0)) + "; " +
         bandText(ctx) + ")";
}

/// The leg's end, normal and length against the reference's leg for the same feature.
std::optional<BounceJudgement> compareSameFeature(const Context& ctx, std::size_t k,
                                                  const BounceLeg& leg,
                                                  const BounceLegFields& fields,
                                                  const BounceLeg& ref, Vec2 heading) {
  const bool hit = ref.feature.hit != BounceHit::none;
  const double incidence = hit ? std::max(-dot(heading, ref.normal), 0x1p-30) : 1.0;
  const double endError = length(leg.end - ref.end) * incidence / ctx.unit;
  if (endError > ctx.conv.lengthUnits) {
    return verdict(BounceOutcome::wrongEnd, k,
                   "end " + pointText(leg.end) + " is " + number(length(leg.end - ref.end)) +
                       " from the reference's " + pointText(ref.end) + ": " +
                       unitsText(ctx, endError, incidence));
  }
  if (fields.length) {
    const double lengthError = std::fabs(leg.length - ref.length) * incidence / ctx.unit;
    if (lengthError > ctx.conv.lengthUnits) {
      return verdict(BounceOutcome::wrongLength, k,
                     "length " + coordinate(leg.length) + " is " +
                         number(std::fabs(leg.length - ref.length)) + " from the reference's " +
                         coordinate(ref.length) + ": " + unitsText(ctx, lengthError, incidence));
    }
  }
  if (hit && fields.normal) {
    double tolerance = ctx.conv.lengthUnits * ctx.conv.epsilon * lever(ctx, ref.feature);
    if (ref.feature.type == FeatureType::vertex) {
      tolerance += ctx.conv.lengthUnits * ctx.unit / (incidence * ctx.scene.ball.radius);
    }
    const double normalError = length(leg.normal - ref.normal);
    if (normalError > tolerance) {
      return verdict(BounceOutcome::wrongNormal, k,
                     "normal " + pointText(leg.normal) + " is " + number(normalError) +
                         " from the reference's " + pointText(ref.normal) + " (at most " +
                         number(tolerance) + ")");
    }
  }
  return std::nullopt;
}

/// A leg whose feature (or hit kind) differs from the reference's: a tie or a failure.
std::optional<BounceJudgement> compareOtherFeature(const Context& ctx, std::size_t k,
                                                   const BounceLeg& leg,
                                                   const BounceLegFields& fields,
                                                   const BounceLeg& ref, double remaining,
                                                   Vec2 heading) {
  const bool limitTie = ref.gaps.length && *ref.gaps.length <= ctx.band;
  const std::string expected = "expected " + featureText(ref.feature) + " at " +
                               pointText(ref.end) + ", got " + featureText(leg.feature) + " at " +
                               pointText(leg.end);
  if ((leg.feature.hit == BounceHit::none || ref.feature.hit == BounceHit::none) && !limitTie) {
    return verdict(BounceOutcome::wrongHit, k, expected);
  }
  if (leg.feature.hit == BounceHit::none) {
    const Vec2 limit = leg.start + remaining * heading;
    if (length(leg.end - limit) > ctx.conv.lengthUnits * ctx.unit) {
      return verdict(BounceOutcome::wrongEnd, k,
                     "end " + pointText(leg.end) +
                         " is not at the "
                         "length limit " +
                         pointText(limit));
    }
    return std::nullopt;
  }
  if (const auto problem = illegitimateContact(ctx, leg, heading)) {
    return verdict(BounceOutcome::wrongHit, k, expected + ": " + *problem);
  }
  if (fields.normal) {
    const Vec2 exact = reference::featureNormal(ctx.scene, leg.feature, leg.end);
    const double tolerance = ctx.conv.lengthUnits * ctx.conv.epsilon * lever(ctx, leg.feature);
    if (const double normalError = length(leg.normal - exact); normalError > tolerance) {
      return verdict(BounceOutcome::wrongNormal, k,
                     "normal " + pointText(leg.normal) + " is not " + featureText(leg.feature) +
                         "'s " + pointText(exact) + ": " + number(normalError) +
                         " from it (at most " + number(tolerance) + ")");
    }
  }
  return std::nullopt;
}

/// Where the next leg must start, and along which direction, after leg `leg`.
Expected nextExpected(const Context& ctx, const BounceLeg& leg, Vec2 heading, double remaining) {
  Expected next;
  next.start = leg.end;
  const Vec2 n = reference::featureNormal(ctx.scene, leg.feature, leg.end);
  next.direction = heading - (2 * dot(heading, n)) * n;
  next.directionTolerance = ctx.conv.lengthUnits * ctx.conv.epsilon * lever(ctx, leg.feature);
  next.remaining = remaining;
  return next;
}

/// How a path whose last leg is `last` (leg number k) may end: must it end (and how), may it
/// (a wall reached with no more than the band of length left: the engine's rounding decides
/// whether any is left), or must it go on.
struct Termination {
  std::optional<BounceStatus> status;  ///< how it ends, when it ends
  bool optional = false;               ///< it may also go on
};

Termination terminationAfter(const Context& ctx, const BounceLeg& last, std::size_t k,
                             double remaining) {
  if (last.feature.hit == BounceHit::none) return {BounceStatus::maxLength};
  if (last.feature.hit == BounceHit::obstacle) return {BounceStatus::obstacle};
  if (k == static_cast<std::size_t>(ctx.scene.maxBounces)) return {BounceStatus::maxBounces};
  if (remaining <= 0) return {BounceStatus::maxLength};
  if (remaining <= ctx.band) return {BounceStatus::maxLength, true};
  return {};
}

/// Leg k: its start and direction against what the last leg implies, then its contact.
std::optional<BounceJudgement> judgeLeg(const Context& ctx, std::size_t k, const BounceLeg& leg,
                                        const BounceLegFields& fields, const Expected& expected,
                                        std::optional<BounceJudgement>& firstTie) {
  if (!finite(leg)) return verdict(BounceOutcome::nonFinite, k, "a field is not finite");
  if (length(leg.start - expected.start) > ctx.band) {
    return verdict(BounceOutcome::wrongStart, k,
                   "starts at " + pointText(leg.start) + ", not at " + pointText(expected.start) +
                       ": " + number(length(leg.start - expected.start)) + " from it, beyond " +
                       bandText(ctx));
  }
  const Vec2 heading = unitOf(directionOf(leg, fields, expected));
  const Vec2 want = unitOf(expected.direction);
  double tolerance = expected.directionTolerance;
  if (!fields.direction) tolerance += ctx.band / std::max(length(leg.end - leg.start), ctx.band);
  if (heading == Vec2{0, 0} || std::fabs(cross(heading, want)) > tolerance ||
      dot(heading, want) <= 0) {
    return verdict(BounceOutcome::wrongDirection, k,
                   "direction " + pointText(heading) + " is not " + pointText(want) +
                       ": the sine of the angle between them is " +
                       number(std::fabs(cross(heading, want))) + " (at most " + number(tolerance) +
                       ")");
  }
  const reference::BounceStep step = reference::bounceLeg(
      ctx.scene, {leg.start, fields.direction ? leg.direction : heading, expected.remaining});
  const BounceLeg& ref = step.leg;
  if (!exists(ctx.scene, leg.feature)) {
    return verdict(BounceOutcome::wrongHit, k, featureText(leg.feature) + " is not in the scene");
  }
  if (leg.feature == ref.feature) return compareSameFeature(ctx, k, leg, fields, ref, heading);
  if (auto failure = compareOtherFeature(ctx, k, leg, fields, ref, expected.remaining, heading)) {
    return failure;
  }
  if (!firstTie) firstTie = verdict(BounceOutcome::agreeWithinTie, k, tieReason(ctx, leg, ref));
  return std::nullopt;
}

}  // namespace

BounceConventions bounceConventionsFor(std::string_view engine) {
  BounceConventions conv;
  conv.engine = std::string(engine);
  if (engine == "fast_float") conv.epsilon = 0x1p-23;
  return conv;
}

std::string_view bounceOutcomeName(BounceOutcome outcome) {
  static constexpr std::string_view kNames[] = {
      "agree",           "agree-within-tie", "status-mismatch", "wrong-start",
      "wrong-direction", "wrong-end",        "wrong-hit",       "wrong-normal",
      "wrong-length",    "missing-legs",     "extra-legs",      "non-finite"};
  return kNames[static_cast<int>(outcome)];
}

double bounceScale(const BounceScene& scene) {
  return std::max(largestCoordinate(scene), 1.0) + scene.ball.radius;
}

BounceJudgement judgeBounce(const BounceScene& scene, const BouncePath& actual,
                            const std::vector<BounceLegFields>& fields,
                            const BounceConventions& conventions) {
  const double scale = bounceScale(scene);
  const double unit = conventions.epsilon * scale;
  const Context ctx{scene, conventions, scale, unit, conventions.tieBandUnits * unit};
  if (actual.status == BounceStatus::error || actual.status == BounceStatus::unsupported ||
      actual.legs.empty()) {
    BounceJudgement j;
    j.outcome = actual.legs.empty() ? BounceOutcome::missingLegs : BounceOutcome::statusMismatch;
    j.explanation = "a valid scene, answered " + std::string(bounceStatusName(actual.status)) +
                    " with " + std::to_string(actual.legs.size()) + " legs";
    return j;
  }
  Expected expected{scene.ball.center, scene.ball.direction,
                    conventions.lengthUnits * conventions.epsilon, scene.maxLength};
  std::optional<BounceJudgement> firstTie;
  const BounceLegFields all;
  for (std::size_t k = 0; k < actual.legs.size(); ++k) {
    const BounceLeg& leg = actual.legs[k];
    const BounceLegFields& legFields = k < fields.size() ? fields[k] : all;
    if (auto failure = judgeLeg(ctx, k, leg, legFields, expected, firstTie)) return *failure;
    const double remaining =
        expected.remaining - (legFields.length ? leg.length : length(leg.end - leg.start));
    const Termination end = terminationAfter(ctx, leg, k, remaining);
    const bool last = k + 1 == actual.legs.size();
    if (end.status && !end.optional && !last) {
      return verdict(BounceOutcome::extraLegs, k + 1,
                     "the path goes on after " + std::string(bounceStatusName(*end.status)));
    }
    if (!end.status && last) {
      return verdict(BounceOutcome::missingLegs, k + 1,
                     "the path stops after a wall with bounces and length left");
    }
    if (end.status && last && *end.status != actual.status) {
      return verdict(BounceOutcome::statusMismatch, k,
                     "its last leg ends the path with " +
                         std::string(bounceStatusName(*end.status)) + ", not " +
                         std::string(bounceStatusName(actual.status)));
    }
    expected = nextExpected(ctx, leg, unitOf(directionOf(leg, legFields, expected)), remaining);
  }
  BounceJudgement j = firstTie.value_or(BounceJudgement{});
  j.legsJudged = actual.legs.size();
  return j;
}

}  // namespace touche::oracle
