// touche — a 2D vector over any number type, for the exact and enclosing constructions.
//
// The reference engine (exact rationals, its filtered Approx, the response's Surd2, MPFR) and
// the oracle's exact geometry (rationals and filtered values) build points and vectors on a
// number type other than double. They share this one template and its arithmetic; it needs no
// number library itself, the number type brings its own.
#pragma once

#include <type_traits>

namespace touche {

/// A 2D vector or point with coordinates of number type N.
template <class N>
struct Vec2Of {
  N x;
  N y;
};

// Vector arithmetic over any number type N: one definition for every exact or enclosing
// construction. The scalar of k·a converts to N.
template <class N>
Vec2Of<N> operator+(const Vec2Of<N>& a, const Vec2Of<N>& b) {
  return {a.x + b.x, a.y + b.y};
}
template <class N>
Vec2Of<N> operator-(const Vec2Of<N>& a, const Vec2Of<N>& b) {
  return {a.x - b.x, a.y - b.y};
}
template <class N>
Vec2Of<N> operator*(const std::type_identity_t<N>& k, const Vec2Of<N>& a) {
  return {k * a.x, k * a.y};
}
template <class N>
N dot(const Vec2Of<N>& a, const Vec2Of<N>& b) {
  return a.x * b.x + a.y * b.y;
}
template <class N>
N cross(const Vec2Of<N>& a, const Vec2Of<N>& b) {
  return a.x * b.y - a.y * b.x;
}

}  // namespace touche
