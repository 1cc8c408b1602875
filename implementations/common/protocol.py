"""The protocol side shared by the Python adapters of implementations/.

It speaks version 2.2 of the regelwerk engine protocol (docs/protocol.md)
on stdin/stdout and turns each request into questions to a `Backend`: the
outside library's legal moves, the position text it writes, check, the
game's end and draw claims. The report of an action is put together from
those answers alone; nothing here knows a rule of any variant, and the
reference engine is never asked.

A backend answers in the library's own words. Where the library has no
word for something the protocol asks (a refusal reason), the adapter says
so the way the protocol allows (`illegal`: refused, reason not given).
"""

import json
import os
import sys

PROTOCOL = "2.2"

# Promotion letters of the coordinate notation and the protocol's kinds.
KINDS = {
    "k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight",
    "p": "pawn", "c": "marshal", "a": "cardinal",
}


def log(name, message):
    """One line on stderr (stdout carries protocol messages only)."""
    try:
        print(f"[{name}] {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def keep_stdout_for_protocol():
    """Points file descriptor 1 at stderr for everything but our own
    messages: native code inside a library that prints to stdout (C++
    `std::cout`) would otherwise corrupt the protocol stream. Returns the
    text stream the adapter writes its answers to."""
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(protocol_fd, "w", encoding="utf-8", buffering=1)


def split_move(move):
    """The from-square, to-square and promotion letter of a coordinate move
    (`e10e9q` gives `e10`, `e9`, `q`)."""
    at = 1
    while at < len(move) and move[at].isdigit():
        at += 1
    origin, rest = move[:at], move[at:]
    end = 1
    while end < len(rest) and rest[end].isdigit():
        end += 1
    return origin, rest[:end], rest[end:]


class CannotAnswer(Exception):
    """A request the library cannot judge: answered `skipped` with the
    reason."""


class Adapter:
    """Answers protocol requests with a backend's answers.

    A backend has `name`, `version`, `language`, `variants` and:
    `open(variant, fen)` a state (raise ValueError for a position the
    library refuses); `legal(state)` its legal moves (coordinate notation,
    empty when the library says the game is over); `play(state, move)` the
    state after a legal move; `fen(state)`; `piece(state, square)` as
    (kind letter, side) or None; `in_check(state)`; `status(state)` the
    protocol status dict the library gives after a move; `claim(state)` the
    draw reason it grants for a claim, or None; `perft(state, depth)`."""

    def __init__(self, backend, out):
        self.backend = backend
        self.out = out
        self.started = False

    def send(self, message):
        self.out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.out.flush()

    def run(self):
        for raw in sys.stdin:
            line = raw.strip()
            if not line:
                continue
            try:
                request = json.loads(line)
            except ValueError as error:
                self.send({"type": "errored", "seq": 0, "context": f"cannot read request: {error}"})
                continue
            if not isinstance(request, dict):
                self.send({"type": "errored", "seq": 0, "context": "cannot read request: not an object"})
                continue
            kind = request.get("type")
            if kind == "stop":
                return
            if kind == "start":
                self.handshake(request)
                continue
            seq = request.get("seq", 0) if isinstance(request.get("seq"), int) else 0
            try:
                self.send(self.answer(kind, seq, request))
            except CannotAnswer as reason:
                self.send({"type": "skipped", "seq": seq, "reason": str(reason)})
            except Exception as error:  # the library failed: say so, stay up
                self.send({"type": "errored", "seq": seq, "context": f"{type(error).__name__}: {error}"})

    def handshake(self, request):
        if self.started:
            self.send({"type": "errored", "seq": 0, "context": "this session is already started"})
            return
        theirs = str(request.get("protocol", ""))
        if theirs.split(".")[0] != PROTOCOL.split(".")[0]:
            self.send({"type": "refused", "reason": f"the harness speaks protocol {theirs}; this adapter speaks {PROTOCOL}"})
            return
        self.started = True
        backend = self.backend
        self.send({
            "type": "ready", "protocol": PROTOCOL, "name": backend.name,
            "version": backend.version, "language": backend.language,
            "capabilities": ["apply", "moves", "perft", "status"], "variants": backend.variants,
        })

    def answer(self, kind, seq, request):
        variant = request.get("variant")
        if variant not in self.backend.variants:
            return {"type": "skipped", "seq": seq, "reason": f"{self.backend.name} does not play {variant}"}
        if request.get("rulings"):
            return {"type": "skipped", "seq": seq, "reason": f"{self.backend.name} has no ruling settings"}
        try:
            state = self.backend.open(variant, request.get("position", ""))
        except ValueError as error:
            return {"type": "errored", "seq": seq, "context": f"cannot read position: {error}"}
        if kind == "moves":
            moves = self.backend.legal(state)
            origin = request.get("from")
            if origin is not None:
                moves = [m for m in moves if split_move(m)[0] == origin]
            return {"type": "moves", "seq": seq, "moves": moves}
        if kind == "perft":
            return {"type": "perft", "seq": seq, "nodes": self.backend.perft(state, int(request.get("depth", 0)))}
        if kind == "apply":
            return {"type": "applied", "seq": seq, "results": self.apply(state, request.get("actions", []))}
        if kind == "status":
            return self.status(seq, state, request.get("actions") or [])
        return {"type": "skipped", "seq": seq, "reason": f"unknown request type {kind!r}"}

    def status(self, seq, state, actions):
        """The `status` request (2.2): the actions played as `apply` plays
        them, then the library's own status of the game (a granted claim
        is the draw it granted) and who moves next."""
        self.apply(state, actions)
        state, drawn = self.final
        status = drawn or self.backend.status(state)
        to_move = None
        if status["result"] == "ongoing":
            to_move = "white" if self.backend.fen(state).split()[1] == "w" else "black"
        return {"type": "status", "seq": seq, "status": status, "to_move": to_move}

    def apply(self, state, actions):
        """The results of `actions`; the state after them and the status a
        granted claim gave are left in `self.final` for `status`."""
        results = []
        claimed = False
        self.final = (state, None)
        for action in actions:
            action = str(action).strip().lower()
            if claimed:
                results.append({"result": "illegal", "position": self.backend.fen(state)})
                continue
            before = self.backend.fen(state)
            side = "white" if before.split()[1] == "w" else "black"
            other = "black" if side == "white" else "white"
            if action == "claim":
                reason = self.backend.claim(state) if self.backend.legal(state) else None
                if reason is None:
                    results.append({"result": "illegal", "position": before})
                    continue
                status = {"result": "drawn", "reason": reason}
                results.append(self.report(action, side, None, None, [], None, status, [{"kind": "drawn"}], before))
                claimed = True
                self.final = (state, status)
                continue
            if action not in self.backend.legal(state):
                # own answer: refusal: the libraries give no refusal reason; a refused move is `illegal`
                results.append({"result": "illegal", "position": before})
                continue
            origin, target, letter = split_move(action)
            capture = self.captured(state, origin, target)
            state = self.backend.play(state, action)
            self.final = (state, None)
            after = self.backend.fen(state)
            checks = [other] if self.backend.in_check(state) else []
            status = self.backend.status(state)
            events = [{"kind": "moved", "party": side}]
            if capture:
                events.append({"kind": "captured", "party": capture["owner"], "at": capture["at"], "piece": capture["kind"]})
            promotion = KINDS.get(letter) if letter else None
            if promotion:
                events.append({"kind": "promoted", "piece": promotion})
            if checks:
                events.append({"kind": "check", "parties": checks})
            if status["result"] == "won":
                events.append({"kind": "won", "party": status["winners"][0]})
            elif status["result"] == "drawn":
                events.append({"kind": "drawn"})
            following = other if status["result"] == "ongoing" else None
            results.append(self.report(action, side, capture, promotion, checks, following, status, events, after))
        return results

    def captured(self, state, origin, target):
        """The piece a move takes, read off the board before it: the piece
        on the target square, or the pawn passed by an en-passant step."""
        mover = self.backend.piece(state, origin)
        taken = self.backend.piece(state, target)
        if taken and mover and taken[1] != mover[1]:
            return {"kind": KINDS[taken[0]], "owner": taken[1], "at": target}
        # own answer: capture: the taken piece is read off the library's board before the move; en passant by the pawn's diagonal step to an empty square
        if mover and mover[0] == "p" and taken is None and origin[0] != target[0]:
            passed = target[0] + origin[1:]
            pawn = self.backend.piece(state, passed)
            if pawn and pawn[0] == "p" and pawn[1] != mover[1]:
                return {"kind": "pawn", "owner": pawn[1], "at": passed}
        return None

    @staticmethod
    def report(action, actor, capture, promotion, checks, following, status, events, position):
        report = {
            "action": action, "actor": actor, "capture": capture, "promotion": promotion,
            "checks": checks, "eliminations": [], "control": [], "next": following,
            "status": status, "events": events, "clocks": {}, "position": position,
        }
        return {"result": "legal", "report": report, "position": position}


def count(backend, state, depth):
    """perft by recursion over the library's legal moves (for libraries
    without their own perft)."""
    moves = backend.legal(state)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    return sum(count(backend, backend.play(state, move), depth - 1) for move in moves)
