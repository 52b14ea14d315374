// renderSvg: where shapes are drawn (read back from the SVG's numbers), and text that stays
// well-formed XML whatever an id holds.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "svg_parts.h"
#include "touche/oracle/render.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

/// The numbers of every match of `pattern`'s groups, in order.
std::vector<double> numbersOf(const std::string& svg, const std::string& pattern) {
  std::vector<double> out;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator();
       ++it) {
    for (std::size_t g = 1; g < it->size(); ++g)
      out.push_back(std::stod((*it)[g].str()));
  }
  return out;
}

constexpr const char* kNumber = R"(([-+0-9.eE]+))";

/// The world point the drawing's coordinates are relative to (its <desc class="origin">).
Vec2 originOf(const std::string& svg) {
  const std::vector<double> xy =
      numbersOf(svg, std::string(R"(world point \()") + kNumber + ", " + kNumber + R"(\))");
  EXPECT_EQ(xy.size(), 2u) << svg;
  return xy.size() == 2 ? Vec2{xy[0], xy[1]} : Vec2{};
}

TEST(Render, AFarSceneIsDrawnWhereItIs) {
  // Two unit circles 1.5 apart at 1e12: with 9 significant digits both centres were written
  // "1e+12" and drawn on top of each other; and 1e12 in an SVG is beyond a browser's float.
  Case c;
  c.id = "far";
  c.a = Circle{{1e12, 1e12}, 1.0};
  c.b = Circle{{1e12 + 1.5, 1e12}, 1.0};
  const std::string svg = renderSvg(c, {});
  const Vec2 origin = originOf(svg);
  const std::vector<double> centres = numbersOf(
      svg, std::string("<circle cx=\"") + kNumber + "\" cy=\"" + kNumber + "\" r=\"" + kNumber);
  ASSERT_EQ(centres.size(), 6u) << svg;
  for (int k = 0; k < 2; ++k) {
    const Vec2 world = std::get<Circle>(k == 0 ? c.a : c.b).center;
    EXPECT_EQ(origin.x + centres[3 * k], world.x) << "circle " << k;
    EXPECT_EQ(origin.y - centres[3 * k + 1], world.y) << "circle " << k;
    EXPECT_EQ(centres[3 * k + 2], 1.0);
    // Small numbers: well inside what a browser's single precision holds exactly here.
    EXPECT_LT(std::abs(centres[3 * k]), 16.0);
    EXPECT_LT(std::abs(centres[3 * k + 1]), 16.0);
  }
  EXPECT_EQ(centres[3] - centres[0], 1.5);
  // Both circles inside the view box.
  const std::vector<double> box = numbersOf(
      svg, std::string("viewBox=\"") + kNumber + " " + kNumber + " " + kNumber + " " + kNumber);
  ASSERT_EQ(box.size(), 4u);
  for (int k = 0; k < 2; ++k) {
    EXPECT_GE(centres[3 * k] - 1, box[0]);
    EXPECT_LE(centres[3 * k] + 1, box[0] + box[2]);
    EXPECT_GE(centres[3 * k + 1] - 1, box[1]);
    EXPECT_LE(centres[3 * k + 1] + 1, box[1] + box[3]);
  }
}

TEST(Render, APolygonFarAwayKeepsItsExactVertices) {
  Case c;
  c.id = "far-box";
  c.a = makeBox(0.25, 0.125);
  c.xfA = {{-3e12, 7e11}, Rot{1, 0}};
  c.b = Circle{{-3e12 + 1, 7e11}, 0.5};
  const std::string svg = renderSvg(c, {});
  const Vec2 origin = originOf(svg);
  const std::vector<double> path =
      numbersOf(svg, std::string(R"(<path d="M)") + kNumber + "," + kNumber);
  ASSERT_EQ(path.size(), 2u) << svg;
  const Vec2 first = apply(c.xfA, std::get<Polygon>(c.a).vertices[0]);
  EXPECT_EQ(origin.x + path[0], first.x);
  EXPECT_EQ(origin.y - path[1], first.y);
}

TEST(Render, IdsCannotBreakTheXml) {
  Case c;
  c.id = "a<b>&\"c\x1b[31m\x01\xef\xbf\xbe\xff";
  c.a = Circle{{0, 0}, 1};
  c.b = Circle{{1, 0}, 1};
  const std::string svg = renderSvg(c, {});
  EXPECT_THAT(svg,
              HasSubstr("<title>a&lt;b&gt;&amp;&quot;c\\u001b[31m\\u0001\\ufffe\\xff</title>"));
  for (char ch : svg) {
    const auto byte = static_cast<unsigned char>(ch);
    EXPECT_TRUE(byte >= 0x20 || ch == '\n') << "control byte " << int(byte);
  }
  EXPECT_THAT(svg, Not(HasSubstr("\xef\xbf\xbe")));
}

/// One line of the derivation layer, in world coordinates.
struct DrawnLine {
  Vec2 p;
  Vec2 q;
  std::string colour;
  double width = 0;
  bool dashed = false;
};

/// The derivation layer of the pages (no step).
const RenderLayers kDerivation{true, ""};

/// The lines of the <g class="derivation"> group (none when there is no such group).
std::vector<DrawnLine> derivationLines(const std::string& svg) {
  const std::size_t begin = svg.find("<g class=\"derivation\"");
  if (begin == std::string::npos) return {};
  const std::string group = svg.substr(begin, svg.find("</g>", begin) - begin);
  const Vec2 origin = originOf(svg);
  const std::regex re(std::string(R"(<path d="M)") + kNumber + "," + kNumber + " L" + kNumber +
                      "," + kNumber + R"x(" stroke="([^"]+)" stroke-width=")x" + kNumber +
                      R"x("( stroke-dasharray)?)x");
  std::vector<DrawnLine> out;
  for (auto it = std::sregex_iterator(group.begin(), group.end(), re); it != std::sregex_iterator();
       ++it) {
    const auto& m = *it;
    out.push_back({{origin.x + std::stod(m[1].str()), origin.y - std::stod(m[2].str())},
                   {origin.x + std::stod(m[3].str()), origin.y - std::stod(m[4].str())},
                   m[5].str(),
                   std::stod(m[6].str()),
                   m[7].matched});
  }
  return out;
}

