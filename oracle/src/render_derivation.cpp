// touche — the derivation layer of renderSvg (RenderLayers::derivation and ::step): what a page
// of docs/derivations/ shows beside the manifold. Drawn in doubles from the case and the first
// record's manifold: the picture of a decision the reference engine takes exactly (a tie or a
// near tie may be drawn either way; the manifold drawn over it is the engine's).
#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "render_parts.h"
#include "svg_parts.h"
#include "touche/oracle/render.h"

namespace touche::oracle::render_detail {
namespace {

using svg::num;
using svg::View;

/// A polygon-like shape as its core's faces: face i runs from v[i] to v[(i + 1) % n], outward
/// normal rightPerp. A capsule, a segment or a chain segment is the two-vertex polygon p1, p2
/// (face 0 on the right of p1 → p2).
struct Faces {
  std::vector<Vec2> v;
  double radius = 0.0;
  int count() const { return static_cast<int>(v.size()); }
  Vec2 from(int i) const { return v[((i % count()) + count()) % count()]; }
  Vec2 to(int i) const { return from(i + 1); }
  Vec2 normal(int i) const { return outwardNormal(from(i), to(i)); }
};

std::optional<Faces> facesOf(const Shape& s, const Transform& xf) {
  if (std::holds_alternative<Circle>(s)) return std::nullopt;
  Faces f;
  if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      f.v.push_back(apply(xf, p->vertices[i]));
    f.radius = p->radius;
  } else {
    const WorldSegment segment = worldSegment(s, xf);
    f.v = {segment.p1, segment.p2};
    f.radius = segment.radius;
  }
  return f;
}

bool sameDirection(Vec2 a, Vec2 b) {
  return length(a - b) <= 1e-9;
}

/// The faces a feature may stand for: a face itself, or either face at a vertex.
std::vector<int> facesAt(FeatureType type, int index, int count) {
  if (type == FeatureType::face) return {index};
  return {(index + count - 1) % count, index};
}

/// The reference face (on A when `onA`) and the incident edge on the other shape, read from
/// the manifold: the reference face's normal is the manifold's normal (A's face) or its
/// opposite (B's face), A's tried first; the incident edge is the other shape's face in the
/// ids, the edge between its two vertices, or at its one vertex the face more anti-parallel to
/// the reference normal.
struct ClipRoles {
  bool onA = true;
  int reference = 0;
  int incident = 0;
};

std::optional<ClipRoles> clipRolesOf(const Manifold& m, const Faces& a, const Faces& b) {
  for (const bool onA : {true, false}) {
    const Faces& ref = onA ? a : b;
    const Faces& inc = onA ? b : a;
    const Vec2 n = onA ? m.normal : -m.normal;
    std::optional<int> reference;
    for (int k = 0; k < m.pointCount && !reference; ++k) {
      const FeatureId& id = m.points[k].id;
      for (const int i :
           facesAt(onA ? id.typeA : id.typeB, onA ? id.indexA : id.indexB, ref.count())) {
        if (!reference && sameDirection(ref.normal(i), n)) reference = i;
      }
    }
    if (!reference) continue;
    std::vector<int> vertices;
    std::optional<int> face;
    for (int k = 0; k < m.pointCount; ++k) {
      const FeatureId& id = m.points[k].id;
      const FeatureType type = onA ? id.typeB : id.typeA;
      const int index = onA ? id.indexB : id.indexA;
      if (type == FeatureType::face && !face) face = index;
      if (type == FeatureType::vertex) vertices.push_back(index);
    }
    if (!face && vertices.size() == 2 && vertices[0] != vertices[1]) {
      const int j0 = vertices[0];
      const int j1 = vertices[1];
      if ((j0 + 1) % inc.count() == j1) face = j0;
      if ((j1 + 1) % inc.count() == j0) face = j1;
    }
    if (!face && !vertices.empty()) {
      const std::vector<int> two = facesAt(FeatureType::vertex, vertices[0], inc.count());
      face = dot(inc.normal(two[0]), n) < dot(inc.normal(two[1]), n) ? two[0] : two[1];
    }
    if (!face) return std::nullopt;
    return ClipRoles{onA, *reference, *face};
  }
  return std::nullopt;
}

void drawLine(std::ostringstream& svg, const View& view, Vec2 p, Vec2 q, const char* colour,
              double width, bool dashed) {
  svg << "    <path d=\"" << svg::lineD(view, p, q) << "\" stroke=\"" << colour
      << "\" stroke-width=\"" << num(width) << "\"" << (dashed ? " stroke-dasharray=\"6 4\"" : "")
      << " vector-effect=\"non-scaling-stroke\"/>\n";
}

constexpr const char* kReferenceColour = "#2ca02c";
constexpr const char* kIncidentColour = "#9467bd";
constexpr const char* kRegionColour = "#888";
constexpr const char* kGrownColour = "#17becf";
constexpr const char* kSectorColour = "#8c564b";
constexpr const char* kSplitColour = "#ff7f0e";

Vec2 unit(Vec2 v) {
  const double l = length(v);
  return l > 0 ? Vec2{v.x / l, v.y / l} : Vec2{0, 0};
}

/// The centre of a polygon of at least three vertices that is regular up to rounding (every
/// vertex equally far from the vertices' mean, every edge equally long, relative 1e-9).
std::optional<Vec2> regularCentre(const Faces& f) {
  if (f.count() < 3) return std::nullopt;
  Vec2 sum;
  for (const Vec2 v : f.v)
    sum = sum + v;
  const Vec2 centre = (1.0 / f.count()) * sum;
  const double radius = length(f.v[0] - centre);
  const double side = length(f.to(0) - f.from(0));
  for (int i = 0; i < f.count(); ++i) {
    if (std::fabs(length(f.from(i) - centre) - radius) > 1e-9 * radius) return std::nullopt;
    if (std::fabs(length(f.to(i) - f.from(i)) - side) > 1e-9 * side) return std::nullopt;
  }
  return centre;
}

constexpr const char* kBehindColour = "#d62728";
constexpr const char* kOwnedColour = "#1f77b4";
constexpr const char* kNormalColour = "#333";

/// A number for a legend: four significant digits.
std::string brief(double v) {
  return svg::significant(v, 4);
}

std::string brief(Vec2 v) {
  return "(" + brief(v.x) + ", " + brief(v.y) + ")";
}

void drawDot(std::ostringstream& svg, const View& view, Vec2 x, double size, const char* colour,
             bool hollow = false) {
  svg << "    <circle cx=\"" << num(view.x(x.x)) << "\" cy=\"" << num(view.y(x.y)) << "\" r=\""
      << num(0.016 * size) << "\" fill=\"" << (hollow ? "#fff" : colour) << "\" stroke=\"" << colour
      << "\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n";
}

void drawCircle(std::ostringstream& svg, const View& view, Vec2 centre, double radius,
                const char* colour) {
  svg << "    <circle cx=\"" << num(view.x(centre.x)) << "\" cy=\"" << num(view.y(centre.y))
      << "\" r=\"" << num(radius) << "\" stroke=\"" << colour
      << "\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\" "
         "vector-effect=\"non-scaling-stroke\"/>\n";
}

/// An arrow of length `length` from `from` along the unit direction `direction`.
void drawArrow(std::ostringstream& svg, const View& view, Vec2 from, Vec2 direction, double length,
               const char* colour) {
  const Vec2 to = from + length * direction;
  const svg::ArrowHead head = svg::arrowHead(to, direction, 0.18 * length, 0.09 * length);
  svg << "    <path class=\"arrow\" d=\"" << svg::arrowD(view, from, to, head) << "\" stroke=\""
      << colour << "\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\"/>\n";
}

void drawLabel(std::ostringstream& svg, const View& view, Vec2 at, const std::string& text,
               double size, const char* colour) {
  svg << "    <text x=\"" << num(view.x(at.x)) << "\" y=\"" << num(view.y(at.y))
      << "\" font-family=\"sans-serif\" font-size=\"" << num(0.035 * size) << "\" fill=\"" << colour
      << "\">" << xmlText(text) << "</text>\n";
}

/// A half-plane dot(n, x − origin) ≥ 0.
struct HalfPlane {
  Vec2 n;
  Vec2 origin;
};

/// The part of the square of half-width `reach` around `centre` inside every half-plane
/// (Sutherland–Hodgman, one half-plane at a time).
std::vector<Vec2> regionOf(Vec2 centre, double reach, const std::vector<HalfPlane>& planes) {
  std::vector<Vec2> poly = {centre + Vec2{-reach, -reach}, centre + Vec2{reach, -reach},
                            centre + Vec2{reach, reach}, centre + Vec2{-reach, reach}};
  for (const HalfPlane& h : planes) {
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const Vec2 p = poly[i];
      const Vec2 q = poly[(i + 1) % poly.size()];
      const double dp = dot(h.n, p - h.origin);
      const double dq = dot(h.n, q - h.origin);
      if (dp >= 0) out.push_back(p);
      if ((dp >= 0) != (dq >= 0)) out.push_back(p + (dp / (dp - dq)) * (q - p));
    }
    poly = std::move(out);
  }
  return poly;
}

