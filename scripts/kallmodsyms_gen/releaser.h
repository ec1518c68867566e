// SPDX-License-Identifier: GPL-2.0
//
// Freeing on other threads.  Unmapping an input file or a large array and
// freeing the link maps' pieces are work the result does not wait for:
// the caller goes on, and writes the output, meanwhile.

#ifndef KALLMODSYMS_GEN_RELEASER_H
#define KALLMODSYMS_GEN_RELEASER_H

#include <thread>
#include <tuple>
#include <utility>
#include <vector>

namespace kallmodsyms {

class Releaser {
 public:
  Releaser() = default;
  Releaser(Releaser&&) = default;
  Releaser& operator=(Releaser&&) = delete;  // would drop threads still running
  Releaser(const Releaser&) = delete;
  ~Releaser() { Wait(); }

  // Takes `objects` (moved in by the caller) and destroys them on a thread
  // of their own.
  template <typename... T>
  void Release(T... objects) {
    threads_.emplace_back([doomed = std::make_tuple(std::move(objects)...)]() mutable {
      auto gone = std::move(doomed);
    });
  }

  // Returns once everything released so far is freed.
  void Wait() {
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

 private:
  std::vector<std::thread> threads_;
};

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_RELEASER_H
