// touche — renderSvg() (render.h). World coordinates are drawn with y flipped (SVG's y grows
// downwards); every stroke is non-scaling so pictures of 1e-6 and 1e6 scenes look alike.
//
// Coordinates are written relative to the view's top-left corner, a world point, and in full
// precision (the shortest decimal that reads back as the double). Browsers hold SVG numbers in
// single precision, so a scene at 1e12 is drawn where it is only if its numbers are small;
// the subtraction is exact whenever a point is within a factor of 2 of the corner (Sterbenz),
// which is the case for any scene far from the world's origin.
#include "touche/oracle/render.h"

#include "svg_parts.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <variant>
#include <vector>

namespace touche::oracle {
namespace {

using svg::Bounds;
using svg::num;
using svg::View;

constexpr std::array<const char*, 6> kColours = {"#d62728", "#1f77b4", "#2ca02c",
                                                 "#9467bd", "#ff7f0e", "#17becf"};

/// Markup characters as entities (every attribute touche writes is in double quotes, so a
/// single quote stays as it is); the rest (printable(), with tabs and line breaks kept as
/// XML allows them) never makes the document ill-formed, whatever an id holds.
std::string xmlEscaped(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '&')
      out += "&amp;";
    else if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else if (ch == '"')
      out += "&quot;";
    else
      out += ch;
  }
  return out;
}

}  // namespace

std::string xmlText(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find_first_of("\t\n\r", start), text.size());
    out += xmlEscaped(printable(text.substr(start, end - start), false));
    if (end == text.size()) break;
    out += text[end];
    start = end + 1;
  }
  return out;
}

namespace {

Vec2 outwardNormal(Vec2 v1, Vec2 v2) {
  const Vec2 e = v2 - v1;
  const double len = length(e);
  return len > 0 ? Vec2{e.y / len, -e.x / len} : Vec2{0, 0};
}

/// The core segment of a capsule, segment or chain segment in world coordinates, and its
/// radius (0 but for capsules).
struct WorldSegment {
  Vec2 p1, p2;
  double radius = 0.0;
};

WorldSegment worldSegment(const Shape& s, const Transform& xf) {
  WorldSegment out;
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (!std::is_same_v<T, Circle> && !std::is_same_v<T, Polygon>) {
          out.p1 = apply(xf, shape.p1);
          out.p2 = apply(xf, shape.p2);
        }
        if constexpr (std::is_same_v<T, Capsule>) out.radius = shape.radius;
      },
      s);
  return out;
}

void addShape(Bounds& box, const Shape& s, const Transform& xf) {
  if (const auto* c = std::get_if<Circle>(&s)) {
    box.add(apply(xf, c->center), c->radius);
  } else if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      box.add(apply(xf, p->vertices[i]), p->radius);
  } else {
    const WorldSegment segment = worldSegment(s, xf);
    box.add(segment.p1, segment.radius);
    box.add(segment.p2, segment.radius);
  }
}

/// A counter-clockwise polygon, rounded by `r`: offset edges joined by arcs at the vertices.
std::string polygonPath(const Polygon& p, const Transform& xf, const View& view) {
  std::array<Vec2, kMaxPolygonVertices> w{};
  for (int i = 0; i < p.count; ++i)
    w[i] = apply(xf, p.vertices[i]);
  std::ostringstream d;
  if (p.radius <= 0) {
    for (int i = 0; i < p.count; ++i)
      d << (i ? " L" : "M") << view.at(w[i]);
    d << " Z";
    return d.str();
  }
  const std::string r = num(p.radius);
  for (int i = 0; i < p.count; ++i) {
    const Vec2 prev = w[(i + p.count - 1) % p.count];
    const Vec2 next = w[(i + 1) % p.count];
    const Vec2 nIn = outwardNormal(prev, w[i]);
    const Vec2 nOut = outwardNormal(w[i], next);
    d << (i ? " L" : "M") << view.at(w[i] + p.radius * nIn);
    d << " A" << r << "," << r << " 0 0 0 " << view.at(w[i] + p.radius * nOut);
    d << " L" << view.at(next + p.radius * nOut);
  }
  d << " Z";
  return d.str();
}

