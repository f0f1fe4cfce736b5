"""The adapter examples run; the OpenSpiel example's documented command runs (with a smaller budget)."""

import os
import re
import runpy
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DOCUMENTED_BUDGET = 20
"""The most ``--simulations`` the OpenSpiel example's documented command may ask for: with 2 games it then
takes about 7 s of one core (50 took about 17 s, and over 2 minutes on a loaded machine)."""


def _needs_open_spiel() -> None:
    """Skip without OpenSpiel, except in CI (.ci/run installs it with the [dev] extras)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("open_spiel is missing: .ci/run installs it with the [dev] extras")
        pytest.skip("open_spiel is not installed (pip install open-spiel)")


def _load(name):
    sys.path.insert(0, str(EXAMPLES))
    try:
        return runpy.run_path(str(EXAMPLES / name))
    finally:
        sys.path.remove(str(EXAMPLES))


def test_pettingzoo_example():
    totals = _load("pettingzoo_random.py")["main"]("cube-europe", 2, seed=1)
    assert sorted(totals.values()) in ([-1.0, 1.0], [1.0, 1.0])


def test_openspiel_ismcts_example():
    _needs_open_spiel()
    results = _load("openspiel_ismcts.py")["play"]("cube-europe", 2, games=1, simulations=5)
    assert len(results) == 1 and all(r in (-1.0, 1.0) for r in results[0])


def _documented_commands() -> list[tuple[str, list[str]]]:
    """(where, arguments) of every ``python examples/openspiel_ismcts.py …`` line in the example's own
    docstring and in the docs."""
    found = []
    for path in (EXAMPLES / "openspiel_ismcts.py", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"):
        for line in path.read_text(encoding="utf-8").splitlines():
            command = line.strip().removeprefix("$ ")
            if command.startswith("python examples/openspiel_ismcts.py"):
                found.append((str(path.relative_to(ROOT)), shlex.split(command)[2:]))
    return found


def test_the_documented_openspiel_command_is_small_and_runs():
    """The command the docs give asks for a budget that finishes in seconds, and it runs as written but
    for a budget of 2 simulations (the test's own, smaller)."""
    _needs_open_spiel()
    commands = _documented_commands()
    assert {where for where, _ in commands} >= {"examples/openspiel_ismcts.py", "docs/encodings.md"}
    for where, args in commands:
        assert "--simulations" in args, f"{where}: the command should say its budget"
        budget = int(args[args.index("--simulations") + 1])
        assert budget <= DOCUMENTED_BUDGET, f"{where}: {budget} simulations take too long for an example"
    args = commands[0][1]
    args[args.index("--simulations") + 1] = "2"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "examples/openspiel_ismcts.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    games = int(args[args.index("--games") + 1])
    played = re.findall(r"^game (\d+): OpenSpiel ISMCTS in seat (\d+); returns \[(.*)\]", done.stdout, re.M)
    assert [int(g) for g, _, _ in played] == list(range(games)), done.stdout
    assert [int(seat) for _, seat, _ in played] == [g % 2 for g in range(games)]  # the bot changes seat
