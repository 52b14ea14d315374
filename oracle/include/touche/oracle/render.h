// touche — SVG pictures of a case and the manifolds engines computed for it.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "touche/core/bounce_jsonl.h"
#include "touche/core/cast_jsonl.h"
#include "touche/core/jsonl.h"

namespace touche::oracle {

/// An SVG drawing of both shapes (rounded polygons and circles drawn as such, y up), and for
/// each record its normal (an arrow from the points' centre) and points, one colour per
/// record, with a legend naming the engine, the status and the separations. The view box
/// fits the shapes and points with a margin, widened (the drawing at the left) when a legend
/// line would be wider. Coordinates are relative to the view's top-left corner, a world point
/// the <desc class="origin"> names, and written in full precision, so that a scene far from
/// the origin (1e12) is drawn where it is; so are the legend's numbers, except in a figure
/// (a RenderLayers layer on), whose legend writes six significant digits.
std::string renderSvg(const Case& c, std::span<const ManifoldRecord> records);

/// Optional layers of renderSvg, each drawn under the manifolds in a group of its own. Off (the
/// default), the drawing is byte for byte renderSvg(c, records).
struct RenderLayers {
  /// What a derivation page shows beside the manifold (docs/derivations/), from the first
  /// record: for two polygon-like shapes (polygons, capsules, segments, chain segments) the
  /// reference face with its side planes and the incident edge, read from the manifold's
  /// normal and feature ids; for a polygon-like shape and a circle the boundaries of the
  /// shape's Voronoi regions (each vertex's rays along its two face normals), the shape grown
  /// by both radii, and for a regular polygon its sector and split rays; for a chain
  /// segment its ghost edges and the lines that decide its corner regions.
  bool derivation = false;
  /// One step of a derivation page instead (implies `derivation`): chain-segment.md's steps,
  /// C1–C4 for a chain segment A and a circle B, P1–P6 for a chain segment A and a polygon or
  /// capsule B. Each draws what its step decides, with a legend naming the step's numbers:
  /// C1 the back of the line and the centre's offset; C2 the regions A, AB and B and which
  /// piece owns a corner region; C3 the closest point and the normal; C4 the separation; P1 the
  /// normals n0, n1, n2 and each corner convex or concave; P2 the region behind n1 and every
  /// convex neighbour, and B's centroid; P3 the closest features of the segment and B's core;
  /// P4 the candidate normal in the normal cone of the corner it leans toward; P5 each chain
  /// axis's support line through B's deepest vertex and the separations; P6 the clip (as
  /// `derivation` draws it). A step derivationStepProblem() refuses draws `derivation`'s layer.
  std::string step;
};

/// Why RenderLayers::step `step` cannot be drawn for `c` (an unknown step, or shapes the step
/// does not join), as a message naming the step and the case; empty when it can.
std::string derivationStepProblem(const Case& c, std::string_view step);

std::string renderSvg(const Case& c, std::span<const ManifoldRecord> records,
                      const RenderLayers& layers);

/// The case drawn once per record, the panels side by side in one SVG: the same view of both
/// shapes in each, one record's normal and points on it, and its legend inside the panel
/// (the engine and status with the normal, then the separations), the font made small
/// enough for the longest line to fit. Expected and actual apart, never overlapping.
std::string renderSideBySide(const Case& c, std::span<const ManifoldRecord> records);

/// An SVG drawing of a cast (design notes §8): the shape placed by its transform, the path the
/// circle sweeps from the origin to origin + maxFraction·translation (the capsule of the
/// circle's radius around it, dashed; a ray's dashed segment; the rest of the translation
/// dotted), the circle at the start (thin, dashed), and for each record one colour: at a hit
/// the circle where it touches, the hit point and the normal from it; at an initial overlap the
/// circle at the start. A legend line per record names the engine, the status, the fraction,
/// the normal and the feature, its numbers to six significant digits (the results file and the
/// check-casts report's repro hold them in full); the view is widened (the drawing at the left)
/// when a legend line would be wider. Coordinates as renderSvg's: relative to the view's
/// top-left corner (<desc class="origin">), in full precision.
std::string renderCastSvg(const CastCase& c, std::span<const CastRecord> records);
/// An SVG drawing of a bounce scene (y up): the walls (the room light, the wall around it
/// shaded), the obstacles, source 001's offset boundary of each in dashed lines — in red where
/// the source's construction breaks (an arc at a concave corner, an offset that vanishes) —
/// the ball at its start, and each path: its legs with arrows, one colour per path, and for
/// the first path the normal at each contact (from the touched surface to the ball's centre)
/// and the ball where it stops. A legend names the scene, the parts and each path's engine,
/// status and legs; the view is widened when a legend line would be wider than the scene.
/// Coordinates as in renderSvg (relative to a named world point).
std::string renderBounceSvg(const std::string& id, const BounceScene& scene,
                            std::span<const BouncePathRecord> paths);

/// A teaching figure of the fast engine's broad phase for a bounce scene (docs/derivations/
/// bvh.md), two panels: left, each feature's box (fast::featureBounds: where the ball's centre
/// can touch the face or arc) and the boxes of the tree's levels 1 to 3 (fast::buildBounceBvh);
/// right, the walk of `leg` (leg number `legIndex` of the fast engine's path: its start and
/// unit direction) through the tree, front to back as fast::firstHit walks it — the nodes
/// entered, those pruned because the leg enters them after the best contact so far, those
/// missed, the features offered, and the contact's box. A legend counts them and names the
/// contact. The tree is drawn whatever the scene's size (the engine itself takes it from 256
/// features). Coordinates as in renderSvg, each panel relative to the same world point.
std::string renderBounceBvhSvg(const std::string& id, const BounceScene& scene,
                               const BounceLeg& leg, std::size_t legIndex);

/// `text` as XML 1.0 character data or a double-quoted attribute value (SVG, HTML): & < > " as
/// entities, and every character a terminal would act on or XML 1.0 refuses (controls but
/// tab and line breaks, U+FFFE, bytes that are not UTF-8) as visible printable() escapes.
std::string xmlText(std::string_view text);

}  // namespace touche::oracle
