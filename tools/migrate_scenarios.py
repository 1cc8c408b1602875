#!/usr/bin/env python3
"""One-off migration of the scenario files to the one scenario format of
every variant (issue 12). Run once from the repository root:

    python3 tools/migrate_scenarios.py scenarios

It rewrites every scenario file (journals and tournament cases are left
alone), keeps every ID and every leading comment, and prints the number of
pinned expectation fields before and after (leaf values under `expect`,
`state`, `expect_moves` and `expect_nodes`), which must not drop.

What it changes (scenarios/README.md, "Earlier formats"):
- MONARCHIE: `capture: {cell, party}` -> `{at, owner}`; `moves: {cell}` ->
  `{from}`; a step's `elapsed: N` folds into the action (`16-28@N`);
  `state.notation` -> `state.position`.
- Grand Chess, Racing Kings: `position.fen` -> `position.notation`;
  `expect.fen` / `state.fen` -> `position`; `expect.check: bool` ->
  `checks` (the side now to move, or none); `capture: {kind, square}` ->
  `{at, owner, kind}` (the owner is the side that did not move);
  `status.winner` -> `status.winners`.
"""

import json
import pathlib
import re
import sys

import yaml

PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\-=@/+]*$")
RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def scalar(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    if PLAIN.match(text) and text.lower() not in RESERVED and not re.match(r"^[0-9.+\-]+$", text):
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(value):
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def block(value, indent):
    """Lines for a value under a key at `indent`."""
    pad = " " * indent
    lines = []
    for key, item in value.items():
        text = flow(item)
        if isinstance(item, dict) and item and len(pad) + len(str(key)) + len(text) > 118:
            lines.append(f"{pad}{scalar(key)}:")
            lines.extend(block(item, indent + 2))
        else:
            lines.append(f"{pad}{scalar(key)}: {text}")
    return lines


def dump(doc, comments):
    lines = list(comments)
    for key, value in doc.items():
        if key == "steps":
            lines.append("steps:")
            for step in value:
                body = block(step, 4)
                body[0] = "  - " + body[0][4:]
                lines.extend(body)
            if not value:
                lines[-1] = "steps: []"
        elif isinstance(value, dict) and len(flow(value)) + len(key) > 118:
            lines.append(f"{key}:")
            lines.extend(block(value, 2))
        elif isinstance(value, str) and plain_block(value):
            lines.append(f"{key}: {value}")
        else:
            lines.append(f"{key}: {flow(value)}")
    return "\n".join(lines) + "\n"


def plain_block(text):
    """Whether a top-level string can stay a plain scalar."""
    if not text or text != text.strip() or "\n" in text:
        return False
    if ": " in text or " #" in text or text.endswith(":"):
        return False
    if text[0] in "-?:,[]{}#&*!|>'\"%@`":
        return False
    try:
        return yaml.safe_load(text) == text
    except yaml.YAMLError:
        return False


def leaves(value):
    if isinstance(value, dict):
        return sum(leaves(v) for v in value.values()) if value else 1
    if isinstance(value, list):
        return 1
    return 1


def pinned(doc):
    count = 0
    for step in doc.get("steps") or []:
        for key in ("expect", "state"):
            if key in step:
                count += leaves(step[key])
        for key in ("expect_moves", "expect_nodes"):
            if key in step:
                count += 1
    return count


def other(side):
    return "black" if side == "white" else "white"


def migrate_monarchie(doc):
    for step in doc.get("steps") or []:
        if "elapsed" in step:
            seconds = step.pop("elapsed")
            if step["play"] != "timeout":
                step["play"] = f"{step['play']}@{seconds}"
        expect = step.get("expect")
        if isinstance(expect, dict) and isinstance(expect.get("capture"), dict) and "cell" in expect["capture"]:
            c = expect["capture"]
            new = {"at": c["cell"], "owner": c["party"], "kind": c["kind"]}
            if "dead" in c:
                new["dead"] = c["dead"]
            expect["capture"] = new
        if isinstance(step.get("moves"), dict) and "cell" in step["moves"]:
            step["moves"] = {"from": step["moves"]["cell"]}
        state = step.get("state")
        if isinstance(state, dict) and "notation" in state:
            state["position"] = state.pop("notation")


def rename(mapping, old, new):
    """Renames a key in place, keeping its place in the order."""
    items = [(new if k == old else k, v) for k, v in mapping.items()]
    mapping.clear()
    mapping.update(items)


def migrate_chess(doc):
    position = doc["position"]
    if "fen" in position:
        rename(position, "fen", "notation")
    side = "white"
    if "notation" in position:
        side = "white" if position["notation"].split()[1] == "w" else "black"
    for step in doc.get("steps") or []:
        expect = step.get("expect")
        if isinstance(expect, dict):
            mover = side
            if expect.get("result") == "legal":
                if "check" in expect:
                    checked = expect["check"]
                    expect_next = expect.get("next")
                    target = expect_next if expect_next else other(mover)
                    rename(expect, "check", "checks")
                    expect["checks"] = [target] if checked else []
                if isinstance(expect.get("capture"), dict) and "square" in expect["capture"]:
                    c = expect["capture"]
                    expect["capture"] = {"at": c["square"], "owner": other(mover), "kind": c["kind"]}
                if "fen" in expect:
                    rename(expect, "fen", "position")
                status = expect.get("status")
                if isinstance(status, dict) and "winner" in status:
                    rename(status, "winner", "winners")
                    status["winners"] = [status["winners"]]
                if expect.get("next"):
                    side = expect["next"]
        state = step.get("state")
        if isinstance(state, dict):
            if "fen" in state:
                rename(state, "fen", "position")
            status = state.get("status")
            if isinstance(status, dict) and "winner" in status:
                rename(status, "winner", "winners")
                status["winners"] = [status["winners"]]


def text_edit(text, doc):
    """The same migration as edits of the original lines, so that the files
    keep their layout; `doc` is the migrated document, for the values that
    need the rules (a capture's owner, the side in check)."""
    out = []
    in_steps = False
    step = -1
    steps = doc.get("steps") or []
    for line in text.splitlines():
        if line.startswith("steps:"):
            in_steps = True
        elif in_steps and re.match(r"^\s*- ", line) and (line.startswith("  - ") or line.startswith("- ")):
            step += 1
        elapsed = re.match(r"^\s+elapsed: (\d+)\s*$", line)
        if in_steps and elapsed:
            for index in range(len(out) - 1, -1, -1):
                played = re.match(r"^(\s*-? *play: )(\S+)(.*)$", out[index])
                if played:
                    if played.group(2) != "timeout":
                        out[index] = f"{played.group(1)}{played.group(2)}@{elapsed.group(1)}{played.group(3)}"
                    break
            continue
        if not in_steps:
            line = re.sub(r"\bfen:", "notation:", line)
        else:
            line = re.sub(r"\b(fen|notation):", "position:", line)
            line = re.sub(r"capture: \{cell: ([^,}]+), party: ", r"capture: {at: \1, owner: ", line)
            line = re.sub(r"moves: \{cell: ", "moves: {from: ", line)
            line = re.sub(r"result: won, winner: ([a-z]+)", r"result: won, winners: [\1]", line)
            expect = steps[step].get("expect") if 0 <= step < len(steps) else None
            if isinstance(expect, dict):
                if "checks" in expect and doc.get("variant", "monarchie") != "monarchie":
                    line = re.sub(r"\bcheck: (true|false)", "checks: " + flow(expect["checks"]), line)
                capture = expect.get("capture")
                if isinstance(capture, dict) and "owner" in capture and doc.get("variant", "monarchie") != "monarchie":
                    line = re.sub(
                        r"capture: \{kind: ([a-z]+), square: ([a-z0-9]+)\}",
                        lambda m: f"capture: {{at: {m.group(2)}, owner: {capture['owner']}, kind: {m.group(1)}}}",
                        line,
                    )
        out.append(line)
    return "\n".join(out) + "\n"


def main(root):
    before_total = after_total = files = 0
    per_variant = {}
    for path in sorted(pathlib.Path(root).rglob("*.yaml")):
        if path.name.endswith((".journal.yaml", ".tournament.yaml")):
            continue
        text = path.read_text(encoding="utf-8")
        comments = []
        for line in text.splitlines():
            if line.startswith("#"):
                comments.append(line)
            else:
                break
        doc = yaml.safe_load(text)
        if not isinstance(doc, dict) or "steps" not in doc:
            continue
        before = pinned(doc)
        variant = doc.get("variant", "monarchie")
        if variant == "monarchie":
            migrate_monarchie(doc)
        else:
            migrate_chess(doc)
        after = pinned(doc)
        if after < before:
            sys.exit(f"{path}: {before} pinned fields before, {after} after")
        edited = text_edit(text, doc)
        if yaml.safe_load(edited) != doc:
            print(f"{path}: rewritten in full (the line edits did not give the same document)")
            edited = dump(doc, comments)
        if edited != text:
            path.write_text(edited, encoding="utf-8")
        files += 1
        before_total += before
        after_total += after
        counts = per_variant.setdefault(variant, [0, 0, 0])
        counts[0] += 1
        counts[1] += before
        counts[2] += after
    for variant, (n, b, a) in sorted(per_variant.items()):
        print(f"{variant}: {n} scenarios, {b} pinned fields before, {a} after")
    print(f"{files} scenarios, {before_total} pinned fields before, {after_total} after")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "scenarios")
