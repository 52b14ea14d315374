// touche — the fast engine's own value types, templated on the scalar T (float or double).
//
// The fast engine rounds: every operation below is one IEEE operation in T, in the order
// written (the build uses -ffp-contract=off, so no fused multiply-add changes the results
// between optimisation levels). Nothing here allocates, throws or dispatches virtually.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "touche/core/geometry.h"
#include "touche/core/manifold.h"
#include "touche/fast/mutant.h"

namespace touche::fast {

/// A 2D vector or point in scalar T. Plain value type.
template <class T>
struct Vec2T {
  T x = T(0);
  T y = T(0);
};

/// A rotation as (cosine, sine) in scalar T; world = R·local with R = [c −s; s c].
template <class T>
struct RotT {
  T c = T(1);
  T s = T(0);
};

/// A rigid transform in scalar T: world = q·local + p.
template <class T>
struct TransformT {
  Vec2T<T> p;
  RotT<T> q;
};

template <class T>
inline Vec2T<T> operator+(Vec2T<T> a, Vec2T<T> b) {
  return {a.x + b.x, a.y + b.y};
}
template <class T>
inline Vec2T<T> operator-(Vec2T<T> a, Vec2T<T> b) {
  return {a.x - b.x, a.y - b.y};
}
template <class T>
inline Vec2T<T> operator-(Vec2T<T> a) {
  return {-a.x, -a.y};
}
template <class T>
inline Vec2T<T> operator*(T k, Vec2T<T> a) {
  return {k * a.x, k * a.y};
}

/// Dot product a·b, rounded in T.
template <class T>
inline T dot(Vec2T<T> a, Vec2T<T> b) {
  return a.x * b.x + a.y * b.y;
}

/// 2D cross product a×b = a.x·b.y − a.y·b.x, rounded in T.
template <class T>
inline T cross(Vec2T<T> a, Vec2T<T> b) {
  return a.x * b.y - a.y * b.x;
}

/// Rotates v by q: R·v.
template <class T>
inline Vec2T<T> rotate(RotT<T> q, Vec2T<T> v) {
  return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}

/// Rotates v by the inverse of q: Rᵀ·v.
template <class T>
inline Vec2T<T> invRotate(RotT<T> q, Vec2T<T> v) {
  return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y};
}

/// Maps a local point to the world frame: q·v + p.
template <class T>
inline Vec2T<T> apply(const TransformT<T>& xf, Vec2T<T> v) {
  return rotate(xf.q, v) + xf.p;
}

/// Maps a world point into the frame of xf: qᵀ·(v − p).
template <class T>
inline Vec2T<T> invApply(const TransformT<T>& xf, Vec2T<T> v) {
  return invRotate(xf.q, v - xf.p);
}

/// The transform of B's frame expressed in A's frame: xfBinA = xfA⁻¹·xfB, so that
/// pointInA = apply(xfBinA, pointInB). Box2D's b2InvMulTransforms.
template <class T>
inline TransformT<T> invMul(const TransformT<T>& xfA, const TransformT<T>& xfB) {
  RotT<T> q{xfA.q.c * xfB.q.c + xfA.q.s * xfB.q.s, xfA.q.c * xfB.q.s - xfA.q.s * xfB.q.c};
  if constexpr (TOUCHE_MUTANT_IS(27)) q.s = -q.s;  // mutant 27: qAᵀ·qB taken as qBᵀ·qA
  return {invRotate(xfA.q, xfB.p - xfA.p), q};
}

/// Branch-free select, c ? a : b, on the bit patterns through an all-ones or all-zero mask.
/// GCC turns a ternary on floats (and several selects on one condition) into a branch; on
/// random pairs such a branch is a coin toss for the predictor and a misprediction costs more
/// than the arithmetic of a whole stage. The result is exactly a or b (bit for bit).
template <class T>
inline T select(bool c, T a, T b) {
  static_assert(std::is_floating_point_v<T>);
#if defined(__SSE2__)
  // The mask is made once in an SSE register and the select stays there (and/andnot/or):
  // moving each operand to an integer register and back would cost more than the select.
  if constexpr (std::is_same_v<T, float>) {
    const __m128 mask = _mm_castsi128_ps(_mm_cvtsi32_si128(-static_cast<int>(c)));
    return _mm_cvtss_f32(
        _mm_or_ps(_mm_and_ps(mask, _mm_set_ss(a)), _mm_andnot_ps(mask, _mm_set_ss(b))));
  } else {
    const __m128d mask = _mm_castsi128_pd(_mm_cvtsi64_si128(-static_cast<long long>(c)));
    return _mm_cvtsd_f64(
        _mm_or_pd(_mm_and_pd(mask, _mm_set_sd(a)), _mm_andnot_pd(mask, _mm_set_sd(b))));
  }
#else
  using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const U mask = U(0) - static_cast<U>(c);
  return std::bit_cast<T>((std::bit_cast<U>(a) & mask) | (std::bit_cast<U>(b) & ~mask));
#endif
}
/// Branch-free select of an int (see select).
inline int selectInt(bool c, int a, int b) {
  const int mask = -static_cast<int>(c);
  return (a & mask) | (b & ~mask);
}
/// Branch-free select of a vector (see select).
template <class T>
inline Vec2T<T> select(bool c, Vec2T<T> a, Vec2T<T> b) {
  return {select(c, a.x, b.x), select(c, a.y, b.y)};
}

