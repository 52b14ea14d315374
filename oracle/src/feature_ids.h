// touche oracle — a foreign engine's feature ids in the format it declares (judge.h,
// IdFormat; docs/conventions.md, "Feature-id formats"): what each id says about the features
// its point lies on, as far as the format says anything.
//
// - touche: the typed object {typeA, indexA, typeB, indexB}, one feature pair.
// - box2d-2: Box2D 2.x's b2ContactFeature {indexA, indexB, typeA, typeB} (e_vertex = 0,
//   e_face = 1), or its 32-bit key (indexA in the low byte, then indexB, typeA, typeB). Box2D
//   writes it in the roles of the manifold's shapes after b2CollidePolygons' flip (the
//   features are swapped back when B's face was the reference), so it is one typed pair.
// - box2d-v3: Box2D v3's 16-bit key B2_MAKE_ID(a, b) = a << 8 | b. Where v3 builds the key
//   from vertex indices (b2CollidePolygons: polygons, capsules and segments made polygons) it
//   names vertex a of A and vertex b of B, the ends of the reference face and the incident
//   edge on the point's side: the point lies on vertex a, or on a face of A next to it, and on
//   vertex b or a face of B next to it, one of the two a vertex. Elsewhere (b2CollideCapsules
//   numbers its points, chain segments put the polygon's index first, circles write 0) the
//   key names no feature: it is judged as an opaque id.
// - opaque: any JSON value; it names no feature.
//
// Whatever the format, two points of one manifold never share an id: a solver matches a
// point with last step's by its id.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"

namespace touche::oracle::ids {

/// One point's id as the declared format reads it.
struct IdReading {
  /// The typed ids it may be (touche, box2d-2), in the case's A/B roles: one, or for a Box2D
  /// 2.x edge's face 0 — the edge, either side — both of touche's sides.
  std::vector<FeatureId> typed;
  /// Box2D v3's key as vertex indices (a on A, b on B), where the pair's keys name vertices.
  std::optional<std::pair<int, int>> vertices;
  /// Why the id is not one of the declared format, or names no feature ("indexA 999 is not a
  /// feature index (0 to 255)"); empty when it reads.
  std::string error;
  /// The id's identity: two points whose keys are equal share an id. Empty: no id to compare.
  std::string key;
  /// Nothing can be judged of it (touche's format with an id in another form: today's rule,
  /// the manifold's ids are then not compared).
  bool unreadable = false;
};

/// Reads point `p`'s id in `format`, for a case whose shapes are of types `a` and `b`.
IdReading readId(const ReportedPoint& p, IdFormat format, ShapeType a, ShapeType b);

/// A typed id (touche's reading of a Manifold built in C++).
IdReading typedReading(const FeatureId& id);

/// Whether Box2D v3 builds this pair's keys from vertex indices (b2CollidePolygons).
bool v3KeysNameVertices(ShapeType a, ShapeType b);

/// The typed feature pairs a v3 key (vertex a of A, vertex b of B) may stand for, on cores of
/// `verticesA` and `verticesB` vertices: (vertex a, vertex b), (vertex a, a face of B at b),
/// (a face of A at a, vertex b). A face at vertex k is face k or face k − 1.
std::vector<FeatureId> v3Candidates(int a, int b, int verticesA, int verticesB);

/// "face 2", "vertex 0"; a pair: "(A's face 2, B's vertex 0)".
std::string describe(const FeatureId& id);

}  // namespace touche::oracle::ids
