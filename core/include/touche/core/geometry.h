// touche — 2D contact manifolds, verified.
// Core value types shared by every engine: vectors, rotations, transforms.
//
// Every coordinate is a double taken exactly. A rotation is the pair (c, s) used exactly as
// given: world = R·local + p with R = [c −s; s c]. An angle is turned into (cos, sin) once, at
// load time (rotFromAngle), never again inside an engine.
#pragma once

#include <cmath>

namespace touche {

/// A 2D vector or point in double precision. Plain value type.
struct Vec2 {
  double x = 0.0;
  double y = 0.0;
  friend bool operator==(const Vec2&, const Vec2&) = default;
};

/// A rotation stored as its cosine and sine, used exactly as given.
struct Rot {
  double c = 1.0;
  double s = 0.0;
  friend bool operator==(const Rot&, const Rot&) = default;
};

/// A rigid transform: world = q·local + p.
struct Transform {
  Vec2 p;
  Rot q;
  friend bool operator==(const Transform&, const Transform&) = default;
};

/// Turns an angle in radians into (cos, sin) once. The only place touche calls trig on input.
inline Rot rotFromAngle(double radians) {
  return Rot{std::cos(radians), std::sin(radians)};
}

// Double-precision helpers for code that is allowed to round (fast engine, adapters, rendering).
// The reference engine never uses these: it lifts Vec2 into exact numbers first.
inline Vec2 operator+(Vec2 a, Vec2 b) {
  return {a.x + b.x, a.y + b.y};
}
inline Vec2 operator-(Vec2 a, Vec2 b) {
  return {a.x - b.x, a.y - b.y};
}
inline Vec2 operator-(Vec2 a) {
  return {-a.x, -a.y};
}
inline Vec2 operator*(double k, Vec2 a) {
  return {k * a.x, k * a.y};
}
inline double dot(Vec2 a, Vec2 b) {
  return a.x * b.x + a.y * b.y;
}
inline double cross(Vec2 a, Vec2 b) {
  return a.x * b.y - a.y * b.x;
}
inline double length(Vec2 a) {
  return std::hypot(a.x, a.y);
}

/// Rotates a local vector into the world frame (rounded).
inline Vec2 rotate(Rot q, Vec2 v) {
  return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}
/// Maps a local point into the world frame (rounded).
inline Vec2 apply(const Transform& xf, Vec2 v) {
  return rotate(xf.q, v) + xf.p;
}

}  // namespace touche
