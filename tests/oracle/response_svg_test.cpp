// The teaching figures of docs/derivations/response.md (oracle/response_svg.h), drawn from the
// committed cases of docs/derivations/figures/responses.jsonl: the reference's answer to each
// is the one the page walks through (asserted against the exact values), and each figure's
// legend states the numbers of its steps, so a change to the drawing or the cases that changes
// what the page says fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <variant>

#include "touche/core/response_jsonl.h"
#include "touche/oracle/response_svg.h"
#include "touche/reference/response.h"

namespace touche::oracle {
namespace {

/// The committed figure cases by id.
std::map<std::string, ResponseCase> figureCases() {
  std::ifstream in(std::string(TOUCHE_FIGURES_DIR) + "/responses.jsonl");
  EXPECT_TRUE(in) << "cannot read responses.jsonl";
  std::map<std::string, ResponseCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    auto parsed = loadResponseCase(line);
    EXPECT_TRUE(std::holds_alternative<ResponseCase>(parsed)) << line;
    if (auto* c = std::get_if<ResponseCase>(&parsed)) cases[c->id] = *c;
  }
  return cases;
}

const ResponseCase& figureCase(const std::string& id) {
  static const std::map<std::string, ResponseCase> cases = figureCases();
  const auto found = cases.find(id);
  if (found == cases.end()) ADD_FAILURE() << "no figure case " << id;
  static const ResponseCase none;
  return found == cases.end() ? none : found->second;
}

/// Every line of `expected` is a line of the legend.
void expectLegend(const ResponseCase& c, ResponseFigure figure,
                  const std::vector<std::string>& expected) {
  const ResponseResult r = reference::respond(c, kModelSource003);
  const std::vector<std::string> legend = responseFigureLegend(c, r, kModelSource003, figure);
  for (const std::string& line : expected) {
    EXPECT_NE(std::find(legend.begin(), legend.end(), line), legend.end())
        << "legend of " << c.id << " lacks: " << line;
  }
  const std::string svg = responseSvg(c, r, kModelSource003, figure);
  EXPECT_NE(
      svg.find("<title>" + c.id + ": " + std::string(responseFigureName(figure)) + "</title>"),
      std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos) << svg;
}

// Steps 1-5 on two free bodies: k_n = 1 + 1 + 1²·1 + (−1)²·2 = 5, jn = 1.5·2/5 = 3/5, and the
// normal relative velocity goes from −2 to 1 = −e·(−2).
TEST(ResponseFigures, TheImpulse) {
  const ResponseCase& c = figureCase("response-impulse");
  const ResponseResult r = reference::respond(c, kModelSource003);
  ASSERT_EQ(r.status, ResponseStatus::ok);
  EXPECT_EQ(r.impulses[0].normal, 3.0 / 5);
  EXPECT_EQ(r.impulses[0].tangent, 0.0);
  EXPECT_EQ(r.a.velocity.y, 2.0 / 5);
  EXPECT_EQ(r.a.angularVelocity, -3.0 / 5);
  EXPECT_EQ(r.b.velocity.y, -2.0 / 5);
  EXPECT_EQ(r.b.angularVelocity, -6.0 / 5);
  expectLegend(c, ResponseFigure::impulse,
               {"1. r_A = p − c_A = (1, 0.5), r_B = p − c_B = (-1, -0.5)",
                "2. v_rel = v_B + ω_B × r_B − v_A − ω_A × r_A = (0, -2)",
                "3. v_rel·n = -2 < 0: approaching", "4. k_n = 1 + 1 + 1²·1 + (-1)²·2 = 5",
                "5. jn = −(1 + e)(v_rel·n)/k_n = 0.6; v_rel after = (-0.9, 1), ·n = 1 "
                "(−e·(v_rel·n before) = 1)"});
}

// Step 6 with the slip inside the cone: jn = 2, u = (−2, 0), k_t = 3/2, |u|/k_t = 4/3 ≤ μ·jn = 2,
// so jt = −4/3 and the slip stops (v_rel after (0, −4/3): the friction at the lever arm also
// turns B, which changes the normal velocity).
TEST(ResponseFigures, FrictionInsideTheCone) {
  const ResponseCase& c = figureCase("response-friction-sticks");
  const ResponseResult r = reference::respond(c, kModelSource003);
  ASSERT_EQ(r.status, ResponseStatus::ok);
  EXPECT_EQ(r.impulses[0].normal, 2.0);
  EXPECT_EQ(r.impulses[0].tangent, -4.0 / 3);
  EXPECT_EQ(r.b.velocity.x, 4.0 / 3);
  EXPECT_EQ(r.b.angularVelocity, -8.0 / 3);
  expectLegend(
      c, ResponseFigure::friction,
      {"5. jn = 2; v_rel after it = (-2, 0)", "6. slip u = v_rel − (v_rel·n)n = (-2, 0), |u| = 2",
       "   t = u/|u| = (-1, 0), k_t = 1.5, stopping the slip takes |u|/k_t = 1.33333",
       "   cone: |jt| ≤ μ·jn = 1 × 2 = 2, half-angle atan μ = 45°",
       "   |u|/k_t ≤ μ·jn: inside the cone, jt = −|u|/k_t = -1.33333, the slip stops",
       "   v_rel after = (0, -1.33333)"});
  EXPECT_NE(responseSvg(c, r, kModelSource003, ResponseFigure::friction).find("class=\"cone\""),
            std::string::npos);
}

// Step 6 clamped: the same bodies with μ = 1/2, the bound μ·jn = 1 < 4/3, jt = −1 and B slides
// on at (−1/2, −1) relative to the point.
TEST(ResponseFigures, FrictionClampedToTheCone) {
  const ResponseCase& c = figureCase("response-friction-slides");
  const ResponseResult r = reference::respond(c, kModelSource003);
  ASSERT_EQ(r.status, ResponseStatus::ok);
  EXPECT_EQ(r.impulses[0].normal, 2.0);
  EXPECT_EQ(r.impulses[0].tangent, -1.0);
  EXPECT_EQ(r.b.velocity.x, 1.0);
  EXPECT_EQ(r.b.angularVelocity, -3.0);
  expectLegend(c, ResponseFigure::friction,
               {"   cone: |jt| ≤ μ·jn = 0.5 × 2 = 1, half-angle atan μ = 26.5651°",
                "   |u|/k_t > μ·jn: clamped to the cone's edge, jt = −μ·jn = -1, B slides on",
                "   v_rel after = (-0.5, -1)"});
}

// Step 7: depth 3/8 beyond slop 1/8, c = (1/4)/(3/2)·(3/4) = 1/8; A (m⁻¹ = 1) moves 1/8 down,
// B (m⁻¹ = 1/2) 1/16 up, and 3/16 = 75% of the 1/4 beyond the slop is removed (binary
// fractions, so the exact values are the doubles the page shows).
TEST(ResponseFigures, ThePositionalCorrection) {
  const ResponseCase& c = figureCase("response-correction");
  const ResponseResult r = reference::respond(c, kModelSource003);
  ASSERT_EQ(r.status, ResponseStatus::ok);
  EXPECT_EQ(r.a.correction.x, 0.0);
  EXPECT_EQ(r.a.correction.y, -0.125);
  EXPECT_EQ(r.b.correction.x, 0.0);
  EXPECT_EQ(r.b.correction.y, 0.0625);
  expectLegend(
      c, ResponseFigure::correction,
      {"7. depth = max(−separation) = 0.375, slop = 0.125, percent = 0.75",
       "   c = (depth − slop)/(m_A⁻¹ + m_B⁻¹)·percent = (0.375 − 0.125)/1.5 × 0.75 = 0.125",
       "   A moves −m_A⁻¹·c·n = (0, -0.125), B moves +m_B⁻¹·c·n = (0, 0.0625)",
       "   the overlap along n: 0.375 − 0.1875 = 0.1875 (percent of the part beyond the slop "
       "removed)"});
}

// A separating point and a case without slip draw, and say so, rather than dividing by zero.
TEST(ResponseFigures, NothingToDoIsSaid) {
  ResponseCase c = figureCase("response-friction-sticks");
  c.b.velocity = {0, 1};  // separating
  expectLegend(c, ResponseFigure::impulse,
               {"3. v_rel·n = 1 ≥ 0: separating or resting, no impulse"});
  expectLegend(c, ResponseFigure::friction, {"   no slip: no tangent, no friction"});
  c.slop = 1;
  expectLegend(c, ResponseFigure::correction, {"   depth ≤ slop: no correction"});
}

// A slip whose square is below the double range (velocities of 1e-170) is still drawn and
// measured (|u| is not the root of a rounded u·u, which is 0), and nothing is inf or NaN.
TEST(ResponseFigures, ATinySlipIsStillASlip) {
  ResponseCase c = figureCase("response-friction-slides");
  c.b.velocity = {0, -3e-170};
  const ResponseResult r = reference::respond(c, kModelSource003);
  ASSERT_EQ(r.status, ResponseStatus::ok);
  EXPECT_LT(r.impulses[0].tangent, 0.0);  // the exact reference sees the slip
  expectLegend(c, ResponseFigure::friction,
               {"6. slip u = v_rel − (v_rel·n)n = (-1e-170, 0), |u| = 1e-170",
                "   |u|/k_t > μ·jn: clamped to the cone's edge, jt = −μ·jn = -5e-171, B slides "
                "on"});
  const std::string svg = responseSvg(c, r, kModelSource003, ResponseFigure::friction);
  EXPECT_EQ(svg.find("inf"), std::string::npos) << svg;
}

// Under a box2d model the figure draws the model's answer: its jt along the fixed tangent
// (n.y, −n.x), and no correction (the model solves velocities only).
TEST(ResponseFigures, ABox2DModelsAnswerIsDrawnAsItIs) {
  const ResponseCase& c = figureCase("response-correction");
  const ResponseResult r = reference::respond(c, kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok);
  EXPECT_EQ(r.a.correction.y, 0.0);
  const auto legend = responseFigureLegend(c, r, kModelBox2DSequential, ResponseFigure::correction);
  EXPECT_NE(std::find(legend.begin(), legend.end(),
                      "   model box2d-sequential solves velocities only: no positional correction"),
            legend.end());
  EXPECT_NE(std::find(legend.begin(), legend.end(),
                      "   (the steps are source 003's; the impulses drawn are the model's answer, "
                      "jt along its fixed tangent t = (n.y, −n.x))"),
            legend.end());
}

TEST(ResponseFigures, FigureNames) {
  for (const ResponseFigure f :
       {ResponseFigure::impulse, ResponseFigure::friction, ResponseFigure::correction}) {
    EXPECT_EQ(responseFigureNamed(responseFigureName(f)), f);
  }
  EXPECT_FALSE(responseFigureNamed("cone").has_value());
}

}  // namespace
}  // namespace touche::oracle
