// touche — the manifold contract every engine is judged by (docs/conventions.md).
//
// normal: unit vector from A to B. Up to two points; each is midway between the two surfaces
// along the normal, with the signed separation between the surfaces there (radii included,
// negative = penetration) and a typed feature id naming the feature on A and on B.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "touche/core/geometry.h"

namespace touche {

enum class FeatureType : std::uint8_t { vertex, face };

/// Which feature of A and which feature of B produced a point. A circle's centre is vertex 0.
/// Polygon face i is the edge from vertex i to vertex i+1.
struct FeatureId {
  FeatureType typeA = FeatureType::vertex;
  std::uint8_t indexA = 0;
  FeatureType typeB = FeatureType::vertex;
  std::uint8_t indexB = 0;
  friend bool operator==(const FeatureId&, const FeatureId&) = default;
};

/// The same feature pair seen with A and B exchanged.
inline FeatureId swapped(FeatureId id) {
  return {id.typeB, id.indexB, id.typeA, id.indexA};
}

struct ManifoldPoint {
  Vec2 point;               ///< world frame, midway between the surfaces along the normal
  double separation = 0.0;  ///< signed distance between the surfaces at `point`
  FeatureId id;
};

enum class Status : std::uint8_t {
  contact,      ///< within the margin: normal and 1–2 points are set
  noContact,    ///< farther apart than the margin
  unsupported,  ///< the engine does not handle this shape pair (see pairs.h for the reason)
  error,        ///< invalid input (validate.h names the field)
};

std::string_view statusName(Status status);  // "contact", "no_contact", "unsupported", "error"

/// Flags describing degenerate-but-valid input. The normal is still unit and documented.
enum ManifoldFlag : std::uint32_t {
  kFlagNone = 0,
  /// The normal direction is not determined by the geometry (e.g. concentric circles); the
  /// engine used its documented fallback direction (docs/conventions.md).
  kFlagDegenerateNormal = 1u << 0,
};

/// How close the engine's discrete decisions were (reported by the reference engine).
/// A gap is a non-negative distance in length units; empty when there was no alternative.
struct DecisionGaps {
  /// Separation of the chosen SAT axis minus the best separation of any other candidate axis
  /// (on A or B). Zero means an exact tie broken by rule (prefer A, then the lower index).
  std::optional<double> axis;
  /// For the incident edge choice: difference between the two candidate edges' alignment with
  /// the reference normal, as |dot(n_ref, n_inc)| of unit normals (dimensionless). A chain
  /// segment against B's face also reports here whether a corner's neighbour is incident (no
  /// contact): the difference of the neighbour's and the segment's alignment with the face.
  std::optional<double> incident;
  /// |distance − margin|: how far the shapes are from the contact/no-contact boundary.
  std::optional<double> contact;
  /// For a clipped manifold: the smallest distance, along the reference face's tangent,
  /// between an incident vertex and a side plane of the reference face (length). A vertex
  /// that close may be kept unclipped or clipped by an engine's rounding, so its feature id
  /// may legitimately be named either way.
  std::optional<double> clip;
  /// For a round shape against a face or segment: the smallest distance from the deciding
  /// point (the circle centre, or the closest core point) to a boundary between Voronoi
  /// regions (face region vs vertex region), in length units. Small values mean the region,
  /// and with it the feature id and normal construction, depends on rounding.
  std::optional<double> region;
  /// Length of the vector the normal is normalised from when the normal is built from two
  /// points (circle centres, vertex–vertex, centre–vertex). Small values make the normal's
  /// direction ill-conditioned; zero is the documented degenerate case.
  std::optional<double> normal;
};

struct Manifold {
  Status status = Status::noContact;
  Vec2 normal;  ///< unit, A → B; zero only when status != contact
  int pointCount = 0;
  std::array<ManifoldPoint, 2> points{};
  std::uint32_t flags = kFlagNone;
  DecisionGaps gaps;  ///< filled by engines that know them (the reference)
};

/// Swaps the roles of A and B: negates the normal and swaps every feature id. Points and
/// separations are unchanged (the midpoint convention is symmetric). Gaps are unchanged.
Manifold swapRoles(const Manifold& m);

inline Manifold statusOnly(Status status) {
  Manifold m;
  m.status = status;
  return m;
}

}  // namespace touche
