// touche oracle — running independent pieces of work on several threads, results in order.
//
// `touche check --jobs N` judges its cases (and parses its lines) on N threads. Each index's
// work writes only its own slot of a vector sized beforehand, so the results come out in the
// order of the input whatever thread did which, and the output is the same for every N.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace touche::oracle {

/// The number of threads `jobs` asks for: itself, or one per core for 0.
inline unsigned threadCount(unsigned jobs) {
  if (jobs > 0) return jobs;
  return std::max(1U, std::thread::hardware_concurrency());
}

/// Runs work(i) for every i in [0, n) on threadCount(jobs) threads — the calling one and the
/// others it starts — each taking the next block of indices. `progress(done, n)`, when set, is
/// called on the calling thread only, with the number of indices finished, and last with
/// (n, n). The first exception thrown by a piece of work is rethrown once all have stopped.
template <class Work>
void forEachIndex(std::size_t n, unsigned jobs, const Work& work,
                  const std::function<void(std::size_t, std::size_t)>& progress = {}) {
  const unsigned threads = static_cast<unsigned>(std::min<std::size_t>(threadCount(jobs), n));
  if (threads <= 1) {
    for (std::size_t i = 0; i < n; ++i) {
      work(i);
      if (progress) progress(i + 1, n);
    }
    return;
  }
  // Blocks small enough to balance cases of unequal cost, large enough to keep the shared
  // counter out of the way.
  constexpr std::size_t kBlock = 16;
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::exception_ptr failure;
  std::mutex failureMutex;
  // One block; false when none is left (or a piece of work failed).
  const auto runBlock = [&] {
    const std::size_t first = next.fetch_add(kBlock);
    if (first >= n) return false;
    const std::size_t last = std::min(n, first + kBlock);
    try {
      for (std::size_t i = first; i < last; ++i)
        work(i);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failureMutex);
      if (!failure) failure = std::current_exception();
      next = n;  // the others stop at their next block
    }
    done += last - first;
    return true;
  };
  std::vector<std::thread> others;
  others.reserve(threads - 1);
  for (unsigned k = 1; k < threads; ++k)
    others.emplace_back([&] {
      while (runBlock()) {
      }
    });
  while (runBlock()) {
    if (progress) progress(std::min(done.load(), n), n);
  }
  for (std::thread& t : others)
    t.join();
  if (failure) std::rethrow_exception(failure);
  if (progress) progress(n, n);
}

}  // namespace touche::oracle
