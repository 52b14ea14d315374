// The worked examples of docs/derivations/: every number a page quotes for a figure's case is
// asserted here, on the case as committed in docs/derivations/figures/cases.jsonl (the file the
// figures are drawn from, scripts/figures). Where a page compares with a source post, the
// post's logic runs too (source_logic.h).
#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <variant>

#include "reference_test_support.h"
#include "source_logic.h"
#include "touche/core/jsonl.h"

namespace touche::reference::testing {
namespace {

namespace s000 = sources::s000;
namespace s002 = sources::s002;

/// The case `id` of the committed figure cases.
Case figureCase(const std::string& id) {
  std::ifstream in(TOUCHE_DERIVATION_CASES);
  EXPECT_TRUE(in) << TOUCHE_DERIVATION_CASES;
  std::string line;
  while (std::getline(in, line)) {
    const auto parsed = loadCase(line);
    if (const Case* c = std::get_if<Case>(&parsed); c && c->id == id) return *c;
  }
  ADD_FAILURE() << "no case " << id << " in " << TOUCHE_DERIVATION_CASES;
  return {};
}

Manifold collideCase(const Case& c) {
  return collide(c.a, c.xfA, c.b, c.xfB);
}

/// A polygon's world vertices (the cases place them by identity transforms or translations).
std::vector<Vec2> world(const Shape& s, const Transform& xf) {
  std::vector<Vec2> out;
  const Polygon& p = std::get<Polygon>(s);
  for (int i = 0; i < p.count; ++i)
    out.push_back(apply(xf, p.vertices[i]));
  return out;
}

// ---- circle-circle.md -------------------------------------------------------------------

/// `v` to six significant digits, as the pages quote their numbers: |v − quoted| ≤ half a unit
/// in the sixth digit.
void expectQuoted(double v, double quoted) {
  const double unit = std::pow(10.0, std::floor(std::log10(std::fabs(quoted))) - 5);
  EXPECT_LE(std::fabs(v - quoted), 0.5 * unit + 1e-15) << v << " quoted as " << quoted;
}
void expectQuoted(Vec2 v, Vec2 quoted) {
  expectQuoted(v.x, quoted.x);
  expectQuoted(v.y, quoted.y);
}

TEST(DerivationPages, CircleCircle) {
  // Steps 1–4 of circle-circle.md's worked example, each number as the page quotes it.
  const Case c = figureCase("circle-circle");
  const Circle& a = std::get<Circle>(c.a);
  const Circle& b = std::get<Circle>(c.b);
  // Step 1: the centres.
  const Vec2 cA = apply(c.xfA, a.center), cB = apply(c.xfB, b.center);
  EXPECT_EQ(cA, (Vec2{0, 0}));
  EXPECT_EQ(cB, (Vec2{1.25, 1}));
  EXPECT_EQ(a.radius, 1.0);
  EXPECT_EQ(b.radius, 0.75);
  // Step 2: d, d·d, |d|, n.
  const Vec2 d = cB - cA;
  EXPECT_EQ(dot(d, d), 2.5625);
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(*m.gaps.normal, std::sqrt(2.5625));
  expectQuoted(*m.gaps.normal, 1.600781);
  EXPECT_NEAR(m.normal.x, 1.25 / std::sqrt(2.5625), 1e-15);
  EXPECT_NEAR(m.normal.y, 1 / std::sqrt(2.5625), 1e-15);
  expectQuoted(m.normal, {0.780869, 0.624695});
  // Step 3: the separation, the two surface points, the point midway.
  EXPECT_NEAR(m.points[0].separation, std::sqrt(2.5625) - 1.75, 1e-15);
  expectQuoted(m.points[0].separation, -0.149219);
  expectQuoted(cA + a.radius * m.normal, {0.780869, 0.624695});
  expectQuoted(cB - b.radius * m.normal, {0.664348, 0.531479});
  expectQuoted(m.points[0].point, {0.722609, 0.578087});
  EXPECT_NEAR(m.points[0].point.x, 0.625 + 0.125 * m.normal.x, 1e-15);
  EXPECT_NEAR(m.points[0].point.y, 0.5 + 0.125 * m.normal.y, 1e-15);
  // Step 4: g = 2.5625 ≤ a² = 3.0625, contact 0.149219 inside the boundary.
  EXPECT_EQ(1.75 * 1.75, 3.0625);
  expectQuoted(*m.gaps.contact, 0.149219);
  // Source 000's solveCircle: the same normal, penetration ≈ 0.149219, the centres' midpoint.
  const auto post000 = s000::solveCircle(cA, a.radius, cB, b.radius);
  ASSERT_TRUE(post000);
  expectQuoted(post000->normal, {0.780869, 0.624695});
  expectQuoted(post000->penetration, 0.149219);
  EXPECT_EQ(post000->contact, (Vec2{0.625, 0.5}));
}

// ---- polygon-circle.md ------------------------------------------------------------------

/// Polygon–circle step 2 as the page tabulates it: face i's w_i = dot(c − v_i, m_i) and its
/// separation w_i/√g_i, m_i = rightPerp(v_{i+1} − v_i).
struct FaceSeparation {
  Vec2 m;
  double w = 0;
  double separation = 0;
};
std::vector<FaceSeparation> faceSeparations(const std::vector<Vec2>& v, Vec2 c) {
  std::vector<FaceSeparation> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Vec2 e = v[(i + 1) % v.size()] - v[i];
    const Vec2 m{e.y, -e.x};
    const double w = dot(c - v[i], m);
    out.push_back({m, w, w / std::sqrt(dot(m, m))});
  }
  return out;
}

TEST(DerivationPages, PolygonCircleVertexRegion) {
  // polygon-circle.md's first worked example, steps 1–6.
  const Case c = figureCase("polygon-circle-vertex-region");
  const std::vector<Vec2> v = world(c.a, c.xfA);
  const Circle& circle = std::get<Circle>(c.b);
  // Step 1.
  ASSERT_EQ(v, (std::vector<Vec2>{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}));
  const Vec2 centre = apply(c.xfB, circle.center);
  EXPECT_EQ(centre, (Vec2{1.75, 2}));
  EXPECT_EQ(circle.radius, 1.5);
  // Step 2: the table (m, w, w/√g per face); face 2 by 0.25 over face 1.
  const std::vector<FaceSeparation> faces = faceSeparations(v, centre);
  const std::vector<FaceSeparation> table{
      {{0, -2}, -6, -3}, {{2, 0}, 1.5, 0.75}, {{0, 2}, 2, 1}, {{-2, 0}, -5.5, -2.75}};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(faces[i].m, table[i].m) << i;
    EXPECT_EQ(faces[i].w, table[i].w) << i;
    EXPECT_EQ(faces[i].separation, table[i].separation) << i;
  }
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(*m.gaps.axis, 0.25);
  // Step 3: outside face 2 and beyond v2.
  EXPECT_EQ(dot(centre - v[2], v[3] - v[2]), -1.5);
  // Step 4: d = (0.75, 1), |d| = 1.25, the vertex's circle–circle construction.
  EXPECT_EQ(centre - v[2], (Vec2{0.75, 1}));
  EXPECT_EQ(*m.gaps.normal, 1.25);
  EXPECT_EQ(m.normal, (Vec2{0.6, 0.8}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  expectQuoted(centre - circle.radius * m.normal, {0.85, 0.8});
  EXPECT_EQ(m.points[0].point, (Vec2{0.925, 0.9}));
  EXPECT_EQ(m.points[0].id, fid(kVertex, 2, kVertex, 0));
  // Step 6: 0.25 inside the contact boundary.
  EXPECT_EQ(*m.gaps.contact, 0.25);

  // Source 000: face 2's distance 1 kept, the vertex branch's normal and point, the face's
  // penetration 1.5 − 1 = 0.5. Source 002: the same vertex (u1 = −1.5 ≤ 0).
  const auto post000 = s000::solvePolygonCircle(v, centre, circle.radius);
  ASSERT_TRUE(post000);
  EXPECT_EQ(post000->edgeIndex, 2);
  EXPECT_EQ(post000->normal, (Vec2{0.6, 0.8}));
  EXPECT_EQ(post000->contact, (Vec2{1, 1}));
  EXPECT_EQ(post000->penetration, 0.5);
  const auto post002 = s002::polygonAndCircle(s002::makePolygon(v), 0, centre, circle.radius);
  ASSERT_TRUE(post002);
  EXPECT_EQ(post002->region, s002::PolygonCircleResult::Region::vertex1);
  EXPECT_EQ(post002->normal, (Vec2{0.6, 0.8}));
  EXPECT_EQ(post002->point, (Vec2{1, 1}));
}

TEST(DerivationPages, PolygonCircleFaceRegion) {
  // polygon-circle.md's second worked example, steps 1–6.
  const Case c = figureCase("polygon-circle-face-region");
  const std::vector<Vec2> v = world(c.a, c.xfA);
  const Circle& circle = std::get<Circle>(c.b);
  const Vec2 centre = apply(c.xfB, circle.center);
  EXPECT_EQ(centre, (Vec2{1.25, 0.5}));
  EXPECT_EQ(circle.radius, 0.5);
  // Step 2: −1.5, 0.25, −0.5, −2.25; face 1 (m = (2, 0), w = 0.5) by 0.75 over face 2.
  const std::vector<FaceSeparation> faces = faceSeparations(v, centre);
  EXPECT_EQ(faces[0].separation, -1.5);
  EXPECT_EQ(faces[1].separation, 0.25);
  EXPECT_EQ(faces[2].separation, -0.5);
  EXPECT_EQ(faces[3].separation, -2.25);
  EXPECT_EQ(faces[1].m, (Vec2{2, 0}));
  EXPECT_EQ(faces[1].w, 0.5);
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(*m.gaps.axis, 0.75);
  // Step 3: between the ends.
  EXPECT_EQ(dot(centre - v[1], v[2] - v[1]), 3);
  EXPECT_EQ(dot(centre - v[2], v[1] - v[2]), 1);
  // Step 5: the face region's normal, separation and point.
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].point, (Vec2{0.875, 0.5}));
  EXPECT_EQ(m.points[0].id, fid(kFace, 1, kVertex, 0));
  EXPECT_EQ(*m.gaps.contact, 0.25);

