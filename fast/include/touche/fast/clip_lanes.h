// touche — the batch polygon–polygon block of the AVX-512 build (float): stages 2–5 of the
// pairs in contact with the clip run across pairs, 16 pairs a register.
//
// Stage 1 (polygons.h's fusedSeparations, run by batch.h) keeps each pair's 16 face
// separations and compacts the pairs within the margin. For those, stages 2–3 run as passes:
// the best face of each polygon and the reference side (referenceLane), both candidate
// incident edges in one register (incidentLane), then what the clip reads (operandLane) — A's
// two vertices and B's two (the reference face's ends and the incident edge's, in the input's
// A/B roles, B's still in its own frame), the reference normal, the radii and the transforms —
// into lane j of a structure of arrays (ClipLanes). Stage 5 (source 000 clipEdge; Box2D v3
// b2ClipPolygons, as clipIncident in polygons.h) then runs lane-wise over 16 pairs at once:
// B's two vertices are moved into A's frame and every operand put in its reference/incident
// role (operandsOf), and every lane performs clipIncident's IEEE operations on its pair's
// operands in the same order, so each pair's result has the scalar path's bits
// (tests/fast/polygon_kernels_test.cpp, the determinism driver and the fuzz harness compare
// them). Only what the clip reads of B is moved into A's frame (its normals for the
// incident-edge search, then two vertices), not the whole polygon. A pair whose reference
// separation is positive (rounded polygons or a margin: stage 4 may give a vertex–vertex
// point) takes the scalar stages 2–5 instead.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "touche/fast/polygons.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
// GCC 12 reports the undefined pass-through operand inside _mm512_extractf32x4_ps as possibly
// uninitialized (a false positive of its unmasked form). Clang has no such warning group (and
// does not compile the AVX-512 builds).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#if TOUCHE_FAST_AVX512
TOUCHE_FAST_TARGET_AVX512

