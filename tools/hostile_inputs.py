"""The systematic part of the hostile-input table (tools/hostile_table.py):
the same kinds of bad input tried on every variant and every reader.
Each entry is (what was tried, argv, stdin bytes or None); the files it
names are written into the scratch folder first.
"""

import json
import os

VARIANTS = ["monarchie", "grand", "racingkings", "threekingdoms", "sovereign"]

# One legal first move and one square/point per variant (the starts).
FIRST_MOVE = {
    "monarchie": "8-30",
    "grand": "a1a2",
    "racingkings": "e1c2",
    "threekingdoms": "Ra1-Ra2",
    "sovereign": "e2e4",
}
SQUARE = {"grand": "e2", "racingkings": "e1", "threekingdoms": "a1", "sovereign": "e2"}
CLAUSE = {"monarchie": "m.8.1", "grand": "g.6", "racingkings": "rk.3", "threekingdoms": "tk.T2", "sovereign": "sc.3"}


def start_notation(run, variant):
    """The start position's text, as `perft 1 --format json` writes it."""
    return json.loads(run(["perft", "1", "--variant", variant, "--format", "json"]))["position"]


def scenario(variant, start, **override):
    """A small valid scenario of `variant` as a dict (then broken by the caller)."""
    data = {
        "variant": variant,
        "id": f"{CLAUSE[variant]}-hostile",
        "clauses": [CLAUSE[variant]],
        "description": "a hostile input",
        "position": {"notation": start},
        "steps": [{"play": FIRST_MOVE[variant], "expect": {"result": "legal"}}],
    }
    data.update(override)
    return data


def position_mutations(start):
    """Broken position texts made from a start text: (what, text)."""
    fields = start.split(" ")
    return [
        ("an empty position", ""),
        ("a position of one word", "garbage"),
        ("the start without its last field", " ".join(fields[:-1])),
        ("the start with an extra field", start + " extra"),
        ("the start with `?` for its first piece", "?" + start[1:]),
        ("the start's board written twice", fields[0] + "/" + fields[0] + " " + " ".join(fields[1:])),
        ("the start with a board of 10,000 empty rows", "/".join(["1"] * 10000) + " " + " ".join(fields[1:])),
        ("the start with a huge run of empty places", "99999999999999999999" + start),
        ("the start with a tab for its spaces", start.replace(" ", "\t")),
        ("the start with two spaces between its first two fields", start.replace(" ", "  ", 1)),
        ("the start with a trailing space", start + " "),
        ("the start with a NUL", start[:3] + "\0" + start[3:]),
    ]


