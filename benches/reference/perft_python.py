#!/usr/bin/env python3
"""perft throughput of the Python reference implementations, for docs/perf.md.

Measures python-chess (Racing Kings) and pyffish / Fairy-Stockfish's Python
binding (Grand Chess and Racing Kings) on the variants' start positions with
the same walk the anchors were counted with: a recursive walk over legal
moves, a finished game being a leaf. Prints one JSON object per measurement.

    pip install chess==1.11.2 pyffish==0.0.90
    python3 benches/reference/perft_python.py [--seconds-max 60]
"""
import argparse
import json
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


def measure(name, variant, depth, run):
    started = time.perf_counter()
    nodes = run()
    seconds = time.perf_counter() - started
    print(json.dumps({
        "implementation": name,
        "variant": variant,
        "depth": depth,
        "nodes": nodes,
        "seconds": round(seconds, 3),
        "nodes_per_second": round(nodes / seconds),
    }), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grand-depth", type=int, default=3)
    parser.add_argument("--racing-depth", type=int, default=4)
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
    measure("pyffish " + sf.version(), "racingkings", args.racing_depth,
            lambda: pyffish_perft(sf, "racingkings", RACING, [], args.racing_depth))
    measure("pyffish " + sf.version(), "grand", args.grand_depth,
            lambda: pyffish_perft(sf, "grand", GRAND, [], args.grand_depth))


if __name__ == "__main__":
    main()
