// touche — JSON Lines reading and writing (design of the formats: docs/file-formats.md).
//
// Reading never throws and never crashes on bad input: every problem becomes an InputError
// naming the JSON path of the offending value. Numbers are JSON numbers or hexfloat/decimal
// strings, read exactly (strtod is correctly rounded); non-finite values are rejected.
#include "touche/core/jsonl.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace touche {
namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

/// Walks a parsed JSON document; the first problem is kept and later reads are no-ops.
class Reader {
 public:
  std::optional<InputError> error;

  bool ok() const { return !error.has_value(); }
  void fail(std::string field, std::string message) {
    if (ok()) error = InputError{std::move(field), std::move(message)};
  }

  const Json* member(const Json& object, const char* key, const std::string& field, bool required) {
    if (!ok()) return nullptr;
    const auto it = object.find(key);
    if (it == object.end()) {
      if (required) fail(field, "missing");
      return nullptr;
    }
    return &*it;
  }

  double number(const Json& value, const std::string& field) {
    if (!ok()) return 0.0;
    double out = 0.0;
    if (value.is_number()) {
      out = value.get<double>();
    } else if (value.is_string()) {
      out = parseNumberString(value.get<std::string>(), field);
    } else {
      fail(field, "expected a number or a hexfloat string, got " + std::string(value.type_name()));
      return 0.0;
    }
    if (ok() && !std::isfinite(out)) fail(field, "value is not a finite number");
    return ok() ? out : 0.0;
  }

  Vec2 vec2(const Json& value, const std::string& field) {
    if (!ok()) return {};
    if (!value.is_array() || value.size() != 2) {
      fail(field, "expected an array of two numbers [x, y]");
      return {};
    }
    return {number(value[0], field + "[0]"), number(value[1], field + "[1]")};
  }

  Vec2 vec2Member(const Json& object, const char* key, const std::string& prefix) {
    const std::string field = prefix + "." + key;
    const Json* value = member(object, key, field, true);
    return value ? vec2(*value, field) : Vec2{};
  }

  double numberMember(const Json& object, const char* key, const std::string& prefix, bool required,
                      double fallback = 0.0) {
    const std::string field = prefix + "." + key;
    const Json* value = member(object, key, field, required);
    return value ? number(*value, field) : fallback;
  }

 private:
  double parseNumberString(const std::string& text, const std::string& field) {
    if (text.empty()) {
      fail(field, "empty string is not a number");
      return 0.0;
    }
    errno = 0;
    char* end = nullptr;
    const double out = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) {
      fail(field, "\"" + text + "\" is not a number (expected e.g. 1.5 or \"0x1.8p+0\")");
      return 0.0;
    }
    if (!std::isfinite(out)) fail(field, "\"" + text + "\" is not a finite number");
    return out;
  }
};

Polygon readPolygon(Reader& r, const Json& j, const std::string& prefix) {
  Polygon polygon;
  const std::string field = prefix + ".vertices";
  const Json* vertices = r.member(j, "vertices", field, true);
  if (!vertices) return polygon;
  if (!vertices->is_array()) {
    r.fail(field, "expected an array of [x, y] vertices");
    return polygon;
  }
  if (vertices->size() < 3 || vertices->size() > static_cast<size_t>(kMaxPolygonVertices)) {
    r.fail(field, std::to_string(vertices->size()) + " vertices; a polygon needs 3 to 8");
    return polygon;
  }
  polygon.count = static_cast<int>(vertices->size());
  for (int i = 0; i < polygon.count; ++i) {
    polygon.vertices[i] = r.vec2((*vertices)[i], field + "[" + std::to_string(i) + "]");
  }
  polygon.radius = r.numberMember(j, "radius", prefix, false, 0.0);
  return polygon;
}

Shape readShape(Reader& r, const Json& j, const std::string& prefix) {
  if (!j.is_object()) {
    r.fail(prefix, "expected a shape object with a \"type\"");
    return Circle{};
  }
  const Json* type = r.member(j, "type", prefix + ".type", true);
  if (!type) return Circle{};
  const std::string name = type->is_string() ? type->get<std::string>() : "";
  if (name == "circle") {
    return Circle{r.vec2Member(j, "center", prefix), r.numberMember(j, "radius", prefix, true)};
  }
  if (name == "capsule") {
    return Capsule{r.vec2Member(j, "p1", prefix), r.vec2Member(j, "p2", prefix),
                   r.numberMember(j, "radius", prefix, true)};
  }
  if (name == "segment")
    return Segment{r.vec2Member(j, "p1", prefix), r.vec2Member(j, "p2", prefix)};
  if (name == "chainSegment") {
    return ChainSegment{r.vec2Member(j, "ghost1", prefix), r.vec2Member(j, "p1", prefix),
                        r.vec2Member(j, "p2", prefix), r.vec2Member(j, "ghost2", prefix)};
  }
  if (name == "polygon") return readPolygon(r, j, prefix);
  r.fail(prefix + ".type", "unknown shape type " + type->dump() +
                               " (circle, capsule, segment, polygon, chainSegment)");
  return Circle{};
}

