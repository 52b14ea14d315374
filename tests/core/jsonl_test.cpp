// JSON Lines: exact round trips, hexfloat strings, tolerant readers, errors naming the path.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cfloat>
#include <random>
#include <sstream>
#include <streambuf>

#include "touche/core/jsonl.h"
#include "touche/test_support/line_edits.h"

namespace touche {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

Case parseOk(std::string_view line) {
  auto parsed = parseCase(line);
  if (auto* e = std::get_if<InputError>(&parsed)) ADD_FAILURE() << e->describe();
  return std::get_if<Case>(&parsed) ? std::get<Case>(parsed) : Case{};
}

/// A case line with `radius` as circle a's radius (written as is: a JSON number or a string).
std::string circleCase(const std::string& radius) {
  return R"({"id": "r", "a": {"type": "circle", "center": [0, 0], "radius": )" + radius +
         R"(}, "b": {"type": "circle", "center": [1, 0], "radius": 1}})";
}

InputError parseError(std::string_view line) {
  auto parsed = loadCase(line);
  EXPECT_TRUE(std::holds_alternative<InputError>(parsed)) << line;
  return std::holds_alternative<InputError>(parsed) ? std::get<InputError>(parsed) : InputError{};
}

TEST(Jsonl, ReadsTheDesignExampleWithHexfloatsAndAngles) {
  const Case c = parseOk(
      R"({"id": "box-on-circle", "a": {"type": "polygon", "vertices": [[-1,-1],[1,-1],[1,1],[-1,1]],
          "radius": "0x1p-4"}, "b": {"type": "circle", "center": ["0x1.8p+1", 0], "radius": 0.5},
          "xfA": {"p": [0, 0], "q": [1, 0]}, "xfB": {"p": [1, 2], "angle": 0}})");
  EXPECT_EQ(c.id, "box-on-circle");
  const auto& a = std::get<Polygon>(c.a);
  EXPECT_EQ(a.count, 4);
  EXPECT_EQ(a.radius, 0.0625);
  EXPECT_EQ(a.vertices[2], (Vec2{1, 1}));
  const auto& b = std::get<Circle>(c.b);
  EXPECT_EQ(b.center, (Vec2{3, 0}));
  EXPECT_EQ(c.xfB.p, (Vec2{1, 2}));
  EXPECT_EQ(c.xfB.q, (Rot{1, 0}));
}

TEST(Jsonl, UnknownFieldsAreIgnoredAndTransformsDefaultToIdentity) {
  const Case c = parseOk(
      R"({"id": "x", "extra": {"deep": [1]}, "a": {"type": "circle", "center": [0, 0],
          "radius": 1, "color": "red"}, "b": {"type": "circle", "center": [1, 0], "radius": 1}})");
  EXPECT_EQ(c.xfA, Transform{});
  EXPECT_EQ(c.xfB, Transform{});
}

TEST(Jsonl, CaseRoundTripIsExactInBothNumberFormats) {
  std::mt19937_64 rng(20261121);
  std::uniform_real_distribution<double> coordinate(-1e6, 1e6);
  for (int trial = 0; trial < 200; ++trial) {
    Case c;
    c.id = "trial-" + std::to_string(trial);
    Polygon p = makeRegularPolygon({coordinate(rng), coordinate(rng)}, 1e-3 * (trial + 1),
                                   3 + trial % 6, coordinate(rng));
    p.radius = std::ldexp(1.0, -(trial % 1000)) * 0.3;  // down into subnormals
    c.a = p;
    c.b = Capsule{{coordinate(rng), 5e-324}, {-0.0, coordinate(rng)}, 0.1};
    c.xfA = {{coordinate(rng), coordinate(rng)}, rotFromAngle(coordinate(rng))};
    for (NumberFormat format : {NumberFormat::decimal, NumberFormat::hex}) {
      const Case back = parseOk(formatCase(c, format));
      ASSERT_EQ(back.id, c.id);
      const auto& pb = std::get<Polygon>(back.a);
      for (int i = 0; i < p.count; ++i)
        ASSERT_EQ(pb.vertices[i], p.vertices[i]);
      ASSERT_EQ(pb.radius, p.radius);
      ASSERT_EQ(std::get<Capsule>(back.b).p1, std::get<Capsule>(c.b).p1);
      ASSERT_TRUE(std::signbit(std::get<Capsule>(back.b).p2.x)) << "-0 keeps its sign";
      ASSERT_EQ(back.xfA, c.xfA);
    }
  }
}

