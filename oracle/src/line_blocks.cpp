// touche oracle — reading JSON Lines a large block at a time (line_blocks.h).
#include "line_blocks.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace touche::oracle {

BlockLineReader::BlockLineReader(std::istream& in, std::ostream* copy, std::size_t blockBytes,
                                 std::size_t limit)
    : in_(in),
      copy_(copy),
      limit_(limit),
      buffer_(new char[std::max<std::size_t>(blockBytes, 1)]),
      capacity_(std::max<std::size_t>(blockBytes, 1)) {}

bool BlockLineReader::refill() {
  std::streambuf* source = in_.rdbuf();
  if (atEnd_ || source == nullptr) return false;
  consumed_ += end_;
  position_ = end_ = 0;
  const std::streamsize got = source->sgetn(buffer_.get(), static_cast<std::streamsize>(capacity_));
  if (got <= 0) {
    atEnd_ = true;
    in_.setstate(std::ios::eofbit);
    return false;
  }
  if (copy_) copy_->write(buffer_.get(), got);
  end_ = static_cast<std::size_t>(got);
  return true;
}

bool BlockLineReader::next(Line& line) {
  while (true) {
    line.text.clear();
    line.tooLong = false;
    const std::uint64_t start = consumed_ + position_;
    std::uint64_t length = 0;  // the whole line's, without its newline
    bool any = false, ended = false;
    while (!ended && (position_ < end_ || refill())) {
      any = true;
      const char* from = buffer_.get() + position_;
      const auto* newline = static_cast<const char*>(std::memchr(from, '\n', end_ - position_));
      const std::size_t n = newline ? static_cast<std::size_t>(newline - from) : end_ - position_;
      // Up to limit + 2 bytes are kept: enough to tell a line over the limit even when its
      // last byte is a '\r' (as LineReader does).
      const std::size_t room = limit_ + 2 - std::min(line.text.size(), limit_ + 2);
      line.text.append(from, std::min(n, room));
      length += n;
      position_ += n + (newline ? 1 : 0);
      ended = newline != nullptr;
    }
    if (!any) return false;
    line.number = ++number_;
    lineOffset_ = start;
    if (length >= limit_ + 2) {
      line.text.resize(limit_ + 1);
      line.tooLong = true;
      return true;
    }
    if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
    if (line.text.size() > limit_) {
      line.tooLong = true;
      return true;
    }
    if (line.text.find_first_not_of(" \t") != std::string::npos) return true;
  }
}

std::unique_ptr<std::fstream> anonymousFile() {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/touche-XXXXXX";
  const int fd = mkstemp(path.data());
  if (fd < 0) {
    throw std::runtime_error("cannot create a temporary file " + path + ": " +
                             std::strerror(errno));
  }
  auto file = std::make_unique<std::fstream>(
      path, std::ios::in | std::ios::out | std::ios::trunc | std::ios::binary);
  close(fd);
  unlink(path.c_str());
  if (!*file) throw std::runtime_error("cannot open the temporary file " + path);
  return file;
}

ReplayableInput::ReplayableInput(std::istream& in) : in_(in), start_(in.tellg()) {
  seekable_ = start_ != std::streampos(-1);
  in_.clear();
}

ReplayableInput::~ReplayableInput() = default;

BlockLineReader ReplayableInput::firstReading() {
  if (seekable_) return BlockLineReader(in_);
  spool_ = anonymousFile();
  return BlockLineReader(in_, spool_.get());
}

std::istream& ReplayableInput::replay() {
  if (seekable_) {
    in_.clear();
    in_.seekg(start_);
    return in_;
  }
  spool_->flush();
  if (!*spool_) throw std::runtime_error("cannot write the temporary copy of standard input");
  spool_->clear();
  spool_->seekg(0);
  return *spool_;
}

Spool::Spool() : file_(anonymousFile()) {}

bool Spool::copyTo(std::ostream& to) {
  file_->flush();
  file_->clear();
  file_->seekg(0);
  std::vector<char> chunk(kBlockBytes);
  while (*file_ && to) {
    file_->read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    to.write(chunk.data(), file_->gcount());
  }
  return file_->eof() && static_cast<bool>(to);
}

}  // namespace touche::oracle