  // Source 000: c + r·n, the far side; penetration 0.25. Source 002: the face's midpoint.
  const auto post000 = s000::solvePolygonCircle(v, centre, circle.radius);
  ASSERT_TRUE(post000);
  EXPECT_EQ(post000->edgeIndex, 1);
  EXPECT_EQ(post000->contact, (Vec2{1.75, 0.5}));
  EXPECT_EQ(post000->penetration, 0.25);
  const auto post002 = s002::polygonAndCircle(s002::makePolygon(v), 0, centre, circle.radius);
  ASSERT_TRUE(post002);
  EXPECT_EQ(post002->region, s002::PolygonCircleResult::Region::face);
  EXPECT_EQ(post002->point, (Vec2{1, 0}));
}

// ---- polygon-polygon.md -----------------------------------------------------------------

TEST(DerivationPages, PolygonPolygonSinglePointClip) {
  // A's top face (−0.25) is the reference, B's edge 0 incident. touche: one point. Source 000:
  // two, the second where the edge crosses the face. Source 002 (no face clip, a separation
  // filter): one, (0, 0.25), raw separation −0.25.
  const Case c = figureCase("polygon-polygon-single-point-clip");
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.pointCount, 1) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].point, (Vec2{0, 0.375}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 0));

  const auto post000 = s000::solvePolygon(world(c.a, c.xfA), world(c.b, c.xfB));
  ASSERT_TRUE(post000);
  ASSERT_EQ(post000->contact.size(), 2u);
  EXPECT_EQ(post000->contact[1], (Vec2{0.5, 0.5}));

  const auto post002 = s002::collidePolygons(s002::makePolygon(world(c.a, c.xfA)), 0,
                                             s002::makePolygon(world(c.b, c.xfB)), 0);
  ASSERT_TRUE(post002);
  EXPECT_FALSE(post002->flip);
  EXPECT_EQ(post002->edge, 2);
  EXPECT_EQ(post002->incident, 0);
  ASSERT_EQ(post002->points.size(), 1u);
  EXPECT_EQ(post002->points[0], (Vec2{0, 0.25}));
  EXPECT_EQ(post002->separations[0], -0.25);
}

