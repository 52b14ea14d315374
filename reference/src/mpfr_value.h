// touche reference — one MPFR number with its lifetime tied to scope (rounding.cpp's correct
// rounding, ngon.cpp's ideal vertices).
#pragma once

#include <mpfr.h>

namespace touche::reference {

/// RAII holder for one MPFR number of a given precision.
class Mpfr {
 public:
  explicit Mpfr(mpfr_prec_t precision) { mpfr_init2(value_, precision); }
  ~Mpfr() { mpfr_clear(value_); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
  mpfr_ptr get() { return value_; }

 private:
  mpfr_t value_;
};

}  // namespace touche::reference
