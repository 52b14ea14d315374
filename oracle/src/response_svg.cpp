// touche oracle — the teaching figures of a response case (response_svg.h), in the style of
// render.cpp: world y up, drawn y down relative to the view's top-left corner, numbers in full
// in the drawing and in brief (six significant digits) in the legend.
//
// The figure shows source 003's steps for the first manifold point as the reference takes them
// (reference::respondSteps, each value rounded once from its exact value): the state before is
// the case's, the state after the normal impulse is it with jn·n applied at the point, and the
// state after is the answer's.
#include "touche/oracle/response_svg.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "svg_parts.h"
#include "touche/oracle/render.h"
#include "touche/reference/response.h"

namespace touche::oracle {
namespace {

using svg::legendNum;
using svg::num;

constexpr const char* kColourA = "#1f77b4";
constexpr const char* kColourB = "#ff7f0e";
constexpr const char* kColourNormal = "#222";
constexpr const char* kColourBefore = "#9467bd";
constexpr const char* kColourAfter = "#2ca02c";
constexpr const char* kColourImpulse = "#d62728";
constexpr const char* kColourPlane = "#999";

/// The first point's walk through source 003's steps, each quantity rounded once from its
/// exact value (the slip's length and what divides by it: from the exact u·u).
struct Walk {
  Vec2 p, n, rA, rB;
  double kn = 0.0;
  Vec2 vrelBefore, vrelAfterNormal, vrelAfter;
  double normalBefore = 0.0, normalAfterNormal = 0.0;  ///< v_rel·n before and after step 5
  bool approaching = false;                            ///< v_rel·n < 0, decided exactly
  double jn = 0.0, jt = 0.0;
  Vec2 slip;  ///< the tangential part of v_rel after the normal impulse (step 6's u)
  double slipSpeed = 0.0;
  bool slipBeyondDoubles = false;  ///< u ≠ 0 but below the double range
  Vec2 t;                          ///< u/|u|, or 0
  /// The direction the answer's jt is measured along: t under source-003; the fixed
  /// (n.y, −n.x) under the box2d models (docs/conventions.md, "Fixed tangent").
  Vec2 tAnswer;
  double kt = 0.0;
  double stopSlip = 0.0;    ///< |u|/k_t: the impulse that stops the slip
  bool insideCone = false;  ///< |u|/k_t ≤ μ·jn, decided exactly
  Vec2 slipAfter;           ///< the tangential part of v_rel after
  double depth = 0.0;       ///< max over points of −separation
  double correction = 0.0;
  double moved = 0.0;  ///< how much of the overlap the correction removes
};

Walk walkOf(const ResponseCase& c, const ResponseResult& r, std::string_view model) {
  const reference::ResponseSteps steps = reference::respondSteps(c, r, model);
  Walk w;
  w.p = c.manifold.points[0].point;
  w.n = c.manifold.normal;
  w.rA = steps.leverA;
  w.rB = steps.leverB;
  w.kn = steps.normalMass;
  w.vrelBefore = steps.relativeVelocityBefore;
  w.vrelAfterNormal = steps.relativeVelocityAfterNormal;
  w.vrelAfter = steps.relativeVelocityAfter;
  w.normalBefore = steps.approach;
  w.normalAfterNormal = steps.approachAfterNormal;
  w.approaching = steps.approaching;
  w.jn = r.impulses[0].normal;
  w.jt = r.impulses[0].tangent;
  w.tAnswer = model == kModelSource003 ? Vec2{} : Vec2{w.n.y, -w.n.x};
  w.slip = steps.slip;
  w.slipAfter = steps.slipAfter;
  // |u| from the rounded u (hypot: no underflow of u·u); a slip that rounds to 0 has no
  // direction to draw
  w.slipSpeed = length(w.slip);
  w.slipBeyondDoubles = steps.slipping && w.slipSpeed == 0;
  if (w.slipSpeed > 0) {
    w.t = (1 / w.slipSpeed) * w.slip;
    if (model == kModelSource003) w.tAnswer = w.t;
    w.kt = steps.tangentMass;
    w.stopSlip = w.slipSpeed / w.kt;
    w.insideCone = steps.insideCone;
  }
  w.depth = steps.depth;
  w.correction = steps.correction;
  w.moved = steps.moved;
  return w;
}

std::string vec(Vec2 v) {
  return "(" + legendNum(v.x) + ", " + legendNum(v.y) + ")";
}

/// x² as the legend writes it, a negative x in brackets.
std::string squared(double x) {
  return (x < 0 ? "(" + legendNum(x) + ")" : legendNum(x)) + "²";
}

std::vector<std::string> impulseLegend(const ResponseCase& c, const Walk& w) {
  const double before = w.normalBefore;
  std::vector<std::string> lines{
      "1. r_A = p − c_A = " + vec(w.rA) + ", r_B = p − c_B = " + vec(w.rB),
      "2. v_rel = v_B + ω_B × r_B − v_A − ω_A × r_A = " + vec(w.vrelBefore),
      "3. v_rel·n = " + legendNum(before) +
          (w.approaching ? " < 0: approaching" : " ≥ 0: separating or resting, no impulse"),
      "4. k_n = " + legendNum(c.a.invMass) + " + " + legendNum(c.b.invMass) + " + " +
          squared(cross(w.rA, w.n)) + "·" + legendNum(c.a.invInertia) + " + " +
          squared(cross(w.rB, w.n)) + "·" + legendNum(c.b.invInertia) + " = " + legendNum(w.kn),
      "5. jn = −(1 + e)(v_rel·n)/k_n = " + legendNum(w.jn) +
          "; v_rel after = " + vec(w.vrelAfterNormal) + ", ·n = " + legendNum(w.normalAfterNormal) +
          " (−e·(v_rel·n before) = " + legendNum(-c.restitution * before) + ")"};
  return lines;
}

std::vector<std::string> frictionLegend(const ResponseCase& c, const Walk& w) {
  const double halfAngle = std::atan(c.friction) * 180 / std::numbers::pi;
  std::vector<std::string> lines{
      "5. jn = " + legendNum(w.jn) + "; v_rel after it = " + vec(w.vrelAfterNormal),
      "6. slip u = v_rel − (v_rel·n)n = " + vec(w.slip) + ", |u| = " + legendNum(w.slipSpeed)};
  if (w.slipSpeed == 0) {
    lines.push_back(w.slipBeyondDoubles ? "   a slip below the double range: not drawn"
                                        : "   no slip: no tangent, no friction");
    return lines;
  }
  const double bound = c.friction * w.jn;
  lines.push_back("   t = u/|u| = " + vec(w.t) + ", k_t = " + legendNum(w.kt) +
                  ", stopping the slip takes |u|/k_t = " + legendNum(w.stopSlip));
  lines.push_back("   cone: |jt| ≤ μ·jn = " + legendNum(c.friction) + " × " + legendNum(w.jn) +
                  " = " + legendNum(bound) + ", half-angle atan μ = " + legendNum(halfAngle) + "°");
  lines.push_back(w.insideCone ? "   |u|/k_t ≤ μ·jn: inside the cone, jt = −|u|/k_t = " +
                                     legendNum(w.jt) + ", the slip stops"
                               : "   |u|/k_t > μ·jn: clamped to the cone's edge, jt = −μ·jn = " +
                                     legendNum(w.jt) + ", B slides on");
  lines.push_back("   v_rel after = " + vec(w.vrelAfter));
  return lines;
}

std::vector<std::string> correctionLegend(const ResponseCase& c, const ResponseResult& r,
                                          const Walk& w, std::string_view model) {
  std::vector<std::string> lines{"7. depth = max(−separation) = " + legendNum(w.depth) +
                                 ", slop = " + legendNum(c.slop) +
                                 ", percent = " + legendNum(c.percent)};
  if (model != kModelSource003) {
    lines.push_back("   model " + std::string(model) +
                    " solves velocities only: no positional correction");
    return lines;
  }
  if (w.depth <= c.slop) {
    lines.push_back("   depth ≤ slop: no correction");
    return lines;
  }
  lines.push_back("   c = (depth − slop)/(m_A⁻¹ + m_B⁻¹)·percent = (" + legendNum(w.depth) + " − " +
                  legendNum(c.slop) + ")/" + legendNum(c.a.invMass + c.b.invMass) + " × " +
                  legendNum(c.percent) + " = " + legendNum(w.correction));
  lines.push_back(
      "   the surfaces at the deepest point: A's blue, B's orange; solid now, dashed after");
  lines.push_back("   A moves −m_A⁻¹·c·n = " + vec(r.a.correction) +
                  ", B moves +m_B⁻¹·c·n = " + vec(r.b.correction));
  lines.push_back("   the overlap along n: " + legendNum(w.depth) + " − " + legendNum(w.moved) +
                  " = " + legendNum(w.depth - w.moved) +
                  " (percent of the part beyond the slop removed)");
  return lines;
}

// ---- drawing ------------------------------------------------------------------------------

/// An arrow from `from` to `to` with a head of `head` world units (nothing when they meet).
void drawArrow(std::ostringstream& svg, const svg::View& view, Vec2 from, Vec2 to, double head,
               const char* colour, const char* cls, bool dashed = false) {
  const Vec2 d = to - from;
  const double len = length(d);
  if (!(len > 0)) return;
  const Vec2 u = (1 / len) * d;
  const double h = std::min(head, 0.4 * len);
  svg << "    <path class=\"" << cls << "\" d=\""
      << (h > 0 ? svg::arrowD(view, from, to, svg::arrowHead(to, u, h, 0.5 * h))
                : svg::lineD(view, from, to));
  svg << "\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"" << (h > 0 ? "2" : "4")
      << "\"" << (dashed ? " stroke-dasharray=\"5 3\"" : "")
      << " vector-effect=\"non-scaling-stroke\"/>\n";
}

void drawDot(std::ostringstream& svg, const svg::View& view, Vec2 at, double radius,
             const char* colour) {
  svg << "    <circle cx=\"" << num(view.x(at.x)) << "\" cy=\"" << num(view.y(at.y)) << "\" r=\""
      << num(radius) << "\" fill=\"" << colour << "\"/>\n";
}

void drawLine(std::ostringstream& svg, const svg::View& view, Vec2 from, Vec2 to,
              const char* colour, const char* extra = "") {
  svg << "    <path d=\"" << svg::lineD(view, from, to) << "\" fill=\"none\" stroke=\"" << colour
      << "\" stroke-width=\"1.5\"" << extra << " vector-effect=\"non-scaling-stroke\"/>\n";
}

/// A label starting at `at`, or with `endAt` ending there.
void drawLabel(std::ostringstream& svg, const svg::View& view, Vec2 at, const std::string& text,
               double font, const char* colour, bool endAt = false) {
  svg << "    <text x=\"" << num(view.x(at.x)) << "\" y=\"" << num(view.y(at.y))
      << "\" font-family=\"sans-serif\" font-size=\"" << num(font) << "\" fill=\"" << colour << "\""
      << (endAt ? " text-anchor=\"end\"" : "") << ">" << xmlText(text) << "</text>\n";
}

/// What the figure draws, as world points and arrows, before the view is known.
struct Arrow {
  Vec2 from, to;
  const char* colour;
  const char* cls;
  std::string label;
  bool dashed = false;
  bool head = true;  ///< false: a measured length, drawn as a plain thick line
};

struct Sketch {
  std::vector<Arrow> arrows;
  std::vector<std::pair<Vec2, Vec2>> planeLines;   ///< grey lines across n
  std::vector<std::pair<Vec2, Vec2>> surfaces[2];  ///< A's and B's surfaces (correction)
  std::vector<Vec2> cone;                          ///< the cone's triangle, or empty
};

/// A line through `at` across n, `half` to each side.
std::pair<Vec2, Vec2> across(Vec2 at, Vec2 n, double half) {
  const Vec2 side{-n.y, n.x};
  return {at - half * side, at + half * side};
}

/// The impulse figure: v_rel before and after, the normal impulse, all from the point.
void sketchImpulse(Sketch& s, const Walk& w) {
  s.arrows.push_back({w.p, w.p + w.vrelBefore, kColourBefore, "velocity", "v_rel before"});
  s.arrows.push_back({w.p, w.p + w.vrelAfterNormal, kColourAfter, "velocity", "v_rel after"});
  s.arrows.push_back({w.p, w.p + w.jn * w.n, kColourImpulse, "impulse", "jn·n"});
}

/// The friction figure: the slip before and after, the cone over jn·n, the impulse that would
/// stop the slip (dashed) and the one applied.
void sketchFriction(Sketch& s, const ResponseCase& c, const Walk& w, Vec2 anchor, double unit) {
  s.arrows.push_back({w.p, w.p + w.slip, kColourBefore, "velocity", "slip u"});
  if (!(w.slipSpeed > 0)) return;
  const double edge = c.friction * w.jn;
  s.cone = {w.p, w.p + w.jn * w.n + edge * w.t, w.p + w.jn * w.n - edge * w.t};
  s.arrows.push_back({anchor, anchor + unit * w.tAnswer, kColourNormal, "tangent", "t"});
  s.arrows.push_back(
      {w.p, w.p + w.jn * w.n - w.stopSlip * w.t, "#777", "impulse", "stops the slip", true});
  s.arrows.push_back(
      {w.p, w.p + w.jn * w.n + w.jt * w.tAnswer, kColourImpulse, "impulse", "jn·n + jt·t"});
  s.arrows.push_back({w.p, w.p + w.slipAfter, kColourAfter, "velocity", "slip after"});
}

/// The correction figure: each body's surface at the deepest point now (solid) and moved
/// (dashed), a scale beside them of the depth, the slop and what is removed, and each
/// centre's translation.
void sketchCorrection(Sketch& s, const ResponseCase& c, const ResponseResult& r, const Walk& w,
                      double reach) {
  int deepest = 0;
  for (int i = 1; i < c.manifold.pointCount; ++i) {
    if (c.manifold.points[i].separation < c.manifold.points[deepest].separation) deepest = i;
  }
  const ManifoldPoint& mp = c.manifold.points[deepest];
  // The surfaces meet the point midway: A's at p − (separation/2)·n, B's at p + (separation/2)·n.
  const Vec2 surfaceA = mp.point - 0.5 * mp.separation * w.n;
  const Vec2 surfaceB = mp.point + 0.5 * mp.separation * w.n;
  s.surfaces[0] = {across(surfaceA, w.n, 0.5 * reach),
                   across(surfaceA + r.a.correction, w.n, 0.5 * reach)};
  s.surfaces[1] = {across(surfaceB, w.n, 0.5 * reach),
                   across(surfaceB + r.b.correction, w.n, 0.5 * reach)};
  const Vec2 beside = 0.65 * reach * Vec2{w.n.y, -w.n.x};
  const Vec2 depthTop = surfaceA + beside, depthBottom = surfaceB + beside;
  s.arrows.push_back({depthBottom, depthTop, kColourNormal, "depth", "depth", false, false});
  if (w.depth > 0) {
    const Vec2 slopTop = depthBottom + c.slop * w.n;
    s.arrows.push_back({depthBottom - 0.04 * reach * Vec2{w.n.y, -w.n.x},
                        slopTop - 0.04 * reach * Vec2{w.n.y, -w.n.x}, kColourPlane, "slop", "slop",
                        false, false});
  }
  if (w.moved > 0) {
    s.arrows.push_back({depthTop + 0.04 * reach * Vec2{w.n.y, -w.n.x},
                        depthTop - w.moved * w.n + 0.04 * reach * Vec2{w.n.y, -w.n.x},
                        kColourImpulse, "removed", "removed", false, false});
  }
  s.arrows.push_back(
      {c.a.center, c.a.center + r.a.correction, kColourA, "correction", "−m_A⁻¹·c·n"});
  s.arrows.push_back(
      {c.b.center, c.b.center + r.b.correction, kColourB, "correction", "+m_B⁻¹·c·n"});
}

Sketch sketchOf(const ResponseCase& c, const ResponseResult& r, const Walk& w,
                ResponseFigure figure) {
  Sketch s;
  const double drawn = figure == ResponseFigure::impulse
                           ? std::max(length(w.vrelBefore), length(w.vrelAfterNormal))
                       : figure == ResponseFigure::friction
                           ? std::max(w.slipSpeed, w.jn * std::hypot(1.0, c.friction))
                           : 0.0;
  const double reach = std::max({length(w.rA), length(w.rB), drawn, 0.5});
  const double unit = 0.3 * reach;  // the length of the unit vectors n and t as drawn
  if (figure == ResponseFigure::correction) {
    sketchCorrection(s, c, r, w, reach);
    return s;
  }
  // The contact plane, the lever arms, and n drawn on the plane away from the point (on the
  // side the slip does not go), so that it does not hide what is drawn from the point.
  s.planeLines.push_back(across(w.p, w.n, reach));
  s.arrows.push_back({c.a.center, w.p, kColourA, "lever", "r_A", true});
  s.arrows.push_back({c.b.center, w.p, kColourB, "lever", "r_B", true});
  const Vec2 away =
      w.slipSpeed > 0 && figure == ResponseFigure::friction ? -1.0 * w.t : Vec2{w.n.y, -w.n.x};
  const Vec2 anchor = w.p + 0.8 * reach * away;
  s.arrows.push_back({anchor, anchor + unit * w.n, kColourNormal, "normal", "n"});
  if (figure == ResponseFigure::impulse) sketchImpulse(s, w);
  if (figure == ResponseFigure::friction) sketchFriction(s, c, w, anchor, unit);
  return s;
}

svg::Bounds boundsOf(const ResponseCase& c, const Sketch& s) {
  svg::Bounds box;
  box.add(c.a.center);
  box.add(c.b.center);
  for (const Arrow& a : s.arrows) {
    box.add(a.from);
    box.add(a.to);
  }
  for (const auto& [from, to] : s.planeLines) {
    box.add(from);
    box.add(to);
  }
  for (const auto& lines : s.surfaces) {
    for (const auto& [from, to] : lines) {
      box.add(from);
      box.add(to);
    }
  }
  for (const Vec2 p : s.cone)
    box.add(p);
  return box;
}

}  // namespace

std::string_view responseFigureName(ResponseFigure figure) {
  switch (figure) {
    case ResponseFigure::impulse:
      return "impulse";
    case ResponseFigure::friction:
      return "friction";
    case ResponseFigure::correction:
      return "correction";
  }
  return "impulse";
}

std::optional<ResponseFigure> responseFigureNamed(std::string_view name) {
  for (const ResponseFigure f :
       {ResponseFigure::impulse, ResponseFigure::friction, ResponseFigure::correction}) {
    if (responseFigureName(f) == name) return f;
  }
  return std::nullopt;
}

std::vector<std::string> responseFigureLegend(const ResponseCase& c, const ResponseResult& r,
                                              std::string_view model, ResponseFigure figure) {
  const Walk w = walkOf(c, r, model);
  std::vector<std::string> legend{
      "case " + c.id + ", model " + std::string(model) + ": e = " + legendNum(c.restitution) +
      ", μ = " + legendNum(c.friction) + ", n = " + vec(w.n) + ", p = " + vec(w.p) +
      (c.manifold.pointCount > 1 ? " (the first of 2 points)" : "")};
  std::vector<std::string> steps;
  if (figure == ResponseFigure::impulse) steps = impulseLegend(c, w);
  if (figure == ResponseFigure::friction) steps = frictionLegend(c, w);
  if (figure == ResponseFigure::correction) steps = correctionLegend(c, r, w, model);
  legend.insert(legend.end(), steps.begin(), steps.end());
  if (model != kModelSource003)
    legend.push_back(
        "   (the steps are source 003's; the impulses drawn are the model's answer, jt along its "
        "fixed tangent t = (n.y, −n.x))");
  if (figure != ResponseFigure::correction)
    legend.push_back("velocities and impulses drawn from p at the coordinates' scale");
  return legend;
}

std::string responseSvg(const ResponseCase& c, const ResponseResult& r, std::string_view model,
                        ResponseFigure figure) {
  const Walk w = walkOf(c, r, model);
  const Sketch sketch = sketchOf(c, r, w, figure);
  svg::Legend legend;
  for (std::string& line : responseFigureLegend(c, r, model, figure))
    legend.emplace_back(nullptr, std::move(line));
  const svg::Bounds box = boundsOf(c, sketch);
  const svg::View view{{box.lo.x, box.hi.y}};
  const double size = box.size();
  const double font = 0.04 * size;
  const double pad = 0.15 * size;
  const double legendHeight = svg::legendHeight(legend, font, svg::kCaseLegend);
  const double x0 = -pad, y0 = -pad - legendHeight;
  const double width =
      std::max(box.hi.x - box.lo.x + 2 * pad, svg::legendWidth(legend, font, svg::kCaseLegend));
  const double height = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream svg;
  svg::openSvg(svg, x0, y0, width, height, 640,
               c.id + ": " + std::string(responseFigureName(figure)), view,
               "; velocities and impulses drawn at the coordinates' scale from the contact point");
  svg << "  <g class=\"" << responseFigureName(figure) << "\">\n";
  for (const auto& [from, to] : sketch.planeLines)
    drawLine(svg, view, from, to, kColourPlane, " stroke-dasharray=\"2 3\"");
  if (!sketch.cone.empty()) {
    svg << "    <path class=\"cone\" d=\"M" << view.at(sketch.cone[0]) << " L"
        << view.at(sketch.cone[1]) << " L" << view.at(sketch.cone[2])
        << " Z\" fill=\"#d62728\" fill-opacity=\"0.12\" stroke=\"#d62728\" stroke-opacity=\"0.5\" "
           "stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"/>\n";
  }
  const char* surfaceColours[2] = {kColourA, kColourB};
  for (int body = 0; body < 2; ++body) {
    for (std::size_t k = 0; k < sketch.surfaces[body].size(); ++k) {
      const auto& [from, to] = sketch.surfaces[body][k];
      // even: the surface now; odd: where the correction moves it (dashed)
      drawLine(svg, view, from, to, surfaceColours[body], k % 2 ? " stroke-dasharray=\"5 3\"" : "");
    }
  }
  const double dot = 0.012 * size;
  drawDot(svg, view, c.a.center, dot, kColourA);
  drawDot(svg, view, c.b.center, dot, kColourB);
  drawLabel(svg, view, c.a.center + Vec2{-1.5 * dot, -3 * dot}, "c_A", font, kColourA, true);
  drawLabel(svg, view, c.b.center + Vec2{-1.5 * dot, -3 * dot}, "c_B", font, kColourB, true);
  for (int i = 0; i < c.manifold.pointCount; ++i)
    drawDot(svg, view, c.manifold.points[i].point, dot, kColourImpulse);
  for (const Arrow& a : sketch.arrows) {
    drawArrow(svg, view, a.from, a.to, a.head ? 0.035 * size : 0.0, a.colour, a.cls, a.dashed);
    if (!(length(a.to - a.from) > 0)) continue;
    // a lever arm, a dashed arrow and a measured length are named at their middle, the rest
    // at the tip
    const double along = std::string_view(a.cls) == "depth" ? 0.3 : 0.5;
    const Vec2 at = a.dashed || !a.head ? a.from + along * (a.to - a.from) : a.to;
    // the slop, drawn left of the depth, is named on its left
    const bool left = std::string_view(a.cls) == "slop";
    drawLabel(svg, view, at + Vec2{(a.head ? 1 : 2.5) * (left ? -dot : dot), dot}, a.label, font,
              a.colour, left);
  }
  svg << "  </g>\n";
  svg::writeLegend(svg, legend, x0, y0, font, svg::kCaseLegend);
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace touche::oracle
