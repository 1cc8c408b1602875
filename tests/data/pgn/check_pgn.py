#!/usr/bin/env python3
"""Reads PGN files that regelwerk wrote with the other tools and checks
them: Racing Kings with python-chess (chess.pgn.read_game, every move
legal, the result tag that of the final position), Grand Chess with
Fairy-Stockfish (pyffish: every SAN token is the SAN Fairy-Stockfish gives
one legal move, the result that of the final position).

Usage: python3 tests/data/pgn/check_pgn.py FILE.pgn...
(pip install chess==1.11.2 pyffish==0.0.90). Prints one line per game and
exits 1 on any disagreement.
"""

import re
import sys

import chess
import chess.pgn
import chess.variant
import pyffish as sf


def check_racingkings(game):
    if game.errors:
        return f"python-chess: {game.errors[0]}"
    board = game.end().board()
    moves = len(list(game.mainline_moves()))
    if not board.is_game_over(claim_draw=True):
        expected = "*"
    elif board.is_game_over():
        expected = board.result()
    else:
        expected = "1/2-1/2"  # a draw may be claimed
    result = game.headers.get("Result", "*")
    if result != expected and not (result == "*" and expected == "1/2-1/2"):
        return f"result {result}, python-chess gives {expected} after {moves} moves"
    return f"{moves} moves, {result}"


def check_grand(headers, tokens):
    fen = headers.get("FEN", sf.start_fen("grand"))
    moves = []
    for token in tokens:
        here = sf.get_fen("grand", fen, moves)
        legal = sf.legal_moves("grand", fen, moves)
        target = re.search(r"([a-j](?:10|[1-9]))(?:=?[QRBNCA])?[+#]?$", token)
        to = target.group(1) if target else None
        near = [m for m in legal if re.fullmatch(r"[a-j]\d+([a-j]\d+)[a-z]?", m).group(1) == to]
        found = [m for m in near if sf.get_san("grand", here, m) == token]
        if len(found) != 1:
            return f"move {len(moves) + 1} {token}: Fairy-Stockfish finds {len(found)} legal moves with that SAN"
        moves.append(found[0])
    legal = sf.legal_moves("grand", fen, moves)
    white_to_move = (len(moves) % 2 == 0) == (fen.split()[1] == "w")
    if not legal:
        value = sf.game_result("grand", fen, moves)
        expected = "1/2-1/2" if value == 0 else ("1-0" if (value > 0) == white_to_move else "0-1")
    elif all(sf.has_insufficient_material("grand", fen, moves)):
        expected = "1/2-1/2"
    else:
        expected = "*"
    result = headers.get("Result", "*")
    if result != expected:
        return f"result {result}, Fairy-Stockfish gives {expected} after {len(moves)} moves"
    return f"{len(moves)} moves, {result}"


def grand_games(text):
    """Tags and SAN tokens of each game (regelwerk's own layout: no
    comments or variations)."""
    for block in re.split(r"\n\n(?=\[)", text.strip()):
        headers = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        body = "\n".join(l for l in block.splitlines() if not l.startswith(("[", "%")))
        tokens = [t for t in body.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
        yield headers, tokens


def main(paths):
    bad = 0
    for path in paths:
        text = open(path).read()
        if '[Variant "Grand"]' in text:
            games = [check_grand(h, t) for h, t in grand_games(text)]
        else:
            games = []
            with open(path) as f:
                while (game := chess.pgn.read_game(f)) is not None:
                    games.append(check_racingkings(game))
        for index, line in enumerate(games):
            ok = re.fullmatch(r"\d+ moves, .*", line) is not None
            bad += not ok
            print(f"{'ok' if ok else 'BAD'} {path} game {index + 1}: {line}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
