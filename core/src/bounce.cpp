// touche — the bounce path's names and the validation of a scene (bounce.h).
//
// Every geometric decision is exact (orient2d, and exact signs of dot products): a polygon
// accepted here is simple, wound as declared, and holds (or leaves out) the ball's centre in
// exact arithmetic. Simplicity is tested by a sweep over the edges sorted by their smallest x:
// only edges whose boxes overlap are tested against each other.
#include "touche/core/bounce.h"

#include <algorithm>
#include <array>
#include <boost/multiprecision/gmp.hpp>
#include <cmath>
#include <numeric>

namespace touche {
namespace {

using Rational = boost::multiprecision::mpq_rational;

constexpr std::array<std::string_view, 3> kHitNames = {"none", "wall", "obstacle"};
constexpr std::array<std::string_view, 5> kStatusNames = {"obstacle", "max_bounces", "max_length",
                                                          "unsupported", "error"};

template <std::size_t N, class E>
bool fromName(const std::array<std::string_view, N>& names, std::string_view name, E* out) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) {
      *out = static_cast<E>(i);
      return true;
    }
  }
  return false;
}

std::string pointText(Vec2 v) {
  std::string out = "(";
  out.append(shortestDecimal(v.x)).append(", ").append(shortestDecimal(v.y)).append(")");
  return out;
}

std::string at(const std::string& field, std::size_t i) {
  return field + "[" + std::to_string(i) + "]";
}

/// Exact sign of (b − a)·(c − b): whether the edge b→c goes on forward from a→b.
int forwardSign(Vec2 a, Vec2 b, Vec2 c) {
  const double value = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y);
  const double magnitude =
      std::fabs((b.x - a.x) * (c.x - b.x)) + std::fabs((b.y - a.y) * (c.y - b.y));
  constexpr double eps = 0x1p-53;
  if (magnitude > 0x1p-900 && std::fabs(value) > (3.0 + 16.0 * eps) * eps * magnitude) {
    return value > 0 ? 1 : -1;
  }
  const Rational exact =
      (Rational(b.x) - a.x) * (Rational(c.x) - b.x) + (Rational(b.y) - a.y) * (Rational(c.y) - b.y);
  return exact.sign();
}

/// x within the closed interval between a and b (doubles compare exactly).
bool between(double x, double a, double b) {
  return std::min(a, b) <= x && x <= std::max(a, b);
}

/// Whether the closed segments p→q and a→b share a point (exactly).
bool segmentsMeet(Vec2 p, Vec2 q, Vec2 a, Vec2 b) {
  const int o1 = orient2d(p, q, a), o2 = orient2d(p, q, b);
  const int o3 = orient2d(a, b, p), o4 = orient2d(a, b, q);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  const auto onSegment = [](Vec2 s, Vec2 e, Vec2 x) {
    return between(x.x, s.x, e.x) && between(x.y, s.y, e.y);
  };
  return (o1 == 0 && onSegment(p, q, a)) || (o2 == 0 && onSegment(p, q, b)) ||
         (o3 == 0 && onSegment(a, b, p)) || (o4 == 0 && onSegment(a, b, q));
}

/// Edges i and j of an n-gon share a vertex.
bool adjacent(std::size_t i, std::size_t j, std::size_t n) {
  return (i + 1) % n == j || (j + 1) % n == i;
}

/// Two edges that are not neighbours share a point: the first such pair found by a sweep over
/// x (edges sorted by their smallest x; an edge is tested against the earlier ones whose x
/// range reaches it and whose y range overlaps its own).
std::optional<std::pair<std::size_t, std::size_t>> crossingEdges(const std::vector<Vec2>& v) {
  const std::size_t n = v.size();
  struct Box {
    double minX, maxX, minY, maxY;
  };
  std::vector<Box> boxes(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = v[i], b = v[(i + 1) % n];
    boxes[i] = {std::min(a.x, b.x), std::max(a.x, b.x), std::min(a.y, b.y), std::max(a.y, b.y)};
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return boxes[a].minX < boxes[b].minX; });
  std::vector<std::size_t> active;
  for (const std::size_t i : order) {
    const Box& box = boxes[i];
    std::erase_if(active, [&](std::size_t j) { return boxes[j].maxX < box.minX; });
    for (const std::size_t j : active) {
      if (adjacent(i, j, n) || boxes[j].maxY < box.minY || box.maxY < boxes[j].minY) continue;
      if (segmentsMeet(v[i], v[(i + 1) % n], v[j], v[(j + 1) % n])) {
        return std::pair{std::min(i, j), std::max(i, j)};
      }
    }
    active.push_back(i);
  }
  return std::nullopt;
}

