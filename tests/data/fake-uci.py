#!/usr/bin/env python3
"""A tiny fake UCI engine for the tests of `regelwerk conform --uci`.

It knows one position, the Racing Kings start, and answers the questions
the harness asks (uci, isready, setoption, position, go perft N, d,
go depth 1, quit). The mode (first argument) makes it misbehave:

  ok                 answer properly
  garbage            write junk lines before every answer
  no-uciok           never finish the handshake
  no-variant         offer no UCI_Variant option
  crash-on-perft=N   exit (status 3) on the N-th `go perft` of a process
  hang-on-perft=N    never answer the N-th `go perft` of a process
"""

import sys
import time

START = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
MOVES = ("h2g3 h2h3 e2d4 e2f4 e2g3 e1c2 e1d3 e1f3 f2e3 f2d4 f2c5 f2b6 f2a7 "
         "f2g3 f2h4 g2g3 g2g4 g2g5 g2g6 g2g7 g2g8").split()
NODES = {1: 21, 2: 421, 3: 11264}


def say(*lines):
    if MODE == "garbage":
        print("hello from the fake engine")
        print("info string ### not a UCI answer ###")
        print("e2: junk")
    for line in lines:
        print(line)
    sys.stdout.flush()


MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
LIMIT = None
if "=" in MODE:
    MODE, number = MODE.split("=", 1)
    LIMIT = int(number)
perfts = 0
fen = START
print("fake UCI engine, mode", MODE, file=sys.stderr, flush=True)
for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] == "uci":
        if MODE == "no-uciok":
            say("id name Fake")
            continue
        lines = ["id name FakeUCI 1.0", "id author regelwerk tests"]
        if MODE != "no-variant":
            lines.append("option name UCI_Variant type combo default chess var chess var racingkings")
        say(*lines, "uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        fen = START if words[1] == "startpos" else " ".join(words[2:8])
    elif words[0] == "d":
        say("", "Fen: " + fen, "Checkers: ")
    elif words[:2] == ["go", "perft"]:
        perfts += 1
        if LIMIT is not None and perfts == LIMIT:
            if MODE == "crash-on-perft":
                print("fake engine: crashing as asked", file=sys.stderr, flush=True)
                sys.exit(3)
            if MODE == "hang-on-perft":
                time.sleep(3600)
        depth = int(words[2])
        divide = [f"{move}: 1" for move in MOVES] if depth == 1 else []
        say(*divide, "", f"Nodes searched: {NODES.get(depth, 0)}", "")
    elif words[:2] == ["go", "depth"]:
        say("info depth 1 score cp 10", "bestmove h2h3")
    elif words[0] == "quit":
        break
