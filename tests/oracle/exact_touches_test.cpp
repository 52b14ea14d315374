// Exact touches of round shapes: where the engine's declared arithmetic is exact on a case with
// circles and capsules (small dyadic coordinates and radii, axis-aligned cores and faces, a touch
// along an axis), the contact decision has no band (docs/conventions.md, "Exact touches"). An
// engine whose point filter is strict (`<` for `<=`) loses every exactly touching contact and is
// flagged; the engines as they are pass on seeded exact cases.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "touche/fast/fast.h"
#include "touche/oracle/box2d.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/judge.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

DeclaredConventions declared(const char* engine) {
  const auto c = engineConventions(engine);
  EXPECT_TRUE(c.has_value()) << engine;
  return c.value_or(DeclaredConventions{});
}

/// The engine's answer with its point filter made strict: a point is kept only if its
/// separation is below the margin (0), so an exactly touching point is dropped.
Manifold strictFilter(const Manifold& m) {
  if (m.status != Status::contact) return m;
  Manifold out = m;
  out.pointCount = 0;
  for (int i = 0; i < m.pointCount; ++i) {
    if (m.points[i].separation < 0.0) out.points[out.pointCount++] = m.points[i];
  }
  return out.pointCount == 0 ? statusOnly(Status::noContact) : out;
}

Case circles(Vec2 centreB, double radiusB) {
  return Case{"circles", Circle{{0, 0}, 1}, Transform{}, Circle{{0, 0}, radiusB},
              Transform{centreB, {}}};
}

TEST(ExactRoundTouches, AContactDroppedAtAnExactRoundTouchIsMissing) {
  const DeclaredConventions conv = declared("fast_float");
  const Case touching[] = {
      circles({3, 0}, 2),
      Case{"capsules", Capsule{{-2, 0}, {2, 0}, 1}, Transform{}, Capsule{{-1, 0}, {3, 0}, 1},
           Transform{{0, 2}, {}}},
      Case{"capsule-circle", Capsule{{0, -2}, {0, 2}, 1}, Transform{}, Circle{{0, 0}, 2},
           Transform{{0, 5}, {}}},
      Case{"box-circle", makeBox(2, 1), Transform{}, Circle{{0, 0}, 1}, Transform{{1, 2}, {}}},
      Case{"segment-capsule", Segment{{-4, 0}, {4, 0}}, Transform{}, Capsule{{0, -1}, {0, 1}, 2},
           Transform{{0, 2}, {0, 1}}},
  };
  for (const Case& c : touching) {
    const Manifold m = run(fast::kFloatEngine, c);
    ASSERT_EQ(m.status, Status::contact) << c.id;
    EXPECT_EQ(m.points[0].separation, 0.0) << c.id;
    EXPECT_EQ(judge(c, m, conv).outcome, Outcome::agree) << c.id;
    const Comparison r = judge(c, strictFilter(m), conv);
    EXPECT_EQ(r.outcome, Outcome::missingContact) << c.id << "\n" << r.explanation;
    EXPECT_THAT(r.explanation, HasSubstr("the rounding band is zero: the engine's float "
                                         "arithmetic is exact on this case"));
    EXPECT_THAT(r.explanation, HasSubstr("the touch is along an axis"));
  }
  // Circles 5 apart on a 3-4-5 triangle touch exactly too, but along a diagonal: the engine's
  // normal is rounded, and the dropped touch is a tie, as before.
  const Case diagonal = circles({3, 4}, 4);
  const Comparison tie = judge(diagonal, statusOnly(Status::noContact), conv);
  EXPECT_EQ(tie.outcome, Outcome::agreeWithinTie) << tie.explanation;
  EXPECT_THAT(tie.explanation, Not(HasSubstr("rounding band is zero")));
  // Coordinates too wide for float's squares (2n + 6 > 24 bits): the band stays.
  const Case wide = circles({1025, 0}, 1024);
  EXPECT_EQ(judge(wide, statusOnly(Status::noContact), conv).outcome, Outcome::agreeWithinTie);
  // The same circles in double are exact.
  EXPECT_EQ(judge(wide, statusOnly(Status::noContact), declared("fast")).outcome,
            Outcome::missingContact);
  // Circles declared as polygons are never exact.
  DeclaredConventions polygons = conv;
  polygons.circleSegments = 16;
  EXPECT_NE(judge(circles({3, 0}, 2), statusOnly(Status::noContact), polygons).outcome,
            Outcome::missingContact);
}