void drawShape(std::ostringstream& svg, const View& view, const Shape& s, const Transform& xf,
               const char* fill) {
  const std::string style = std::string(" fill=\"") + fill +
                            "\" fill-opacity=\"0.25\" stroke=\"#333\" stroke-width=\"1.2\" "
                            "vector-effect=\"non-scaling-stroke\"";
  if (const auto* c = std::get_if<Circle>(&s)) {
    const Vec2 p = apply(xf, c->center);
    svg << "  <circle cx=\"" << num(view.x(p.x)) << "\" cy=\"" << num(view.y(p.y)) << "\" r=\""
        << num(c->radius) << "\"" << style << "/>\n";
  } else if (const auto* p = std::get_if<Polygon>(&s)) {
    svg << "  <path d=\"" << polygonPath(*p, xf, view) << "\"" << style << "/>\n";
  } else {
    // Capsules, segments and chain segments: the core segment drawn as a thick round line.
    const WorldSegment segment = worldSegment(s, xf);
    const std::string line = "M" + view.at(segment.p1) + " L" + view.at(segment.p2);
    svg << "  <path d=\"" << line << "\" stroke=\"" << fill
        << "\" stroke-opacity=\"0.4\" stroke-linecap=\"round\" stroke-width=\""
        << num(std::max(2 * segment.radius, 0.0)) << "\"/>\n";
    svg << "  <path d=\"" << line
        << "\" stroke=\"#333\" stroke-width=\"1.2\" vector-effect=\"non-scaling-stroke\"/>\n";
  }
}

Vec2 pointsCentre(const Manifold& m) {
  Vec2 sum;
  for (int i = 0; i < m.pointCount; ++i)
    sum = sum + m.points[i].point;
  return m.pointCount ? (1.0 / m.pointCount) * sum : sum;
}

void drawManifold(std::ostringstream& svg, const View& view, const Manifold& m, const char* colour,
                  double size) {
  if (m.status != Status::contact) return;
  const double dot = 0.012 * size;
  for (int i = 0; i < m.pointCount; ++i) {
    const Vec2 p = m.points[i].point;
    svg << "  <circle cx=\"" << num(view.x(p.x)) << "\" cy=\"" << num(view.y(p.y)) << "\" r=\""
        << num(dot) << "\" fill=\"" << colour << "\"/>\n";
  }
  const Vec2 from = pointsCentre(m);
  const Vec2 to = from + 0.22 * size * m.normal;
  const Vec2 side{-m.normal.y, m.normal.x};
  const Vec2 h1 = to - 0.04 * size * m.normal + 0.02 * size * side;
  const Vec2 h2 = to - 0.04 * size * m.normal - 0.02 * size * side;
  svg << "  <path d=\"M" << view.at(from) << " L" << view.at(to) << " M" << view.at(h1) << " L"
      << view.at(to) << " L" << view.at(h2) << "\" fill=\"none\" stroke=\"" << colour
      << "\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n";
}

/// A record's legend as a panel shows it: the engine, the status and the normal, then the
/// separations on a line of their own.
std::vector<std::string> panelLegend(const ManifoldRecord& r) {
  std::string head = r.engine + ": " + std::string(statusName(r.manifold.status));
  if (r.manifold.status != Status::contact) return {head};
  head += ", n=(" + num(r.manifold.normal.x) + ", " + num(r.manifold.normal.y) + ")";
  std::string separations = r.manifold.pointCount == 1 ? "separation " : "separations ";
  for (int i = 0; i < r.manifold.pointCount; ++i)
    separations += (i ? ", " : "") + num(r.manifold.points[i].separation);
  return {head, separations};
}

std::string legendLine(const ManifoldRecord& r) {
  std::string text = r.engine + ": " + std::string(statusName(r.manifold.status));
  if (r.manifold.status == Status::contact) {
    text += ", n=(" + num(r.manifold.normal.x) + ", " + num(r.manifold.normal.y) + ")";
    for (int i = 0; i < r.manifold.pointCount; ++i) {
      text += i ? ", " : ", sep ";
      text += num(r.manifold.points[i].separation);
    }
  }
  return text;
}

// ---- The derivation layer (RenderLayers::derivation) ----------------------------------------

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
  svg << "    <path d=\"M" << view.at(p) << " L" << view.at(q) << "\" stroke=\"" << colour
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

/// The derivation layer's drawing and its legend lines (none when there is nothing to draw).
struct DerivationLayer {
  std::string svg;
  std::vector<std::string> legend;
};

