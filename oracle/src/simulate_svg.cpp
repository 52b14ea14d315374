// touche oracle — the SVG of a simulation run (simulate.h): world y up, drawn y down.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>

#include "touche/oracle/simulate.h"

namespace touche::oracle {
namespace {

/// A number as the SVG writes it: fixed precision, so the same run draws the same bytes.
std::string num(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", std::fabs(x) < 5e-4 ? 0.0 : x);
  return buffer;
}

/// World → drawing: scale and flip y.
struct View {
  double minX = 0, maxY = 0, scale = 1, width = 0, height = 0;
  double x(double wx) const { return (wx - minX) * scale; }
  double y(double wy) const { return (maxY - wy) * scale; }
};

/// Half the axis-aligned extent of the body turned by `angle`, along x and y.
Vec2 extent(const SimBody& b, double angle) {
  if (b.isCircle) return {b.radius, b.radius};
  const double c = std::fabs(std::cos(angle)), s = std::fabs(std::sin(angle));
  return {c * b.halfWidth + s * b.halfHeight, s * b.halfWidth + c * b.halfHeight};
}

View viewOf(const SimScene& scene, const SimRun& run) {
  double lo[2] = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  double hi[2] = {-lo[0], -lo[1]};
  for (const SimFrame& f : run.frames) {
    for (std::size_t k = 0; k < f.poses.size(); ++k) {
      const Vec2 r = extent(scene.bodies[k], f.poses[k].angle);
      lo[0] = std::min(lo[0], f.poses[k].position.x - r.x);
      lo[1] = std::min(lo[1], f.poses[k].position.y - r.y);
      hi[0] = std::max(hi[0], f.poses[k].position.x + r.x);
      hi[1] = std::max(hi[1], f.poses[k].position.y + r.y);
    }
  }
  const double margin = 0.05 * std::max(hi[0] - lo[0], hi[1] - lo[1]);
  View v;
  v.minX = lo[0] - margin;
  v.maxY = hi[1] + margin;
  v.scale = 600 / std::max(hi[0] - lo[0] + 2 * margin, 1e-9);
  v.width = 600;
  v.height = (hi[1] - lo[1] + 2 * margin) * v.scale;
  return v;
}

/// The body's outline in its own frame (drawing units, y down), centred on the origin.
std::string outline(const SimBody& b, double scale, const std::string& style) {
  if (b.isCircle) {
    const double r = b.radius * scale;
    // a radius line shows the rotation
    return "<circle r=\"" + num(r) + "\" " + style + "/><line x1=\"0\" y1=\"0\" x2=\"" + num(r) +
           "\" y2=\"0\" " + style + "/>";
  }
  const double w = b.halfWidth * scale, h = b.halfHeight * scale;
  return "<rect x=\"" + num(-w) + "\" y=\"" + num(-h) + "\" width=\"" + num(2 * w) +
         "\" height=\"" + num(2 * h) + "\" " + style + "/>";
}

/// translate(x y) rotate(−angle in degrees): the pose in drawing coordinates.
std::string placed(const View& v, const SimPose& p) {
  return "translate(" + num(v.x(p.position.x)) + " " + num(v.y(p.position.y)) + ") rotate(" +
         num(-p.angle * 180 / 3.14159265358979323846) + ")";
}

const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"};

}  // namespace

std::string simulationSvg(const SimScene& scene, const SimRun& run, bool animated) {
  const View v = viewOf(scene, run);
  std::ostringstream out;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(v.width) << "\" height=\""
      << num(v.height) << "\" viewBox=\"0 0 " << num(v.width) << " " << num(v.height)
      << "\">\n<title>touche simulate " << scene.id << ": model " << scene.model << ", "
      << scene.steps << " steps of " << scene.timeStep << "</title>\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  int colour = 0;
  for (std::size_t k = 0; k < scene.bodies.size(); ++k) {
    const SimBody& b = scene.bodies[k];
    if (b.isStatic) {
      out << "<g transform=\"" << placed(v, run.frames[0].poses[k]) << "\">"
          << outline(b, v.scale, "fill=\"#bbbbbb\" stroke=\"#555555\"") << "</g>\n";
      continue;
    }
    const std::string c = kColours[colour++ % 6];
    out << "<g id=\"body-" << k << "\"><title>"
        << (b.id.empty() ? "body " + std::to_string(k) : b.id) << ": e = " << b.restitution
        << ", μ = " << b.friction << "</title>\n<polyline fill=\"none\" stroke=\"" << c
        << "\" stroke-width=\"1\" points=\"";
    for (const SimFrame& f : run.frames) {
      out << num(v.x(f.poses[k].position.x)) << "," << num(v.y(f.poses[k].position.y)) << " ";
    }
    out << "\"/>\n";
    const std::string faint = "fill=\"none\" stroke=\"" + c + "\" stroke-opacity=\"0.25\"";
    const std::size_t every = std::max<std::size_t>(1, run.frames.size() / 12);
    for (std::size_t f = 0; f + 1 < run.frames.size(); f += every) {
      out << "<g transform=\"" << placed(v, run.frames[f].poses[k]) << "\">"
          << outline(b, v.scale, faint) << "</g>\n";
    }
    if (!animated) {
      out << "<g transform=\"" << placed(v, run.frames.back().poses[k]) << "\">"
          << outline(b, v.scale, "fill=\"" + c + "\" fill-opacity=\"0.4\" stroke=\"" + c + "\"")
          << "</g>\n";
    } else {
      // SMIL: the pose frame by frame, one loop of the run, no script.
      const double seconds = scene.steps * scene.timeStep;
      out << "<g>"
          << outline(b, v.scale, "fill=\"" + c + "\" fill-opacity=\"0.4\" stroke=\"" + c + "\"")
          << "<animateTransform attributeName=\"transform\" type=\"translate\" "
             "calcMode=\"discrete\" dur=\""
          << num(seconds) << "s\" repeatCount=\"indefinite\" values=\"";
      for (std::size_t f = 0; f < run.frames.size(); ++f) {
        const SimPose& p = run.frames[f].poses[k];
        out << (f ? ";" : "") << num(v.x(p.position.x)) << " " << num(v.y(p.position.y));
      }
      out << "\"/><animateTransform attributeName=\"transform\" type=\"rotate\" additive=\"sum\" "
             "calcMode=\"discrete\" dur=\""
          << num(seconds) << "s\" repeatCount=\"indefinite\" values=\"";
      for (std::size_t f = 0; f < run.frames.size(); ++f)
        out << (f ? ";" : "") << num(-run.frames[f].poses[k].angle * 180 / 3.14159265358979323846);
      out << "\"/></g>\n";
    }
    out << "</g>\n";
  }
  out << "</svg>\n";
  return out.str();
}

}  // namespace touche::oracle
