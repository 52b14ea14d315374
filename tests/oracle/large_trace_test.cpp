// `touche check` on a trace of 200 100 cases, run as a user runs it (the
// binary, --jobs 2): its peak resident memory stays below kPeakLimitKiB (200 MiB; 38 MiB in
// step, 76 MiB reversed) — holding every case, as check did before it streamed, took about
// 5 KB a case, 968 MiB here — whether the
// manifolds come in the cases' order or reversed (beyond the lookahead: the rest of the file
// indexed), and both orders give the same verdict lines, one per case.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/validation.h"

extern char** environ;

namespace {

using namespace touche;

/// Copies of the built-in corpus (87 cases): 200 100 cases.
constexpr int kCopies = 2300;
/// Peak resident memory allowed to a run, in KiB (getrusage's ru_maxrss unit).
constexpr long kPeakLimitKiB = 200 * 1024;

/// A line of formatCase/formatManifold with its id cut off: what follows {"id":"...",.
std::string afterId(const std::string& line) {
  const std::size_t end = line.find("\",");
  return line.substr(end + 2);
}

/// Writes the cases and the reference engine's manifolds (in the cases' order, and reversed);
/// returns how many cases. Line by line: this process stays small, and a child's peak resident
/// memory counts the parent's until it starts touche.
std::size_t writeTrace(const std::filesystem::path& dir) {
  std::istringstream in{std::string(oracle::builtinCorpus())};
  const CaseFile corpus = readCases(in);
  const Engine& reference = *oracle::findEngine("reference");
  std::vector<std::string> caseTails, manifoldTails;
  for (const Case& c : corpus.cases) {
    caseTails.push_back(afterId(formatCase(c)));
    ManifoldRecord record;
    record.id = c.id;
    record.engine = "reference";
    record.manifold = oracle::run(reference, c);
    manifoldTails.push_back(afterId(formatManifold(record)));
  }
  const std::size_t n = corpus.cases.size();
  const auto head = [&](int copy, std::size_t k) {
    return "{\"id\":\"c" + std::to_string(copy) + "-" + corpus.cases[k].id + "\",";
  };
  std::ofstream cases(dir / "cases.jsonl"), manifolds(dir / "manifolds.jsonl"),
      reversed(dir / "reversed.jsonl");
  for (int copy = 0; copy < kCopies; ++copy) {
    for (std::size_t k = 0; k < n; ++k) {
      cases << head(copy, k) << caseTails[k] << '\n';
      manifolds << head(copy, k) << manifoldTails[k] << '\n';
      reversed << head(kCopies - 1 - copy, n - 1 - k) << manifoldTails[n - 1 - k] << '\n';
    }
  }
  return n * kCopies;
}

struct Outcome {
  int status = -1;
  long peakKiB = 0;
};

/// Runs touche with `args`, its standard output to `out` (and its error to `out`.err).
Outcome runTouche(const std::vector<std::string>& args, const std::filesystem::path& out) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const std::string err = out.string() + ".err";
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> all = {TOUCHE_CLI};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  Outcome outcome;
  if (posix_spawn(&pid, TOUCHE_CLI, &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) == pid && WIFEXITED(status)) {
      outcome = {WEXITSTATUS(status), usage.ru_maxrss};
    }
  }
  posix_spawn_file_actions_destroy(&actions);
  return outcome;
}

std::string contents(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(CheckLargeTrace, TwoHundredThousandCasesInBoundedMemoryInEitherOrder) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("touche-large-trace-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::size_t expected = writeTrace(dir);
  ASSERT_GT(expected, 200000u);
  const std::string cases = (dir / "cases.jsonl").string();
  std::string inStepOut, reversedOut;
  for (const char* manifolds : {"manifolds.jsonl", "reversed.jsonl"}) {
    const std::filesystem::path out = dir / (std::string(manifolds) + ".out");
    const Outcome outcome = runTouche({"check", "--jobs", "2", "--cases", cases, "--manifolds",
                                       (dir / manifolds).string(), "--conventions", "exact"},
                                      out);
    EXPECT_EQ(outcome.status, 0) << manifolds << ": " << contents(out.string() + ".err");
    EXPECT_GT(outcome.peakKiB, 0);
    EXPECT_LT(outcome.peakKiB, kPeakLimitKiB) << manifolds;
    std::cout << manifolds << ": peak resident memory " << outcome.peakKiB / 1024 << " MiB\n";
    (std::string(manifolds) == "reversed.jsonl" ? reversedOut : inStepOut) = contents(out);
  }
  EXPECT_EQ(static_cast<std::size_t>(std::count(inStepOut.begin(), inStepOut.end(), '\n')),
            expected);
  EXPECT_TRUE(inStepOut == reversedOut) << "the reversed manifolds gave other verdicts";
  EXPECT_NE(
      contents(dir / "manifolds.jsonl.out.err").find(std::to_string(expected) + " cases: PASS"),
      std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