DerivationLayer derivationLayer(const Case& c, const Manifold& m, const View& view, double size) {
  std::ostringstream svg;
  std::vector<std::string> parts;
  const std::optional<Faces> a = facesOf(c.a, c.xfA);
  const std::optional<Faces> b = facesOf(c.b, c.xfB);
  const double reach = 2 * size;  // lines run out of the view, which clips them
  if (a && b && m.status == Status::contact) {
    if (const std::optional<ClipRoles> roles = clipRolesOf(m, *a, *b)) {
      const Faces& ref = roles->onA ? *a : *b;
      const Faces& inc = roles->onA ? *b : *a;
      const Vec2 v11 = ref.from(roles->reference);
      const Vec2 v12 = ref.to(roles->reference);
      const Vec2 n = ref.normal(roles->reference);
      drawLine(svg, view, v11 - reach * n, v11 + reach * n, kReferenceColour, 1, true);
      drawLine(svg, view, v12 - reach * n, v12 + reach * n, kReferenceColour, 1, true);
      drawLine(svg, view, v11, v12, kReferenceColour, 4, false);
      drawLine(svg, view, inc.from(roles->incident), inc.to(roles->incident), kIncidentColour, 4,
               false);
      // An end of the incident edge that is not a contact point as it stands: beyond a side
      // plane (clipped) or in front of the face by more than the radii (dropped at margin 0).
      const Vec2 e = v12 - v11;
      for (const Vec2 x : {inc.from(roles->incident), inc.to(roles->incident)}) {
        const double along = dot(x - v11, e);
        const bool beyond = along < 0 || along > dot(e, e);
        const bool inFront = dot(x - v11, n) - ref.radius - inc.radius > 0;
        if (!beyond && !inFront) continue;
        svg << "    <circle cx=\"" << num(view.x(x.x)) << "\" cy=\"" << num(view.y(x.y))
            << "\" r=\"" << num(0.016 * size) << "\" fill=\"#fff\" stroke=\"" << kIncidentColour
            << "\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n";
      }
      parts.push_back(std::string("reference face: ") + (roles->onA ? "A" : "B") + "'s face " +
                      std::to_string(roles->reference) + ", side planes dashed (green)");
      parts.push_back(std::string("incident edge: ") + (roles->onA ? "B" : "A") + "'s edge " +
                      std::to_string(roles->incident) + " (purple; hollow: an end cut off)");
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
    parts.push_back("Voronoi region boundaries (grey, dashed)");
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
      parts.push_back("grown boundary: centre on or inside it = contact (cyan, dotted)");
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
      parts.push_back("regular n-gon: vertex rays (brown), split rays (orange), dashed");
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
    parts.push_back("ghost edges, corner-region lines (grey, dashed)");
  }
  if (parts.empty()) return {};
  return {"  <g class=\"derivation\" fill=\"none\">\n" + svg.str() + "  </g>\n", parts};
}

/// The bounds of both shapes and every record's points.
Bounds sceneBounds(const Case& c, std::span<const ManifoldRecord> records) {
  Bounds box;
  addShape(box, c.a, c.xfA);
  addShape(box, c.b, c.xfB);
  for (const ManifoldRecord& r : records) {
    for (int i = 0; i < r.manifold.pointCount; ++i)
      box.add(r.manifold.points[i].point);
  }
  return box;
}

}  // namespace

