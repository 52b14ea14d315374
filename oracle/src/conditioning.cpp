// touche oracle — turnedFaceRise and centroidConditioning (conditioning.h).
#include "conditioning.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace touche::oracle::detail {
namespace {

constexpr double kPi = 3.14159265358979323846;

/// The least reading of the points at the normal turned by φ.
double envelope(const std::vector<FaceView>& points, double phi) {
  const double c = std::cos(phi);
  const double s = std::sin(phi);
  double least = std::numeric_limits<double>::infinity();
  for (const FaceView& p : points)
    least = std::min(least, p.height * c + p.along * s);
  return least;
}

/// φ brought into (−π, π].
double wrapped(double phi) {
  while (phi > kPi)
    phi -= 2.0 * kPi;
  while (phi <= -kPi)
    phi += 2.0 * kPi;
  return phi;
}

}  // namespace

double turnedFaceRise(const std::vector<FaceView>& points, double turn) {
  if (points.empty() || !(turn > 0.0)) return 0.0;
  // The angle whose chord is `turn`.
  const double limit = turn >= 2.0 ? kPi : 2.0 * std::asin(0.5 * turn);
  // The envelope is a minimum of sinusoids: its maximum over [−limit, limit] lies at an end,
  // at a sinusoid's crest, or where two sinusoids cross.
  std::vector<double> candidates = {-limit, limit, 0.0};
  double reach = 0.0;  // the largest distance of a point from the face's start
  for (std::size_t i = 0; i < points.size(); ++i) {
    const FaceView& a = points[i];
    reach = std::max(reach, std::hypot(a.height, a.along));
    candidates.push_back(std::atan2(a.along, a.height));
    for (std::size_t k = i + 1; k < points.size(); ++k) {
      const FaceView& b = points[k];
      // (s_a − s_b) cos φ + (τ_a − τ_b) sin φ = 0.
      const double phi = std::atan2(b.height - a.height, a.along - b.along);
      candidates.push_back(phi);
      candidates.push_back(phi + kPi);
    }
  }
  const double atZero = envelope(points, 0.0);
  double highest = atZero;
  for (double phi : candidates) {
    phi = wrapped(phi);
    if (std::fabs(phi) <= limit) highest = std::max(highest, envelope(points, phi));
  }
  // A few roundings of the cosines, sines and products, each relative to the reach.
  const double guard = 16.0 * std::numeric_limits<double>::epsilon() * reach;
  return highest - atZero + guard;
}

double centroidConditioning(const std::vector<Vec2>& vertices) {
  if (vertices.size() < 3) return 0.0;
  std::vector<Vec2> offsets;
  double reach = 0.0;
  for (const Vec2 v : vertices) {
    offsets.push_back(v - vertices.front());
    reach = std::max({reach, std::fabs(offsets.back().x), std::fabs(offsets.back().y)});
  }
  if (!(reach > 0.0) || !std::isfinite(reach)) return std::numeric_limits<double>::infinity();
  const int exponent = std::ilogb(reach);
  for (Vec2& v : offsets)
    v = {std::ldexp(v.x, -exponent), std::ldexp(v.y, -exponent)};
  double diameter = 0.0;
  double twiceArea = 0.0;
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    twiceArea += cross(offsets[i], offsets[(i + 1) % offsets.size()]);
    for (std::size_t k = i + 1; k < offsets.size(); ++k)
      diameter = std::max(diameter, length(offsets[k] - offsets[i]));
  }
  if (!(twiceArea > 0.0)) return std::numeric_limits<double>::infinity();
  return 2.0 * diameter * diameter / twiceArea;
}

}  // namespace touche::oracle::detail
