// touche — reading and writing casts as JSON Lines (cast_jsonl.h; docs/file-formats.md).
//
// The shape and transform of a cast case are read by the very functions that read a collision
// case (jsonl_detail.h), so numbers, shapes and their errors mean the same in both formats.
#include "touche/core/cast_jsonl.h"

#include "jsonl_detail.h"

namespace touche {
namespace {

using namespace jsonl_detail;

/// {"origin": [x, y], "translation": [dx, dy], "radius": r, "maxFraction": f}; radius
/// defaults to 0 (a ray) and maxFraction to 1.
CastInput readRay(Reader& r, const Json& j, const std::string& prefix) {
  CastInput ray;
  if (!j.is_object()) {
    r.fail(prefix,
           "expected {\"origin\": [x, y], \"translation\": [dx, dy], \"radius\": r, "
           "\"maxFraction\": f}, got " +
               quotedValue(j));
    return ray;
  }
  ray.origin = r.vec2Member(j, "origin", prefix);
  ray.translation = r.vec2Member(j, "translation", prefix);
  ray.radius = r.numberMember(j, "radius", prefix, false, 0.0);
  ray.maxFraction = r.numberMember(j, "maxFraction", prefix, false, 1.0);
  return ray;
}

void readFeature(Reader& r, const Json& j, CastRecord& record) {
  const auto feature = j.find("feature");
  if (feature == j.end()) {
    record.hasFeature = false;
    return;
  }
  const auto type = feature->is_object() ? feature->find("type") : feature->end();
  const auto index = feature->is_object() ? feature->find("index") : feature->end();
  if (!feature->is_object() || type == feature->end() || index == feature->end()) {
    r.fail("feature",
           "expected {\"type\": \"face\"|\"vertex\", \"index\": i}, got " + quotedValue(*feature));
    return;
  }
  if (!readFeatureType(*type, &record.result.feature.type)) {
    r.fail("feature.type", quotedValue(*type) + " is neither \"face\" nor \"vertex\"");
  } else if (!readFeatureIndex(*index, &record.result.feature.index)) {
    r.fail("feature.index", quotedValue(*index) + " is not a feature index (0 to 255)");
  }
}

void readFlags(Reader& r, const Json& j, CastResult& result) {
  const auto flags = j.find("flags");
  if (flags == j.end()) return;
  if (!flags->is_array()) {
    r.fail("flags", "expected an array of flag names, got " + quotedValue(*flags));
    return;
  }
  for (const Json& flag : *flags) {
    if (flag.is_string() && flag.get<std::string>() == "degenerateNormal") {
      result.flags |= kFlagDegenerateNormal;
    }
  }
}

/// The fields of a hit: fraction, point and normal required, feature optional.
void readHit(Reader& r, const Json& j, CastRecord& record) {
  CastResult& result = record.result;
  result.fraction = r.numberMember(j, "fraction", "", true);
  result.point = r.vec2Member(j, "point", "");
  result.normal = r.vec2Member(j, "normal", "");
  readFeature(r, j, record);
  readFlags(r, j, result);
}

OrderedJson writeGaps(const CastGaps& gaps, NumberFormat f) {
  OrderedJson j = OrderedJson::object();
  if (gaps.hit) j["hit"] = writeNumber(*gaps.hit, f);
  if (gaps.initial) j["initial"] = writeNumber(*gaps.initial, f);
  if (gaps.feature) j["feature"] = writeNumber(*gaps.feature, f);
  if (gaps.side) j["side"] = writeNumber(*gaps.side, f);
  return j;
}

bool hasAnyGap(const CastGaps& gaps) {
  return gaps.hit || gaps.initial || gaps.feature || gaps.side;
}

}  // namespace

std::variant<CastCase, InputError> parseCastCase(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObjectLine(line, &error);
  if (!j) return *error;
  Reader r;
  CastCase c;
  c.id = readId(r, *j);
  if (const Json* shape = r.member(*j, "shape", "shape", true)) {
    c.shape = readShape(r, *shape, "shape");
  }
  if (const Json* xf = r.member(*j, "xf", "xf", false)) c.xf = readTransform(r, *xf, "xf");
  if (const Json* ray = r.member(*j, "ray", "ray", true)) c.ray = readRay(r, *ray, "ray");
  if (r.error) return *r.error;
  return c;
}

std::variant<CastCase, InputError> loadCastCase(std::string_view line) {
  return jsonl_detail::validated(
      parseCastCase(line), [](const CastCase& c) { return validateCast(c.shape, c.xf, c.ray); });
}

std::variant<CastRecord, InputError> parseCastResult(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObjectLine(line, &error);
  if (!j) return *error;
  Reader r;
  CastRecord record;
  record.id = readId(r, *j);
  record.engine = optionalText(r, *j, "engine");
  record.reason = optionalText(r, *j, "reason");
  readStatusMember(r, *j, castStatusFromName, "hit, miss, initial_overlap, unsupported, error",
                   &record.result.status);
  if (r.ok() && record.result.status == CastStatus::hit) readHit(r, *j, record);
  if (r.error) {
    if (!r.error->field.empty() && r.error->field.front() == '.') r.error->field.erase(0, 1);
    return *r.error;
  }
  return record;
}

std::string formatCastCase(const CastCase& c, NumberFormat format) {
  OrderedJson j;
  j["id"] = c.id;
  j["shape"] = writeShape(c.shape, format);
  j["xf"] = writeTransform(c.xf, format);
  OrderedJson ray;
  ray["origin"] = writeVec2(c.ray.origin, format);
  ray["translation"] = writeVec2(c.ray.translation, format);
  ray["radius"] = writeNumber(c.ray.radius, format);
  ray["maxFraction"] = writeNumber(c.ray.maxFraction, format);
  j["ray"] = std::move(ray);
  return dumpLine(j);
}

std::string formatCastResult(const CastRecord& record, NumberFormat format) {
  const CastResult& result = record.result;
  OrderedJson j;
  j["id"] = record.id;
  j["engine"] = record.engine;
  j["status"] = std::string(castStatusName(result.status));
  if (result.status == CastStatus::initialOverlap) j["fraction"] = writeNumber(0.0, format);
  if (result.status == CastStatus::hit) {
    j["fraction"] = writeNumber(result.fraction, format);
    j["point"] = writeVec2(result.point, format);
    j["normal"] = writeVec2(result.normal, format);
    if (record.hasFeature) {
      OrderedJson feature;
      feature["type"] = std::string(featureTypeName(result.feature.type));
      feature["index"] = result.feature.index;
      j["feature"] = std::move(feature);
    }
    if (result.flags & kFlagDegenerateNormal) {
      j["flags"] = OrderedJson::array({"degenerateNormal"});
    }
  }
  if (hasAnyGap(result.gaps)) j["gaps"] = writeGaps(result.gaps, format);
  if (!record.reason.empty()) j["reason"] = record.reason;
  return dumpLine(j);
}

CastCaseFile readCastCases(std::istream& in) {
  return jsonl_detail::readCaseLines<CastCaseFile>(
      in, kMaxLineBytes, [](std::string_view text) { return loadCastCase(text); });
}

}  // namespace touche
