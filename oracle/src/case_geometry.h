// touche oracle — the exact geometry of one case, as judge() asks for it, computed on filtered
// numbers first and on exact rationals only when a filtered result is uncertain.
//
// Every query is a kernel of geometry_kernels.h run on the case's world cores: first on
// filter::Bounded values (double-double with an error bound, filtered.h), and when that throws
// Uncertain — a sign it cannot be sure of, an output whose enclosure straddles a rounding
// boundary — again on exact rationals, built the first time they are needed. Both take the
// same decisions and return the same correctly rounded doubles, so judge()'s verdicts and
// explanations do not depend on which one answered (tests/oracle/judge_filter_test.cpp
// compares them case by case; setJudgeFilterEnabled(false) runs everything exact).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "exact_geometry.h"
#include "filtered.h"
#include "one_sided.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"

namespace touche::oracle {

/// How a shape's surface is found on a point's line: where the line meets its core, or the
/// core's support plane along the normal (the reference face's level, which the engine
/// measures against also where the line leaves the core through a neighbouring face: a
/// circle centre inside a polygon beyond the face's end, or a side plane extended by the
/// radius), or — when the line runs along an edge of the core — at the far end of its chord
/// (farEnd): a clip keeps both ends of an incident edge parallel to the normal, each with its
/// own separation from the reference face. At most one of the two shapes is taken otherwise
/// than where the line first meets it.
enum class Surface { line, support, farEnd };

/// Where the line through a point along a normal meets both shapes.
struct LineFacts {
  double missA = 0.0;  ///< how far the line passes from A's core (0: it meets it)
  double missB = 0.0;
  double separation = 0.0;  ///< exact separation of the shapes on that line
  double surfaceA = 0.0;    ///< A's surface along the unit normal from the point
  double surfaceB = 0.0;    ///< B's surface along the unit normal from the point
};

/// A direction from A to B the best separation can be taken along: a face normal of either
/// core (B's negated), or the direction between the cores' closest points.
struct SourceFacts {
  Vec2 direction;           ///< unit
  double base = 0.0;        ///< the length the direction is built over (edge, distance)
  double separation = 0.0;  ///< exact separation of the shapes along it, radii included
  bool face = true;         ///< a face normal (else the closest points' direction)
  bool onB = false;         ///< the face is B's
  int edge = -1;            ///< the face's edge index
  /// The closest points are a vertex against the inside of a face (a circle's centre abreast
  /// a segment): their direction is that face's normal, and a turn tilts the face, changing
  /// the separation to first order. Between two vertices only to second order.
  bool alongFace = false;
};

/// The two-sided facts of a case: the best separation over all directions (over the face axes
/// only with faceAxes) and whether the shapes are within the margin, decided exactly.
struct TwoSidedFacts {
  /// Every face normal of both cores; then the closest points' direction when the origin is
  /// off the cores' Minkowski difference (not with faceAxes).
  std::vector<SourceFacts> sources;
  bool contact = false;
  int side = 0;       ///< exact sign of (best − margin): 0 touching
  double best = 0.0;  ///< radii included
};

class CaseGeometry {
 public:
  /// The cores of c's shapes, `skinA`/`skinB` added to their radii. `c` must be valid
  /// (validateInput) and outlive the geometry. A filtered output that cannot be proven
  /// correctly rounded is still taken when it is known to `accuracy` (filtered.h, Step 5b).
  CaseGeometry(const Case& c, double skinA, double skinB, const exact::Accuracy& accuracy);
  /// Adds this case's filtered queries and fallbacks to judgeFilterStats().
  ~CaseGeometry();
  CaseGeometry(const CaseGeometry&) = delete;
  CaseGeometry& operator=(const CaseGeometry&) = delete;

  int vertexCount(bool onA) const;
  int edgeCount(bool onA) const;
  /// rA + rB (skins included), rounded.
  double radius() const { return radius_; }
  TwoSidedFacts twoSided(bool faceAxes, double margin) const;
  /// The larger lever arm of the two cores: a vertex's largest distance from the first one,
  /// plus the radius.
  double lever() const;
  /// The shortest edge of either core (infinity when neither has one).
  double shortestEdge() const;
  /// The exact separation of the shapes along `normal` (any nonzero length), radii included.
  double separationAlong(Vec2 normal) const;
  /// The facts of the line through `point` along `normal` (nonzero); `window` is how far
  /// beyond the nearest vertex a missed core's vertices still count (intersectLine).
  LineFacts lineFacts(Vec2 point, Vec2 normal, Surface sa, Surface sb, double window) const;
  /// Edge i's outward normal (unnormalised) and vertex i, correctly rounded.
  Vec2 edgeNormal(bool onA, int i) const;
  Vec2 vertex(bool onA, int i) const;
  /// Whether vertex i (`vertex`) or face i of A's or B's core lies on the line x + t·n
  /// (within `allowance`), on the core's side facing the other shape (A's faces B along n, B
  /// faces A along −n): a line through a shape also crosses the face on its far side, and
  /// passes the vertices of a face parallel to it at any depth, which are no feature of a
  /// point on the near side.
  /// - a vertex: on the line, and the core's extreme along ±n on the line through the vertex
  ///   itself (so the test does not depend on where beside the vertex the point's line passes);
  /// - a face: on the line, and its outward normal not turned away from the other shape by
  ///   more than `turn` (the normal's allowance; a face parallel to the normal passes).
  bool featureOnLine(bool onA, bool vertex, int i, Vec2 x, Vec2 n, double allowance,
                     double turn) const;
  /// The one-sided facts of a case with a chain segment (one_sided.h), std::nullopt without.
  std::optional<exact::OneSidedFacts> oneSided(double margin, const exact::OneSidedBands& bands,
                                               const exact::OwnershipRules& rules) const;
  /// Whether a reported normal (A → B) is on the chain segment's admissible arc (one_sided.h).
  bool normalAdmissible(const exact::OneSidedFacts& facts, Vec2 normal, double allowance) const;
  /// The exact core (built on first use).
  const exact::Core& exactCore(bool onA) const;

 private:
  template <class Kernel>
  auto evaluate(const Kernel& kernel) const;

  const Case& c_;
  double skinA_;
  double skinB_;
  exact::Accuracy accuracy_;
  bool filtered_;
  exact::CoreOf<filter::Bounded> filteredA_;
  exact::CoreOf<filter::Bounded> filteredB_;
  mutable std::optional<exact::Core> exactA_;
  mutable std::optional<exact::Core> exactB_;
  mutable std::uint64_t queries_ = 0;
  mutable std::uint64_t fallbacks_ = 0;
  double radius_ = 0.0;
};

}  // namespace touche::oracle
