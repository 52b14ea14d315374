// touche — renderSvg() (render.h). World coordinates are drawn with y flipped (SVG's y grows
// downwards); every stroke is non-scaling so pictures of 1e-6 and 1e6 scenes look alike.
//
// Coordinates are written relative to the view's top-left corner, a world point, and in full
// precision (the shortest decimal that reads back as the double). Browsers hold SVG numbers in
// single precision, so a scene at 1e12 is drawn where it is only if its numbers are small;
// the subtraction is exact whenever a point is within a factor of 2 of the corner (Sterbenz),
// which is the case for any scene far from the world's origin.
#include "touche/oracle/render.h"

#include "render_parts.h"
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

namespace render_detail {

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

}  // namespace render_detail

namespace {

using render_detail::DerivationLayer;
using render_detail::outwardNormal;
using render_detail::polygonPath;
using render_detail::WorldSegment;
using render_detail::worldSegment;

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

/// The unit `normal` drawn from `from` as an arrow 0.22 of the scene's `size` long, each line
/// of the SVG after `indent`.
void drawNormal(std::ostringstream& svg, const View& view, Vec2 from, Vec2 normal, double size,
                const char* colour, const char* indent) {
  const Vec2 to = from + 0.22 * size * normal;
  const svg::ArrowHead head = svg::arrowHead(to, normal, 0.04 * size, 0.02 * size);
  svg << indent << "<path d=\"" << svg::arrowD(view, from, to, head) << "\" fill=\"none\" stroke=\""
      << colour << "\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>\n";
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
  drawNormal(svg, view, pointsCentre(m), m.normal, size, colour, "  ");
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

/// A record's legend line, its numbers written by `number` (in full, or in brief for a figure).
std::string legendLine(const ManifoldRecord& r, std::string (*number)(double)) {
  std::string text = r.engine + ": " + std::string(statusName(r.manifold.status));
  if (r.manifold.status == Status::contact) {
    text += ", n=(" + number(r.manifold.normal.x) + ", " + number(r.manifold.normal.y) + ")";
    for (int i = 0; i < r.manifold.pointCount; ++i) {
      text += i ? ", " : ", sep ";
      text += number(r.manifold.points[i].separation);
    }
  }
  return text;
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
  const bool derivationOn = layers.derivation || !layers.step.empty();
  if (derivationOn) render_detail::addDerivationBounds(box, c, layers.step);
  const View view{{box.lo.x, box.hi.y}};
  const double size = box.size();
  const DerivationLayer derivation =
      derivationOn && !records.empty()
          ? render_detail::derivationLayer(c, records[0].manifold, view, size, layers.step)
          : DerivationLayer{};
  // The legend: the case, a line per record, the derivation layer's lines. A figure (a layer
  // on) writes the records' numbers in brief, the plain drawing in full.
  svg::Legend legend{{nullptr, "case " + c.id + " (A blue, B orange)"}};
  for (std::size_t k = 0; k < records.size(); ++k) {
    legend.emplace_back(kColours[k % kColours.size()],
                        legendLine(records[k], derivationOn ? svg::legendNum : num));
  }
  for (const std::string& line : derivation.legend)
    legend.emplace_back("#555", line);
  const double font = 0.04 * size;
  const double pad = 0.15 * size;
  const double legendHeight = 0.06 * size * static_cast<double>(legend.size());
  const double x0 = -pad;
  const double y0 = -pad - legendHeight;
  // As wide as the scene and its margins, or as its longest legend line (the drawing stays at
  // the left).
  const double w =
      std::max(box.hi.x - box.lo.x + 2 * pad, svg::legendWidth(legend, font, svg::kCaseLegend));
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream svg;
  svg::openSvg(svg, x0, y0, w, h, 640, c.id, view);
  drawShape(svg, view, c.a, c.xfA, "#8fb3d9");
  drawShape(svg, view, c.b, c.xfB, "#e6b88a");
  svg << derivation.svg;
  for (std::size_t k = 0; k < records.size(); ++k) {
    drawManifold(svg, view, records[k].manifold, kColours[k % kColours.size()], size);
  }
  svg::writeLegend(svg, legend, x0, y0, font, svg::kCaseLegend);
  svg << "</svg>\n";
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
    drawNormal(svg, view, r.point, r.normal, size, colour, "    ");
  }
  svg << "  </g>\n";
}

/// A record's legend line, its numbers in brief (svg::legendNum): the exact result is in the
/// results file, and the check-casts report's repro quotes it in full.
std::string castLegendLine(const CastRecord& record) {
  const CastResult& r = record.result;
  std::string text = record.engine + ": " + std::string(castStatusName(r.status));
  if (r.status == CastStatus::hit) {
    text += ", t=" + svg::legendNum(r.fraction) + ", n=(" + svg::legendNum(r.normal.x) + ", " +
            svg::legendNum(r.normal.y) + ")";
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
  const double font = 0.04 * size;
  svg::Legend legend{{nullptr, "cast " + c.id + " (r = " + svg::legendNum(c.ray.radius) +
                                   "; the swept path dashed)"}};
  for (std::size_t k = 0; k < records.size(); ++k)
    legend.emplace_back(kColours[k % kColours.size()], castLegendLine(records[k]));
  const double legendHeight = 0.06 * size * static_cast<double>(legend.size());
  // As wide as the scene and its margins, at least as wide as it is tall (a tall, thin cast
  // keeps room for its legend), or as its longest legend line; the drawing stays at the left.
  const double w = std::max(std::max(box.hi.x - box.lo.x, box.hi.y - box.lo.y) + 2 * pad,
                            svg::legendWidth(legend, font, svg::kCaseLegend));
  const double x0 = -pad;
  const double y0 = -pad - legendHeight;
  const double h = box.hi.y - box.lo.y + 2 * pad + legendHeight;
  std::ostringstream svg;
  svg::openSvg(svg, x0, y0, w, h, 640, c.id, view);
  drawShape(svg, view, c.shape, c.xf, "#8fb3d9");
  drawCastPath(svg, view, path);
  for (std::size_t k = 0; k < records.size(); ++k) {
    drawCastRecord(svg, view, c, records[k].result, kColours[k % kColours.size()], size);
  }
  svg::writeLegend(svg, legend, x0, y0, font, svg::kCaseLegend);
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace touche::oracle
