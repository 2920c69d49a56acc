#!/usr/bin/env python3
"""Finds the circles of imports between the source files of `src/`.

A file depends on another when it names, in a `use` declaration or a
`crate::`/`super::`/`self::` path, an item that the other defines; names
re-exported with `pub use` are followed to the file that defines them, and
a `pub use` itself is no dependency (it only passes a name on). Tests
(`#[cfg(test)]` modules and `*_tests.rs` files) are left out.

Exits with 1, naming the files, when a circle is not among the known
ones (`.ci/known_circles.txt`, one circle a line, its files sorted and
joined by spaces), a known one has grown, or a known one is no longer
as listed; lists them with --list.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
KNOWN = Path(__file__).resolve().parent / "known_circles.txt"

ITEM = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+fn|async\s+fn|unsafe\s+fn|fn|struct|enum|trait|type|"
    r"const|static|union|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
MOD_DECL = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;", re.M)
USE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.S)
PATH = re.compile(r"\b((?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")


def strip(text):
    """The text without comments, strings, and test modules."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'r#*"(?:.|\n)*?"#*', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    text = re.sub(r"'(?:\\.|[^'\\])'", "''", text)
    # A visibility names a module without depending on it.
    text = re.sub(r"pub\(in\s+[^)]*\)", "pub", text)
    # A test module runs to the end of its file in this code base.
    at = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)
    return text[: at.start()] if at else text


class Module:
    def __init__(self, path, file, text):
        self.path = path  # tuple of names from the crate root
        self.file = file
        self.text = text
        self.children = {}
        self.items = set(ITEM.findall(text))
        self.reexports = {}  # name -> (use path as a list, from module)


def module_file(directory, name):
    for candidate in (directory / f"{name}.rs", directory / name / "mod.rs"):
        if candidate.is_file():
            return candidate
    return None


def load(root_file, path, modules, children_dir):
    text = strip(root_file.read_text(encoding="utf-8"))
    module = Module(path, root_file, text)
    modules[path] = module
    for name in MOD_DECL.findall(text):
        child = module_file(children_dir, name)
        if child is None or child.name.endswith("_tests.rs"):
            continue
        child_dir = child.parent if child.name == "mod.rs" else children_dir / name
        module.children[name] = load(child, path + (name,), modules, child_dir).path
    return module


def use_trees(tree):
    """The paths a use tree names, each a list of segments (renames
    dropped; a glob ends in '*')."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)

    def expand(prefix, rest):
        head, brace, body = rest.partition("{")
        head_parts = [s for s in head.split("::") if s]
        if not brace:
            yield prefix + head_parts
            return
        for part in split(body[: matching(body)]):
            if part == "self":
                yield prefix + head_parts
            else:
                yield from expand(prefix + head_parts, part)

    return list(expand([], tree))


def matching(body):
    depth = 0
    for index, char in enumerate(body):
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return index
            depth -= 1
    return len(body)


def split(text):
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += char == "{"
        depth -= char == "}"
        current += char
    if current:
        parts.append(current)
    return [part for part in parts if part]


def resolve(modules, at, segments, seen=None):
    """The file defining what `segments` name from module `at`, if it is
    in this crate."""
    seen = seen or set()
    if not segments:
        return modules[at].file
    first, rest = segments[0], segments[1:]
    if first == "crate":
        return resolve(modules, (), rest, seen)
    if first == "super":
        return resolve(modules, at[:-1], rest, seen) if at else None
    if first == "self":
        return resolve(modules, at, rest, seen)
    module = modules[at]
    if first in module.children:
        return resolve(modules, module.children[first], rest, seen)
    if first == "*" or first in module.items:
        return module.file
    if first in module.reexports and (at, first) not in seen:
        target, origin = module.reexports[first]
        return resolve(modules, origin, target + rest, seen | {(at, first)})
    return None


def graph(root_file):
    modules = {}
    load(root_file, (), modules, root_file.parent)
    # Re-exports first, so that names passed on can be followed.
    for path, module in modules.items():
        for public, tree in USE.findall(module.text):
            for segments in use_trees(tree):
                if public and segments and segments[-1] != "*":
                    module.reexports[segments[-1]] = (segments, path)
    edges = {}
    for path, module in modules.items():
        targets = edges.setdefault(module.file, set())
        named = []
        for public, tree in USE.findall(module.text):
            if not public:
                named.extend(use_trees(tree))
        without_uses = USE.sub("", module.text)
        named.extend(match.split("::") for match in PATH.findall(without_uses))
        for segments in named:
            # `use name::..` from a child module or an item in scope.
            target = resolve(modules, path, segments)
            if target is None and len(segments) > 1:
                target = resolve(modules, path, segments[:-1])
            if target is not None and target != module.file:
                targets.add(target)
    return edges


def circles(edges):
    """The strongly connected sets of more than one file (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                found.append(sorted(str(m.relative_to(ROOT)) for m in members))

    sys.setrecursionlimit(10000)
    for node in list(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def main():
    found = []
    for root in (SRC / "lib.rs", SRC / "main.rs"):
        found.extend(circles(graph(root)))
    if "--list" in sys.argv:
        for circle in found:
            print(" ".join(circle))
        return 0
    known = [
        set(line.split())
        for line in KNOWN.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ] if KNOWN.is_file() else []
    bad = [circle for circle in found if not any(set(circle) <= each for each in known)]
    for circle in bad:
        print(f"import circle among {len(circle)} files: {' '.join(circle)}", file=sys.stderr)
    # A circle broken leaves the list, so that it cannot come back unseen.
    gone = [each for each in known if set(each) not in [set(circle) for circle in found]]
    for each in gone:
        print(
            f"no longer a circle, as .ci/known_circles.txt says: {' '.join(sorted(each))}"
            " (write the line as it is now, or delete it)",
            file=sys.stderr,
        )
    if bad:
        print("Break the circle: the module graph of src/ is to have none.", file=sys.stderr)
    return 1 if bad or gone else 0


if __name__ == "__main__":
    sys.exit(main())
