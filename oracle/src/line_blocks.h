// touche oracle — reading JSON Lines a large block at a time, for `touche check` on traces of
// millions of lines (check.cpp).
//
// BlockLineReader gives the lines core's LineReader gives (the same numbers, blank lines
// skipped, a trailing '\r' dropped, a line over the limit cut to limit + 1 bytes and flagged
// tooLong) and the byte offset where each starts, reading its stream a megabyte at a time.
// ReplayableInput lets a stream be read twice — seeking back when it can, or else through a
// temporary file the first reading copies it into (standard input from a pipe).
#pragma once

#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"

namespace touche::oracle {

/// How much BlockLineReader reads at a time by default.
inline constexpr std::size_t kBlockBytes = std::size_t{1} << 20;

class BlockLineReader {
 public:
  /// Reads `in` from where it stands, `blockBytes` at a time; `copy`, when set, receives every
  /// byte read (in order).
  explicit BlockLineReader(std::istream& in, std::ostream* copy = nullptr,
                           std::size_t blockBytes = kBlockBytes, std::size_t limit = kMaxLineBytes);
  /// The next non-blank line (as LineReader::next); false at the end of the stream.
  bool next(Line& line);
  /// The byte offset of the line `next` returned last, from where the reader started.
  std::uint64_t offset() const { return lineOffset_; }
  /// Continues the line numbers from `number` (the line before the first one read is `number`).
  void setLineNumber(std::size_t number) { number_ = number; }

 private:
  bool refill();
  std::istream& in_;
  std::ostream* copy_;
  std::size_t limit_;
  std::unique_ptr<char[]> buffer_;  ///< not initialized: filled before it is read
  std::size_t capacity_;
  std::size_t position_ = 0;    ///< next unread byte of buffer_
  std::size_t end_ = 0;         ///< bytes held in buffer_
  std::uint64_t consumed_ = 0;  ///< stream bytes before buffer_[0]
  std::uint64_t lineOffset_ = 0;
  std::size_t number_ = 0;
  bool atEnd_ = false;
};

/// A stream that can be read from its start twice or more: rewound in place when it can seek,
/// else from a temporary file (removed at once, so it goes when the process goes) that the
/// first reading filled.
class ReplayableInput {
 public:
  explicit ReplayableInput(std::istream& in);
  ~ReplayableInput();
  ReplayableInput(const ReplayableInput&) = delete;
  ReplayableInput& operator=(const ReplayableInput&) = delete;
  /// A reader of the whole stream, the first time copying it aside when it cannot seek.
  BlockLineReader firstReading();
  /// The stream again from its start (after firstReading has been read to its end).
  std::istream& replay();
  /// Whether replay() gives a stream that can also be read at an offset (always, once rewound).
  bool seekable() const { return seekable_; }

 private:
  std::istream& in_;
  std::streampos start_;
  bool seekable_ = false;
  std::string spoolPath_;
  std::unique_ptr<std::fstream> spool_;
};

/// A temporary file (removed at once) to write text to and read it back from the start: the
/// failing cases' baseline lines while a run goes on, written to their file at its end.
class Spool {
 public:
  Spool();
  std::ostream& out() { return *file_; }
  /// Copies everything written so far to `to`; false when a read or a write failed.
  bool copyTo(std::ostream& to);

 private:
  std::unique_ptr<std::fstream> file_;
};

/// An open read-write temporary file in $TMPDIR (or /tmp), already removed from its directory.
std::unique_ptr<std::fstream> anonymousFile();

}  // namespace touche::oracle
