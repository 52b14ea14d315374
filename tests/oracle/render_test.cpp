// renderSvg: where shapes are drawn (read back from the SVG's numbers), and text that stays
// well-formed XML whatever an id holds.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

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

TEST(Render, XmlTextKeepsLineBreaksAndEscapesMarkup) {
  EXPECT_EQ(xmlText("line 1\nline\t2 <&>'\""), "line 1\nline\t2 &lt;&amp;&gt;'&quot;");
  EXPECT_EQ(xmlText("back\\slash"), "back\\slash");
  EXPECT_EQ(xmlText("\x0b\x7f"), "\\u000b\\u007f");
}

}  // namespace
}  // namespace touche::oracle
