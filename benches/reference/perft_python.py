#!/usr/bin/env python3
"""perft throughput of regelwerk next to the Python reference implementations,
for docs/perf.md, measured in one run on one machine.

Measures python-chess (Racing Kings) and pyffish, Fairy-Stockfish's Python
binding (Grand Chess and Racing Kings), on the variants' start positions
with the walk the anchors were counted with (a recursive walk over legal
moves, a finished game being a leaf), and `regelwerk perft` (release build)
on the same positions and depths. Prints one JSON object per measurement,
then a Markdown table with the ratios.

    pip install chess==1.11.2 pyffish==0.0.90
    cargo build --release
    python3 benches/reference/perft_python.py --regelwerk target/release/regelwerk
"""
import argparse
import json
import subprocess
import sys
import time

GRAND = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
RACING = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"


def pyffish_perft(sf, variant, fen, moves, depth):
    if depth == 0:
        return 1
    # A finished game has no moves (pyffish lists none at the flag /
    # mate; is_immediate_game_end covers the Racing Kings goal).
    ended, _ = sf.is_immediate_game_end(variant, fen, moves)
    if ended:
        return 0
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(pyffish_perft(sf, variant, fen, moves + [m], depth - 1) for m in legal)


def chess_perft(board, depth):
    if depth == 0:
        return 1
    if board.is_variant_end():
        return 0
    legal = list(board.legal_moves)
    if depth == 1:
        return len(legal)
    total = 0
    for move in legal:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


RESULTS = []


def measure(name, variant, depth, run):
    started = time.perf_counter()
    nodes = run()
    seconds = time.perf_counter() - started
    row = {
        "implementation": name,
        "variant": variant,
        "depth": depth,
        "nodes": nodes,
        "seconds": round(seconds, 3),
        "nodes_per_second": round(nodes / seconds),
    }
    RESULTS.append(row)
    print(json.dumps(row), flush=True)


def regelwerk_perft(binary, variant, depth, repeat):
    """The best of `repeat` runs of `regelwerk perft --format json` (its own timer)."""
    best = None
    for _ in range(repeat):
        out = subprocess.run(
            [binary, "perft", str(depth), "--variant", variant, "--format", "json"],
            check=True, capture_output=True, text=True).stdout
        row = json.loads(out)
        if best is None or row["seconds"] < best["seconds"]:
            best = row
    RESULTS.append({
        "implementation": "regelwerk",
        "variant": variant,
        "depth": depth,
        "nodes": best["nodes"],
        "seconds": round(best["seconds"], 3),
        "nodes_per_second": round(best["nodes"] / best["seconds"]),
    })
    print(json.dumps(RESULTS[-1]), flush=True)


def table():
    print()
    print("| variant | implementation | depth | nodes | seconds | nodes/s | regelwerk is faster by |")
    print("|---|---|---|---|---|---|---|")
    ours = {(r["variant"], r["depth"]): r for r in RESULTS if r["implementation"] == "regelwerk"}
    for row in RESULTS:
        mine = ours.get((row["variant"], row["depth"]))
        ratio = "" if row["implementation"] == "regelwerk" or mine is None else \
            "%.0fx" % (mine["nodes_per_second"] / row["nodes_per_second"])
        print("| %s | %s | %d | %d | %.3f | %s | %s |" % (
            row["variant"], row["implementation"], row["depth"], row["nodes"],
            row["seconds"], format(row["nodes_per_second"], ","), ratio))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grand-depth", type=int, default=3)
    parser.add_argument("--racing-depth", type=int, default=4)
    parser.add_argument("--regelwerk", default="target/release/regelwerk",
                        help="the release binary to measure beside them")
    parser.add_argument("--repeat", type=int, default=5,
                        help="regelwerk runs per measurement (the best counts)")
    args = parser.parse_args()
    try:
        import chess.variant
    except ImportError:
        sys.exit("python-chess is missing: pip install chess==1.11.2")
    try:
        import pyffish as sf
    except ImportError:
        sys.exit("pyffish is missing: pip install pyffish==0.0.90")
    board = chess.variant.RacingKingsBoard(RACING)
    measure("python-chess " + chess.__version__, "racingkings", args.racing_depth,
            lambda: chess_perft(board, args.racing_depth))
    measure("pyffish " + ".".join(map(str, sf.version())), "racingkings", args.racing_depth,
            lambda: pyffish_perft(sf, "racingkings", RACING, [], args.racing_depth))
    measure("pyffish " + ".".join(map(str, sf.version())), "grand", args.grand_depth,
            lambda: pyffish_perft(sf, "grand", GRAND, [], args.grand_depth))
    for variant, depth in (("racingkings", args.racing_depth), ("grand", args.grand_depth)):
        regelwerk_perft(args.regelwerk, variant, depth, args.repeat)
    table()


if __name__ == "__main__":
    main()
