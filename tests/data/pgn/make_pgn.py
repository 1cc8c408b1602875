#!/usr/bin/env python3
"""Writes the PGN files of other tools that `tests/harness/records.rs` replays.

- racingkings-python-chess.pgn: seeded random Racing Kings games, played
  and written by python-chess (chess.variant.RacingKingsBoard,
  chess.pgn.Game.from_board); two of them start from a position reached by
  random moves (python-chess writes SetUp and FEN).
- grand-fairy-stockfish.pgn: seeded random Grand Chess games (a mate when
  there is one, else mostly a capture), the legal moves, the SAN and the
  end of the game (no legal move, or insufficient material on both sides)
  from Fairy-Stockfish (pyffish); the tags are written by this script.

Usage: python3 tests/data/pgn/make_pgn.py tests/data/pgn
(pip install chess==1.11.2 pyffish==0.0.90). The games are random, the
seeds fixed: rerunning gives the same files with the same versions.
"""

import io
import random
import sys

import chess
import chess.pgn
import chess.variant
import pyffish as sf

RK_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
RK_SETUP_SEEDS = [21, 22]
GRAND_SEEDS = [1, 2, 3, 4, 5, 6]
MAX_PLIES = 400


def provenance(what):
    return (
        f"% {what}\n"
        f"% written by tests/data/pgn/make_pgn.py with python-chess {chess.__version__}"
        f" and pyffish {'.'.join(map(str, sf.version()))}; seeds in the Event tags\n"
    )


def rk_game(seed, setup_plies=0):
    rng = random.Random(seed)
    board = chess.variant.RacingKingsBoard()
    for _ in range(setup_plies):
        board.push(rng.choice(list(board.legal_moves)))
    board = chess.variant.RacingKingsBoard(board.fen())
    game = chess.pgn.Game.from_board(board)
    node = game
    while not board.is_game_over() and board.ply() < MAX_PLIES:
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        node = node.add_variation(move)
    game.headers["Event"] = f"python-chess random game, seed {seed}"
    game.headers["Site"] = "tests/data/pgn/make_pgn.py"
    game.headers["Date"] = "2026.12.01"
    game.headers["Round"] = str(seed)
    game.headers["White"] = "random"
    game.headers["Black"] = "random"
    game.headers["Result"] = board.result()
    return game.accept(chess.pgn.StringExporter())


def choose(rng, fen, moves, legal):
    """A mate if there is one, else mostly a capture, else any move;
    the mover's choice, not a rule (so
    that random games end)."""
    here = sf.get_fen("grand", fen, moves)
    sans = {move: sf.get_san("grand", here, move) for move in legal}
    mates = [move for move in legal if sans[move].endswith("#")]
    if mates:
        return rng.choice(mates)
    captures = [move for move in legal if "x" in sans[move]]
    if captures and rng.random() < 0.8:
        return rng.choice(captures)
    return rng.choice(legal)


def grand_game(seed):
    rng = random.Random(seed)
    fen = sf.start_fen("grand")
    moves = []
    result = "*"
    while len(moves) < MAX_PLIES:
        legal = sf.legal_moves("grand", fen, moves)
        if not legal:
            value = sf.game_result("grand", fen, moves)
            white_to_move = len(moves) % 2 == 0
            if value == 0:
                result = "1/2-1/2"
            elif (value > 0) == white_to_move:
                result = "1-0"
            else:
                result = "0-1"
            break
        white, black = sf.has_insufficient_material("grand", fen, moves)
        if white and black:
            result = "1/2-1/2"
            break
        moves.append(choose(rng, fen, moves, legal))
    sans = sf.get_san_moves("grand", fen, moves)
    # python-chess lays out the PGN; the moves are Fairy-Stockfish's SAN.
    game = chess.pgn.Game()
    game.headers["Event"] = f"Fairy-Stockfish random game, seed {seed}"
    game.headers["Site"] = "tests/data/pgn/make_pgn.py"
    game.headers["Date"] = "2026.12.01"
    game.headers["Round"] = str(seed)
    game.headers["White"] = "random"
    game.headers["Black"] = "random"
    game.headers["Result"] = result
    game.headers["Variant"] = "Grand"
    headers = "".join(f'[{k} "{v}"]\n' for k, v in game.headers.items())
    body = []
    for index, san in enumerate(sans):
        if index % 2 == 0:
            body.append(f"{index // 2 + 1}.")
        body.append(san)
    body.append(result)
    lines, line = [], ""
    for word in body:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = ""
        line = f"{line} {word}" if line else word
    lines.append(line)
    return headers + "\n" + "\n".join(lines) + "\n"


def main(out):
    with open(f"{out}/racingkings-python-chess.pgn", "w") as f:
        f.write(provenance("Racing Kings games played and written by python-chess"))
        f.write("\n")
        for seed in RK_SEEDS:
            f.write(rk_game(seed) + "\n\n")
        for seed in RK_SETUP_SEEDS:
            f.write(rk_game(seed, setup_plies=6) + "\n\n")
    with open(f"{out}/grand-fairy-stockfish.pgn", "w") as f:
        f.write(provenance("Grand Chess games: moves, SAN and ends by Fairy-Stockfish"))
        f.write("\n")
        for seed in GRAND_SEEDS:
            f.write(grand_game(seed))
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
