#!/usr/bin/env python3
"""Labels Box2D 2.4.1's edge–polygon disagreements with the reference by the branch that made them.

    python3 oracle/tools/explain_edge_polygon.py OUT/chainSegment_polygon.validate.txt
    python3 oracle/tools/explain_edge_polygon.py OUT/segment_polygon.validate.txt

Reads a `touche validate` report of engine box2d (oracle/tools/run_box2d_study.sh) and, for every
case where Box2D 2.4.1 and the reference (Box2D v3 semantics) disagree, retraces in double the
decisions of 2.4.1's b2CollideEdgeAndPolygon (b2_collide_edge.cpp) in the edge's frame, as read
off its source for conventions: the one-sided test of B's centroid against the segment line; the
best of the two edge axes ±n1 and the best polygon axis, each against the total radius; the
0.98/0.001 hysteresis between them; for a one-sided edge the Gauss-map test at the corner the
normal leans towards (skip beyond a convex corner by a sine above sinTol = 0.1, snap to the edge
axis at a concave one); clipping against the reference face's side planes (not extended by the
radius), which gives up unless two points survive each side. Labels, one per case:

  centroid behind line      2.4.1 returned at its one-sided test: B's centroid is behind the
                            segment line (v3 also asks the convex neighbours' lines)
  skipped by Gauss map      2.4.1 skipped its normal beyond a convex corner
  clip lost                 fewer than two points survived a side plane (the contact was at or
                            beyond the reference face's end, e.g. a rounded corner)
  back-side normal          the normal is −n1 on a one-sided edge: 2.4.1 scores both edge axes
                            (with no contact: the back-side axis then lost its clip points)
  clip id names a vertex    (wrong-id) the incident edge was clipped at both of the edge's ends
                            and the second point's face is the incident's second vertex index
  hysteresis                the edge axis was kept although B's axis separates more
  snapped to edge axis      a one-sided edge's concave corner replaced B's axis by the edge's
  rounded, cores apart      B is rounded and apart from the segment (face axes only, as in
                            polygon–polygon)
  convex-corner ownership   (reference no contact) 2.4.1 kept a contact v3 leaves to the convex
                            neighbour: the normal is within sinTol of the cone, or a neighbour's
                            axis separates B more than the segment's own
  retrace differs           the double retrace does not reproduce Box2D's float answer
Prints the counts per outcome and label, and one case id per (outcome, label).
"""
import collections
import json
import math
import sys


def num(x):
    return float.fromhex(x) if isinstance(x, str) else float(x)


def vec(p):
    return [num(p[0]), num(p[1])]


def rot(q, v):
    return [q[0] * v[0] - q[1] * v[1], q[1] * v[0] + q[0] * v[1]]


def rot_t(q, v):
    return [q[0] * v[0] + q[1] * v[1], -q[1] * v[0] + q[0] * v[1]]


def sub(a, b):
    return [a[0] - b[0], a[1] - b[1]]


def neg(a):
    return [-a[0], -a[1]]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def unit(v):
    n = math.hypot(v[0], v[1])
    return [v[0] / n, v[1] / n] if n > 0 else [0.0, 0.0]


def right(e):
    return [e[1], -e[0]]


def rotation(xf):
    if "q" in xf:
        return vec(xf["q"])
    a = num(xf["angle"])
    return [math.cos(a), math.sin(a)]


def area_centroid(vs):
    o = vs[0]
    area, cx, cy = 0.0, 0.0, 0.0
    for i in range(1, len(vs) - 1):
        e1, e2 = sub(vs[i], o), sub(vs[i + 1], o)
        t = 0.5 * cross(e1, e2)
        area += t
        cx += t / 3 * (e1[0] + e2[0])
        cy += t / 3 * (e1[1] + e2[1])
    return [o[0] + cx / area, o[1] + cy / area]


def clip(points, normal, offset):
    """Keeps the points with dot(normal, p) <= offset, adding the crossing (b2ClipSegmentToLine)."""
    d = [dot(normal, p) - offset for p in points]
    out = [p for p, di in zip(points, d) if di <= 0]
    if d[0] * d[1] < 0:
        t = d[0] / (d[0] - d[1])
        out.append([points[0][0] + t * (points[1][0] - points[0][0]),
                    points[0][1] + t * (points[1][1] - points[0][1])])
    return out


