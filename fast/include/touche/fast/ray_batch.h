// touche — the fast engine's ray batches: many rays (radius 0) as separate arrays, against a
// pool of shapes prepared as separate arrays, results as separate arrays (design notes §8).
//
// The interface a ray-casting user keeps: the rays' origins, translations and maxFractions in
// their own arrays (RaysT), the results in theirs (RayHitsT: status, fraction, point, normal,
// feature, flags), and the shapes once, in a pool (RayTargetsT, from placed shapes). Three
// queries: ray k against shape k (castRays), ray k against shape shapeIndex[k] (castRays with
// an index array), every ray against one shape (castRaysAgainst). Entry k of the results is,
// field by field and bit for bit, castPlaced's result for ray k against its shape, with the
// ray placed from its T values (rayPlaced; tests/fast/ray_batch_test.cpp checks it).
//
// The pool keeps its shapes in groups of G = 64 / sizeof(T) (16 floats, 8 doubles): each
// value of the G shapes of a group side by side (their transforms, circle centres and radii,
// each polygon face's unit normal and first vertex, faces past a polygon's count zero), so
// that the lanes of a vector read G shapes' value with one load, or gather it through an
// index array. Each vector of W rays (the kernels of cast_batch.h's targets, chosen at run
// time: 16 floats / 8 doubles with AVX-512, 8 floats with AVX2) runs
//   - a circle (source 001 §4, castCircle): one quadratic — the foot of the perpendicular from
//     the centre, the chord — lane-wise;
//   - a sharp polygon (castByClipping with R = 0): the Cyrus–Beck clip over its faces, the
//     largest entering t and smallest leaving t, lane-wise; a zero face enters and leaves
//     nowhere, so every lane runs as many faces as the most among the lanes (4 for boxes);
// each only when some lane needs it. Through an index array the lanes gather their rows,
// except a vector whose rays all name one shape (a broadcast) or a group's consecutive shapes
// (its loads). The rest go to castPlaced lane by lane: other shapes
// (segments, capsules, chain segments, rounded polygons) and circles whose rounding scale
// (placedScale: hypot in double) is not certainly inside castCircle's well-scaled range, which
// a cheap bound on |origin| + |translation| decides for all but extreme magnitudes.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "touche/fast/cast_batch.h"

// See cast_batch.h: GCC vectors passed between always-inlined helpers of one target.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace touche::fast {

/// Rays as separate arrays, world coordinates: ray k starts at (originX[k], originY[k]) and
/// moves by (translationX[k], translationY[k])·t for t in [0, maxFraction[k]]. Each ray must
/// be valid as castInputIsValid says (validateRays names the first that is not); the queries do
/// not check.
template <class T>
struct RaysT {
  const T* originX = nullptr;
  const T* originY = nullptr;
  const T* translationX = nullptr;
  const T* translationY = nullptr;
  const T* maxFraction = nullptr;
  int count = 0;
};

/// Where the results go, one array per field, entry k for ray k. A miss or an initial overlap
/// writes zeros (fraction, point, normal, flags) and feature {vertex, 0}, as CastResultT.
template <class T>
struct RayHitsT {
  CastStatus* status = nullptr;
  T* fraction = nullptr;
  T* pointX = nullptr;
  T* pointY = nullptr;
  T* normalX = nullptr;
  T* normalY = nullptr;
  CastFeature* feature = nullptr;
  std::uint32_t* flags = nullptr;

  /// Writes r as entry k.
  void put(int k, const CastResultT<T>& r) const {
    status[k] = r.status;
    fraction[k] = r.fraction;
    pointX[k] = r.point.x;
    pointY[k] = r.point.y;
    normalX[k] = r.normal.x;
    normalY[k] = r.normal.y;
    feature[k] = r.feature;
    flags[k] = r.flags;
  }

  /// Entry k as one CastResultT.
  CastResultT<T> at(int k) const {
    CastResultT<T> r;
    r.status = status[k];
    r.fraction = fraction[k];
    r.point = {pointX[k], pointY[k]};
    r.normal = {normalX[k], normalY[k]};
    r.feature = feature[k];
    r.flags = flags[k];
    return r;
  }
};

/// Ray k as a core moving circle: its T values widened (exactly), radius 0.
template <class T>
CastInput rayInput(const RaysT<T>& rays, int k) {
  CastInput input;
  input.origin = {static_cast<double>(rays.originX[k]), static_cast<double>(rays.originY[k])};
  input.translation = {static_cast<double>(rays.translationX[k]),
                       static_cast<double>(rays.translationY[k])};
  input.maxFraction = static_cast<double>(rays.maxFraction[k]);
  return input;
}

/// Ray k as the moving circle castPlaced takes.
template <class T>
PlacedCastInputT<T> rayPlaced(const RaysT<T>& rays, int k) {
  return placeForCast<T>(rayInput(rays, k));
}

