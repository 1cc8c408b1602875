#!/usr/bin/env python3
"""pyffish (pip, pinned 0.0.90: Fairy-Stockfish's rules as a Python
module) as a regelwerk engine for Grand Chess and Racing Kings, answered
by the module alone.

Usage: python3 implementations/pyffish/adapter.py
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))

from protocol import Adapter, CannotAnswer, keep_stdout_for_protocol  # noqa: E402

# Fairy-Stockfish's native code may write to stdout; from here on fd 1 is
# stderr and the protocol has its own stream.
OUT = keep_stdout_for_protocol()

import pyffish as sf  # noqa: E402


class State:
    """A position as pyffish takes it: a FEN and the moves played since
    (so that a repetition within one `apply` counts)."""

    def __init__(self, variant, fen, moves=()):
        self.variant, self.fen, self.moves = variant, fen, list(moves)
        self.memo = {}

    def ask(self, name, function):
        """One pyffish call per question and position: every call sets the
        position up from its FEN and costs milliseconds."""
        if name not in self.memo:
            self.memo[name] = function(self.variant, self.fen, self.moves)
        return self.memo[name]


class Pyffish:
    """The backend."""

    name = "pyffish"
    version = ".".join(str(part) for part in sf.version())
    language = "C++ (Fairy-Stockfish) through Python"
    variants = ["grand", "racingkings"]

    def open(self, variant, fen):
        fen = fen.strip()
        verdict = sf.validate_fen(fen, variant)
        if verdict != 1:
            raise ValueError(f"pyffish.validate_fen answers {verdict}")
        return State(variant, fen)

    def over(self, state):
        """The library's immediate game end: (ended, value for the side to
        move)."""
        ended, value = state.ask("end", sf.is_immediate_game_end)
        if ended:
            return True, value
        if self.material(state):
            return True, 0
        if not state.ask("legal", sf.legal_moves):
            return True, state.ask("result", sf.game_result)
        return False, 0

    @staticmethod
    def material(state):
        """pyffish's own judgement that neither side can win any more
        (`has_insufficient_material`, one answer per side); Racing Kings
        races on with bare kings, so only Grand Chess asks it."""
        if state.variant != "grand":
            return False
        white, black = state.ask("material", sf.has_insufficient_material)
        return bool(white and black)

    def legal(self, state):
        if self.over(state)[0]:
            return []
        return list(state.ask("legal", sf.legal_moves))

    def play(self, state, move):
        return State(state.variant, state.fen, state.moves + [move])

    def fen(self, state):
        return state.ask("fen", sf.get_fen)

    def piece(self, state, square):
        board = self.fen(state).split()[0]
        files = "abcdefghijklmnopqrstuvwxyz"
        ranks = board.split("/")
        row = ranks[len(ranks) - int(square[1:])]
        column, at = files.index(square[0]), 0
        digits = ""
        for char in row + " ":
            if char.isdigit():
                digits += char
                continue
            if digits:
                at += int(digits)
                digits = ""
            if char in "+~ ":
                continue
            if at == column:
                return char.lower(), "white" if char.isupper() else "black"
            at += 1
            if at > column:
                return None
        return None

    def in_check(self, state):
        return bool(state.ask("check", sf.gives_check))

    def status(self, state):
        ended, value = self.over(state)
        if not ended:
            return {"result": "ongoing"}
        to_move = "white" if self.fen(state).split()[1] == "w" else "black"
        other = "black" if to_move == "white" else "white"
        top = self.fen(state).split("/")[0]
        if self.material(state):
            return {"result": "drawn", "reason": "insufficient-material"}
        # own answer: status.reason: pyffish gives only the game's value; the reason is named the one way each variant allows
        if state.variant == "racingkings":
            if value == 0:
                reason = "goal-tie" if "K" in top and "k" in top else "stalemate"
                return {"result": "drawn", "reason": reason}
            return {"result": "won", "winners": [to_move if value > 0 else other], "reason": "goal"}
        if value == 0:
            return {"result": "drawn", "reason": "stalemate"}
        return {"result": "won", "winners": [to_move if value > 0 else other], "reason": "checkmate"}

    def claim(self, state):
        ended, _ = state.ask("optional", sf.is_optional_game_end)
        if not ended:
            return None
        clock = int(self.fen(state).split()[-2])
        # own answer: claim.reason: pyffish says a draw may be claimed, not why; the half-move clock tells the two apart
        return "fifty-move" if clock >= 100 else "threefold"

    def perft(self, state, depth):
        """pyffish has no perft: counted by recursion, each node's FEN asked
        of the library once. Every call costs milliseconds (pyffish sets up
        the position from its FEN each time), so a count whose tree is
        estimated above PYFFISH_PERFT_BUDGET inner nodes (default 1000; 0:
        no limit) is not attempted but answered `skipped`."""
        # own answer: perft: pyffish has no perft; counted by recursion over its legal moves
        fen = self.fen(state)
        root = State(state.variant, fen)
        budget = int(os.environ.get("PYFFISH_PERFT_BUDGET", "1000"))
        if depth >= 2 and budget > 0:
            width = max(1, len(self.legal(root)))
            estimate = width ** (depth - 1)
            if estimate > budget:
                raise CannotAnswer(
                    f"pyffish has no perft; counting depth {depth} by recursion would visit about "
                    f"{estimate} inner positions at a few ms each (PYFFISH_PERFT_BUDGET={budget})"
                )
        return self.count(root, depth)

    def count(self, state, depth):
        if depth == 0:
            return 1
        moves = self.legal(state)
        if depth == 1:
            return len(moves)
        return sum(
            self.count(State(state.variant, sf.get_fen(state.variant, state.fen, [move])), depth - 1)
            for move in moves
        )


if __name__ == "__main__":
    Adapter(Pyffish(), OUT).run()
