// Casts (design notes §8): RapidCheck properties of the reference, each decided exactly — by
// the reference itself on a neighbouring question, or by exact arithmetic on its outputs:
//
// - A hit's point lies on the shape's boundary: a still ray from the rounded point has an
//   initial gap (|distance to the core − the shape's radius|, correctly rounded) of at most
//   one ulp, the most the point's rounding moves it. No earlier t touches: with maxFraction
//   the double just below the hit's fraction the cast misses (the exact t lies strictly
//   between the rounded fraction's neighbours), with the double just above it hits the same.
// - Casting back from beyond the hit returns the mirrored entry: a cast moving along an axis,
//   mirrored across the perpendicular bisector of its path, starts at the far end and comes
//   back; against the mirrored shape its answer is the mirrored answer — the same fraction,
//   the normal mirrored exactly, the point mirrored within the ulp that rounding after the
//   mirror may differ by, the features renumbered (a polygon listed the other way round, a
//   segment's ends swapped).
// - Quarter turns about the origin and power-of-two scalings move the result exactly;
//   power-of-two translations move its point within one ulp and keep the rest.
// - A swept circle is the ray against the exactly offset shape: the circle of radius r against
//   a shape gives the fraction, normal, feature and gaps of a ray against the shape rounded by
//   r (a circle or polygon with its radius + r, a segment as the capsule of radius r), and the
//   ray's point is the circle's centre, the swept point pushed out by r.
// The properties run with a fixed seed (RC_PARAMS); CastProperties.HitRatesAndEveryCheck runs
// all of them on seeded casts of every shape type and asserts what was generated.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <boost/multiprecision/gmp.hpp>
#include <cmath>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "touche/reference/cast.h"
#include "touche/test_support/cast_scenes.h"
#include "touche/test_support/checks.h"
#include "touche/test_support/rc_generators.h"

namespace touche::test {
namespace {

using Rational = boost::multiprecision::mpq_rational;

constexpr ShapeType kCastTypes[] = {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                                    ShapeType::polygon, ShapeType::chainSegment};

CastResult castOf(const CastCase& c) {
  return reference::cast(c.shape, c.xf, c.ray);
}

std::string text(const CastResult& r) {
  CastRecord record;
  record.id = "result";
  record.engine = "reference";
  record.result = r;
  return formatCastResult(record, NumberFormat::hex);
}

std::string mismatch(const std::string& what, const CastResult& expected,
                     const CastResult& actual) {
  return what + "\n  expected: " + text(expected) + "\n  actual:   " + text(actual);
}

/// Status, fraction, normal, feature, flags and gaps identical ("" when so).
std::string sameButThePoint(const CastResult& expected, const CastResult& actual) {
  const bool same = expected.status == actual.status && expected.fraction == actual.fraction &&
                    expected.normal == actual.normal && expected.feature == actual.feature &&
                    expected.flags == actual.flags && expected.gaps.hit == actual.gaps.hit &&
                    expected.gaps.initial == actual.gaps.initial &&
                    expected.gaps.feature == actual.gaps.feature &&
                    expected.gaps.side == actual.gaps.side;
  return same ? "" : mismatch("differs", expected, actual);
}

/// |moved − expected| ≤ ulp(max(|moved|, |original|)), exactly: `expected` is the exact image
/// of the rounded `original` (moved or mirrored), and `moved` the rounded image of the exact
/// value, so each side is off by at most half an ulp of its own magnitude.
bool withinOneUlp(double original, const Rational& expected, double moved) {
  const double ulp = std::max(ulpOf(moved), ulpOf(original));
  const Rational diff = Rational(moved) - expected;
  return abs(diff) <= Rational(ulp);
}

// ---- A hit is a first touch on the boundary ---------------------------------------------------

std::string checkPointOnBoundary(const CastCase& c, const CastResult& r) {
  if (r.status != CastStatus::hit) return "";
  const CastResult still = reference::cast(c.shape, c.xf, CastInput{r.point, {0, 0}, 0.0, 1.0});
  const double bound = ulpOf(std::max(std::fabs(r.point.x), std::fabs(r.point.y)));
  const bool onIt = (still.gaps.initial && *still.gaps.initial <= bound) ||
                    (still.gaps.side && *still.gaps.side <= bound);
  if (onIt) return "";
  return "the hit's point is off the boundary by more than an ulp\n  " + text(r) + "\n  " +
         text(still);
}

std::string checkNoEarlierTouch(const CastCase& c, const CastResult& r) {
  if (r.status != CastStatus::hit || r.fraction == 0.0) return "";
  CastCase before = c;
  before.ray.maxFraction = std::nextafter(r.fraction, 0.0);
  const CastResult early = castOf(before);
  if (early.status != CastStatus::miss) return mismatch("a touch before the hit", r, early);
  CastCase after = c;
  after.ray.maxFraction = std::nextafter(r.fraction, 2.0);
  if (after.ray.maxFraction > c.ray.maxFraction) return "";
  const CastResult late = castOf(after);
  const bool same = late.status == r.status && late.fraction == r.fraction &&
                    late.point == r.point && late.normal == r.normal && late.feature == r.feature;
  return same ? "" : mismatch("another hit just past the fraction", r, late);
}

// ---- Casting back from the far end against the mirrored shape --------------------------------

/// The mirror across the line x = a (axis 0) or y = a (axis 1): exact on the grid's doubles.
struct Mirror {
  int axis = 0;
  double a = 0.0;
  Vec2 point(Vec2 v) const { return axis == 0 ? Vec2{2 * a - v.x, v.y} : Vec2{v.x, 2 * a - v.y}; }
  Vec2 direction(Vec2 v) const { return axis == 0 ? Vec2{-v.x, v.y} : Vec2{v.x, -v.y}; }
  /// A shape's local point: mirrored by the same axis through its own origin.
  Vec2 local(Vec2 v) const { return direction(v); }
};

/// The cast along one axis (the other component of the translation dropped), to maxFraction 1.
CastCase alongAnAxis(CastCase c) {
  Vec2& d = c.ray.translation;
  if (std::fabs(d.x) >= std::fabs(d.y)) {
    d.y = 0;
  } else {
    d.x = 0;
  }
  c.ray.maxFraction = 1.0;
  return c;
}

/// The shape mirrored in its own frame, listed so that it keeps its orientation: a polygon's
/// vertices the other way round, a segment's (capsule's, chain segment's) ends swapped.
Shape mirroredShape(const Shape& shape, const Mirror& m) {
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    return Circle{m.local(circle->center), circle->radius};
  }
  if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    return Capsule{m.local(capsule->p2), m.local(capsule->p1), capsule->radius};
  }
  if (const auto* segment = std::get_if<Segment>(&shape)) {
    return Segment{m.local(segment->p2), m.local(segment->p1)};
  }
  if (const auto* chain = std::get_if<ChainSegment>(&shape)) {
    return ChainSegment{m.local(chain->ghost2), m.local(chain->p2), m.local(chain->p1),
                        m.local(chain->ghost1)};
  }
  Polygon polygon = std::get<Polygon>(shape);
  const Polygon original = polygon;
  for (int i = 0; i < polygon.count; ++i)
    polygon.vertices[i] = m.local(original.vertices[polygon.count - 1 - i]);
  return polygon;
}