/// +1 counter-clockwise, −1 clockwise, for a simple polygon: the turn at its lowest-leftmost
/// vertex (a corner of the convex hull, never collinear with its neighbours in a polygon that
/// does not fold back).
int winding(const std::vector<Vec2>& v) {
  const std::size_t n = v.size();
  std::size_t low = 0;
  for (std::size_t i = 1; i < n; ++i) {
    if (v[i].x < v[low].x || (v[i].x == v[low].x && v[i].y < v[low].y)) low = i;
  }
  return orient2d(v[(low + n - 1) % n], v[low], v[(low + 1) % n]);
}

/// Numbers, at least 3 vertices, no zero-length edge, no fold, simple.
std::optional<InputError> checkSimplePolygon(const std::vector<Vec2>& v, const std::string& field) {
  const std::size_t n = v.size();
  if (n < 3) {
    return InputError{field, std::to_string(n) + " vertices; a polygon needs at least 3"};
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (auto e = validatePoint(v[i], at(field, i))) return e;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t next = (i + 1) % n;
    if (v[i] == v[next]) {
      return InputError{at(field, next), pointText(v[next]) + " repeats " + at(field, i) +
                                             ": an edge of zero length"};
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 previous = v[(i + n - 1) % n], next = v[(i + 1) % n];
    if (orient2d(previous, v[i], next) == 0 && forwardSign(previous, v[i], next) < 0) {
      return InputError{at(field, i), pointText(v[i]) +
                                          ": the edges meeting there fold back onto each other; "
                                          "the polygon is not simple"};
    }
  }
  if (const auto pair = crossingEdges(v)) {
    const auto [i, j] = *pair;
    return InputError{at(field, j), "the edge from " + at(field, j) + " " + pointText(v[j]) +
                                        " meets the edge from " + at(field, i) + " " +
                                        pointText(v[i]) + "; the polygon is not simple"};
  }
  return std::nullopt;
}

/// The winding number of the polygon around p, or nullopt when p lies on its boundary.
std::optional<int> windingNumber(const std::vector<Vec2>& v, Vec2 p) {
  int wn = 0;
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = v[i], b = v[(i + 1) % n];
    const int side = orient2d(a, b, p);
    if (side == 0 && between(p.x, a.x, b.x) && between(p.y, a.y, b.y)) return std::nullopt;
    if (a.y <= p.y) {
      if (b.y > p.y && side > 0) ++wn;
    } else if (b.y <= p.y && side < 0) {
      --wn;
    }
  }
  return wn;
}

std::optional<InputError> checkBall(const BounceBall& ball) {
  if (auto e = validatePoint(ball.center, "ball.center")) return e;
  if (auto e = validateNumber(ball.radius, "ball.radius")) return e;
  if (!(ball.radius > 0.0)) {
    return InputError{"ball.radius", shortestDecimal(ball.radius) + " is not positive"};
  }
  if (auto e = validatePoint(ball.direction, "ball.direction")) return e;
  if (std::max(std::fabs(ball.direction.x), std::fabs(ball.direction.y)) < kMinDirection) {
    return InputError{"ball.direction", pointText(ball.direction) +
                                            " is zero or too short (a component of at least "
                                            "2^-500 is needed)"};
  }
  return std::nullopt;
}

std::optional<InputError> checkLimits(const BounceScene& scene) {
  if (scene.maxBounces < 0 || scene.maxBounces > kMaxBounces) {
    return InputError{"maxBounces", std::to_string(scene.maxBounces) + " is outside [0, " +
                                        std::to_string(kMaxBounces) + "]"};
  }
  if (!std::isfinite(scene.maxLength)) {
    return InputError{"maxLength", shortestDecimal(scene.maxLength) + " is not a finite number"};
  }
  if (!(scene.maxLength >= 0.0 && scene.maxLength <= kMaxPathLength)) {
    return InputError{"maxLength", shortestDecimal(scene.maxLength) + " is outside [0, 2^60]"};
  }
  return std::nullopt;
}

std::optional<InputError> checkPolygons(const BounceScene& scene) {
  std::size_t total = scene.walls.size();
  for (const auto& obstacle : scene.obstacles)
    total += obstacle.size();
  if (total > kMaxSceneVertices) {
    return InputError{"obstacles", std::to_string(total) + " vertices in the scene; at most " +
                                       std::to_string(kMaxSceneVertices)};
  }
  if (auto e = checkSimplePolygon(scene.walls, "walls")) return e;
  if (winding(scene.walls) < 0) {
    return InputError{"walls",
                      "clockwise; walls are listed counter-clockwise (source 001: their front, "
                      "the left of each edge, is inside)"};
  }
  for (std::size_t k = 0; k < scene.obstacles.size(); ++k) {
    const std::string field = at("obstacles", k);
    if (auto e = checkSimplePolygon(scene.obstacles[k], field)) return e;
    if (winding(scene.obstacles[k]) > 0) {
      return InputError{field,
                        "counter-clockwise; obstacles are listed clockwise (source 001: their "
                        "front, the left of each edge, is outside)"};
    }
  }
  return std::nullopt;
}

