// touche test support — random edits of a JSON line, for the readers' robustness tests
// (tests/core/jsonl_test.cpp, jsonl_plain_test.cpp).
#pragma once

#include <random>
#include <string>
#include <string_view>

namespace touche::test {

/// `line` with 1 to `maxEdits` random edits, each a byte of `alphabet` inserted, a byte erased
/// or a byte replaced by one of `alphabet`.
inline std::string editedLine(std::string line, std::mt19937_64& rng, std::string_view alphabet,
                              int maxEdits) {
  const int edits = 1 + static_cast<int>(rng() % static_cast<unsigned>(maxEdits));
  for (int k = 0; k < edits; ++k) {
    const std::size_t at = rng() % (line.size() + 1);
    const char ch = alphabet[rng() % alphabet.size()];
    switch (rng() % 3) {
      case 0:
        line.insert(at, 1, ch);
        break;
      case 1:
        if (at < line.size()) line.erase(at, 1);
        break;
      default:
        if (at < line.size()) line[at] = ch;
    }
  }
  return line;
}

}  // namespace touche::test