/// The cast mirrored across the perpendicular bisector of its (axis-aligned) path: it starts at
/// the far end and comes back. The transform: p mirrored, the rotation (c, s) → (c, −s).
CastCase castBack(const CastCase& c, Mirror* mirror) {
  const Vec2 d = c.ray.translation;
  mirror->axis = d.y == 0 ? 0 : 1;
  mirror->a = mirror->axis == 0 ? c.ray.origin.x + 0.5 * d.x : c.ray.origin.y + 0.5 * d.y;
  CastCase back = c;
  back.shape = mirroredShape(c.shape, *mirror);
  back.xf.p = mirror->point(c.xf.p);
  back.xf.q = Rot{c.xf.q.c, -c.xf.q.s};
  back.ray.origin = mirror->point(c.ray.origin);
  back.ray.translation = mirror->direction(d);
  return back;
}

/// The feature's index in the mirrored listing (mirroredShape).
CastFeature mirroredFeature(const Shape& shape, CastFeature f) {
  if (std::holds_alternative<Circle>(shape)) return f;
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    const int n = polygon->count;
    const int index = f.type == FeatureType::vertex ? n - 1 - f.index : (2 * n - 2 - f.index) % n;
    return {f.type, static_cast<std::uint8_t>(index)};
  }
  const auto* capsule = std::get_if<Capsule>(&shape);
  if (capsule && capsule->p1 == capsule->p2) return f;  // a point capsule: a circle, vertex 0
  if (f.type == FeatureType::vertex) return {f.type, static_cast<std::uint8_t>(1 - f.index)};
  return f;  // a segment's face 0 stays on the right of the swapped ends
}

