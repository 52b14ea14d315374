// touche — response cases and results as JSON Lines (design notes §9). The numbers, the
// bounded parser and the nested manifold are read by the same code as case and manifold lines
// (jsonl_detail.h), so the same input gets the same error naming the same field.
#include "touche/core/response_jsonl.h"

#include <cmath>

#include "jsonl_detail.h"

namespace touche {
namespace {

using jsonl_detail::Json;
using jsonl_detail::OrderedJson;
namespace detail = jsonl_detail;

/// Reads members of one object with the reader of case lines (jsonl_detail::Reader): the same
/// exact numbers, the first problem kept and named by its path.
class FieldReader : public detail::Reader {
 public:
  const Json* memberOf(const Json& object, const char* key, const std::string& field,
                       bool required) {
    if (!ok()) return nullptr;
    if (!object.is_object()) {
      fail(field, "expected an object holding \"" + std::string(key) + "\"");
      return nullptr;
    }
    return member(object, key, field, required);
  }

  double number(const Json& object, const char* key, const std::string& prefix, bool required) {
    const std::string field = prefix.empty() ? key : prefix + "." + key;
    const Json* value = memberOf(object, key, field, required);
    return value ? Reader::number(*value, field) : 0.0;
  }

  Vec2 vec2(const Json& object, const char* key, const std::string& prefix, bool required) {
    const std::string field = prefix.empty() ? key : prefix + "." + key;
    const Json* value = memberOf(object, key, field, required);
    return value ? Reader::vec2(*value, field) : Vec2{};
  }