TEST(DerivationPages, PolygonPolygonClipTwoPoints) {
  // A = unit box, B = (0, 0.75), (2, 1), (2, 1.5), (0, 1.5). A's face 2 (y = 1, from v2 = (1, 1)
  // to v3 = (−1, 1)) separates by −0.25; B's best face by −0.75/√4.0625 ≈ −0.372. Incident:
  // B's edge 0, (0, 0.75) → (2, 1). Along the tangent e = v3 − v2 = (−2, 0) (scaled by |e|):
  // the face spans [0, 4], the incident vertices sit at 2 and −2; the lower end is clipped at
  // t = (0 − (−2))/(2 − (−2)) = ½: (1, 0.875). Points midway to y = 1: (1, 0.9375) at −0.125,
  // named (vertex 2, B's face 0), then (0, 0.875) at −0.25, (face 2, vertex 0).
  const Case c = figureCase("polygon-polygon-clip-two-points");
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.pointCount, 2) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].point, (Vec2{1, 0.9375}));
  EXPECT_EQ(m.points[0].separation, -0.125);
  EXPECT_EQ(m.points[0].id, fid(kVertex, 2, kFace, 0));
  EXPECT_EQ(m.points[1].point, (Vec2{0, 0.875}));
  EXPECT_EQ(m.points[1].separation, -0.25);
  EXPECT_EQ(m.points[1].id, fid(kFace, 2, kVertex, 0));
  EXPECT_NEAR(*m.gaps.axis, -0.25 + 0.75 / std::sqrt(4.0625), 1e-15);

  // Source 000: the side clip through v2 keeps (0, 0.75) (p1 = 1) and appends the crossing at
  // p1/(p1 − p2) = 1/(1 − (−1)) = ½; the face clip keeps both; one penetration, 0.25.
  const auto post000 = s000::solvePolygon(world(c.a, c.xfA), world(c.b, c.xfB));
  ASSERT_TRUE(post000);
  EXPECT_EQ(post000->incidentEdge, 0);
  ASSERT_EQ(post000->contact.size(), 2u);
  EXPECT_EQ(post000->contact[0], (Vec2{0, 0.75}));
  EXPECT_EQ(post000->contact[1], (Vec2{1, 0.875}));
  EXPECT_EQ(post000->penetration, 0.25);
  // Source 002: the same two points, separations −0.25 and −0.125.
  const auto post002 = s002::collidePolygons(s002::makePolygon(world(c.a, c.xfA)), 0,
                                             s002::makePolygon(world(c.b, c.xfB)), 0);
  ASSERT_TRUE(post002);
  ASSERT_EQ(post002->points.size(), 2u);
  EXPECT_EQ(post002->points[0], (Vec2{0, 0.75}));
  EXPECT_EQ(post002->points[1], (Vec2{1, 0.875}));
  EXPECT_EQ(post002->separations[0], -0.25);
  EXPECT_EQ(post002->separations[1], -0.125);
}

