// touche test support — portable draws from any 64-bit random bit generator.
//
// std::uniform_int_distribution and friends are implementation-defined, so the same seed gives
// different values under libstdc++ and libc++. These helpers are fully specified: a seeded
// std::mt19937_64 produces the same scenes everywhere, and a fuzzer's byte reader (ByteRng)
// can drive the very same generators.
#pragma once

#include <cstddef>
#include <cstdint>

namespace touche::test {

/// High 64 bits of the 128-bit product a·b (portable; no __int128 under -Wpedantic).
inline std::uint64_t mulHigh(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t aLo = a & 0xffffffffu;
  const std::uint64_t aHi = a >> 32;
  const std::uint64_t bLo = b & 0xffffffffu;
  const std::uint64_t bHi = b >> 32;
  const std::uint64_t loLo = aLo * bLo;
  const std::uint64_t hiLo = aHi * bLo;
  const std::uint64_t loHi = aLo * bHi;
  const std::uint64_t cross = (loLo >> 32) + (hiLo & 0xffffffffu) + loHi;
  return aHi * bHi + (hiLo >> 32) + (cross >> 32);
}

/// Uniform integer in [lo, hi] (lo ≤ hi). Multiply-shift mapping (Lemire, without rejection):
/// it uses the generator's high bits, so a byte reader that fills only the top bits still
/// reaches the whole range. The bias is below 2^-40 for the spans used here.
template <class Rng>
std::int64_t uniformInt(Rng& rng, std::int64_t lo, std::int64_t hi) {
  static_assert(sizeof(typename Rng::result_type) == 8, "needs a 64-bit generator");
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  const std::uint64_t r = static_cast<std::uint64_t>(rng());
  if (span == 0) return static_cast<std::int64_t>(r);  // the full 64-bit range
  return lo + static_cast<std::int64_t>(mulHigh(r, span));
}

/// Uniform double in [0, 1): the top 53 bits of one draw.
template <class Rng>
double uniformUnit(Rng& rng) {
  return static_cast<double>(static_cast<std::uint64_t>(rng()) >> 11) * 0x1p-53;
}

/// True with probability `p`.
template <class Rng>
bool chance(Rng& rng, double p) {
  return uniformUnit(rng) < p;
}

/// Picks one element of a C array uniformly.
template <class Rng, class T, std::size_t N>
const T& pick(Rng& rng, const T (&items)[N]) {
  return items[uniformInt(rng, 0, static_cast<std::int64_t>(N) - 1)];
}

/// A UniformRandomBitGenerator that reads a byte string: each draw consumes two bytes and
/// spreads them over all 64 bits (so multiply-shift mapping sees them in the high bits). After
/// the input ends every draw is 0, which the generators turn into their smallest choice; they
/// bound their retries, so an exhausted reader still terminates.
class ByteRng {
 public:
  using result_type = std::uint64_t;
  ByteRng(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() {
    const std::uint64_t hi = nextByte();
    const std::uint64_t lo = nextByte();
    return ((hi << 8) | lo) * 0x0001000100010001u;
  }
  /// The next raw byte (0 after the end).
  std::uint8_t nextByte() { return offset_ < size_ ? data_[offset_++] : 0; }
  /// The next 8 bytes as a little-endian 64-bit word (zero-padded after the end).
  std::uint64_t nextWord() {
    std::uint64_t word = 0;
    for (int i = 0; i < 8; ++i)
      word |= static_cast<std::uint64_t>(nextByte()) << (8 * i);
    return word;
  }
  std::size_t remaining() const { return size_ - offset_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t offset_ = 0;
};

}  // namespace touche::test
