// touche — conventions files, the shared reading (conventions_file.h).
#include "conventions_file.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "touche/core/jsonl.h"

namespace touche::oracle::conventions_file {

std::string shortest(double value) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

bool boolean(const Json& v) {
  if (!v.is_boolean()) throw KeyError{"must be true or false"};
  return v.get<bool>();
}

std::variant<std::string, InputError> readFile(const std::string& path,
                                               const std::string& presetNames) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    return InputError{"conventions", "'" + path + "' is a directory, not a conventions file"};
  }
  std::ifstream file(path);
  if (!file) {
    return InputError{"conventions", "'" + path + "' is neither a preset (" + presetNames +
                                         ") nor a readable file"};
  }
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string title(const std::string& source, bool preset, const std::string& engine,
                  const std::string& unnamedEngine) {
  if (source.empty() || preset) return engine + " conventions";
  const std::string file = "conventions from " + printable(source);
  if (engine == unnamedEngine) return file;
  return file + " (engine '" + engine + "')";
}

}  // namespace touche::oracle::conventions_file
