"""The fourth hostile table (issue 44), part of tools/hostile_table.py:
25 cases where the code is newest (the implementations matrix and its
manifests, the explorer's address and API, the report writer, sharded
campaigns resumed with other options), and the defects issue 44 named
(an engine's detached helpers, files replaced unasked, the 8 MiB flow
list, /dev/null as an empty list).

Rows are (what, argv, stdin, options) as in tools/hostile_third.py, with
four more options: `cwd` (the folder to run in), `peak_kb` (the most
peak memory the row may take), `http` (requests sent to the explorer the
row starts: (method, path, body, check), where check(status, body)
returns a problem or None; the explorer is then stopped with SIGTERM),
`not_in` (a file and words it must not hold afterwards), and `quiet`
(words the run's stderr must not hold).
"""

import json
import os
import shutil
import socket

# An engine whose helpers detach: it forks three children, each calling
# setsid() and ignoring SIGTERM, then waits without answering (issue 44).
SETSID = r"""import os, signal, sys, time
for _ in range(3):
    if os.fork() == 0:
        os.setsid()
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.execvp("sleep", ["sleep", sys.argv[1]])
if len(sys.argv) > 2:
    sys.exit(0)
time.sleep(100000)
"""

# An adapter that answers every request through `regelwerk serve`, and at
# the end (stdin closed, or told to stop) does not exit: it ignores
# SIGTERM and sleeps.
STUCK_AT_END = r"""import signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
serve = subprocess.Popen([sys.argv[1], "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    if '"stop"' in line:
        break
    serve.stdin.write(line)
    serve.stdin.flush()
    print(serve.stdout.readline().strip(), flush=True)
serve.kill()
subprocess.Popen(["sleep", sys.argv[2]])
time.sleep(100000)
"""

# An adapter that answers with `regelwerk serve`'s answers but names
# itself in HTML: the conformance report must show the name escaped.
HTML_NAME = r"""import json, subprocess, sys
serve = subprocess.Popen([sys.argv[1], "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    serve.stdin.write(line)
    serve.stdin.flush()
    answer = serve.stdout.readline()
    if not answer:
        break
    reply = json.loads(answer)
    if reply.get("type") == "ready":
        reply["name"] = "<script>alert(1)</script>"
        reply["version"] = "<b>1</b>"
    print(json.dumps(reply), flush=True)
"""

HTML = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status_is(wanted, *words):
    """A check: the status is `wanted` and the body holds `words`."""

    def check(status, body):
        if status != wanted:
            return f"answered {status}, not {wanted}: {body[:160]}"
        if status >= 400 and ("invalid type" in body or "panicked" in body):
            return f"the error speaks a parser's words: {body[:160]}"
        missing = [word for word in words if word not in body]
        if missing:
            return f"the answer does not say {missing}: {body[:160]}"
        return None

    return check


