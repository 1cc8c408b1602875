#!/usr/bin/env python3
"""A fake protocol engine for the harness tests: it passes every request on
to `regelwerk serve` and changes the answers as its options say.

    fake-engine.py REGELWERK [--illegal] [--log-seq] [--sleep-on SEQ:SECONDS]
                   [--declare ID=KEY]... [--protocol VERSION]

--illegal          answer every refusal with the class `illegal` (an engine
                   that knows legal or illegal only, protocol 2.1)
--refuse-all       answer every action `illegal`, legal ones too
--play-on          Racing Kings: after a king's arrival, give the other side
                   a move (the game goes on; Fairy-Stockfish 11.1's answer)
--log-seq          write `working on seq N` to stderr for every request
--answer-twice     write every answer after the handshake twice (the
                   protocol has exactly one per request)
--sleep-on S:T     sleep T seconds before answering the request with seq S
--declare ID=KEY   play the reading (serve --ruling) and declare it in ready
--announce ID=KEY  declare it in ready without playing it
--protocol V       answer ready with protocol V
"""

import json
import subprocess
import sys
import time


def main(argv):
    program, options = argv[1], argv[2:]
    illegal = "--illegal" in options
    refuse_all = "--refuse-all" in options
    play_on = "--play-on" in options
    log_seq = "--log-seq" in options
    answer_twice = "--answer-twice" in options
    sleep_on = {}
    declared = []
    announced = []
    protocol = None
    for flag, value in zip(options, options[1:] + [None]):
        if flag == "--sleep-on":
            seq, seconds = value.split(":")
            sleep_on[int(seq)] = float(seconds)
        elif flag == "--declare":
            declared.append(value)
        elif flag == "--announce":
            announced.append(value)
        elif flag == "--protocol":
            protocol = value
    command = [program, "serve"] + [w for d in declared for w in ("--ruling", d)]
    child = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, encoding="utf-8", bufsize=1
    )
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        child.stdin.write(line + "\n")
        child.stdin.flush()
        if request.get("type") == "stop":
            break
        seq = request.get("seq")
        if log_seq and seq is not None:
            print(f"working on seq {seq}", file=sys.stderr, flush=True)
        answer = json.loads(child.stdout.readline())
        if seq in sleep_on:
            time.sleep(sleep_on[seq])
        if answer.get("type") == "ready":
            answer["name"] = "fake-engine"
            if declared or announced:
                answer["rulings"] = declared + announced
            if protocol:
                answer["protocol"] = protocol
        if illegal and answer.get("type") == "applied":
            for result in answer["results"]:
                if result["result"] != "legal":
                    result["result"] = "illegal"
        if refuse_all and answer.get("type") == "applied":
            for result in answer["results"]:
                result["result"] = "illegal"
                result.pop("report", None)
        if play_on and answer.get("type") == "applied":
            for result in answer["results"]:
                report = result.get("report") or {}
                if report.get("status", {}).get("reason") == "goal":
                    report["status"] = {"result": "ongoing"}
                    report["next"] = "black" if report["actor"] == "white" else "white"
                    report["events"] = [e for e in report["events"] if e["kind"] != "won"]
        text = json.dumps(answer, separators=(",", ":")) + "\n"
        if answer_twice and answer.get("type") != "ready":
            text += text
        sys.stdout.write(text)
        sys.stdout.flush()
    child.stdin.close()
    child.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
