"""The third hostile table (issue 35), part of tools/hostile_table.py: the
classes behind the defects it found, each tried on every member of its
class.

- special files (a symbolic link to /dev/zero, a named pipe) for every
  reader of a file;
- a full disk (/dev/full) for every writer: the --output/-o files and
  standard output;
- out-of-range and non-numeric values for every number option;
- outputs that are the run's own input (by name and by a hard link);
- signals (SIGINT, SIGTERM, SIGKILL) for every campaign that writes a
  results file, then `merge` of what it left;
- a harness killed by SIGKILL while its engine runs;
- every resumable campaign (check, perft, fuzz, conform) killed by
  SIGKILL, `merge` of what it left (which must name `--resume`), the
  shard completed with `--resume`, and `merge` again (which must pass).

Each row is (what, argv, stdin, options); the options say what else
--check looks at: `limit` (seconds before the run is killed), `stdout`
(a file to write standard output to), `keep` (files whose bytes must not
change), `absent` (files that must not exist afterwards), `signal` and
`watch` (send the signal once the watched file holds a unit line), `then`
(a follow-up run whose message must hold `expect`), `mark` (a word of the
engine's command line: no process with it may be left), `says` (words the
run's stderr must hold), `exit` (the exit code it must end with),
`resume` (the command that completes the interrupted shard: it must end
with 0 or 1, and `merge` of the watched file must then succeed).
"""

import os
import signal

# Readers: (what, argv with {f} for the file, a name for the file).
READERS = [
    ("check", ["check", "{f}"], "x.yaml"),
    ("conform", ["conform", "--engine", "{bin} serve", "{f}"], "x.yaml"),
    ("conform --expected-failures", ["conform", "--engine", "{bin} serve", "--expected-failures", "{f}", "scenarios/monarchie/m.8.1"], "x.txt"),
    ("fuzz --known-differences", ["fuzz", "--variant", "racingkings", "--engine", "{bin} serve", "--games", "1", "--known-differences", "{f}"], "x.txt"),
    ("render --scenario", ["render", "--scenario", "{f}", "-o", "-"], "x.yaml"),
    ("merge", ["merge", "{f}"], "x.jsonl"),
    ("perft-file", ["perft-file", "{f}"], "x.perft"),
    ("replay (journal)", ["replay", "{f}"], "x.journal.yaml"),
    ("replay (PGN)", ["replay", "{f}"], "x.pgn"),
    ("replay (turn record)", ["replay", "{f}"], "x.turns"),
    ("check --spec", ["check", "--spec", "{d}", "--variant", "grand", "scenarios/grand/g.1"], "grand/clauses.yaml"),
]

# Number options: (argv before the value, option, the values to try).
BAD_NUMBERS = ["x", "-1", "1.5", "99999999999999999999999"]
NUMBERS = [
    (["fuzz", "--variant", "racingkings"], "--games", BAD_NUMBERS + ["0"]),
    (["fuzz", "--variant", "racingkings"], "--seed", BAD_NUMBERS),
    (["fuzz", "--variant", "racingkings"], "--max-plies", BAD_NUMBERS + ["0"]),
    (["fuzz", "--variant", "racingkings"], "--exhaustive-every", BAD_NUMBERS),
    (["fuzz", "--variant", "racingkings"], "--rotation-every", BAD_NUMBERS),
    (["fuzz", "--variant", "racingkings"], "--perft-every", BAD_NUMBERS),
    (["fuzz", "--variant", "racingkings"], "--timeout", ["x", "0", "-1", "1e9", "nan", "inf"]),
    (["fuzz", "--variant", "racingkings"], "--threads", BAD_NUMBERS + ["0", "257"]),
    (["conform", "--engine", "true"], "--timeout", ["x", "0", "-1", "1e9", "nan"]),
    (["bench", "--uci", "/bin/true"], "--depth", BAD_NUMBERS + ["0", "65"]),
    (["bench", "--uci", "/bin/true"], "--runs", BAD_NUMBERS + ["0", "1001"]),
    (["bench", "--uci", "/bin/true"], "--middle", BAD_NUMBERS + ["1001"]),
    (["bench", "--uci", "/bin/true"], "--timeout", ["x", "0"]),
    (["perft", "1"], "--threads", BAD_NUMBERS + ["0"]),
    (["perft", "1"], "--max-nodes", ["x", "-1", "99999999999999999999999"]),
    (["perft-file", "tests/data/monarchie.perft"], "--max-nodes", ["0", "x", "-1"]),
    (["moves"], "--cell", BAD_NUMBERS + ["0", "254"]),
    (["play", "--variant", "grand"], "--seed", BAD_NUMBERS),
    (["play", "--variant", "grand"], "--match", BAD_NUMBERS),
    (["play", "--variant", "grand"], "--max-plies", BAD_NUMBERS + ["0"]),
    (["report", "--html", "{tmp}/site"], "--perft-depth", BAD_NUMBERS + ["0", "65"]),
    (["rulings", "diff", "R-KING-DEAD=capture"], "--perft-depth", BAD_NUMBERS + ["0"]),
    (["explore", "--scenario", "x"], "--step", BAD_NUMBERS + ["0"]),
    (["explore"], "--port", BAD_NUMBERS + ["65536"]),
]
# Positional numbers.
POSITIONAL = [(["perft"], ["x", "-1", "65", "99999999999999999999999"])]


