// touche fuzzing — the plain readers target's replay driver (builds with g++ too):
//
//   fuzz_jsonl_plain_replay fuzz/corpus/jsonl_plain   # each file through the target
//
// Each file goes through LLVMFuzzerTestOneInput, which aborts on a disagreement.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  int files = 0;
  for (int k = 1; k < argc; ++k) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(argv[k])) {
      if (!entry.is_regular_file()) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
      ++files;
    }
  }
  std::printf("%d inputs read alike by the plain and the document readers\n", files);
  return files > 0 ? 0 : 1;
}
