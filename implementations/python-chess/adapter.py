#!/usr/bin/env python3
"""python-chess (pip `chess`, pinned 1.11.2) as a regelwerk engine:
Racing Kings, answered by `chess.variant.RacingKingsBoard` alone.

Usage: python3 implementations/python-chess/adapter.py
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))

import chess  # noqa: E402
import chess.variant  # noqa: E402

from protocol import Adapter, count, keep_stdout_for_protocol  # noqa: E402

# The library's end of a game, in the protocol's status vocabulary where
# it has a word; python-chess's own ends (fivefold repetition, 75 moves)
# keep the library's name, so a comparison shows what the library did.
REASONS = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient-material",
    chess.Termination.SEVENTYFIVE_MOVES: "seventyfive-moves",
    chess.Termination.FIVEFOLD_REPETITION: "fivefold-repetition",
    chess.Termination.VARIANT_WIN: "goal",
    chess.Termination.VARIANT_LOSS: "goal",
    chess.Termination.VARIANT_DRAW: "goal-tie",
}


class PythonChess:
    """The backend: a RacingKingsBoard with its move stack (a repetition
    within one `apply` counts, as the protocol asks)."""

    name = "python-chess"
    version = chess.__version__
    language = "Python"
    variants = ["racingkings"]

    def open(self, variant, fen):
        try:
            board = chess.variant.RacingKingsBoard(fen)
        except ValueError as error:
            raise ValueError(f"python-chess refuses the FEN: {error}") from error
        if not board.is_valid():
            raise ValueError(f"python-chess calls the position invalid ({board.status()!r})")
        return board

    def legal(self, board):
        if board.outcome(claim_draw=False) is not None:
            return []
        return [move.uci() for move in board.legal_moves]

    def play(self, board, move):
        after = board.copy()
        after.push_uci(move)
        return after

    def fen(self, board):
        return board.fen(en_passant="legal")

    def piece(self, board, square):
        piece = board.piece_at(chess.parse_square(square))
        if piece is None:
            return None
        return piece.symbol().lower(), "white" if piece.color == chess.WHITE else "black"

    def in_check(self, board):
        return board.is_check()

    def status(self, board):
        outcome = board.outcome(claim_draw=False)
        if outcome is None:
            return {"result": "ongoing"}
        reason = REASONS.get(outcome.termination, outcome.termination.name.lower())
        if outcome.winner is None:
            return {"result": "drawn", "reason": reason}
        return {"result": "won", "winners": ["white" if outcome.winner else "black"], "reason": reason}

    def claim(self, board):
        if board.can_claim_fifty_moves():
            return "fifty-move"
        if board.can_claim_threefold_repetition():
            return "threefold"
        return None

    def perft(self, board, depth):
        # own answer: perft: python-chess has no variant perft; counted by recursion over its legal moves
        return count(self, board, depth)


if __name__ == "__main__":
    Adapter(PythonChess(), keep_stdout_for_protocol()).run()
