#!/usr/bin/env python3
"""Writes tests/data/grand.perft and tests/data/racingkings.perft from the
outside anchor tests/data/fsf-perft.yaml (counts measured with
Fairy-Stockfish and python-chess, not with this project's engine), in the
perft-file format every rule system's corpus uses (docs/perft.md), so that
one test and one command (`regelwerk perft-file`) read all five.

Run from the repository root: python3 tools/perft/from_fsf.py
The output is deterministic; tests/harness/perft_files.rs checks that the
two files hold every count of the YAML file and nothing else."""
import re
import sys

SOURCE = "tests/data/fsf-perft.yaml"


def entries(text):
    """(variant, fen, depth, nodes, comment) in file order."""
    comment, out, cur = None, [], {}
    for line in text.splitlines():
        if line.startswith("# ") and ("start position" in line or "extra:" in line):
            comment = line[2:]
        m = re.match(r'^-? *(variant|fen|depth|nodes): "?(.*?)"?$', line.strip())
        if m:
            if line.startswith("- ") and cur:
                out.append(cur)
                cur = {}
            cur[m.group(1)] = m.group(2)
            cur.setdefault("comment", comment)
    if cur:
        out.append(cur)
    return out


def block_id(comment, variant):
    if comment is None or "start position" in comment:
        return "start"
    name = comment.split(":", 1)[1].strip().split(" ", 1)[0]
    return re.sub(r"[^a-z0-9-]", "-", name.lower())


def main():
    text = open(SOURCE, encoding="utf-8").read()
    provenance = text.splitlines()[0].lstrip("# ").removeprefix("Provenance: ")
    blocks = {}
    for e in entries(text):
        key = (e["variant"], e["fen"])
        block = blocks.setdefault(key, {"id": block_id(e["comment"], e["variant"]), "counts": {}, "notes": []})
        block["counts"][int(e["depth"])] = int(e["nodes"])
        note = (e["comment"] or "").split(":", 1)[-1].strip()
        if e["comment"] and "extra:" in e["comment"] and note not in block["notes"]:
            block["notes"].append(note)
    for variant in ("grand", "racingkings"):
        lines = [
            f"# {variant} perft corpus in the perft-file format (docs/perft.md).",
            f"# Written by tools/perft/from_fsf.py from {SOURCE}; do not edit by hand.",
            f"# Provenance of every count: {provenance}",
            "# These are outside counts, not this project's engine's: the",
            "# reference must reproduce each one.",
        ]
        seen = set()
        for (v, fen), block in blocks.items():
            if v != variant:
                continue
            ident = block["id"]
            n = 2
            while ident in seen:
                ident = f"{block['id']}-{n}"
                n += 1
            seen.add(ident)
            lines.append("")
            for note in block["notes"]:
                lines.append(f"# {note}")
            lines.append(f"id {ident}")
            lines.append(f"position {fen}")
            for depth in sorted(block["counts"]):
                lines.append(f"perft {depth} {block['counts'][depth]}")
        with open(f"tests/data/{variant}.perft", "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