bool hasLine(const std::vector<DrawnLine>& lines, Vec2 p, Vec2 q, const std::string& colour) {
  for (const DrawnLine& l : lines) {
    if (l.p == p && l.q == q && l.colour == colour && !l.dashed) return true;
  }
  return false;
}

/// docs/derivations/'s polygon-polygon-clip-two-points with its reference manifold.
Case twoPointCase() {
  Case c;
  c.id = "polygon-polygon-clip-two-points";
  c.a = makeBox(1, 1);
  Polygon b;
  b.count = 4;
  b.vertices = {Vec2{0, 0.75}, Vec2{2, 1}, Vec2{2, 1.5}, Vec2{0, 1.5}};
  c.b = b;
  return c;
}

ManifoldRecord twoPointManifold() {
  ManifoldRecord r;
  r.engine = "reference";
  r.manifold.status = Status::contact;
  r.manifold.normal = {0, 1};
  r.manifold.pointCount = 2;
  r.manifold.points[0] = {{1, 0.9375}, -0.125, {FeatureType::vertex, 2, FeatureType::face, 0}};
  r.manifold.points[1] = {{0, 0.875}, -0.25, {FeatureType::face, 2, FeatureType::vertex, 0}};
  return r;
}

TEST(Render, TheDerivationLayerIsOffByDefault) {
  const Case c = twoPointCase();
  const std::vector<ManifoldRecord> records{twoPointManifold()};
  const std::string plain = renderSvg(c, records);
  EXPECT_EQ(renderSvg(c, records, RenderLayers{}), plain);
  EXPECT_THAT(plain, Not(HasSubstr("derivation")));
  EXPECT_NE(renderSvg(c, records, RenderLayers{true, ""}), plain);
}

TEST(Render, DerivationLayerShowsReferenceFaceSidePlanesAndIncidentEdge) {
  // A's face 2 ((1, 1) → (−1, 1)) carries the normal (0, 1) and the ids; B's edge 0 is named by
  // the clipped point's face. The side planes run through (1, 1) and (−1, 1) along the normal.
  const std::string svg =
      renderSvg(twoPointCase(), std::vector<ManifoldRecord>{twoPointManifold()}, kDerivation);
  const std::vector<DrawnLine> lines = derivationLines(svg);
  ASSERT_EQ(lines.size(), 4u) << svg;
  EXPECT_TRUE(hasLine(lines, {1, 1}, {-1, 1}, "#2ca02c")) << svg;
  EXPECT_TRUE(hasLine(lines, {0, 0.75}, {2, 1}, "#9467bd")) << svg;
  int sidePlanes = 0;
  for (const DrawnLine& l : lines) {
    if (!l.dashed) continue;
    ++sidePlanes;
    EXPECT_EQ(l.p.x, l.q.x);  // vertical: along the normal (0, 1)
    EXPECT_TRUE(l.p.x == 1 || l.p.x == -1) << l.p.x;
    EXPECT_LT(l.p.y, 1);
    EXPECT_GT(l.q.y, 1);
  }
  EXPECT_EQ(sidePlanes, 2);
  EXPECT_THAT(svg, HasSubstr("reference face: A's face 2"));
}