void shade(std::ostringstream& svg, const View& view, const std::vector<Vec2>& region,
           const char* colour, const char* cls) {
  if (region.size() < 3) return;
  svg << "    <path class=\"" << cls << "\" d=\"";
  for (std::size_t i = 0; i < region.size(); ++i)
    svg << (i ? " L" : "M") << view.at(region[i]);
  svg << " Z\" fill=\"" << colour << "\" fill-opacity=\"0.12\" stroke=\"none\"/>\n";
}

/// The layer's drawing and legend, written as it goes.
struct Layer {
  std::ostringstream svg;
  std::vector<std::string> legend;
  const View& view;
  double size;
  double reach() const { return 2 * size; }  // lines run out of the view, which clips them
  DerivationLayer done() {
    if (legend.empty()) return {};
    return {"  <g class=\"derivation\" fill=\"none\">\n" + svg.str() + "  </g>\n", legend};
  }
};

/// Polygon–polygon step 6 (and chain step P6): the reference face with its side planes, the
/// incident edge and its cut-off ends, read from the manifold.
void drawClip(Layer& layer, const ClipRoles& roles, const Faces& a, const Faces& b) {
  std::ostringstream& svg = layer.svg;
  const View& view = layer.view;
  const double reach = layer.reach();
  const Faces& ref = roles.onA ? a : b;
  const Faces& inc = roles.onA ? b : a;
  const Vec2 v11 = ref.from(roles.reference);
  const Vec2 v12 = ref.to(roles.reference);
  const Vec2 n = ref.normal(roles.reference);
  drawLine(svg, view, v11 - reach * n, v11 + reach * n, kReferenceColour, 1, true);
  drawLine(svg, view, v12 - reach * n, v12 + reach * n, kReferenceColour, 1, true);
  drawLine(svg, view, v11, v12, kReferenceColour, 4, false);
  drawLine(svg, view, inc.from(roles.incident), inc.to(roles.incident), kIncidentColour, 4, false);
  // An end of the incident edge that is not a contact point as it stands: beyond a side
  // plane (clipped) or in front of the face by more than the radii (dropped at margin 0).
  const Vec2 e = v12 - v11;
  for (const Vec2 x : {inc.from(roles.incident), inc.to(roles.incident)}) {
    const double along = dot(x - v11, e);
    const bool beyond = along < 0 || along > dot(e, e);
    const bool inFront = dot(x - v11, n) - ref.radius - inc.radius > 0;
    if (beyond || inFront) drawDot(svg, view, x, layer.size, kIncidentColour, true);
  }
  layer.legend.push_back(std::string("reference face: ") + (roles.onA ? "A" : "B") + "'s face " +
                         std::to_string(roles.reference) + ", side planes dashed (green)");
  layer.legend.push_back(std::string("incident edge: ") + (roles.onA ? "B" : "A") + "'s edge " +
                         std::to_string(roles.incident) + " (purple; hollow: an end cut off)");
}

