#!/usr/bin/env python3
"""Splice German texts into spec/<variant>/*.yaml as sibling `de:` maps.

Usage: tools/add-german.py SPEC_FILE TRANSLATIONS_FILE

TRANSLATIONS_FILE is YAML: entry ID -> {field: German text, ...}; a
ruling's alternatives go under `alternatives: {key: text}`. Each entry
gets a `de:` block after its last line (an alternative's after its
description); entries that already have `de:` are left alone. The file is
otherwise kept byte for byte (comments, order, folding).
"""
import re
import sys
import textwrap

import yaml


def block(indent, fields):
    """A `de:` map as folded YAML at `indent` spaces."""
    pad = " " * indent
    out = [pad + "de:\n"]
    for field, text in fields.items():
        text = " ".join(str(text).split())
        one = f"{pad}  {field}: {yaml.dump(text, allow_unicode=True, width=10**6).strip()}"
        if one.endswith("\n...") or "\n" in one:
            one = one.split("\n")[0]
        if len(one) <= 79 and not text.startswith(("'", '"')):
            out.append(one + "\n")
            continue
        out.append(f"{pad}  {field}: >-\n")
        for line in textwrap.wrap(text, width=max(40, 79 - indent - 4),
                                  break_long_words=False, break_on_hyphens=False):
            out.append(f"{pad}    {line}\n")
    return out


def main():
    path, source = sys.argv[1], sys.argv[2]
    german = yaml.safe_load(open(source, encoding="utf-8")) or {}
    lines = open(path, encoding="utf-8").read().splitlines(keepends=True)
    entry_re = re.compile(r"^(\s*)- id: *(\S+)")
    key_re = re.compile(r"^(\s*)- key: *(\S+)")
    # Find entries: (start, end, indent of fields, id)
    starts = [(i, len(m.group(1)), m.group(2).strip('"\''))
              for i, line in enumerate(lines) if (m := entry_re.match(line))]
    inserts = {}  # line index -> list of lines to insert after it
    used = set()
    for n, (start, dash, ident) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        last = end - 1
        while last > start and (not lines[last].strip() or lines[last].lstrip().startswith("#")):
            last -= 1
        body = lines[start:last + 1]
        field_indent = dash + 2
        if ident not in german:
            continue
        used.add(ident)
        if any(re.match(" " * field_indent + "de:", l) for l in body):
            continue
        fields = dict(german[ident])
        alternatives = fields.pop("alternatives", {}) or {}
        # Alternatives: find each `- key:` inside the entry.
        keys = [(i, len(m.group(1)), m.group(2).strip("\"'")) for i in range(start, last + 1)
                if (m := key_re.match(lines[i]))]
        for k, (kstart, kdash, key) in enumerate(keys):
            kend = kstart + 1
            while kend <= last:
                line = lines[kend]
                if key_re.match(line):
                    break
                if line.strip() and len(line) - len(line.lstrip()) <= kdash:
                    break
                kend += 1
            kl = kend - 1
            while not lines[kl].strip():
                kl -= 1
            if key in alternatives:
                inserts.setdefault(kl, []).extend(
                    block(kdash + 2, {"description": alternatives.pop(key)}))
        if alternatives:
            sys.exit(f"{path}: {ident}: no alternative {sorted(alternatives)}")
        if fields:
            inserts.setdefault(last, []).extend(block(field_indent, fields))
    unknown = set(german) - used
    if unknown:
        sys.exit(f"{path}: no entries {sorted(unknown)}")
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        out.extend(inserts.get(i, []))
    open(path, "w", encoding="utf-8").write("".join(out))


if __name__ == "__main__":
    main()