  std::string text(const Json& object, const char* key) {
    const Json* value = memberOf(object, key, key, false);
    return value && value->is_string() ? value->get<std::string>() : std::string();
  }
};

Body readBody(FieldReader& r, const Json& j, const std::string& prefix) {
  const Json* object = r.memberOf(j, prefix.c_str(), prefix, true);
  if (!object) return {};
  Body body;
  body.invMass = r.number(*object, "invMass", prefix, true);
  body.invInertia = r.number(*object, "invInertia", prefix, true);
  body.center = r.vec2(*object, "center", prefix, true);
  body.velocity = r.vec2(*object, "velocity", prefix, true);
  body.angularVelocity = r.number(*object, "angularVelocity", prefix, true);
  return body;
}

OrderedJson writeBody(const Body& body, NumberFormat f) {
  OrderedJson j;
  j["invMass"] = detail::writeNumber(body.invMass, f);
  j["invInertia"] = detail::writeNumber(body.invInertia, f);
  j["center"] = detail::writeVec2(body.center, f);
  j["velocity"] = detail::writeVec2(body.velocity, f);
  j["angularVelocity"] = detail::writeNumber(body.angularVelocity, f);
  return j;
}

BodyResponse readBodyResponse(FieldReader& r, const Json& j, const std::string& prefix) {
  const Json* object = r.memberOf(j, prefix.c_str(), prefix, true);
  if (!object) return {};
  BodyResponse body;
  body.velocity = r.vec2(*object, "velocity", prefix, true);
  body.angularVelocity = r.number(*object, "angularVelocity", prefix, true);
  body.correction = r.vec2(*object, "correction", prefix, false);
  return body;
}

OrderedJson writeBodyResponse(const BodyResponse& body, NumberFormat f) {
  OrderedJson j;
  j["velocity"] = detail::writeVec2(body.velocity, f);
  j["angularVelocity"] = detail::writeNumber(body.angularVelocity, f);
  j["correction"] = detail::writeVec2(body.correction, f);
  return j;
}

void readImpulses(FieldReader& r, const Json& j, ResponseResult& result) {
  const Json* impulses = r.memberOf(j, "impulses", "impulses", true);
  if (!impulses) return;
  if (!impulses->is_array() || impulses->size() > 2) {
    r.fail("impulses", "expected an array of at most 2 {\"normal\", \"tangent\"}");
    return;
  }
  result.pointCount = static_cast<int>(impulses->size());
  for (std::size_t i = 0; i < impulses->size(); ++i) {
    const std::string prefix = "impulses[" + std::to_string(i) + "]";
    result.impulses[i].normal = r.number((*impulses)[i], "normal", prefix, true);
    result.impulses[i].tangent = r.number((*impulses)[i], "tangent", prefix, true);
  }
}

/// "iterations": a whole number in [1, kMaxResponseIterations] (checked here, before it
/// becomes an int).
int readIterations(FieldReader& r, const Json& j) {
  const double value = r.number(j, "iterations", "", true);
  if (!r.ok()) return 1;
  if (!(value >= 1.0 && value <= kMaxResponseIterations && value == std::floor(value))) {
    r.fail("iterations", shortestDecimal(value) + " is not a whole number in [1, " +
                             std::to_string(kMaxResponseIterations) + "]");
    return 1;
  }
  return static_cast<int>(value);
}

}  // namespace

std::variant<ResponseCase, InputError> parseResponseCase(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> parsed = detail::parseObjectLine(line, &error);
  if (!parsed) return *error;
  const Json& j = *parsed;
  FieldReader r;
  ResponseCase c;
  c.id = detail::readId(r, j);
  c.a = readBody(r, j, "a");
  c.b = readBody(r, j, "b");
  if (const Json* m = r.memberOf(j, "manifold", "manifold", true)) {
    c.manifold = detail::readManifoldObject(r, *m, "manifold").value_or(Manifold{});
  }
  c.restitution = r.number(j, "restitution", "", true);
  c.friction = r.number(j, "friction", "", true);
  c.slop = r.number(j, "slop", "", false);
  c.percent = r.number(j, "percent", "", false);
  if (j.contains("restitutionThreshold")) {
    c.restitutionThreshold = r.number(j, "restitutionThreshold", "", true);
  }
  if (j.contains("iterations")) c.iterations = readIterations(r, j);
  if (r.error) return *r.error;
  return c;
}

std::variant<ResponseCase, InputError> loadResponseCase(std::string_view line) {
  return jsonl_detail::validated(parseResponseCase(line),
                                 [](const ResponseCase& c) { return validateResponseCase(c); });
}

std::string formatResponseCase(const ResponseCase& c, NumberFormat f) {
  OrderedJson j;
  j["id"] = c.id;
  j["a"] = writeBody(c.a, f);
  j["b"] = writeBody(c.b, f);
  j["manifold"] = detail::writeManifoldObject(c.manifold, f);
  j["restitution"] = detail::writeNumber(c.restitution, f);
  j["friction"] = detail::writeNumber(c.friction, f);
  j["slop"] = detail::writeNumber(c.slop, f);
  j["percent"] = detail::writeNumber(c.percent, f);
  j["restitutionThreshold"] = detail::writeNumber(c.restitutionThreshold, f);
  j["iterations"] = c.iterations;
  return detail::dumpLine(j);
}

std::variant<ResponseRecord, InputError> parseResponseResult(std::string_view line) {
  std::optional<InputError> error;
  const std::optional<Json> parsed = detail::parseObjectLine(line, &error);
  if (!parsed) return *error;
  const Json& j = *parsed;
  FieldReader r;
  ResponseRecord record;
  record.id = detail::readId(r, j);
  record.engine = r.text(j, "engine");
  record.model = r.text(j, "model");
  record.result.reason = r.text(j, "reason");
  const Json* status = r.memberOf(j, "status", "status", true);
  if (status && *status == "error") {
    record.result.status = ResponseStatus::error;
  } else if (status && *status != "ok") {
    r.fail("status", "expected \"ok\" or \"error\", got " + detail::quotedValue(*status));
  }
  if (!r.error && record.result.status == ResponseStatus::ok) {
    readImpulses(r, j, record.result);
    record.result.a = readBodyResponse(r, j, "a");
    record.result.b = readBodyResponse(r, j, "b");
  }
  if (r.error) return *r.error;
  return record;
}

std::string formatResponseResult(const ResponseRecord& record, NumberFormat f) {
  const ResponseResult& result = record.result;
  OrderedJson j;
  j["id"] = record.id;
  j["engine"] = record.engine;
  j["model"] = record.model;
  j["status"] = std::string(responseStatusName(result.status));
  if (result.status == ResponseStatus::ok) {
    OrderedJson impulses = OrderedJson::array();
    for (int i = 0; i < result.pointCount; ++i) {
      impulses.push_back({{"normal", detail::writeNumber(result.impulses[i].normal, f)},
                          {"tangent", detail::writeNumber(result.impulses[i].tangent, f)}});
    }
    j["impulses"] = std::move(impulses);
    j["a"] = writeBodyResponse(result.a, f);
    j["b"] = writeBodyResponse(result.b, f);
  }
  if (!result.reason.empty()) j["reason"] = result.reason;
  return detail::dumpLine(j);
}

}  // namespace touche