def rows(binary, tmp, one, root):
    put_dir = os.path.join(tmp, "fourth")
    os.makedirs(put_dir, exist_ok=True)

    def put(name, data):
        path = os.path.join(put_dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb" if isinstance(data, bytes) else "w") as out:
            out.write(data)
        return path

    rows = []
    serve = f"{binary} serve"

    # 1-2. Issue 44's engine: three setsid helpers ignoring SIGTERM, the
    # engine waiting (1) or exiting at once (2, the helpers orphaned).
    setsid = put("setsid.py", SETSID)
    rows.append((
        "engine forking 3 children that call setsid and ignore SIGTERM (`conform --variant grand --clause g.6 --timeout 2`)",
        ["conform", "--variant", "grand", "--clause", "g.6", "--timeout", "2", "--engine", f"python3 {setsid} 864401"],
        None,
        {"mark": "864401", "limit": 60},
    ))
    rows.append((
        "engine whose 3 setsid children outlive it (it exits at once)",
        ["conform", "--variant", "grand", "--clause", "g.6", "--timeout", "2", "--engine", f"python3 {setsid} 864402 exit"],
        None,
        {"mark": "864402", "limit": 60},
    ))
    # 3. An adapter that answers everything, then hangs at the end.
    stuck = put("stuck.py", STUCK_AT_END)
    rows.append((
        "adapter answering every request, then hanging at the end (ignores SIGTERM, starts `sleep`)",
        ["conform", "--variant", "racingkings", "--clause", "rk.1", "--timeout", "5", "--engine", f"python3 {stuck} {binary} 864403"],
        None,
        {"mark": "864403", "limit": 60},
    ))

    # 4-8. The implementations matrix and its manifests.
    impl = os.path.join(put_dir, "impl")
    results = os.path.join(put_dir, "results")
    os.makedirs(results, exist_ok=True)
    manifest = (
        "name: x\nlibrary: x\nversion: '1'\nsource: x\nroute: engine\n"
        "variants: [racingkings]\nexpected_failures: expected-failures.txt\n"
        "known_differences: known-differences.txt\n"
    )
    put("impl/x/implementation.yaml", manifest + "adapter: adapter-that-does-not-exist.py\n")
    put("impl/x/expected-failures.txt", "")
    put("impl/x/known-differences.txt", "")
    rows.append((
        "matrix: a manifest naming an adapter (a field the manifest does not have)",
        ["matrix", "--implementations", impl, "--results", results],
        None,
        {"exit": "2", "says": "implementation.yaml"},
    ))
    impl2 = os.path.join(put_dir, "impl2")
    put("impl2/y/implementation.yaml", manifest.replace("name: x", "name: y"))
    rows.append((
        "matrix: a manifest whose expected-failures file is missing",
        ["matrix", "--implementations", impl2, "--results", results],
        None,
        {"exit": "2", "says": "expected-failures.txt"},
    ))
    impl3 = os.path.join(put_dir, "impl3")
    put("impl3/z/implementation.yaml", manifest.replace("name: x", "name: z").replace("[racingkings]", "[chess960]"))
    put("impl3/z/expected-failures.txt", "")
    put("impl3/z/known-differences.txt", "")
    rows.append((
        "matrix: a manifest naming a variant regelwerk does not have",
        ["matrix", "--implementations", impl3, "--results", results],
        None,
        {"exit": "2", "says": "chess960"},
    ))
    rows.append((
        "matrix: `--results` is a file, not a folder",
        ["matrix", "--implementations", os.path.join(root, "implementations"), "--results", one],
        None,
        {"exit": "2"},
    ))
    known = put("known-1e6.txt", "F-RK-EQUAL-MOVES\n" + "#\n" * 999_999)
    rows.append((
        "`fuzz --known-differences` of 10^6 lines (a finding and 999,999 comments)",
        ["fuzz", "--variant", "racingkings", "--games", "1", "--max-plies", "20", "--engine", serve, "--known-differences", known],
        None,
        {"limit": 60},
    ))

    # 9-13. The explorer: its options and its API (the address's state).
    rows.append((
        "`explore --scenario` that does not exist",
        ["explore", "--variant", "racingkings", "--scenario", "no-such-scenario", "--port", "0"],
        None,
        {"exit": "2", "says": "no-such-scenario"},
    ))
    rows.append((
        "`explore --scenario ID --step 9999` (a step past the end)",
        ["explore", "--variant", "racingkings", "--scenario", "rk.1-white-moves-first", "--step", "9999", "--port", "0"],
        None,
        {"exit": "2"},
    ))
    port = free_port()
    # Legal actions that come back round (the knights out and home).
    cycle = ["e1d3", "d1c3", "d3e1", "c3d1"]
    many = cycle * 25_000
    rows.append((
        "explorer: an address with 10^5 legal actions, and one with 10^4 (`/api/state`)",
        ["explore", "--variant", "racingkings", "--port", str(port)],
        None,
        {
            "http": (port, [
                ("POST", "/api/state", json.dumps({"variant": "racingkings", "actions": many}), status_is(400, "at most")),
                ("POST", "/api/state", json.dumps({"variant": "racingkings", "actions": cycle * 2_500}), status_is(200)),
            ]),
            "limit": 60,
        },
    ))
    port = free_port()
    rows.append((
        "explorer: a ruling that does not exist (`/api/state`)",
        ["explore", "--variant", "grand", "--port", str(port)],
        None,
        {
            "http": (port, [("POST", "/api/state", json.dumps({"variant": "grand", "rulings": ["R-DOES-NOT-EXIST=x"]}), status_is(400, "R-DOES-NOT-EXIST"))]),
            "limit": 60,
        },
    ))
    port = free_port()
    rows.append((
        "explorer: a scenario that does not exist, and one of another variant (`/api/scenario`)",
        ["explore", "--variant", "grand", "--port", str(port)],
        None,
        {
            "http": (port, [
                ("POST", "/api/scenario", json.dumps({"variant": "grand", "id": "no-such-scenario"}), status_is(404, "no-such-scenario")),
                ("POST", "/api/scenario", json.dumps({"variant": "grand", "id": "rk.1-white-moves-first"}), status_is(404, "rk.1-white-moves-first")),
            ]),
            "limit": 60,
        },
    ))

    # 14-16. The report writer.
    rows.append((
        "`report --html` into a file (the output folder is a file)",
        ["report", "--html", one, "--variant", "racingkings"],
        None,
        {"exit": "2", "keep": [one]},
    ))
    site_root = os.path.join(put_dir, "html-root")
    os.makedirs(site_root, exist_ok=True)
    for name in ("scenarios", "spec", "implementations"):
        shutil.copytree(os.path.join(root, name), os.path.join(site_root, name), symlinks=True)
    clauses = os.path.join(site_root, "spec", "racingkings", "clauses.yaml")
    text = open(clauses).read()
    text = text.replace('heading: "Board and players"', f'heading: "Board and players {HTML}"', 1)
    text = text.replace("heading: Brett und Spieler", f'heading: "Brett und Spieler {HTML}"', 1)
    open(clauses, "w").write(text)
    site = os.path.join(put_dir, "html-site")
    rows.append((
        "`report` of a spec whose clause heading holds HTML (`<script>`): escaped",
        ["report", "--html", site, "--variant", "racingkings", "--perft-depth", "1"],
        None,
        {"cwd": site_root, "not_in": (site, HTML), "in": (site, ESCAPED), "limit": 120},
    ))
    name = put("html-name.py", HTML_NAME)
    page = os.path.join(put_dir, "conform-html.html")
    rows.append((
        "`conform --format html` of an engine whose name holds HTML: escaped",
        ["conform", "--variant", "racingkings", "--clause", "rk.1", "--engine", f"python3 {name} {binary}", "--format", "html", "-o", page],
        None,
        {"not_in": (page, HTML), "in": (page, ESCAPED)},
    ))

    # 17-20. Sharded campaigns resumed with other options.
    c = os.path.join(put_dir, "c.jsonl")
    rows.append((
        "`check --shard 1/2 --output` then `--resume` as shard 2/2",
        ["check", "--variant", "racingkings", "--shard", "2/2", "--output", c, "--resume"],
        None,
        {"before": ["check", "--variant", "racingkings", "--shard", "1/2", "--output", c], "exit": "2", "says": "shard", "keep": [c]},
    ))
    f = os.path.join(put_dir, "f.jsonl")
    rows.append((
        "`fuzz --shard 1/2 --output` then `--resume` with another `--seed`",
        ["fuzz", "--variant", "racingkings", "--games", "4", "--seed", "7", "--shard", "1/2", "--output", f, "--resume"],
        None,
        {"before": ["fuzz", "--variant", "racingkings", "--games", "4", "--shard", "1/2", "--output", f], "exit": "2", "says": "seed", "keep": [f]},
    ))
    p = os.path.join(put_dir, "p.jsonl")
    rows.append((
        "`perft 2 --shard 1/2 --output` then `perft 3 ... --resume`",
        ["perft", "3", "--variant", "racingkings", "--shard", "1/2", "--output", p, "--resume"],
        None,
        {"before": ["perft", "2", "--variant", "racingkings", "--shard", "1/2", "--output", p], "exit": "2", "keep": [p]},
    ))
    k = os.path.join(put_dir, "k.jsonl")
    rows.append((
        "`conform --shard 1/2 -o k.jsonl` then `--resume` with `--clause`",
        ["conform", "--variant", "racingkings", "--engine", serve, "--shard", "1/2", "-o", k, "--resume", "--clause", "rk.1"],
        None,
        {"before": ["conform", "--variant", "racingkings", "--engine", serve, "--shard", "1/2", "-o", k], "exit": "2", "keep": [k]},
    ))

    # 21-23. The write rule (issue 44, item 2).
    scenario = put("scenario-as-journal.yaml", open(one).read())
    rows.append((
        "`play --journal x.yaml` where x.yaml is a scenario",
        ["play", "--variant", "monarchie", "--max-plies", "4", "--quiet", "--journal", scenario],
        None,
        {"exit": "2", "keep": [scenario], "says": "--force"},
    ))
    results = put("results.jsonl", "")
    rows.append((
        "`check --shard 1/1 --output` over the results of an earlier campaign",
        ["check", "--variant", "racingkings", "--clause", "rk.1", "--shard", "1/1", "--output", results],
        None,
        {"before": ["check", "--variant", "racingkings", "--clause", "rk.1", "--shard", "1/1", "--output", results], "exit": "2", "keep": [results], "says": "--resume"},
    ))
    source = put("source.svg", "fn main() {}\n")
    rows.append((
        "`render -o x.svg` where x.svg holds source text",
        ["render", "--variant", "grand", "-o", source],
        None,
        {"exit": "2", "keep": [source], "says": "--force"},
    ))

    # 24-25. Parse memory and /dev/null (issue 44, items 3 and 5).
    flow = put("flow8.yaml", "[" + "a," * (4 * 1024 * 1024 - 3) + "a]\n")
    rows.append((
        "an 8 MiB one-line flow YAML list of 4.19 million items (`check flow8.yaml`)",
        ["check", flow],
        None,
        {"exit": "2", "peak_kb": 300 * 1024, "says": "MAX_YAML_ITEMS"},
    ))
    rows.append((
        "`conform --expected-failures /dev/null` (an empty list)",
        ["conform", "--variant", "racingkings", "--clause", "rk.1", "--engine", serve, "--expected-failures", "/dev/null"],
        None,
        {"exit": "0"},
    ))
    return rows