/// The separation of face i of `ref` against `other`'s vertices (unit normal; the SAT's s_i).
double faceSeparation(const Faces& ref, int i, const Faces& other) {
  double s = dot(other.v[0] - ref.from(i), ref.normal(i));
  for (const Vec2 v : other.v)
    s = std::min(s, dot(v - ref.from(i), ref.normal(i)));
  return s;
}

/// Polygon–polygon steps 2–4 as the reference takes them: the face of greatest separation
/// (A's unless B's is strictly greater; tie → lower index), and Q's face most anti-parallel.
ClipRoles satRoles(const Faces& a, const Faces& b) {
  const auto best = [](const Faces& ref, const Faces& other) {
    int face = 0;
    for (int i = 1; i < ref.count(); ++i) {
      if (faceSeparation(ref, i, other) > faceSeparation(ref, face, other)) face = i;
    }
    return face;
  };
  const int faceA = best(a, b);
  const int faceB = best(b, a);
  const bool onA = !(faceSeparation(b, faceB, a) > faceSeparation(a, faceA, b));
  const Faces& ref = onA ? a : b;
  const Faces& inc = onA ? b : a;
  const Vec2 n = ref.normal(onA ? faceA : faceB);
  int incident = 0;
  for (int j = 1; j < inc.count(); ++j) {
    if (dot(inc.normal(j), n) < dot(inc.normal(incident), n)) incident = j;
  }
  return {onA, onA ? faceA : faceB, incident};
}

/// A one-point manifold between a vertex of each shape (polygon–polygon step 5, chain step
/// P4's admitted normal): each vertex as a circle of its shape's radius, the line between them.
/// Between two polygons also the reference face and incident edge of steps 2–4 whose ends
/// they are, and the lines of the corner test (through each vertex, perpendicular to its face).
bool drawVertexVertex(Layer& layer, const Case& c, const Manifold& m, const Faces& a,
                      const Faces& b) {
  if (m.status != Status::contact || m.pointCount != 1) return false;
  const FeatureId& id = m.points[0].id;
  if (id.typeA != FeatureType::vertex || id.typeB != FeatureType::vertex) return false;
  if (id.indexA >= a.count() || id.indexB >= b.count()) return false;
  const Vec2 p = a.v[id.indexA];
  const Vec2 q = b.v[id.indexB];
  const bool polygons =
      !std::holds_alternative<ChainSegment>(c.a) && !std::holds_alternative<ChainSegment>(c.b);
  if (polygons) {
    const ClipRoles roles = satRoles(a, b);
    const Faces& ref = roles.onA ? a : b;
    const Faces& inc = roles.onA ? b : a;
    const double s = faceSeparation(ref, roles.reference, inc);
    drawClip(layer, roles, a, b);
    const Vec2 t = inc.to(roles.incident) - inc.from(roles.incident);
    const Vec2 corner = roles.onA ? q : p;
    const Vec2 across{t.y, -t.x};
    drawLine(layer.svg, layer.view, corner - layer.reach() * unit(across),
             corner + layer.reach() * unit(across), kIncidentColour, 1, true);
    layer.legend.push_back("step 5: cores apart (s = " + brief(s) + " > 0), ends closest");
  }
  drawCircle(layer.svg, layer.view, p, a.radius, kGrownColour);
  drawCircle(layer.svg, layer.view, q, b.radius, kGrownColour);
  drawLine(layer.svg, layer.view, p, q, kSplitColour, 2, false);
  layer.legend.push_back("vertex-vertex: A's vertex " + std::to_string(id.indexA) +
                         " to B's vertex " + std::to_string(id.indexB) +
                         ", |q - p| = " + brief(length(q - p)));
  layer.legend.push_back("each vertex a circle of its radius (cyan, dotted)");
  return true;
}

/// The page's layer (no step): what decides the manifold for the pair of shapes.
DerivationLayer pageLayer(const Case& c, const Manifold& m, const View& view, double size) {
  Layer layer{{}, {}, view, size};
  std::ostringstream& svg = layer.svg;
  const double reach = layer.reach();
  const std::optional<Faces> a = facesOf(c.a, c.xfA);
  const std::optional<Faces> b = facesOf(c.b, c.xfB);
  if (a && b && m.status == Status::contact) {
    if (const std::optional<ClipRoles> roles = clipRolesOf(m, *a, *b)) {
      drawClip(layer, *roles, *a, *b);
    } else {
      drawVertexVertex(layer, c, m, *a, *b);
    }
  }
  // One polygon-like shape (not a chain segment: its own lines follow) and a circle: the
  // boundaries of the shape's Voronoi regions.
  const bool chainPair =
      std::holds_alternative<ChainSegment>(c.a) || std::holds_alternative<ChainSegment>(c.b);
  const std::optional<Faces>& polygon = a ? a : b;
  if (polygon && !(a && b) && !chainPair) {
    for (int i = 0; i < polygon->count(); ++i) {
      const Vec2 v = polygon->from(i);
      drawLine(svg, view, v, v + reach * polygon->normal(i - 1), kRegionColour, 1, true);
      drawLine(svg, view, v, v + reach * polygon->normal(i), kRegionColour, 1, true);
    }
    layer.legend.push_back("Voronoi region boundaries (grey, dashed)");
    // The grown boundary: the shape pushed out by both radii. The circle's centre lies on or
    // inside it exactly when the two touch or overlap (margin 0).
    const Circle& circle = std::get<Circle>(a ? c.b : c.a);
    const double grown = polygon->radius + circle.radius;
    if (grown > 0) {
      Polygon core;
      core.count = polygon->count();
      for (int i = 0; i < core.count; ++i)
        core.vertices[i] = polygon->from(i);
      core.radius = grown;
      svg << "    <path d=\"" << polygonPath(core, Transform{}, view) << "\" stroke=\""
          << kGrownColour << "\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\""
          << " vector-effect=\"non-scaling-stroke\"/>\n";
      layer.legend.push_back("grown boundary: centre on or inside it = contact (cyan, dotted)");
    }
    // A regular n-gon (source 004's shape, docs/derivations/ngon.md): the rays from its centre
    // through the vertices (the sectors) and through each vertex pushed out by the grown
    // radius along its two faces' normals (the split rays between corner and edge parts).
    if (const std::optional<Vec2> centre = regularCentre(*polygon); centre && grown > 0) {
      for (int i = 0; i < polygon->count(); ++i) {
        const Vec2 v = polygon->from(i);
        drawLine(svg, view, *centre, *centre + reach * unit(v - *centre), kSectorColour, 1, true);
        for (const Vec2 n : {polygon->normal(i - 1), polygon->normal(i)}) {
          const Vec2 w = v + grown * n;
          drawLine(svg, view, *centre, *centre + reach * unit(w - *centre), kSplitColour, 1, true);
        }
      }
      layer.legend.push_back("regular n-gon: vertex rays (brown), split rays (orange), dashed");
    }
  }
  // A chain segment: its ghost edges and the lines of its corner regions.
  for (const auto* shape : {&c.a, &c.b}) {
    const auto* chain = std::get_if<ChainSegment>(shape);
    if (!chain) continue;
    const Transform& xf = shape == &c.a ? c.xfA : c.xfB;
    const Vec2 g1 = apply(xf, chain->ghost1);
    const Vec2 p1 = apply(xf, chain->p1);
    const Vec2 p2 = apply(xf, chain->p2);
    const Vec2 g2 = apply(xf, chain->ghost2);
    drawLine(svg, view, g1, p1, kRegionColour, 2, true);
    drawLine(svg, view, p2, g2, kRegionColour, 2, true);
    // Front of the corner lines: through p1 perpendicular to the previous edge, through p2
    // perpendicular to the next (who owns a corner region), and through p1 and p2
    // perpendicular to the segment (where the corner regions begin).
    drawLine(svg, view, p1, p1 + reach * outwardNormal(g1, p1), kRegionColour, 1, true);
    drawLine(svg, view, p2, p2 + reach * outwardNormal(p2, g2), kRegionColour, 1, true);
    drawLine(svg, view, p1, p1 + reach * outwardNormal(p1, p2), kRegionColour, 1, true);
    drawLine(svg, view, p2, p2 + reach * outwardNormal(p1, p2), kRegionColour, 1, true);
    layer.legend.push_back("ghost edges, corner-region lines (grey, dashed)");
  }
  return layer.done();
}

