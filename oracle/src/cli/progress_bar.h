// touche — the CLI's progress bar: drawn on stderr when it is a terminal, once a run has taken
// a few seconds, by every command that judges a file (check, validate, check-casts,
// check-bounces, check-responses).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

namespace touche::cli {

/// A run's progress: called with (done, total) as it goes.
using Progress = std::function<void(std::size_t, std::size_t)>;

/// How long a run goes before it shows its progress, unless the environment variable
/// TOUCHE_PROGRESS_AFTER gives another number of seconds (0: from the start): a run shorter
/// than that shows none.
inline constexpr std::chrono::seconds kProgressAfter{2};

/// A progress bar redrawn in place on `err`, at most once per percent, from the moment the run
/// has taken kProgressAfter (or TOUCHE_PROGRESS_AFTER: a value that is not a number of seconds
/// >= 0 is said on `err` and the default kept); its last frame (done = total) ends the line. An
/// empty function when not `shown` (stderr is no terminal, or the total is not known).
Progress progressBar(std::ostream& err, bool shown);

/// The lines of the file `path` as LineReader gives them (each at most `limit` bytes): the
/// total of a run that judges them. 0 for standard input ("-"), which cannot be read twice, or a
/// file that cannot be read (the run says why).
std::size_t lineCount(const std::string& path, std::size_t limit);

}  // namespace touche::cli