TEST(Jsonl, HexFormatWritesHexfloatStrings) {
  Case c;
  c.id = "h";
  c.a = Circle{{1.5, 0}, 0.25};
  c.b = Circle{{0, 0}, 1};
  EXPECT_THAT(formatCase(c, NumberFormat::hex), HasSubstr(R"("center":["0x1.8p+0","0x0p+0"])"));
}

TEST(Jsonl, ErrorsNameTheJsonPath) {
  EXPECT_EQ(parseError("{not json").field, "line");
  EXPECT_EQ(parseError("[1, 2]").message, "expected a JSON object");
  EXPECT_EQ(parseError(R"({"a": {"type": "circle", "center": [0, 0], "radius": 1}})").field, "b");
  InputError e = parseError(
      R"({"a": {"type": "circle", "center": [0, "nan"], "radius": 1}, "b": {"type": "circle",
          "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.center[1]");
  EXPECT_THAT(e.message, HasSubstr("not a finite number"));
  e = parseError(R"({"a": {"type": "hexagon"}, "b": {"type": "circle", "center": [0, 0],
                     "radius": 1}})");
  EXPECT_EQ(e.field, "a.type");
  EXPECT_THAT(e.message, HasSubstr("unknown shape type \"hexagon\""));
  e = parseError(R"({"a": {"type": "polygon", "vertices": [[0,0],[1,0],[1,1],[0,1],[0,2],[1,2],
                     [2,2],[3,3],[4,4]]}, "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.vertices");
  EXPECT_THAT(e.message, HasSubstr("9 vertices"));
  e = parseError(R"({"a": {"type": "circle", "center": [0, 0], "radius": "1e999"},
                     "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.radius");
  e = parseError(R"({"a": {"type": "circle", "center": [0, 0], "radius": 1},
                     "b": {"type": "circle", "center": [0, 0], "radius": 1},
                     "xfA": {"q": [0.6, 0.6]}})");
  EXPECT_EQ(e.field, "xfA.q");
}

TEST(Jsonl, MovedFromIsReadWrittenBackAndNamedInErrors) {
  const std::string line =
      R"({"id": "b~1", "movedFrom": "b", "a": {"type": "circle", "center": [0, 0], "radius": 1},
          "b": {"type": "circle", "center": [0, 0], "radius": 1}})";
  const auto parsed = parseCase(line);
  ASSERT_TRUE(std::holds_alternative<Case>(parsed));
  const Case& c = std::get<Case>(parsed);
  EXPECT_EQ(c.movedFrom, "b");
  EXPECT_THAT(formatCase(c), HasSubstr(R"("id":"b~1","movedFrom":"b","a":)"));
  EXPECT_EQ(std::get<Case>(parseCase(formatCase(c))).movedFrom, "b");
  // Without one, none is written.
  Case plain = c;
  plain.movedFrom.clear();
  EXPECT_THAT(formatCase(plain), Not(HasSubstr("movedFrom")));
  const InputError e = parseError(
      R"({"movedFrom": 3, "a": {"type": "circle", "center": [0, 0], "radius": 1},
          "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "movedFrom");
  EXPECT_THAT(e.message, HasSubstr("expected the id (a string) of the case this one is a moved "
                                   "copy of, got 3"));
}

TEST(Jsonl, LoadCaseValidatesGeometry) {
  const InputError e = parseError(
      R"({"a": {"type": "polygon", "vertices": [[0,0],[0,1],[1,1],[1,0]]},
          "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.vertices");
  EXPECT_THAT(e.message, HasSubstr("clockwise"));
}