TEST(Render, DerivationLayerShowsVoronoiBoundariesAndGhostEdges) {
  // A box and a circle: two rays per vertex, along the normals of the vertex's two faces.
  Case c;
  c.id = "box-circle";
  c.a = makeBox(1, 1);
  c.b = Circle{{3, 0}, 0.5};
  const std::vector<DrawnLine> rays = derivationLines(renderSvg(c, {}, kDerivation));
  // No record: nothing to draw from.
  EXPECT_TRUE(rays.empty());
  ManifoldRecord none;
  none.engine = "reference";
  const std::string svg = renderSvg(c, std::vector<ManifoldRecord>{none}, kDerivation);
  const std::vector<DrawnLine> lines0 = derivationLines(svg);
  int boundaries = 0;
  int vertexRays = 0;
  int splitRays = 0;
  for (const DrawnLine& l : lines0) {
    if (l.colour == "#888") {
      ++boundaries;
      EXPECT_EQ(std::abs(l.p.x), 1.0);
      EXPECT_EQ(std::abs(l.p.y), 1.0);
      EXPECT_TRUE(l.p.x == l.q.x || l.p.y == l.q.y);  // along a face normal of the box
    } else if (l.colour == "#8c564b") {
      ++vertexRays;  // from the centre through a vertex: along (±1, ±1)
      EXPECT_EQ(l.p, (Vec2{0, 0}));
      EXPECT_NEAR(std::abs(l.q.x), std::abs(l.q.y), 1e-9);
    } else if (l.colour == "#ff7f0e") {
      ++splitRays;  // from the centre through a vertex pushed out by 0.5 along a face normal
      EXPECT_EQ(l.p, (Vec2{0, 0}));
      const double ratio = std::abs(l.q.y / l.q.x);
      EXPECT_TRUE(std::abs(ratio - 1 / 1.5) < 1e-9 || std::abs(ratio - 1.5) < 1e-9) << ratio;
    }
  }
  EXPECT_EQ(boundaries, 8);
  EXPECT_EQ(vertexRays, 4);
  EXPECT_EQ(splitRays, 8);
  // The grown boundary: the box pushed out by the circle's radius, a rounded square path.
  EXPECT_THAT(svg, HasSubstr("stroke=\"#17becf\""));
  EXPECT_THAT(svg, HasSubstr(" A0.5,0.5 0 0 0 "));
  // A chain segment: its ghost edges g1 → p1 and p2 → g2, drawn dashed.
  Case chain;
  chain.id = "chain-circle";
  chain.a = ChainSegment{{-3, 1}, {-2, 0}, {2, 0}, {3, -1}};
  chain.b = Circle{{0, -0.25}, 0.5};
  const std::vector<DrawnLine> lines =
      derivationLines(renderSvg(chain, std::vector<ManifoldRecord>{none}, kDerivation));
  bool ghost1 = false;
  bool ghost2 = false;
  for (const DrawnLine& l : lines) {
    ghost1 = ghost1 || (l.p == Vec2{-3, 1} && l.q == Vec2{-2, 0} && l.dashed);
    ghost2 = ghost2 || (l.p == Vec2{2, 0} && l.q == Vec2{3, -1} && l.dashed);
  }
  EXPECT_TRUE(ghost1);
  EXPECT_TRUE(ghost2);
}

/// The legend lines of the derivation layer (grey text), in order, < > & " read back.
std::vector<std::string> derivationLegend(const std::string& svg) {
  std::vector<std::string> out;
  const std::regex re(R"(fill="#555">([^<]*)</text>)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator();
       ++it) {
    std::string text = (*it)[1].str();
    for (const auto& [entity, ch] : {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"},
                                     std::pair{"&quot;", "\""}, std::pair{"&amp;", "&"}}) {
      for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity))
        text.replace(at, std::string(entity).size(), ch);
    }
    out.push_back(text);
  }
  return out;
}

bool legendHas(const std::string& svg, const std::string& text) {
  for (const std::string& line : derivationLegend(svg)) {
    if (line.find(text) != std::string::npos) return true;
  }
  return false;
}

