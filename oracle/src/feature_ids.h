// touche oracle — a foreign engine's feature ids in the format it declares (judge.h,
// IdFormat; docs/conventions.md, "Feature-id formats"): what each id says about the features
// its point lies on, as far as the format says anything.
//
// - touche: the typed object {typeA, indexA, typeB, indexB}, one feature pair.
// - box2d-2: Box2D 2.x's b2ContactFeature {indexA, indexB, typeA, typeB} (e_vertex = 0,
//   e_face = 1), or its 32-bit key (indexA in the low byte, then indexB, typeA, typeB). Box2D
//   writes it in the roles of the manifold's shapes after b2CollidePolygons' flip (the
//   features are swapped back when B's face was the reference), so it is one typed pair.
// - box2d-v3: Box2D v3's 16-bit key B2_MAKE_ID(a, b) = a << 8 | b, which each b2Collide*
//   builds its own way (manifold.c); read in the case's roles, it stands for the typed pairs
//   its point may be on (v3Reading):
//   - b2CollidePolygons (polygons; capsules and segments made two-vertex polygons against a
//     polygon): vertex a of A and vertex b of B, the ends of the reference face and the
//     incident edge on the point's side: the point lies on vertex a, or on a face of A next to
//     it, and on vertex b or a face of B next to it, one of the two a vertex;
//   - b2CollideCapsules (capsules, a segment against a capsule): with A's core the reference,
//     (0, k) for the point from B's end k (B's vertex k, or clipped on B's core at one of A's
//     ends); with B's, (k, 0) for A's end k; a single point (i, j) with 0 for a core's vertex
//     0 and 1 for anywhere else on it (its vertex 1 or its sides);
//   - b2CollideChainSegmentAndPolygon (a chain segment against a polygon or a capsule made
//     one): vertex indices as b2CollidePolygons', but its clip against the polygon's face
//     writes the polygon's index first: read so too where the normal is that face's
//     (IdReading::crossed);
//   - a circle in the pair: v3 writes 0, which names no feature but must be 0.
// - opaque: any JSON value; it names no feature.
//
// Whatever the format, two points of one manifold never share an id: a solver matches a
// point with last step's by its id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"

namespace touche::oracle::ids {

/// One point's id as the declared format reads it.
struct IdReading {
  /// The typed ids it may be, in the case's A/B roles, of which the point must lie on one:
  /// touche's one; for a Box2D 2.x edge's face 0 — the edge, either side — both of touche's
  /// sides; for a Box2D v3 key every pair the key stands for. Empty: it names no feature.
  std::vector<FeatureId> typed;
  /// A chain segment's Box2D v3 key read the other way round, polygon first (its clip against
  /// the polygon's face writes it so): these pairs hold only where that shape's face is the
  /// reference, i.e. the point's normal is one of its face normals.
  std::vector<FeatureId> crossed;
  /// What a Box2D v3 key says ("key 258 = B2_MAKE_ID(1, 2) of b2CollidePolygons: ..."), for
  /// the explanation; empty for the other formats.
  std::string rule;
  /// Why the id is not one of the declared format, or names no feature ("indexA 999 is not a
  /// feature index (0 to 255)"); empty when it reads.
  std::string error;
  /// The id's identity: two points whose keys are equal share an id. Empty: no id to compare.
  std::string key;
  /// Nothing can be judged of it (touche's format with an id in another form: today's rule,
  /// the manifold's ids are then not compared).
  bool unreadable = false;
};

/// Reads point `p`'s id in `format`, for a case of shapes `a` and `b`.
IdReading readId(const ReportedPoint& p, IdFormat format, const Shape& a, const Shape& b);

/// A typed id (touche's reading of a Manifold built in C++).
IdReading typedReading(const FeatureId& id);

/// Box2D v3's key `key` on a case of shapes `a` and `b`: the typed pairs it stands for
/// (IdReading::typed, IdReading::rule), an error when no b2Collide* of the pair writes it, or
/// nothing to judge but its identity (a pair v3 does not have).
IdReading v3Reading(std::uint16_t key, const Shape& a, const Shape& b);

/// The typed feature pairs a v3 vertex key (vertex a of A, vertex b of B) may stand for, on
/// cores of `verticesA` and `verticesB` vertices: (vertex a, vertex b), (vertex a, a face of B
/// at b), (a face of A at a, vertex b). A face at vertex k is face k or face k − 1.
std::vector<FeatureId> v3Candidates(int a, int b, int verticesA, int verticesB);

/// "face 2", "vertex 0"; a pair: "(A's face 2, B's vertex 0)".
std::string describe(const FeatureId& id);

}  // namespace touche::oracle::ids
