// touche — the bounce path (source 001's question, design notes §8; docs/conventions.md,
// "Bounce path"): a ball starts at a point and moves in a direction; it bounces off walls and
// stops at the first obstacle. The path is a sequence of legs, each the exact first contact of
// the ball from the previous leg's rounded end along its rounded reflected direction.
//
// A bounce path is a column through the same floors as a cast: these value types, validation
// that names the field, the tie rule every engine (and any broad phase) uses, an engine table
// entry (BounceEngine), and the JSON Lines format of bounce_jsonl.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "touche/core/geometry.h"
#include "touche/core/manifold.h"
#include "touche/core/validate.h"

namespace touche {

/// The ball: a circle of `radius` whose centre starts at `center` and moves along `direction`
/// (any non-zero vector: only its direction matters; lengths are measured in world units).
struct BounceBall {
  Vec2 center;
  double radius = 0.0;
  Vec2 direction;
  friend bool operator==(const BounceBall&, const BounceBall&) = default;
};

inline constexpr int kDefaultMaxBounces = 100;
/// The default path length: no limit in practice (a path of 2^16 legs inside coordinates of at
/// most 2^50 is far shorter).
inline constexpr double kDefaultMaxLength = 0x1p60;
/// The most bounces a path may ask for (a path has at most maxBounces + 1 legs).
inline constexpr int kMaxBounces = 1 << 16;
/// The longest maxLength accepted.
inline constexpr double kMaxPathLength = 0x1p60;
/// The most vertices a scene may have, walls and obstacles together.
inline constexpr std::size_t kMaxSceneVertices = std::size_t{1} << 22;
/// The smallest ball radius accepted, relative to the scene's largest coordinate magnitude:
/// a leg's end is rounded to doubles (2^-53 relative), and a radius far above that keeps the
/// rounded centre in front of the wall it touches, so the ball can never cross a wall.
inline constexpr double kMinRadiusRatio = 0x1p-40;
/// The smallest largest component of the ball's direction (its squares stay normal doubles).
inline constexpr double kMinDirection = 0x1p-500;

/// A scene: walls (a simple polygon, counter-clockwise, the ball inside) and obstacles (simple
/// polygons, clockwise, the ball outside), convex or not. Every edge is hit from its front, its
/// left side (inside the walls, outside an obstacle); its offset by the radius is source 001's
/// Minkowski expansion.
struct BounceScene {
  BounceBall ball;
  std::vector<Vec2> walls;
  std::vector<std::vector<Vec2>> obstacles;
  int maxBounces = kDefaultMaxBounces;   ///< reflections allowed: [0, kMaxBounces]
  double maxLength = kDefaultMaxLength;  ///< total length of the path: [0, kMaxPathLength]
  friend bool operator==(const BounceScene&, const BounceScene&) = default;
};

/// What a leg ends at.
enum class BounceHit : std::uint8_t { none, wall, obstacle };

/// How a path ends.
enum class BounceStatus : std::uint8_t {
  obstacle,     ///< the last leg touches an obstacle: the ball stops there
  maxBounces,   ///< the last leg touches a wall after maxBounces reflections
  maxLength,    ///< the path reached maxLength (the last leg ends there, or touches exactly there)
  unsupported,  ///< the engine does not run this scene (its reason is given)
  error,        ///< invalid scene (validateBounceScene names the field)
};

/// "none", "wall", "obstacle".
std::string_view bounceHitName(BounceHit hit);
bool bounceHitFromName(std::string_view name, BounceHit* out);
/// "obstacle", "max_bounces", "max_length", "unsupported", "error".
std::string_view bounceStatusName(BounceStatus status);
bool bounceStatusFromName(std::string_view name, BounceStatus* out);

/// A feature of the scene's offset boundary: face i is edge i (from vertex i to vertex i + 1
/// of its polygon, as listed) pushed out to its front by the radius; vertex i is the arc of
/// radius r around vertex i, which exists where the corner is convex seen from the front (the
/// polygon turns right there). `polygon` is the obstacle's index (0 for walls).
struct BounceFeature {
  BounceHit hit = BounceHit::none;  ///< wall or obstacle (none: no feature)
  std::uint32_t polygon = 0;
  FeatureType type = FeatureType::face;
  std::uint32_t index = 0;
  friend bool operator==(const BounceFeature&, const BounceFeature&) = default;
};

/// The tie rule as one number: features touched at the same exact t are taken in increasing
/// key order — obstacles (by index) before walls, then faces before vertices, then the lower
/// index. An obstacle wins a tie with a wall because touching an obstacle ends the path: the
/// ball that touches both at once has touched an obstacle. Every engine and any broad phase
/// picks the smallest (t, key): the answer does not depend on the order features are visited.
inline std::uint64_t bounceFeatureKey(const BounceFeature& f) {
  const std::uint64_t rank = f.hit == BounceHit::wall ? std::uint64_t{1} << 30 : f.polygon;
  const std::uint64_t vertex = f.type == FeatureType::vertex ? 1 : 0;
  return rank << 33 | vertex << 32 | f.index;
}

/// How close the reference's decisions on a leg were (lengths, faithfully rounded; empty when
/// the decision did not arise). An engine that decides otherwise is legitimate only inside its
/// tie band around such a gap.
struct BounceLegGaps {
  /// Which feature: the distance from the centre at the contact to the nearest boundary of the
  /// feature's region (a face's end, an arc's limit), or to the contact with another feature
  /// (the runner-up's contact distance along the leg), whichever is smaller. 0: a tie.
  std::optional<double> feature;
  /// Hit vs miss of the touched arc: r − (distance from its vertex to the leg's line). 0: a
  /// graze. Faces are not grazed (a parallel face is never hit by itself).
  std::optional<double> graze;
  /// Contact vs maxLength: |contact distance − remaining length| (none while the remaining
  /// length is beyond any a leg can have, 2^52).
  std::optional<double> length;
};

/// One leg: the ball's centre moves from `start` along `direction` to `end`. `length` is the
/// leg's length (correctly rounded), `hit` what it touches there, `normal` the offset
/// boundary's unit normal at `end` (towards the ball), `feature` the touched feature.
struct BounceLeg {
  Vec2 start;
  Vec2 direction;
  Vec2 end;
  double length = 0.0;
  BounceFeature feature;  ///< feature.hit: none (maxLength reached), wall or obstacle
  Vec2 normal;            ///< when feature.hit != none
  BounceLegGaps gaps;     ///< filled by engines that know them (the reference)
};

struct BouncePath {
  BounceStatus status = BounceStatus::error;
  std::vector<BounceLeg> legs;
};

/// Every field of the scene: numbers finite and at most 2^50 in magnitude; walls and each
/// obstacle simple polygons of at least 3 vertices (no zero-length edge, no edges that meet
/// but at their shared vertex, no edges that fold back), walls counter-clockwise, obstacles
/// clockwise; the ball's centre strictly inside the walls and strictly outside every obstacle;
/// radius in [kMinRadiusRatio × the largest coordinate magnitude, 2^50], direction non-zero
/// (its largest component at least kMinDirection); maxBounces in [0, kMaxBounces]; maxLength in
/// [0, kMaxPathLength]. The ball may touch walls and obstacles at the start (its centre
/// exactly r from an edge), not overlap them.
std::optional<InputError> validateBounceScene(const BounceScene& scene);

/// The largest magnitude of any coordinate of the scene (the ball's centre, walls, obstacles):
/// the scale of its rounding.
double largestCoordinate(const BounceScene& scene);

/// The reflection of d about the unit normal n, r = d − 2(d·n)n, in double (the engines that
/// round it correctly compute it exactly first).
inline Vec2 reflect(Vec2 d, Vec2 n) {
  return d - (2 * dot(d, n)) * n;
}

using BounceFn = BouncePath (*)(const BounceScene& scene);

/// The bounce column of an engine: a name and a function, like CastEngine.
struct BounceEngine {
  std::string_view name;  ///< "reference", "fast", "fast_float"
  BounceFn bounce;
};

/// The polygon a feature belongs to.
inline const std::vector<Vec2>& polygonOf(const BounceScene& scene, const BounceFeature& f) {
  return f.hit == BounceHit::obstacle ? scene.obstacles[f.polygon] : scene.walls;
}

}  // namespace touche
