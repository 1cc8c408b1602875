#!/usr/bin/env python3
"""Writes tests/data/records/<variant>.perft from the results of a records
campaign (docs/perft.md, "Records"): a single run with --divide (JSON) and
a second run split differently into shards (--shard I/N --output, JSON
lines). A record is written only when both runs are complete and agree on
every first move; otherwise the script says what is missing.

    tools/records/write_records.py CAMPAIGN_DIR

CAMPAIGN_DIR holds records.json: a list of records, each with variant,
depth, id, the two runs' directories (single: DIR/single.json; sharded:
DIR/perft-*.jsonl), the command lines, commit, machine, load and date, and
optional published counts to check against.
"""
import glob
import json
import os
import sys


def run(directory):
    """A finished run: (nodes, {first move: nodes}, [seconds per process],
    shards or None for a single run, position); a string saying what is
    missing when it has not finished."""
    path = os.path.join(directory, "single.json")
    if os.path.exists(path):
        try:
            data = json.load(open(path))
        except ValueError:
            return f"{path} is not complete"
        divide = {d["move"]: d["nodes"] for d in data["divide"]}
        return data["nodes"], divide, [data["seconds"]], None, data["position"]
    # In shard order (perft-2 before perft-10), so that the divide lists the
    # first moves in the order the shards count them.
    files = sorted(glob.glob(os.path.join(directory, "perft-*.jsonl")),
                   key=lambda p: int(os.path.basename(p)[len("perft-"):-len(".jsonl")]))
    units, seconds, shards, position = {}, [], None, None
    for path in files:
        records = [json.loads(line) for line in open(path) if line.strip()]
        if not records:
            continue
        shards = int(records[0]["shard"].split("/")[1])
        position = records[0]["campaign"]["position"]
        for record in records:
            if record["record"] == "unit":
                units[" ".join(record["result"]["moves"])] = record["result"]["nodes"]
            elif record["record"] == "end":
                seconds.append(record["seconds"])
    if shards is None or len(seconds) < shards:
        return f"{directory}: {len(seconds)} of {shards or '?'} shards finished"
    # A campaign's units may be paths of two or more moves (64 shards of
    # MONARCHIE split below the second ply); the record's divide is by the
    # first move, so the units are summed below each first move.
    divide = {}
    for path, nodes in units.items():
        first = path.split(" ")[0]
        divide[first] = divide.get(first, 0) + nodes
    return sum(units.values()), divide, seconds, shards, position


def describe(command, result):
    nodes, _, seconds, shards, _ = result
    if shards is None:
        return f"`{command}`: {nodes} nodes in {seconds[0]:.1f} s wall"
    return (f"`{command}` for I = 1..{shards}: {nodes} nodes, {sum(seconds):.1f} s of shard wall time in all"
            f" (shards {', '.join(f'{s:.1f}' for s in seconds)})")


def main():
    campaign = sys.argv[1]
    out_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "records")
    specs = json.load(open(os.path.join(campaign, "records.json")))
    by_variant = {}
    for spec in specs:
        first = run(os.path.join(campaign, spec["single"]))
        second = run(os.path.join(campaign, spec["sharded"]))
        for result in (first, second):
            if isinstance(result, str):
                print(f"{spec['variant']} {spec['id']}: not finished: {result}")
        if isinstance(first, str) or isinstance(second, str):
            continue
        if first[1] != second[1]:
            sys.exit(f"{spec['variant']} {spec['id']}: THE TWO RUNS DISAGREE")
        nodes = first[0]
        for depth, count in spec.get("published", {}).items():
            if int(depth) == spec["depth"] and count["nodes"] != nodes:
                sys.exit(f"{spec['id']}: {nodes} differs from the published {count['nodes']}")
        by_variant.setdefault(spec["variant"], []).append((spec, first, second))
        print(f"{spec['variant']} {spec['id']}: {nodes} nodes, the two runs agree ({len(first[1])} first moves)")
    for variant, records in by_variant.items():
        lines = [
            f"# {variant} perft records: deep counts from the start, each computed twice",
            "# (two runs split differently, whose counts below every first move must",
            "# agree), written by tools/records/write_records.py from the campaign's",
            "# results (docs/perft.md, \"Records\"). `regelwerk perft-file` and",
            "# tests/harness/perft_records.rs check the cheap lines in CI; the deep ones run with",
            "# `cargo test --release --test main -- --ignored perft_records` (run times below).",
            "",
        ]
        for spec, first, second in records:
            lines += [f"id {spec['id']}", f"# {spec['about']}"]
            for key in ("commit", "machine", "date", "load"):
                lines.append(f"# {key}: {spec[key]}")
            lines.append("# run 1: " + describe(spec["command_single"], first))
            lines.append("# run 2: " + describe(spec["command_sharded"], second) + "; the same count below every first move")
            for depth, count in sorted(spec.get("published", {}).items()):
                lines.append(f"# published: perft {depth} = {count['nodes']} ({count['source']})")
            lines.append(f"position {first[4]}")
            for depth, count in sorted(spec.get("cheap", {}).items(), key=lambda kv: int(kv[0])):
                lines.append(f"perft {depth} {count}")
            lines.append(f"perft {spec['depth']} {first[0]}")
            lines += [f"divide {spec['depth']} {move} {n}" for move, n in first[1].items()]
            lines.append("")
        path = os.path.join(out_dir, f"{variant}.perft")
        os.makedirs(out_dir, exist_ok=True)
        # Blocks of the file written by an earlier campaign stay (first, in
        # their order), unless this campaign writes a block of the same id.
        written = {spec["id"] for spec, _, _ in records}
        kept = []
        if os.path.exists(path):
            for block in open(path).read().split("\nid ")[1:]:
                if block.split("\n", 1)[0].strip() not in written:
                    kept += ["id " + block.rstrip("\n"), ""]
        lines[7:7] = kept
        open(path, "w").write("\n".join(lines))
        print(f"wrote {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