// ---- One step of docs/derivations/chain-segment.md (RenderLayers::step) ----------------------

/// Chain segment A in the world, with step P1's corner parameters: e = p2 − p1, edge0 = p1 −
/// g1, edge2 = g2 − p2, the unit normals n0, n1, n2 (right perps), the corner types.
struct Chain {
  Vec2 g1, p1, p2, g2;
  Vec2 e, edge0, edge2;
  Vec2 n0, n1, n2;
  bool convex1 = false;
  bool convex2 = false;
};

Chain chainOf(const ChainSegment& s, const Transform& xf) {
  Chain ch;
  ch.g1 = apply(xf, s.ghost1);
  ch.p1 = apply(xf, s.p1);
  ch.p2 = apply(xf, s.p2);
  ch.g2 = apply(xf, s.ghost2);
  ch.e = ch.p2 - ch.p1;
  ch.edge0 = ch.p1 - ch.g1;
  ch.edge2 = ch.g2 - ch.p2;
  ch.n0 = outwardNormal(ch.g1, ch.p1);
  ch.n1 = outwardNormal(ch.p1, ch.p2);
  ch.n2 = outwardNormal(ch.p2, ch.g2);
  ch.convex1 = cross(ch.edge0, ch.e) > 0;
  ch.convex2 = cross(ch.e, ch.edge2) > 0;
  return ch;
}

/// Every chain step's background: the ghost edges g1 → p1 and p2 → g2 (grey, dashed).
void drawGhosts(Layer& layer, const Chain& ch) {
  drawLine(layer.svg, layer.view, ch.g1, ch.p1, kRegionColour, 2, true);
  drawLine(layer.svg, layer.view, ch.p2, ch.g2, kRegionColour, 2, true);
}

/// The segment's line, run out of the view both ways.
void drawSegmentLine(Layer& layer, const Chain& ch, const char* colour) {
  const Vec2 along = unit(ch.e);
  drawLine(layer.svg, layer.view, ch.p1 - layer.reach() * along, ch.p2 + layer.reach() * along,
           colour, 1, true);
}

// Circle, steps C1–C4 (c the centre, r the radius).

void stepC1(Layer& layer, const Chain& ch, Vec2 c) {
  const double offset = dot(Vec2{ch.e.y, -ch.e.x}, c - ch.p1);
  shade(layer.svg, layer.view, regionOf(ch.p1, layer.reach(), {{-1.0 * ch.n1, ch.p1}}),
        kBehindColour, "behind");
  drawGhosts(layer, ch);
  drawSegmentLine(layer, ch, kBehindColour);
  drawArrow(layer.svg, layer.view, 0.5 * (ch.p1 + ch.p2), ch.n1, 0.15 * layer.size, kNormalColour);
  const Vec2 foot = c - dot(c - ch.p1, ch.n1) * ch.n1;
  drawLine(layer.svg, layer.view, c, foot, kNormalColour, 1.5, false);
  drawDot(layer.svg, layer.view, c, layer.size, kNormalColour);
  layer.legend.push_back("C1: the back of the line shaded red, n1 the arrow");
  layer.legend.push_back("offset = dot(n1, c - p1) = " + brief(offset) +
                         (offset < 0 ? " < 0: behind, no contact" : " >= 0: in front"));
}

/// Step C2's region of the centre and its closest point (none: a neighbour owns it).
struct CircleRegion {
  std::string name;
  std::optional<Vec2> closest;
};

CircleRegion regionOfCentre(const Chain& ch, Vec2 c) {
  const double v = dot(ch.e, c - ch.p1);
  const double u = dot(ch.e, ch.p2 - c);
  if (v <= 0) {
    if (dot(ch.edge0, c - ch.p1) <= 0) return {"region A, the previous piece's: no contact", {}};
    return {"region A, this piece's: closest point p1", ch.p1};
  }
  if (u <= 0) {
    if (dot(ch.edge2, c - ch.p2) > 0) return {"region B, the next piece's: no contact", {}};
    return {"region B, this piece's: closest point p2", ch.p2};
  }
  return {"region AB: closest point the foot on the segment", ch.p1 + (v / dot(ch.e, ch.e)) * ch.e};
}

