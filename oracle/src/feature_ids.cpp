// touche oracle — feature ids in the declared format (feature_ids.h).
#include "feature_ids.h"

#include <algorithm>
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
IdReading readBox2dV3(const Json& j, const std::string& text, const Shape& a, const Shape& b) {
  const auto key = whole(j, 65535.0);
  if (!key) {
    IdReading r;
    r.error = "id " + shown(text) + " is not a Box2D v3 key (an integer 0 to 65535)";
    return r;
  }
  return v3Reading(static_cast<std::uint16_t>(*key), a, b);
}

/// The vertices of a shape's core: a polygon's count, a circle's 1, an edge's or capsule's 2.
int coreVertices(const Shape& s) {
  if (const auto* p = std::get_if<Polygon>(&s)) return p->count;
  return std::holds_alternative<Circle>(s) ? 1 : 2;
}

constexpr FeatureType kVertex = FeatureType::vertex;
constexpr FeatureType kFace = FeatureType::face;

std::uint8_t u8(int i) {
  return static_cast<std::uint8_t>(i);
}

void addUnique(std::vector<FeatureId>& out, const FeatureId& id) {
  if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
}

/// The features of a two-vertex core a b2CollideCapsules index stands for in a single point:
/// 0 its vertex 0 (the closest point's fraction is 0), 1 anywhere else (vertex 1, either side).
std::vector<std::pair<FeatureType, int>> capsuleFeatures(int index) {
  if (index == 0) return {{kVertex, 0}};
  return {{kVertex, 1}, {kFace, 0}, {kFace, 1}};
}

/// b2CollideCapsules' key (a, b): the union of what it means with A's core the reference
/// (a = 0: B's end b), with B's (b = 0: A's end a), and as a single point.
std::vector<FeatureId> capsuleCandidates(int a, int b) {
  std::vector<FeatureId> out;
  for (const int f : {0, 1}) {
    if (a == 0) {  // B's end b, or a point of B's core clipped at either end of A's
      addUnique(out, {kFace, u8(f), kVertex, u8(b)});
      for (const int v : {0, 1})
        addUnique(out, {kVertex, u8(v), kFace, u8(f)});
    }
    if (b == 0) {  // A's end a, or a point of A's core clipped at either end of B's
      addUnique(out, {kVertex, u8(a), kFace, u8(f)});
      for (const int v : {0, 1})
        addUnique(out, {kFace, u8(f), kVertex, u8(v)});
    }
  }
  for (const auto& [typeA, indexA] : capsuleFeatures(a)) {
    for (const auto& [typeB, indexB] : capsuleFeatures(b))
      addUnique(out, {typeA, u8(indexA), typeB, u8(indexB)});
  }
  return out;
}

std::string keyText(std::uint16_t key) {
  return "key " + std::to_string(key) + " = B2_MAKE_ID(" + std::to_string(key >> 8) + ", " +
         std::to_string(key & 0xFFu) + ")";
}

/// A circle as v3 builds it: a circle, or a capsule whose ends are one point in float
/// (b2CreateCapsuleShape makes it a circle there; box2d_v3.h).
bool v3Circle(const Shape& s) {
  if (std::holds_alternative<Circle>(s)) return true;
  const auto* capsule = std::get_if<Capsule>(&s);
  return capsule && static_cast<float>(capsule->p1.x) == static_cast<float>(capsule->p2.x) &&
         static_cast<float>(capsule->p1.y) == static_cast<float>(capsule->p2.y);
}

/// What b2CollideCapsules' key (a, b) says, in words.
std::string capsuleRule(int a, int b) {
  if (a == 0 && b == 0) return "either core's end 0, or a single point at both vertices 0";
  if (a == 0) return "B's end 1 with A's core the reference, or a single point at A's vertex 0";
  if (b == 0) return "A's end 1 with B's core the reference, or a single point at B's vertex 0";
  return "a single point off both vertices 0";
}

/// b2CollidePolygons' key: vertex hi of A and vertex lo of B (and, `crossed` too, vertex hi of
/// B and vertex lo of A, as the chain segment's clip writes it); an error when neither exists.
IdReading vertexKeyReading(std::uint16_t key, int countA, int countB, bool crossed,
                           const char* function) {
  IdReading r;
  r.key = std::to_string(key);
  const int hi = key >> 8, lo = key & 0xFF;
  if (hi < countA && lo < countB) r.typed = v3Candidates(hi, lo, countA, countB);
  if (crossed && lo < countA && hi < countB) r.crossed = v3Candidates(lo, hi, countA, countB);
  const std::string straight =
      "vertex " + std::to_string(hi) + " of A and " + std::to_string(lo) + " of B";
  if (r.typed.empty() && r.crossed.empty()) {
    r.error = keyText(key) + " names no vertex pair of " + function + " (A has vertices 0 to " +
              std::to_string(countA - 1) + ", B vertices 0 to " + std::to_string(countB - 1) + ")";
    return r;
  }
  r.rule = keyText(key) + " of " + function + ": " + straight +
           (crossed ? ", or (its clip on the other shape's face) vertex " + std::to_string(hi) +
                          " of the other shape and " + std::to_string(lo) + " of the chain segment"
                    : "");
  return r;
}

}  // namespace

IdReading v3Reading(std::uint16_t key, const Shape& a, const Shape& b) {
  const ShapeType ta = typeOf(a), tb = typeOf(b);
  const int countA = coreVertices(a), countB = coreVertices(b);
  const auto polygon = [](ShapeType t) { return t == ShapeType::polygon; };
  IdReading r;
  r.key = std::to_string(key);
  if (v3Circle(a) || v3Circle(b)) {
    // b2CollideCircles, b2CollideCapsuleAndCircle, b2CollidePolygonAndCircle and
    // b2CollideChainSegmentAndCircle write 0 for their one point.
    if (key != 0) r.error = keyText(key) + ": Box2D v3 writes 0 for a pair with a circle";
    return r;
  }
  if (isEdge(ta) && isEdge(tb)) return r;  // no pair of v3's: only its identity
  if (ta == ShapeType::chainSegment || tb == ShapeType::chainSegment) {
    return vertexKeyReading(key, countA, countB, true, "b2CollideChainSegmentAndPolygon");
  }
  if (polygon(ta) || polygon(tb)) {
    return vertexKeyReading(key, countA, countB, false, "b2CollidePolygons");
  }
  // Capsules, or a segment against a capsule: b2CollideCapsules.
  const int hi = key >> 8, lo = key & 0xFF;
  if (hi > 1 || lo > 1) {
    r.error = keyText(key) + ": b2CollideCapsules writes 0 or 1 in each byte";
    return r;
  }
  r.typed = capsuleCandidates(hi, lo);
  r.rule = keyText(key) + " of b2CollideCapsules (" + capsuleRule(hi, lo) + ")";
  return r;
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

IdReading readId(const ReportedPoint& p, IdFormat format, const Shape& a, const Shape& b) {
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
  if (format == IdFormat::box2d2) return readBox2d2(j, p.id, typeOf(a), typeOf(b));
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
