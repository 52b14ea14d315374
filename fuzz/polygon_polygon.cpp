// touche fuzzing — polygon vs polygon, cross-checked: reference, fast and Box2D 2.4.1.
//
// Input layout (decoded structurally, so a mutation of one byte changes one decision):
//   byte 0  path: 0–1 → a valid grid scene from the shared generators (random placements and
//           edge cases); 2 → edge cases only (parallel faces, vertex on face, at exact and hair
//           gaps); 3 → arbitrary doubles: a grid scene, then 1–4 numbers (or a vertex count)
//           overwritten by decoded doubles, NaN, ±inf and subnormals included.
//   byte 1  margin: a multiple of 4 → a grid margin in [0, 1/2] (drawn next), else 0.
//   byte 2  grid fraction bits, 2..21.
//   byte 3  whole-scene scale: 2^e with e = (int8)byte mod 41 (exact on the grid path).
//   rest    the generators' draws (ByteRng: two bytes each), then the arbitrary-double edits.
// The only acceptable outcomes are: every engine answers Status::error on invalid input; on
// valid input every engine answers with a finite manifold and fast and box2d agree with the
// reference within the oracle's tolerance (box2d inside Box2D's working range only, see
// inBox2dRange; TOUCHE_FUZZ_BOX2D=sharp|off narrows that further). Anything else is written
// as one JSONL line with hexfloats (stderr and ./touche-failure-<hash>.jsonl) and the process
// aborts.
#include "polygon_polygon.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <vector>

#include "touche/fast/fast.h"
#include "touche/oracle/box2d.h"
#include "touche/test_support/bad_inputs.h"
#include "touche/test_support/checks.h"
#include "touche/test_support/scene_ops.h"
#include "touche/test_support/scenes.h"