std::string checkCastBack(const CastCase& c) {
  Mirror mirror;
  const CastCase back = castBack(c, &mirror);
  const CastResult r = castOf(c);
  const CastResult b = castOf(back);
  if (r.status != b.status || r.fraction != b.fraction) {
    return mismatch("the cast back's status or fraction", r, b);
  }
  if (r.status != CastStatus::hit) return "";
  if (b.normal != mirror.direction(r.normal)) return mismatch("the normal not mirrored", r, b);
  const Rational a(mirror.a);
  const bool pointMirrored =
      mirror.axis == 0 ? withinOneUlp(r.point.x, 2 * a - Rational(r.point.x), b.point.x) &&
                             b.point.y == r.point.y
                       : withinOneUlp(r.point.y, 2 * a - Rational(r.point.y), b.point.y) &&
                             b.point.x == r.point.x;
  if (!pointMirrored) return mismatch("the point not mirrored (one ulp)", r, b);
  const bool tie = r.gaps.feature && *r.gaps.feature == 0.0;  // the lower index breaks it
  if (!tie && b.feature != mirroredFeature(c.shape, r.feature)) {
    return mismatch("the feature not renumbered", r, b);
  }
  return "";
}

// ---- Exact motions --------------------------------------------------------------------------

std::string checkQuarterTurn(const CastCase& c, int k) {
  CastResult expected = castOf(c);
  const CastResult turned = castOf(rotatedCast(c, k));
  if (expected.status == CastStatus::hit) {
    expected.point = quarterTurn(expected.point, k);
    expected.normal = quarterTurn(expected.normal, k);
  }
  if (std::string failure = sameButThePoint(expected, turned); !failure.empty()) return failure;
  return expected.point == turned.point ? "" : mismatch("the point not turned", expected, turned);
}

std::string checkScaling(const CastCase& c, int e) {
  CastResult expected = castOf(c);
  const CastResult scaled = castOf(scaledCast(c, e));
  const auto s = [e](double v) { return std::ldexp(v, e); };
  expected.point = {s(expected.point.x), s(expected.point.y)};
  for (std::optional<double>* gap :
       {&expected.gaps.hit, &expected.gaps.initial, &expected.gaps.feature, &expected.gaps.side}) {
    if (*gap) *gap = s(**gap);
  }
  if (std::string failure = sameButThePoint(expected, scaled); !failure.empty()) return failure;
  return expected.point == scaled.point ? "" : mismatch("the point not scaled", expected, scaled);
}

std::string checkTranslation(const CastCase& c, Vec2 t) {
  const CastResult r = castOf(c);
  const CastResult moved = castOf(translatedCast(c, t));
  if (std::string failure = sameButThePoint(r, moved); !failure.empty()) return failure;
  if (r.status != CastStatus::hit) return "";
  const bool near = withinOneUlp(r.point.x, Rational(r.point.x) + Rational(t.x), moved.point.x) &&
                    withinOneUlp(r.point.y, Rational(r.point.y) + Rational(t.y), moved.point.y);
  return near ? "" : mismatch("the point not translated (one ulp)", r, moved);
}

/// A power-of-two translation: each component 0 or ±2^i, i ∈ [−6, 10].
Vec2 powerOfTwoTranslation(std::mt19937_64& rng) {
  const auto component = [&rng]() {
    if (chance(rng, 0.2)) return 0.0;
    const double sign = chance(rng, 0.5) ? 1.0 : -1.0;
    return sign * std::ldexp(1.0, static_cast<int>(uniformInt(rng, -6, 10)));
  };
  const double x = component();
  return {x, component()};
}

// ---- A swept circle is a ray against the offset shape ---------------------------------------

/// The shape rounded by r (none for a chain segment, which has no rounded form).
std::optional<Shape> offsetShape(const Shape& shape, double r) {
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    return Circle{circle->center, circle->radius + r};
  }
  if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    return Capsule{capsule->p1, capsule->p2, capsule->radius + r};
  }
  if (const auto* segment = std::get_if<Segment>(&shape)) {
    return Capsule{segment->p1, segment->p2, r};
  }
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    Polygon rounded = *polygon;
    rounded.radius += r;
    return rounded;
  }
  return std::nullopt;
}

std::string checkOffset(const CastCase& c) {
  const std::optional<Shape> rounded = offsetShape(c.shape, c.ray.radius);
  if (c.ray.radius == 0.0 || !rounded) return "";
  CastCase ray = c;
  ray.shape = *rounded;
  ray.ray.radius = 0.0;
  const CastResult swept = castOf(c);
  const CastResult exact = castOf(ray);
  if (std::string failure = sameButThePoint(swept, exact); !failure.empty()) return failure;
  if (swept.status != CastStatus::hit) return "";
  // The ray's point is the circle's centre: the swept point + r·normal, each rounded once.
  const Vec2 centre = swept.point + c.ray.radius * swept.normal;
  const double slack = 4 * ulpOf(std::max({std::fabs(centre.x), std::fabs(centre.y), 1.0}));
  const bool near =
      std::fabs(centre.x - exact.point.x) <= slack && std::fabs(centre.y - exact.point.y) <= slack;
  return near ? "" : mismatch("the ray's point is not the swept centre", swept, exact);
}

