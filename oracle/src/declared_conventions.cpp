// touche — conventions files: parseConventions, presets, loadConventions (judge.h).
//
// A conventions file is one JSON object. Every key is optional (defaults: the exact
// conventions); a key touche does not know is an error naming it, so a typo never silently
// falls back to a default.
#include <cmath>

#include "conventions_file.h"
#include "touche/oracle/conventions_presets.h"  // generated from oracle/conventions/*.json
#include "touche/core/pairs.h"
#include "touche/oracle/judge.h"

namespace touche::oracle {
namespace {

using conventions_file::boolean;
using conventions_file::Json;
using conventions_file::KeyError;
using conventions_file::shortest;

/// A margin, band or epsilon: checked here, when the file is loaded, against the bound every
/// input magnitude has (kMaxCoordinate, 2^50), so that a value no case could be judged under
/// (a margin of 1e308) is one error naming the key instead of a failure on every case.
double number(const Json& v) {
  if (!v.is_number()) throw KeyError{"must be a number"};
  const double x = v.get<double>();
  if (!(x >= 0.0) || !std::isfinite(x)) {
    throw KeyError{shortest(x) + " is not a finite number >= 0"};
  }
  if (x > kMaxCoordinate) {
    throw KeyError{shortest(x) +
                   " exceeds 2^50 (about 1.1e15), the largest magnitude touche "
                   "accepts in its input"};
  }
  return x;
}

/// An integer in [lo, hi] (a count: sides of a polygon, points of a manifold).
int integer(const Json& v, int lo, int hi) {
  if (!v.is_number_integer() &&
      !(v.is_number() && v.get<double>() == std::floor(v.get<double>()))) {
    throw KeyError{"must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi)};
  }
  const double x = v.get<double>();
  if (!(x >= lo && x <= hi)) {
    throw KeyError{shortest(x) + " is not an integer from " + std::to_string(lo) + " to " +
                   std::to_string(hi)};
  }
  return static_cast<int>(x);
}

/// The relative band's pairs: "all", or an array of canonical pair names (core/pairs.h).
PairSet pairSet(const Json& v) {
  if (v.is_string() && v.get<std::string>() == "all") return kAllPairs;
  if (!v.is_array()) throw KeyError{"must be \"all\" or an array of pair names"};
  PairSet set = 0;
  for (const Json& name : v) {
    PairId id{};
    if (!name.is_string() || !pairFromName(name.get<std::string>(), &id)) {
      std::string names;
      for (const PairInfo& p : kPairTable)
        names += (names.empty() ? "" : ", ") + std::string(p.name);
      throw KeyError{name.dump() + " is not a pair (pairs: " + names + ")"};
    }
    set |= pairBit(id);
  }
  return set;
}

/// One of `names` (the string form of an enum), by position.
int choice(const Json& v, std::initializer_list<const char*> names) {
  std::string all;
  int i = 0;
  for (const char* name : names) {
    if (v.is_string() && v.get<std::string>() == name) return i;
    all += (i++ ? ", \"" : "\"") + std::string(name) + "\"";
  }
  throw KeyError{"must be one of " + all};
}

IdComparison idComparison(const Json& v) {
  if (v.is_boolean()) return v.get<bool>() ? IdComparison::all : IdComparison::none;
  if (v.is_string() && v.get<std::string>() == "withoutCircles") {
    return IdComparison::withoutCircles;
  }
  throw KeyError{"must be true, false or \"withoutCircles\""};
}

const conventions_file::Setters<DeclaredConventions>& setters() {
  static const conventions_file::Setters<DeclaredConventions> table = {
      {"engine",
       [](DeclaredConventions& c, const Json& v) {
         if (!v.is_string()) throw KeyError{"must be a string"};
         c.engine = v.get<std::string>();
       }},
      {"normal",
       [](DeclaredConventions& c, const Json& v) {
         c.normal = static_cast<NormalDirection>(choice(v, {"AtoB", "BtoA"}));
       }},
      {"point",
       [](DeclaredConventions& c, const Json& v) {
         c.point = static_cast<PointPlacement>(choice(v, {"midpoint", "onA", "onB", "either"}));
       }},
      {"margin", [](DeclaredConventions& c, const Json& v) { c.margin = number(v); }},
      {"skinRadius", [](DeclaredConventions& c, const Json& v) { c.skinRadius = number(v); }},
      {"keepsPointsBeyondMargin",
       [](DeclaredConventions& c, const Json& v) { c.keepsPointsBeyondMargin = boolean(v); }},
      {"precision",
       [](DeclaredConventions& c, const Json& v) {
         c.precision =
             choice(v, {"float", "double"}) == 0 ? Precision::float32 : Precision::float64;
       }},
      {"tieBand", [](DeclaredConventions& c, const Json& v) { c.tieBand = number(v); }},
      {"tieBandUnits", [](DeclaredConventions& c, const Json& v) { c.tieBandUnits = number(v); }},
      {"zeroNormalEpsilon",
       [](DeclaredConventions& c, const Json& v) { c.zeroNormalEpsilon = number(v); }},
      {"capsuleTieBand",
       [](DeclaredConventions& c, const Json& v) { c.capsuleTieBand = number(v); }},
      {"relativeTieBand",
       [](DeclaredConventions& c, const Json& v) { c.relativeTieBand = number(v); }},
      {"relativeTieBandOffset",
       [](DeclaredConventions& c, const Json& v) { c.relativeTieBandOffset = number(v); }},
      {"compareIds", [](DeclaredConventions& c, const Json& v) { c.compareIds = idComparison(v); }},
      {"contactBand", [](DeclaredConventions& c, const Json& v) { c.contactBand = number(v); }},
      {"faceNormalsOnly",
       [](DeclaredConventions& c, const Json& v) { c.faceNormalsOnly = boolean(v); }},
      {"insideEpsilon", [](DeclaredConventions& c, const Json& v) { c.insideEpsilon = number(v); }},
      {"chainOwnership",
       [](DeclaredConventions& c, const Json& v) {
         c.chainOwnership =
             choice(v, {"v3", "box2d-2.4.1"}) == 0 ? ChainOwnership::v3 : ChainOwnership::box2d241;
       }},
      {"sidePlanesExtendedByRadius",
       [](DeclaredConventions& c, const Json& v) { c.sidePlanesExtendedByRadius = boolean(v); }},
      {"relativeTieBandPairs",
       [](DeclaredConventions& c, const Json& v) { c.relativeTieBandPairs = pairSet(v); }},
      {"pointNormals", [](DeclaredConventions& c, const Json& v) { c.pointNormals = boolean(v); }},
      {"maxPoints", [](DeclaredConventions& c,
                       const Json& v) { c.maxPoints = integer(v, 1, kMaxDeclaredPoints); }},
      {"pointSeparation",
       [](DeclaredConventions& c, const Json& v) {
         c.pointSeparation = static_cast<PointSeparation>(choice(v, {"own", "deepest"}));
       }},
      {"circleSegments",
       [](DeclaredConventions& c, const Json& v) {
         // 0: exact circles; a polygon needs 3 sides, and past 2^16 the sagitta is far below
         // any rounding (r·(1 − cos(π/n)) ≈ r·1.1e-9).
         c.circleSegments = integer(v, 0, 1 << 16);
         if (c.circleSegments == 1 || c.circleSegments == 2) {
           throw KeyError{"must be 0 (exact circles) or at least 3 sides"};
         }
       }},
      {"idFormat",
       [](DeclaredConventions& c, const Json& v) {
         c.idFormat = static_cast<IdFormat>(choice(v, {"touche", "box2d-2", "box2d-v3", "opaque"}));
       }},
      {"dropsCornerTouches",
       [](DeclaredConventions& c, const Json& v) { c.dropsCornerTouches = boolean(v); }},
  };
  return table;
}

struct Preset {
  std::string_view name;
  std::string_view text;
};

constexpr Preset kPresets[] = {
    {"box2d-2.4.1", generated::kConventionsBox2d241},
    {"box2d-2.4.1-noskin", generated::kConventionsBox2d241NoSkin},
    {"box2d-v3", generated::kConventionsBox2dV3},
    {"exact", generated::kConventionsExact},
};

}  // namespace

ManifoldReading manifoldReading(const DeclaredConventions& conventions) {
  return {conventions.maxPoints, conventions.pointNormals};
}

std::variant<DeclaredConventions, InputError> parseConventions(std::string_view text) {
  return conventions_file::parse(text, setters(), "a conventions file");
}

std::string_view conventionsPresetText(std::string_view name) {
  for (const Preset& p : kPresets) {
    if (p.name == name) return p.text;
  }
  return {};
}

std::optional<DeclaredConventions> conventionsPreset(std::string_view name) {
  const std::string_view text = conventionsPresetText(name);
  if (text.empty()) return std::nullopt;
  auto parsed = parseConventions(text);
  if (auto* c = std::get_if<DeclaredConventions>(&parsed)) return *c;
  return std::nullopt;
}

std::variant<DeclaredConventions, InputError> loadConventions(const std::string& nameOrPath) {
  if (auto preset = conventionsPreset(nameOrPath)) return *preset;
  std::string names;
  for (const Preset& p : kPresets)
    names += (names.empty() ? "" : ", ") + std::string(p.name);
  return conventions_file::load(nameOrPath, names, parseConventions);
}

}  // namespace touche::oracle