/// docs/derivations/'s rounded corners apart (polygon-polygon-vertex-vertex) with its reference
/// manifold: one vertex–vertex point, A's vertex 2 (1, 1) against B's vertex 0 (1.25, 1.25).
TEST(Render, DerivationLayerShowsAVertexVertexPointsFacesAndCorners) {
  Case c;
  c.id = "polygon-polygon-vertex-vertex";
  Polygon box = makeBox(1, 1);
  box.radius = 0.25;
  c.a = box;
  c.b = box;
  c.xfB.p = {2.25, 2.25};
  ManifoldRecord r;
  r.engine = "reference";
  r.manifold.status = Status::contact;
  r.manifold.normal = {0.7071067811865476, 0.7071067811865476};
  r.manifold.pointCount = 1;
  r.manifold.points[0] = {
      {1.125, 1.125}, -0.14644660940672624, {FeatureType::vertex, 2, FeatureType::vertex, 0}};
  const std::string svg = renderSvg(c, std::vector<ManifoldRecord>{r}, kDerivation);
  const std::vector<DrawnLine> lines = derivationLines(svg);
  // Steps 2–4: A's face 1 (a tie with face 2, the lower index) against B's edge 3.
  EXPECT_TRUE(hasLine(lines, {1, -1}, {1, 1}, "#2ca02c")) << svg;
  EXPECT_TRUE(hasLine(lines, {1.25, 3.25}, {1.25, 1.25}, "#9467bd")) << svg;
  // Step 5: the line between the two corners, each a circle of radius 0.25.
  EXPECT_TRUE(hasLine(lines, {1, 1}, {1.25, 1.25}, "#ff7f0e")) << svg;
  const Vec2 origin = originOf(svg);
  const std::vector<double> circles =
      numbersOf(svg, std::string(R"(<circle cx=")") + kNumber + R"(" cy=")" + kNumber +
                         R"(" r="0.25" stroke="#17becf")");
  ASSERT_EQ(circles.size(), 4u) << svg;
  EXPECT_EQ((Vec2{origin.x + circles[0], origin.y - circles[1]}), (Vec2{1, 1}));
  EXPECT_EQ((Vec2{origin.x + circles[2], origin.y - circles[3]}), (Vec2{1.25, 1.25}));
  EXPECT_TRUE(legendHas(svg, "reference face: A's face 1")) << svg;
  EXPECT_TRUE(legendHas(svg, "incident edge: B's edge 3")) << svg;
  EXPECT_TRUE(legendHas(svg, "step 5: cores apart (s = 0.25 > 0)")) << svg;
  EXPECT_TRUE(legendHas(svg, "A's vertex 2 to B's vertex 0, |q - p| = 0.3536")) << svg;
}

/// The chain of docs/derivations/chain-segment.md: (−2, 0) → (2, 0), ghosts (−3, 1), (3, −1).
Case chainCase(const Shape& b, Vec2 at, double angle = 0) {
  Case c;
  c.id = "chain";
  c.a = ChainSegment{{-3, 1}, {-2, 0}, {2, 0}, {3, -1}};
  c.b = b;
  c.xfB = Transform{at, Rot{std::cos(angle), std::sin(angle)}};
  return c;
}

std::string drawStep(const Case& c, const std::string& step, const ManifoldRecord& r = {}) {
  RenderLayers layers;
  layers.step = step;
  return renderSvg(c, std::vector<ManifoldRecord>{r}, layers);
}

TEST(Render, ChainCircleStepsDrawTheirDecisions) {
  const Circle circle{{0, 0}, 0.75};
  // The page's example: the centre at (−2.25, −0.5), before p1 in front of the segment.
  const Case corner = chainCase(circle, {-2.25, -0.5});
  const std::string c1 = drawStep(corner, "C1");
  EXPECT_THAT(c1, HasSubstr("class=\"behind\"")) << c1;
  EXPECT_TRUE(legendHas(c1, "offset = dot(n1, c - p1) = 2 >= 0: in front")) << c1;
  EXPECT_TRUE(legendHas(drawStep(chainCase(circle, {0.5, 0.5}), "C1"),
                        "offset = dot(n1, c - p1) = -2 < 0: behind, no contact"));
  const std::string c2 = drawStep(corner, "C2");
  for (const char* region : {"region-ab", "region-a", "region-b", "neighbour"})
    EXPECT_THAT(c2, HasSubstr(std::string("class=\"") + region + "\"")) << region;
  EXPECT_TRUE(legendHas(c2, "v = -1, u = 17; region A, this piece's: closest point p1")) << c2;
  // Before p1 but over the previous piece (dot(edge0, c − p1) ≤ 0): that piece's.
  EXPECT_TRUE(legendHas(drawStep(chainCase(circle, {-2.5, -0.25}), "C2"),
                        "region A, the previous piece's: no contact"));
  // Beyond p2, where the chain turns right (concave): the next piece projects the centre.
  EXPECT_TRUE(legendHas(drawStep(chainCase(circle, {2.25, -0.5}), "C2"),
                        "region B, the next piece's: no contact"));
  EXPECT_TRUE(legendHas(drawStep(chainCase(circle, {0, -0.5}), "C2"), "region AB"));
  EXPECT_TRUE(legendHas(drawStep(corner, "C3"),
                        "normal = (c - closest)/|c - closest| = "
                        "(-0.4472, -0.8944)"));
  EXPECT_TRUE(legendHas(drawStep(chainCase(circle, {0, 0}), "C3"), "flagged degenerateNormal"));
  EXPECT_TRUE(legendHas(drawStep(corner, "C4"), "= 0.559 - 0.75 = -0.191"));
}