namespace touche::fast::detail::avx512 {

/// Pairs per block of the AVX-512 polygon path. Every pass over the pairs in contact ends at a
/// trip count the predictor cannot know, so each block costs a few mispredicted loop exits:
/// 64 pairs a block spread them thinner than 32 (measured 18.5 against 19.6 ns a pair).
inline constexpr int kBlock = 64;

using V8 = Simd<float, 32>;
using V16 = Simd<float, 64>;
using I16 = Simd<std::int32_t, 64>;
using U16 = Simd<std::uint32_t, 64>;

/// What stage 5 needs of the pairs in contact of one block, lane j for the j-th such pair, in
/// the input's A/B roles: A's two vertices a1, a2 (its reference face or its incident edge) and
/// B's two, b1, b2, in B's own frame; the reference face's normal in its own polygon's frame;
/// B's transform in A's frame and A's world transform. The clip's operands (reference and
/// incident roles, B moved into A's frame) are formed lane-wise from these (operandsOf).
struct alignas(64) ClipLanes {
  float a1x[kBlock], a1y[kBlock], a2x[kBlock], a2y[kBlock];
  float b1x[kBlock], b1y[kBlock], b2x[kBlock], b2y[kBlock];
  float refNx[kBlock], refNy[kBlock];
  float rA[kBlock], rB[kBlock];
  float qc[kBlock], qs[kBlock], qx[kBlock], qy[kBlock];  ///< B's transform in A's frame
  float c[kBlock], s[kBlock], px[kBlock], py[kBlock];    ///< A's world transform
  std::int32_t faceA[kBlock], faceB[kBlock];             ///< each polygon's best SAT face
  std::int32_t edgeOnA[kBlock], edgeOnB[kBlock];  ///< the incident edge should the other hold it
  std::int32_t a1[kBlock], a2[kBlock], b1[kBlock], b2[kBlock];
  std::int32_t flip[kBlock];  ///< all ones when B holds the reference face
  int pair[kBlock];           ///< the pair's index in the batch
};

/// B's normals moved into A's frame, all 8 lanes: moveInto's normals.
TOUCHE_FAST_AVX512_INLINE void movedNormals(const PolygonT<float>& b, RotT<float> q, V8& nx,
                                            V8& ny) {
  const V8 x = loadChunk<float, 32>(b.nx, 0);
  const V8 y = loadChunk<float, 32>(b.ny, 0);
  nx = q.c * x - q.s * y;
  ny = q.s * x + q.c * y;
  if constexpr (TOUCHE_MUTANT_IS(14)) {  // mutant 14: B's normals left in B's frame
    nx = x;
    ny = y;
  }
}

// Stages 2–3 run as three passes over the pairs in contact, each short enough that the
// processor overlaps many pairs: one long chain per pair (best faces → incident edges → the
// vertices they name) would leave it waiting on each pair's chain in turn.

/// Stage 2 for pair lane j (source 002 b2CollidePolygons, as frameFrom): the best face of each
/// polygon from its 16 SAT separations and which one is the reference face. Returns the
/// reference face's separation (stage 4 decides on its sign).
TOUCHE_FAST_AVX512_INLINE float referenceLane(ClipLanes& lanes, int j, V16 separations) {
  FaceSeparationT<float> sepA, sepB;
  firstMaxHalves(separations, sepA, sepB);
  const bool flip = referenceOnB(sepA, sepB);
  lanes.faceA[j] = sepA.face;
  lanes.faceB[j] = sepB.face;
  lanes.flip[j] = -static_cast<std::int32_t>(flip);
  return select(flip, sepB.separation, sepA.separation);
}

/// Stage 3 for pair lane j (source 002 b2FindIncidentEdge, as chooseFeatures): both candidate
/// incident edges in one register; operandLane picks, by the reference side, which vertices
/// each polygon contributes.
TOUCHE_FAST_AVX512_INLINE void incidentLane(ClipLanes& lanes, int j, const PolygonT<float>& a,
                                            const PolygonT<float>& b, RotT<float> qBinA) {
  V8 bNx, bNy;
  movedNormals(b, qBinA, bNx, bNy);
  const int faceA = lanes.faceA[j];
  const int faceB = lanes.faceB[j];
  int edgeOnB, edgeOnA;
  fusedIncidentEdges(a, loadChunk<float, 32>(a.nx, 0), loadChunk<float, 32>(a.ny, 0), b, bNx, bNy,
                     faceA, faceB, edgeOnB, edgeOnA);
  lanes.edgeOnA[j] = edgeOnA;
  lanes.edgeOnB[j] = edgeOnB;
}

/// What the clip reads of pair lane j's polygons: the ends of A's reference face or incident
/// edge (a1 → a2) and of B's (b1 → b2), the reference face's normal (in its own polygon's
/// frame), the radii and B's transform in A's.
TOUCHE_FAST_AVX512_INLINE void operandLane(ClipLanes& lanes, int j, const PolygonT<float>& a,
                                           const PolygonT<float>& b,
                                           const TransformT<float>& xfBinA) {
  // A's reference face or its incident edge (a1 → a2), and B's (b1 → b2).
  const bool flip = lanes.flip[j] != 0;
  const int a1 = selectInt(flip, lanes.edgeOnA[j], lanes.faceA[j]);
  const int b1 = selectInt(flip, lanes.faceB[j], lanes.edgeOnB[j]);
  const int a2 = a.next(a1);
  const int b2 = b.next(b1);
  lanes.a1[j] = a1;
  lanes.a2[j] = a2;
  lanes.b1[j] = b1;
  lanes.b2[j] = b2;
  // The reference polygon (B in its own frame when it holds the face), by a mask on addresses.
  const std::uintptr_t mask = std::uintptr_t{0} - static_cast<std::uintptr_t>(flip);
  const auto* ref =
      reinterpret_cast<const PolygonT<float>*>((reinterpret_cast<std::uintptr_t>(&b) & mask) |
                                               (reinterpret_cast<std::uintptr_t>(&a) & ~mask));
  const int face = selectInt(flip, lanes.faceB[j], lanes.faceA[j]);
  lanes.a1x[j] = a.vx[a1];
  lanes.a1y[j] = a.vy[a1];
  lanes.a2x[j] = a.vx[a2];
  lanes.a2y[j] = a.vy[a2];
  lanes.b1x[j] = b.vx[b1];
  lanes.b1y[j] = b.vy[b1];
  lanes.b2x[j] = b.vx[b2];
  lanes.b2y[j] = b.vy[b2];
  lanes.refNx[j] = ref->nx[face];
  lanes.refNy[j] = ref->ny[face];
  lanes.rA[j] = a.radius;
  lanes.rB[j] = b.radius;
  lanes.qc[j] = xfBinA.q.c;
  lanes.qs[j] = xfBinA.q.s;
  lanes.qx[j] = xfBinA.p.x;
  lanes.qy[j] = xfBinA.p.y;
}

/// Lanes [l0, l0 + 16) of a lane array; lanes outside `live` read as zero.
TOUCHE_FAST_AVX512_INLINE V16 lanesOf(const float (&array)[kBlock], int l0, __mmask16 live) {
  return _mm512_maskz_loadu_ps(live, array + l0);
}

/// Integer lanes [l0, l0 + 16); lanes outside `live` read as zero.
TOUCHE_FAST_AVX512_INLINE I16 lanesOf(const std::int32_t (&array)[kBlock], int l0, __mmask16 live) {
  return reinterpret_cast<I16>(_mm512_maskz_loadu_epi32(live, array + l0));
}

/// makeId lane-wise: (typeRef, indexRef, typeInc, indexInc) as the bytes of one integer.
TOUCHE_FAST_AVX512_INLINE I16 makeIds(FeatureType typeRef, I16 indexRef, FeatureType typeInc,
                                      I16 indexInc) {
  const std::int32_t types = static_cast<std::int32_t>(typeRef) | static_cast<std::int32_t>(typeInc)
                                                                      << 16;
  return types | (indexRef & 0xff) << 8 | (indexInc & 0xff) << 24;
}

/// roles lane-wise: the id's halves exchanged where B holds the reference face.
TOUCHE_FAST_AVX512_INLINE I16 rolesOf(I16 refInc, I16 flip) {
  if constexpr (TOUCHE_MUTANT_IS(12)) return refInc;  // mutant 12: ids kept in ref/inc roles
  const U16 bits = reinterpret_cast<U16>(refInc);
  const I16 swapped = reinterpret_cast<I16>(bits << 16 | bits >> 16);
  return (swapped & flip) | (refInc & ~flip);
}

/// One end of the clipped incident edge, lane-wise.
struct EndLanes {
  V16 x, y, separation;
  I16 id;
  I16 keep;
};

/// The clip's operands of 16 lanes in reference/incident roles, all in A's frame: the reference
/// face v1 → v2 (vertices i1, i2) with unit normal n, the incident edge w1 → w2 (vertices j1,
/// j2), the radii, and the lane's flip (all ones when B holds the reference face).
struct ClipOperands {
  V16 v1x, v1y, v2x, v2y, nx, ny, w1x, w1y, w2x, w2y, rRef, rInc;
  I16 i1, i2, j1, j2, flip;
};

/// The clip's operands of 16 lanes from what stages 2–3 kept: B's vertices and (when B holds
/// the reference face) the reference normal moved into A's frame with moveInto's operations,
/// then every operand put in its reference/incident role by the lane's flip.
TOUCHE_FAST_AVX512_INLINE ClipOperands operandsOf(const ClipLanes& lanes, int l0, __mmask16 live) {
  const V16 qc = lanesOf(lanes.qc, l0, live);
  const V16 qs = lanesOf(lanes.qs, l0, live);
  const V16 qx = lanesOf(lanes.qx, l0, live);
  const V16 qy = lanesOf(lanes.qy, l0, live);
  const V16 b1x = lanesOf(lanes.b1x, l0, live), b1y = lanesOf(lanes.b1y, l0, live);
  const V16 b2x = lanesOf(lanes.b2x, l0, live), b2y = lanesOf(lanes.b2y, l0, live);
  const V16 m1x = (qc * b1x - qs * b1y) + qx, m1y = (qs * b1x + qc * b1y) + qy;
  const V16 m2x = (qc * b2x - qs * b2y) + qx, m2y = (qs * b2x + qc * b2y) + qy;
  const V16 a1x = lanesOf(lanes.a1x, l0, live), a1y = lanesOf(lanes.a1y, l0, live);
  const V16 a2x = lanesOf(lanes.a2x, l0, live), a2y = lanesOf(lanes.a2y, l0, live);
  const V16 rawNx = lanesOf(lanes.refNx, l0, live), rawNy = lanesOf(lanes.refNy, l0, live);
  // moveInto's normals (mutant 14: B's normals left in B's frame)
  const V16 movedNx = TOUCHE_MUTANT_IS(14) ? rawNx : qc * rawNx - qs * rawNy;
  const V16 movedNy = TOUCHE_MUTANT_IS(14) ? rawNy : qs * rawNx + qc * rawNy;
  const V16 rA = lanesOf(lanes.rA, l0, live), rB = lanesOf(lanes.rB, l0, live);
  const I16 a1 = lanesOf(lanes.a1, l0, live), a2 = lanesOf(lanes.a2, l0, live);
  const I16 b1 = lanesOf(lanes.b1, l0, live), b2 = lanesOf(lanes.b2, l0, live);
  const I16 f = lanesOf(lanes.flip, l0, live);
  return {f ? m1x : a1x,
          f ? m1y : a1y,
          f ? m2x : a2x,
          f ? m2y : a2y,
          f ? movedNx : rawNx,
          f ? movedNy : rawNy,
          f ? a1x : m1x,
          f ? a1y : m1y,
          f ? a2x : m2x,
          f ? a2y : m2y,
          f ? rB : rA,
          f ? rA : rB,
          (b1 & f) | (a1 & ~f),
          (b2 & f) | (a2 & ~f),
          (a1 & f) | (b1 & ~f),
          (a2 & f) | (b2 & ~f),
          f};
}

/// Where an end lands: x, y after the side-plane clip (or unmoved) → its separation, its point
/// midway between the surfaces in the world frame and its keep verdict, as clipIncident. xfA
/// is A's world transform as lanes (q.c, q.s, p.x, p.y).
TOUCHE_FAST_AVX512_INLINE EndLanes placeEnd(const ClipOperands& o, V16 x, V16 y, I16 overlap,
                                            float margin, const V16 (&xfA)[4]) {
  const V16 sepRaw = (x - o.v1x) * o.nx + (y - o.v1y) * o.ny;
  const V16 separation = TOUCHE_MUTANT_IS(10) ? sepRaw : (sepRaw - o.rRef) - o.rInc;  // mutant 10
  const V16 half = 0.5f * ((o.rRef - o.rInc) - sepRaw);
  const V16 px = x + half * o.nx;
  const V16 py = y + half * o.ny;
  const bool ignoreMargin = TOUCHE_MUTANT_IS(6);  // mutant 6: the margin test dropped
  const I16 inMargin = ignoreMargin ? I16{} - 1 : ~(separation > margin);
  return {(xfA[0] * px - xfA[1] * py) + xfA[2], (xfA[1] * px + xfA[0] * py) + xfA[3], separation,
          I16{}, overlap & inMargin};
}

/// Stage 5 on 16 lanes (source 000 clipEdge; Box2D v3 b2ClipPolygons; clipIncident lane-wise
/// across pairs): both ends of every pair's incident edge clipped to its reference face's side
/// planes, then placed and judged.
TOUCHE_FAST_AVX512_INLINE void clipEnds(const ClipOperands& o, float margin, const V16 (&xfA)[4],
                                        EndLanes& low, EndLanes& high) {
  const V16 zero{};
  const V16 tx = -o.ny;  // unit tangent t = (−n.y, n.x), from v1 towards v2
  const V16 ty = o.nx;
  const V16 extent = (o.v2x - o.v1x) * tx + (o.v2y - o.v1y) * ty;
  const V16 tHigh = (o.w1x - o.v1x) * tx + (o.w1y - o.v1y) * ty;
  const V16 tLow = (o.w2x - o.v1x) * tx + (o.w2y - o.v1y) * ty;
  const V16 span = tHigh - tLow;
  const I16 overlap = ~(tHigh < zero) & ~(extent < tLow);
  // mutant 5: the lower side plane's normal not negated
  const I16 beyondLow = ((TOUCHE_MUTANT_IS(5) ? tLow : -tLow) > zero) & (span > zero);
  const I16 beyondHigh = (tHigh > extent) & (span > zero);
  V16 fLow = (zero - tLow) / span;
  V16 fHigh = (extent - tLow) / span;
  fLow = fLow > zero ? fLow : zero;
  fHigh = fHigh > zero ? fHigh : zero;
  fLow = fLow < 1.0f ? fLow : zero + 1.0f;
  fHigh = fHigh < 1.0f ? fHigh : zero + 1.0f;
  // mutant 24: interpolated from the other end
  const V16 fromX = TOUCHE_MUTANT_IS(24) ? o.w1x : o.w2x;
  const V16 fromY = TOUCHE_MUTANT_IS(24) ? o.w1y : o.w2y;
  const V16 alongX = TOUCHE_MUTANT_IS(24) ? o.w2x - o.w1x : o.w1x - o.w2x;
  const V16 alongY = TOUCHE_MUTANT_IS(24) ? o.w2y - o.w1y : o.w1y - o.w2y;
  low = placeEnd(o, beyondLow ? fromX + fLow * alongX : o.w2x,
                 beyondLow ? fromY + fLow * alongY : o.w2y, overlap, margin, xfA);
  high = placeEnd(o, beyondHigh ? fromX + fHigh * alongX : o.w1x,
                  beyondHigh ? fromY + fHigh * alongY : o.w1y, overlap, margin, xfA);
  low.id = rolesOf(beyondLow ? makeIds(FeatureType::vertex, o.i1, FeatureType::face, o.j1)
                             : makeIds(FeatureType::face, o.i1, FeatureType::vertex, o.j2),
                   o.flip);
  high.id = rolesOf(beyondHigh ? makeIds(FeatureType::vertex, o.i2, FeatureType::face, o.j1)
                               : makeIds(FeatureType::face, o.i1, FeatureType::vertex, o.j1),
                    o.flip);
}

/// A manifold's fields for 16 lanes, in its storage order (normal, count, two points).
struct ResultLanes {
  V16 normalX, normalY;
  I16 count;
  V16 firstX, firstY, firstSeparation;
  I16 firstId;
  V16 secondX, secondY, secondSeparation;
  I16 secondId;
};

/// clipIncident's output rule lane-wise: point 0 is end p (the upper end when B holds the
/// reference face) if kept, else end q; point 1 is end q; the normal is the reference normal
/// (negated when B holds it) in the world, zero without points.
TOUCHE_FAST_AVX512_INLINE ResultLanes resultOf(const ClipOperands& o, const V16 (&xfA)[4],
                                               const EndLanes& low, const EndLanes& high) {
  const I16 flip = o.flip;
  const I16 keepP = (high.keep & flip) | (low.keep & ~flip);  // point 0 is end p
  const auto pick = [&](I16 c, V16 a, V16 b) { return c ? a : b; };
  const V16 pX = pick(flip, high.x, low.x), qX = pick(flip, low.x, high.x);
  const V16 pY = pick(flip, high.y, low.y), qY = pick(flip, low.y, high.y);
  const V16 pS = pick(flip, high.separation, low.separation);
  const V16 qS = pick(flip, low.separation, high.separation);
  const I16 pId = (high.id & flip) | (low.id & ~flip);
  const I16 qId = (low.id & flip) | (high.id & ~flip);
  // mutant 1: the reference normal kept on B
  const I16 negate = TOUCHE_MUTANT_IS(1) ? I16{} : flip;
  const V16 nX = negate ? -o.nx : o.nx;
  const V16 nY = negate ? -o.ny : o.ny;
  const I16 any = low.keep | high.keep;
  const V16 zero{};
  return {any ? (xfA[0] * nX - xfA[1] * nY) : zero,
          any ? (xfA[1] * nX + xfA[0] * nY) : zero,
          (low.keep & 1) + (high.keep & 1),
          pick(keepP, pX, qX),
          pick(keepP, pY, qY),
          pick(keepP, pS, qS),
          (pId & keepP) | (qId & ~keepP),
          qX,
          qY,
          qS,
          qId};
}

/// A manifold in float is three 16-byte quarters: (normal, count, first x), (first y,
/// separation, id, second x), (second y, separation, id, flags). The lane vectors of one
/// quarter's four fields, transposed 4×4 within each 128-bit block: block b of rows[r] is lane
/// 4b + r's quarter, ready to be stored as one 16-byte vector.
TOUCHE_FAST_AVX512_INLINE void transposeQuarter(V16 f0, V16 f1, V16 f2, V16 f3, V16 (&rows)[4]) {
  // Per block: t0 = f0 f1 of its lanes 0 and 1 interleaved, t1 the same of lanes 2 and 3.
  const V16 t0 =
      __builtin_shufflevector(f0, f1, 0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29);
  const V16 t1 =
      __builtin_shufflevector(f0, f1, 2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31);
  const V16 t2 =
      __builtin_shufflevector(f2, f3, 0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29);
  const V16 t3 =
      __builtin_shufflevector(f2, f3, 2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31);
  // Per block: the (f0, f1) pair of one lane followed by its (f2, f3) pair.
  rows[0] =
      __builtin_shufflevector(t0, t2, 0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29);
  rows[1] =
      __builtin_shufflevector(t0, t2, 2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31);
  rows[2] =
      __builtin_shufflevector(t1, t3, 0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29);
  rows[3] =
      __builtin_shufflevector(t1, t3, 2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31);
}

/// Stores lane L's three quarters into its manifold (which stage 1 wrote empty).
template <int L>
TOUCHE_FAST_AVX512_INLINE void storeLane(ManifoldT<float>* out, const int* pair,
                                         const V16 (&rows)[3][4]) {
  static_assert(sizeof(ManifoldT<float>) == 48 && std::is_trivially_copyable_v<ManifoldT<float>>);
  auto* bytes = reinterpret_cast<unsigned char*>(out + pair[L]);
  for (int q = 0; q < 3; ++q)
    _mm_storeu_ps(reinterpret_cast<float*>(bytes + 16 * q),
                  _mm512_extractf32x4_ps(rows[q][L % 4], L / 4));  // block L / 4 of row L % 4
}

/// Writes the results of lanes [0, live) into their pairs' manifolds.
template <int... L>
TOUCHE_FAST_AVX512_INLINE void storeLanes(ManifoldT<float>* out, const int* pair, int live,
                                          const ResultLanes& r, std::integer_sequence<int, L...>) {
  const auto bits = [](I16 v) { return reinterpret_cast<V16>(v); };
  V16 rows[3][4];
  transposeQuarter(r.normalX, r.normalY, bits(r.count), r.firstX, rows[0]);
  transposeQuarter(r.firstY, r.firstSeparation, bits(r.firstId), r.secondX, rows[1]);
  transposeQuarter(r.secondY, r.secondSeparation, bits(r.secondId), V16{}, rows[2]);  // flags 0
  static_assert(kFlagNone == 0);
  ((L < live ? (storeLane<L>(out, pair, rows), true) : false) && ...);
}

/// Stage 5 for lanes [0, count) of the clip operands, 16 at a time.
TOUCHE_FAST_AVX512_INLINE void clipLanes(const ClipLanes& lanes, int count, float margin,
                                         ManifoldT<float>* out) {
  for (int l0 = 0; l0 < count; l0 += 16) {
    const int live = count - l0 < 16 ? count - l0 : 16;
    const __mmask16 mask = static_cast<__mmask16>((1u << live) - 1u);
    const ClipOperands o = operandsOf(lanes, l0, mask);
    const V16 xfA[4] = {lanesOf(lanes.c, l0, mask), lanesOf(lanes.s, l0, mask),
                        lanesOf(lanes.px, l0, mask), lanesOf(lanes.py, l0, mask)};
    EndLanes low, high;
    clipEnds(o, margin, xfA, low, high);
    const ResultLanes r = resultOf(o, xfA, low, high);
    storeLanes(out, lanes.pair + l0, live, r, std::make_integer_sequence<int, 16>{});
  }
}

/// Stages 2–5 of one pair on the scalar path (stage 4's pairs): stage 1's result rebuilt (B
/// moved into A's frame again, the best faces from the separations), then manifoldStage.
inline void scalarStages(ManifoldT<float>& m, const PolygonT<float>& a, const PolygonT<float>& b,
                         const TransformT<float>& xfBinA, V16 separations,
                         const TransformT<float>& xfA, float margin) {
  SatT<float> sat;
  sat.bInA = moveInto<float, 32>(b, xfBinA);
  firstMaxHalves(separations, sat.sepA, sat.sepB);
  manifoldStage(m, a, sat, xfA, margin);
}

}  // namespace touche::fast::detail::avx512

TOUCHE_FAST_TARGET_END
#endif

#pragma GCC diagnostic pop
