#!/usr/bin/python3
"""PyChess (Debian `pychess`, 1.0.3: a GTK desktop chess program with its
own pure-Python move generator and game-end logic) as a regelwerk engine
for Racing Kings, answered by PyChess's own modules alone. Nothing of its
user interface is loaded: the board, move generator and rules modules
import without a display.

Debian installs PyChess for the system Python (/usr/lib/python3/
dist-packages), so the adapter runs under /usr/bin/python3.

Usage: /usr/bin/python3 implementations/pychess/adapter.py
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))

from protocol import Adapter, CannotAnswer, count, keep_stdout_for_protocol  # noqa: E402

OUT = keep_stdout_for_protocol()

# The Debian package's modules (no GTK is imported by these).
from pychess.Utils import logic  # noqa: E402
from pychess.Utils.const import (  # noqa: E402
    BLACKWON, DRAW, DRAW_50MOVES, DRAW_KINGSINEIGHTROW, DRAW_REPETITION, DRAW_STALEMATE,
    RUNNING, WHITE, WHITEWON, WON_KINGINEIGHTROW, reprSign,
)
from pychess.Utils.Cord import Cord  # noqa: E402
from pychess.Utils.lutils import lmovegen  # noqa: E402
from pychess.Utils.Move import Move  # noqa: E402
from pychess.Variants.racingkings import RacingKingsBoard  # noqa: E402

# PyChess's reasons for the end of a Racing Kings game, in the protocol's
# words. Repetition and the fifty-move count are the reasons PyChess's
# `getStatus` gives for a position a player may claim a draw in; its game
# (`GameModel.checkStatus`) does not end a game between people for them,
# so they are the answer to a claim, not an end (see `status`).
REASONS = {
    WON_KINGINEIGHTROW: "goal",
    DRAW_KINGSINEIGHTROW: "goal-tie",
    DRAW_STALEMATE: "stalemate",
    DRAW_REPETITION: "threefold",
    DRAW_50MOVES: "fifty-move",
}
CLAIMABLE = (DRAW_REPETITION, DRAW_50MOVES)


def version():
    """The installed Debian package's version, as PyChess states it."""
    try:
        from pychess import VERSION
        return VERSION
    except ImportError:
        return "unknown"


class PyChess:
    """The backend: a PyChess `RacingKingsBoard` (its low-level board keeps
    the move history, so a repetition within one `apply` counts)."""

    name = "pychess"
    version = version()
    language = "Python (PyChess)"
    variants = ["racingkings"]

    def open(self, variant, fen):
        try:
            return RacingKingsBoard(setup=fen.strip())
        except (SyntaxError, ValueError, IndexError, KeyError) as error:
            raise ValueError(f"PyChess refuses the FEN: {error}") from error

    def result(self, board):
        """PyChess's own status of the game, as its game model keeps it:
        `logic.getStatus`, with a claimable draw left running."""
        status, reason = logic.getStatus(board)
        if status == DRAW and reason in CLAIMABLE:
            return RUNNING, reason
        return status, reason

    def legal(self, board):
        """PyChess's move generator filtered by its own legality test
        (`logic.validate`, which refuses a check given and a king left
        attacked in Racing Kings); none once its status says the game is
        over."""
        if self.result(board)[0] != RUNNING:
            return []
        return [
            Move(move).as_uci()
            for move in lmovegen.genAllMoves(board.board)
            if logic.validate(board, Move(move))
        ]

    def play(self, board, move):
        for candidate in lmovegen.genAllMoves(board.board):
            if Move(candidate).as_uci() == move:
                return board.move(Move(candidate))
        raise ValueError(f"PyChess generates no move {move}")

    def fen(self, board):
        return board.asFen(enable_bfen=False)

    def piece(self, board, square):
        piece = board[Cord(square)]
        if piece is None:
            return None
        return reprSign[piece.piece].lower(), "white" if piece.color == WHITE else "black"

    def in_check(self, board):
        return bool(board.board.isChecked())

    def status(self, board):
        status, reason = self.result(board)
        if status == RUNNING:
            return {"result": "ongoing"}
        word = REASONS.get(reason, f"pychess-reason-{reason}")
        if status == DRAW:
            return {"result": "drawn", "reason": word}
        if status in (WHITEWON, BLACKWON):
            return {"result": "won", "winners": ["white" if status == WHITEWON else "black"], "reason": word}
        return {"result": "drawn", "reason": word}

    def claim(self, board):
        """A claim as PyChess's game grants it (`GameModel` on a draw
        offer: `logic.isClaimableDraw`, the reason from `getStatus`)."""
        if not logic.isClaimableDraw(board):
            return None
        status, reason = logic.getStatus(board)
        return REASONS.get(reason, f"pychess-reason-{reason}") if status == DRAW else None

    def perft(self, board, depth):
        """By recursion over the legal moves above (PyChess's own
        `lutils/perft.py` knows no variant: it would count the checks that
        Racing Kings forbids). Its pure-Python legality test costs about a
        millisecond a move, so a count whose tree is estimated above
        PYCHESS_PERFT_BUDGET inner positions (default 2000; 0: no limit) is
        answered `skipped`."""
        # own answer: perft: PyChess's perft knows no variant; counted by recursion over its legal moves
        budget = int(os.environ.get("PYCHESS_PERFT_BUDGET", "2000"))
        if depth >= 2 and budget > 0:
            estimate = max(1, len(self.legal(board))) ** (depth - 1)
            if estimate > budget:
                raise CannotAnswer(
                    f"PyChess has no Racing Kings perft; counting depth {depth} by recursion would visit "
                    f"about {estimate} inner positions (PYCHESS_PERFT_BUDGET={budget})"
                )
        return count(self, board, depth)


if __name__ == "__main__":
    Adapter(PyChess(), OUT).run()
