"""Every code example in README.md and docs/ runs as written (issue 39).

* A ```` ```python ```` block is run on its own, in a fresh namespace, in a temporary directory (a block
  whose lines start with ``>>>`` is a doctest: its printed results must match too).
* A ```` ```bash ```` or ```` ```sh ```` block's ``meeple …`` lines must be commands the ``meeple`` program
  accepts: the subcommand exists and its options and arguments parse (they are not run: ``serve`` would
  not return).
* A transcript (```` ``` ```` with no language, lines starting with ``$``) shows output; its ``$ meeple …``
  lines are checked like a shell block's.

A block that is a part of a larger file and cannot run alone says so in its language line
(```` ```python fragment ````); there is none today.
"""

from __future__ import annotations

import doctest
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```", re.M | re.S)
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    language: str
    words: tuple[str, ...]
    code: str

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks() -> list[Block]:
    found = []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            info = match.group(1).split()
            line = text.count("\n", 0, match.start()) + 1
            found.append(Block(path, line, info[0] if info else "", tuple(info[1:]), match.group(2)))
    return found


ALL = blocks()
PYTHON = [b for b in ALL if b.language == "python" and "fragment" not in b.words]
SHELL_LINES = [(b, line) for b in ALL for line in b.code.splitlines()
               if (b.language in ("bash", "sh") and line.startswith("meeple "))
               or (b.language == "" and line.startswith("$ meeple "))]


def test_the_documents_have_examples_of_each_kind() -> None:
    assert len(PYTHON) >= 8 and len(SHELL_LINES) >= 20  # the extraction itself works
    assert any(b.path.name == "README.md" for b in PYTHON)


@pytest.mark.parametrize("block", PYTHON, ids=lambda b: b.name)
def test_python_example_runs(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    if block.code.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(block.code, {}, block.name, str(block.path), block.line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=lambda text: pytest.fail(text))
        assert runner.summarize(verbose=False).failed == 0
        return
    exec(compile(block.code, block.name, "exec"), {"__name__": "__docs__"})  # noqa: S102 - our own docs


@pytest.mark.parametrize("block,line", SHELL_LINES, ids=lambda v: v.name if isinstance(v, Block) else "")
def test_meeple_command_in_the_docs_parses(block: Block, line: str) -> None:
    """The line with ``--help`` added: the parser reads every word up to it (an unknown command or option
    fails there) and stops before running anything."""
    from meeple.cli import app

    words = shlex.split(line.removeprefix("$ "), comments=True)[1:]
    for stop in ("&&", "|", ">", "2>&1"):
        if stop in words:
            words = words[: words.index(stop)]
    result = CliRunner().invoke(app, [*words, "--help"])
    assert result.exit_code == 0, f"{block.name}: {line!r} does not parse: {result.output[-400:]}"
