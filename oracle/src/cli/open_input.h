// touche — opening a command's input file (cast_command.cpp, bounce_command.cpp).
#pragma once

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "touche/core/jsonl.h"

namespace touche::cli {

/// The stream of `path` ("-" = stdin) or nullptr, having said why on `err`.
inline std::istream* openInput(const std::string& path, std::ifstream& file, std::ostream& err) {
  if (path == "-") return &std::cin;
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    err << "touche: cannot read " << printable(path) << ": it is a directory\n";
    return nullptr;
  }
  file.open(path, std::ios::binary);
  if (!file) {
    err << "touche: cannot read " << printable(path) << ": " << std::strerror(errno) << "\n";
    return nullptr;
  }
  return &file;
}

}  // namespace touche::cli