std::string renderSideBySide(const Case& c, std::span<const ManifoldRecord> records) {
  const Bounds box = sceneBounds(c, records);
  const View view{{box.lo.x, box.hi.y}};
  const double size = box.size();
  std::vector<std::vector<std::string>> legends;
  std::size_t lines = 1, longest = xmlText(c.id).size() + 24;  // "case ID (A blue, B orange)"
  for (const ManifoldRecord& r : records) {
    legends.push_back(panelLegend(r));
    lines = std::max(lines, legends.back().size() + 1);
    for (const std::string& text : legends.back())
      longest = std::max(longest, text.size());
  }
  const double pad = 0.15 * size;
  const double w = box.hi.x - box.lo.x + 2 * pad;
  // A sans-serif character is about 0.6 em wide: the longest line fits the panel's width.
  const double font = std::min(0.045 * size, 0.95 * w / (0.6 * static_cast<double>(longest + 1)));
  const double legendHeight = 1.4 * font * static_cast<double>(lines) + 0.5 * font;
  const double x0 = -pad;
  const double y0 = -pad - legendHeight;
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  const double panelWidth = 480.0, panelHeight = panelWidth * h / w;
  const std::size_t panels = std::max<std::size_t>(records.size(), 1);
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"side-by-side\" width=\""
      << num(panelWidth * static_cast<double>(panels)) << "\" height=\"" << num(panelHeight)
      << "\">\n";
  svg << "  <title>" << xmlText(c.id) << "</title>\n";
  for (std::size_t k = 0; k < panels; ++k) {
    svg << " <svg class=\"panel\" x=\"" << num(panelWidth * static_cast<double>(k))
        << "\" y=\"0\" width=\"" << num(panelWidth) << "\" height=\"" << num(panelHeight)
        << "\" viewBox=\"" << num(x0) << " " << num(y0) << " " << num(w) << " " << num(h)
        << "\">\n";
    svg << "  <desc class=\"origin\">x right and y down from the world point ("
        << num(view.origin.x) << ", " << num(view.origin.y) << ")</desc>\n";
    svg << "  <rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(w)
        << "\" height=\"" << num(h) << "\" fill=\"none\" stroke=\"#bbb\" stroke-width=\"1\" "
        << "vector-effect=\"non-scaling-stroke\"/>\n";
    drawShape(svg, view, c.a, c.xfA, "#8fb3d9");
    drawShape(svg, view, c.b, c.xfB, "#e6b88a");
    const char* colour = kColours[k % kColours.size()];
    if (k < records.size()) drawManifold(svg, view, records[k].manifold, colour, size);
    svg << "  <g class=\"legend\" font-family=\"sans-serif\" font-size=\"" << num(font) << "\">\n";
    svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y0 + 1.3 * font)
        << "\">case " << xmlText(c.id) << " (A blue, B orange)</text>\n";
    const std::vector<std::string> none;
    const std::vector<std::string>& legend = k < legends.size() ? legends[k] : none;
    for (std::size_t line = 0; line < legend.size(); ++line) {
      const double y = y0 + 1.3 * font + 1.4 * font * static_cast<double>(line + 1);
      svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y) << "\" fill=\""
          << colour << "\">" << xmlText(legend[line]) << "</text>\n";
    }
    svg << "  </g>\n </svg>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

std::string renderSvg(const Case& c, std::span<const ManifoldRecord> records) {
  return renderSvg(c, records, RenderLayers{});
}

std::string renderSvg(const Case& c, std::span<const ManifoldRecord> records,
                      const RenderLayers& layers) {
  Bounds box = sceneBounds(c, records);
  if (layers.derivation) {
    for (const auto* shape : {&c.a, &c.b}) {  // the derivation layer draws the ghosts
      if (const auto* chain = std::get_if<ChainSegment>(shape)) {
        const Transform& xf = shape == &c.a ? c.xfA : c.xfB;
        box.add(apply(xf, chain->ghost1));
        box.add(apply(xf, chain->ghost2));
      }
    }
  }
  const View view{{box.lo.x, box.hi.y}};
  const double size = box.size();
  const DerivationLayer derivation = layers.derivation && !records.empty()
                                         ? derivationLayer(c, records[0].manifold, view, size)
                                         : DerivationLayer{};
  const std::size_t legendLines = records.size() + 1 + derivation.legend.size();
  const double pad = 0.15 * size;
  const double legendHeight = 0.06 * size * static_cast<double>(legendLines);
  const double x0 = -pad;
  const double y0 = -pad - legendHeight;
  const double w = box.hi.x - box.lo.x + 2 * pad;
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << num(x0) << " " << num(y0) << " "
      << num(w) << " " << num(h) << "\" width=\"640\" height=\"" << num(640.0 * h / w) << "\">\n";
  svg << "  <title>" << xmlText(c.id) << "</title>\n";
  svg << "  <desc class=\"origin\">x right and y down from the world point (" << num(view.origin.x)
      << ", " << num(view.origin.y) << ")</desc>\n";
  drawShape(svg, view, c.a, c.xfA, "#8fb3d9");
  drawShape(svg, view, c.b, c.xfB, "#e6b88a");
  svg << derivation.svg;
  for (std::size_t k = 0; k < records.size(); ++k) {
    drawManifold(svg, view, records[k].manifold, kColours[k % kColours.size()], size);
  }
  const double font = 0.04 * size;
  svg << "  <g class=\"legend\" font-family=\"sans-serif\" font-size=\"" << num(font) << "\">\n";
  svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y0 + 1.3 * font) << "\">case "
      << xmlText(c.id) << " (A blue, B orange)</text>\n";
  for (std::size_t k = 0; k < records.size(); ++k) {
    const double y = y0 + 1.3 * font * static_cast<double>(k + 2);
    svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y) << "\" fill=\""
        << kColours[k % kColours.size()] << "\">" << xmlText(legendLine(records[k])) << "</text>\n";
  }
  for (std::size_t k = 0; k < derivation.legend.size(); ++k) {
    const double y = y0 + 1.3 * font * static_cast<double>(records.size() + 2 + k);
    svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y) << "\" fill=\"#555\">"
        << xmlText(derivation.legend[k]) << "</text>\n";
  }
  svg << "  </g>\n</svg>\n";
  return svg.str();
}