/// Whether ray k is a valid cast (castInputIsValid).
template <class T>
bool rayIsValid(const RaysT<T>& rays, int k) {
  return castInputIsValid(rayInput(rays, k));
}

/// The first invalid ray's error, its field named "rays[k].origin" and so on (validateCastInput);
/// empty when every ray is valid. The queries take valid rays only.
template <class T>
std::optional<InputError> validateRays(const RaysT<T>& rays) {
  for (int k = 0; k < rays.count; ++k) {
    if (rayIsValid(rays, k)) continue;
    return validateCastInput(rayInput(rays, k), "rays[" + std::to_string(k) + "]");
  }
  return std::nullopt;
}

namespace detail::ray_batch {

/// How a pool shape is cast: lane-wise as a circle, a sharp polygon or a sharp two-ended core
/// (a segment, a chain segment), or by castPlaced.
enum RayKind : int { kRayCircle = 0, kRayPolygon = 1, kRayTwoEnds = 2, kRayScalar = 3 };

/// The values of a pool shape, each a row of G lanes in its group: the transform (unit
/// rotation), the shape's reach in T rounded to nearest and upwards (the rounding scale's
/// bounds), the radius, vertex 0 (a circle's centre), the kind, the face count, a two-ended
/// core's vertex 1, face 0's edge and length and whether it is one-sided, and per face the unit
/// normal and a point of its line (4 rows a face: vertex i, or vertex 0 for both faces of a
/// two-ended core, as clipFaces takes them).
enum RayField : int {
  kFieldC,
  kFieldS,
  kFieldPx,
  kFieldPy,
  kFieldReach,
  kFieldReachUp,
  kFieldRadius,
  kFieldVertexX,
  kFieldVertexY,
  kFieldKind,
  kFieldFaceCount,  ///< the clip's face count; 0 for the kinds without a clip
  kFieldEndX,       ///< a two-ended core's vertex 1
  kFieldEndY,
  kFieldEdgeX,  ///< a two-ended core's face 0 edge (face 1's is its negative, bit for bit)
  kFieldEdgeY,
  kFieldEdgeLength,  ///< |face 0 edge| (face 1's is the same)
  kFieldOneSided,    ///< 1: a chain segment, hit from its front only
  kFieldFaces,       ///< face i: rows kFieldFaces + 4i (normal x, y) and + 4i + 2 (point x, y)
  kFieldCount = kFieldFaces + 4 * kMaxPolygonVertices,
};

}  // namespace detail::ray_batch

/// A pool of placed shapes in groups of kGroup (see the top): built once, queried by any
/// number of ray batches. Keeps the placed shapes too, for the lanes castPlaced takes.
template <class T>
class RayTargetsT {
 public:
  static constexpr int kGroup = static_cast<int>(64 / sizeof(T));

  RayTargetsT() = default;
  RayTargetsT(const PlacedCastShapeT<T>* shapes, int count) : placed_(shapes, shapes + count) {
    using namespace detail::ray_batch;
    const std::size_t groups = (placed_.size() + kGroup - 1) / kGroup;
    // The gathers index the rows with 32-bit offsets.
    if (groups * kFieldCount * kGroup > 0x7fffffffu) {
      throw std::length_error("RayTargetsT: more shapes than 32-bit row offsets reach");
    }
    groups_.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      for (int l = 0; l < kGroup; ++l)
        groups_[g].row[kFieldKind][l] = T(kRayScalar);  // the padding past the last shape
    }
    for (int k = 0; k < count; ++k)
      put(k, placed_[static_cast<std::size_t>(k)]);
  }

  int count() const { return static_cast<int>(placed_.size()); }
  const PlacedCastShapeT<T>& placed(int k) const { return placed_[static_cast<std::size_t>(k)]; }
  /// Row `field` of the group holding shape 0; shape k's value is at offsetOf(k) from it.
  const T* rows() const { return groups_.empty() ? nullptr : &groups_[0].row[0][0]; }
  static int offsetOf(int k, int field) {
    return (k / kGroup) * (detail::ray_batch::kFieldCount * kGroup) + field * kGroup + k % kGroup;
  }

 private:
  struct alignas(64) Group {
    T row[detail::ray_batch::kFieldCount][kGroup] = {};
  };

  void put(int k, const PlacedCastShapeT<T>& p) {
    using namespace detail::ray_batch;
    T(&row)[kFieldCount][kGroup] = groups_[static_cast<std::size_t>(k / kGroup)].row;
    const int l = k % kGroup;
    const CastShapeT<T>& s = p.shape;
    row[kFieldC][l] = p.xf.q.c;
    row[kFieldS][l] = p.xf.q.s;
    row[kFieldPx][l] = p.xf.p.x;
    row[kFieldPy][l] = p.xf.p.y;
    row[kFieldReach][l] = static_cast<T>(p.reach);
    T reachUp = static_cast<T>(p.reach);
    if (static_cast<double>(reachUp) < p.reach) {
      reachUp = std::nextafter(reachUp, std::numeric_limits<T>::infinity());
    }
    row[kFieldReachUp][l] = reachUp;
    row[kFieldRadius][l] = s.radius;
    row[kFieldVertexX][l] = s.vertex[0].x;
    row[kFieldVertexY][l] = s.vertex[0].y;
    const bool sharp = s.radius == T(0);
    const RayKind kind = s.vertexCount == 1            ? kRayCircle
                         : sharp && s.vertexCount >= 3 ? kRayPolygon
                         : sharp && s.vertexCount == 2 ? kRayTwoEnds
                                                       : kRayScalar;
    row[kFieldKind][l] = T(kind);
    if (kind != kRayPolygon && kind != kRayTwoEnds) return;
    row[kFieldFaceCount][l] = T(s.faceCount);
    const bool twoEnds = kind == kRayTwoEnds;
    for (int i = 0; i < s.faceCount; ++i) {
      row[kFieldFaces + 4 * i][l] = s.faceNormal[i].x;
      row[kFieldFaces + 4 * i + 1][l] = s.faceNormal[i].y;
      row[kFieldFaces + 4 * i + 2][l] = s.vertex[twoEnds ? 0 : i].x;
      row[kFieldFaces + 4 * i + 3][l] = s.vertex[twoEnds ? 0 : i].y;
    }
    if (!twoEnds) return;
    row[kFieldEndX][l] = s.vertex[1].x;
    row[kFieldEndY][l] = s.vertex[1].y;
    row[kFieldEdgeX][l] = s.faceEdge[0].x;
    row[kFieldEdgeY][l] = s.faceEdge[0].y;
    row[kFieldEdgeLength][l] = s.faceLength[0];
    row[kFieldOneSided][l] = T(s.oneSided ? 1 : 0);
  }

  std::vector<PlacedCastShapeT<T>> placed_;
  std::vector<Group> groups_;
};