void stepC2(Layer& layer, const Chain& ch, Vec2 c) {
  const double reach = layer.reach();
  const HalfPlane front{ch.n1, ch.p1};
  const Vec2 along = unit(ch.e);
  const HalfPlane afterP1{along, ch.p1}, beforeP1{-1.0 * along, ch.p1};
  const HalfPlane beforeP2{-1.0 * along, ch.p2}, afterP2{along, ch.p2};
  // Who owns a corner region: the previous piece where dot(edge0, x − p1) ≤ 0, the next where
  // dot(edge2, x − p2) > 0.
  const HalfPlane mine1{unit(ch.edge0), ch.p1}, theirs1{-1.0 * unit(ch.edge0), ch.p1};
  const HalfPlane mine2{-1.0 * unit(ch.edge2), ch.p2}, theirs2{unit(ch.edge2), ch.p2};
  shade(layer.svg, layer.view, regionOf(ch.p1, reach, {front, afterP1, beforeP2}), kReferenceColour,
        "region-ab");
  shade(layer.svg, layer.view, regionOf(ch.p1, reach, {front, beforeP1, mine1}), kOwnedColour,
        "region-a");
  shade(layer.svg, layer.view, regionOf(ch.p2, reach, {front, afterP2, mine2}), kOwnedColour,
        "region-b");
  shade(layer.svg, layer.view, regionOf(ch.p1, reach, {front, beforeP1, theirs1}), kRegionColour,
        "neighbour");
  shade(layer.svg, layer.view, regionOf(ch.p2, reach, {front, afterP2, theirs2}), kRegionColour,
        "neighbour");
  drawGhosts(layer, ch);
  for (const Vec2 p : {ch.p1, ch.p2})
    drawLine(layer.svg, layer.view, p, p + reach * ch.n1, kRegionColour, 1, true);
  // The ownership lines, where they cross a corner region (the ray of ±n0 before p1 in front,
  // of ±n2 beyond p2).
  for (const Vec2 d : {ch.n0, -1.0 * ch.n0}) {
    if (dot(ch.e, d) <= 0 && dot(ch.n1, d) >= 0) {
      drawLine(layer.svg, layer.view, ch.p1, ch.p1 + reach * d, kRegionColour, 1, true);
    }
  }
  for (const Vec2 d : {ch.n2, -1.0 * ch.n2}) {
    if (dot(ch.e, d) >= 0 && dot(ch.n1, d) >= 0) {
      drawLine(layer.svg, layer.view, ch.p2, ch.p2 + reach * d, kRegionColour, 1, true);
    }
  }
  const CircleRegion region = regionOfCentre(ch, c);
  drawDot(layer.svg, layer.view, c, layer.size, kNormalColour);
  if (region.closest) drawDot(layer.svg, layer.view, *region.closest, layer.size, kOwnedColour);
  layer.legend.push_back("C2: v = " + brief(dot(ch.e, c - ch.p1)) +
                         ", u = " + brief(dot(ch.e, ch.p2 - c)) + "; " + region.name);
  layer.legend.push_back("AB green, this piece's corners blue, the neighbours' grey");
}

void stepC3(Layer& layer, const Chain& ch, Vec2 c) {
  drawGhosts(layer, ch);
  const CircleRegion region = regionOfCentre(ch, c);
  if (!region.closest) {
    layer.legend.push_back("C3: no closest point (" + region.name + ")");
    return;
  }
  const Vec2 d = c - *region.closest;
  const bool degenerate = length(d) == 0;
  const Vec2 normal = degenerate ? ch.n1 : unit(d);
  drawLine(layer.svg, layer.view, *region.closest, c, kRegionColour, 1, true);
  drawDot(layer.svg, layer.view, *region.closest, layer.size, kOwnedColour);
  drawArrow(layer.svg, layer.view, *region.closest, normal, 0.2 * layer.size, kNormalColour);
  layer.legend.push_back("C3: normal = (c - closest)/|c - closest| = " + brief(normal));
  if (degenerate) layer.legend.push_back("centre on the segment: n1, flagged degenerateNormal");
}

void stepC4(Layer& layer, const Chain& ch, Vec2 c, double r) {
  drawGhosts(layer, ch);
  const CircleRegion region = regionOfCentre(ch, c);
  if (!region.closest) {
    layer.legend.push_back("C4: no contact (" + region.name + ")");
    return;
  }
  const Vec2 closest = *region.closest;
  const double distance = length(c - closest);
  const Vec2 normal = distance > 0 ? unit(c - closest) : ch.n1;
  const Vec2 surface = c - r * normal;  // the circle's surface toward the closest point
  drawLine(layer.svg, layer.view, closest, surface, kBehindColour, 3, false);
  drawDot(layer.svg, layer.view, closest, layer.size, kOwnedColour);
  drawDot(layer.svg, layer.view, surface, layer.size, kBehindColour, true);
  const double separation = distance - r;
  layer.legend.push_back("C4: separation = |c - closest| - r = " + brief(distance) + " - " +
                         brief(r) + " = " + brief(separation));
  layer.legend.push_back("red: from the closest point to the circle's surface");
}

// Polygon or capsule B, steps P1–P6.

/// B's area centroid (the midpoint of a two-vertex core).
Vec2 centroidOf(const Faces& b) {
  const Vec2 o = b.v[0];
  if (b.count() == 2) return 0.5 * (o + b.v[1]);
  double area2 = 0;
  Vec2 sum;
  for (int i = 1; i + 1 < b.count(); ++i) {
    const Vec2 u = b.v[i] - o;
    const Vec2 w = b.v[i + 1] - o;
    area2 += cross(u, w);
    sum = sum + cross(u, w) * (u + w);
  }
  return area2 != 0 ? o + (1 / (3 * area2)) * sum : o;
}

enum class NormalType { skip, admit, snap };

