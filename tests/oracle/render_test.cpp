// renderSvg: where shapes are drawn (read back from the SVG's numbers), and text that stays
// well-formed XML whatever an id holds.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <regex>
#include <string>
#include <vector>

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
  EXPECT_NE(renderSvg(c, records, RenderLayers{true}), plain);
}

TEST(Render, DerivationLayerShowsReferenceFaceSidePlanesAndIncidentEdge) {
  // A's face 2 ((1, 1) → (−1, 1)) carries the normal (0, 1) and the ids; B's edge 0 is named by
  // the clipped point's face. The side planes run through (1, 1) and (−1, 1) along the normal.
  const std::string svg =
      renderSvg(twoPointCase(), std::vector<ManifoldRecord>{twoPointManifold()}, {true});
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
  const std::vector<DrawnLine> rays = derivationLines(renderSvg(c, {}, {true}));
  // No record: nothing to draw from.
  EXPECT_TRUE(rays.empty());
  ManifoldRecord none;
  none.engine = "reference";
  const std::string svg = renderSvg(c, std::vector<ManifoldRecord>{none}, {true});
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
      derivationLines(renderSvg(chain, std::vector<ManifoldRecord>{none}, {true}));
  bool ghost1 = false;
  bool ghost2 = false;
  for (const DrawnLine& l : lines) {
    ghost1 = ghost1 || (l.p == Vec2{-3, 1} && l.q == Vec2{-2, 0} && l.dashed);
    ghost2 = ghost2 || (l.p == Vec2{2, 0} && l.q == Vec2{3, -1} && l.dashed);
  }
  EXPECT_TRUE(ghost1);
  EXPECT_TRUE(ghost2);
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
  EXPECT_THAT(svg, HasSubstr("reference: hit, t=0.32322330470336313, n=(-0.7071067811865476, "
                             "-0.7071067811865476), vertex 0"));
  EXPECT_THAT(svg, HasSubstr("other: miss"));
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