// ---- The properties -------------------------------------------------------------------------

rc::Gen<CastCase> genAnyCast(CastSceneSpec spec = {}) {
  return rc::gen::exec([spec] {
    const ShapeType type =
        *rc::gen::elementOf(std::vector<ShapeType>(std::begin(kCastTypes), std::end(kCastTypes)));
    return *genCast(type, spec);
  });
}

void require(const std::string& failure) {
  if (!failure.empty()) RC_FAIL(failure);
}

RC_GTEST_PROP(CastProperties, HitPointOnTheBoundaryAndNoEarlierTouch, ()) {
  const CastCase c = *genAnyCast();
  const CastResult r = castOf(c);
  RC_CLASSIFY(r.status == CastStatus::hit, "hit");
  require(checkPointOnBoundary(c, r));
  require(checkNoEarlierTouch(c, r));
}

RC_GTEST_PROP(CastProperties, CastingBackFromTheFarEndGivesTheMirroredEntry, ()) {
  const CastCase c = alongAnAxis(*genAnyCast());
  RC_CLASSIFY(castOf(c).status == CastStatus::hit, "hit");
  require(checkCastBack(c));
}

RC_GTEST_PROP(CastProperties, QuarterTurnsAndPowerOfTwoScalingsAreExact, ()) {
  const CastCase c = *genAnyCast();
  require(checkQuarterTurn(c, *rc::gen::inRange(1, 4)));
  require(checkScaling(c, *rc::gen::element(-8, -3, -1, 1, 2, 5, 8)));
}

RC_GTEST_PROP(CastProperties, PowerOfTwoTranslationsMoveThePoint, ()) {
  const CastCase c = *genAnyCast();
  const Vec2 t = *fromSeededRng([](std::mt19937_64& rng) { return powerOfTwoTranslation(rng); });
  RC_PRE(castTranslationIsExact(c, t));
  require(checkTranslation(c, t));
}

RC_GTEST_PROP(CastProperties, ASweptCircleIsTheRayAgainstTheOffsetShape, ()) {
  CastSceneSpec spec;
  spec.rayChance = 0.0;
  const CastCase c = *genAnyCast(spec);
  RC_PRE(!std::holds_alternative<ChainSegment>(c.shape));
  RC_CLASSIFY(castOf(c).status == CastStatus::hit, "hit");
  require(checkOffset(c));
}

// Every check on seeded casts of every shape type, with what was generated asserted: 30–70%
// hits, most translations exact, and a share of the axis-aligned casts (cast back) hitting.
TEST(CastProperties, HitRatesAndEveryCheck) {
  for (const ShapeType type : kCastTypes) {
    std::mt19937_64 rng(20261128);
    Tally hit, exactTranslation, backFromBeyond;
    FailureLog failures;
    for (int i = 0; i < 400; ++i) {
      const CastCase c = randomCast(rng, type, CastSceneSpec{});
      const CastResult r = castOf(c);
      hit.add(r.status == CastStatus::hit);
      failures.add(checkPointOnBoundary(c, r));
      failures.add(checkNoEarlierTouch(c, r));
      failures.add(checkQuarterTurn(c, 1 + i % 3));
      failures.add(checkScaling(c, i % 2 == 0 ? 4 : -6));
      const Vec2 t = powerOfTwoTranslation(rng);
      exactTranslation.add(castTranslationIsExact(c, t));
      if (castTranslationIsExact(c, t)) failures.add(checkTranslation(c, t));
      const CastCase along = alongAnAxis(c);
      const CastResult forward = castOf(along);
      // The far end lies beyond the hit when the cast back hits too, later than it started.
      backFromBeyond.add(forward.status == CastStatus::hit && forward.fraction > 0);
      failures.add(checkCastBack(along));
      CastCase swept = c;
      if (swept.ray.radius == 0.0) swept.ray.radius = 0.25;
      failures.add(checkOffset(swept));
    }
    std::cout << shapeTypeName(type) << ": hit " << hit.text() << ", exact translations "
              << exactTranslation.text() << ", axis casts hitting " << backFromBeyond.text()
              << "\n";
    EXPECT_GE(hit.fraction(), 0.3) << shapeTypeName(type);
    EXPECT_LE(hit.fraction(), 0.7) << shapeTypeName(type);
    EXPECT_GE(exactTranslation.fraction(), 0.8) << shapeTypeName(type);
    EXPECT_GE(backFromBeyond.fraction(), 0.1) << shapeTypeName(type);
    EXPECT_EQ(failures.count, 0) << shapeTypeName(type) << ", first: " << failures.first;
  }
}

}  // namespace
}  // namespace touche::test