/// Step P4's classification of a candidate normal (from the chain toward B) on the Gauss map of
/// the corner it leans toward.
NormalType classify(const Chain& ch, Vec2 normal) {
  if (dot(normal, ch.e) <= 0) {
    if (!ch.convex1) return NormalType::snap;
    return cross(normal, ch.n0) > 0 ? NormalType::skip : NormalType::admit;
  }
  if (!ch.convex2) return NormalType::snap;
  return cross(ch.n2, normal) > 0 ? NormalType::skip : NormalType::admit;
}

const char* nameOf(NormalType t) {
  return t == NormalType::skip ? "skipped" : t == NormalType::admit ? "admitted" : "snapped to n1";
}

void stepP1(Layer& layer, const Chain& ch) {
  drawGhosts(layer, ch);
  const double arrow = 0.15 * layer.size;
  drawArrow(layer.svg, layer.view, 0.5 * (ch.g1 + ch.p1), ch.n0, arrow, kRegionColour);
  drawArrow(layer.svg, layer.view, 0.5 * (ch.p1 + ch.p2), ch.n1, arrow, kNormalColour);
  drawArrow(layer.svg, layer.view, 0.5 * (ch.p2 + ch.g2), ch.n2, arrow, kRegionColour);
  const Vec2 below = -0.08 * layer.size * ch.n1;
  drawLabel(layer.svg, layer.view, ch.p1 + below, ch.convex1 ? "convex" : "concave", layer.size,
            ch.convex1 ? kReferenceColour : kBehindColour);
  drawLabel(layer.svg, layer.view, ch.p2 + below, ch.convex2 ? "convex" : "concave", layer.size,
            ch.convex2 ? kReferenceColour : kBehindColour);
  layer.legend.push_back("P1: cross(edge0, e) = " + brief(cross(ch.edge0, ch.e)) + ": p1 " +
                         (ch.convex1 ? "convex" : "concave"));
  layer.legend.push_back("cross(e, edge2) = " + brief(cross(ch.e, ch.edge2)) + ": p2 " +
                         (ch.convex2 ? "convex" : "concave") + "; arrows n0, n1 (black), n2");
}

void stepP2(Layer& layer, const Chain& ch, const Faces& b) {
  const Vec2 centroid = centroidOf(b);
  std::vector<HalfPlane> behind{{-1.0 * ch.n1, ch.p1}};
  if (ch.convex1) behind.push_back({-1.0 * ch.n0, ch.p1});
  if (ch.convex2) behind.push_back({-1.0 * ch.n2, ch.p2});
  shade(layer.svg, layer.view, regionOf(ch.p1, layer.reach(), behind), kBehindColour, "behind");
  drawGhosts(layer, ch);
  drawSegmentLine(layer, ch, kBehindColour);
  if (ch.convex1) {
    const Vec2 t = unit(ch.edge0);
    drawLine(layer.svg, layer.view, ch.p1, ch.p1 + layer.reach() * t, kBehindColour, 1, true);
  }
  if (ch.convex2) {
    const Vec2 t = unit(ch.edge2);
    drawLine(layer.svg, layer.view, ch.p2, ch.p2 - layer.reach() * t, kBehindColour, 1, true);
  }
  drawDot(layer.svg, layer.view, centroid, layer.size, kNormalColour);
  const double w1 = dot(Vec2{ch.e.y, -ch.e.x}, centroid - ch.p1);
  const bool out = w1 < 0 && (!ch.convex1 || dot(ch.n0, centroid - ch.p1) < 0) &&
                   (!ch.convex2 || dot(ch.n2, centroid - ch.p2) < 0);
  layer.legend.push_back("P2: B's centroid (black dot); dot(n1, centroid - p1) = " + brief(w1));
  layer.legend.push_back(out ? "behind n1 and every convex neighbour (red): no contact"
                             : "not in the red region: B goes on to P3");
}

/// Step P3: the closest features of the segment and B's core (the reference's candidates and
/// preference: edge–vertex, then vertex–edge, then vertex–vertex among equal distances).
struct Closest {
  enum class Kind { vertexVertex, vertexEdge, edgeVertex } kind = Kind::vertexVertex;
  double distance = 0;
  int chainVertex = 0;  ///< vertexVertex, vertexEdge
  int index = 0;        ///< B's vertex (vertexVertex, edgeVertex) or face (vertexEdge)
  Vec2 pointA, pointB;
  bool crossing = false;  ///< the segment meets B's core: distance 0
};

double fractionOn(Vec2 x, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  const double ee = dot(e, e);
  return ee > 0 ? std::clamp(dot(x - a, e) / ee, 0.0, 1.0) : 0.0;
}

bool segmentMeetsCore(const Chain& ch, const Faces& b) {
  bool inside = b.count() >= 3;
  for (int k = 0; k < b.count(); ++k) {
    const Vec2 v = b.from(k);
    const Vec2 w = b.to(k);
    const double s1 = cross(w - v, ch.p1 - v), s2 = cross(w - v, ch.p2 - v);
    const double s3 = cross(ch.e, v - ch.p1), s4 = cross(ch.e, w - ch.p1);
    if (s1 * s2 < 0 && s3 * s4 < 0) return true;
    inside = inside && s1 > 0;
  }
  return inside;
}

Closest closestOf(const Chain& ch, const Faces& b) {
  using Kind = Closest::Kind;
  if (segmentMeetsCore(ch, b)) return Closest{Kind::vertexVertex, 0, 0, 0, {}, {}, true};
  std::optional<Closest> best[3];
  double minimum = -1;
  const auto offer = [&](Kind kind, int i, int j, Vec2 pa, Vec2 pb) {
    const double d = length(pb - pa);
    if (minimum < 0 || d < minimum) minimum = d;
    auto& slot = best[static_cast<int>(kind)];
    if (!slot || d < slot->distance) slot = Closest{kind, d, i, j, pa, pb, false};
  };
  const Vec2 ends[2] = {ch.p1, ch.p2};
  for (int j = 0; j < b.count(); ++j) {
    const double t = fractionOn(b.v[j], ch.p1, ch.p2);
    if (t > 0 && t < 1) offer(Kind::edgeVertex, 0, j, ch.p1 + t * ch.e, b.v[j]);
    for (int i = 0; i < 2; ++i)
      offer(Kind::vertexVertex, i, j, ends[i], b.v[j]);
  }
  for (int i = 0; i < 2; ++i) {
    for (int k = 0; k < b.count(); ++k) {
      const double t = fractionOn(ends[i], b.from(k), b.to(k));
      const Vec2 pb = b.from(k) + t * (b.to(k) - b.from(k));
      if (t > 0 && t < 1 && dot(b.normal(k), ends[i] - pb) >= 0) {
        offer(Kind::vertexEdge, i, k, ends[i], pb);
      }
    }
  }
  for (const Kind kind : {Kind::edgeVertex, Kind::vertexEdge, Kind::vertexVertex}) {
    const auto& slot = best[static_cast<int>(kind)];
    if (slot && slot->distance == minimum) return *slot;
  }
  return *best[static_cast<int>(Kind::vertexVertex)];
}

