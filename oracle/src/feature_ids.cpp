// touche oracle — feature ids in the declared format (feature_ids.h).
#include "feature_ids.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace touche::oracle::ids {
namespace {

using Json = nlohmann::json;

/// An integer in [0, most] written as a JSON number (an integral float such as 3.0 too).
std::optional<std::uint32_t> whole(const Json& v, double most) {
  if (!v.is_number()) return std::nullopt;
  const double x = v.get<double>();
  if (!(x >= 0.0 && x <= most) || x != std::floor(x)) return std::nullopt;
  return static_cast<std::uint32_t>(x);
}

/// The id's text cut short for a message.
std::string shown(const std::string& text) {
  return text.size() <= 60 ? text : text.substr(0, 60) + "…";
}

FeatureType typeOfB2(std::uint32_t t) {
  return t == 1 ? FeatureType::face : FeatureType::vertex;
}

bool isEdge(ShapeType t) {
  return t == ShapeType::segment || t == ShapeType::chainSegment;
}

/// b2ContactFeature: the object {indexA, indexB, typeA, typeB}, or its 32-bit key.
IdReading readBox2d2(const Json& j, const std::string& text, ShapeType a, ShapeType b) {
  IdReading r;
  const std::string expected =
      " is not a b2ContactFeature ({indexA, indexB, typeA, typeB}: indices 0 to 255, types 0 "
      "(e_vertex) or 1 (e_face); or its 32-bit key)";
  std::uint32_t indexA = 0, indexB = 0, typeA = 0, typeB = 0;
  if (const auto key = whole(j, 4294967295.0)) {
    indexA = *key & 0xFFu, indexB = (*key >> 8) & 0xFFu;
    typeA = (*key >> 16) & 0xFFu, typeB = (*key >> 24) & 0xFFu;
  } else if (j.is_object()) {
    std::optional<std::uint32_t> parts[4];
    const char* names[] = {"indexA", "indexB", "typeA", "typeB"};
    for (int k = 0; k < 4; ++k) {
      const auto it = j.find(names[k]);
      if (it != j.end()) parts[k] = whole(*it, 255.0);
      if (!parts[k]) {
        r.error = "id " + shown(text) + expected + ": " + names[k] +
                  (it == j.end() ? " is missing" : " is " + shown(it->dump()));
        return r;
      }
    }
    indexA = *parts[0], indexB = *parts[1], typeA = *parts[2], typeB = *parts[3];
  } else {
    r.error = "id " + shown(text) + expected;
    return r;
  }
  if (typeA > 1 || typeB > 1) {
    r.error = "id " + shown(text) + ": type" +
              (typeA > 1 ? "A " + std::to_string(typeA) : "B " + std::to_string(typeB)) +
              " is neither e_vertex (0) nor e_face (1)";
    return r;
  }
  const FeatureId id{typeOfB2(typeA), static_cast<std::uint8_t>(indexA), typeOfB2(typeB),
                     static_cast<std::uint8_t>(indexB)};
  r.typed = {id};
  // Box2D 2.x calls an edge "face 0" whichever side the contact is on; touche's segment and
  // chain segment have face 0 on the right of p1 → p2 and face 1 on the left.
  if (id.typeA == FeatureType::face && id.indexA == 0 && isEdge(a)) {
    r.typed.push_back({id.typeA, 1, id.typeB, id.indexB});
  }
  if (id.typeB == FeatureType::face && id.indexB == 0 && isEdge(b)) {
    const std::size_t count = r.typed.size();
    for (std::size_t k = 0; k < count; ++k)
      r.typed.push_back({r.typed[k].typeA, r.typed[k].indexA, id.typeB, 1});
  }
  r.key = describe(id);
  return r;
}

/// Box2D v3's key B2_MAKE_ID(a, b): a 16-bit integer.
IdReading readBox2dV3(const Json& j, const std::string& text, ShapeType a, ShapeType b) {
  IdReading r;
  const auto key = whole(j, 65535.0);
  if (!key) {
    r.error = "id " + shown(text) + " is not a Box2D v3 key (an integer 0 to 65535)";
    return r;
  }
  r.key = std::to_string(*key);
  if (v3KeysNameVertices(a, b)) r.vertices = std::pair{int(*key >> 8), int(*key & 0xFFu)};
  return r;
}

}  // namespace

bool v3KeysNameVertices(ShapeType a, ShapeType b) {
  const auto polygonLike = [](ShapeType t) {
    return t == ShapeType::polygon || t == ShapeType::capsule || t == ShapeType::segment;
  };
  return polygonLike(a) && polygonLike(b) && (a == ShapeType::polygon || b == ShapeType::polygon);
}

std::vector<FeatureId> v3Candidates(int a, int b, int verticesA, int verticesB) {
  const auto u8 = [](int i) { return static_cast<std::uint8_t>(i); };
  const auto before = [](int k, int count) { return (k + count - 1) % count; };
  std::vector<FeatureId> out = {{FeatureType::vertex, u8(a), FeatureType::vertex, u8(b)}};
  for (const int face : {b, before(b, verticesB)}) {
    out.push_back({FeatureType::vertex, u8(a), FeatureType::face, u8(face)});
  }
  for (const int face : {a, before(a, verticesA)}) {
    out.push_back({FeatureType::face, u8(face), FeatureType::vertex, u8(b)});
  }
  return out;
}

IdReading typedReading(const FeatureId& id) {
  IdReading r;
  r.typed = {id};
  r.key = describe(id);
  return r;
}

IdReading readId(const ReportedPoint& p, IdFormat format, ShapeType a, ShapeType b) {
  if (format == IdFormat::touche) {
    IdReading r;
    if (p.typedId) return typedReading(*p.typedId);
    r.error = p.idError;
    r.unreadable = p.idError.empty();
    return r;
  }
  IdReading r;
  if (p.id.empty()) {
    r.error = "no id (the conventions declare every point has one)";
    return r;
  }
  const Json j = Json::parse(p.id, nullptr, false);
  if (format == IdFormat::box2d2) return readBox2d2(j, p.id, a, b);
  if (format == IdFormat::box2dV3) return readBox2dV3(j, p.id, a, b);
  r.key = p.id;  // opaque: its identity is its text as written
  return r;
}

std::string describe(const FeatureId& id) {
  const auto one = [](FeatureType t, int i) {
    return std::string(t == FeatureType::face ? "face " : "vertex ") + std::to_string(i);
  };
  return "(A's " + one(id.typeA, id.indexA) + ", B's " + one(id.typeB, id.indexB) + ")";
}

}  // namespace touche::oracle::ids
