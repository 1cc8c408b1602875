#!/usr/bin/env python3
"""Add `description_de:` to scenario files, right after `description:`.

Usage: tools/add-description-de.py DIR TRANSLATIONS

TRANSLATIONS holds one line per scenario: `ID | German description`.
Files that already have `description_de:` are left alone; every other
line of a file is kept as it is.
"""
import pathlib
import re
import sys

import yaml


def main():
    root, source = pathlib.Path(sys.argv[1]), sys.argv[2]
    german = {}
    for line in open(source, encoding="utf-8"):
        if line.strip():
            ident, text = line.split(" | ", 1)
            german[ident.strip()] = text.strip()
    done = set()
    for path in sorted(root.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        match = re.search(r"^id: *(\S+)", text, re.M)
        if not match or match.group(1) not in german:
            continue
        ident = match.group(1)
        done.add(ident)
        if re.search(r"^description_de:", text, re.M):
            continue
        lines = text.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if line.startswith("description:"):
                end = i + 1
                while end < len(lines) and lines[end].startswith((" ", "\t")):
                    end += 1
                value = yaml.safe_dump(german[ident], allow_unicode=True, width=10**6)
                value = value.removesuffix("...\n").strip()
                lines.insert(end, f"description_de: {value}\n")
                break
        else:
            sys.exit(f"{path}: no description line")
        path.write_text("".join(lines), encoding="utf-8")
    missing = set(german) - done
    if missing:
        sys.exit(f"no scenario files for {sorted(missing)}")


if __name__ == "__main__":
    main()
