#!/usr/bin/env python3
"""Writes the seed corpus of every pair's fuzz target (fuzz/corpus/<pair>/seed-NN) and of the
broad phase target (fuzz/corpus/bvh/seed-NN).

Each seed follows the harness's byte layout (harness.cpp): byte 0 the path (0 grid mixture,
1 edge cases, 2 arbitrary doubles, 3 parallel within an ulp, 4 extreme scales), byte 1 the
margin switch, byte 2 the grid fraction bits, byte 3 the scale exponent, then generator draws
from a fixed-seed PRNG. The layout is the same for every pair, so every pair gets the same
seeds. Deterministic: rerunning rewrites the same files.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# The pairs of fuzz/CMakeLists.txt (TOUCHE_FUZZ_PAIRS).
PAIRS = [
    "circle_circle", "capsule_circle", "capsule_capsule", "polygon_circle", "polygon_capsule",
    "polygon_polygon", "segment_circle", "segment_capsule", "segment_polygon",
    "chainSegment_circle", "chainSegment_capsule", "chainSegment_polygon",
]

# (path, margin byte, fraction-bits byte, scale byte, body length)
SEEDS = [
    (0, 1, 4, 0, 64), (0, 1, 4, 0, 96), (0, 0, 4, 0, 64), (0, 2, 10, 0, 128),
    (1, 1, 4, 0, 64), (1, 1, 4, 0, 80), (1, 0, 4, 3, 64), (1, 1, 19, 0, 96),
    (1, 1, 4, 0xF6, 64), (1, 1, 4, 30, 64), (0, 1, 4, 0xE0, 96), (0, 1, 0, 0, 48),
    (2, 1, 4, 0, 96), (2, 1, 4, 0, 128), (2, 0, 4, 0, 96), (2, 1, 10, 5, 128),
    (3, 1, 4, 0, 96), (3, 0, 4, 0, 96), (3, 1, 12, 0, 128), (3, 1, 4, 0xF8, 96),
    (4, 1, 4, 0, 96), (4, 1, 8, 0, 128), (4, 0, 4, 0, 96), (0, 1, 4, 0, 16),
]


def main():
    for pair in PAIRS:
        out = os.path.join(HERE, "corpus", pair)
        os.makedirs(out, exist_ok=True)
        rng = random.Random(20261121)
        for n, (path, margin, bits, scale, length) in enumerate(SEEDS):
            body = bytes(rng.randrange(256) for _ in range(length))
            with open(os.path.join(out, "seed-%02d" % n), "wb") as f:
                f.write(bytes([path, margin, bits, scale]) + body)
    print("wrote %d seeds for each of %d pairs" % (len(SEEDS), len(PAIRS)))
    bvh_seeds()


# The broad phase target (bvh_harness.cpp): byte 0 the path, byte 1 the scene size, byte 2 the
# number of casts, then generator draws. (path, size byte, casts byte, body length)
BVH_SEEDS = [
    (0, 0, 3, 256), (0, 9, 7, 512), (0, 47, 7, 1024), (0, 20, 1, 512),
    (1, 5, 7, 512), (1, 30, 7, 1024), (1, 47, 3, 1024), (1, 0, 7, 256),
    (2, 10, 7, 512), (2, 47, 7, 512), (2, 2, 3, 256),
    (3, 8, 3, 512), (3, 30, 7, 512),
    (4, 0, 7, 512), (4, 0, 3, 1024),
]


def bvh_seeds():
    out = os.path.join(HERE, "corpus", "bvh")
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20261122)
    for n, (path, size, casts, length) in enumerate(BVH_SEEDS):
        body = bytes(rng.randrange(256) for _ in range(length))
        with open(os.path.join(out, "seed-%02d" % n), "wb") as f:
            f.write(bytes([path, size, casts]) + body)
    print("wrote %d seeds for bvh" % len(BVH_SEEDS))


if __name__ == "__main__":
    main()