// ---- Casts --------------------------------------------------------------------------------

namespace {

/// The part of the cast that counts: from the origin to origin + maxFraction·translation.
struct CastPath {
  Vec2 start;
  Vec2 stop;  ///< where maxFraction ends the cast
  Vec2 end;   ///< origin + translation
  double radius = 0.0;
};

CastPath castPath(const CastCase& c) {
  return {c.ray.origin, c.ray.origin + c.ray.maxFraction * c.ray.translation,
          c.ray.origin + c.ray.translation, c.ray.radius};
}

/// The outline of the capsule the circle sweeps from `a` to `b` (a circle when they meet): two
/// sides joined by half circles round the ends, each turning clockwise in the world from the
/// left side to the right one, which with y flipped is SVG's positive direction (sweep flag 1).
std::string sweptCapsulePath(Vec2 a, Vec2 b, double r, const View& view) {
  const Vec2 d = b - a;
  const double len = length(d);
  const std::string radius = num(r);
  if (len == 0) {
    return "M" + view.at(a + Vec2{r, 0}) + " A" + radius + "," + radius + " 0 1 0 " +
           view.at(a - Vec2{r, 0}) + " A" + radius + "," + radius + " 0 1 0 " +
           view.at(a + Vec2{r, 0}) + " Z";
  }
  const Vec2 n{-d.y / len * r, d.x / len * r};  // left of a → b, length r
  return "M" + view.at(a + n) + " L" + view.at(b + n) + " A" + radius + "," + radius + " 0 0 1 " +
         view.at(b - n) + " L" + view.at(a - n) + " A" + radius + "," + radius + " 0 0 1 " +
         view.at(a + n) + " Z";
}

void drawCastPath(std::ostringstream& svg, const View& view, const CastPath& path) {
  const char* dashed =
      " fill=\"none\" stroke=\"#555\" stroke-width=\"1\" "
      "stroke-dasharray=\"6 4\" vector-effect=\"non-scaling-stroke\"";
  svg << "  <g class=\"path\">\n";
  if (path.radius > 0) {
    svg << "    <path d=\"" << sweptCapsulePath(path.start, path.stop, path.radius, view) << "\""
        << dashed << "/>\n";
    svg << "    <circle cx=\"" << num(view.x(path.start.x)) << "\" cy=\""
        << num(view.y(path.start.y)) << "\" r=\"" << num(path.radius) << "\"" << dashed << "/>\n";
  }
  svg << "    <path d=\"M" << view.at(path.start) << " L" << view.at(path.stop) << "\"" << dashed
      << "/>\n";
  if (!(path.stop == path.end)) {  // the translation beyond maxFraction, dotted
    svg << "    <path d=\"M" << view.at(path.stop) << " L" << view.at(path.end)
        << "\" fill=\"none\" stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"1 3\" "
           "vector-effect=\"non-scaling-stroke\"/>\n";
  }
  svg << "  </g>\n";
}

void drawArrow(std::ostringstream& svg, const View& view, Vec2 from, Vec2 normal, double size,
               const char* colour) {
  const Vec2 to = from + 0.22 * size * normal;
  const Vec2 side{-normal.y, normal.x};
  const Vec2 h1 = to - 0.04 * size * normal + 0.02 * size * side;
  const Vec2 h2 = to - 0.04 * size * normal - 0.02 * size * side;
  svg << "    <path d=\"M" << view.at(from) << " L" << view.at(to) << " M" << view.at(h1) << " L"
      << view.at(to) << " L" << view.at(h2) << "\" fill=\"none\" stroke=\"" << colour
      << "\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n";
}

/// One record: at a hit the circle there (its centre origin + t·translation), the point and
/// the normal; at an initial overlap the circle at the start.
void drawCastRecord(std::ostringstream& svg, const View& view, const CastCase& c,
                    const CastResult& r, const char* colour, double size) {
  if (r.status != CastStatus::hit && r.status != CastStatus::initialOverlap) return;
  const Vec2 centre = c.ray.origin + r.fraction * c.ray.translation;
  svg << "  <g class=\"cast-result\">\n";
  svg << "    <circle class=\"at-hit\" cx=\"" << num(view.x(centre.x)) << "\" cy=\""
      << num(view.y(centre.y)) << "\" r=\"" << num(std::max(c.ray.radius, 0.006 * size))
      << "\" fill=\"none\" stroke=\"" << colour
      << "\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\"/>\n";
  if (r.status == CastStatus::hit) {
    svg << "    <circle class=\"point\" cx=\"" << num(view.x(r.point.x)) << "\" cy=\""
        << num(view.y(r.point.y)) << "\" r=\"" << num(0.012 * size) << "\" fill=\"" << colour
        << "\"/>\n";
    drawArrow(svg, view, r.point, r.normal, size, colour);
  }
  svg << "  </g>\n";
}

std::string castLegendLine(const CastRecord& record) {
  const CastResult& r = record.result;
  std::string text = record.engine + ": " + std::string(castStatusName(r.status));
  if (r.status == CastStatus::hit) {
    text += ", t=" + num(r.fraction) + ", n=(" + num(r.normal.x) + ", " + num(r.normal.y) + ")";
    if (record.hasFeature) {
      text += std::string(", ") + (r.feature.type == FeatureType::face ? "face " : "vertex ") +
              std::to_string(r.feature.index);
    }
  }
  return text;
}

}  // namespace

