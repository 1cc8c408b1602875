#!/usr/bin/env python3
"""An engine adapter in plain Python (standard library only).

It speaks version 2.2 of the regelwerk engine protocol (docs/protocol.md)
on its own stdin/stdout, for every rule system the protocol knows
(`monarchie`, `grand`, `racingkings`, `threekingdoms`, `sovereign`), and gets its answers from a child
process, `regelwerk serve`. It shows what every adapter has to do: read one
JSON request per line, answer each with exactly one JSON line (flushed),
echo `seq`, answer the `start` handshake with `ready` (or with `refused`
when the harness speaks another major version), exit on `stop`, and keep
stdout for protocol messages only (logs go to stderr).

Usage:

    python3 adapter.py [PATH_TO_REGELWERK [SERVE_ARGS...]]

PATH_TO_REGELWERK defaults to $REGELWERK, else `regelwerk` on PATH.
SERVE_ARGS are passed on to `regelwerk serve`, e.g. `--ruling R-KING=twelve`
to play a different reading of the rules (undeclared: the harness judges
it by the default reading, so the cases of that ruling fail). Set
ADAPTER_RULINGS to a comma-separated list of settings, e.g.
`ADAPTER_RULINGS=S-PAWN-DIR=box`, to play those readings and declare them
in `ready` (protocol 2.1): the harness then judges the adapter under them.
Set ADAPTER_DEBUG=1 to log every request to stderr.

A real engine replaces the child: see `Engine` below and README.md.
"""

import json
import os
import re
import subprocess
import sys

NAME = "python-engine-adapter"
LANGUAGE = "Python"
PROTOCOL = "2.2"  # the protocol version this adapter is written for
DEBUG = os.environ.get("ADAPTER_DEBUG") == "1"
# The readings this adapter plays and declares (protocol 2.1): `ID=key`.
RULINGS = [r.strip() for r in os.environ.get("ADAPTER_RULINGS", "").split(",") if r.strip()]