namespace touche::fuzz {
namespace {

using test::ByteRng;

/// Doubles a fuzzer would rarely reach by flipping bits: signed zeros, the subnormal and
/// normal extremes, the validation limit and its neighbour, non-finite values, float limits.
const double kSpecialValues[] = {0.0,
                                 -0.0,
                                 1.0,
                                 -1.0,
                                 0.5,
                                 0x1p-1074,
                                 -0x1p-1074,
                                 0x1p-1022,
                                 DBL_MAX,
                                 -DBL_MAX,
                                 0x1p50,
                                 -0x1p50,
                                 0x1.0000000000001p50,
                                 FLT_MIN,
                                 FLT_MAX,
                                 0x1p-149,
                                 0x1p24 + 1,
                                 0.1,
                                 std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(),
                                 std::numeric_limits<double>::quiet_NaN()};

/// One arbitrary double, derived from the current value `old`: raw bits, a special value,
/// a few ulps away, scaled by a power of two, or a small grid value.
double decodeDouble(ByteRng& in, double old) {
  switch (in.nextByte() % 5) {
    case 0: {
      const std::uint64_t bits = in.nextWord();
      double value;
      std::memcpy(&value, &bits, sizeof value);
      return value;
    }
    case 1:
      return kSpecialValues[in.nextByte() % std::size(kSpecialValues)];
    case 2: {
      const int steps = static_cast<std::int8_t>(in.nextByte());
      for (int i = 0; i < std::abs(steps); ++i)
        old = std::nextafter(old, steps > 0 ? INFINITY : -INFINITY);
      return old;
    }
    case 3:
      return std::ldexp(old, static_cast<std::int8_t>(in.nextByte()));
    default:
      return static_cast<std::int8_t>(in.nextByte()) / 16.0;
  }
}

/// Overwrites 1–4 numbers of the scene (or a polygon's vertex count) with decoded values.
void editArbitrarily(ByteRng& in, Case* scene) {
  const int edits = 1 + in.nextByte() % 4;
  for (int e = 0; e < edits; ++e) {
    const std::uint8_t target = in.nextByte();
    Shape* shape = (target & 1) ? &scene->b : &scene->a;
    Transform* xf = (target & 1) ? &scene->xfB : &scene->xfA;
    const std::vector<double*> numbers = test::numbersOf(shape, xf);
    const std::size_t index = (target >> 1) % (numbers.size() + 1);
    if (index < numbers.size()) {
      *numbers[index] = decodeDouble(in, *numbers[index]);
    } else if (auto* polygon = std::get_if<Polygon>(shape)) {
      polygon->count = in.nextByte() % (kMaxPolygonVertices + 3);  // 0..10: some invalid
    }
  }
}

}  // namespace

FuzzInput decodePolygonPolygon(const std::uint8_t* data, std::size_t size) {
  ByteRng in(data, size);
  const int path = in.nextByte() % 4;
  const bool withMargin = in.nextByte() % 4 == 0;
  test::SceneSpec spec;
  spec.grid.fractionBits = 2 + in.nextByte() % 20;
  const int scaleExponent = static_cast<std::int8_t>(in.nextByte()) % 41;
  FuzzInput input;
  if (withMargin) input.options.margin = test::gridValue(in, spec.grid, 0, 0.5);
  input.scene = path == 2 ? test::edgeCaseScene(in, PairId::polygon_polygon, spec)
                          : test::sceneFor(in, PairId::polygon_polygon, spec);
  input.scene = test::scaledScene(input.scene, scaleExponent);
  input.options.margin = std::ldexp(input.options.margin, scaleExponent);
  if (path == 3) {
    editArbitrarily(in, &input.scene);
    input.scene.id = "fuzz-arbitrary";
  }
  return input;
}

namespace {

/// Every engine must reject invalid input with Status::error.
std::string checkInvalid(const FuzzInput& in, const InputError& why) {
  for (const Engine* engine :
       {&reference::kEngine, &fast::kDoubleEngine, &oracle::box2d::kEngine}) {
    const Manifold m = test::runEngine(*engine, in.scene, in.options);
    if (m.status != Status::error) {
      return std::string(engine->name) + " answered " + std::string(statusName(m.status)) +
             " to invalid input (" + why.describe() + ")";
    }
  }
  return "";
}

/// Box2D's working range. Box2D is tuned for moving objects of 0.1–10 m, and its constants are
/// absolute lengths (b2_linearSlop = 0.005, the reference-face hysteresis 0.0005): on a polygon
/// a thousandth of a metre wide the hysteresis alone can pick a face that loses the contact.
/// Box2D is cross-checked when every polygon edge is at least kBox2dMinEdge long and every
/// coordinate is within kBox2dMaxCoordinate; reference and fast are checked everywhere.
constexpr double kBox2dMinEdge = 0x1p-4;
constexpr double kBox2dMaxCoordinate = 0x1p20;

bool inBox2dRange(const FuzzInput& in) {
  Case c = in.scene;
  for (Shape* shape : {&c.a, &c.b}) {
    Transform* xf = shape == &c.a ? &c.xfA : &c.xfB;
    for (const double* v : test::numbersOf(shape, xf)) {
      if (std::fabs(*v) > kBox2dMaxCoordinate) return false;
    }
    if (const auto* p = std::get_if<Polygon>(shape)) {
      for (int i = 0; i < p->count; ++i) {
        if (length(p->vertices[(i + 1) % p->count] - p->vertices[i]) < kBox2dMinEdge) return false;
      }
    }
  }
  return true;
}

/// The adapter's own refusal test (oracle/src/box2d.cpp, toB2 of a polygon), repeated: the
/// vertices rounded to float, consecutive edges subtracted in float, the turn taken in double;
/// a turn that is not strictly positive (a sliver that float arithmetic flattens) makes the
/// adapter answer Status::error, which is then legitimate.
bool box2dRefuses(const Shape& shape) {
  const auto* p = std::get_if<Polygon>(&shape);
  if (p == nullptr) return false;
  for (int i = 0; i < p->count; ++i) {
    const Vec2 v1 = p->vertices[i];
    const Vec2 v2 = p->vertices[(i + 1) % p->count];
    const Vec2 v3 = p->vertices[(i + 2) % p->count];
    const float ex = static_cast<float>(v2.x) - static_cast<float>(v1.x);
    const float ey = static_cast<float>(v2.y) - static_cast<float>(v1.y);
    const float dx = static_cast<float>(v3.x) - static_cast<float>(v2.x);
    const float dy = static_cast<float>(v3.y) - static_cast<float>(v2.y);
    const double turn = static_cast<double>(ex) * dy - static_cast<double>(ey) * dx;
    if (!(turn > 0.0)) return true;
  }
  return false;
}

/// Which cases box2d is cross-checked on, from TOUCHE_FUZZ_BOX2D: "all" (default: every case
/// in Box2D's range), "sharp" (only when neither polygon is rounded) or "off". Lets a run
/// isolate the other engines.
bool box2dInScope(const FuzzInput& in) {
  static const std::string scope = [] {
    const char* env = std::getenv("TOUCHE_FUZZ_BOX2D");
    return std::string(env ? env : "all");
  }();
  if (scope == "off" || !inBox2dRange(in)) return false;
  if (scope != "sharp") return true;
  for (const Shape* shape : {&in.scene.a, &in.scene.b}) {
    const auto* p = std::get_if<Polygon>(shape);
    if (p && p->radius != 0.0) return false;
  }
  return true;
}

std::string checkBox2d(const FuzzInput& in) {
  const Engine& box2d = oracle::box2d::kEngine;
  if (!box2dInScope(in)) return "";
  if (in.options.margin > 0) {  // Box2D 2.4.1 has no margin: the adapter says unsupported
    const Manifold m = test::runEngine(box2d, in.scene, in.options);
    if (m.status == Status::unsupported) return "";
    return "box2d answered " + std::string(statusName(m.status)) + " with margin > 0";
  }
  const test::CrossCheck check = test::crossCheck(box2d, in.scene, in.options);
  if (check.actual.status == Status::error &&
      (box2dRefuses(in.scene.a) || box2dRefuses(in.scene.b))) {
    return "";
  }
  if (oracle::isAcceptable(check.comparison.outcome)) return "";
  return "box2d vs reference: " + check.comparison.explanation;
}

std::string checkValid(const FuzzInput& in) {
  const Manifold expected = test::runEngine(reference::kEngine, in.scene, in.options);
  if (expected.status != Status::contact && expected.status != Status::noContact) {
    return "reference answered " + std::string(statusName(expected.status)) + " to valid input";
  }
  if (!test::isFinite(expected)) return "reference: non-finite " + test::describe(expected);
  for (const Case& c : {in.scene, test::swappedScene(in.scene)}) {
    const test::CrossCheck check = test::crossCheck(fast::kDoubleEngine, c, in.options);
    if (!oracle::isAcceptable(check.comparison.outcome)) {
      return "fast vs reference: " + check.comparison.explanation;
    }
  }
  return checkBox2d(in);
}

}  // namespace

std::string crossCheck(const FuzzInput& input) {
  const Case& c = input.scene;
  if (const auto why = validateInput(c.a, c.xfA, c.b, c.xfB, input.options)) {
    return checkInvalid(input, *why);
  }
  return checkValid(input);
}

std::string failureLine(const FuzzInput& input, const std::string& failure) {
  Case printable = input.scene;
  for (Shape* shape : {&printable.a, &printable.b}) {
    if (auto* p = std::get_if<Polygon>(shape))
      p->count = std::clamp(p->count, 0, kMaxPolygonVertices);
  }
  std::string line = formatCase(printable, NumberFormat::hex);
  const std::string headline = failure.substr(0, failure.find('\n'));
  std::string escaped;
  for (char ch : headline) {
    if (ch == '"' || ch == '\\') escaped += '\\';
    if (static_cast<unsigned char>(ch) >= 0x20) escaped += ch;
  }
  line.pop_back();  // the closing brace of the case object
  line += ",\"margin\":\"" + hexfloat(input.options.margin) + "\",\"failure\":\"" + escaped + "\"}";
  return line;
}

std::string reportFailure(const FuzzInput& input, const std::string& failure) {
  const std::string line = failureLine(input, failure);
  char name[64];
  std::snprintf(name, sizeof name, "touche-failure-%016zx.jsonl", std::hash<std::string>{}(line));
  std::fprintf(stderr, "%s\n%s\n", failure.c_str(), line.c_str());
  std::ofstream(name) << line << "\n";
  std::fprintf(stderr, "written to ./%s\n", name);
  return name;
}

double marginOfLine(const std::string& line) {
  const std::string key = "\"margin\":\"";
  const std::size_t at = line.find(key);
  if (at == std::string::npos) return 0.0;
  return std::strtod(line.c_str() + at + key.size(), nullptr);
}

}  // namespace touche::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const touche::fuzz::FuzzInput input = touche::fuzz::decodePolygonPolygon(data, size);
  const std::string failure = touche::fuzz::crossCheck(input);
  if (!failure.empty()) {
    touche::fuzz::reportFailure(input, failure);
    std::abort();
  }
  return 0;
}
