// touche — renderSvg() (render.h). World coordinates are drawn with y flipped (SVG's y grows
// downwards); every stroke is non-scaling so pictures of 1e-6 and 1e6 scenes look alike.
#include "touche/oracle/render.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <variant>

namespace touche::oracle {
namespace {

constexpr std::array<const char*, 6> kColours = {"#d62728", "#1f77b4", "#2ca02c",
                                                 "#9467bd", "#ff7f0e", "#17becf"};

std::string num(double v) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

/// Text made safe inside an XML element.
std::string escaped(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '&')
      out += "&amp;";
    else if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else
      out += ch;
  }
  return out;
}

/// A world point in SVG coordinates (y flipped).
std::string at(Vec2 p) {
  return num(p.x) + "," + num(-p.y);
}

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

/// A counter-clockwise polygon, rounded by `r`: offset edges joined by arcs at the vertices.
std::string polygonPath(const Polygon& p, const Transform& xf) {
  std::array<Vec2, kMaxPolygonVertices> w{};
  for (int i = 0; i < p.count; ++i)
    w[i] = apply(xf, p.vertices[i]);
  std::ostringstream d;
  if (p.radius <= 0) {
    for (int i = 0; i < p.count; ++i)
      d << (i ? " L" : "M") << at(w[i]);
    d << " Z";
    return d.str();
  }
  const std::string r = num(p.radius);
  for (int i = 0; i < p.count; ++i) {
    const Vec2 prev = w[(i + p.count - 1) % p.count];
    const Vec2 next = w[(i + 1) % p.count];
    const Vec2 nIn = outwardNormal(prev, w[i]);
    const Vec2 nOut = outwardNormal(w[i], next);
    d << (i ? " L" : "M") << at(w[i] + p.radius * nIn);
    d << " A" << r << "," << r << " 0 0 0 " << at(w[i] + p.radius * nOut);
    d << " L" << at(next + p.radius * nOut);
  }
  d << " Z";
  return d.str();
}

void drawShape(std::ostringstream& svg, Bounds& box, const Shape& s, const Transform& xf,
               const char* fill) {
  const std::string style = std::string(" fill=\"") + fill +
                            "\" fill-opacity=\"0.25\" stroke=\"#333\" stroke-width=\"1.2\" "
                            "vector-effect=\"non-scaling-stroke\"";
  if (const auto* c = std::get_if<Circle>(&s)) {
    const Vec2 p = apply(xf, c->center);
    box.add(p, c->radius);
    svg << "  <circle cx=\"" << num(p.x) << "\" cy=\"" << num(-p.y) << "\" r=\"" << num(c->radius)
        << "\"" << style << "/>\n";
  } else if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      box.add(apply(xf, p->vertices[i]), p->radius);
    svg << "  <path d=\"" << polygonPath(*p, xf) << "\"" << style << "/>\n";
  } else {
    // Capsules, segments and chain segments: the core segment drawn as a thick round line.
    Vec2 p1, p2;
    double r = 0.0;
    std::visit(
        [&](const auto& shape) {
          using T = std::decay_t<decltype(shape)>;
          if constexpr (!std::is_same_v<T, Circle> && !std::is_same_v<T, Polygon>) {
            p1 = shape.p1;
            p2 = shape.p2;
          }
          if constexpr (std::is_same_v<T, Capsule>) r = shape.radius;
        },
        s);
    p1 = apply(xf, p1);
    p2 = apply(xf, p2);
    box.add(p1, r);
    box.add(p2, r);
    svg << "  <path d=\"M" << at(p1) << " L" << at(p2) << "\" stroke=\"" << fill
        << "\" stroke-opacity=\"0.4\" stroke-linecap=\"round\" stroke-width=\""
        << num(std::max(2 * r, 0.0)) << "\"/>\n";
    svg << "  <path d=\"M" << at(p1) << " L" << at(p2)
        << "\" stroke=\"#333\" stroke-width=\"1.2\" vector-effect=\"non-scaling-stroke\"/>\n";
  }
}

Vec2 pointsCentre(const Manifold& m) {
  Vec2 sum;
  for (int i = 0; i < m.pointCount; ++i)
    sum = sum + m.points[i].point;
  return m.pointCount ? (1.0 / m.pointCount) * sum : sum;
}

void drawManifold(std::ostringstream& svg, const Manifold& m, const char* colour, double size) {
  if (m.status != Status::contact) return;
  const double dot = 0.012 * size;
  for (int i = 0; i < m.pointCount; ++i) {
    svg << "  <circle cx=\"" << num(m.points[i].point.x) << "\" cy=\"" << num(-m.points[i].point.y)
        << "\" r=\"" << num(dot) << "\" fill=\"" << colour << "\"/>\n";
  }
  const Vec2 from = pointsCentre(m);
  const Vec2 to = from + 0.22 * size * m.normal;
  const Vec2 side{-m.normal.y, m.normal.x};
  const Vec2 h1 = to - 0.04 * size * m.normal + 0.02 * size * side;
  const Vec2 h2 = to - 0.04 * size * m.normal - 0.02 * size * side;
  svg << "  <path d=\"M" << at(from) << " L" << at(to) << " M" << at(h1) << " L" << at(to) << " L"
      << at(h2) << "\" fill=\"none\" stroke=\"" << colour
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
  std::ostringstream shapes;
  Bounds box;
  drawShape(shapes, box, c.a, c.xfA, "#8fb3d9");
  drawShape(shapes, box, c.b, c.xfB, "#e6b88a");
  for (const ManifoldRecord& r : records) {
    for (int i = 0; i < r.manifold.pointCount; ++i)
      box.add(r.manifold.points[i].point);
  }
  const double size = box.size();
  std::ostringstream marks;
  for (std::size_t k = 0; k < records.size(); ++k) {
    drawManifold(marks, records[k].manifold, kColours[k % kColours.size()], size);
  }
  const double pad = 0.15 * size;
  const double legendHeight = 0.06 * size * static_cast<double>(records.size() + 1);
  const double x0 = box.lo.x - pad;
  const double y0 = -box.hi.y - pad - legendHeight;
  const double w = box.hi.x - box.lo.x + 2 * pad;
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << num(x0) << " " << num(y0) << " "
      << num(w) << " " << num(h) << "\" width=\"640\" height=\"" << num(640.0 * h / w) << "\">\n";
  svg << "  <title>" << escaped(c.id) << "</title>\n" << shapes.str() << marks.str();
  const double font = 0.04 * size;
  svg << "  <g class=\"legend\" font-family=\"sans-serif\" font-size=\"" << num(font) << "\">\n";
  svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y0 + 1.3 * font) << "\">case "
      << escaped(c.id) << " (A blue, B orange)</text>\n";
  for (std::size_t k = 0; k < records.size(); ++k) {
    const double y = y0 + 1.3 * font * static_cast<double>(k + 2);
    svg << "    <text x=\"" << num(x0 + 0.3 * font) << "\" y=\"" << num(y) << "\" fill=\""
        << kColours[k % kColours.size()] << "\">" << escaped(legendLine(records[k])) << "</text>\n";
  }
  svg << "  </g>\n</svg>\n";
  return svg.str();
}

}  // namespace touche::oracle