/// {"p": [x, y], "q": [c, s]} or {"p": [x, y], "angle": radians}; absent parts are identity.
Transform readTransform(Reader& r, const Json& j, const std::string& prefix) {
  Transform xf;
  if (!j.is_object()) {
    r.fail(prefix, "expected {\"p\": [x, y], \"q\": [c, s]} or {\"p\": [x, y], \"angle\": a}");
    return xf;
  }
  if (const Json* p = r.member(j, "p", prefix + ".p", false)) xf.p = r.vec2(*p, prefix + ".p");
  const Json* q = r.member(j, "q", prefix + ".q", false);
  const Json* angle = r.member(j, "angle", prefix + ".angle", false);
  if (q && angle) r.fail(prefix, "give either \"q\" or \"angle\", not both");
  if (q) {
    const Vec2 cs = r.vec2(*q, prefix + ".q");
    xf.q = Rot{cs.x, cs.y};
  } else if (angle) {
    xf.q = rotFromAngle(r.number(*angle, prefix + ".angle"));
  }
  return xf;
}

std::string readId(Reader& r, const Json& j) {
  const Json* id = r.member(j, "id", "id", false);
  if (!id) return "";
  if (id->is_string()) return id->get<std::string>();
  if (id->is_number()) return id->dump();
  r.fail("id", "expected a string");
  return "";
}

std::optional<Json> parseObject(std::string_view line, std::optional<InputError>* error) {
  Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    *error = InputError{"line", "not valid JSON"};
    return std::nullopt;
  }
  if (!j.is_object()) {
    *error = InputError{"line", "expected a JSON object"};
    return std::nullopt;
  }
  return j;
}

// ---- writing ------------------------------------------------------------------------------

OrderedJson writeNumber(double value, NumberFormat format) {
  if (format == NumberFormat::hex) return hexfloat(value);
  return value;  // nlohmann writes the shortest decimal that round-trips
}

OrderedJson writeVec2(Vec2 v, NumberFormat format) {
  return OrderedJson::array({writeNumber(v.x, format), writeNumber(v.y, format)});
}

OrderedJson writeShape(const Shape& shape, NumberFormat f) {
  OrderedJson j;
  j["type"] = std::string(shapeTypeName(typeOf(shape)));
  if (const auto* c = std::get_if<Circle>(&shape)) {
    j["center"] = writeVec2(c->center, f);
    j["radius"] = writeNumber(c->radius, f);
  } else if (const auto* k = std::get_if<Capsule>(&shape)) {
    j["p1"] = writeVec2(k->p1, f);
    j["p2"] = writeVec2(k->p2, f);
    j["radius"] = writeNumber(k->radius, f);
  } else if (const auto* s = std::get_if<Segment>(&shape)) {
    j["p1"] = writeVec2(s->p1, f);
    j["p2"] = writeVec2(s->p2, f);
  } else if (const auto* ch = std::get_if<ChainSegment>(&shape)) {
    j["ghost1"] = writeVec2(ch->ghost1, f);
    j["p1"] = writeVec2(ch->p1, f);
    j["p2"] = writeVec2(ch->p2, f);
    j["ghost2"] = writeVec2(ch->ghost2, f);
  } else if (const auto* p = std::get_if<Polygon>(&shape)) {
    OrderedJson vertices = OrderedJson::array();
    for (int i = 0; i < p->count; ++i)
      vertices.push_back(writeVec2(p->vertices[i], f));
    j["vertices"] = std::move(vertices);
    if (p->radius != 0.0) j["radius"] = writeNumber(p->radius, f);
  }
  return j;
}

OrderedJson writeTransform(const Transform& xf, NumberFormat f) {
  OrderedJson j;
  j["p"] = writeVec2(xf.p, f);
  j["q"] = writeVec2({xf.q.c, xf.q.s}, f);
  return j;
}

std::string_view featureTypeName(FeatureType t) {
  return t == FeatureType::face ? "face" : "vertex";
}

