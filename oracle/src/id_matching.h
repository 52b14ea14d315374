// touche oracle — which manifold line answers which case line, for `touche check` on traces of
// millions of lines (check.cpp), without holding either file.
//
// A first reading of both files keeps only each line's id, hashed (IdCensus: 8 bytes a line).
// A hash seen on two lines of one file may be an id given twice (or, rarely, two ids with one
// hash): only then a second reading confirms exactly which ids repeat and on which lines
// (Repeats). The judging reading then takes the cases in order and, for each, its manifold
// line (ManifoldMatcher): the next one when the manifolds come in the cases' order; one held
// from a bounded lookahead when they come nearly so; and beyond the lookahead through an index
// of the rest of the manifolds file (24 bytes a line: hash, offset, line number).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "line_blocks.h"
#include "touche/core/jsonl.h"

namespace touche::oracle {

std::uint64_t idHash(std::string_view id);

/// A multiset of 64-bit hashes, sorted once filled: membership by binary search.
class HashList {
 public:
  void add(std::uint64_t hash) { hashes_.push_back(hash); }
  void seal();
  bool contains(std::uint64_t hash) const;
  /// Adds every hash held more than once to `out`.
  void collectRepeated(std::unordered_set<std::uint64_t>& out) const;
  std::size_t size() const { return hashes_.size(); }

 private:
  std::vector<std::uint64_t> hashes_;
};

/// The first reading's findings: each file's ids, hashed.
struct IdCensus {
  /// Each case line's id; a line without one is named "line-N" when it parses as a case, and
  /// its hash here is that name's (it may not parse: Repeats resolves it where that matters).
  HashList cases;
  HashList manifolds;  ///< each manifold line's id (lines without one are left out)
  std::size_t caseLines = 0;
  std::unordered_set<std::uint64_t> repeated;  ///< hashes on two lines of one file
  /// The ids case lines name as the case they are a moved copy of ("movedFrom"), hashed.
  HashList originals;
};

/// Reads both files to their ends; `withoutId` is called for each manifold line with no id.
IdCensus takeCensus(BlockLineReader& cases, BlockLineReader& manifolds,
                    const std::function<void(const Line&)>& withoutId);

/// The lines of an id given on two case lines or two manifold lines.
struct RepeatedId {
  std::vector<std::size_t> caseLines;
  std::vector<std::size_t> manifoldLines;
};

/// The ids given twice, exactly (confirmRepeats).
struct Repeats {
  std::map<std::string, RepeatedId> byId;
  /// The case lines without an id whose "line-N" hash repeats: line → their id ("line-N", or ""
  /// when the line does not parse as a case).
  std::unordered_map<std::size_t, std::string> resolved;
  const RepeatedId* find(const std::string& id) const;
};

/// Reads both files again when the census saw a repeated hash, and says exactly which ids
/// repeat; `manifoldLine` is called with each manifold line of a repeated id (and its lines).
Repeats confirmRepeats(
    const IdCensus& census, BlockLineReader& cases, BlockLineReader& manifolds,
    const std::function<void(const Line&, const std::string&, const RepeatedId&)>& manifoldLine);

/// The id a case line is matched by: its id as given; without one, "line-N" (`tentative`:
/// only if the line parses as a case, which its judge will tell) unless Repeats resolved it.
struct CaseLineId {
  std::string id;
  bool tentative = false;
};
CaseLineId caseLineId(const Line& line, const Repeats& repeats);

/// The most text the lookahead holds, whatever its number of lines (lines may be 1 MiB long).
inline constexpr std::size_t kLookaheadBytes = std::size_t{64} << 20;

/// The manifold line of each case id, read in step with the cases (check.cpp).
class ManifoldMatcher {
 public:
  /// `orphan` receives each manifold line with an id that no case takes (its id with it); the
  /// lines of repeated ids and those without an id are not its business (skipped).
  ManifoldMatcher(std::istream& manifolds, const IdCensus& census, const Repeats& repeats,
                  std::size_t lookahead, std::function<void(Line&&, const std::string&)> orphan);
  /// The manifold line with id `id` (not a repeated one), taken; nullopt when there is none.
  std::optional<Line> take(const std::string& id);
  /// Gives every line no case took to `orphan`.
  void finish();
  /// Whether the lookahead overflowed and the rest of the file was indexed.
  bool indexed() const { return indexed_; }

 private:
  struct IndexEntry {
    std::uint64_t hash;
    std::uint64_t offset;
    std::size_t number;
  };
  /// The next manifold line to match and its id, skipping the lines not matched by id.
  bool nextMatchable(Line& line, std::string& id);
  void buildIndex();
  std::optional<Line> takeIndexed(const std::string& id);
  Line lineAt(const IndexEntry& entry);

  std::istream& in_;
  std::streampos base_;  ///< where the reading started: offsets count from there
  BlockLineReader reader_;
  const IdCensus& census_;
  const Repeats& repeats_;
  std::size_t lookahead_;
  std::function<void(Line&&, const std::string&)> orphan_;
  std::unordered_map<std::string, Line> pending_;  ///< read ahead, not taken yet
  std::size_t pendingBytes_ = 0;                   ///< their text's
  bool indexed_ = false;
  std::vector<IndexEntry> index_;  ///< by hash
  std::vector<bool> taken_;
};

}  // namespace touche::oracle
