#!/usr/bin/env python3
"""Summarises a Box2D study directory (oracle/tools/run_box2d_study.sh) as Markdown tables.

    python3 oracle/tools/study_table.py OUT

One row per case file and engine: cases, agree, agree-within-tie, unsupported and every failing
verdict of `touche check` (exact geometry). For the chain segment files, whose one-sided
geometry and ghost vertices the exact-geometry judge does not model, each failing verdict is
also split by what the reference (Box2D v3 semantics, OUT/NAME.reference.jsonl) answers:
"reference agrees" when the reference's status is the engine's (e.g. both no_contact for a
circle behind the segment). Finally the `touche validate` tables (OUT/NAME.validate.txt:
Box2D against the reference, which knows one-sidedness and ghosts) are repeated.
"""
import collections
import glob
import json
import os
import sys


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def statuses(path):
    if not os.path.exists(path):
        return {}
    return {m["id"]: m.get("status") for m in read_jsonl(path)}


def main():
    out = sys.argv[1]
    print("| cases | engine | count | agree | agree-within-tie | unsupported | failing |")
    print("|---|---|---|---|---|---|---|")
    splits = []
    for verdicts in sorted(glob.glob(os.path.join(out, "*.verdicts.jsonl"))):
        name, engine = os.path.basename(verdicts)[: -len(".verdicts.jsonl")].rsplit(".", 1)
        rows = read_jsonl(verdicts)
        count = collections.Counter(r["verdict"] for r in rows)
        failing = {k: v for k, v in count.items()
                   if k not in ("agree", "agree-within-tie", "unsupported")}
        text = ", ".join(f"{v} {k}" for k, v in sorted(failing.items())) or "0"
        print(f"| {name} | {engine} | {len(rows)} | {count['agree']} | "
              f"{count['agree-within-tie']} | {count['unsupported']} | {text} |")
        reference = statuses(os.path.join(out, f"{name}.reference.jsonl"))
        if reference and failing:
            actual = statuses(os.path.join(out, f"{name}.{engine}.jsonl"))
            split = collections.Counter()
            for r in rows:
                if r["verdict"] in failing:
                    agrees = reference.get(r["id"]) == actual.get(r["id"])
                    split[(r["verdict"], "reference agrees" if agrees else "reference differs")] += 1
            splits.append((name, engine, split))
    for name, engine, split in splits:
        print(f"\n{name}, {engine}: failing verdicts by the reference's status")
        for (verdict, how), n in sorted(split.items()):
            print(f"- {verdict}, {how}: {n}")
    for path in sorted(glob.glob(os.path.join(out, "*.validate.txt"))):
        print(f"\n{os.path.basename(path)}:\n```")
        with open(path) as f:
            for line in f:
                if not line.strip():
                    break
                print(line.rstrip())
        print("```")


if __name__ == "__main__":
    main()