/// a > b ? a : b without a branch (maxss/maxsd under SSE2; a select elsewhere). A NaN in
/// either operand gives b.
template <class T>
inline T maxOr(T a, T b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return _mm_cvtss_f32(_mm_max_ss(_mm_set_ss(a), _mm_set_ss(b)));
  } else {
    return _mm_cvtsd_f64(_mm_max_sd(_mm_set_sd(a), _mm_set_sd(b)));
  }
#else
  return select(a > b, a, b);
#endif
}
/// a < b ? a : b without a branch (minss/minsd under SSE2). A NaN in either operand gives b.
template <class T>
inline T minOr(T a, T b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return _mm_cvtss_f32(_mm_min_ss(_mm_set_ss(a), _mm_set_ss(b)));
  } else {
    return _mm_cvtsd_f64(_mm_min_sd(_mm_set_sd(a), _mm_set_sd(b)));
  }
#else
  return select(a < b, a, b);
#endif
}

/// Result of a guarded normalisation: the unit vector and the length of the input.
/// The correctly rounded square root, as std::sqrt, always the one instruction (sqrtss /
/// sqrtsd): GCC compiles some std::sqrt calls of the casts to a call into libm (errno), which
/// cost a circle ray a sixth of its time. The same bits for every x ≥ 0 (IEEE square root).
template <class T>
[[gnu::always_inline]] inline T sqrtOf(T x) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, double>) {
    return _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(x)));
  } else if constexpr (std::is_same_v<T, float>) {
    return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x)));
  }
#endif
  return std::sqrt(x);
}

template <class T>
struct UnitT {
  Vec2T<T> unit;
  T length = T(0);
  bool ok = false;  ///< false: the input was zero (or underflowed); `unit` is the fallback
};

/// Normalises v without overflow, underflow to NaN, or division by zero: v is first scaled by
/// its largest component (so the squared length lies in [1, 2]), then divided by that length.
/// A zero vector returns `fallback` with ok = false. For finite v the result is always finite.
template <class T>
inline UnitT<T> normalizeOr(Vec2T<T> v, Vec2T<T> fallback) {
  const T ax = std::abs(v.x);
  const T ay = std::abs(v.y);
  const T scale = ax > ay ? ax : ay;
  if (!(scale > T(0))) return {fallback, T(0), false};
  if constexpr (TOUCHE_MUTANT_IS(26)) {  // mutant 26: no rescaling, v·v underflows to 0
    const T len = std::sqrt(v.x * v.x + v.y * v.y);
    return {{v.x / len, v.y / len}, len, true};
  }
  const Vec2T<T> w{v.x / scale, v.y / scale};
  const T len = sqrtOf(w.x * w.x + w.y * w.y);
  return {{w.x / len, w.y / len}, len * scale, true};
}

/// Converts a core (double) vector to T, rounding to nearest.
template <class T>
inline Vec2T<T> toT(Vec2 v) {
  return {static_cast<T>(v.x), static_cast<T>(v.y)};
}
/// Converts a core transform to T, rounding each component to nearest.
template <class T>
inline TransformT<T> toT(const Transform& xf) {
  return {toT<T>(xf.p), {static_cast<T>(xf.q.c), static_cast<T>(xf.q.s)}};
}
/// Widens a T vector to the core double vector (exact).
template <class T>
inline Vec2 toCore(Vec2T<T> v) {
  return {static_cast<double>(v.x), static_cast<double>(v.y)};
}

/// One contact point of a fast manifold (world frame).
template <class T>
struct ManifoldPointT {
  Vec2T<T> point;       ///< midway between the two surfaces along the normal
  T separation = T(0);  ///< signed distance between the surfaces, radii included
  FeatureId id;         ///< typed feature ids (core/manifold.h)
};

/// A fixed-capacity manifold in T. Contact iff pointCount > 0; the normal is unit, A → B,
/// world frame, and zero when there is no contact.
template <class T>
struct ManifoldT {
  Vec2T<T> normal;
  int pointCount = 0;
  ManifoldPointT<T> points[2];
  std::uint32_t flags = kFlagNone;
};

}  // namespace touche::fast