OrderedJson writeFeatureId(FeatureId id) {
  OrderedJson j;
  j["typeA"] = std::string(featureTypeName(id.typeA));
  j["indexA"] = id.indexA;
  j["typeB"] = std::string(featureTypeName(id.typeB));
  j["indexB"] = id.indexB;
  return j;
}

bool hasAnyGap(const DecisionGaps& gaps) {
  return gaps.axis || gaps.incident || gaps.contact || gaps.clip || gaps.region || gaps.normal;
}

OrderedJson writeGaps(const DecisionGaps& gaps, NumberFormat f) {
  OrderedJson j = OrderedJson::object();
  if (gaps.axis) j["axis"] = writeNumber(*gaps.axis, f);
  if (gaps.incident) j["incident"] = writeNumber(*gaps.incident, f);
  if (gaps.contact) j["contact"] = writeNumber(*gaps.contact, f);
  if (gaps.clip) j["clip"] = writeNumber(*gaps.clip, f);
  if (gaps.region) j["region"] = writeNumber(*gaps.region, f);
  if (gaps.normal) j["normal"] = writeNumber(*gaps.normal, f);
  return j;
}

// ---- reading manifolds ----------------------------------------------------------------------

bool readFeatureType(const Json& j, FeatureType* out) {
  if (!j.is_string()) return false;
  const std::string name = j.get<std::string>();
  if (name == "face")
    *out = FeatureType::face;
  else if (name == "vertex")
    *out = FeatureType::vertex;
  else
    return false;
  return true;
}

/// An index of a typed id: an integer 0 to 255 (an integral float such as 3.0 too).
bool readFeatureIndex(const Json& j, std::uint8_t* out) {
  if (!j.is_number()) return false;
  const double value = j.get<double>();
  if (!(value >= 0.0 && value <= 255.0) || value != std::floor(value)) return false;
  *out = static_cast<std::uint8_t>(value);
  return true;
}

/// A typed id object; anything else (an integer key, a foreign object) is "no comparable id".
/// A typed object with a field no FeatureId holds also returns false, and says why in *error
/// (naming the field and its value as written).
bool readFeatureId(const Json& j, FeatureId* out, std::string* error) {
  if (!j.is_object()) return false;
  const auto typeA = j.find("typeA"), typeB = j.find("typeB");
  const auto indexA = j.find("indexA"), indexB = j.find("indexB");
  if (typeA == j.end() || typeB == j.end() || indexA == j.end() || indexB == j.end()) return false;
  const auto badIndex = [&](const char* name, const Json& value, std::uint8_t* field) {
    if (readFeatureIndex(value, field)) return false;
    *error = std::string(name) + " " + value.dump() + " is not a feature index (0 to 255)";
    return true;
  };
  const auto badType = [&](const char* name, const Json& value, FeatureType* field) {
    if (readFeatureType(value, field)) return false;
    *error = std::string(name) + " " + value.dump() + " is neither \"face\" nor \"vertex\"";
    return true;
  };
  return !badIndex("indexA", *indexA, &out->indexA) && !badIndex("indexB", *indexB, &out->indexB) &&
         !badType("typeA", *typeA, &out->typeA) && !badType("typeB", *typeB, &out->typeB);
}

bool readStatus(const std::string& name, Status* out) {
  for (Status s : {Status::contact, Status::noContact, Status::unsupported, Status::error}) {
    if (statusName(s) == name) {
      *out = s;
      return true;
    }
  }
  return false;
}

void readPoints(Reader& r, const Json& j, ManifoldRecord& record) {
  const Json* points = r.member(j, "points", "points", true);
  if (!points) return;
  if (!points->is_array() || points->size() > 2) {
    r.fail("points", "expected an array of at most 2 points");
    return;
  }
  Manifold& m = record.manifold;
  m.pointCount = static_cast<int>(points->size());
  for (int i = 0; i < m.pointCount; ++i) {
    const std::string prefix = "points[" + std::to_string(i) + "]";
    const Json& p = (*points)[i];
    if (!p.is_object()) {
      r.fail(prefix, "expected {\"point\": [x, y], \"separation\": s, \"id\": ...}");
      return;
    }
    m.points[i].point = r.vec2Member(p, "point", prefix);
    m.points[i].separation = r.numberMember(p, "separation", prefix, true);
    const auto id = p.find("id");
    if (id == p.end() || !readFeatureId(*id, &m.points[i].id, &record.idErrors[i])) {
      record.hasIds = false;
    }
  }
}

}  // namespace

