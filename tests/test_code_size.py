"""Size limits on the code in ``meeple/`` (issue 39): no module over 500 lines, no function over 80.

A newcomer reads a module at one sitting and a function at one glance. Exceptions are listed below by
name, each with its reason: a generated table or data module, or code over the limits when they came
that is still to be split (``TODO(issue 39)``); none today. An entry that is no longer over its limit
fails too, so the lists only shrink.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "meeple"
MODULE_LINES = 500
FUNCTION_LINES = 80

DATA = "a generated table or data module"
TODO = "TODO(issue 39): over the limit when the limit came; to be split"

LONG_MODULES: dict[str, str] = {
}
"""Modules allowed over MODULE_LINES (path → reason)."""

LONG_FUNCTIONS: dict[str, str] = {
}
"""Functions allowed over FUNCTION_LINES (``path::name`` → reason)."""


def module_lengths(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, int]:
    """Every module of the package: its path (from the repository root) → its number of lines."""
    return {p.relative_to(root).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
            for p in sorted(package.rglob("*.py"))}


def function_lengths(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, int]:
    """Every function and method of the package (nested ones too), ``path::name`` → its lines from its
    ``def`` to its last line; a name defined twice in a module counts at its longest."""
    lengths: dict[str, int] = {}
    for p in sorted(package.rglob("*.py")):
        path = p.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                key = f"{path}::{node.name}"
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                lengths[key] = max(size, lengths.get(key, 0))
    return lengths


def test_no_module_is_over_500_lines_unless_listed() -> None:
    over = {path: n for path, n in module_lengths().items() if n > MODULE_LINES}
    unlisted = {path: n for path, n in over.items() if path not in LONG_MODULES}
    assert not unlisted, f"modules over {MODULE_LINES} lines: {unlisted} (split them, or list a data module)"
    stale = sorted(set(LONG_MODULES) - set(over))
    assert not stale, f"no longer over {MODULE_LINES} lines (or gone): drop them from LONG_MODULES: {stale}"


def test_no_function_is_over_80_lines_unless_listed() -> None:
    over = {name: n for name, n in function_lengths().items() if n > FUNCTION_LINES}
    unlisted = {name: n for name, n in over.items() if name not in LONG_FUNCTIONS}
    assert not unlisted, f"functions over {FUNCTION_LINES} lines: {unlisted}"
    stale = sorted(set(LONG_FUNCTIONS) - set(over))
    assert not stale, f"no longer over {FUNCTION_LINES} lines (or gone): drop them from LONG_FUNCTIONS: {stale}"


def test_every_exception_says_why() -> None:
    for name, reason in {**LONG_MODULES, **LONG_FUNCTIONS}.items():
        assert reason in (DATA, TODO) or reason.startswith(TODO), f"{name}: say why it may be long"


def test_the_measures_count_what_they_say(tmp_path: Path) -> None:
    """Lines of a module; a function from ``def`` to its last line, a nested one on its own too, a
    method by its name, and a name defined twice at its longest."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text(
        "def outer():\n    def inner():\n        return 1\n    return inner\n\n\n"
        "class C:\n    async def method(self):\n        pass\n\n\ndef inner():\n    pass\n", encoding="utf-8")
    assert module_lengths(package, tmp_path) == {"pkg/m.py": 13}
    assert function_lengths(package, tmp_path) == {"pkg/m.py::outer": 4, "pkg/m.py::inner": 2,
                                                   "pkg/m.py::method": 2}
