"""meeple.core.Action: text form, JSON form, parsing, equality."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.core import Action, ActionParseError, IllegalAction


def test_documented_example() -> None:
    a = Action("take", (4, 2))
    assert (str(a), a.to_json()) == ("take 4 2", {"name": "take", "args": [4, 2]})


def test_text_without_arguments_is_the_name() -> None:
    assert str(Action("pass")) == "pass"
    assert Action("pass").to_json() == {"name": "pass", "args": []}


def test_equal_actions_compare_and_hash_equal() -> None:
    assert Action("take", (4, 2)) == Action("take", (4, 2))
    assert hash(Action("take", (4, 2))) == hash(Action("take", (4, 2)))
    assert len({Action("take", (4, 2)), Action("take", (4, 2)), Action("take", (2, 4))}) == 2
    assert Action("take", (4,)) != Action("take", ("4",))
    assert Action("take", (4,)) != "take 4"
    assert Action("pass") != Action("Pass")


def test_parse_splits_words_and_reads_integers() -> None:
    assert Action.parse("take 4 2") == Action("take", (4, 2))
    assert Action.parse("  TAKE   red -3 \n") == Action("take", ("red", -3))
    assert Action.parse("build 007") == Action("build", (7,))


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_parse_refuses_empty_text(text: str) -> None:
    with pytest.raises(ActionParseError, match="empty"):
        Action.parse(text)


@pytest.mark.parametrize("value", [None, 3, b"pass", ["pass"]])
def test_parse_refuses_non_text(value: object) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["take --3", "take ²", "take -²"])
def test_parse_refuses_number_lookalikes_with_a_parse_error(text: str) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(text)


def test_from_json_round_trip() -> None:
    for a in [Action("pass"), Action("take", (4, 2)), Action("pick", ("red", -1, 0)), Action("x", (10**20,))]:
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert Action.from_json({"name": "pass"}) == Action("pass")


@pytest.mark.parametrize(
    "data, words",
    [
        (None, "JSON object"),
        ([], "JSON object"),
        ("pass", "JSON object"),
        ({"name": "", "args": []}, "non-empty string"),
        ({"name": 3}, "non-empty string"),
        ({"args": [1]}, "non-empty string"),
        ({"name": "x", "args": "1"}, "must be a list"),
        ({"name": "x", "args": [1.5]}, "integers or strings"),
        ({"name": "x", "args": [True]}, "integers or strings"),
        ({"name": "x", "args": [None]}, "integers or strings"),
        ({"name": "x", "args": [[1]]}, "integers or strings"),
        ({"name": "x", "args": [], "who": 1}, "unknown field"),
    ],
)
def test_from_json_says_what_is_wrong(data: object, words: str) -> None:
    with pytest.raises(ActionParseError, match=words):
        Action.from_json(data)


def test_parse_errors_are_illegal_actions_and_value_errors() -> None:
    assert issubclass(ActionParseError, IllegalAction)
    assert issubclass(IllegalAction, ValueError)
    assert meeple.IllegalAction is IllegalAction and meeple.ActionParseError is ActionParseError


words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
args = st.lists(st.integers(-(10**9), 10**9) | words, max_size=4)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(name=words, args=args)
def test_text_and_json_round_trip_for_any_simple_action(name: str, args: list) -> None:
    a = Action(name, tuple(args))
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert Action.parse(str(a)) == a


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(text=st.text(max_size=30))
def test_parse_of_any_text_is_an_action_or_a_parse_error(text: str) -> None:
    try:
        a = Action.parse(text)
    except ActionParseError:
        # only for text with no words, or an argument that looks like a number and is none ("--3", "²");
        # any other error (a plain ValueError, as parse once raised for those) fails the test
        words = text.split()
        lookalike = [w for w in words[1:] if w.lstrip("-").isdigit() and not re.fullmatch(r"-?[0-9]+", w)]
        assert not words or lookalike, text
        return
    assert a.name == text.split()[0].lower()
    assert len(a.args) == len(text.split()) - 1
