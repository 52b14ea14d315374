#!/usr/bin/env python3
"""Labels Box2D 2.4.1's chain segment–polygon disagreements with the reference by mechanism.

    python3 oracle/tools/explain_chain_polygon.py OUT/chainSegment_polygon.validate.txt

Reads the `touche validate` report of a study (oracle/tools/run_box2d_study.sh), and for every
case Box2D 2.4.1 and the reference (Box2D v3 semantics) disagree on, re-derives in double the
quantities 2.4.1's b2CollideEdgeAndPolygon decides on (in the edge's frame): the centroid's
offsets from the segment line and its neighbours' lines, the convexity of both corners, which
of the two edge axes ±n1 wins, and the sine between the chosen normal and the neighbour normal
of the corner it leans towards. Labels (one per case, first that applies):

  back-side normal      the normal is −n1: 2.4.1 scores both edge axes, also on a one-sided
                        edge, and pushes the polygon through to the back
  centroid behind line  2.4.1 returns early because the centroid is behind the segment line,
                        while v3 keeps it because it is in front of a convex neighbour
  admitted by sinTol    the normal is outside the convex corner's cone by a sine within 2.4.1's
                        sinTol = 0.1 (v3 skips it: the neighbour owns it)
  neighbour axis best   a convex neighbour's axis separates B more than the segment's own: v3
                        leaves the contact to that neighbour, 2.4.1 never scores neighbour axes
  rounded, cores apart  B is rounded and its core is apart from the segment: v3 takes the
                        closest features' normal, 2.4.1 a face axis and unextended side planes
  admitted by sinTol ...  (as above, tested after these)
  skipped by 2.4.1      2.4.1's Gauss-map test skips the normal it chose; v3 chose another one
  other                 none of the above (hysteresis 0.98/0.001, ...)
Prints the counts per outcome and label, and one case id per (outcome, label).
"""
import collections
import json
import math
import sys


def vec(p):
    return [float.fromhex(x) if isinstance(x, str) else float(x) for x in p]


def rot(q, v):
    return [q[0] * v[0] - q[1] * v[1], q[1] * v[0] + q[0] * v[1]]


def rot_t(q, v):
    return [q[0] * v[0] + q[1] * v[1], -q[1] * v[0] + q[0] * v[1]]


def sub(a, b):
    return [a[0] - b[0], a[1] - b[1]]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def unit(v):
    n = math.hypot(v[0], v[1])
    return [v[0] / n, v[1] / n]


def right(e):
    return [e[1], -e[0]]


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


def case_of(block):
    line = [l for l in block.split("\n") if l.strip().startswith("case: ")][0]
    return json.loads(line.strip()[len("case: "):])


def manifold_of(block, key):
    line = [l for l in block.split("\n") if l.strip().startswith(key + ": ")][0]
    return json.loads(line.strip()[len(key) + 2:])


def label(c, actual, expected):
    a = c["a"]
    g1, p1, p2, g2 = vec(a["ghost1"]), vec(a["p1"]), vec(a["p2"]), vec(a["ghost2"])
    qa, pa = vec(c["xfA"]["q"]), vec(c["xfA"]["p"])
    qb, pb = vec(c["xfB"]["q"]), vec(c["xfB"]["p"])

    def in_a(v):  # a vertex of B in A's frame
        w = rot(qb, vec(v))
        return rot_t(qa, sub([w[0] + pb[0], w[1] + pb[1]], pa))

    vs = [in_a(v) for v in c["b"]["vertices"]]
    radius = float.fromhex(c["b"]["radius"]) if "radius" in c["b"] else 0.0
    centroid = area_centroid(vs)
    e1 = unit(sub(p2, p1))
    n1 = right(e1)
    e0, e2 = unit(sub(p1, g1)), unit(sub(g2, p2))
    n0, n2 = right(e0), right(e2)
    convex1, convex2 = cross(e0, e1) >= 0, cross(e1, e2) >= 0
    offset1 = dot(n1, sub(centroid, p1))
    offset0, offset2 = dot(n0, sub(centroid, p1)), dot(n2, sub(centroid, p2))
    if actual.get("status") == "contact":
        normal = rot_t(qa, actual["normal"])
        if dot(normal, n1) < -0.999:
            return "back-side normal"
    if offset1 < 0 and ((convex1 and offset0 >= 0) or (convex2 and offset2 >= 0)):
        return "centroid behind line"
    sep1 = min(dot(n1, sub(v, p1)) for v in vs)
    neighbours = [min(dot(unit(n), sub(v, p)) for v in vs)
                  for ok, n, p in ((convex1, n0, p1), (convex2, n2, p2)) if ok]
    if neighbours and max(neighbours) > sep1:
        return "neighbour axis best"
    if radius > 0 and expected.get("status") == "contact" and \
            min(p["separation"] for p in expected["points"]) > -radius:
        return "rounded, cores apart"
    if actual.get("status") == "contact":
        normal = rot_t(qa, actual["normal"])
        side1 = dot(normal, e1) <= 0
        s = cross(normal, n0) if side1 else cross(n2, normal)
        convex = convex1 if side1 else convex2
        if convex and 0 < s <= 0.1:
            return "admitted by sinTol"
    else:
        best = max((min(dot(ax, sub(v, p1)) for v in vs), k) for k, ax in enumerate([n1, [-n1[0], -n1[1]]]))
        normal = n1 if best[1] == 0 else [-n1[0], -n1[1]]
        side1 = dot(normal, e1) <= 0
        s = cross(normal, n0) if side1 else cross(n2, normal)
        convex = convex1 if side1 else convex2
        if convex and s > 0.1:
            return "skipped by 2.4.1"
    return "other"


def main():
    text = open(sys.argv[1]).read()
    counts = collections.Counter()
    example = {}
    for block in text.split("\n\n[")[1:]:
        lines = block.split("\n")
        outcome = lines[1].split(":")[0]
        if outcome in ("agree", "agree-within-tie"):
            continue
        key = (outcome, label(case_of(block), manifold_of(block, "actual"),
                              manifold_of(block, "expected")))
        counts[key] += 1
        example.setdefault(key, lines[0].split("] ")[1])
    for key, n in sorted(counts.items()):
        print(f"{n:6d}  {key[0]:18s} {key[1]:22s} e.g. {example[key]}")


if __name__ == "__main__":
    main()