/// Squared distance from c to the segment a→b, decided against r² exactly: −1 closer than r,
/// 0 exactly r, +1 farther. A double estimate decides when it is clearly apart; rationals
/// otherwise.
int clearance(Vec2 c, Vec2 a, Vec2 b, double r) {
  const Vec2 e = b - a, w = c - a;
  const double ee = dot(e, e), along = dot(w, e);
  const double t = ee > 0 ? std::clamp(along / ee, 0.0, 1.0) : 0.0;
  const Vec2 apart = w - t * e;
  const double d2 = dot(apart, apart), r2 = r * r;
  if (d2 > r2 * (1 + 0x1p-20) + 0x1p-1000) return 1;
  if (d2 < r2 * (1 - 0x1p-20) - 0x1p-1000) return -1;
  const Rational ex = Rational(b.x) - a.x, ey = Rational(b.y) - a.y;
  const Rational wx = Rational(c.x) - a.x, wy = Rational(c.y) - a.y;
  const Rational eeExact = ex * ex + ey * ey, alongExact = wx * ex + wy * ey;
  Rational tExact = alongExact.sign() <= 0 ? Rational(0) : alongExact / eeExact;
  if (tExact > 1) tExact = 1;
  const Rational dx = wx - tExact * ex, dy = wy - tExact * ey;
  return Rational(dx * dx + dy * dy - Rational(r) * Rational(r)).sign();
}

/// The ball may touch an edge (its centre exactly r from it) but not overlap one.
std::optional<InputError> checkClearance(const BounceScene& scene) {
  const auto polygon = [&](const std::vector<Vec2>& v,
                           const std::string& field) -> std::optional<InputError> {
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (clearance(scene.ball.center, v[i], v[(i + 1) % v.size()], scene.ball.radius) < 0) {
        return InputError{"ball.center", pointText(scene.ball.center) + ": the ball of radius " +
                                             shortestDecimal(scene.ball.radius) +
                                             " overlaps the edge from " + at(field, i) +
                                             "; it may touch it, not overlap it"};
      }
    }
    return std::nullopt;
  };
  if (auto e = polygon(scene.walls, "walls")) return e;
  for (std::size_t k = 0; k < scene.obstacles.size(); ++k) {
    if (auto e = polygon(scene.obstacles[k], at("obstacles", k))) return e;
  }
  return std::nullopt;
}

std::optional<InputError> checkCentre(const BounceScene& scene) {
  const Vec2 c = scene.ball.center;
  const std::optional<int> inWalls = windingNumber(scene.walls, c);
  if (!inWalls) {
    return InputError{"ball.center", pointText(c) + " lies on the walls"};
  }
  if (*inWalls == 0) {
    return InputError{"ball.center", pointText(c) + " is outside the walls"};
  }
  for (std::size_t k = 0; k < scene.obstacles.size(); ++k) {
    const std::optional<int> inside = windingNumber(scene.obstacles[k], c);
    if (!inside || *inside != 0) {
      return InputError{"ball.center",
                        pointText(c) + (inside ? " is inside " : " lies on ") + at("obstacles", k)};
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view bounceHitName(BounceHit hit) {
  return kHitNames[static_cast<int>(hit)];
}
bool bounceHitFromName(std::string_view name, BounceHit* out) {
  return fromName(kHitNames, name, out);
}
std::string_view bounceStatusName(BounceStatus status) {
  return kStatusNames[static_cast<int>(status)];
}
bool bounceStatusFromName(std::string_view name, BounceStatus* out) {
  return fromName(kStatusNames, name, out);
}

double largestCoordinate(const BounceScene& scene) {
  double most = std::max(std::fabs(scene.ball.center.x), std::fabs(scene.ball.center.y));
  const auto offer = [&](const std::vector<Vec2>& polygon) {
    for (const Vec2 v : polygon)
      most = std::max({most, std::fabs(v.x), std::fabs(v.y)});
  };
  offer(scene.walls);
  for (const auto& obstacle : scene.obstacles)
    offer(obstacle);
  return most;
}

std::optional<InputError> validateBounceScene(const BounceScene& scene) {
  if (auto e = checkBall(scene.ball)) return e;
  if (auto e = checkLimits(scene)) return e;
  if (auto e = checkPolygons(scene)) return e;
  const double smallest = kMinRadiusRatio * largestCoordinate(scene);
  if (scene.ball.radius < smallest) {
    return InputError{"ball.radius", shortestDecimal(scene.ball.radius) +
                                         " is below 2^-40 times the scene's largest coordinate (" +
                                         shortestDecimal(smallest) +
                                         "): rounded leg ends could put the ball behind a wall"};
  }
  if (auto e = checkCentre(scene)) return e;
  return checkClearance(scene);
}

}  // namespace touche
