// touche — the CLI's progress bar (progress_bar.h).
#include "progress_bar.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <ostream>

#include "touche/core/jsonl.h"

namespace touche::cli {
namespace {

/// kProgressAfter, or the seconds TOUCHE_PROGRESS_AFTER gives (said on `err` when it gives
/// none).
std::chrono::duration<double> progressAfter(std::ostream& err) {
  const char* text = std::getenv("TOUCHE_PROGRESS_AFTER");
  if (text == nullptr) return kProgressAfter;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (end != text && *end == '\0' && std::isfinite(seconds) && seconds >= 0.0) {
    return std::chrono::duration<double>(seconds);
  }
  err << "touche: warning: TOUCHE_PROGRESS_AFTER '" << printable(text)
      << "' is not a number of seconds >= 0; the progress shows after " << kProgressAfter.count()
      << " s\n";
  return kProgressAfter;
}

}  // namespace

Progress progressBar(std::ostream& err, bool shown) {
  if (!shown) return {};
  const auto after = progressAfter(err);
  const auto start = std::chrono::steady_clock::now();
  auto lastPercent = std::make_shared<int>(-1);
  return [&err, lastPercent, start, after](std::size_t done, std::size_t total) {
    const bool drawn = *lastPercent >= 0;
    if (!drawn && std::chrono::steady_clock::now() - start < after) return;
    const int percent = total ? static_cast<int>(100 * done / total) : 100;
    if (percent == *lastPercent && done != total) return;
    *lastPercent = percent;
    const int filled = percent * 40 / 100;
    err << "\r[" << std::string(filled, '#') << std::string(40 - filled, ' ') << "] " << percent
        << "% " << done << "/" << total << (done == total ? "\n" : "") << std::flush;
  };
}

std::size_t lineCount(const std::string& path, std::size_t limit) {
  if (path == "-") return 0;
  std::ifstream file(path, std::ios::binary);
  if (!file) return 0;
  LineReader reader(file, limit);
  std::size_t lines = 0;
  for (Line line; reader.next(line);)
    ++lines;
  return lines;
}

}  // namespace touche::cli