/// Polygon–polygon step 2 as the page quotes it: face i of P against Q,
/// s_i = min over j of dot(q_j − p_i, m_i)/√g_i.
std::vector<double> satSeparations(const std::vector<Vec2>& p, const std::vector<Vec2>& q) {
  std::vector<double> out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Vec2 e = p[(i + 1) % p.size()] - p[i];
    const Vec2 m{e.y, -e.x};
    double least = std::numeric_limits<double>::infinity();
    for (const Vec2 x : q)
      least = std::min(least, dot(x - p[i], m));
    out.push_back(least / std::sqrt(dot(m, m)));
  }
  return out;
}

TEST(DerivationPages, PolygonPolygonClipTwoPointsStepByStep) {
  // The intermediate numbers of polygon-polygon.md's first worked example, steps 2–6.
  const Case c = figureCase("polygon-polygon-clip-two-points");
  const std::vector<Vec2> a = world(c.a, c.xfA), b = world(c.b, c.xfB);
  // Step 2: A's faces −2.5, −1, −0.25, −3; B's faces −0.75/√4.0625 ≈ −0.372, −3, −2.5, −1.
  EXPECT_EQ(satSeparations(a, b), (std::vector<double>{-2.5, -1, -0.25, -3}));
  const std::vector<double> sB = satSeparations(b, a);
  EXPECT_EQ(b[1] - b[0], (Vec2{2, 0.25}));  // m = rightPerp = (0.25, −2), g = 4.0625
  EXPECT_NEAR(sB[0], -0.75 / std::sqrt(4.0625), 1e-15);
  EXPECT_NEAR(sB[0], -0.372, 5e-4);
  EXPECT_EQ((std::vector<double>{sB[1], sB[2], sB[3]}), (std::vector<double>{-3, -2.5, -1}));
  // Step 4: dot(n, B's unit normals): −2/√4.0625 ≈ −0.992, 0, 1, 0 for faces 0–3.
  const s002::Polygon q = s002::makePolygon(b);
  EXPECT_NEAR(dot(Vec2{0, 1}, q.normals[0]), -2 / std::sqrt(4.0625), 1e-15);
  EXPECT_NEAR(dot(Vec2{0, 1}, q.normals[0]), -0.992, 5e-4);
  EXPECT_EQ(dot(Vec2{0, 1}, q.normals[1]), 0);
  EXPECT_EQ(dot(Vec2{0, 1}, q.normals[2]), 1);
  EXPECT_EQ(dot(Vec2{0, 1}, q.normals[3]), 0);
  // Step 6: v11 = (1, 1), e = (−2, 0), e·e = 4; t(v21) = 2, t(v22) = −2; u = ½ from v22 toward
  // v21: (1, 0.875).
  const Vec2 v11 = a[2], e = a[3] - a[2];
  EXPECT_EQ(dot(e, e), 4);
  EXPECT_EQ(dot(b[0] - v11, e), 2);
  EXPECT_EQ(dot(b[1] - v11, e), -2);
  const double u = (0 - -2.0) / (2 - -2.0);
  EXPECT_EQ(u, 0.5);
  EXPECT_EQ(b[1] + u * (b[0] - b[1]), (Vec2{1, 0.875}));
}

TEST(DerivationPages, PolygonPolygonSinglePointClipStepByStep) {
  // The page's numbers: A's top face separates by −0.25; along −n from the face the incident
  // vertices project to p1 = 0.25 and p2 = −0.25 (source 000's third clipEdge), crossing at ½.
  const Case c = figureCase("polygon-polygon-single-point-clip");
  const std::vector<Vec2> a = world(c.a, c.xfA), b = world(c.b, c.xfB);
  EXPECT_EQ(satSeparations(a, b)[2], -0.25);
  const Vec2 down{0, -1};
  const double p1 = dot(b[0], down) - dot(a[2], down), p2 = dot(b[1], down) - dot(a[2], down);
  EXPECT_EQ(p1, 0.25);
  EXPECT_EQ(p2, -0.25);
  EXPECT_EQ(s000::clipEdge({b[0], b[1]}, down, a[2]), (std::vector<Vec2>{{0, 0.25}, {0.5, 0.5}}));
}

