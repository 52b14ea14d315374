// touche — reading and writing bounce scenes and paths as JSON Lines (bounce_jsonl.h).
//
// Numbers are read by the functions that read a collision case (jsonl_detail.h), so a scene's
// numbers and their errors mean the same as a case's.
#include "touche/core/bounce_jsonl.h"

#include <cmath>

#include "jsonl_detail.h"

namespace touche {
namespace {

using namespace jsonl_detail;

std::string at(const std::string& field, std::size_t i) {
  return field + "[" + std::to_string(i) + "]";
}

/// [[x, y], ...] (no size check: validation counts vertices).
std::vector<Vec2> readPoints(Reader& r, const Json& j, const std::string& field) {
  std::vector<Vec2> points;
  if (!j.is_array()) {
    r.fail(field, "expected an array of [x, y] vertices, got " + quotedValue(j));
    return points;
  }
  if (j.size() > kMaxSceneVertices) {
    r.fail(field, std::to_string(j.size()) + " vertices; a scene has at most " +
                      std::to_string(kMaxSceneVertices));
    return points;
  }
  points.reserve(j.size());
  for (std::size_t i = 0; i < j.size() && r.ok(); ++i)
    points.push_back(r.vec2(j[i], at(field, i)));
  return points;
}

BounceBall readBall(Reader& r, const Json& j) {
  BounceBall ball;
  if (!j.is_object()) {
    r.fail("ball", "expected {\"center\": [x, y], \"radius\": r, \"direction\": [dx, dy]}, got " +
                       quotedValue(j));
    return ball;
  }
  ball.center = r.vec2Member(j, "center", "ball");
  ball.radius = r.numberMember(j, "radius", "ball", true);
  ball.direction = r.vec2Member(j, "direction", "ball");
  return ball;
}

/// An integer count (an integral float such as 3.0 too) in [0, limit]; the fallback when absent.
int readCount(Reader& r, const Json& j, const char* key, int limit, int fallback) {
  const Json* value = r.member(j, key, key, false);
  if (!value) return fallback;
  const double count = r.number(*value, key);
  if (!r.ok()) return fallback;
  if (!(count >= 0 && count <= limit) || count != std::floor(count)) {
    r.fail(key, quotedValue(*value) + " is not an integer in [0, " + std::to_string(limit) + "]");
    return fallback;
  }
  return static_cast<int>(count);
}

std::vector<std::vector<Vec2>> readObstacles(Reader& r, const Json& j) {
  std::vector<std::vector<Vec2>> obstacles;
  const Json* list = r.member(j, "obstacles", "obstacles", false);
  if (!list) return obstacles;
  if (!list->is_array()) {
    r.fail("obstacles", "expected an array of polygons, got " + quotedValue(*list));
    return obstacles;
  }
  for (std::size_t k = 0; k < list->size() && r.ok(); ++k)
    obstacles.push_back(readPoints(r, (*list)[k], at("obstacles", k)));
  return obstacles;
}

void readFeature(Reader& r, const Json& leg, const std::string& prefix, BounceFeature& feature,
                 BounceLegFields& fields) {
  const auto found = leg.find("feature");
  if (found == leg.end()) {
    fields.feature = false;
    return;
  }
  const Json& j = *found;
  const auto type = j.is_object() ? j.find("type") : j.end();
  const auto index = j.is_object() ? j.find("index") : j.end();
  const std::string field = prefix + ".feature";
  if (!j.is_object() || type == j.end() || index == j.end()) {
    r.fail(field, "expected {\"type\": \"face\"|\"vertex\", \"index\": i}, got " + quotedValue(j));
    return;
  }
  if (!readFeatureType(*type, &feature.type)) {
    r.fail(field + ".type", quotedValue(*type) + " is neither \"face\" nor \"vertex\"");
    return;
  }
  const double i = index->is_number() ? index->get<double>() : -1.0;
  if (!(i >= 0 && i < static_cast<double>(kMaxSceneVertices)) || i != std::floor(i)) {
    r.fail(field + ".index", quotedValue(*index) + " is not a vertex index");
    return;
  }
  feature.index = static_cast<std::uint32_t>(i);
}

/// One leg: start, end and hit required; the rest optional (fields says which were there).
BounceLeg readLeg(Reader& r, const Json& j, const std::string& prefix, BounceLegFields& fields) {
  BounceLeg leg;
  if (!j.is_object()) {
    r.fail(prefix, "expected a leg object, got " + quotedValue(j));
    return leg;
  }
  leg.start = r.vec2Member(j, "start", prefix);
  leg.end = r.vec2Member(j, "end", prefix);
  fields.direction = j.contains("direction");
  leg.direction = fields.direction ? r.vec2Member(j, "direction", prefix) : leg.end - leg.start;
  fields.length = j.contains("length");
  leg.length =
      fields.length ? r.numberMember(j, "length", prefix, true) : length(leg.end - leg.start);
  const Json* hit = r.member(j, "hit", prefix + ".hit", true);
  if (hit && !(hit->is_string() && bounceHitFromName(hit->get<std::string>(), &leg.feature.hit))) {
    r.fail(prefix + ".hit",
           "expected \"wall\", \"obstacle\" or \"none\", got " + quotedValue(*hit));
  }
  if (!r.ok() || leg.feature.hit == BounceHit::none) return leg;
  if (leg.feature.hit == BounceHit::obstacle) {
    const std::string field = prefix + ".obstacle";
    const Json* k = r.member(j, "obstacle", field, true);
    const double index = k && k->is_number() ? k->get<double>() : -1.0;
    if (k && (!(index >= 0 && index < static_cast<double>(kMaxSceneVertices)) ||
              index != std::floor(index))) {
      r.fail(field, quotedValue(*k) + " is not an obstacle index");
    }
    if (r.ok()) leg.feature.polygon = static_cast<std::uint32_t>(index);
  }
  readFeature(r, j, prefix, leg.feature, fields);
  fields.normal = j.contains("normal");
  if (fields.normal) leg.normal = r.vec2Member(j, "normal", prefix);
  return leg;
}

OrderedJson writeGaps(const BounceLegGaps& gaps, NumberFormat f) {
  OrderedJson j = OrderedJson::object();
  if (gaps.feature) j["feature"] = writeNumber(*gaps.feature, f);
  if (gaps.graze) j["graze"] = writeNumber(*gaps.graze, f);
  if (gaps.length) j["length"] = writeNumber(*gaps.length, f);
  return j;
}

OrderedJson writePoints(const std::vector<Vec2>& points, NumberFormat f) {
  OrderedJson j = OrderedJson::array();
  for (const Vec2 v : points)
    j.push_back(writeVec2(v, f));
  return j;
}

OrderedJson writeLeg(const BounceLeg& leg, NumberFormat f) {
  OrderedJson j;
  j["start"] = writeVec2(leg.start, f);
  j["direction"] = writeVec2(leg.direction, f);
  j["end"] = writeVec2(leg.end, f);
  j["length"] = writeNumber(leg.length, f);
  j["hit"] = std::string(bounceHitName(leg.feature.hit));
  if (leg.feature.hit != BounceHit::none) {
    if (leg.feature.hit == BounceHit::obstacle) j["obstacle"] = leg.feature.polygon;
    OrderedJson feature;
    feature["type"] = std::string(featureTypeName(leg.feature.type));
    feature["index"] = leg.feature.index;
    j["feature"] = std::move(feature);
    j["normal"] = writeVec2(leg.normal, f);
  }
  if (leg.gaps.feature || leg.gaps.graze || leg.gaps.length) j["gaps"] = writeGaps(leg.gaps, f);
  return j;
}

}  // namespace

std::variant<BounceCase, InputError> parseBounceCase(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObjectLine(line, &error, kMaxSceneLineBytes);
  if (!j) return *error;
  Reader r;
  BounceCase c;
  c.id = readId(r, *j);
  if (const Json* ball = r.member(*j, "ball", "ball", true)) c.scene.ball = readBall(r, *ball);
  if (const Json* walls = r.member(*j, "walls", "walls", true)) {
    c.scene.walls = readPoints(r, *walls, "walls");
  }
  if (r.ok()) c.scene.obstacles = readObstacles(r, *j);
  c.scene.maxBounces = readCount(r, *j, "maxBounces", kMaxBounces, kDefaultMaxBounces);
  if (const Json* length = r.member(*j, "maxLength", "maxLength", false)) {
    c.scene.maxLength = r.number(*length, "maxLength");
  }
  if (r.error) return *r.error;
  return c;
}

std::variant<BounceCase, InputError> loadBounceCase(std::string_view line) {
  return jsonl_detail::validated(parseBounceCase(line),
                                 [](const BounceCase& c) { return validateBounceScene(c.scene); });
}

std::variant<BouncePathRecord, InputError> parseBouncePath(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObjectLine(line, &error, kMaxSceneLineBytes);
  if (!j) return *error;
  Reader r;
  BouncePathRecord record;
  record.id = readId(r, *j);
  record.engine = optionalText(r, *j, "engine");
  record.reason = optionalText(r, *j, "reason");
  readStatusMember(r, *j, bounceStatusFromName,
                   "obstacle, max_bounces, max_length, unsupported, error", &record.path.status);
  const bool answered =
      record.path.status != BounceStatus::error && record.path.status != BounceStatus::unsupported;
  const Json* legs = r.ok() ? r.member(*j, "legs", "legs", answered) : nullptr;
  if (legs && !legs->is_array())
    r.fail("legs", "expected an array of legs, got " + quotedValue(*legs));
  for (std::size_t i = 0; legs && legs->is_array() && i < legs->size() && r.ok(); ++i) {
    BounceLegFields fields;
    record.path.legs.push_back(readLeg(r, (*legs)[i], at("legs", i), fields));
    record.fields.push_back(fields);
  }
  if (r.error) return *r.error;
  return record;
}

std::string formatBounceCase(const BounceCase& c, NumberFormat format) {
  const BounceScene& s = c.scene;
  OrderedJson j;
  j["id"] = c.id;
  OrderedJson ball;
  ball["center"] = writeVec2(s.ball.center, format);
  ball["radius"] = writeNumber(s.ball.radius, format);
  ball["direction"] = writeVec2(s.ball.direction, format);
  j["ball"] = std::move(ball);
  j["walls"] = writePoints(s.walls, format);
  OrderedJson obstacles = OrderedJson::array();
  for (const auto& obstacle : s.obstacles)
    obstacles.push_back(writePoints(obstacle, format));
  j["obstacles"] = std::move(obstacles);
  j["maxBounces"] = s.maxBounces;
  j["maxLength"] = writeNumber(s.maxLength, format);
  return dumpLine(j);
}

std::string formatBouncePath(const BouncePathRecord& record, NumberFormat format) {
  OrderedJson j;
  j["id"] = record.id;
  j["engine"] = record.engine;
  j["status"] = std::string(bounceStatusName(record.path.status));
  const bool answered =
      record.path.status != BounceStatus::error && record.path.status != BounceStatus::unsupported;
  if (answered) {
    OrderedJson legs = OrderedJson::array();
    for (const BounceLeg& leg : record.path.legs)
      legs.push_back(writeLeg(leg, format));
    j["legs"] = std::move(legs);
  }
  if (!record.reason.empty()) j["reason"] = record.reason;
  return dumpLine(j);
}

BounceCaseFile readBounceCases(std::istream& in) {
  return jsonl_detail::readCaseLines<BounceCaseFile>(
      in, kMaxSceneLineBytes, [](std::string_view text) { return loadBounceCase(text); });
}

bool isBounceSceneLine(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> j = parseObjectLine(line, &error, kMaxSceneLineBytes);
  return j && j->contains("ball");
}

}  // namespace touche