TEST(ExactRoundTouches, ACircleTouchingABoxExactlyIsNoCornerTouch) {
  // Box2D 2.4.1 declares it drops corner touches (its clip needs two points); a circle has one
  // vertex, so along every axis its support is one point — which once excused its lost
  // contact as a corner touch. Only polygons and segments are clipped.
  const Case ball{"ball-on-box", makeBox(2, 1), Transform{}, Circle{{0, 0}, 1},
                  Transform{{1, 2}, {}}};
  const DeclaredConventions conv = declared("box2d");
  ASSERT_TRUE(conv.dropsCornerTouches);
  const Comparison r = judge(ball, statusOnly(Status::noContact), conv);
  EXPECT_EQ(r.outcome, Outcome::missingContact) << r.explanation;
  EXPECT_THAT(r.explanation, Not(HasSubstr("dropsCornerTouches")));
  // Two boxes corner to corner still may be dropped.
  const Case corners{"corners", makeBox(1, 1), Transform{}, makeBox(1, 1), Transform{{2, 2}, {}}};
  EXPECT_EQ(judge(corners, statusOnly(Status::noContact), conv).outcome, Outcome::agreeWithinTie);
}

/// A shape at small integer coordinates with axis-aligned faces and cores: kind 0 a circle, 1 a
/// capsule, 2 a box, 3 a segment.
Shape roundOrSharp(int kind, std::mt19937& rng) {
  std::uniform_int_distribution<int> size(1, 3), axis(0, 1);
  const double r = size(rng), h = size(rng);
  const Vec2 along = axis(rng) ? Vec2{h, 0} : Vec2{0, h};
  switch (kind) {
    case 0:
      return Circle{{0, 0}, r};
    case 1:
      return Capsule{-1.0 * along, along, r};
    case 2:
      return makeBox(r, h);
    default:
      return Segment{-1.0 * along, along};
  }
}

/// The interval a shape covers along world axis `k` (0: x, 1: y) under rotation q at the origin.
std::pair<double, double> extent(const Shape& s, const Rot& q, int k) {
  std::vector<Vec2> points;
  double radius = 0.0;
  if (const auto* c = std::get_if<Circle>(&s)) points = {c->center}, radius = c->radius;
  if (const auto* c = std::get_if<Capsule>(&s)) points = {c->p1, c->p2}, radius = c->radius;
  if (const auto* g = std::get_if<Segment>(&s)) points = {g->p1, g->p2};
  if (const auto* p = std::get_if<Polygon>(&s))
    points.assign(p->vertices.begin(), p->vertices.begin() + p->count);
  double lo = 1e300, hi = -1e300;
  for (const Vec2& v : points) {
    const Vec2 w = rotate(q, v);
    lo = std::min(lo, (k == 0 ? w.x : w.y) - radius);
    hi = std::max(hi, (k == 0 ? w.x : w.y) + radius);
  }
  return {lo, hi};
}

double radiusOf(const Shape& s) {
  if (const auto* c = std::get_if<Circle>(&s)) return c->radius;
  if (const auto* c = std::get_if<Capsule>(&s)) return c->radius;
  return 0.0;
}

/// Whether the cores are apart, by the reference: its deepest separation is above −(rA + rB).
/// Crossing cores are degenerate contacts of their own (docs/findings.md), no exact-touch
/// question.
bool coresApart(const Case& c) {
  const Manifold m = run(reference::kEngine, c);
  if (m.status != Status::contact) return true;
  double deepest = m.points[0].separation;
  for (int i = 1; i < m.pointCount; ++i)
    deepest = std::min(deepest, m.points[i].separation);
  return deepest > -(radiusOf(c.a) + radiusOf(c.b));
}

