// touche oracle — which manifold line answers which case line (id_matching.h).
#include "id_matching.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

namespace touche::oracle {

std::uint64_t idHash(std::string_view id) {
  return std::hash<std::string_view>{}(id);
}

void HashList::seal() {
  std::sort(hashes_.begin(), hashes_.end());
}

bool HashList::contains(std::uint64_t hash) const {
  return std::binary_search(hashes_.begin(), hashes_.end(), hash);
}

void HashList::collectRepeated(std::unordered_set<std::uint64_t>& out) const {
  for (std::size_t k = 1; k < hashes_.size(); ++k) {
    if (hashes_[k] == hashes_[k - 1]) out.insert(hashes_[k]);
  }
}

namespace {

std::string lineName(std::size_t number) {
  return "line-" + std::to_string(number);
}

/// A manifold line's id: as given, or "" (a manifold line is never named by its number). A line
/// too long or too deeply nested to parse is still named by the id it opens with: its case's
/// verdict is then malformed-manifold, not missing-manifold.
std::string manifoldLineId(const Line& line) {
  if (std::optional<std::string> id = idOfLine(line.text)) return std::move(*id);
  return leadingIdOfLine(line.text).value_or("");
}

/// The "movedFrom" of a case line that has one (a string), read only from lines that name it.
std::optional<std::string> movedFromOfLine(std::string_view text) {
  if (text.find("\"movedFrom\"") == std::string_view::npos) return std::nullopt;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto moved = j.find("movedFrom");
  if (moved == j.end() || !moved->is_string()) return std::nullopt;
  return moved->get<std::string>();
}

}  // namespace

IdCensus takeCensus(BlockLineReader& cases, BlockLineReader& manifolds,
                    const std::function<void(const Line&)>& withoutId) {
  IdCensus census;
  Line line;
  while (cases.next(line)) {
    const std::optional<std::string> id = idOfLine(line.text);
    census.cases.add(idHash(id ? *id : lineName(line.number)));
    if (const std::optional<std::string> original = movedFromOfLine(line.text)) {
      census.originals.add(idHash(*original));
    }
    ++census.caseLines;
  }
  while (manifolds.next(line)) {
    const std::string id = manifoldLineId(line);
    if (id.empty()) {
      withoutId(line);
    } else {
      census.manifolds.add(idHash(id));
    }
  }
  census.cases.seal();
  census.manifolds.seal();
  census.originals.seal();
  census.cases.collectRepeated(census.repeated);
  census.manifolds.collectRepeated(census.repeated);
  return census;
}

const RepeatedId* Repeats::find(const std::string& id) const {
  if (byId.empty()) return nullptr;
  const auto found = byId.find(id);
  return found == byId.end() ? nullptr : &found->second;
}

Repeats confirmRepeats(
    const IdCensus& census, BlockLineReader& cases, BlockLineReader& manifolds,
    const std::function<void(const Line&, const std::string&, const RepeatedId&)>& manifoldLine) {
  Repeats repeats;
  if (census.repeated.empty()) return repeats;
  Line line;
  while (cases.next(line)) {
    std::optional<std::string> id = idOfLine(line.text);
    const bool named = id.has_value();
    if (!named) id = lineName(line.number);
    if (census.repeated.count(idHash(*id)) == 0) continue;
    if (!named) {
      // "line-N" only for a line that parses as a case (check.cpp, CaseEntry).
      if (!std::holds_alternative<Case>(parseCase(line.text))) id = "";
      repeats.resolved[line.number] = *id;
    }
    if (!id->empty()) repeats.byId[*id].caseLines.push_back(line.number);
  }
  std::vector<std::pair<Line, std::string>> seen;
  while (manifolds.next(line)) {
    std::string id = manifoldLineId(line);
    if (id.empty() || census.repeated.count(idHash(id)) == 0) continue;
    repeats.byId[id].manifoldLines.push_back(line.number);
    seen.emplace_back(std::move(line), std::move(id));
  }
  std::erase_if(repeats.byId, [](const auto& entry) {
    return entry.second.caseLines.size() < 2 && entry.second.manifoldLines.size() < 2;
  });
  for (const auto& [manifold, id] : seen) {
    if (const RepeatedId* r = repeats.find(id)) manifoldLine(manifold, id, *r);
  }
  return repeats;
}

CaseLineId caseLineId(const Line& line, const Repeats& repeats) {
  if (std::optional<std::string> id = idOfLine(line.text)) return {std::move(*id), false};
  if (!repeats.resolved.empty()) {
    const auto found = repeats.resolved.find(line.number);
    if (found != repeats.resolved.end()) return {found->second, false};
  }
  return {lineName(line.number), true};
}

ManifoldMatcher::ManifoldMatcher(std::istream& manifolds, const IdCensus& census,
                                 const Repeats& repeats, std::size_t lookahead,
                                 std::function<void(Line&&, const std::string&)> orphan)
    : in_(manifolds),
      base_(manifolds.tellg()),
      reader_(manifolds),
      census_(census),
      repeats_(repeats),
      lookahead_(lookahead),
      orphan_(std::move(orphan)) {}

bool ManifoldMatcher::nextMatchable(Line& line, std::string& id) {
  while (reader_.next(line)) {
    id = manifoldLineId(line);
    if (!id.empty() && !repeats_.find(id)) return true;
  }
  return false;
}

std::optional<Line> ManifoldMatcher::take(const std::string& id) {
  if (!pending_.empty()) {
    const auto held = pending_.find(id);
    if (held != pending_.end()) {
      Line line = std::move(held->second);
      pending_.erase(held);
      pendingBytes_ -= line.text.size();
      return line;
    }
  }
  if (indexed_) return takeIndexed(id);
  // In step: the next line is the case's. Otherwise read on (when the id is in the file at
  // all), holding the lines of other cases, up to the lookahead.
  bool known = false;
  Line line;
  std::string lineId;
  while (nextMatchable(line, lineId)) {
    if (lineId == id) return line;
    if (!census_.cases.contains(idHash(lineId))) {
      orphan_(std::move(line), lineId);
    } else {
      pendingBytes_ += line.text.size();
      pending_.emplace(lineId, std::move(line));
    }
    if (!known && !census_.manifolds.contains(idHash(id))) return std::nullopt;
    known = true;
    if (pending_.size() > lookahead_ || pendingBytes_ > kLookaheadBytes) {
      buildIndex();
      return takeIndexed(id);
    }
  }
  return std::nullopt;
}

void ManifoldMatcher::buildIndex() {
  indexed_ = true;
  Line line;
  std::string id;
  while (nextMatchable(line, id)) {
    const std::uint64_t hash = idHash(id);
    if (!census_.cases.contains(hash)) {
      orphan_(std::move(line), id);
      continue;
    }
    index_.push_back({hash, reader_.offset(), line.number});
  }
  std::sort(index_.begin(), index_.end(),
            [](const IndexEntry& a, const IndexEntry& b) { return a.hash < b.hash; });
  taken_.assign(index_.size(), false);
}

Line ManifoldMatcher::lineAt(const IndexEntry& entry) {
  in_.clear();
  in_.seekg(base_ + static_cast<std::streamoff>(entry.offset));
  BlockLineReader one(in_, nullptr, 4096);
  Line line;
  one.next(line);
  line.number = entry.number;
  return line;
}

std::optional<Line> ManifoldMatcher::takeIndexed(const std::string& id) {
  const std::uint64_t hash = idHash(id);
  const auto first =
      std::lower_bound(index_.begin(), index_.end(), hash,
                       [](const IndexEntry& e, std::uint64_t h) { return e.hash < h; });
  for (auto at = first; at != index_.end() && at->hash == hash; ++at) {
    const std::size_t k = static_cast<std::size_t>(at - index_.begin());
    if (taken_[k]) continue;
    Line line = lineAt(*at);
    if (manifoldLineId(line) != id) continue;  // another id with the same hash
    taken_[k] = true;
    return line;
  }
  return std::nullopt;
}

void ManifoldMatcher::finish() {
  for (auto& [id, line] : pending_)
    orphan_(std::move(line), id);
  pending_.clear();
  if (!indexed_) {
    Line line;
    std::string id;
    while (nextMatchable(line, id))
      orphan_(std::move(line), id);
    return;
  }
  for (std::size_t k = 0; k < index_.size(); ++k) {
    if (taken_[k]) continue;
    Line line = lineAt(index_[k]);
    orphan_(std::move(line), manifoldLineId(line));
  }
}

}  // namespace touche::oracle