def generated(run, tmp, put):
    """Every systematic input: per variant and per reader."""
    rows = []
    for variant in VARIANTS:
        start = start_notation(run, variant)
        v = ["--variant", variant]
        # Positions given on the command line.
        for what, text in position_mutations(start):
            if "\0" in text:
                # A NUL cannot be an argument; it goes into a scenario.
                path = put(f"{variant}-nul-position.yaml", yaml_dump(scenario(variant, text)))
                rows.append((f"{variant}: scenario whose notation has a NUL", ["check", path], None))
                continue
            rows.append((f"{variant}: `perft 1 --position` {what}", ["perft", "1", *v, "--position", text], None))
        rows.append((f"{variant}: `show --position` garbage", ["show", *v, "--position", "garbage"], None))
        # Moves and actions.
        rows += [
            (f"{variant}: `apply` an empty action", ["apply", *v, ""], None),
            (f"{variant}: `apply` garbage", ["apply", *v, "zz99zz"], None),
            (f"{variant}: `apply` 10,000 characters", ["apply", *v, "a" * 10000], None),
            (f"{variant}: `apply` the first move twice", ["apply", *v, FIRST_MOVE[variant], FIRST_MOVE[variant]], None),
            (f"{variant}: `apply --format json` a refused action", ["apply", *v, "--format", "json", "zz99zz"], None),
            (f"{variant}: `moves --square` garbage", ["moves", *v, "--square", "zz"], None),
            (f"{variant}: `moves --square` an empty name", ["moves", *v, "--square", ""], None),
            (f"{variant}: `render --moves-of` garbage", ["render", *v, "--moves-of", "zz", "-o", "-"], None),
        ]
        if variant in SQUARE:
            rows.append((f"{variant}: `moves --square` {SQUARE[variant]} (a piece's place)", ["moves", *v, "--square", SQUARE[variant]], None))
        # Rulings.
        rows += [
            (f"{variant}: `--ruling` without `=`", ["perft", "1", *v, "--ruling", "R-NEXT"], None),
            (f"{variant}: `--ruling` an unknown ID", ["perft", "1", *v, "--ruling", "R-NOPE=x"], None),
            (f"{variant}: `--ruling` an empty setting", ["perft", "1", *v, "--ruling", ""], None),
            (f"{variant}: `--ruling` `=`", ["perft", "1", *v, "--ruling", "="], None),
            (f"{variant}: `rulings audit`", ["rulings", "audit", *v], None),
        ]
        # Budgets and counts.
        rows += [
            (f"{variant}: `perft 0`", ["perft", "0", *v], None),
            (f"{variant}: `perft -1`", ["perft", "-1", *v], None),
            (f"{variant}: `perft 12` (over the default budget)", ["perft", "12", *v], None),
            (f"{variant}: `perft 3 --max-nodes 0`", ["perft", "3", *v, "--max-nodes", "0"], None),
            (f"{variant}: `perft 1 --max-nodes -5`", ["perft", "1", *v, "--max-nodes", "-5"], None),
            (f"{variant}: `perft 1 --max-nodes lots`", ["perft", "1", *v, "--max-nodes", "lots"], None),
            (f"{variant}: `perft 1 --threads 0`", ["perft", "1", *v, "--threads", "0"], None),
            (f"{variant}: `perft 1 --threads 100000`", ["perft", "1", *v, "--threads", "100000"], None),
            (f"{variant}: `perft 2 --shard 0/2`", ["perft", "2", *v, "--shard", "0/2"], None),
            (f"{variant}: `perft 2 --shard 3/2`", ["perft", "2", *v, "--shard", "3/2"], None),
            (f"{variant}: `perft 2 --shard 1/0`", ["perft", "2", *v, "--shard", "1/0"], None),
            (f"{variant}: `perft 2 --shard 1/1000000`", ["perft", "2", *v, "--shard", "1/1000000"], None),
            (f"{variant}: `fuzz --games 0`", ["fuzz", *v, "--games", "0"], None),
            (f"{variant}: `fuzz --games 100000000000000000000`", ["fuzz", *v, "--games", "100000000000000000000"], None),
            (f"{variant}: `fuzz --seed -1`", ["fuzz", *v, "--games", "1", "--seed", "-1"], None),
            (f"{variant}: `fuzz --max-plies 0`", ["fuzz", *v, "--games", "1", "--max-plies", "0"], None),
            (f"{variant}: `check --shard 2/1`", ["check", *v, "--shard", "2/1"], None),
        ]
        # Scenario files broken one way each.
        good = scenario(variant, start)
        broken = [
            ("an unknown top-level field", dict(good, colour="red")),
            ("an unknown step field", dict(good, steps=[{"play": FIRST_MOVE[variant], "expect": {"result": "legal"}, "wait": 1}])),
            ("an unknown expectation field", dict(good, steps=[{"play": FIRST_MOVE[variant], "expect": {"result": "legal", "score": 1}}])),
            ("an unknown result name", dict(good, steps=[{"play": FIRST_MOVE[variant], "expect": {"result": "brilliant"}}])),
            ("no id", {k: x for k, x in good.items() if k != "id"}),
            ("no steps", {k: x for k, x in good.items() if k != "steps"}),
            ("an empty step list", dict(good, steps=[])),
            ("an unknown clause", dict(good, clauses=["zz.99"])),
            ("an empty clause list", dict(good, clauses=[])),
            ("an unknown variant name", dict(good, variant="chess960")),
            ("a garbage notation", dict(good, position={"notation": "garbage"})),
            ("start and notation at once", dict(good, position={"start": True, "notation": start})),
            ("an empty position mapping", dict(good, position={})),
            ("a perft step of depth 0", dict(good, steps=[{"perft": 0, "expect_nodes": 1}])),
            ("a negative expect_nodes", dict(good, steps=[{"perft": 1, "expect_nodes": -1}])),
            ("expect_nodes of 2^64", dict(good, steps=[{"perft": 1, "expect_nodes": 2**64}])),
            ("a moves step with a garbage square", dict(good, steps=[{"moves": {"from": "zz"}, "expect_moves": []}])),
            ("a play of 10,000 characters", dict(good, steps=[{"play": "a" * 10000, "expect": {"result": "legal"}}])),
            ("a step that is a number", dict(good, steps=[5])),
            ("a description that is a list", dict(good, description=["x"])),
            ("an unknown ruling", dict(good, rulings=["R-DOES-NOT-EXIST"])),
            ("an unknown finding", dict(good, findings=["F-DOES-NOT-EXIST"])),
        ]
        for what, data in broken:
            name = f"{variant}-{len(rows)}.yaml"
            rows.append((f"{variant}: scenario with {what}", ["check", put(name, yaml_dump(data))], None))
        leaves = json.loads(run(["perft", "1", *v, "--format", "json"]))["nodes"]
        baseline = dict(good, steps=[{"perft": 1, "expect_nodes": leaves}])
        rows.append((f"{variant}: the scenario these are made from, with a perft 1 step (passes)", ["check", put(f"{variant}-good.yaml", yaml_dump(baseline))], None))
        # The same broken scenarios to conform (read before any engine starts).
        rows.append((f"{variant}: scenario with an unknown field to `conform`", ["conform", "--variant", variant, "--engine", "true", put(f"{variant}-conform.yaml", yaml_dump(dict(good, colour="red")))], None))
        # perft files.
        rows += perft_file_rows(variant, start, put)
        # The protocol server.
        rows += serve_rows(variant, start)
    rows += common_rows(run, tmp, put)
    return rows


