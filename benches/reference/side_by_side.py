#!/usr/bin/env python3
"""Side-by-side perft timings in one run on one machine (docs/perf.md).

Builds regelwerk (release) and shakmaty's perft in a scratch crate outside
the repository (shakmaty 0.30 with its `variant` feature, the release
profile), then times, alternating the engines run by run:

- Racing Kings: regelwerk's fast path and its reference rule code
  (`perft --reference`), an older regelwerk binary if --before names one,
  shakmaty, and Fairy-Stockfish where installed (`go perft N` over UCI,
  from the command to its `Nodes searched` line);
- Grand Chess: regelwerk and Fairy-Stockfish;
- MONARCHIE: regelwerk's fast path, on one and on two threads, and its
  reference rule code (`perft --reference`);
- Three Kingdoms Xiangqi and Sovereign Chess: regelwerk's fast path and
  its reference rule code (no peer engine plays them);
- the --before binary in the Grand Chess and MONARCHIE races too.

Each engine's best wall time of --runs runs counts; the counts must agree.
Progress goes to stderr; the result is a Markdown table on stdout and a
JSON document at --json.

    python3 benches/reference/side_by_side.py [--runs 5] [--json side-by-side.json]
        [--fsf /usr/games/fairy-stockfish] [--scratch DIR] [--no-build]
        [--before OLD-REGELWERK-BINARY] [--no-shakmaty]
        [--rk-depth 5] [--grand-depth 4] [--monarchie-depth 5] [--tk-depth 5] [--sovereign-depth 5]

The table's last line gives the load average before and after the run.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
RK_START = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
GRAND_START = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
SHAKMATY_TOML = """[package]
name = "shakmaty-perft"
version = "0.1.0"
edition = "2021"

[dependencies]
shakmaty = { version = "0.30", features = ["variant"] }