TEST(Jsonl, ManifoldRoundTripKeepsEverything) {
  ManifoldRecord r;
  r.id = "m";
  r.engine = "reference";
  r.manifold.status = Status::contact;
  r.manifold.normal = {0.6, -0.8};
  r.manifold.pointCount = 2;
  r.manifold.points[0] = {{0.1, 0.2}, -0.3, {FeatureType::face, 3, FeatureType::vertex, 1}};
  r.manifold.points[1] = {{-1e-310, 7}, 0.0, {FeatureType::vertex, 0, FeatureType::face, 2}};
  r.manifold.flags = kFlagDegenerateNormal;
  r.manifold.gaps.axis = 0.125;
  for (NumberFormat format : {NumberFormat::decimal, NumberFormat::hex}) {
    auto parsed = parseManifold(formatManifold(r, format));
    ASSERT_TRUE(std::holds_alternative<ManifoldRecord>(parsed));
    const ManifoldRecord& back = std::get<ManifoldRecord>(parsed);
    EXPECT_EQ(back.engine, "reference");
    EXPECT_EQ(back.manifold.status, Status::contact);
    EXPECT_EQ(back.manifold.normal, r.manifold.normal);
    ASSERT_EQ(back.manifold.pointCount, 2);
    EXPECT_EQ(back.manifold.points[1].point, r.manifold.points[1].point);
    EXPECT_EQ(back.manifold.points[0].separation, -0.3);
    EXPECT_EQ(back.manifold.points[0].id, r.manifold.points[0].id);
    EXPECT_TRUE(back.hasIds);
  }
}

TEST(Jsonl, EveryDecisionGapIsWrittenUnderItsName) {
  ManifoldRecord r;
  r.id = "g";
  r.engine = "reference";
  r.manifold.status = Status::noContact;
  r.manifold.gaps.clip = 0.25;
  r.manifold.gaps.region = 0x1p-60;
  r.manifold.gaps.normal = 0.0;
  const std::string line = formatManifold(r, NumberFormat::decimal);
  EXPECT_THAT(line, HasSubstr("\"gaps\":{\"clip\":0.25,\"region\":8.673617379884035e-19,"
                              "\"normal\":0.0}"));
}

TEST(Jsonl, ForeignManifoldsWithIntegerIdsAndExtraFields) {
  auto parsed = parseManifold(
      R"({"id": "c1", "status": "contact", "normal": [1, 0], "impulse": 3,
          "points": [{"point": [0, 0], "separation": -0.01, "id": 65793}]})");
  ASSERT_TRUE(std::holds_alternative<ManifoldRecord>(parsed));
  EXPECT_FALSE(std::get<ManifoldRecord>(parsed).hasIds);
  parsed = parseManifold(R"({"id": "c2", "status": "unsupported", "reason": "no capsules"})");
  ASSERT_TRUE(std::holds_alternative<ManifoldRecord>(parsed));
  EXPECT_EQ(std::get<ManifoldRecord>(parsed).manifold.status, Status::unsupported);
  parsed = parseManifold(R"({"id": "c3", "status": "touching"})");
  ASSERT_TRUE(std::holds_alternative<InputError>(parsed));
  EXPECT_EQ(std::get<InputError>(parsed).field, "status");
  parsed = parseManifold(R"({"id": "c4", "status": "contact", "normal": [1, 0],
                             "points": [{"point": [0, 0]}]})");
  ASSERT_TRUE(std::holds_alternative<InputError>(parsed));
  EXPECT_EQ(std::get<InputError>(parsed).field, "points[0].separation");
}

TEST(Jsonl, ReadCasesReportsLineNumbersAndSkipsBlankLines) {
  std::istringstream in(
      "{\"id\": \"ok\", \"a\": {\"type\": \"circle\", \"center\": [0, 0], \"radius\": 1}, "
      "\"b\": {\"type\": \"circle\", \"center\": [1, 0], \"radius\": 1}}\n"
      "\n"
      "{\"id\": \"bad\"}\r\n"
      "{\"a\": {\"type\": \"circle\", \"center\": [0, 0], \"radius\": 1}, "
      "\"b\": {\"type\": \"circle\", \"center\": [1, 0], \"radius\": 1}}\n");
  const CaseFile file = readCases(in);
  ASSERT_EQ(file.cases.size(), 2u);
  EXPECT_EQ(file.cases[1].id, "line-4");
  ASSERT_EQ(file.errors.size(), 1u);
  EXPECT_EQ(file.errors[0].field, "line 3: a");
}

// ---- hardening: every line below once crashed, was silently rounded or misread ------------

/// `depth` nested arrays around a 0.
std::string nestedArrays(std::size_t depth) {
  return std::string(depth, '[') + "0" + std::string(depth, ']');
}

