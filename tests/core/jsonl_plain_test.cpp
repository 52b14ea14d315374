// The plain readers (core/src/jsonl_plain.cpp) against the general ones: wherever the plain
// reader answers, it answers what the document reader answers, bit for bit — on touche's own
// lines, on hand-written lines of every shape the formats allow, and on 60 000 random edits of
// them — and it answers on the lines touche's writers write.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/test_support/line_edits.h"
#include "touche/test_support/reading_bits.h"

namespace {

using namespace touche;

/// How often the plain reader answered, and how often the document reader did.
struct Tally {
  int plain = 0;
  int document = 0;
};

/// Compares the readers on one case line; true when the plain reader answered.
bool sameCase(const std::string& line, Tally& tally) {
  const test::Agreement a = test::caseAgreement(line);
  EXPECT_EQ(a.mismatch, "") << line;
  tally.plain += a.plain ? 1 : 0;
  tally.document += a.document ? 1 : 0;
  return a.plain;
}

bool sameManifold(const std::string& line, const ManifoldReading& reading, Tally& tally) {
  const test::Agreement a = test::manifoldAgreement(line, reading);
  EXPECT_EQ(a.mismatch, "") << line;
  tally.plain += a.plain ? 1 : 0;
  tally.document += a.document ? 1 : 0;
  return a.plain;
}

const std::vector<std::string>& caseLines() {
  static const std::vector<std::string> lines = [] {
    std::vector<std::string> out = {
        R"({"id":"c","a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[1.5,-0.25],"radius":0.5},"xfA":{"p":[0,0],"q":[1,0]},"xfB":{"p":[1e-3,2E+2],"angle":0.5}})",
        R"( { "a" : { "radius" : 1 , "type" : "circle" , "center" : [ -0 , -0.0 ] } , "b" : {"type":"polygon","vertices":[[-1,-1],[1,-1],[1,1],[-1,1]],"radius":0.125}, "id" : "spaced" } )",
        R"({"a":{"type":"capsule","p1":["0x1p-3","-0x1.8p+1"],"p2":["1.5",2],"radius":"0.25"},"b":{"type":"segment","p1":[0,0],"p2":[1,0]}})",
        R"({"id":"chain","a":{"type":"chainSegment","ghost1":[-2,0],"p1":[-1,0],"p2":[1,0],"ghost2":[2,0]},"b":{"type":"polygon","vertices":[[0,0],[1,0],[0,1]]},"xfB":{"p":[0,0.5],"q":[0.6,0.8]}})",
        R"({"id":"extra","note":{"k":[1,true,false,null,"s",{"n":-1.5e-7}]},"a":{"type":"circle","center":[0,0],"radius":1,"unused":[[]]},"b":{"type":"circle","center":[2,0],"radius":1},"xfA":{}})",
        R"({"id":"big","a":{"type":"circle","center":[123456789012345678901234567890,-9223372036854775809],"radius":18446744073709551615},"b":{"type":"circle","center":[0.0e5,1e-300],"radius":1.7976931348623157e308}})",
        R"({"id":"tiny","a":{"type":"circle","center":[2.2250738585072014e-308,0],"radius":1},"b":{"type":"circle","center":[0,0],"radius":1}})",
        R"({"id":"sub","a":{"type":"circle","center":[4.9e-324,0],"radius":1},"b":{"type":"circle","center":[0,0],"radius":1}})",
        R"({"id":7,"a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[0,0],"radius":1}})",
        R"({"id":"esc\u0041","a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[0,0],"radius":1}})",
        R"({"id":"x","a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[0,0],"radius":1},"xfA":{"q":[1,0],"angle":0}})",
        R"({"id":"x~1","movedFrom":"x","a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[0,0],"radius":1}})",
        R"({"id":"y","movedFrom":["x"],"a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[0,0],"radius":1}})",
    };
    for (const char* ids : {"x", ""}) {
      Case c;
      c.id = ids;
      c.a = Polygon{{{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}}, 4, 0.0};
      c.b = Capsule{{0.1, 0.2}, {0.30000000000000004, -1e-20}, 0.05};
      c.xfB = {{1.0 / 3.0, -2.5}, rotFromAngle(0.7)};
      out.push_back(formatCase(c));
      out.push_back(formatCase(c, NumberFormat::hex));
    }
    return out;
  }();
  return lines;
}