namespace detail::ray_batch {

/// Where a vector of rays finds its shapes: ray k's is pool shape k, shapeIndex[k], or `one`.
struct RayShapes {
  const int* shapeIndex = nullptr;  ///< null: shape k (or `one` when it is ≥ 0)
  int one = -1;
};

/// The portable path, and the lanes' reference: castPlaced ray by ray.
template <class T>
void scalarRays(const RayTargetsT<T>& targets, RayShapes shapes, const RaysT<T>& rays,
                const RayHitsT<T>& out) {
  for (int k = 0; k < rays.count; ++k) {
    const int shape = shapes.one >= 0 ? shapes.one : shapes.shapeIndex ? shapes.shapeIndex[k] : k;
    out.put(k, castPlaced(targets.placed(shape), rayPlaced(rays, k)));
  }
}

}  // namespace detail::ray_batch

// The ray kernels join the cast batch kernels' namespaces (their lane helpers).
namespace detail::cast_batch {
#define TOUCHE_FAST_KERNELS "touche/fast/ray_batch_kernels.inc"
#define TOUCHE_FAST_KERNELS_REOPEN
#include "touche/fast/kernels_per_target.inc"
}  // namespace detail::cast_batch

namespace detail::ray_batch {

/// The run-time choice: AVX-512 (float, double), AVX2 (float; its 4 doubles a vector are not
/// worth the lanes, as in castBatch), else castPlaced ray by ray.
template <class T>
void castRaysWith(const RayTargetsT<T>& targets, RayShapes shapes, const RaysT<T>& rays,
                  const RayHitsT<T>& out) {
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx512()) return detail::cast_batch::avx512::rays(targets, shapes, rays, out);
  if constexpr (std::is_same_v<T, float>) {
    if (detail::haveAvx2()) return detail::cast_batch::avx2::rays(targets, shapes, rays, out);
  }
#endif
  scalarRays(targets, shapes, rays, out);
}

}  // namespace detail::ray_batch

/// Ray k against pool shape k, for k < rays.count (≤ targets.count()).
template <class T>
void castRays(const RayTargetsT<T>& targets, const RaysT<T>& rays, const RayHitsT<T>& out) {
  detail::ray_batch::castRaysWith(targets, {}, rays, out);
}

/// Ray k against pool shape shapeIndex[k].
template <class T>
void castRays(const RayTargetsT<T>& targets, const int* shapeIndex, const RaysT<T>& rays,
              const RayHitsT<T>& out) {
  detail::ray_batch::castRaysWith(targets, {shapeIndex, -1}, rays, out);
}

/// Every ray against pool shape `shape`.
template <class T>
void castRaysAgainst(const RayTargetsT<T>& targets, int shape, const RaysT<T>& rays,
                     const RayHitsT<T>& out) {
  detail::ray_batch::castRaysWith(targets, {nullptr, shape}, rays, out);
}

}  // namespace touche::fast

#pragma GCC diagnostic pop
