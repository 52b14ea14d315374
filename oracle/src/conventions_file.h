// touche — what the two conventions files (declared_conventions.cpp for manifolds,
// cast_conventions.cpp for casts) share: one JSON object read key by key through a table of
// setters, a key touche does not know an error naming it and the known ones, a bad value an
// error naming its key; and a file named by a preset or a path. Private to touche_oracle.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

#include "touche/core/validate.h"

namespace touche::oracle::conventions_file {

using Json = nlohmann::json;

/// A value its key does not accept; the message goes after the key's name.
struct KeyError {
  std::string message;
};

/// The shortest text that reads back as `value`.
std::string shortest(double value);

/// true or false, else a KeyError.
bool boolean(const Json& v);

/// What reads one key's value into the conventions `C` (throws KeyError).
template <class C>
using Setters = std::map<std::string, std::function<void(C&, const Json&)>>;

/// The error for a key not in `setters`: "unknown key in <what> (known: a, b, ...)".
template <class C>
InputError unknownKey(const std::string& key, const Setters<C>& setters, std::string_view what) {
  std::string known;
  for (const auto& [name, unused] : setters)
    known += (known.empty() ? "" : ", ") + name;
  return InputError{key, "unknown key in " + std::string(what) + " (known: " + known + ")"};
}

/// `text` as one JSON object read into conventions `C` (defaults for every key it leaves out);
/// `what` names the kind of file in an unknown key's error ("a conventions file").
template <class C>
std::variant<C, InputError> parse(std::string_view text, const Setters<C>& setters,
                                  std::string_view what) {
  const Json json = Json::parse(text.begin(), text.end(), nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    return InputError{"conventions", "not a JSON object"};
  }
  C conventions;
  for (const auto& [key, value] : json.items()) {
    const auto setter = setters.find(key);
    if (setter == setters.end()) return unknownKey(key, setters, what);
    try {
      setter->second(conventions, value);
    } catch (const KeyError& e) {
      return InputError{key, e.message};
    }
  }
  return conventions;
}

/// The text of the conventions file at `path`, or an error saying it is neither one of the
/// presets (`presetNames`, joined with ", ") nor a readable file.
std::variant<std::string, InputError> readFile(const std::string& path,
                                               const std::string& presetNames);

/// The conventions file at `path` read by `parseText` (a function of the text returning
/// std::variant<C, InputError>); an error names the path before its key.
template <class ParseText>
auto load(const std::string& path, const std::string& presetNames, ParseText parseText)
    -> decltype(parseText(std::string_view{})) {
  auto text = readFile(path, presetNames);
  if (auto* e = std::get_if<InputError>(&text)) return *e;
  auto parsed = parseText(std::get<std::string>(text));
  if (auto* e = std::get_if<InputError>(&parsed)) e->field = path + ": " + e->field;
  return parsed;
}

/// How a check run names its conventions in its title: a preset (or none given, `source`
/// empty) by the name its conventions carry, "<engine> conventions"; a file by its path, plus
/// the engine it declares when that is not `unnamedEngine` (what a file naming none gets).
std::string title(const std::string& source, bool preset, const std::string& engine,
                  const std::string& unnamedEngine);

}  // namespace touche::oracle::conventions_file