def log(message):
    """Logs a line to stderr; the harness keeps the last lines for its reports.
    Logging never takes the adapter down (e.g. when stderr is closed)."""
    try:
        print(f"[{NAME}] {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def to_line(message):
    """One message as one compact JSON line."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def errored(seq, context):
    """The `errored` answer to the request with this seq."""
    return to_line({"type": "errored", "seq": seq, "context": context})


def major(version):
    """The major part of a `MAJOR.MINOR` version text, or None."""
    if not isinstance(version, str) or not re.fullmatch(r"[0-9]+\.[0-9]+", version):
        return None
    return int(version.split(".")[0])


def minor(version):
    """The minor part of a `MAJOR.MINOR` version text, or None."""
    if major(version) is None:
        return None
    return int(version.split(".")[1])


def refusal(request):
    """The answer to a `start` we cannot take: `refused` (naming both
    versions) when its major version differs from ours, `errored` when it
    names no version; None when we speak it (same major version, any
    minor: then the lower of the two minor versions is spoken)."""
    theirs = request.get("protocol")
    if not isinstance(theirs, str):
        return errored(0, "cannot read request: `start` needs `protocol`, e.g. \"2.2\"")
    if major(theirs) is not None and major(theirs) == major(PROTOCOL):
        return None
    reason = f"the harness speaks protocol {theirs}; this adapter speaks {PROTOCOL}"
    return to_line({"type": "refused", "reason": reason})


class Engine:
    """The engine behind the adapter: here a `regelwerk serve` child that
    already speaks the protocol. A real engine would parse each request,
    call its own move generator and build the answer instead (`answer`)."""

    def __init__(self, command):
        self.command = command
        self.child = None
        self.start_line = None
        self.failure = None

    def spawn(self):
        """Starts the child; on failure remembers why (answered as `errored`)."""
        try:
            self.child = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None,  # the child's logs go straight to our stderr
                encoding="utf-8",
                bufsize=1,
            )
            self.failure = None
            log(f"started {' '.join(self.command)} (pid {self.child.pid})")
        except OSError as error:
            self.child = None
            self.failure = f"cannot start {' '.join(self.command)}: {error}"
            log(self.failure)

    def alive(self):
        return self.child is not None and self.child.poll() is None

    def ensure_running(self):
        """Restarts a crashed child, replaying the handshake it missed."""
        if self.alive():
            return True
        if self.child is not None:
            log(f"the engine exited with status {self.child.returncode}; restarting it")
        self.spawn()
        if not self.alive():
            return False
        if self.start_line is not None:
            ready = self.exchange(self.start_line)
            if ready is None:
                self.failure = "the restarted engine did not answer the handshake"
                return False
        return True

    def exchange(self, line):
        """Sends one line and reads one line back; None if the child died."""
        try:
            self.child.stdin.write(line + "\n")
            self.child.stdin.flush()
            answer = self.child.stdout.readline()
        except (BrokenPipeError, OSError, ValueError):
            return None
        if not answer:
            self.child.wait()
            return None
        return answer.rstrip("\r\n")

    def answer(self, line, request):
        """The answer line to one request line."""
        seq = request.get("seq", 0) if isinstance(request, dict) else 0
        kind = request.get("type") if isinstance(request, dict) else None
        if kind == "start":
            self.start_line = line
        if not self.ensure_running():
            return errored(seq, self.failure or "the engine is not running")
        reply = self.exchange(line)
        if reply is None:
            status = self.child.returncode
            return errored(seq, f"the engine exited (status {status}) without answering")
        try:
            message = json.loads(reply)
        except ValueError as error:
            log(f"the engine answered something that is not JSON: {reply[:200]!r}")
            return errored(
                seq, f"the engine answered something that is not JSON ({error}): {reply[:200]}"
            )
        if isinstance(message, dict) and message.get("type") == "ready":
            if major(message.get("protocol")) != major(PROTOCOL):
                reason = (
                    f"the engine behind this adapter speaks protocol "
                    f"{message.get('protocol')}; this adapter speaks {PROTOCOL}"
                )
                log(reason)
                return to_line({"type": "refused", "reason": reason})
            message["name"] = NAME
            message["language"] = LANGUAGE
            message["protocol"] = PROTOCOL
            # Speak the older of the two minor versions: `rulings` is 2.1,
            # the `status` request 2.2.
            theirs = json.loads(self.start_line).get("protocol") if self.start_line else None
            if (minor(theirs) or 0) < 2 or "status" not in message.get("capabilities", []):
                message["capabilities"] = [
                    c for c in message.get("capabilities", []) if c != "status"
                ]
            if RULINGS and (minor(theirs) or 0) >= 1:
                message["rulings"] = RULINGS
            elif RULINGS:
                log(f"the harness speaks {theirs}: cannot declare the readings {RULINGS}")
            log(
                f"handshake: protocol {message.get('protocol')}, "
                f"capabilities {message.get('capabilities')}, "
                f"variants {message.get('variants')}"
            )
            return to_line(message)
        return reply

    def stop(self, line=None):
        """Passes `stop` on (or closes the child's stdin) and waits for it."""
        if self.child is None:
            return
        try:
            if line is not None and self.alive():
                self.child.stdin.write(line + "\n")
                self.child.stdin.flush()
            self.child.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            self.child.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()


def engine_command(argv):
    """`PATH serve [SERVE_ARGS...]` from the command line and environment."""
    program = argv[1] if len(argv) > 1 else os.environ.get("REGELWERK", "regelwerk")
    forced = [word for setting in RULINGS for word in ("--ruling", setting)]
    return [program, "serve"] + argv[2:] + forced


def main(argv):
    for stream in (sys.stdin, sys.stdout):
        stream.reconfigure(encoding="utf-8", newline="\n")
    engine = Engine(engine_command(argv))
    engine.spawn()
    while True:
        line = sys.stdin.readline()
        if not line:
            log("end of input")
            engine.stop()
            return 0
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError as error:
            log(f"cannot read request: {line[:200]!r}")
            sys.stdout.write(errored(0, f"cannot read request: {error}") + "\n")
            sys.stdout.flush()
            continue
        if DEBUG:
            log(f"request: {line[:200]}")
        if isinstance(request, dict) and request.get("type") == "stop":
            log("stop")
            engine.stop(line)
            return 0
        refused = None
        if isinstance(request, dict) and request.get("type") == "start" and engine.start_line:
            # One handshake per session (docs/protocol.md §3): a second
            # `start` is an error, and the session goes on under the first.
            theirs = json.loads(engine.start_line).get("protocol")
            refused = errored(
                0,
                f"cannot answer `start` (protocol {request.get('protocol')}): this session is "
                f"already started (its handshake named protocol {theirs})",
            )
        elif isinstance(request, dict) and request.get("type") == "start":
            refused = refusal(request)
            if refused is not None:
                log(f"not taking the handshake: protocol {request.get('protocol')!r}")
        try:
            sys.stdout.write((refused or engine.answer(line, request)) + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            log("the harness closed our stdout")
            engine.stop()
            return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
