"""meeple.from_json: exact round trips, and every malformed or edited save refused with StateFormatError."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import meeple
from meeple.core import StateFormatError


@pytest.fixture
def saved(toy_game) -> dict[str, Any]:
    """A 3-player toy game in its second round, saved and passed through JSON text."""
    state = toy_game(players=3, seed=5)
    while state.round < 2 or state.phase != "bid":
        movers = state.to_move()
        state.apply(state.legal_actions(movers[0])[0], movers[0])
    return json.loads(json.dumps(state.to_json()))


def test_round_trip_is_exact(saved) -> None:
    state = meeple.from_json(saved)
    assert state.to_json() == saved
    assert meeple.from_json(copy.deepcopy(saved)).legal_actions(0) == state.legal_actions(0)


def test_round_trip_with_manual_chance(toy_game) -> None:
    state = toy_game(players=2, chance="manual")
    for text in ["start 1", "draw 6", "draw 6", "draw 1", "draw 2"]:
        state.apply(state.parse_action(text))
    data = json.loads(json.dumps(state.to_json()))
    assert meeple.from_json(data).to_json() == data


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _delete(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key)


EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "wrong format": (_set(["format"], "chess-pgn"), "not a meeple saved game"),
    "no format": (_delete("format"), "not a meeple saved game"),
    "future version": (_set(["version"], 99), "format version 99"),
    "missing history": (_delete("history"), "lacks: history"),
    "missing state": (_delete("state"), "lacks: state"),
    "options not an object": (_set(["options"], ["rounds", 3]), "'options' must be an object"),
    "unknown game": (_set(["game"], "chess"), "bad settings: unknown game"),
    "too many players": (_set(["players"], 9), "bad settings"),
    "players as text": (_set(["players"], "3"), "bad settings"),
    "unknown option": (_set(["options", "colour"], "red"), "bad settings"),
    "bad option value": (_set(["options", "rounds"], 7), "bad settings"),
    "seed as text": (_set(["seed"], "5"), "bad settings"),
    "unknown chance mode": (_set(["chance"], "dice"), "bad settings"),
    "history not a list": (_set(["history"], {"0": 1}), "'history' must be a list"),
    "history entry not a pair": (_set(["history", 6], [0]), "history entry 6"),
    "history player not an int": (_set(["history", 6, 0], "0"), "history entry 6"),
    "history action malformed": (_set(["history", 6, 1], {"name": 3}), "history entry 6"),
    "history action illegal": (
        lambda d: next(e for e in d["history"] if e[0] >= 0).__setitem__(1, {"name": "bid", "args": [99]}),
        r"\(North: 'bid 99'\) is illegal: North holds no 99",
    ),
    "history chance outcome edited": (
        lambda d: next(e for e in d["history"] if e[0] < 0).__setitem__(1, {"name": "start", "args": [2]}),
        "'history' does not match",
    ),
    "history truncated": (lambda d: d["history"].pop(), "does not match the replay"),
    "state edited": (_set(["state", "points"], [100, 0, 0]), "'state' does not match"),
    "log edited": (_set(["log", 0, 0], "North wins."), "'log' does not match"),
    "log made public": (lambda d: [e.__setitem__(2, None) for e in d["log"]], "'log' does not match"),
    "log arguments edited": (lambda d: [e.__setitem__(1, {"n": 1}) for e in d["log"]], "'log' does not match"),
    "rng edited": (_set(["rng"], 12345), "'rng' does not match"),
}


@pytest.mark.parametrize("edit, words", EDITS.values(), ids=EDITS.keys())
def test_malformed_or_edited_saves_are_refused(saved, edit, words: str) -> None:
    bad = copy.deepcopy(saved)
    edit(bad)
    with pytest.raises(StateFormatError, match=words) as info:
        meeple.from_json(bad)
    assert str(info.value).strip()


@pytest.mark.parametrize("data", [None, [], "meeple-state", 3])
def test_non_objects_are_refused(data: Any) -> None:
    with pytest.raises(StateFormatError, match="JSON object"):
        meeple.from_json(data)


@pytest.fixture
def determinized(toy_game) -> dict[str, Any]:
    state = toy_game(players=2, seed=3).determinize(0, 9)
    return json.loads(json.dumps(state.to_json()))


DETERMINIZED_EDITS: dict[str, Callable[[dict[str, Any]], None]] = {
    "a field missing": lambda d: d["state"].pop("deck"),
    "an extra field": _set(["state", "cheat"], 1),
    "state not an object": _set(["state"], []),
    "rng not a number": _set(["rng"], "lucky"),
    "history entry malformed": _set(["history"], [[0]]),
    "history action malformed": _set(["history"], [[0, {"name": ""}]]),
    "log entry malformed": _set(["log", 0], "North starts."),
    "log seats not numbers": _set(["log", 0, 2], ["North"]),
    "log arguments not an object": _set(["log", 0, 1], "North"),
    "cards not conserved": lambda d: d["state"]["deck"].append(6),
}


@pytest.mark.parametrize("edit", DETERMINIZED_EDITS.values(), ids=DETERMINIZED_EDITS.keys())
def test_malformed_determinized_saves_are_refused(determinized, edit) -> None:
    assert meeple.from_json(copy.deepcopy(determinized)).to_json() == determinized
    bad = copy.deepcopy(determinized)
    edit(bad)
    with pytest.raises(StateFormatError):
        meeple.from_json(bad)


def test_non_string_option_keys_are_refused(saved) -> None:
    bad = copy.deepcopy(saved)
    bad["options"] = {1: 2}
    with pytest.raises(StateFormatError):
        meeple.from_json(bad)


def test_a_game_id_that_is_no_string_is_refused(saved) -> None:
    bad = copy.deepcopy(saved)
    bad["game"] = ["toy"]
    with pytest.raises(StateFormatError):
        meeple.from_json(bad)


def test_determinized_must_be_a_boolean(saved) -> None:
    bad = copy.deepcopy(saved)
    bad["determinized"] = "no"
    with pytest.raises(StateFormatError):
        meeple.from_json(bad)


def test_a_version_1_save_still_loads_and_is_upgraded(saved) -> None:
    """Version 1 (before the log became events) kept English sentences: such a save loads, its moves are
    replayed, and its log is rebuilt as events; saving it again writes version 2."""
    old = copy.deepcopy(saved)
    old["version"] = 1
    old["log"] = [[f"an older wording {i}", visible] for i, (_id, _args, visible) in enumerate(saved["log"])]
    state = meeple.from_json(old)
    assert state.to_json() == saved
    assert saved["version"] == 2 and [e[0] for e in saved["log"]] == [e.id for e in state.log]


def test_a_version_1_save_with_other_moves_is_still_refused(saved) -> None:
    old = copy.deepcopy(saved)
    old["version"] = 1
    old["log"] = [["x", v] for _i, _a, v in saved["log"]]
    old["history"].pop()
    with pytest.raises(StateFormatError, match="does not match the replay"):
        meeple.from_json(old)


def test_an_unknown_version_names_itself_and_the_readable_ones_in_both_languages(saved) -> None:
    bad = copy.deepcopy(saved)
    bad["version"] = 3
    with pytest.raises(StateFormatError) as info:
        meeple.from_json(bad)
    assert str(info.value) == "saved with format version 3; this meeple reads versions 1, 2"
    assert info.value.render("zh") == "存档格式版本为 3；本版 meeple 可读取的版本：1, 2"


def test_a_save_with_a_former_field_name_loads_under_the_new_name(saved, toy_game, monkeypatch) -> None:
    """A game that renames a state field lists the old name in FIELD_RENAMES: saves written before
    (real games and determinized copies) still load, and save again under the new name."""
    cls = type(toy_game(players=3, seed=5))
    assert "round" in cls.FIELDS
    old = copy.deepcopy(saved)
    old["state"] = {("rnd" if k == "round" else k): v for k, v in saved["state"].items()}
    with pytest.raises(StateFormatError):
        meeple.from_json(copy.deepcopy(old))  # an unknown name is refused…
    monkeypatch.setattr(cls, "FIELD_RENAMES", {"rnd": "round"})
    assert meeple.from_json(copy.deepcopy(old)).to_json() == saved  # …unless the game says it was renamed
    copy_ = json.loads(json.dumps(meeple.from_json(saved).determinize(0, 9).to_json()))
    copy_["state"] = {("rnd" if k == "round" else k): v for k, v in copy_["state"].items()}
    assert meeple.from_json(copy_).round == saved["state"]["round"]


def test_a_save_with_a_field_renamed_twice_loads(saved, toy_game, monkeypatch) -> None:
    """A field renamed twice: EARLIER_FIELD_RENAMES maps its first name to the second, FIELD_RENAMES the
    second to today's, and saves that use either name load."""
    cls = type(toy_game(players=3, seed=5))
    monkeypatch.setattr(cls, "FIELD_RENAMES", {"round_number": "round"})
    monkeypatch.setattr(cls, "EARLIER_FIELD_RENAMES", {"rnd": "round_number"})
    for name in ("rnd", "round_number"):
        old = copy.deepcopy(saved)
        old["state"] = {(name if k == "round" else k): v for k, v in saved["state"].items()}
        assert meeple.from_json(old).to_json() == saved, name