std::string renderCastSvg(const CastCase& c, std::span<const CastRecord> records) {
  const CastPath path = castPath(c);
  Bounds box;
  addShape(box, c.shape, c.xf);
  box.add(path.start, path.radius);
  box.add(path.end, path.radius);
  for (const CastRecord& r : records) {
    if (r.result.status == CastStatus::hit) box.add(r.result.point);
  }
  const View view{{box.lo.x, box.hi.y}};
  const double size = box.size();
  const double pad = 0.15 * size;
  const double legendHeight = 0.06 * size * static_cast<double>(records.size() + 1);
  // At least as wide as the scene is tall (plus the margins), so that a tall, thin cast still
  // has room for its legend lines; the drawing stays at the left.
  const double w = std::max(box.hi.x - box.lo.x, box.hi.y - box.lo.y) + 2 * pad;
  const double x0 = -pad;
  const double y0 = -pad - legendHeight;
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << num(x0) << " " << num(y0) << " "
      << num(w) << " " << num(h) << "\" width=\"640\" height=\"" << num(640.0 * h / w) << "\">\n";
  svg << "  <title>" << xmlText(c.id) << "</title>\n";
  svg << "  <desc class=\"origin\">x right and y down from the world point (" << num(view.origin.x)
      << ", " << num(view.origin.y) << ")</desc>\n";
  drawShape(svg, view, c.shape, c.xf, "#8fb3d9");
  drawCastPath(svg, view, path);
  for (std::size_t k = 0; k < records.size(); ++k) {
    drawCastRecord(svg, view, c, records[k].result, kColours[k % kColours.size()], size);
  }
  const double font = 0.04 * size;
  svg << "  <g class=\"legend\" font-family=\"sans-serif\" font-size=\"" << num(font) << "\">\n";
  svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y0 + 1.3 * font) << "\">cast "
      << xmlText(c.id) << " (r = " << num(c.ray.radius) << "; the swept path dashed)</text>\n";
  for (std::size_t k = 0; k < records.size(); ++k) {
    const double y = y0 + 1.3 * font * static_cast<double>(k + 2);
    svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y) << "\" fill=\""
        << kColours[k % kColours.size()] << "\">" << xmlText(castLegendLine(records[k]))
        << "</text>\n";
  }
  svg << "  </g>\n</svg>\n";
  return svg.str();
}

}  // namespace touche::oracle
