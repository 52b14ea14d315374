// touche — renderSvg() (render.h). World coordinates are drawn with y flipped (SVG's y grows
// downwards); every stroke is non-scaling so pictures of 1e-6 and 1e6 scenes look alike.
//
// Coordinates are written relative to the view's top-left corner, a world point, and in full
// precision (the shortest decimal that reads back as the double). Browsers hold SVG numbers in
// single precision, so a scene at 1e12 is drawn where it is only if its numbers are small;
// the subtraction is exact whenever a point is within a factor of 2 of the corner (Sterbenz),
// which is the case for any scene far from the world's origin.
#include "touche/oracle/render.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>
#include <variant>

namespace touche::oracle {
namespace {

constexpr std::array<const char*, 6> kColours = {"#d62728", "#1f77b4", "#2ca02c",
                                                 "#9467bd", "#ff7f0e", "#17becf"};

/// The shortest decimal that reads back as `v`: nothing drawn is rounded.
std::string num(double v) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

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

/// World coordinates as drawn: relative to `origin` (the view's top-left corner), y flipped.
struct View {
  Vec2 origin;
  double x(double worldX) const { return worldX - origin.x; }
  double y(double worldY) const { return origin.y - worldY; }
  std::string at(Vec2 p) const { return num(x(p.x)) + "," + num(y(p.y)); }
};

/// The bounding box of everything drawn, grown point by point.
struct Bounds {
  Vec2 lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Vec2 hi{-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  void add(Vec2 p, double r = 0.0) {
    lo = {std::min(lo.x, p.x - r), std::min(lo.y, p.y - r)};
    hi = {std::max(hi.x, p.x + r), std::max(hi.y, p.y + r)};
  }
  double size() const { return std::max({hi.x - lo.x, hi.y - lo.y, 1e-300}); }
};

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

}  // namespace

std::string renderSvg(const Case& c, std::span<const ManifoldRecord> records) {
  Bounds box;
  addShape(box, c.a, c.xfA);
  addShape(box, c.b, c.xfB);
  for (const ManifoldRecord& r : records) {
    for (int i = 0; i < r.manifold.pointCount; ++i)
      box.add(r.manifold.points[i].point);
  }
  const View view{{box.lo.x, box.hi.y}};
  const double size = box.size();
  const double pad = 0.15 * size;
  const double legendHeight = 0.06 * size * static_cast<double>(records.size() + 1);
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
  svg << "  </g>\n</svg>\n";
  return svg.str();
}

}  // namespace touche::oracle
