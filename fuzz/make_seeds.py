#!/usr/bin/env python3
"""Writes the polygon_polygon seed corpus (fuzz/corpus/polygon_polygon/seed-NN).

Each seed follows the harness's byte layout (polygon_polygon.cpp): byte 0 the path (grid
mixture, edge cases, arbitrary doubles), byte 1 the margin switch, byte 2 the grid fraction
bits, byte 3 the scale exponent, then generator draws from a fixed-seed PRNG. Deterministic:
rerunning rewrites the same files.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus", "polygon_polygon")

# (path, margin byte, fraction-bits byte, scale byte, body length)
SEEDS = [
    (0, 1, 4, 0, 64), (1, 1, 4, 0, 96), (0, 0, 4, 0, 64), (1, 2, 10, 0, 128),
    (2, 1, 4, 0, 64), (2, 1, 4, 0, 80), (2, 0, 4, 3, 64), (2, 1, 19, 0, 96),
    (2, 1, 4, 0xF6, 64), (2, 1, 4, 30, 64), (0, 1, 4, 0xE0, 96), (1, 1, 0, 0, 48),
    (3, 1, 4, 0, 96), (3, 1, 4, 0, 128), (3, 0, 4, 0, 96), (3, 1, 10, 5, 128),
    (3, 1, 4, 0, 160), (3, 1, 4, 0xF0, 96), (0, 1, 4, 0, 16), (3, 1, 4, 0, 24),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(20261121)
    for n, (path, margin, bits, scale, length) in enumerate(SEEDS):
        body = bytes(rng.randrange(256) for _ in range(length))
        with open(os.path.join(OUT, "seed-%02d" % n), "wb") as f:
            f.write(bytes([path, margin, bits, scale]) + body)
    print("wrote %d seeds to %s" % (len(SEEDS), OUT))


if __name__ == "__main__":
    main()
