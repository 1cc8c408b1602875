#!/usr/bin/env python3
"""A fake protocol engine for the tests of `regelwerk fuzz --engine`'s
diagnostics: it passes every request on to `regelwerk serve` and changes
the answers as its options say.

    fake-fuzz-engine.py REGELWERK [--error-on TYPE] [--slow-perft SECONDS]
                        [--drop-en-passant]

--error-on TYPE      answer every request of TYPE (apply, perft, moves)
                     `errored`, as an engine that fails on it would
--slow-perft S       sleep S seconds before answering a perft request (an
                     engine that counts perft slowly, not wrongly)
--drop-en-passant    write `-` for the en-passant field (the fourth) of
                     every position an `apply` answer gives
"""

import json
import subprocess
import sys
import time


def main(argv):
    program, options = argv[1], argv[2:]
    error_on = set()
    slow_perft = 0.0
    drop_en_passant = "--drop-en-passant" in options
    for flag, value in zip(options, options[1:] + [None]):
        if flag == "--error-on":
            error_on.add(value)
        elif flag == "--slow-perft":
            slow_perft = float(value)
    child = subprocess.Popen(
        [program, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        encoding="utf-8", bufsize=1,
    )
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        kind = request.get("type")
        if kind in error_on:
            answer = {"type": "errored", "seq": request.get("seq"),
                      "context": f"the fake engine fails on every {kind} request"}
            sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
            sys.stdout.flush()
            continue
        child.stdin.write(line + "\n")
        child.stdin.flush()
        if kind == "stop":
            break
        answer = json.loads(child.stdout.readline())
        if kind == "perft" and slow_perft > 0:
            time.sleep(slow_perft)
        if drop_en_passant and answer.get("type") == "applied":
            for result in answer["results"]:
                fields = result["position"].split(" ")
                if len(fields) == 6:
                    fields[3] = "-"
                    result["position"] = " ".join(fields)
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    child.stdin.close()
    child.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
