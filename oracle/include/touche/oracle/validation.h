// touche — running a corpus of cases through engines and judging each against the reference.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "touche/core/engine.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/compare.h"

namespace touche::oracle {

/// The built-in corpus (oracle/corpus/builtin.jsonl), embedded at build time.
std::string_view builtinCorpus();

/// One engine's judgement on one case.
struct Judgement {
  std::string caseId;
  std::string engine;
  Comparison comparison;
};

/// One engine's refusal of one case: it implements the pair but declares it cannot take these
/// shapes (e.g. box2d::refusal()), and answered `unsupported` with that reason.
struct Refusal {
  std::string caseId;
  std::string engine;
  std::string reason;
};

/// Counts per engine × outcome, and every judgement that was not a plain agree.
struct ValidationReport {
  std::vector<std::string> engines;
  std::vector<std::array<int, kOutcomeCount>> counts;  ///< parallel to `engines`
  /// Per engine: cases it answered `unsupported` for a pair it declares it does not implement
  /// (Engine::implements). Reported as "not implemented", never judged, never a failure.
  std::vector<int> notImplemented;
  /// Per engine: cases it answered `unsupported` with an input-specific refusal (it implements
  /// the pair but declares it cannot take these shapes). Reported as "not judged": neither an
  /// agreement nor a failure.
  std::vector<int> notJudged;
  std::vector<Refusal> refusals;   ///< every not-judged case, with the engine's reason
  std::vector<Judgement> notable;  ///< outcome != agree
  int caseCount = 0;
  /// True when every outcome is agree or agree-within-tie (explained by a declared convention).
  bool passed() const;
};

/// Judges every engine on every case: the expected manifold is the reference's on
/// expectedCaseFor(case, conventionsFor(engine)), compared with toleranceFor that case. An
/// engine answering `unsupported` for a pair it does not implement is counted as not
/// implemented; `unsupported` for an input the engine declares it cannot take (its refusal
/// reason for these shapes is not empty) is counted as not judged; any other `unsupported` for a
/// pair it claims to implement is a status-mismatch.
ValidationReport validateCases(std::span<const Case> cases, std::span<const Engine* const> engines,
                               const Options& options = {});

/// The table (engines × outcome classes, then "not implemented" and "not judged"), the summary,
/// each refused case's reason and each non-agree case's explanation.
std::string formatReport(const ValidationReport& report);

}  // namespace touche::oracle
