#!/usr/bin/env python3
"""Checks the code's layout: no source file over 600 lines (a Rust file's unit tests at its end,
`#[cfg(test)] mod tests { ... }`, aside), and no import circle between the modules of a crate
(nor between the page's scripts).

Rust: the nodes are each crate's top-level modules (the files and folders `lib.rs` or `main.rs`
declares); module A uses module B when a file of A names `crate::B` (or a name the crate root
re-exports from B) or, at the top level, `super::B`. Within each module folder the same holds
for the files beside its `mod.rs` (`super::sibling`, or a name `mod.rs` re-exports from it). A
circle of such uses is an error: one module of the two should own what both need. TypeScript:
the nodes are the page's files, crates/server/web/src/*.ts, and the edges their
`import ... from "./x"` lines (type-only imports too).

Usage: python3 tools/layout_check.py   (from the repository's root; exit status 1 on a finding)
"""

import glob
import os
import re
import sys

LIMIT = 600


def rust_lines_without_tests(text):
    """The file's line count without a trailing `#[cfg(test)] mod tests` block."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("#[cfg(test)]") and i + 1 < len(lines) and lines[i + 1].startswith("mod tests"):
            return i
    return len(lines) - (1 if text.endswith("\n") else 0)


def too_long():
    found = []
    for path in sorted(glob.glob("crates/*/src/**/*.rs", recursive=True)):
        n = rust_lines_without_tests(open(path).read())
        if n > LIMIT:
            found.append(f"{path}: {n} lines (over {LIMIT}, unit tests aside)")
    for path in sorted(glob.glob("crates/server/web/src/*.ts") + glob.glob("crates/server/web/test/*.ts")):
        n = open(path).read().count("\n")
        if n > LIMIT:
            found.append(f"{path}: {n} lines (over {LIMIT})")
    return found


def cycles(graph):
    """Every circle of the graph, each once, as a list of nodes."""
    found, seen = [], set()
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    key = frozenset(path)
                    if key not in seen:
                        seen.add(key)
                        found.append(path + [start])
                elif nxt not in path and nxt > start:
                    stack.append((nxt, path + [nxt]))
    return found


def reexports(text, modules):
    """The names a module file's `pub use module::{...}` lines re-export, each to its module."""
    exported = {}
    for module, names in re.findall(r"^\s*pub(?:\([^)]*\))?\s+use\s+(\w+)::\{?([^;]*?)\}?;", text, re.M | re.S):
        if module in modules:
            for name in re.split(r"[\s,]+", names):
                name = name.split(" as ")[-1].strip()
                if name:
                    exported[name] = module
    return exported


def crate_graph(src):
    """The top-level modules of the crate at `src` and which use which."""
    root = os.path.join(src, "lib.rs")
    if not os.path.exists(root):
        root = os.path.join(src, "main.rs")
    text = open(root).read()
    modules = set(re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text, re.M))
    # names the root re-exports, to the module they come from
    exported = reexports(text, modules)
    graph = {m: set() for m in modules}
    for m in modules:
        files = [os.path.join(src, m + ".rs")] + glob.glob(os.path.join(src, m, "**", "*.rs"), recursive=True)
        for path in files:
            if not os.path.exists(path):
                continue
            body = open(path).read()
            body = body.split("\n#[cfg(test)]\nmod tests")[0]
            body = re.sub(r"^\s*//.*$", "", body, flags=re.M)
            names = set(re.findall(r"\bcrate::(\w+)", body))
            for group in re.findall(r"\bcrate::\{([^}]*)\}", body):
                names.update(re.findall(r"\b(\w+)", group))
            if os.path.dirname(path) == src:
                names.update(re.findall(r"\bsuper::(\w+)", body))
            for name in names:
                target = name if name in modules else exported.get(name)
                if target and target != m:
                    graph[m].add(target)
    return graph


def folder_graph(folder):
    """The files of a module folder (beside its `mod.rs`) and which use which: a file uses a
    sibling when it names `super::sibling`, or a name `mod.rs` re-exports from it."""
    text = open(os.path.join(folder, "mod.rs")).read()
    siblings = {os.path.basename(p)[:-3] for p in glob.glob(os.path.join(folder, "*.rs"))} - {"mod"}
    exported = reexports(text, siblings)
    graph = {m: set() for m in siblings}
    for m in siblings:
        body = open(os.path.join(folder, m + ".rs")).read().split("\n#[cfg(test)]\nmod tests")[0]
        body = re.sub(r"^\s*//.*$", "", body, flags=re.M)
        names = set(re.findall(r"\bsuper::(\w+)", body))
        for group in re.findall(r"\bsuper::\{([^}]*)\}", body):
            names.update(re.findall(r"\b(\w+)", group))
        for name in names:
            target = name if name in siblings else exported.get(name)
            if target and target != m:
                graph[m].add(target)
    return graph


def rust_circles():
    found = []
    for src in sorted(glob.glob("crates/*/src")):
        for circle in cycles(crate_graph(src)):
            found.append(f"{src}: import circle {' -> '.join(circle)}")
        for mod_rs in sorted(glob.glob(os.path.join(src, "**", "mod.rs"), recursive=True)):
            folder = os.path.dirname(mod_rs)
            for circle in cycles(folder_graph(folder)):
                found.append(f"{folder}: import circle {' -> '.join(circle)}")
    return found


def ts_circles():
    graph = {}
    for path in glob.glob("crates/server/web/src/*.ts"):
        name = os.path.basename(path)[: -len(".ts")]
        graph[name] = set(re.findall(r"""from\s+["']\./([\w.-]+)["']""", open(path).read()))
    return [f"crates/server/web/src: import circle {' -> '.join(c)}" for c in cycles(graph)]


def main():
    findings = too_long() + rust_circles() + ts_circles()
    for f in findings:
        print(f)
    if findings:
        sys.exit(1)
    print(f"layout: no file over {LIMIT} lines, no import circle")


if __name__ == "__main__":
    main()
