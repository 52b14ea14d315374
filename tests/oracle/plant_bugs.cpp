// Writes the run of planted_bugs.h for the HTML report's test in headless Chromium
// (chromium_report.cmake): the case lines, Box2D 2.4.1's manifold lines with the bugs planted,
// and one line per bug, "name|count|says", its count the answers it changed.
//
//   touche_test_plant_bugs CASES.jsonl MANIFOLDS.jsonl BUGS.txt
#include <cstdio>
#include <fstream>
#include <iostream>

#include "planted_bugs.h"

namespace {

bool write(const char* path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (file) return true;
  std::cerr << "touche_test_plant_bugs: cannot write " << path << "\n";
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: touche_test_plant_bugs CASES.jsonl MANIFOLDS.jsonl BUGS.txt\n";
    return 2;
  }
  using namespace touche::oracle::planted;
  const Run run = plantedRun();
  std::string bugs;
  for (std::size_t k = 0; k < std::size(kBugs); ++k) {
    bugs += std::string(kBugs[k].name) + "|" + std::to_string(run.planted[k]) + "|" +
            kBugs[k].says + "\n";
  }
  const bool written =
      write(argv[1], run.caseLines) && write(argv[2], run.manifoldLines) && write(argv[3], bugs);
  return written ? 0 : 2;
}