/// Seeded pairs with a circle or a capsule, at integer coordinates and quarter turns, their
/// cores apart: half of them placed with B against A along an axis (then slid along it by −3
/// to 3), half anywhere in [−6, 6]².
std::vector<Case> exactRoundCases(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> kind(0, 3), offset(-6, 6), slide(-3, 3), turn(0, 3),
      coin(0, 1);
  const Rot turns[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  std::vector<Case> cases;
  while (static_cast<int>(cases.size()) < count) {
    const int ka = kind(rng), kb = kind(rng);
    if (ka >= 2 && kb >= 2) continue;  // no round shape: ExactTouches' boxes
    if (ka == 3 && kb == 3) continue;  // two segments: no pair
    Case c{"exact-round-" + std::to_string(cases.size()), roundOrSharp(ka, rng),
           Transform{{0, 0}, turns[turn(rng)]}, roundOrSharp(kb, rng),
           Transform{{0, 0}, turns[turn(rng)]}};
    if (coin(rng)) {
      const int k = coin(rng), side = coin(rng) ? 1 : -1;
      const auto a = extent(c.a, c.xfA.q, k), b = extent(c.b, c.xfB.q, k);
      const double normal = side > 0 ? a.second - b.first : a.first - b.second;
      const double tangent = slide(rng);
      c.xfB.p = k == 0 ? Vec2{normal, tangent} : Vec2{tangent, normal};
    } else {
      c.xfB.p = {double(offset(rng)), double(offset(rng))};
    }
    if (coresApart(c)) cases.push_back(c);
  }
  return cases;
}

struct Tally {
  int judged = 0, contacts = 0, touches = 0, dropped = 0, diagonal = 0, caught = 0, zeroBand = 0;
};

/// `engine` under its declared conventions on the cases: every answer acceptable; with its point
/// filter made strict, every changed answer caught.
Tally tally(const Engine& engine, const DeclaredConventions& conv, const std::vector<Case>& cases) {
  Tally t;
  for (const Case& c : cases) {
    const Manifold m = run(engine, c);
    if (m.status == Status::unsupported) continue;
    ++t.judged;
    const Comparison r = judge(c, m, conv);
    EXPECT_TRUE(isAcceptable(r.outcome)) << engine.name << " " << c.id << "\n" << r.explanation;
    if (m.status != Status::contact) continue;
    ++t.contacts;
    const Manifold strict = strictFilter(m);
    if (strict.pointCount == m.pointCount && strict.status == m.status) continue;
    ++t.dropped;
    t.touches += strict.status == Status::noContact;
    const Comparison s = judge(c, strict, conv);
    t.caught += isAcceptable(s.outcome) ? 0 : 1;
    // A touch along a diagonal (circles 5 apart on a 3-4-5 triangle) is no exact decision.
    const bool diagonal = m.normal.x != 0.0 && m.normal.y != 0.0;
    t.diagonal += diagonal;
    // Every lost contact is caught; a point dropped beside a deeper one is the degenerate far
    // end of a core along the normal, which an engine may keep or drop.
    if (strict.status == Status::noContact) {
      EXPECT_TRUE(diagonal || !isAcceptable(s.outcome)) << engine.name << " " << c.id << "\n"
                                                        << s.explanation;
    }
    t.zeroBand += s.outcome == Outcome::missingContact &&
                  s.explanation.find("the rounding band is zero") != std::string::npos;
  }
  std::printf(
      "%s: %d judged, %d contacts, strict filter changes %d (%d lose every point, %d "
      "along a diagonal), caught %d, %d missing-contact with no band\n",
      std::string(engine.name).c_str(), t.judged, t.contacts, t.dropped, t.touches, t.diagonal,
      t.caught, t.zeroBand);
  return t;
}

TEST(ExactRoundTouches, EnginesPassOnSeededExactRoundCasesAndTheStrictFilterIsCaught) {
  const std::vector<Case> cases = exactRoundCases(20000, 77);
  const Tally fastFloat = tally(fast::kFloatEngine, declared("fast_float"), cases);
  EXPECT_EQ(fastFloat.judged, 20000);
  EXPECT_GE(fastFloat.contacts, 0.3 * fastFloat.judged);
  EXPECT_LE(fastFloat.contacts, 0.7 * fastFloat.judged);
  EXPECT_GE(fastFloat.touches, 0.1 * fastFloat.contacts);  // the hit rate of exact touches
  EXPECT_EQ(fastFloat.zeroBand + fastFloat.diagonal, fastFloat.touches);
  // Box2D 2.4.1 has the circle pairs (circle, polygon and segment against a circle).
  const Tally box2d = tally(box2d::kEngine, declared("box2d"), cases);
  EXPECT_GE(box2d.judged, 0.2 * cases.size());
  EXPECT_GE(box2d.touches, 0.1 * box2d.contacts);
  EXPECT_EQ(box2d.caught, box2d.dropped);
  EXPECT_EQ(box2d.zeroBand + box2d.diagonal, box2d.touches);
}

}  // namespace
}  // namespace touche::oracle