std::string describe(const Closest& f) {
  const std::string end = f.chainVertex == 0 ? "p1" : "p2";
  switch (f.kind) {
    case Closest::Kind::vertexVertex:
      return "vertex-vertex (" + end + ", B's vertex " + std::to_string(f.index) + ")";
    case Closest::Kind::vertexEdge:
      return "vertex-edge (" + end + ", B's face " + std::to_string(f.index) + ")";
    case Closest::Kind::edgeVertex:
      return "edge-vertex (the segment, B's vertex " + std::to_string(f.index) + ")";
  }
  return {};
}

/// B's core outline, dashed, when B is rounded (the shape drawn is the rounded one).
void drawCore(Layer& layer, const Faces& b) {
  if (b.radius <= 0) return;
  for (int k = 0; k < b.count(); ++k)
    drawLine(layer.svg, layer.view, b.from(k), b.to(k), kIncidentColour, 1, true);
}

void stepP3(Layer& layer, const Chain& ch, const Faces& b) {
  drawGhosts(layer, ch);
  drawCore(layer, b);
  const Closest f = closestOf(ch, b);
  if (f.crossing) {
    layer.legend.push_back("P3: the segment meets B's core: distance 0 (to P5)");
    return;
  }
  drawLine(layer.svg, layer.view, f.pointA, f.pointB, kSplitColour, 3, false);
  drawDot(layer.svg, layer.view, f.pointA, layer.size, kSplitColour);
  drawDot(layer.svg, layer.view, f.pointB, layer.size, kSplitColour);
  layer.legend.push_back("P3: closest features " + describe(f));
  layer.legend.push_back("distance " + brief(f.distance) +
                         (f.distance <= b.radius ? " <= " : " > ") + "rB = " + brief(b.radius) +
                         (b.radius > 0 ? " (core dashed)" : ""));
}

/// The normal cone of a convex corner: between the neighbour's normal and n1, shaded.
void drawCone(Layer& layer, Vec2 corner, Vec2 from, Vec2 to) {
  const double r = 0.3 * layer.size;
  std::vector<Vec2> wedge = {corner};
  for (int k = 0; k <= 8; ++k) {  // the arc from `from` to `to`, through their bisector
    const double t = k / 8.0;
    wedge.push_back(corner + r * unit((1 - t) * from + t * to));
  }
  shade(layer.svg, layer.view, wedge, kReferenceColour, "cone");
  drawLine(layer.svg, layer.view, corner, corner + r * from, kReferenceColour, 1, false);
  drawLine(layer.svg, layer.view, corner, corner + r * to, kReferenceColour, 1, false);
}

void stepP4(Layer& layer, const Chain& ch, const Faces& b) {
  drawGhosts(layer, ch);
  drawCore(layer, b);
  const Closest f = closestOf(ch, b);
  if (f.crossing || f.distance == 0) {
    layer.legend.push_back("P4: the cores touch (distance 0): P5 decides");
    return;
  }
  if (f.kind == Closest::Kind::edgeVertex) {
    layer.legend.push_back("P4: edge-vertex: B's vertex " + std::to_string(f.index) +
                           " is incident to the segment face (P6)");
    return;
  }
  const Vec2 normal =
      f.kind == Closest::Kind::vertexVertex ? unit(f.pointB - f.pointA) : -1.0 * b.normal(f.index);
  const bool atP1 = dot(normal, ch.e) <= 0;
  const bool convex = atP1 ? ch.convex1 : ch.convex2;
  const Vec2 corner = atP1 ? ch.p1 : ch.p2;
  if (convex) drawCone(layer, corner, atP1 ? ch.n0 : ch.n1, atP1 ? ch.n1 : ch.n2);
  drawArrow(layer.svg, layer.view, corner, normal, 0.25 * layer.size, kSplitColour);
  const NormalType type = classify(ch, normal);
  layer.legend.push_back("P4: " + describe(f) + ", normal " + brief(normal));
  layer.legend.push_back(std::string("leans toward ") + (atP1 ? "p1" : "p2") + " (" +
                         (convex ? "convex, its cone green" : "concave or flat") +
                         "): " + nameOf(type));
}

/// One axis of step P5: its unit normal, the point its line runs through, its separation
/// and B's deepest vertex along it (chain axes).
struct Axis {
  std::string name;
  Vec2 n;
  double separation = 0;
  int deepest = -1;
};

Axis chainAxis(const std::string& name, Vec2 n, Vec2 origin, const Faces& b) {
  Axis axis{name, n, dot(n, b.v[0] - origin), 0};
  for (int j = 1; j < b.count(); ++j) {
    const double s = dot(n, b.v[j] - origin);
    if (s < axis.separation) axis = {name, n, s, j};
  }
  return axis;
}

