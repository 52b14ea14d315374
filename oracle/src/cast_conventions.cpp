// touche — cast conventions: the presets of check-casts and conventions files
// (cast_compare.h; docs/file-formats.md, "Cast conventions").
//
// As for manifolds (declared_conventions.cpp): one JSON object, every key optional (defaults:
// the exact conventions), and a key touche does not know is an error naming it, so that a typo
// never silently falls back to a default.
#include <array>
#include <cmath>
#include <map>

#include "conventions_file.h"
#include "touche/oracle/cast_compare.h"

namespace touche::oracle {
namespace {

using conventions_file::boolean;
using conventions_file::Json;
using conventions_file::KeyError;
using conventions_file::shortest;

/// A finite number of magnitude at most 2^50 (every input's bound); ≥ 0 unless `signedValue`.
double number(const Json& v, bool signedValue = false) {
  if (!v.is_number()) throw KeyError{"must be a number"};
  const double x = v.get<double>();
  if (!std::isfinite(x) || (!signedValue && !(x >= 0.0))) {
    throw KeyError{shortest(x) + " is not a finite number" + (signedValue ? "" : " >= 0")};
  }
  if (std::fabs(x) > kMaxCoordinate) {
    throw KeyError{shortest(x) + " exceeds 2^50 (about 1.1e15) in magnitude"};
  }
  return x;
}

/// "sweptTarget": an object of the CastTarget's six numbers (each optional, 0 by default).
CastTarget target(const Json& v) {
  if (!v.is_object()) throw KeyError{"must be an object (skin, radiusFloor, offset, ...)"};
  CastTarget t;
  const std::map<std::string, double*> fields = {
      {"skin", &t.skin},     {"radiusFloor", &t.radiusFloor},
      {"offset", &t.offset}, {"minimum", &t.minimum},
      {"below", &t.below},   {"above", &t.above}};
  for (const auto& [key, value] : v.items()) {
    const auto field = fields.find(key);
    if (field == fields.end()) {
      throw KeyError{"unknown key '" + key +
                     "' (known: above, below, minimum, offset, radiusFloor, skin)"};
    }
    try {
      *field->second = number(value, key == "offset");
    } catch (const KeyError& e) {
      throw KeyError{key + ": " + e.message};
    }
  }
  return t;
}

const conventions_file::Setters<CastConventions>& setters() {
  static const conventions_file::Setters<CastConventions> table = {
      {"engine",
       [](CastConventions& c, const Json& v) {
         if (!v.is_string()) throw KeyError{"must be a string"};
         c.engine = v.get<std::string>();
       }},
      {"precision",
       [](CastConventions& c, const Json& v) {
         const bool isFloat = v.is_string() && v.get<std::string>() == "float";
         if (!isFloat && !(v.is_string() && v.get<std::string>() == "double")) {
           throw KeyError{"must be \"float\" or \"double\""};
         }
         c.epsilon = isFloat ? 0x1p-23 : 0x1p-52;
       }},
      {"tieBandUnits", [](CastConventions& c, const Json& v) { c.tieBandUnits = number(v); }},
      {"lengthUnits", [](CastConventions& c, const Json& v) { c.lengthUnits = number(v); }},
      {"reportsInitialOverlap",
       [](CastConventions& c, const Json& v) { c.reportsInitialOverlap = boolean(v); }},
      {"overlapAsHitAtStart",
       [](CastConventions& c, const Json& v) { c.overlapAsHitAtStart = boolean(v); }},
      {"reportsFeatures",
       [](CastConventions& c, const Json& v) { c.reportsFeatures = boolean(v); }},
      {"sweptTarget", [](CastConventions& c, const Json& v) { c.sweptTarget = target(v); }},
      {"roundedPolygonRaysByTarget",
       [](CastConventions& c, const Json& v) { c.roundedPolygonRaysByTarget = boolean(v); }},
  };
  return table;
}

struct Preset {
  std::string_view name;
  std::string_view engine;  ///< castConventionsFor's name
};

constexpr std::array<Preset, 4> kPresets = {{{"exact", "fast"},
                                             {"float", "fast_float"},
                                             {"box2d-2.4.1", "box2d"},
                                             {"box2d-v3", "box2d_v3"}}};

constexpr std::array<std::string_view, 4> kPresetNames = {"exact", "float", "box2d-2.4.1",
                                                          "box2d-v3"};

}  // namespace

std::optional<CastConventions> castConventionsPreset(std::string_view name) {
  for (const Preset& p : kPresets) {
    if (p.name == name) {
      CastConventions conventions = castConventionsFor(p.engine);
      conventions.engine = std::string(p.name);
      return conventions;
    }
  }
  return std::nullopt;
}

std::span<const std::string_view> castConventionsPresetNames() {
  return kPresetNames;
}

std::variant<CastConventions, InputError> parseCastConventions(std::string_view text) {
  return conventions_file::parse(text, setters(), "a cast conventions file");
}

std::variant<CastConventions, InputError> loadCastConventions(const std::string& nameOrPath) {
  if (auto preset = castConventionsPreset(nameOrPath)) return *preset;
  std::string names;
  for (const std::string_view name : kPresetNames)
    names += (names.empty() ? "" : ", ") + std::string(name);
  return conventions_file::load(nameOrPath, names, parseCastConventions);
}

std::string formatCastConventions(const CastConventions& c) {
  nlohmann::ordered_json j;
  j["engine"] = c.engine;
  j["precision"] = c.epsilon == 0x1p-23 ? "float" : "double";
  j["tieBandUnits"] = c.tieBandUnits;
  j["lengthUnits"] = c.lengthUnits;
  j["reportsInitialOverlap"] = c.reportsInitialOverlap;
  j["overlapAsHitAtStart"] = c.overlapAsHitAtStart;
  j["reportsFeatures"] = c.reportsFeatures;
  if (c.sweptTarget) {
    const CastTarget& t = *c.sweptTarget;
    j["sweptTarget"] = {{"skin", t.skin},     {"radiusFloor", t.radiusFloor},
                        {"offset", t.offset}, {"minimum", t.minimum},
                        {"below", t.below},   {"above", t.above}};
  }
  j["roundedPolygonRaysByTarget"] = c.roundedPolygonRaysByTarget;
  return j.dump(2);
}

}  // namespace touche::oracle
