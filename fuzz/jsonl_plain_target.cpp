// touche fuzzing — the plain readers against the document readers (core/src/jsonl_plain.cpp):
// on any line, parseCase and parseManifold (the plain reader first, the document reader when it
// gives up) must read what the document reader alone reads — the same case or record, bit for
// bit, or the same error. A disagreement prints the line and both readings, then aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "touche/test_support/reading_bits.h"

namespace {

void requireAgreement(const touche::test::Agreement& a, std::string_view line) {
  if (a.mismatch.empty()) return;
  std::fprintf(stderr, "plain and document readers disagree on %s\n%s\n",
               touche::printable(line).c_str(), touche::printable(a.mismatch).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  requireAgreement(touche::test::caseAgreement(line), line);
  for (const touche::ManifoldReading& reading :
       {touche::ManifoldReading{}, touche::ManifoldReading{4, true}}) {
    requireAgreement(touche::test::manifoldAgreement(line, reading), line);
  }
  return 0;
}