void stepP5(Layer& layer, const Chain& ch, const Faces& b) {
  drawGhosts(layer, ch);
  std::vector<Axis> chainAxes{chainAxis("n1", ch.n1, ch.p1, b)};
  if (ch.convex1) chainAxes.push_back(chainAxis("n0", ch.n0, ch.p1, b));
  if (ch.convex2) chainAxes.push_back(chainAxis("n2", ch.n2, ch.p2, b));
  for (const Axis& axis : chainAxes) {
    // The axis's support line: through B's deepest vertex, perpendicular to the axis.
    const Vec2 v = b.v[axis.deepest];
    const Vec2 t{-axis.n.y, axis.n.x};
    const char* colour = axis.name == "n1" ? kBehindColour : kRegionColour;
    drawLine(layer.svg, layer.view, v - layer.reach() * t, v + layer.reach() * t, colour, 1, true);
    drawDot(layer.svg, layer.view, v, layer.size, colour);
    layer.legend.push_back(std::string(axis.name == "n1" ? "P5: " : "") + axis.name +
                           " separates by " + brief(axis.separation) + " (B's vertex " +
                           std::to_string(axis.deepest) + ")");
  }
  // B's faces whose reversed normal P4's classification admits, against p1 and p2.
  std::optional<Axis> face;
  std::string faces;
  for (int i = 0; i < b.count(); ++i) {
    if (classify(ch, -1.0 * b.normal(i)) != NormalType::admit) continue;
    const double s =
        std::min(dot(b.normal(i), ch.p1 - b.from(i)), dot(b.normal(i), ch.p2 - b.from(i)));
    faces += (faces.empty() ? "" : ", ") + std::to_string(i) + ": " + brief(s);
    if (!face || s > face->separation) face = Axis{"face " + std::to_string(i), b.normal(i), s, i};
  }
  layer.legend.push_back("B's admitted faces: " + (faces.empty() ? std::string("none") : faces));
  const Axis* best = &chainAxes[0];
  for (const Axis& axis : chainAxes) {
    if (axis.separation > best->separation) best = &axis;
  }
  if (face && face->separation > best->separation) {
    layer.legend.push_back("B's " + face->name + " is the reference");
  } else if (best->name != "n1") {
    layer.legend.push_back("the neighbour's " + best->name + " separates most: no contact");
  } else {
    layer.legend.push_back("the segment face is the reference, incident vertex " +
                           std::to_string(best->deepest) + " (red line)");
  }
}

void stepP6(Layer& layer, const Chain& ch, const Case& c, const Manifold& m) {
  drawGhosts(layer, ch);
  const std::optional<Faces> a = facesOf(c.a, c.xfA);
  const std::optional<Faces> b = facesOf(c.b, c.xfB);
  const std::optional<ClipRoles> roles =
      m.status == Status::contact ? clipRolesOf(m, *a, *b) : std::nullopt;
  if (!roles) {
    layer.legend.push_back("P6: no clip (the manifold has no reference face)");
    return;
  }
  layer.legend.push_back("P6: the incident edge clipped to the reference face");
  drawClip(layer, *roles, *a, *b);
}

/// The shape B of a chain step: a circle, or the core of a polygon or capsule.
DerivationLayer chainStepLayer(const Case& c, const Manifold& m, const View& view, double size,
                               std::string_view step) {
  Layer layer{{}, {}, view, size};
  const Chain ch = chainOf(std::get<ChainSegment>(c.a), c.xfA);
  if (const auto* circle = std::get_if<Circle>(&c.b)) {
    const Vec2 centre = apply(c.xfB, circle->center);
    if (step == "C1") stepC1(layer, ch, centre);
    if (step == "C2") stepC2(layer, ch, centre);
    if (step == "C3") stepC3(layer, ch, centre);
    if (step == "C4") stepC4(layer, ch, centre, circle->radius);
    return layer.done();
  }
  const Faces b = *facesOf(c.b, c.xfB);
  if (step == "P1") stepP1(layer, ch);
  if (step == "P2") stepP2(layer, ch, b);
  if (step == "P3") stepP3(layer, ch, b);
  if (step == "P4") stepP4(layer, ch, b);
  if (step == "P5") stepP5(layer, ch, b);
  if (step == "P6") stepP6(layer, ch, c, m);
  return layer.done();
}

}  // namespace

void addDerivationBounds(svg::Bounds& box, const Case& c, std::string_view step) {
  for (const auto* shape : {&c.a, &c.b}) {  // the derivation layer draws the ghosts
    if (const auto* chain = std::get_if<ChainSegment>(shape)) {
      const Transform& xf = shape == &c.a ? c.xfA : c.xfB;
      box.add(apply(xf, chain->ghost1));
      box.add(apply(xf, chain->ghost2));
    }
  }
  if (step.empty() || !derivationStepProblem(c, step).empty()) return;
  const Chain ch = chainOf(std::get<ChainSegment>(c.a), c.xfA);
  const double depth = 0.4 * length(ch.e);
  box.add(ch.p1 + depth * ch.n1);
  box.add(ch.p2 + depth * ch.n1);
}

DerivationLayer derivationLayer(const Case& c, const Manifold& m, const View& view, double size,
                                std::string_view step) {
  if (step.empty() || !derivationStepProblem(c, step).empty()) {
    return pageLayer(c, m, view, size);
  }
  return chainStepLayer(c, m, view, size, step);
}

}  // namespace touche::oracle::render_detail

namespace touche::oracle {

std::string derivationStepProblem(const Case& c, std::string_view step) {
  const bool circleStep = step == "C1" || step == "C2" || step == "C3" || step == "C4";
  const bool polygonStep =
      step == "P1" || step == "P2" || step == "P3" || step == "P4" || step == "P5" || step == "P6";
  if (!circleStep && !polygonStep) {
    return "step \"" + printable(std::string(step), false) +
           "\" is none of chain-segment.md's steps C1-C4, P1-P6";
  }
  if (!std::holds_alternative<ChainSegment>(c.a)) {
    return "step " + std::string(step) + " draws a chain segment A; case \"" +
           printable(c.id, false) + "\"'s A is not one";
  }
  const bool circle = std::holds_alternative<Circle>(c.b);
  const bool polygonLike =
      std::holds_alternative<Polygon>(c.b) || std::holds_alternative<Capsule>(c.b);
  if (circleStep && !circle) {
    return "step " + std::string(step) + " draws a chain segment and a circle; case \"" +
           printable(c.id, false) + "\"'s B is not a circle";
  }
  if (polygonStep && !polygonLike) {
    return "step " + std::string(step) +
           " draws a chain segment and a polygon or capsule; case \"" + printable(c.id, false) +
           "\"'s B is neither";
  }
  return {};
}

}  // namespace touche::oracle