TEST(DerivationPages, PolygonPolygonVertexVertex) {
  // Rounded boxes (core half-extent 1, radius 0.25), B's core at (2.25, 2.25). Cores apart:
  // A's faces 1 and 2 both separate by 0.25 (tie → face 1), incident B's face 3. Step 5: the
  // closest points of the two edges are A's vertex 2 (1, 1) and B's vertex 0 (1.25, 1.25):
  // one point, normal (1, 1)/√2, separation √0.125 − 0.5 ≈ −0.1464, midway (1.125, 1.125).
  const Case c = figureCase("polygon-polygon-vertex-vertex");
  const std::vector<double> sA = satSeparations(world(c.a, c.xfA), world(c.b, c.xfB));
  const std::vector<double> sB = satSeparations(world(c.b, c.xfB), world(c.a, c.xfA));
  EXPECT_EQ(sA[1], 0.25);
  EXPECT_EQ(sA[2], 0.25);
  EXPECT_EQ(sB[0], 0.25);
  EXPECT_EQ(sB[3], 0.25);
  EXPECT_EQ(*std::max_element(sA.begin(), sA.end()), 0.25);
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.pointCount, 1) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{std::sqrt(0.5), std::sqrt(0.5)}));
  EXPECT_NEAR(m.points[0].separation, std::sqrt(0.125) - 0.5, 1e-15);
  EXPECT_EQ(m.points[0].point, (Vec2{1.125, 1.125}));
  EXPECT_EQ(m.points[0].id, fid(kVertex, 2, kVertex, 0));

  // Source 002 extends the side planes by the radii: its hysteresis gives B's face 0 (0.25 >
  // 0.98·0.25 + 0.001), A's top edge is clipped to x ≥ 1.25 − 0.5 and both ends (1, 1) and
  // (0.75, 1) are kept at separation 0.25 − 0.5 = −0.25 along (0, −1).
  const auto post002 = s002::collidePolygons(s002::makePolygon(world(c.a, c.xfA)), 0.25,
                                             s002::makePolygon(world(c.b, c.xfB)), 0.25);
  ASSERT_TRUE(post002);
  EXPECT_TRUE(post002->flip);
  EXPECT_EQ(post002->edge, 0);
  EXPECT_EQ(post002->incident, 2);
  EXPECT_EQ(post002->normal, (Vec2{0, -1}));
  ASSERT_EQ(post002->points.size(), 2u);
  EXPECT_EQ(post002->points[0], (Vec2{1, 1}));
  EXPECT_EQ(post002->points[1], (Vec2{0.75, 1}));
  EXPECT_EQ(post002->separations[0], -0.25);
  EXPECT_EQ(post002->separations[1], -0.25);
}

TEST(DerivationPages, IncidentEdgeRulesOfSources000And002Agree) {
  // Source 000: the support vertex against the reference normal n, then of its two edges the
  // one more perpendicular to n. Source 002: the edge whose normal is most anti-parallel to n.
  // Same edge on 20 000 seeded convex polygons and directions, away from exact ties.
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> u(-1, 1);
  int compared = 0;
  while (compared < 20000) {
    const int n = 3 + static_cast<int>(rng() % 6);
    const double turn = 3 * u(rng);
    std::vector<Vec2> p;
    for (int i = 0; i < n; ++i) {
      const double angle = turn + 2 * std::numbers::pi * (i + 0.4 * u(rng)) / n;
      const double radius = 1 + 0.3 * u(rng);
      p.push_back({radius * std::cos(angle), radius * std::sin(angle)});
    }
    const double phi = 4 * u(rng);
    const Vec2 normal{std::cos(phi), std::sin(phi)};
    const s002::Polygon q = s002::makePolygon(p);
    bool convex = true;
    std::vector<double> alignment;
    for (int i = 0; i < n; ++i) {
      convex = convex && cross(p[(i + 1) % n] - p[i], p[(i + 2) % n] - p[(i + 1) % n]) > 1e-3;
      alignment.push_back(dot(normal, q.normals[i]));
    }
    std::vector<double> sorted = alignment;
    std::sort(sorted.begin(), sorted.end());
    const int support = s000::farthestPointIndex(p, -normal);
    bool supportTie = false;
    for (int i = 0; i < n; ++i) {
      supportTie = supportTie || (i != support && dot(p[support] - p[i], -normal) < 1e-9);
    }
    if (!convex || sorted[1] - sorted[0] < 1e-9 || supportTie) continue;
    ++compared;
    const int rule000 = (s000::incidentEdgeIndex(p, support, normal) + n) % n;
    s002::Polygon reference;  // only its face 0's normal is read
    reference.normals = {normal};
    ASSERT_EQ(rule000, s002::findIncidentEdge(reference, 0, q)) << compared;
  }
}

// ---- capsule.md -------------------------------------------------------------------------

TEST(DerivationPages, CapsuleCircle) {
  // Core (−1, 0) → (1, 0), radius 0.25; circle r = 0.5 at (0.5, 0.5): dot(c − p1, e) = 3 ∈
  // (0, e·e = 4), closest core point p1 + ¾·e = (0.5, 0); normal (0, 1), separation
  // 0.5 − 0.25 − 0.5 = −0.25, point midway between y = 0.25 and y = 0: (0.5, 0.125).
  const Manifold m = collideCase(figureCase("capsule-circle"));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].point, (Vec2{0.5, 0.125}));
}

TEST(DerivationPages, CapsuleCapsuleParallel) {
  // Cores (−2, 0)–(2, 0) and (−1, 0.75)–(1, 0.75), radii 0.5: the SAT sides tie at 0.75 → A;
  // B's core lies within A's extent: points above (−1, 0) and (1, 0), midway between y = 0.5
  // and y = 0.25, separation 0.75 − 1 = −0.25.
  const Manifold m = collideCase(figureCase("capsule-capsule-parallel"));
  ASSERT_EQ(m.pointCount, 2) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].point, (Vec2{-1, 0.375}));
  EXPECT_EQ(m.points[1].point, (Vec2{1, 0.375}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[1].separation, -0.25);
}

