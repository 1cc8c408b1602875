#!/usr/bin/env python3
"""Lists the import circles of src/ (issue 26, item 17).

A module is a file: src/scenario/load.rs is `scenario/load`, a folder's
mod.rs is the folder (`scenario`). An edge A -> B is a path in A's code
that names B: `crate::scenario::load::...`, `super::load::...` (resolved
from A), `regelwerk::...` in the binary. Prints:

  1. circles across folders: strongly connected components of the module
     graph whose modules lie in more than one top folder of src/;
  2. circles among the subcommands (src/cli/*.rs);
  3. rule-system code (src/variant/) that names the harness above it
     (fuzz/, render/, report/, protocol/, scenario/, cli/, journal/,
     tournament/, players/, record/).

    python3 tools/import_cycles.py [--json]

Exit 0 always: it reports, the test suite does not gate on it.
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")
HARNESS = {"fuzz", "render", "report", "protocol", "scenario", "cli", "journal",
           "tournament", "players", "record"}


def modules():
    """module name -> file path."""
    found = {}
    for folder, _, files in os.walk(SRC):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, SRC)[:-3]
            if rel.endswith("/mod"):
                rel = rel[:-4]
            if rel in ("lib", "main"):
                rel = ""
            found[rel] = path
    return found


def resolve(parts, known):
    """The longest known module that `parts` (a path's segments) names."""
    for end in range(len(parts), 0, -1):
        name = "/".join(parts[:end])
        if name in known:
            return name
    return None


def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


PATH = re.compile(r"\b(crate|super|regelwerk)((?:::\w+)+)")
GROUP = re.compile(r"\b(crate|super|regelwerk)((?:::\w+)*)::\{([^;]*?)\}", re.S)


def edges(known):
    graph = {name: set() for name in known}
    for name, path in known.items():
        text = strip_comments(open(path).read())
        base = name.split("/") if name else []
        is_mod = path.endswith("mod.rs") or name == ""
        here = base if is_mod else base[:-1]

        def target(root, segments):
            if root in ("crate", "regelwerk"):
                start = []
            else:
                start = list(here)
                while segments and segments[0] == "super":
                    segments = segments[1:]
                    start = start[:-1]
            return resolve(start + segments, known)

        found = []
        for root, rest in PATH.findall(text):
            segments = [s for s in rest.split("::") if s]
            # `super::super::x` arrives as root super, rest ::super::x
            found.append(target(root, segments))
        for root, rest, inner in GROUP.findall(text):
            prefix = [s for s in rest.split("::") if s]
            for item in re.split(r",", inner):
                item = item.strip().split("::")
                if item and item[0] and item[0] not in ("self", "*"):
                    found.append(target(root, prefix + [item[0]]))
        for other in found:
            if other is not None and other != name and not name.startswith(other + "/") and other != "":
                # A module naming its own ancestor folder's mod.rs items is
                # a use of the folder's public face, not a circle.
                if name.startswith(other + "/"):
                    continue
                graph[name].add(other)
    return graph


def components(graph):
    """Tarjan's strongly connected components of more than one module."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def top(name):
    return name.split("/")[0]


def main():
    known = modules()
    graph = edges(known)
    circles = components(graph)
    across = [c for c in circles if len({top(m) for m in c}) > 1]
    cli_graph = {m: {o for o in graph[m] if o.startswith("cli/")} for m in graph if m.startswith("cli/")}
    cli = components(cli_graph)
    upward = sorted(
        (m, o) for m in graph if m.startswith("variant/") for o in graph[m] if top(o) in HARNESS
    )
    if "--json" in sys.argv:
        print(json.dumps({"across_folders": across, "subcommands": cli,
                          "variant_uses_harness": upward}, indent=1))
        return
    print(f"circles across folders: {len(across)}")
    for c in across:
        print("  " + " <-> ".join(c))
    print(f"circles among the subcommands (src/cli/): {len(cli)}")
    for c in cli:
        print("  " + " <-> ".join(c))
    print(f"rule-system modules naming the harness above them: {len(upward)}")
    for m, o in upward:
        print(f"  {m} -> {o}")


if __name__ == "__main__":
    main()