/// The widest a legend line of `svg` can be drawn: its characters at half an em each (the
/// narrowest average of a sans-serif face for text like this), and the view box's width.
struct LegendFit {
  double widestLine = 0;
  double viewWidth = 0;
};
LegendFit legendFit(const std::string& svg) {
  // The drawing's view box comes first (a bounce scene's markers have their own after it).
  const std::vector<double> box =
      numbersOf(svg, std::string(R"(viewBox=")") + kNumber + " " + kNumber + " " + kNumber);
  const std::vector<double> font = numbersOf(svg, std::string(R"(font-size=")") + kNumber);
  EXPECT_GE(box.size(), 3u) << svg;
  EXPECT_EQ(font.size(), 1u) << svg;
  LegendFit fit;
  if (box.size() < 3 || font.size() != 1) return fit;
  fit.viewWidth = box[2];
  const std::regex re(R"(<text [^>]*>([^<]*)</text>)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator();
       ++it)
    fit.widestLine =
        std::max(fit.widestLine, 0.5 * font[0] * static_cast<double>((*it)[1].length()));
  return fit;
}

TEST(Render, AFiguresLegendFitsItsWidthWithNumbersInBrief) {
  // chain-segment.md's C2 figure: its manifold line in full precision ran 56% past the right
  // edge. A figure writes six significant digits and is as wide as its longest line.
  ManifoldRecord r;
  r.engine = "reference";
  r.manifold.status = Status::contact;
  r.manifold.normal = {-0.4472135954999579, -0.8944271909999159};
  r.manifold.pointCount = 1;
  r.manifold.points[0] = {
      {-2.125, -0.25}, -0.19098300562505258, {FeatureType::vertex, 0, FeatureType::vertex, 0}};
  const Case corner = chainCase(Circle{{0, 0}, 0.75}, {-2.25, -0.5});
  const std::string figure = drawStep(corner, "C2", r);
  EXPECT_THAT(figure, HasSubstr(">reference: contact, n=(-0.447214, -0.894427), sep -0.190983<"))
      << figure;
  const LegendFit fit = legendFit(figure);
  EXPECT_GT(fit.widestLine, 0.5 * fit.viewWidth) << figure;
  EXPECT_LE(fit.widestLine, fit.viewWidth) << figure;
  // The plain drawing keeps every digit, and widens its view to the longer line.
  const std::string plain = renderSvg(corner, std::vector<ManifoldRecord>{r});
  EXPECT_THAT(plain, HasSubstr("n=(-0.4472135954999579, -0.8944271909999159), "
                               "sep -0.19098300562505258<"))
      << plain;
  const LegendFit plainFit = legendFit(plain);
  EXPECT_LE(plainFit.widestLine, plainFit.viewWidth) << plain;
  EXPECT_GT(plainFit.viewWidth, fit.viewWidth);
}

TEST(Render, ABounceScenesLegendFitsItsWidth) {
  // A tall, narrow room: its first legend line, the scene's name, is wider than the room.
  BounceScene scene;
  scene.walls = {{0, 0}, {40, 0}, {40, 200}, {0, 200}};
  scene.ball = {{20, 20}, 5, {1, 0}};
  const std::string svg = renderBounceSvg("a-tall-and-narrow-room", scene, {});
  const LegendFit fit = legendFit(svg);
  EXPECT_GT(fit.widestLine, 40.0) << svg;
  EXPECT_LE(fit.widestLine, fit.viewWidth) << svg;
}

TEST(Render, ABounceBvhFigureFitsItsLegendAndCountsItsWalk) {
  // A tall, narrow room of 4 faces: two panels and a legend of four lines, the widest wider
  // than both panels; the leg up the room touches the ceiling (face 2) at t = 200 − 5 − 20.
  BounceScene scene;
  scene.walls = {{0, 0}, {40, 0}, {40, 200}, {0, 200}};
  scene.ball = {{10, 20}, 5, {0, 1}};
  BounceLeg leg;
  leg.start = {10, 20};
  leg.direction = {0, 1};
  const std::string svg = renderBounceBvhSvg("a-tall-and-narrow-room", scene, leg, 0);
  const LegendFit fit = legendFit(svg);
  EXPECT_GT(fit.widestLine, 80.0) << svg;
  EXPECT_LE(fit.widestLine, fit.viewWidth) << svg;
  EXPECT_THAT(svg, HasSubstr(">scene a-tall-and-narrow-room: 4 features"));
  EXPECT_THAT(svg, HasSubstr("the first contact: wall face 2 at t = 175<"));
  EXPECT_THAT(svg, HasSubstr("class=\"contact\""));
  EXPECT_THAT(svg, HasSubstr("class=\"ray-beyond\""));
}

TEST(Render, ChainPolygonStepsDrawTheirDecisions) {
  // The page's chain-box: a unit box at (0.25, −0.5) turned by 0.3 rad.
  const Case box = chainCase(makeBox(0.5, 0.5), {0.25, -0.5}, 0.3);
  const std::string p1 = drawStep(box, "P1");
  EXPECT_TRUE(legendHas(p1, "cross(edge0, e) = 4: p1 convex")) << p1;
  EXPECT_TRUE(legendHas(p1, "cross(e, edge2) = -4: p2 concave")) << p1;
  EXPECT_THAT(p1, HasSubstr(">convex</text>"));
  EXPECT_THAT(p1, HasSubstr(">concave</text>"));
  const std::string p2 = drawStep(box, "P2");
  EXPECT_TRUE(legendHas(p2, "dot(n1, centroid - p1) = 2")) << p2;
  EXPECT_TRUE(legendHas(p2, "not in the red region")) << p2;
  // Behind the segment and p1's convex neighbour: one-sided, no contact.
  EXPECT_TRUE(legendHas(drawStep(chainCase(makeBox(0.5, 0.5), {0, 1}), "P2"),
                        "behind n1 and every convex neighbour (red): no contact"));
  EXPECT_TRUE(legendHas(drawStep(box, "P3"), "meets B's core: distance 0"));
  EXPECT_TRUE(legendHas(drawStep(box, "P4"), "the cores touch (distance 0): P5 decides"));
  const std::string p5 = drawStep(box, "P5");
  EXPECT_TRUE(legendHas(p5, "P5: n1 separates by -0.1254 (B's vertex 2)")) << p5;
  EXPECT_TRUE(legendHas(p5, "n0 separates by -1.913")) << p5;
  EXPECT_TRUE(legendHas(p5, "B's admitted faces: none")) << p5;
  EXPECT_TRUE(legendHas(p5, "the segment face is the reference, incident vertex 2")) << p5;
  ManifoldRecord r;
  r.engine = "reference";
  r.manifold.status = Status::contact;
  r.manifold.normal = {0, -1};
  r.manifold.pointCount = 1;
  r.manifold.points[0] = {
      {0.5799, 0.0627}, -0.12543, {FeatureType::face, 0, FeatureType::vertex, 2}};
  const std::string p6 = drawStep(box, "P6", r);
  EXPECT_TRUE(hasLine(derivationLines(p6), {-2, 0}, {2, 0}, "#2ca02c")) << p6;
  EXPECT_TRUE(legendHas(p6, "incident edge: B's edge 2")) << p6;

  // Around a convex corner at p2 (the next piece rises to (2, 1)): the page's two P4 cases.
  Case corner;
  corner.id = "corner";
  corner.a = ChainSegment{{-2, 0}, {-1, 0}, {1, 0}, {2, 1}};
  Polygon triangle;
  triangle.count = 3;
  triangle.vertices = {Vec2{1.25, -0.5}, Vec2{1.75, -2}, Vec2{2.25, -0.75}};
  triangle.radius = 0.75;
  corner.b = triangle;
  EXPECT_TRUE(
      legendHas(drawStep(corner, "P3"), "P3: closest features vertex-vertex (p2, B's vertex 0)"));
  EXPECT_TRUE(legendHas(drawStep(corner, "P3"), "distance 0.559 <= rB = 0.75"));
  const std::string admitted = drawStep(corner, "P4");
  EXPECT_THAT(admitted, HasSubstr("class=\"cone\""));
  EXPECT_TRUE(legendHas(admitted, "leans toward p2 (convex, its cone green): admitted"))
      << admitted;
  Polygon rounded = makeBox(0.25, 0.25);
  rounded.radius = 0.5;
  corner.b = rounded;
  corner.xfB.p = {1.5, -0.125};
  const std::string skipped = drawStep(corner, "P4");
  EXPECT_TRUE(legendHas(skipped, "vertex-edge (p2, B's face 3), normal (1, 0)")) << skipped;
  EXPECT_TRUE(legendHas(skipped, "): skipped")) << skipped;
}

TEST(Render, AStepTheCaseHasNotIsNamed) {
  const Case box = chainCase(makeBox(0.5, 0.5), {0, -1});
  EXPECT_EQ(derivationStepProblem(box, "P1"), "");
  EXPECT_THAT(derivationStepProblem(box, "C1"), HasSubstr("B is not a circle"));
  EXPECT_THAT(derivationStepProblem(chainCase(Circle{{0, 0}, 1}, {0, -1}), "P6"),
              HasSubstr("B is neither"));
  EXPECT_THAT(derivationStepProblem(box, "P7"), HasSubstr("\"P7\" is none of"));
  EXPECT_THAT(derivationStepProblem(twoPointCase(), "P1"), HasSubstr("A is not one"));
  // Refused, a step draws the page's layer (as RenderLayers::derivation does).
  const std::vector<ManifoldRecord> records{twoPointManifold()};
  RenderLayers step;
  step.step = "P1";
  EXPECT_EQ(renderSvg(twoPointCase(), records, step),
            renderSvg(twoPointCase(), records, kDerivation));
}

TEST(Render, XmlTextKeepsLineBreaksAndEscapesMarkup) {
  EXPECT_EQ(xmlText("line 1\nline\t2 <&>'\""), "line 1\nline\t2 &lt;&amp;&gt;'&quot;");
  EXPECT_EQ(xmlText("back\\slash"), "back\\slash");
  EXPECT_EQ(xmlText("\x0b\x7f"), "\\u000b\\u007f");
}

// ---- Casts (renderCastSvg) -------------------------------------------------------------------

CastRecord castRecord(const char* engine, const CastResult& result, bool hasFeature = true) {
  CastRecord record;
  record.id = "cast";
  record.engine = engine;
  record.result = result;
  record.hasFeature = hasFeature;
  return record;
}

/// The world centre and radius of each <circle class="CLASS">.
std::vector<std::array<double, 3>> circlesOfClass(const std::string& svg, const std::string& cls) {
  const Vec2 origin = originOf(svg);
  const std::vector<double> numbers =
      numbersOf(svg, "<circle class=\"" + cls + "\" cx=\"" + kNumber + "\" cy=\"" + kNumber +
                         "\" r=\"" + kNumber);
  std::vector<std::array<double, 3>> out;
  for (std::size_t i = 0; i + 2 < numbers.size(); i += 3)
    out.push_back({origin.x + numbers[i], origin.y - numbers[i + 1], numbers[i + 2]});
  return out;
}

TEST(RenderCast, TheCircleAtTheHitIsWhereTheCastTouches) {
  // The box swept by a unit circle from (−3, −3) by (4, 4), the reference's hit at its corner
  // (−1, −1): the circle is drawn centred at origin + t·translation.
  CastCase c;
  c.id = "swept-box";
  c.shape = makeBox(1, 1);
  c.ray = CastInput{{-3, -3}, {4, 4}, 1.0, 0.75};
  CastResult hit;
  hit.status = CastStatus::hit;
  hit.fraction = 0.32322330470336313;
  hit.point = {-1, -1};
  hit.normal = {-0.7071067811865476, -0.7071067811865476};
  hit.feature = CastFeature{FeatureType::vertex, 0};
  const std::vector<CastRecord> records = {castRecord("reference", hit),
                                           castRecord("other", castStatusOnly(CastStatus::miss))};
  const std::string svg = renderCastSvg(c, records);
  const auto atHit = circlesOfClass(svg, "at-hit");
  ASSERT_EQ(atHit.size(), 1u) << svg;  // the miss draws nothing
  const Vec2 centre = c.ray.origin + hit.fraction * c.ray.translation;
  EXPECT_EQ(atHit[0][0], centre.x);
  EXPECT_EQ(atHit[0][1], centre.y);
  EXPECT_EQ(atHit[0][2], 1.0);
  const auto point = circlesOfClass(svg, "point");
  ASSERT_EQ(point.size(), 1u);
  EXPECT_EQ(point[0][0], -1.0);
  EXPECT_EQ(point[0][1], -1.0);
  // The path: the swept capsule from the origin to origin + maxFraction·translation (its sides
  // offset by r), the start circle, the centre line; the rest of the translation dotted.
  const Vec2 origin = originOf(svg);
  const std::vector<double> line =
      numbersOf(svg, std::string(R"(<path d="M)") + kNumber + "," + kNumber + " L" + kNumber + "," +
                         kNumber + R"(" fill="none" stroke="#555")");
  ASSERT_EQ(line.size(), 4u) << svg;
  EXPECT_EQ(origin.x + line[0], -3.0);
  EXPECT_EQ(origin.y - line[1], -3.0);
  EXPECT_EQ(origin.x + line[2], 0.0);  // −3 + 0.75·4
  EXPECT_EQ(origin.y - line[3], 0.0);
  EXPECT_THAT(svg, HasSubstr("stroke-dasharray=\"1 3\""));
  EXPECT_THAT(svg, HasSubstr(" A1,1 0 0 1 "));
  EXPECT_THAT(svg, HasSubstr(">reference: hit, t=0.323223, n=(-0.707107, -0.707107), vertex 0<"));
  EXPECT_THAT(svg, HasSubstr("other: miss"));
}

TEST(RenderCast, ALegendFitsItsWidthWithNumbersInBrief) {
  // A short cast along a thin box: the view was the scene's width, and a hit's legend line in
  // full precision (t and both normal components in seventeen digits) ran far past its right
  // edge. The legend writes six significant digits and the view is as wide as its longest line.
  CastCase c;
  c.id = "a-short-cast-with-a-long-name";
  c.shape = makeBox(0.5, 0.05);
  c.ray = CastInput{{-1, 0.3}, {0.9, -0.31}, 0.125, 1.0};
  CastResult hit;
  hit.status = CastStatus::hit;
  hit.fraction = 0.47914011293045834;
  hit.point = {-0.5000000000000001, 0.05000000000000002};
  hit.normal = {-0.8944271909999159, 0.4472135954999579};
  hit.feature = CastFeature{FeatureType::vertex, 3};
  const std::vector<CastRecord> records = {castRecord("reference", hit),
                                           castRecord("an-engine-with-a-long-name", hit)};
  const std::string svg = renderCastSvg(c, records);
  EXPECT_THAT(svg, HasSubstr(">reference: hit, t=0.47914, n=(-0.894427, 0.447214), vertex 3<"))
      << svg;
  EXPECT_THAT(svg, Not(HasSubstr("0.8944271909999159), vertex"))) << svg;
  const LegendFit fit = legendFit(svg);
  // The scene and its margins are 1.625·1.3 ≈ 2.11 wide; the longest line, even in brief, is
  // wider, and the view widens to it.
  EXPECT_GT(fit.widestLine, 2.2) << svg;
  EXPECT_LE(fit.widestLine, fit.viewWidth) << svg;
  // Every line by the wider estimate the renderer sizes with fits too.
  const std::vector<double> font = numbersOf(svg, std::string(R"(font-size=")") + kNumber);
  ASSERT_EQ(font.size(), 1u);
  const std::regex re(R"(<text [^>]*>([^<]*)</text>)");
  int lines = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator();
       ++it, ++lines)
    EXPECT_LE(svg::textWidthEm((*it)[1].str()) * font[0], fit.viewWidth) << (*it)[1];
  EXPECT_EQ(lines, 3);
  // A cast whose legend is short keeps the scene's own width and margins.
  c.id = "c";
  const std::string plain = renderCastSvg(c, {});
  EXPECT_NEAR(legendFit(plain).viewWidth, 1.625 * 1.3, 1e-12) << plain;
}

TEST(RenderCast, AnInitialOverlapDrawsTheCircleAtTheStartAndARayNoCapsule) {
  CastCase c;
  c.id = "ray";
  c.shape = Circle{{0, 0}, 1};
  c.ray = CastInput{{0.5, 0}, {4, 0}};
  const std::vector<CastRecord> records = {
      castRecord("box2d_v3", castStatusOnly(CastStatus::initialOverlap), false)};
  const std::string svg = renderCastSvg(c, records);
  const auto atStart = circlesOfClass(svg, "at-hit");
  ASSERT_EQ(atStart.size(), 1u);
  EXPECT_EQ(atStart[0][0], 0.5);
  EXPECT_EQ(atStart[0][1], 0.0);
  EXPECT_THAT(svg, Not(HasSubstr(" A0,0 ")));  // a ray sweeps no capsule
  EXPECT_THAT(svg, HasSubstr("box2d_v3: initial_overlap"));
}

TEST(RenderCast, AFarCastIsDrawnWhereItIs) {
  CastCase c;
  c.id = "far";
  c.shape = Circle{{0, 0}, 1};
  c.xf = {{1e12, -1e12}, Rot{1, 0}};
  c.ray = CastInput{{1e12 - 5, -1e12}, {10, 0}, 0.5};
  CastResult hit;
  hit.status = CastStatus::hit;
  hit.fraction = 0.35;
  hit.point = {1e12 - 1, -1e12};
  hit.normal = {-1, 0};
  const std::vector<CastRecord> records = {castRecord("reference", hit)};
  const std::string svg = renderCastSvg(c, records);
  const auto atHit = circlesOfClass(svg, "at-hit");
  ASSERT_EQ(atHit.size(), 1u);
  EXPECT_EQ(atHit[0][0], 1e12 - 1.5);
  EXPECT_EQ(atHit[0][1], -1e12);
  const std::vector<double> numbers =
      numbersOf(svg, std::string("<circle class=\"at-hit\" cx=\"") + kNumber);
  ASSERT_EQ(numbers.size(), 1u);
  EXPECT_LT(std::abs(numbers[0]), 16.0);  // small numbers, as a browser holds them
}

TEST(RenderCast, IdsCannotBreakTheXml) {
  CastCase c;
  c.id = "a<b>&\"c\x1b[31m";
  c.shape = Circle{{0, 0}, 1};
  c.ray = CastInput{{-3, 0}, {6, 0}};
  const std::string svg = renderCastSvg(c, {});
  EXPECT_THAT(svg, HasSubstr("<title>a&lt;b&gt;&amp;&quot;c\\u001b[31m</title>"));
}

}  // namespace
}  // namespace touche::oracle
