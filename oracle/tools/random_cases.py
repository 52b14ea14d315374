#!/usr/bin/env python3
"""Writes reproducible random touche cases (JSON Lines) for one shape pair.

    python3 oracle/tools/random_cases.py --pair polygon_polygon --count 100000 --seed 1 > cases.jsonl

Pairs: circle_circle, polygon_circle, circle_polygon, polygon_polygon, segment_circle,
segment_polygon, chainSegment_circle, chainSegment_polygon, and the capsule pairs
capsule_circle, capsule_capsule, polygon_capsule, segment_capsule, chainSegment_capsule (each
pair's stream of random numbers is its own, so adding pairs changes no other file). Capsules
have cores 0.3-1.2 long and radii 0.05-0.4. Shapes are about unit size; B is
placed uniformly in a square around A so that roughly half of the pairs touch. Polygons are 3-8
vertices on a circle at sorted random angles at least 0.3 rad apart (strictly convex,
counter-clockwise, never collinear); a third of them are rounded. Segments are 0.4-2.4 long
through a point near the origin; a chain segment's ghosts continue it at either end, turned by
up to 1.2 rad either way (convex and concave corners alike). Every number is written with
repr(), which round-trips exactly. The same seed always writes the same file.
"""
import argparse
import json
import math
import random


def polygon(rng):
    count = rng.randint(3, 8)
    while True:
        angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(count))
        gaps = [angles[i + 1] - angles[i] for i in range(count - 1)]
        gaps.append(angles[0] + 2.0 * math.pi - angles[-1])
        if min(gaps) >= 0.3 and max(gaps) < math.pi - 0.1:
            break
    size = rng.uniform(0.4, 1.2)
    shape = {"type": "polygon",
             "vertices": [[size * math.cos(a), size * math.sin(a)] for a in angles]}
    if rng.random() < 1.0 / 3.0:
        shape["radius"] = rng.uniform(0.0, 0.2)
    return shape


def circle(rng):
    return {"type": "circle", "center": [rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)],
            "radius": rng.uniform(0.1, 1.0)}


def segment_ends(rng):
    centre = (rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2))
    half = 0.5 * rng.uniform(0.4, 2.4)
    angle = rng.uniform(-math.pi, math.pi)
    d = (half * math.cos(angle), half * math.sin(angle))
    return [centre[0] - d[0], centre[1] - d[1]], [centre[0] + d[0], centre[1] + d[1]], angle


def segment(rng):
    p1, p2, _ = segment_ends(rng)
    return {"type": "segment", "p1": p1, "p2": p2}


def ghost(rng, end, angle):
    """A neighbour's far end: from `end`, along `angle` turned by up to 1.2 rad."""
    turn = angle + rng.uniform(-1.2, 1.2)
    length = rng.uniform(0.3, 1.5)
    return [end[0] + length * math.cos(turn), end[1] + length * math.sin(turn)]


def capsule(rng):
    centre = (rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2))
    half = 0.5 * rng.uniform(0.3, 1.2)
    angle = rng.uniform(-math.pi, math.pi)
    d = (half * math.cos(angle), half * math.sin(angle))
    return {"type": "capsule", "p1": [centre[0] - d[0], centre[1] - d[1]],
            "p2": [centre[0] + d[0], centre[1] + d[1]], "radius": rng.uniform(0.05, 0.4)}


def chain_segment(rng):
    p1, p2, angle = segment_ends(rng)
    return {"type": "chainSegment", "ghost1": ghost(rng, p1, angle + math.pi), "p1": p1,
            "p2": p2, "ghost2": ghost(rng, p2, angle)}


def transform(rng, extent):
    return {"p": [rng.uniform(-extent, extent), rng.uniform(-extent, extent)],
            "angle": rng.uniform(-math.pi, math.pi)}


MAKERS = {"circle": circle, "polygon": polygon, "segment": segment,
          "chainSegment": chain_segment, "capsule": capsule}
PAIRS = ["circle_circle", "polygon_circle", "circle_polygon", "polygon_polygon",
         "segment_circle", "segment_polygon", "chainSegment_circle", "chainSegment_polygon",
         "capsule_circle", "capsule_capsule", "polygon_capsule", "segment_capsule",
         "chainSegment_capsule"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", required=True,
                        choices=PAIRS)
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(f"{args.pair}/{args.seed}")
    kindA, kindB = args.pair.split("_")
    for i in range(args.count):
        case = {"id": f"{args.pair}-{args.seed}-{i}",
                "a": MAKERS[kindA](rng), "xfA": transform(rng, 0.5),
                "b": MAKERS[kindB](rng), "xfB": transform(rng, 1.6)}
        print(json.dumps(case, separators=(",", ":")))


if __name__ == "__main__":
    main()