def perft_file_rows(variant, start, put):
    cases = [
        ("an unknown directive", f"id a\nfrom start\nposition {start}\nzap 1 2\n"),
        ("perft without a count", f"id a\nfrom start\nposition {start}\nperft 1\n"),
        ("a negative count", f"id a\nfrom start\nposition {start}\nperft 1 -3\n"),
        ("a count of 2^64", f"id a\nfrom start\nposition {start}\nperft 1 18446744073709551616\n"),
        ("perft depth 0", f"id a\nfrom start\nposition {start}\nperft 0 1\n"),
        ("a wrong count", f"id a\nfrom start\nposition {start}\nperft 1 99999\n"),
        ("a divide of an unknown move", f"id a\nfrom start\nposition {start}\nperft 0 1\ndivide 1 zz99 1\n"),
        ("a garbage position", "id a\nfrom start\nposition garbage\nperft 1 1\n"),
        ("an id given twice", f"id a\nfrom start\nposition {start}\nperft 0 1\nid a\nfrom start\nposition {start}\nperft 0 1\n"),
        ("a perft line before any id", "perft 1 20\n"),
        ("an id line of 1 MB", "id " + "x" * 1_000_000 + "\n"),
        ("an unknown ruling", f"id a\nfrom start\nposition {start}\nruling R-NOPE=x\nperft 1 1\n"),
    ]
    rows = []
    for index, (what, text) in enumerate(cases):
        path = put(f"{variant}-{index}.perft", text)
        rows.append((f"{variant}: perft file with {what}", ["perft-file", "--variant", variant, path], None))
    return rows


def serve_rows(variant, start):
    hello = b'{"type":"start","protocol":"2.1"}\n'
    stop = b'{"type":"stop"}\n'

    def req(**fields):
        return json.dumps(fields).encode() + b"\n"

    cases = [
        ("perft depth 100", req(type="perft", seq=1, variant=variant, position=start, rulings=[], depth=100)),
        ("perft of a garbage position", req(type="perft", seq=1, variant=variant, position="garbage", rulings=[], depth=1)),
        ("moves from garbage", req(type="moves", seq=1, variant=variant, position=start, rulings=[], **{"from": "zz"})),
        ("apply of 10,000 actions", req(type="apply", seq=1, variant=variant, position=start, rulings=[], actions=["zz"] * 10000)),
        ("an unknown ruling", req(type="perft", seq=1, variant=variant, position=start, rulings=["R-NOPE=x"], depth=1)),
        ("a request with an unknown field", req(type="perft", seq=1, variant=variant, position=start, rulings=[], depth=1, colour="red")),
    ]
    return [(f"{variant}: `serve` {what}", ["serve"], hello + body + stop) for what, body in cases]