std::variant<Case, InputError> parseCase(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObject(line, &error);
  if (!j) return *error;
  Reader r;
  Case c;
  c.id = readId(r, *j);
  const Json* a = r.member(*j, "a", "a", true);
  if (a) c.a = readShape(r, *a, "a");
  const Json* b = r.member(*j, "b", "b", true);
  if (b) c.b = readShape(r, *b, "b");
  if (const Json* xf = r.member(*j, "xfA", "xfA", false)) c.xfA = readTransform(r, *xf, "xfA");
  if (const Json* xf = r.member(*j, "xfB", "xfB", false)) c.xfB = readTransform(r, *xf, "xfB");
  if (r.error) return *r.error;
  return c;
}

std::variant<Case, InputError> loadCase(std::string_view line) {
  auto parsed = parseCase(line);
  if (const Case* c = std::get_if<Case>(&parsed)) {
    if (auto e = validateInput(c->a, c->xfA, c->b, c->xfB, Options{})) return *e;
  }
  return parsed;
}

std::variant<ManifoldRecord, InputError> parseManifold(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObject(line, &error);
  if (!j) return *error;
  Reader r;
  ManifoldRecord record;
  record.id = readId(r, *j);
  if (const Json* engine = r.member(*j, "engine", "engine", false); engine && engine->is_string()) {
    record.engine = engine->get<std::string>();
  }
  if (const Json* conventions = r.member(*j, "conventions", "conventions", false);
      conventions && conventions->is_string()) {
    record.conventions = conventions->get<std::string>();
  }
  if (const Json* reason = r.member(*j, "reason", "reason", false); reason && reason->is_string()) {
    record.reason = reason->get<std::string>();
  }
  const Json* status = r.member(*j, "status", "status", true);
  if (status &&
      !(status->is_string() && readStatus(status->get<std::string>(), &record.manifold.status))) {
    r.fail("status",
           "expected one of contact, no_contact, unsupported, error; got " + status->dump());
  }
  if (r.ok() && record.manifold.status == Status::contact) {
    record.manifold.normal = r.vec2Member(*j, "normal", "");
    readPoints(r, *j, record);
  }
  if (r.error) {
    if (!r.error->field.empty() && r.error->field.front() == '.') r.error->field.erase(0, 1);
    return *r.error;
  }
  return record;
}

std::string formatCase(const Case& c, NumberFormat format) {
  OrderedJson j;
  j["id"] = c.id;
  j["a"] = writeShape(c.a, format);
  j["b"] = writeShape(c.b, format);
  j["xfA"] = writeTransform(c.xfA, format);
  j["xfB"] = writeTransform(c.xfB, format);
  return j.dump();
}

std::string formatManifold(const ManifoldRecord& record, NumberFormat format) {
  const Manifold& m = record.manifold;
  OrderedJson j;
  j["id"] = record.id;
  j["engine"] = record.engine;
  if (!record.conventions.empty()) j["conventions"] = record.conventions;
  j["status"] = std::string(statusName(m.status));
  if (m.status == Status::contact) {
    j["normal"] = writeVec2(m.normal, format);
    OrderedJson points = OrderedJson::array();
    for (int i = 0; i < m.pointCount; ++i) {
      OrderedJson p;
      p["point"] = writeVec2(m.points[i].point, format);
      p["separation"] = writeNumber(m.points[i].separation, format);
      if (record.hasIds) p["id"] = writeFeatureId(m.points[i].id);
      points.push_back(std::move(p));
    }
    j["points"] = std::move(points);
    if (m.flags & kFlagDegenerateNormal) j["flags"] = OrderedJson::array({"degenerateNormal"});
  }
  if (hasAnyGap(m.gaps)) j["gaps"] = writeGaps(m.gaps, format);
  if (!record.reason.empty()) j["reason"] = record.reason;
  return j.dump();
}

std::vector<Line> readLines(std::istream& in) {
  std::vector<Line> lines;
  std::string text;
  std::size_t number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    lines.push_back({number, text});
  }
  return lines;
}

CaseFile readCases(std::istream& in) {
  CaseFile file;
  for (const Line& line : readLines(in)) {
    auto loaded = loadCase(line.text);
    if (auto* e = std::get_if<InputError>(&loaded)) {
      file.errors.push_back({"line " + std::to_string(line.number) + ": " + e->field, e->message});
      continue;
    }
    Case c = std::get<Case>(std::move(loaded));
    if (c.id.empty()) c.id = "line-" + std::to_string(line.number);
    file.cases.push_back(std::move(c));
  }
  return file;
}

}  // namespace touche