const std::vector<std::string>& manifoldLines() {
  static const std::vector<std::string> lines = {
      R"({"id":"m","engine":"box2d","status":"contact","normal":[1,0],"points":[{"point":[0.75,0],"separation":-0.5,"id":{"typeA":"face","indexA":2,"typeB":"vertex","indexB":0}}],"gaps":{"axis":0.5},"flags":["degenerateNormal"]})",
      R"({"status":"contact","id":"n","normal":["0x1p-1",-0.0],"points":[{"point":[0,0],"separation":0,"id":131074},{"point":[1,0],"separation":-1e-3,"id":"opaque"}],"reason":"r","conventions":"box2d-v3"})",
      R"({"id":"o","status":"contact","normal":[0,1],"points":[{"id":{"z":1,"a":"s","indexA":9},"point":[0,0],"separation":0},{"point":[0,0],"separation":0,"id":{}}]})",
      R"({"id":"p","status":"contact","points":[{"point":[0,0],"separation":0,"normal":[0,1]},{"point":[1,0],"separation":0,"normal":[0,1]},{"point":[2,0],"separation":0,"normal":[0,1]}]})",
      R"({"id":"q","status":"no_contact","normal":"junk","points":7})",
      R"({"id":"r","engine":5,"status":"unsupported"})",
      R"({"id":"s","status":"error","reason":"bad \"quote\""})",
      R"({"id":"t","status":"contact","normal":[1,0],"points":[{"point":[0,0],"separation":0,"id":{"typeA":"edge","indexA":0,"typeB":"vertex","indexB":0}}]})",
      R"({"id":"u","status":"contact","normal":[1,0],"points":[{"point":[0,0],"separation":0,"id":{"typeA":"face","indexA":300,"typeB":"vertex","indexB":0}}]})",
      R"({"id":"v","status":"contact","normal":[1,0],"points":[{"point":[0,0],"separation":0,"id":{"typeA":"face","indexA":2.0,"typeB":"vertex","indexB":0}}]})",
      R"({"id":"w","status":"contact","normal":[1,0],"points":[]})",
      R"({"id":"x","status":"maybe"})",
  };
  return lines;
}

/// Random edits of `line` with bytes JSON gives meaning to.
std::string edited(const std::string& line, std::mt19937_64& rng) {
  return test::editedLine(line, rng, "{}[]\":,.-+eE0123456789xpa \\\x1b\xc3\xa9", 3);
}

TEST(JsonlPlain, ReadsWhatTheDocumentReaderReadsOnCaseLines) {
  Tally tally;
  int plainLines = 0;
  for (const std::string& line : caseLines())
    plainLines += sameCase(line, tally) ? 1 : 0;
  // Numbers as integers, exponents, strings, -0, unknown fields, spaces, movedFrom: all plain;
  // an escaped or a number id, a subnormal, q with angle, a movedFrom that is no string: not.
  EXPECT_EQ(plainLines, static_cast<int>(caseLines().size()) - 5);
  std::mt19937_64 rng(11);
  Tally edits;
  for (int trial = 0; trial < 30000; ++trial)
    sameCase(edited(caseLines()[rng() % caseLines().size()], rng), edits);
  // Most edits break the line; of those that still read, the plain reader takes most.
  EXPECT_GT(edits.document, 1500);
  EXPECT_GT(edits.plain, edits.document / 2) << edits.plain << " of " << edits.document;
}

TEST(JsonlPlain, ReadsWhatTheDocumentReaderReadsOnManifoldLines) {
  const ManifoldReading readings[] = {{}, {4, true}, {3, false}};
  for (const ManifoldReading& reading : readings) {
    Tally tally;
    for (const std::string& line : manifoldLines())
      sameManifold(line, reading, tally);
    EXPECT_GE(tally.plain, 4);
    std::mt19937_64 rng(13);
    Tally edits;
    for (int trial = 0; trial < 10000; ++trial)
      sameManifold(edited(manifoldLines()[rng() % manifoldLines().size()], rng), reading, edits);
    EXPECT_GT(edits.document, 300);
    EXPECT_GT(edits.plain, edits.document / 2) << edits.plain << " of " << edits.document;
  }
}

TEST(JsonlPlain, TakesWhatTouchesWritersWrite) {
  Tally tally;
  for (const std::string& line : caseLines()) {
    if (line.starts_with("{\"id\":\"x\",\"a\":{\"type\":\"polygon\"")) {
      EXPECT_TRUE(sameCase(line, tally)) << line;
    }
  }
  ManifoldRecord record;
  record.id = "m";
  record.engine = "fast";
  record.manifold.status = Status::contact;
  record.manifold.normal = {0.6, -0.8};
  record.manifold.pointCount = 2;
  record.manifold.points[0] = {{0.1, 0.2}, -1e-3, {FeatureType::face, 1, FeatureType::vertex, 3}};
  record.manifold.points[1] = {{0.3, 0.4}, 0.0, {FeatureType::vertex, 0, FeatureType::face, 0}};
  record.manifold.gaps.axis = 0.25;
  for (const NumberFormat format : {NumberFormat::decimal, NumberFormat::hex}) {
    EXPECT_TRUE(sameManifold(formatManifold(record, format), {}, tally));
  }
}

}  // namespace