TEST(JsonlHardening, DeeplyNestedShapeTypeIsRejectedNotACrash) {
  // 90k nested arrays in "type" overflowed the stack when the error message dumped the value.
  const InputError e = parseError(R"({"a": {"type": )" + nestedArrays(90000) +
                                  R"(}, "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "line");
  EXPECT_THAT(e.message, HasSubstr("nested deeper than 64 arrays and objects at byte 78"));
}

TEST(JsonlHardening, DeeplyNestedManifoldStatusIsRejectedNotACrash) {
  auto parsed = parseManifold(R"({"id": "m", "status": )" + nestedArrays(90000) + "}");
  ASSERT_TRUE(std::holds_alternative<InputError>(parsed));
  EXPECT_EQ(std::get<InputError>(parsed).field, "line");
  EXPECT_THAT(std::get<InputError>(parsed).message, HasSubstr("nested deeper than 64"));
}

TEST(JsonlHardening, NestingUpToTheLimitIsFineInAnUnknownField) {
  // The line's own object is level 1, so an extra field may hold 63 levels.
  const std::string body = R"("a": {"type": "circle", "center": [0, 0], "radius": 1},
      "b": {"type": "circle", "center": [1, 0], "radius": 1})";
  parseOk(R"({"extra": )" + nestedArrays(63) + ", " + body + "}");
  const InputError e = parseError(R"({"extra": )" + nestedArrays(64) + ", " + body + "}");
  EXPECT_THAT(e.message, HasSubstr("nested deeper than 64"));
  // Brackets inside strings (escaped quotes too) are text, not nesting.
  parseOk(R"({"id": "\"[[[[)" + std::string(100, '[') + R"(", )" + body + "}");
}

TEST(JsonlHardening, ErrorMessagesQuoteAValueCutShort) {
  InputError e = parseError(R"({"a": {"type": ")" + std::string(100000, 'x') +
                            R"("}, "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.type");
  EXPECT_LT(e.message.size(), 150u) << e.message;
  EXPECT_THAT(e.message, HasSubstr("unknown shape type \"xxxxxxxx"));
  EXPECT_THAT(e.message, HasSubstr("…"));
  auto parsed = parseManifold(R"({"id": "m", "status": )" + nestedArrays(60) + "}");
  ASSERT_TRUE(std::holds_alternative<InputError>(parsed));
  EXPECT_EQ(std::get<InputError>(parsed).field, "status");
  EXPECT_LT(std::get<InputError>(parsed).message.size(), 150u);
  // A cut never splits a UTF-8 character (the message is written into JSON later).
  e = parseError(R"({"a": {"type": ")" + std::string(59, 'x') + "\xc3\xa9\xc3\xa9" +
                 R"("}, "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_THAT(e.message, HasSubstr("\"" + std::string(59, 'x') + "…"));
}

