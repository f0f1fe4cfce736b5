"""One package template for every game (issue 39): the same file names, the state class ``<Game>State``,
one prefix per kind of handler, one name for "who decides now", absolute imports and one test-helper
name, so that a sixth game copies a shape, not a dialect. docs/architecture.md, "The game template",
says what each file holds.

The games still in ``PENDING`` are moving to the template; the test fails for a game that is listed
there but already conforms (take it off the list), and for any other game that does not.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import meeple
from meeple.core.flow import BY_ACTION
from meeple.core.registry import state_class_of

REPO = Path(__file__).resolve().parents[2]
GAMES_DIR = REPO / "meeple" / "games"
TESTS_DIR = REPO / "tests"

REQUIRED_FILES = ("__init__.py", "rules.py", "fields.py", "actions.py", "setup.py", "flow.py", "hidden.py",
                  "describe.py", "content.py", "view.py", "bots.py", "encoding.py")
"""Every game package has these (what each holds: docs/architecture.md); the other modules are its rulebook's
sections, one module each, named after the section."""
DIALECT_FILES = ("game_setup.py", "hidden_information.py", "descriptions.py", "words.py", "phrases.py",
                 "refusals.py", "codes.py", "components.py")
"""Former names of template files (one concept, one name)."""
WHO_DECIDES = ("mover", "movers")
"""The field that says who decides now: ``mover`` (one seat) or ``movers`` (seats deciding at the same
time); the engine asks ``acting_seats()``."""
WHO_DECIDES_DIALECT = ("seat_to_move", "deciding_player", "deciding_seat", "active_player", "player_to_move")
HANDLER_PREFIX = {"perform": "_act_", "describe": "_describe_", "refuse": "_refuse_"}

PENDING: frozenset[str] = frozenset()
"""Games not yet on the template (issue 39: each leaves the list as it moves)."""

GAME_IDS = [game_id for game_id in meeple.games() if (GAMES_DIR / game_id.replace("-", "_")).is_dir()]


def _package(game_id: str) -> Path:
    return GAMES_DIR / game_id.replace("-", "_")


def _class_name(game_id: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_]", game_id)) + "State"


def _template_breaches(game_id: str) -> list[str]:
    """What in ``game_id``'s package and tests departs from the template ([] when it conforms)."""
    package = _package(game_id)
    breaches: list[str] = []
    names = {path.name for path in package.iterdir()}
    breaches += [f"no {name}" for name in REQUIRED_FILES if name not in names]
    breaches += [f"{name}: a former name" for name in DIALECT_FILES if name in names]
    breaches += [f"{path.name}/: sections live at the package's top level" for path in package.iterdir()
                 if path.is_dir() and path.name not in ("locale", "__pycache__")]
    state_class = state_class_of(game_id)
    if state_class.__name__ != _class_name(game_id):
        breaches.append(f"the state class is {state_class.__name__}, not {_class_name(game_id)}")
    table = getattr(state_class, "ACTION_TABLE", None)
    if not table:
        breaches.append("no table of actions (meeple.core.action_table)")
    for name, spec in (table or {}).items():
        for role, prefix in HANDLER_PREFIX.items():
            method = getattr(spec, role)
            if method is not None and not method.startswith(prefix):
                breaches.append(f"action {name!r}: {role} method {method} does not start with {prefix}")
    for step_name, step in getattr(state_class, "STEPS", {}).items():
        if step.act is not None and step.act != BY_ACTION and not step.act.startswith("_act_"):  # BY_ACTION: the table's
            breaches.append(f"step {step_name!r}: act method {step.act} does not start with _act_")
    fields = set(state_class.FIELDS)
    breaches += [f"field {name!r}: who decides now is `mover` or `movers`" for name in WHO_DECIDES_DIALECT
                 if name in fields]
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.ImportFrom) and node.level for node in ast.walk(tree)):
            breaches.append(f"{path.relative_to(package)}: a relative import")
    game_tests = TESTS_DIR / package.name
    if game_tests.is_dir():
        breaches += [f"tests/{package.name}/{path.name}: test helpers live in helpers.py"
                     for path in game_tests.glob("*helpers*.py") if path.name != "helpers.py"]
    return breaches


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_package_has_the_template_shape(game_id: str) -> None:
    breaches = _template_breaches(game_id)
    if game_id in PENDING:
        assert breaches, f"{game_id} now follows the template: take it off PENDING"
        pytest.xfail(f"{game_id} is moving to the template: {len(breaches)} differences left")
    assert breaches == [], f"{game_id} departs from the game template:\n" + "\n".join(breaches)


def test_the_template_check_sees_a_dialect(tmp_path: Path) -> None:
    """The checks can fail: a class name, a handler and a field in another dialect are each reported."""
    assert _class_name("gods-playground") == "GodsPlaygroundState"
    assert _class_name("cube_europe") == "CubeEuropeState"
    pending = [game_id for game_id in GAME_IDS if game_id in PENDING]
    for game_id in pending:
        assert _template_breaches(game_id), game_id