class Retrace:
    """2.4.1's decisions for one case, in A's frame; `branch` says where it ended."""

    def __init__(self, c):
        a, b = c["a"], c["b"]
        qa, pa = rotation(c["xfA"]), vec(c["xfA"]["p"])
        qb, pb = rotation(c["xfB"]), vec(c["xfB"]["p"])

        def in_a(v):
            w = rot(qb, vec(v))
            return rot_t(qa, sub([w[0] + pb[0], w[1] + pb[1]], pa))

        self.qa = qa
        self.one_sided = a["type"] == "chainSegment"
        self.v1, self.v2 = vec(a["p1"]), vec(a["p2"])
        self.vs = [in_a(v) for v in b["vertices"]]
        n = len(self.vs)
        self.normals = [right(unit(sub(self.vs[(i + 1) % n], self.vs[i]))) for i in range(n)]
        self.radius = num(b.get("radius", 0))
        self.e1 = unit(sub(self.v2, self.v1))
        self.n1 = right(self.e1)
        self.hysteresis = self.snapped = False
        self.normal = None
        self.branch = self.run(a)

    def run(self, a):
        v1, v2, vs, r = self.v1, self.v2, self.vs, self.radius
        if self.one_sided and dot(self.n1, sub(area_centroid(vs), v1)) < 0:
            return "centroid behind line"
        edge = max(((min(dot(ax, sub(v, v1)) for v in vs), ax) for ax in (self.n1, neg(self.n1))),
                   key=lambda t: t[0])
        if edge[0] > r:
            return "separated"
        poly = max(((min(dot(neg(m), sub(vs[i], v1)), dot(neg(m), sub(vs[i], v2))), i)
                    for i, m in enumerate(self.normals)), key=lambda t: t[0])
        if poly[0] > r:
            return "separated"
        use_poly = poly[0] - r > 0.98 * (edge[0] - r) + 0.001
        self.hysteresis = not use_poly and poly[0] > edge[0]
        normal = neg(self.normals[poly[1]]) if use_poly else edge[1]
        if self.one_sided:
            e0, e2 = unit(sub(v1, vec(a["ghost1"]))), unit(sub(vec(a["ghost2"]), v2))
            n0, n2 = right(e0), right(e2)
            if dot(normal, self.e1) <= 0:
                convex, s = cross(e0, self.e1) >= 0, cross(normal, n0)
            else:
                convex, s = cross(self.e1, e2) >= 0, cross(n2, normal)
            if convex and s > 0.1:
                return "skipped by Gauss map"
            if not convex:
                self.snapped = use_poly
                use_poly, normal = False, edge[1]
        self.normal = normal
        if use_poly:
            i1 = poly[1]
            i2 = (i1 + 1) % len(vs)
            ref_v1, ref_v2, ref_n = vs[i1], vs[i2], self.normals[i1]
            incident = [v2, v1]
            side1 = [ref_n[1], -ref_n[0]]
        else:
            i1 = min(range(len(vs)), key=lambda i: dot(normal, self.normals[i]))
            incident = [vs[i1], vs[(i1 + 1) % len(vs)]]
            ref_v1, ref_v2, ref_n = v1, v2, normal
            side1 = neg(self.e1)
        points = clip(incident, side1, dot(side1, ref_v1))
        if len(points) < 2:
            return "clip lost"
        points = clip(points, neg(side1), dot(neg(side1), ref_v2))
        if len(points) < 2:
            return "clip lost"
        if not any(dot(ref_n, sub(p, ref_v1)) <= r for p in points):
            return "no point within radius"
        return "contact"


def block_json(block, key):
    line = [l for l in block.split("\n") if l.strip().startswith(key + ": ")][0]
    return json.loads(line.strip()[len(key) + 2:])


def neighbour_owns(t, c):
    """v3's view: a convex neighbour's axis separates B more than the segment's own."""
    a = c["a"]
    if not t.one_sided:
        return False
    e0, e2 = unit(sub(t.v1, vec(a["ghost1"]))), unit(sub(vec(a["ghost2"]), t.v2))
    own = min(dot(t.n1, sub(v, t.v1)) for v in t.vs)
    for convex, n, p in ((cross(e0, t.e1) > 0, right(e0), t.v1),
                         (cross(t.e1, e2) > 0, right(e2), t.v2)):
        if convex and min(dot(n, sub(v, p)) for v in t.vs) > own:
            return True
    return False


def label(outcome, c, actual, expected):
    t = Retrace(c)
    box2d_contact = actual["status"] == "contact"
    if box2d_contact != (t.branch == "contact"):
        return "retrace differs"
    if not box2d_contact:
        back = t.normal is not None and t.one_sided and dot(t.normal, t.n1) < -0.999
        return "back-side normal" if back else t.branch
    normal = rot_t(t.qa, actual["normal"])
    if t.one_sided and dot(normal, t.n1) < -0.999:
        return "back-side normal"
    if outcome == "wrong-id":
        ids = [p["id"] for p in actual["points"]]
        clipped = [i for i in ids if i["typeA"] == "vertex" and i["typeB"] == "face"]
        if len(clipped) == 2 and clipped[0]["indexB"] != clipped[1]["indexB"]:
            return "clip id names a vertex"
    if outcome == "spurious-contact":
        return "convex-corner ownership"
    if t.radius > 0 and expected["status"] == "contact" and \
            min(p["separation"] for p in expected["points"]) > -t.radius:
        return "rounded, cores apart"
    if t.hysteresis:
        return "hysteresis"
    if t.snapped:
        return "snapped to edge axis"
    if neighbour_owns(t, c):
        return "convex-corner ownership"
    return "other"


def main():
    text = open(sys.argv[1]).read()
    counts = collections.Counter()
    example = {}
    for block in text.split("\n\n[")[1:]:
        lines = block.split("\n")
        if not lines[0].startswith("box2d]"):
            continue
        outcome = lines[1].split(":")[0]
        if outcome in ("agree", "agree-within-tie"):
            continue
        key = (outcome, label(outcome, block_json(block, "case"), block_json(block, "actual"),
                              block_json(block, "expected")))
        counts[key] += 1
        example.setdefault(key, lines[0].split("] ")[1])
    for key, n in sorted(counts.items()):
        print(f"{n:6d}  {key[0]:18s} {key[1]:24s} e.g. {example[key]}")


if __name__ == "__main__":
    main()