TEST(JsonlHardening, HexfloatStringsMustBeExactlyADouble) {
  // More bits than a double (54), below the smallest double, beyond the largest.
  InputError e = parseError(circleCase(R"("0x1.fffffffffffff8p0")"));
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_EQ(e.message,
            "\"0x1.fffffffffffff8p0\" is not exactly a double: it has 54 significant bits, a "
            "double 53");
  e = parseError(circleCase(R"("0x1p-99999")"));
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_THAT(e.message, HasSubstr("its lowest bit is 2^-99999, below the smallest double"));
  e = parseError(circleCase(R"("0x3p-1076")"));
  EXPECT_THAT(e.message, HasSubstr("2^-1076"));
  e = parseError(circleCase(R"("0x1p1024")"));
  EXPECT_THAT(e.message, HasSubstr("is not a finite number"));
  e = parseError(circleCase(R"("0x1p-99999999999999999999999")"));
  EXPECT_THAT(e.message, HasSubstr("below the smallest double"));

  // Exactly doubles, however they are written.
  const auto radius = [](const std::string& text) {
    return std::get<Circle>(parseOk(circleCase(text)).a).radius;
  };
  EXPECT_EQ(radius(R"("0x1p-1074")"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(radius(R"("0x0.0000000000001p-1022")"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(radius(R"("0x4p-1076")"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(radius(R"("0x1.fffffffffffffp+1023")"), DBL_MAX);
  EXPECT_EQ(radius(R"("0x1.fffffffffffff000000000p0")"), 2.0 - 0x1p-52);
  EXPECT_EQ(radius(R"("0X00001.8P+1")"), 3.0);
  EXPECT_EQ(radius(R"("0x.8")"), 0.5);
  EXPECT_TRUE(std::signbit(radius(R"("-0x0p+0")")));
}

TEST(JsonlHardening, DecimalsAreTheNearestDoubleUnlessThatLosesMagnitude) {
  const auto radius = [](const std::string& text) {
    return std::get<Circle>(parseOk(circleCase(text)).a).radius;
  };
  EXPECT_EQ(radius("0.1"), 0.1);
  EXPECT_EQ(radius(R"("0.1")"), 0.1);
  EXPECT_EQ(radius("1e-310"), 1e-310);  // a subnormal's shortest decimal reads back
  EXPECT_EQ(radius(R"("5e-324")"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(radius("4.9406564584124654e-324"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(radius("2.2250738585072013e-308"), DBL_MIN);  // rounds up into the normals
  EXPECT_EQ(radius(R"("+.5")"), 0.5);

  // Underflow to 0, as a JSON number and as a string: named, quoted.
  InputError e = parseError(circleCase("1e-400"));
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_THAT(e.message, HasSubstr("1e-400 underflows"));
  e = parseError(circleCase(R"("-1e-400")"));
  EXPECT_THAT(e.describe(), HasSubstr("a.radius: \"-1e-400\" underflows"));
  // A subnormal that says more than the double holds.
  e = parseError(circleCase("1.23456e-320"));
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_THAT(e.message, HasSubstr("below the normal doubles"));
  EXPECT_THAT(e.message, HasSubstr("1.2347e-320"));  // the double to write instead
  // Just below the normals its nearest double is the largest subnormal, not 2^-1022.
  EXPECT_THAT(parseError(circleCase("2.2250738585072011e-308")).message,
              HasSubstr("2.225073858507201e-308 (0x0.fffffffffffffp-1022)"));
  // Overflow: a JSON number nlohmann cannot hold is named by its path, not "not valid JSON".
  e = parseError(circleCase("1e999"));
  EXPECT_EQ(e.describe(),
            "a.radius: 1e999 is not a finite number (beyond the largest double, "
            "about 1.8e308)");
  e = parseError(R"({"a": {"type": "polygon", "vertices": [[0, 0], [1, 0], [1, -1e999]]},
                     "b": {"type": "circle", "center": [0, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.vertices[2][1]");
  e = parseError(circleCase(R"("1e999")"));
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_THAT(e.message, HasSubstr("not a finite number"));
  // An unknown field nobody reads may hold a number no double stands for.
  parseOk(R"({"note": 1e-400, )" + circleCase("1").substr(1));
}

TEST(JsonlHardening, NumberStringsTakeNoSpacesEitherSide) {
  for (const char* text : {R"(" 0x1p0")", R"("0x1p0 ")", R"(" 1.5")", R"("1.5 ")", R"("1.5\n")",
                           R"("0x1p")", R"("0x")", R"("1e")", R"("1..5")", R"("")"}) {
    const InputError e = parseError(circleCase(text));
    EXPECT_EQ(e.field, "a.radius") << text;
    EXPECT_THAT(e.message, HasSubstr("is not a number")) << text;
  }
  for (const char* text : {R"("nan")", R"("-Infinity")", R"("inf")"}) {
    EXPECT_THAT(parseError(circleCase(text)).message, HasSubstr("is not a finite number"));
  }
}

TEST(JsonlHardening, LinesWithANulByteAreRejected) {
  // Bytes after a NUL used to be ignored (the line read as a C string).
  const std::string good = circleCase("1");
  const InputError e = parseError(good + std::string(1, '\0') + "garbage");
  EXPECT_EQ(e.field, "line");
  EXPECT_EQ(e.message,
            "a NUL byte at byte " + std::to_string(good.size() + 1) + " (JSON text has none)");
  parseOk(good);
}

TEST(JsonlHardening, RepeatedKeysAreRejectedByPath) {
  InputError e = parseError(
      R"({"a": {"type": "circle", "center": [0, 0], "radius": 1, "radius": 2},
          "b": {"type": "circle", "center": [1, 0], "radius": 1}})");
  EXPECT_EQ(e.field, "a.radius");
  EXPECT_THAT(e.message, HasSubstr("the key \"radius\" appears twice"));
  e = parseError(R"({"id": "x", "id": "y", )" + circleCase("1").substr(1));
  EXPECT_EQ(e.field, "id");
  auto parsed = parseManifold(R"({"id": "m", "status": "contact", "normal": [1, 0],
      "points": [{"point": [0, 0], "separation": 0}, {"point": [0, 0], "separation": 0,
      "separation": -1}]})");
  ASSERT_TRUE(std::holds_alternative<InputError>(parsed));
  EXPECT_EQ(std::get<InputError>(parsed).field, "points[1].separation");
  // A control character in a repeated key is shown escaped.
  e = parseError(R"({"x\u001b": 1, "x\u001b": 2})");
  EXPECT_EQ(e.field, "x\\u001b");
}

TEST(JsonlHardening, SyntaxErrorsNameTheByteAndStayShort) {
  const InputError e = parseError(R"({"id": ")" + std::string(5000, 'x'));
  EXPECT_EQ(e.field, "line");
  EXPECT_THAT(e.message, HasSubstr("not valid JSON at byte"));
  EXPECT_LT(e.message.size(), 200u);
  EXPECT_THAT(parseError(circleCase("1") + " x").message, HasSubstr("not valid JSON"));
}

TEST(JsonlHardening, OverlongTextIsRejectedByTheParsers) {
  const std::string line = circleCase("1") + std::string(kMaxLineBytes, ' ');
  EXPECT_THAT(parseError(line).message, HasSubstr("longer than the limit of 1048576 bytes"));
}

/// A stream that hands out one byte per read and counts them: shows how far a reader read.
class TrickleBuffer : public std::streambuf {
 public:
  explicit TrickleBuffer(std::string text) : text_(std::move(text)) {}
  std::size_t consumed = 0;

 protected:
  int_type underflow() override {
    if (consumed == text_.size()) return traits_type::eof();
    current_ = text_[consumed++];
    setg(&current_, &current_, &current_ + 1);
    return traits_type::to_int_type(current_);
  }

 private:
  std::string text_;
  char current_ = 0;
};

TEST(JsonlHardening, LineReaderReadsNoFurtherThanTheLineItReturns) {
  // `collide -` answers each line as it arrives: the reader must not wait for more input.
  TrickleBuffer buffer("first\nsecond\n");
  std::istream in(&buffer);
  LineReader reader(in);
  Line line;
  ASSERT_TRUE(reader.next(line));
  EXPECT_EQ(line.text, "first");
  EXPECT_EQ(buffer.consumed, 6u);
  ASSERT_TRUE(reader.next(line));
  EXPECT_EQ(line.text, "second");
  EXPECT_FALSE(reader.next(line));
}

TEST(JsonlHardening, LineReaderBoundsEachLineAndCarriesOn) {
  std::istringstream in("short\n" + std::string(40, 'x') + "\n\n \t\nlast\r\n" +
                        std::string(16, 'y') + "\r\n" + std::string(17, 'z'));
  LineReader reader(in, 16);
  Line line;
  ASSERT_TRUE(reader.next(line));
  EXPECT_EQ(line.number, 1u);
  EXPECT_FALSE(line.tooLong);
  ASSERT_TRUE(reader.next(line));
  EXPECT_EQ(line.number, 2u);
  EXPECT_TRUE(line.tooLong);
  EXPECT_EQ(line.text, std::string(17, 'x'));
  EXPECT_EQ(line.tooLongError().describe(),
            "line: longer than the limit of 16 bytes; the rest of the line is skipped");
  ASSERT_TRUE(reader.next(line));  // blank lines 3 and 4 skipped
  EXPECT_EQ(line.number, 5u);
  EXPECT_EQ(line.text, "last");
  ASSERT_TRUE(reader.next(line));  // exactly at the limit, before its \r\n
  EXPECT_EQ(line.number, 6u);
  EXPECT_FALSE(line.tooLong);
  EXPECT_EQ(line.text, std::string(16, 'y'));
  ASSERT_TRUE(reader.next(line));  // no newline at the end of the stream
  EXPECT_EQ(line.number, 7u);
  EXPECT_TRUE(line.tooLong);
  EXPECT_FALSE(reader.next(line));
}

TEST(JsonlHardening, ReadCasesWarnsOfRepeatedIdsWithBothLines) {
  const std::string line = circleCase("1");  // id "r"
  std::istringstream in(line + "\n" + circleCase("2") + "\n" + line + "\n");
  const CaseFile file = readCases(in);
  ASSERT_EQ(file.cases.size(), 3u);
  ASSERT_EQ(file.warnings.size(), 2u);
  EXPECT_EQ(file.warnings[0], "line 2: duplicate id \"r\" (first on line 1)");
  EXPECT_EQ(file.warnings[1], "line 3: duplicate id \"r\" (first on line 1)");
}

TEST(Jsonl, LineKindTellsEachCommandsCasesApart) {
  // By their members: a "ball" is a bounce scene, a "shape" and a "ray" a cast case, a
  // "manifold" a response case; anything else that parses is a collision case.
  EXPECT_EQ(lineKind(R"({"id": "s", "ball": {}, "walls": []})"), LineKind::bounceScene);
  EXPECT_EQ(lineKind(R"({"shape": {}, "ray": {}})"), LineKind::castCase);
  EXPECT_EQ(lineKind(R"({"shape": {}})"), LineKind::collisionCase);
  EXPECT_EQ(lineKind(R"({"a": {"invMass": 1}, "b": {}, "manifold": {}})"), LineKind::responseCase);
  EXPECT_EQ(lineKind(R"({"a": {"type": "circle"}})"), LineKind::collisionCase);
  EXPECT_EQ(lineKind("[1, 2]"), LineKind::unparsable);
  EXPECT_EQ(lineKind("{\"a\": "), LineKind::unparsable);
  EXPECT_EQ(otherKindOfLine(R"({"ball": {}})", LineKind::collisionCase),
            "a bounce scene, not a collision case: `touche check-bounces` judges its answers");
  EXPECT_EQ(otherKindOfLine(R"({"a": {}})", LineKind::castCase),
            "a collision case, not a cast case: `touche check` judges its answers");
  EXPECT_EQ(otherKindOfLine(R"({"ball": {}})", LineKind::bounceScene), "");
  EXPECT_EQ(otherKindOfLine("not json", LineKind::bounceScene), "");
}

TEST(JsonlHardening, IdOfLineNamesBadLinesWhereItCan) {
  EXPECT_EQ(idOfLine(R"({"id": "x", "a": 3})"), "x");
  EXPECT_EQ(idOfLine(R"({"id": 7})"), "7");
  EXPECT_EQ(idOfLine(R"({"a": 3})"), std::nullopt);
  EXPECT_EQ(idOfLine(R"({"id": "x", )"), "x");  // as far as the line parses
  EXPECT_EQ(idOfLine(R"({"id": "x", "r": 1e999})"), "x");
  EXPECT_EQ(idOfLine(R"({"r": 1e999, "id": "x"})"), std::nullopt);
  EXPECT_EQ(idOfLine(R"({"id": "x", "id": "y"})"), "x");
  EXPECT_EQ(idOfLine(R"({"id": "x", "b": )" + nestedArrays(90000) + "}"), std::nullopt);
}

// idOfLine reads a leading plain id ({"id":"...", printable ASCII, no escape) without parsing
// the rest of the line: it must find what the parse finds, whatever follows.
TEST(JsonlHardening, IdOfLineReadsALeadingPlainIdAsTheParseDoes) {
  EXPECT_EQ(idOfLine(R"({"id":"a-1 b","a":3})"), "a-1 b");
  EXPECT_EQ(idOfLine(" \t{ \"id\"\t:\r \"x\" }"), "x");
  EXPECT_EQ(idOfLine(R"({"id":"x"}garbage)"), "x");
  EXPECT_EQ(idOfLine(R"({"id":"x","a":[1,2)"), "x");
  EXPECT_EQ(idOfLine(R"({"id":"x","id":"y"})"), "x");
  EXPECT_EQ(idOfLine(R"({"id":""})"), std::nullopt);
  EXPECT_EQ(idOfLine(R"({"id":"","a":1})"), std::nullopt);
  // Not plain: the parse decides.
  EXPECT_EQ(idOfLine(R"({"id":"a\u0041\n"})"), "aA\n");
  EXPECT_EQ(idOfLine("{\"id\":\"\xc3\xa9\"}"), "\xc3\xa9");
  EXPECT_EQ(idOfLine("{\"id\":\"\xc3\"}"), std::nullopt);  // not UTF-8
  EXPECT_EQ(idOfLine("{\"id\":\"a\tb\"}"), std::nullopt);  // a raw control character
  EXPECT_EQ(idOfLine(R"({"id":"x)"), std::nullopt);
  EXPECT_EQ(idOfLine(R"({"a":1,"id":"x"})"), "x");
  EXPECT_EQ(idOfLine(R"(["id","x"])"), std::nullopt);
  // What the whole line must pass first: no NUL byte, no deeper nesting than 64.
  EXPECT_EQ(idOfLine(std::string(R"({"id":"x","a":")") + '\0' + "\"}"), std::nullopt);
  EXPECT_EQ(idOfLine(R"({"id":"x","a":)" + nestedArrays(63) + "}"), "x");  // 64 deep
  EXPECT_EQ(idOfLine(R"({"id":"x","a":)" + nestedArrays(64) + "}"), std::nullopt);
  // Brackets inside strings count for nothing, however many.
  EXPECT_EQ(idOfLine(R"({"id":"x","a":")" + std::string(100, '[') + "\"}"), "x");
}

TEST(JsonlHardening, PrintableEscapesWhatATerminalWouldActOn) {
  // An id that would print a forged verdict line and clear the screen.
  EXPECT_EQ(printable("x\nPASS\x1b[2J\r\t"), "x\\nPASS\\u001b[2J\\r\\t");
  EXPECT_EQ(printable("a\\b"), "a\\\\b");
  EXPECT_EQ(printable("a\\b", false), "a\\b");
  EXPECT_EQ(printable("\x7f\xc2\x9b"), "\\u007f\\u009b");  // DEL, C1 CSI
  EXPECT_EQ(printable("\xe2\x80\xae"
                      "abc"),
            "\\u202eabc");  // right-to-left override
  EXPECT_EQ(printable("\xff\xc3(\xed\xa0\x80"), "\\xff\\xc3(\\xed\\xa0\\x80");  // not UTF-8
  EXPECT_EQ(printable("caf\xc3\xa9 \xf0\x9f\x99\x82"), "caf\xc3\xa9 \xf0\x9f\x99\x82");
}

/// True when `text` is well-formed UTF-8 without a character a terminal would act on: nothing
/// for printable() to escape.
bool isPlainUtf8(const std::string& text) {
  return printable(text, false) == text;
}

TEST(JsonlHardening, MangledLinesNeverThrowAndGetShortUtf8Errors) {
  // Random edits of a valid case and a valid manifold line, with bytes JSON gives meaning to:
  // every result is a case, a manifold or an InputError whose message is short and UTF-8
  // (it is written into JSON and onto terminals).
  const std::string caseLine = circleCase(R"("0x1.8p-3")");
  const std::string manifoldLine =
      R"({"id":"m","status":"contact","normal":[1,0],"points":[{"point":[0,0],"separation":-1e-3}]})";
  const std::string alphabet = "{}[]\":,.-+eE0x1p\\u \x1b\xc3\xa9\xff\x00";
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 20000; ++trial) {
    const std::string line =
        test::editedLine(trial % 2 ? caseLine : manifoldLine, rng, alphabet, 4);
    std::variant<Case, InputError> parsedCase = InputError{};
    std::variant<ManifoldRecord, InputError> parsedManifold = InputError{};
    ASSERT_NO_THROW(parsedCase = loadCase(line)) << line;
    ASSERT_NO_THROW(parsedManifold = parseManifold(line)) << line;
    ASSERT_NO_THROW(idOfLine(line)) << line;
    for (const InputError* e :
         {std::get_if<InputError>(&parsedCase), std::get_if<InputError>(&parsedManifold)}) {
      if (!e) continue;
      ASSERT_LT(e->describe().size(), 400u) << line;
      ASSERT_TRUE(isPlainUtf8(e->describe())) << printable(e->describe());
    }
  }
}

TEST(JsonlHardening, WritersNeverThrowOnTextThatIsNotUtf8) {
  ManifoldRecord r;
  r.id = "bad\xff";
  r.reason = "why\xc3";
  r.manifold.status = Status::error;
  EXPECT_THAT(formatManifold(r), HasSubstr("\"id\":\"bad\xef\xbf\xbd\""));
}

}  // namespace
}  // namespace touche