[profile.release]
debug = 1
"""


def log(text):
    print(text, file=sys.stderr, flush=True)


def build_shakmaty(scratch):
    os.makedirs(os.path.join(scratch, "src"), exist_ok=True)
    with open(os.path.join(scratch, "Cargo.toml"), "w") as out:
        out.write(SHAKMATY_TOML)
    shutil.copy(os.path.join(HERE, "shakmaty_perft.rs"), os.path.join(scratch, "src", "main.rs"))
    # shakmaty 0.30.1 and later need a newer rustc than the project's.
    subprocess.run(["cargo", "generate-lockfile"], cwd=scratch, check=True)
    subprocess.run(["cargo", "update", "shakmaty", "--precise", "0.30.0"], cwd=scratch, check=True)
    subprocess.run(["cargo", "build", "--release"], cwd=scratch, check=True)
    return os.path.join(scratch, "target", "release", "shakmaty-perft")


def regelwerk(binary, variant, fen, depth, extra=()):
    args = [binary, "perft", str(depth), "--format", "json", *extra]
    if variant != "monarchie":
        args += ["--variant", variant]
    if fen:
        args += ["--position", fen]
    result = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
    return result["nodes"], result["seconds"]


def shakmaty(binary, fen, depth):
    out = subprocess.run([binary, "racingkings", str(depth), "1", fen],
                         capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    return result["nodes"], result["seconds"]


class Fsf:
    """Fairy-Stockfish over UCI, started once per variant."""

    def __init__(self, path, variant):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish ended")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        started = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        seconds = time.perf_counter() - started
        return int(line.split(":")[1]), seconds

    def close(self):
        self.send("quit")
        self.proc.wait()


def race(name, depth, runs, engines):
    """Alternates the engines `runs` times; the best time of each counts."""
    best = {}
    for run in range(runs):
        for engine, count in engines:
            nodes, seconds = count()
            log(f"{name} depth {depth}, run {run + 1}/{runs}: {engine} {nodes} nodes in {seconds:.3f} s")
            previous = best.get(engine)
            if previous and previous[0] != nodes:
                raise SystemExit(f"{engine} counted {nodes}, earlier {previous[0]}")
            if not previous or seconds < previous[1]:
                best[engine] = (nodes, seconds)
    counts = {nodes for nodes, _ in best.values()}
    if len(counts) != 1:
        raise SystemExit(f"{name} depth {depth}: the counts differ: {best}")
    return [{"position": name, "depth": depth, "engine": engine, "nodes": nodes,
             "seconds": seconds, "nodes_per_second": nodes / seconds}
            for engine, (nodes, seconds) in best.items()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", default="side-by-side.json")
    parser.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    parser.add_argument("--scratch", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "regelwerk-shakmaty-perft"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--before", help="an older regelwerk binary to time next to this one in every race")
    parser.add_argument("--rk-depth", type=int, default=5)
    parser.add_argument("--grand-depth", type=int, default=4)
    parser.add_argument("--monarchie-depth", type=int, default=5)
    parser.add_argument("--tk-depth", type=int, default=5)
    parser.add_argument("--sovereign-depth", type=int, default=5)
    parser.add_argument("--no-shakmaty", action="store_true", help="skip building and timing shakmaty")
    args = parser.parse_args()
    load_before = os.getloadavg()

    binary = os.path.join(REPO, "target", "release", "regelwerk")
    if not args.no_build:
        log("building regelwerk (release)")
        subprocess.run(["cargo", "build", "--release"], cwd=REPO, check=True)
    shak = None
    if not args.no_shakmaty:
        log(f"building shakmaty's perft in {args.scratch}")
        shak = build_shakmaty(args.scratch)
    fsf_path = args.fsf if shutil.which(args.fsf) else None

    rows = []
    rk = [("regelwerk", lambda: regelwerk(binary, "racingkings", RK_START, args.rk_depth)),
          ("regelwerk --reference",
           lambda: regelwerk(binary, "racingkings", RK_START, args.rk_depth, ("--reference",)))]
    if args.before:
        rk.append(("regelwerk before", lambda: regelwerk(args.before, "racingkings", RK_START, args.rk_depth)))
    if shak:
        rk.append(("shakmaty 0.30", lambda: shakmaty(shak, RK_START, args.rk_depth)))
    fsf = Fsf(fsf_path, "racingkings") if fsf_path else None
    if fsf:
        rk.append(("Fairy-Stockfish", lambda: fsf.perft(RK_START, args.rk_depth)))
    rows += race("racingkings start", args.rk_depth, args.runs, rk)
    if fsf:
        fsf.close()
        fsf = Fsf(fsf_path, "grand")
        grand = [("regelwerk", lambda: regelwerk(binary, "grand", GRAND_START, args.grand_depth)),
                 ("Fairy-Stockfish", lambda: fsf.perft(GRAND_START, args.grand_depth))]
        if args.before:
            grand.insert(1, ("regelwerk before",
                             lambda: regelwerk(args.before, "grand", GRAND_START, args.grand_depth)))
        rows += race("grand start", args.grand_depth, args.runs, grand)
        fsf.close()
    monarchie = [("regelwerk fast", lambda: regelwerk(binary, "monarchie", None, args.monarchie_depth)),
                 ("regelwerk fast, 2 threads",
                  lambda: regelwerk(binary, "monarchie", None, args.monarchie_depth, ("--threads", "2"))),
                 ("regelwerk --reference",
                  lambda: regelwerk(binary, "monarchie", None, args.monarchie_depth, ("--reference",)))]
    if args.before:
        monarchie.append(("regelwerk before",
                          lambda: regelwerk(args.before, "monarchie", None, args.monarchie_depth)))
    rows += race("monarchie start", args.monarchie_depth, max(1, min(args.runs, 3)), monarchie)
    for variant, name, depth in (("threekingdoms", "threekingdoms start", args.tk_depth),
                                 ("sovereign", "sovereign start", args.sovereign_depth)):
        engines = [("regelwerk", lambda v=variant, d=depth: regelwerk(binary, v, None, d)),
                   ("regelwerk --reference",
                    lambda v=variant, d=depth: regelwerk(binary, v, None, d, ("--reference",)))]
        if args.before:
            engines.append(("regelwerk before", lambda v=variant, d=depth: regelwerk(args.before, v, None, d)))
        rows += race(name, depth, max(1, min(args.runs, 3)), engines)
    load_after = os.getloadavg()

    print("| position | depth | engine | nodes | best s | nodes/s | regelwerk is faster by |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        ours = next(r for r in rows if r["position"] == row["position"] and r["engine"].startswith("regelwerk"))
        theirs = not row["engine"].startswith("regelwerk") or row["engine"] == "regelwerk before"
        ratio = f"{row['seconds'] / ours['seconds']:.2f}x" if theirs else ""
        print(f"| {row['position']} | {row['depth']} | {row['engine']} | {row['nodes']:,} | "
              f"{row['seconds']:.3f} | {row['nodes_per_second']:,.0f} | {ratio} |")
    print(f"\nLoad average (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in load_before)} before, "
          f"{', '.join(f'{x:.2f}' for x in load_after)} after; {os.cpu_count()} CPUs.")
    with open(args.json, "w") as out:
        json.dump({"runs": args.runs, "load_average": {"before": load_before, "after": load_after},
                   "rows": rows}, out, indent=2)
    log(f"wrote {args.json}")


if __name__ == "__main__":
    main()