// ---- chain-segment.md -------------------------------------------------------------------

TEST(DerivationPages, ChainCircleCorner) {
  // Chain (−2, 0) → (2, 0), ghosts (−3, 1) and (3, −1); circle r = 0.75 at (−2.25, −0.5).
  // C1: offset = dot((0, −4), c − p1) = 2 ≥ 0, in front. C2: v = dot(e, c − p1) = −1 ≤ 0, p1's
  // region; dot(p1 − ghost1, c − p1) = (1, −1)·(−0.25, −0.5) = 0.25 > 0: this segment owns it.
  // C3: normal (c − p1)/|c − p1| = (−1, −2)/√5. C4: separation √0.3125 − 0.75 ≈ −0.1910.
  // Source 002 (hasVertex0): dot(A − A0, A − Q) = −0.25 ≤ 0, region A is this edge's too.
  const Case c = figureCase("chain-circle-corner");
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_NEAR(m.normal.x, -1 / std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(m.normal.y, -2 / std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(m.points[0].separation, std::sqrt(0.3125) - 0.75, 1e-15);
  EXPECT_EQ(m.points[0].id, fid(kVertex, 0, kVertex, 0));
  const auto post =
      s002::edgeAndCircle({-2, 0}, {2, 0}, {-2.25, -0.5}, 0.75, Vec2{-3, 1}, Vec2{3, -1});
  ASSERT_TRUE(post);
  EXPECT_EQ(post->region, s002::EdgeCircleResult::Region::A);
}

TEST(DerivationPages, ChainCircleBehind) {
  // C1's figure: the same chain, the circle r = 0.75 at (0.5, 0.5). offset = dot((0, −4),
  // (2.5, 0.5)) = −2 < 0: behind the one-sided segment, no contact, although the circle reaches
  // 0.25 past the line. Source 002's two-sided edge answers from the back: region AB, P the
  // foot (0.5, 0).
  const Case c = figureCase("chain-circle-behind");
  EXPECT_EQ(collideCase(c).status, Status::noContact);
  const auto post =
      s002::edgeAndCircle({-2, 0}, {2, 0}, {0.5, 0.5}, 0.75, Vec2{-3, 1}, Vec2{3, -1});
  ASSERT_TRUE(post);
  EXPECT_EQ(post->region, s002::EdgeCircleResult::Region::AB);
  EXPECT_EQ(post->closest, (Vec2{0.5, 0}));
}

TEST(DerivationPages, ChainBox) {
  // The unit box at (0.25, −0.5) turned by 0.3 rad: corner 2 = xfB·(0.5, 0.5) lies
  // y2 = −0.5 + 0.5·(sin 0.3 + cos 0.3) ≈ 0.12543 above the line, behind the segment. The
  // segment's face is the reference (normal (0, −1)); one point midway, (x2, y2/2), separation
  // −y2 ≈ −0.12543, id (face 0, vertex 2).
  const Case c = figureCase("chain-box");
  const Manifold m = collideCase(c);
  ASSERT_EQ(m.pointCount, 1) << describe(m);
  const Vec2 corner = apply(c.xfB, Vec2{0.5, 0.5});
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  EXPECT_NEAR(m.points[0].separation, -corner.y, 1e-15);
  EXPECT_NEAR(m.points[0].separation, -0.12543, 1e-5);
  EXPECT_NEAR(m.points[0].point.x, corner.x, 1e-15);
  EXPECT_NEAR(m.points[0].point.y, corner.y / 2, 1e-15);
  EXPECT_NEAR(m.points[0].point.x, 0.5799, 1e-4);
  EXPECT_EQ(m.points[0].id, fid(kFace, 0, kVertex, 2));
  // P5: n1's −0.12543 against n0's ≈ −1.913 (box corner 2 from p1 along (−1, −1)/√2).
  EXPECT_NEAR(*m.gaps.axis, -0.12543 + 1.913, 1e-3);
  // P6: the faces at vertex 2 align with n1 by −sin 0.3 and −cos 0.3: face 2 is incident.
  EXPECT_NEAR(*m.gaps.incident, c.xfB.q.c - c.xfB.q.s, 1e-15);
  // P6: the two faces' unit normals (cos 0.3, sin 0.3) and (−sin 0.3, cos 0.3) against (0, −1):
  // −0.296 and −0.955.
  EXPECT_NEAR(-std::sin(0.3), -0.296, 5e-4);
  EXPECT_NEAR(-std::cos(0.3), -0.955, 5e-4);
  EXPECT_EQ(c.xfB.q.s, std::sin(0.3));
  // Corner 2 at (0.5799, 0.12543); the dropped corner 3 at (−0.3754, −0.1701), in front by
  // ≈ 0.1701.
  EXPECT_NEAR(corner.x, 0.5799, 5e-5);
  EXPECT_NEAR(corner.y, 0.12543, 5e-6);
  EXPECT_NEAR(apply(c.xfB, Vec2{-0.5, 0.5}).x, -0.3754, 5e-5);
  EXPECT_NEAR(apply(c.xfB, Vec2{-0.5, 0.5}).y, -0.1701, 5e-5);
  EXPECT_NEAR(m.points[0].point.y, 0.0627, 5e-5);
}

TEST(DerivationPages, ChainBoxInSource002) {
  // P1–P6's "Source 002" paragraphs: b2EPCollider (hasVertex0 and hasVertex3) on chain-box.
  const Case c = figureCase("chain-box");
  const ChainSegment& chain = std::get<ChainSegment>(c.a);
  const s002::Polygon b = s002::makePolygon(world(c.b, c.xfB));
  const s002::EPResult post = s002::epCollide(chain.p1, chain.p2, chain.ghost1, chain.ghost2, b);
  const double h = 1 / std::sqrt(2.0);
  // P1: unit edges; cross(edge0, edge1) = 4/(4√2) ≥ 0: convex; cross(edge1, edge2) < 0: concave.
  EXPECT_NEAR(post.sine1, h, 1e-15);
  EXPECT_NEAR(post.sine2, -h, 1e-15);
  EXPECT_TRUE(post.convex1);
  EXPECT_FALSE(post.convex2);
  EXPECT_NEAR(post.normal0.x, -h, 1e-15);
  EXPECT_NEAR(post.normal0.y, -h, 1e-15);
  EXPECT_EQ(post.normal1, (Vec2{0, -1}));
  // P2: offset0 = −1.75/√2 ≈ −1.2374, offset1 = 0.5, offset2 = 2.25/√2 ≈ 1.5910; convex1 only:
  // front = offset0 ≥ 0 || (offset1 ≥ 0 && offset2 ≥ 0); limits n0 (lower) and n1 (upper).
  EXPECT_NEAR(post.offset0, -1.2374, 5e-5);
  EXPECT_NEAR(post.offset1, 0.5, 1e-15);
  EXPECT_NEAR(post.offset2, 1.5910, 5e-5);
  EXPECT_TRUE(post.front);
  EXPECT_EQ(post.normal, post.normal1);
  EXPECT_EQ(post.lowerLimit, post.normal0);
  EXPECT_EQ(post.upperLimit, post.normal1);
  // P5: ComputeEdgeSeparation −0.12543; ComputePolygonSeparation sets every face of B aside
  // (face 2, the nearest, by cos 0.3 − 1 ≈ −0.0447 < −b2_angularSlop ≈ −0.0349): no polygon
  // axis, the edge is the primary axis.
  EXPECT_NEAR(post.edgeAxis.separation, -0.12543, 5e-6);
  ASSERT_EQ(post.polygonFaces.size(), 4u);
  for (const s002::EPPolygonFace& face : post.polygonFaces)
    EXPECT_TRUE(face.outsideLimits);
  EXPECT_NEAR(post.polygonFaces[2].limitTest, std::cos(0.3) - 1, 1e-15);
  EXPECT_NEAR(post.polygonFaces[2].limitTest, -0.0447, 5e-5);
  EXPECT_NEAR(s002::kAngularSlop, 0.0349, 5e-5);
  EXPECT_NEAR(post.polygonFaces[2].separation, -0.5395, 5e-5);
  EXPECT_EQ(post.polygonAxis.type, s002::EPAxis::Type::unknown);
  EXPECT_EQ(post.primaryAxis.type, s002::EPAxis::Type::edgeA);
  // P6: the incident edge is face 2 (least dot with (0, −1): −0.955); both ends lie within the
  // side planes; corner 3 is 0.1701 in front (> m_radius = 0.02): one point, corner 2 itself
  // (on B, not midway), separation −0.12543, id (face 0, vertex 2).
  EXPECT_EQ(post.incidentIndex, 2);
  EXPECT_EQ(s002::kEPRadius, 0.02);
  ASSERT_EQ(post.points.size(), 1u);
  const Vec2 corner = apply(c.xfB, Vec2{0.5, 0.5});
  EXPECT_NEAR(post.points[0].v.x, corner.x, 1e-15);
  EXPECT_NEAR(post.points[0].v.y, corner.y, 1e-15);
  EXPECT_NEAR(post.points[0].separation, -0.12543, 5e-6);
  using Type = s002::ContactFeature::Type;
  EXPECT_EQ(post.points[0].id, (s002::ContactFeature{Type::face, 0, Type::vertex, 2}));
}

TEST(DerivationPages, ChainCorners) {
  // P4 at a convex corner (next piece rising to (2, 1)). Admitted: p2 and the rounded
  // triangle's vertex 0 are 0.559 apart along (1, −2)/√5, inside p2's cone; one point,
  // separation √0.3125 − 0.75. Skipped: the rounded box's left face is 0.25 from p2 along
  // (1, 0), outside the cone: no contact.
  const Manifold admitted = collideCase(figureCase("chain-corner-admitted"));
  ASSERT_EQ(admitted.status, Status::contact) << describe(admitted);
  EXPECT_NEAR(admitted.normal.x, 1 / std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(admitted.normal.y, -2 / std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(admitted.points[0].separation, std::sqrt(0.3125) - 0.75, 1e-15);
  EXPECT_EQ(admitted.points[0].id, fid(kVertex, 1, kVertex, 0));
  // The page's arithmetic on the committed cases: the corner at p2 turns left by
  // cross(e, edge2) = 2, n2 = rightPerp(edge2) = (1, −1); p2 to the triangle's vertex 0 is
  // (0.25, −0.5), 0.559 long, and cross(n2, (0.25, −0.5)) = −0.25 ≤ 0: inside the cone.
  const Case admittedCase = figureCase("chain-corner-admitted");
  const ChainSegment& corner = std::get<ChainSegment>(admittedCase.a);
  const Vec2 e = corner.p2 - corner.p1, edge2 = corner.ghost2 - corner.p2;
  EXPECT_EQ(cross(e, edge2), 2.0);
  const Vec2 n2{edge2.y, -edge2.x};
  EXPECT_EQ(n2, (Vec2{1, -1}));
  const Vec2 toVertex = world(admittedCase.b, admittedCase.xfB)[0] - corner.p2;
  EXPECT_EQ(toVertex, (Vec2{0.25, -0.5}));
  EXPECT_NEAR(std::hypot(toVertex.x, toVertex.y), 0.559, 5e-4);
  EXPECT_EQ(cross(n2, toVertex), -0.25);
  // Skipped: the box's left face x = 1.25 is 0.25 from p2 (p2.y = 0 within its extent
  // [−0.375, 0.125]); its reversed normal (1, 0) gives cross(n2, (1, 0)) = 1 > 0: outside; the
  // rounded box (radius 0.5) reaches 0.25 past p2.
  const Case skipped = figureCase("chain-corner-skipped");
  const std::vector<Vec2> box = world(skipped.b, skipped.xfB);
  EXPECT_EQ(box[0].x - corner.p2.x, 0.25);
  EXPECT_LE(box[0].y, 0.0);
  EXPECT_GE(box[3].y, 0.0);
  EXPECT_EQ(cross(n2, Vec2{1, 0}), 1.0);
  EXPECT_EQ(std::get<Polygon>(skipped.b).radius - (box[0].x - corner.p2.x), 0.25);
  EXPECT_EQ(collideCase(skipped).status, Status::noContact);
  // The same box against the chain's own segment alone (no neighbour to own it) touches.
  const ChainSegment& chain = std::get<ChainSegment>(skipped.a);
  EXPECT_EQ(collide(Segment{chain.p1, chain.p2}, skipped.xfA, skipped.b, skipped.xfB).status,
            Status::contact);
}

// ---- ngon.md ----------------------------------------------------------------------------

TEST(DerivationPages, NgonFiguresOnTheVoronoiPath) {
  // The Voronoi path's manifolds for ngon.md's figures: the hexagon case on face 0
  // (separation ≈ 0.3 − 0.5), the triangle's face 1 tangent exactly, the corner case 0.9985
  // from vertex (2, 0) (separation ≈ −0.0015).
  const Manifold hexagon = collideCase(figureCase("ngon-hexagon-corner"));
  ASSERT_EQ(hexagon.status, Status::contact);
  EXPECT_EQ(hexagon.points[0].id, fid(kFace, 0, kVertex, 0));
  EXPECT_NEAR(hexagon.points[0].separation, -0.2, 0.002);
  // The circle's centre 0.356 rad from the x axis, before the split ray through v0 + 0.5·n̂0
  // (v0 at 0.2 rad, n̂0 at 0.2 + π/6): 0.373 rad.
  const Vec2 centre = apply(figureCase("ngon-hexagon-corner").xfB, Vec2{0, 0});
  EXPECT_NEAR(std::atan2(centre.y, centre.x), 0.356, 5e-4);
  const double normalAngle = 0.2 + std::numbers::pi / 6;
  const Vec2 w{std::cos(0.2) + 0.5 * std::cos(normalAngle),
               std::sin(0.2) + 0.5 * std::sin(normalAngle)};
  EXPECT_NEAR(std::atan2(w.y, w.x), 0.373, 5e-4);
  const Manifold tangent = collideCase(figureCase("ngon-triangle-face-tangent"));
  ASSERT_EQ(tangent.status, Status::contact);
  EXPECT_EQ(tangent.points[0].id, fid(kFace, 1, kVertex, 0));
  EXPECT_EQ(tangent.points[0].separation, 0.0);
  const Manifold corner = collideCase(figureCase("ngon-corner-not-linear"));
  ASSERT_EQ(corner.status, Status::contact);
  EXPECT_EQ(corner.points[0].id, fid(kVertex, 0, kVertex, 0));
  EXPECT_NEAR(corner.points[0].separation, std::hypot(0.87, 0.49) - 1, 1e-15);
  // |p − v0| = 0.9985 < 1 and |p| = 2.9115 (the errata's numbers for this figure).
  EXPECT_NEAR(std::hypot(0.87, 0.49), 0.9985, 5e-5);
  EXPECT_NEAR(std::hypot(2.87, 0.49), 2.9115, 5e-5);
}

}  // namespace
}  // namespace touche::reference::testing