def fill(argv, binary, path, folder, tmp):
    return [a.replace("{f}", path).replace("{d}", folder).replace("{bin}", binary).replace("{tmp}", tmp) for a in argv]


def special_rows(binary, tmp):
    """Every reader given a link to /dev/zero and a named pipe."""
    rows = []
    for kind in ("zero", "fifo"):
        folder = os.path.join(tmp, f"special-{kind}")
        os.makedirs(folder, exist_ok=True)
        for what, argv, name in READERS:
            path = os.path.join(folder, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            if not os.path.lexists(path):
                if kind == "zero":
                    os.symlink("/dev/zero", path)
                else:
                    os.mkfifo(path)
            said = "a link to /dev/zero" if kind == "zero" else "a named pipe"
            rows.append((f"`{what}` of {said}", fill(argv, binary, path, folder, tmp), None, {"limit": 30}))
    return rows


def full_disk_rows(binary, tmp):
    """Every writer on /dev/full: the output files and standard output."""
    full = "/dev/full"
    out = [
        ("`render -o /dev/full`", ["render", "--variant", "grand", "-o", full]),
        ("`check --output /dev/full`", ["check", "--variant", "grand", "--shard", "1/2", "--output", full]),
        ("`perft --shard --output /dev/full`", ["perft", "3", "--variant", "grand", "--shard", "1/2", "--output", full]),
        ("`fuzz --output /dev/full`", ["fuzz", "--variant", "racingkings", "--games", "2", "--shard", "1/1", "--output", full]),
        ("`conform -o /dev/full`", ["conform", "--variant", "racingkings", "--engine", f"{binary} serve", "-o", full]),
        ("`play --pgn /dev/full`", ["play", "--variant", "racingkings", "--max-plies", "4", "--quiet", "--pgn", full]),
    ]
    rows = [(what, argv, None, {}) for what, argv in out]
    stdout = [
        ("perft 2 --divide", ["perft", "2", "--divide"]),
        ("check --variant grand", ["check", "--variant", "grand"]),
        ("moves", ["moves", "--variant", "grand"]),
        ("show", ["show", "--variant", "sovereign"]),
        ("schema", ["schema"]),
        ("render -o -", ["render", "--variant", "grand", "-o", "-"]),
        ("apply", ["apply", "--variant", "grand", "a1a2"]),
        ("rulings audit", ["rulings", "audit"]),
        ("fuzz", ["fuzz", "--variant", "racingkings", "--games", "2"]),
        ("conform (an engine run)", ["conform", "--variant", "racingkings", "--engine", f"{binary} serve"]),
        ("serve", ["serve"]),
    ]
    hello = b'{"type":"start","protocol":"2.2"}\n{"type":"stop"}\n'
    for what, argv in stdout:
        # A full standard output is named and is a usage error (exit 2).
        options = {"stdout": full, "says": "standard output", "exit": "2"}
        rows.append((f"`{what} > /dev/full`", argv, hello if argv == ["serve"] else None, options))
    return rows


def number_rows(tmp):
    rows = []
    for before, option, values in NUMBERS:
        for value in values:
            argv = [a.replace("{tmp}", tmp) for a in before] + [option, value]
            rows.append((f"`{' '.join(before[:1])} {option} {value}`", argv, None, {}))
    for before, values in POSITIONAL:
        for value in values:
            rows.append((f"`{' '.join(before)} {value}`", before + [value], None, {}))
    return rows


def own_input_rows(binary, tmp, one):
    """Outputs that are the run's input: by name and by a hard link."""
    folder = os.path.join(tmp, "own-input")
    os.makedirs(folder, exist_ok=True)
    scenario = os.path.join(folder, "s.yaml")
    with open(scenario, "w") as out:
        out.write(open(one).read())
    link = os.path.join(folder, "link.yaml")
    os.link(scenario, link)
    known = os.path.join(folder, "known.txt")
    with open(known, "w") as out:
        out.write("# none\n")
    rows = []
    for name, output in (("itself", scenario), ("a hard link to it", link)):
        rows += [
            (f"`check s.yaml --shard 1/1 --output` {name}", ["check", scenario, "--shard", "1/1", "--output", output], None, {"keep": [scenario]}),
            (f"`conform s.yaml -o` {name}", ["conform", "--engine", f"{binary} serve", scenario, "-o", output], None, {"keep": [scenario]}),
            (f"`render --scenario s.yaml -o` {name}", ["render", "--scenario", scenario, "-o", output], None, {"keep": [scenario]}),
        ]
    rows.append(("`fuzz --known-differences k --output k`", ["fuzz", "--variant", "racingkings", "--engine", f"{binary} serve", "--games", "1", "--known-differences", known, "--shard", "1/1", "--output", known], None, {"keep": [known]}))
    return rows


def output_rows(binary, tmp):
    """Failed runs leave no output and no half-written one."""
    folder = os.path.join(tmp, "outputs")
    os.makedirs(folder, exist_ok=True)
    report = os.path.join(folder, "report.txt")
    with open(report, "w") as out:
        # A conformance report of an earlier run (its first lines): the
        # write rule lets `conform -o` replace it, so the run starts.
        out.write("engine: the previous engine, protocol 2.2; harness protocol 2.2\nsuite: the previous report\n")
    missing = os.path.join(folder, "missing.yaml")
    return [
        ("`check --output` of a run that fails at once", ["check", missing, "--shard", "1/1", "--output", os.path.join(folder, "never.jsonl")], None, {"absent": [os.path.join(folder, "never.jsonl")]}),
        ("`conform -o` over a report, killed after 1 s", ["conform", "--engine", f"{binary} serve --fault sleep=5", "--timeout", "60", "-o", report], None, {"keep": [report], "signal": signal.SIGKILL, "after": 1.0}),
        ("`check --output /proc/version`", ["check", "--variant", "grand", "--shard", "1/2", "--output", "/proc/version"], None, {}),
        ("`check --output` a folder", ["check", "--variant", "grand", "--shard", "1/2", "--output", folder], None, {}),
    ]


def signal_rows(binary, tmp):
    """Every campaign that writes a results file, interrupted by each
    signal once it has finished a unit; then `merge` of the file."""
    campaigns = [
        ("perft", ["perft", "6", "--variant", "racingkings", "--shard", "1/1", "--max-nodes", "none"]),
        ("fuzz", ["fuzz", "--variant", "monarchie", "--games", "100000", "--shard", "1/1"]),
        ("check", ["check", "--shard", "1/1"]),
        ("conform", ["conform", "--variant", "monarchie", "--engine", f"{binary} serve", "--shard", "1/1"]),
    ]
    rows = []
    for name, argv in campaigns:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
            out = os.path.join(tmp, f"signal-{name}-{sig.name}.jsonl")
            then = (["merge", out], "did not finish")
            rows.append((f"`{name} --output` interrupted by {sig.name}, then `merge`", argv + ["--output", out], None, {"signal": sig, "watch": out, "then": then}))
    return rows


def resume_rows(binary, tmp):
    """Every resumable campaign killed by SIGKILL after its first unit,
    then `merge` (naming `--resume`), the shard completed with
    `--resume`, and `merge` again."""
    campaigns = [
        ("check", ["check", "--variant", "racingkings", "--shard", "1/1"]),
        ("perft", ["perft", "5", "--variant", "racingkings", "--shard", "1/1"]),
        ("fuzz", ["fuzz", "--variant", "racingkings", "--games", "300", "--shard", "1/1", "--quiet"]),
        ("fuzz --engine", ["fuzz", "--variant", "racingkings", "--engine", f"{binary} serve", "--games", "30", "--shard", "1/1", "--quiet"]),
        ("conform", ["conform", "--variant", "racingkings", "--engine", f"{binary} serve", "--shard", "1/1"]),
    ]
    rows = []
    for name, argv in campaigns:
        out = os.path.join(tmp, f"resume-{name.replace(' ', '')}.jsonl")
        argv = argv + ["--output", out]
        options = {
            "signal": signal.SIGKILL,
            "watch": out,
            "then": (["merge", out], "--resume"),
            "resume": argv + ["--resume"],
        }
        rows.append((f"`{name} --output` killed by SIGKILL, `merge`, `--resume`, `merge`", argv, None, options))
    return rows


def engine_rows(binary, tmp):
    """A harness killed by SIGKILL while its engine (and the engine's
    child) run: neither may be left."""
    script = os.path.join(tmp, "engine-with-child.sh")
    with open(script, "w") as out:
        out.write(f"#!/bin/sh\nsleep 864323 &\nexec {binary} serve --variant racingkings --fault sleep=864322\n")
    return [
        ("`conform` killed by SIGKILL while its engine runs", ["conform", "--variant", "racingkings", "--timeout", "100", "--engine", f"sh {script}"], None, {"signal": signal.SIGKILL, "after": 2.0, "mark": "sleep=864322"}),
    ]


def rows(binary, tmp, one):
    return (
        special_rows(binary, tmp)
        + full_disk_rows(binary, tmp)
        + number_rows(tmp)
        + own_input_rows(binary, tmp, one)
        + output_rows(binary, tmp)
        + signal_rows(binary, tmp)
        + resume_rows(binary, tmp)
        + engine_rows(binary, tmp)
    )