def common_rows(run, tmp, put):
    """Inputs that do not depend on the variant."""
    hello = b'{"type":"start","protocol":"2.1"}\n'
    rows = [
        ("`serve`: malformed JSON after the handshake", ["serve"], hello + b"{not json\n"),
        ("`serve`: a JSON array", ["serve"], hello + b"[1,2,3]\n"),
        ("`serve`: an unknown request type", ["serve"], hello + b'{"type":"dance","seq":1}\n'),
        ("`serve`: a request without seq", ["serve"], hello + b'{"type":"perft","variant":"grand","position":"startpos","rulings":[],"depth":1}\n'),
        ("`serve`: an unknown variant", ["serve"], hello + b'{"type":"perft","seq":1,"variant":"chess960","position":"startpos","rulings":[],"depth":1}\n'),
        ("`serve`: a request before the handshake", ["serve"], b'{"type":"perft","seq":1,"variant":"grand","position":"startpos","rulings":[],"depth":1}\n'),
        ("`serve`: a 16 MiB line", ["serve"], hello + b'{"type":"' + b"x" * (16 * 1024 * 1024) + b'"}\n'),
        ("`serve`: binary garbage", ["serve"], bytes(range(256)) * 64),
        ("`serve`: 100,000 empty lines", ["serve"], hello + b"\n" * 100000),
        ("`serve`: seq -1", ["serve"], hello + b'{"type":"perft","seq":-1,"variant":"grand","position":"startpos","rulings":[],"depth":1}\n'),
        ("`serve`: depth 1e3", ["serve"], hello + b'{"type":"perft","seq":1,"variant":"grand","position":"startpos","rulings":[],"depth":1e3}\n'),
        ("`serve`: handshake given twice", ["serve"], hello + hello),
        ("`serve`: a second handshake of another version, then a request", ["serve"], hello + b'{"type":"start","protocol":"1.1"}\n' + b'{"type":"perft","seq":1,"variant":"grand","position":"startpos","rulings":[],"depth":1}\n'),
    ]
    # merge.
    shard = run(["perft", "2", "--variant", "grand", "--shard", "1/2", "--output", os.path.join(tmp, "g-1.jsonl")])
    del shard
    run(["perft", "2", "--variant", "grand", "--shard", "2/2", "--output", os.path.join(tmp, "g-2.jsonl")])
    run(["perft", "2", "--variant", "racingkings", "--shard", "2/2", "--output", os.path.join(tmp, "rk-2.jsonl")])
    g1, g2, rk2 = (os.path.join(tmp, n) for n in ("g-1.jsonl", "g-2.jsonl", "rk-2.jsonl"))
    lines = open(g1).read().splitlines()
    rows += [
        ("`merge` of one shard of two", ["merge", g1], None),
        ("`merge` of the same shard twice", ["merge", g1, g1], None),
        ("`merge` of shards of two campaigns", ["merge", g1, rk2], None),
        ("`merge` of an empty file", ["merge", put("empty.jsonl", "")], None),
        ("`merge` of a file that is not JSON", ["merge", put("text.jsonl", "hello\n")], None),
        ("`merge` of a shard cut off mid-line", ["merge", put("cut.jsonl", "\n".join(lines)[:-20]), g2], None),
        ("`merge` of a shard without its end line", ["merge", put("noend.jsonl", "\n".join(lines[:-1]) + "\n"), g2], None),
        ("`merge` of a shard with a line of 1 MB", ["merge", put("wide.jsonl", "\n".join(lines) + "\n" + "x" * 1_000_000 + "\n"), g2], None),
        ("`merge` of a folder", ["merge", tmp], None),
        ("`merge` with `--variant`", ["merge", "--variant", "grand", g1, g2], None),
        ("`merge` of the two shards (good)", ["merge", g1, g2], None),
    ]
    # replay.
    rows += [
        ("`replay` of a garbage journal", ["replay", put("x.journal.yaml", "garbage: [\n")], None),
        ("`replay` of a PGN with an illegal move (Grand)", ["replay", put("illegal-grand.pgn", '[Variant "Grand"]\n\n1. a1a9 *\n')], None),
        ("`replay` of a PGN with an illegal move (Racing Kings)", ["replay", put("illegal-rk.pgn", '[Variant "Racing Kings"]\n\n1. h2h8 *\n')], None),
        ("`replay` of a PGN cut off in a tag", ["replay", put("cut.pgn", '[Variant "Grand"\n')], None),
        ("`replay` of a PGN with an unclosed comment", ["replay", put("comment.pgn", '[Variant "Grand"]\n\n1. a1a2 {never closed\n')], None),
        ("`replay` of an empty PGN", ["replay", put("empty.pgn", "")], None),
        ("`replay` of a PGN of 100,000 games without moves", ["replay", put("many.pgn", '[Variant "Grand"]\n\n*\n\n' * 100000)], None),
        ("`replay` of a missing file", ["replay", os.path.join(tmp, "missing.pgn")], None),
        ("`replay` of a missing turn record beside a PGN", ["replay", put("one.pgn", '[Variant "Grand"]\n\n*\n'), os.path.join(tmp, "missing.turns")], None),
        ("`perft-file` of a missing file", ["perft-file", "--variant", "grand", os.path.join(tmp, "missing.perft")], None),
        ("`merge` of a missing shard beside a good one", ["merge", g1, os.path.join(tmp, "missing.jsonl")], None),
    ]
    # Options of the harness.
    rows += [
        ("`check` of a missing path", ["check", os.path.join(tmp, "missing.yaml")], None),
        ("`check` of an empty folder", ["check", put_dir(tmp, "empty-dir")], None),
        ("`check` of a file that is not YAML", ["check", put("not-yaml.txt", "hello\n")], None),
        ("`check --format` unknown", ["check", "--format", "xml"], None),
        ("`conform --timeout 0`", ["conform", "--engine", "true", "--timeout", "0"], None),
        ("`conform --engine` a missing program", ["conform", "--engine", os.path.join(tmp, "no-such-engine")], None),
        ("`conform --engine` a file that is not executable", ["conform", "--engine", put("not-exec.sh", "echo hi\n")], None),
        ("`conform --engine` that exits at once", ["conform", "--engine", "true"], None),
        ("`conform --expected-failures` a missing file", ["conform", "--engine", "true", "--expected-failures", os.path.join(tmp, "missing.txt")], None),
        ("`bench --depth 100`", ["bench", "--variant", "grand", "--uci", "/bin/true", "--depth", "100"], None),
        ("`schema` of an unknown format", ["schema", "poem"], None),
        ("`explore --port 99999`", ["explore", "--port", "99999"], None),
        ("`render --arrow` garbage", ["render", "--arrow", "zz", "-o", "-"], None),
        ("`render` of a missing scenario", ["render", "--scenario", os.path.join(tmp, "missing.yaml"), "-o", "-"], None),
        ("`figures -o` a missing folder's child", ["figures", "-o", os.path.join(tmp, "missing", "figs")], None),
        ("`report --html` into a file", ["report", "--html", put("a-file.txt", "x\n")], None),
        ("an unknown subcommand", ["dance"], None),
        ("an unknown `--variant`", ["perft", "1", "--variant", "chess960"], None),
        ("`--variant` given twice", ["perft", "1", "--variant", "grand", "--variant", "sovereign"], None),
        ("`play --players` garbage", ["play", "--players", "zz"], None),
        ("`play --variant threekingdoms --players` of two", ["play", "--variant", "threekingdoms", "--players", "human,human"], None),
    ]
    return rows


def put_dir(tmp, name):
    path = os.path.join(tmp, name)
    os.makedirs(path, exist_ok=True)
    return path


def yaml_dump(data):
    """YAML by way of JSON (a JSON document is YAML); no PyYAML needed."""
    return json.dumps(data, ensure_ascii=False) + "\n"
