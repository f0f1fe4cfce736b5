"""Everything that is not a legal action is rejected with meeple.IllegalAction, a message saying why,
and an unchanged state: the wrong player, an action legal for another seat or at another time,
garbage objects, malformed action JSON and garbage text."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.core import CHANCE, Action, IllegalAction, Rng, State

from .harness import CASES, CONFIG_IDS, CONFIGS, Config, expect_illegal, fingerprint, is_sample, replay, state_at


GARBAGE_OBJECTS: list[Any] = [
    None, 0, -1, 1.5, True, "pass", "", b"pass", ["pass"], ("pass", ()), {"name": "pass", "args": []},
    object(), Action, Rng(1),
]
MALFORMED_JSON: list[Any] = [
    None, 3, "pass", [], ["pass", []], {}, {"args": []}, {"name": ""}, {"name": 3}, {"name": None, "args": []},
    {"name": ["pass"]}, {"name": "pass", "args": "1 2"}, {"name": "pass", "args": {"0": 1}},
    {"name": "pass", "args": [1.5]}, {"name": "pass", "args": [None]}, {"name": "pass", "args": [True]},
    {"name": "pass", "args": [[1]]}, {"name": "pass", "args": [{"a": 1}]}, {"name": "pass", "args": [], "player": 0},
]
GARBAGE_TEXT = [
    "", "   ", "\n\t", "xyzzy", "xyzzy 1 2", "1 2 3", "-1", "!@#$%", "\x00", "ÿ€ 3", "pass" * 50,
]
GARBAGE_TEXT += ["take --3", "take ²", "take -²"]  # look like numbers, are none: a parse error like any other

SETTINGS = settings(
    max_examples=25, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _odd_variants(state: State, a: Action) -> list[Action]:
    """Actions shaped like ``a`` but (almost surely) not legal: bad counts, values and names."""
    return [
        Action(a.name, a.args + (1,)),
        Action(a.name, a.args[:-1]) if a.args else Action(a.name, (0,)),
        Action(a.name, tuple(999_999 for _ in a.args) or (999_999,)),
        Action(a.name, tuple(-7 for _ in a.args) or (-7,)),
        Action(a.name, tuple("zz" for _ in a.args) or ("zz",)),
        Action(a.name.upper() + "_", a.args),
        Action("", ()),
        Action("no-such-action", a.args),
    ]


def check_rejections(state: State, pool: list[tuple[int, Action]], rng: Rng) -> None:
    """Try the wrong things at this point of the game; each must be refused and change nothing.

    After each attempt a cheap exact fingerprint is compared; the full to_json once at the end."""
    before_json = state.to_json()
    before = fingerprint(state)
    movers = state.to_move()
    n = state.players
    some_legal = [(p, a) for p in movers for a in state.legal_actions(p)[:2]]
    # the wrong player: every seat not to move (the chance seat too), and seats that do not exist
    for q in [p for p in range(-1, n) if p not in movers] + [n, n + 3, -2]:
        for _p, a in some_legal[:1]:
            expect_illegal(state, before, f"{a} by {q} (not to move)", lambda a=a, q=q: state.apply(a, q))
            if 0 <= q < n or q == CHANCE:
                expect_illegal(state, before, f"parse '{a}' for {q}", lambda a=a, q=q: state.parse_action(str(a), q))
    if not movers:
        for a in [a for _, a in pool[-3:]]:
            expect_illegal(state, before, f"{a} after the end", lambda a=a: state.apply(a))
            expect_illegal(state, before, f"{a} after the end by 0", lambda a=a: state.apply(a, 0))
        assert state.to_json() == before_json
        return
    for p in movers:
        legal = set(state.legal_actions(p))
        # actions legal for another seat, or legal at another point of this game, but not now for p
        others = [a for q, a in pool if a not in legal]
        for _ in range(min(4, len(others))):
            a = others[rng.randbelow(len(others))]
            expect_illegal(state, before, f"{a} by {p} (legal elsewhere, not now)", lambda a=a, p=p: state.apply(a, p))
            expect_illegal(state, before, f"parse '{a}' for {p}", lambda a=a, p=p: state.parse_action(str(a), p))
    # the whole battery for one of the seats to move
    p = movers[rng.randbelow(len(movers))]
    legal = set(state.legal_actions(p))
    for a in state.legal_actions(p)[:2]:
        for odd in _odd_variants(state, a):
            if odd not in legal:
                expect_illegal(state, before, f"{odd!r} by {p}", lambda odd=odd, p=p: state.apply(odd, p))
                if str(odd).strip():
                    expect_illegal(state, before, f"parse '{odd}'", lambda odd=odd, p=p: state.parse_action(str(odd), p))
    for name in sorted(state.ACTION_NAMES):
        for args in [(), (999_999,), (-1, "zz")]:
            odd = Action(name, args)
            if odd not in legal:
                expect_illegal(state, before, f"{odd!r} by {p}", lambda odd=odd, p=p: state.apply(odd, p))
    for junk in GARBAGE_OBJECTS:
        expect_illegal(state, before, f"apply({junk!r})", lambda junk=junk, p=p: state.apply(junk, p))
    for text in GARBAGE_TEXT:
        expect_illegal(state, before, f"parse_action({text!r})", lambda text=text, p=p: state.parse_action(text, p))
    for data in MALFORMED_JSON:
        expect_illegal(state, before, f"action_from_json({data!r})", lambda data=data: state.action_from_json(data))
    if len(movers) > 1:
        # with several seats to move, an action must say whose it is
        a = state.legal_actions(movers[0])[0]
        expect_illegal(state, before, f"{a} without a player while {movers} move", lambda: state.apply(a))
    assert state.to_json() == before_json, "a rejected action changed the state"


@pytest.mark.parametrize("config, seed", CASES)
def test_wrong_actions_are_rejected_and_change_nothing(config: Config, seed: int) -> None:
    pool: list[tuple[int, Action]] = []
    rng = Rng(seed + 99)
    for step, state, _player, _action in replay(config, seed):
        for p in state.to_move():
            pool.extend((p, a) for a in state.legal_actions(p)[:4])
        if is_sample(step) or not state.to_move():
            check_rejections(state, pool, rng)


@functools.lru_cache(maxsize=32)
def _position(config: Config, fraction: float) -> State:
    return state_at(config, 0, fraction)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=8,
)


def _first_mover(state: State) -> int | None:
    movers = state.to_move()
    return movers[0] if movers else None


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SETTINGS
@given(fraction=st.sampled_from([0.0, 0.4, 0.8]), text=st.text(max_size=20))
def test_any_text_is_an_action_it_names_or_is_rejected(config: Config, fraction: float, text: str) -> None:
    state = _position(config, fraction)
    p = _first_mover(state)
    if p is None:
        return
    before = state.to_json()
    legal = {str(a).lower(): a for a in state.legal_actions(p)}
    if " ".join(text.split()).lower() in legal:
        assert state.parse_action(text, p) == legal[" ".join(text.split()).lower()]
        return
    try:
        state.parse_action(text, p)
    except IllegalAction as exc:
        assert str(exc).strip(), f"{text!r}: IllegalAction without a message"
    else:
        raise AssertionError(f"{text!r} was accepted although it names no legal action")
    assert state.to_json() == before


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SETTINGS
@given(fraction=st.sampled_from([0.0, 0.4, 0.8]), data=json_values)
def test_any_json_is_an_action_or_is_rejected(config: Config, fraction: float, data: Any) -> None:
    state = _position(config, fraction)
    before = state.to_json()
    try:
        action = state.action_from_json(data)
    except IllegalAction as exc:
        assert str(exc).strip()
    else:
        assert isinstance(action, Action)
        assert json.loads(json.dumps(action.to_json())) == {"name": data["name"], "args": data.get("args", [])}
    assert state.to_json() == before


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SETTINGS
@given(
    fraction=st.sampled_from([0.0, 0.4, 0.8]),
    index=st.integers(0, 50),
    args=st.lists(st.integers(-3, 200) | st.text(alphabet="abcxyz", max_size=3), max_size=4),
)
def test_any_action_with_a_known_name_is_legal_or_rejected(
    config: Config, fraction: float, index: int, args: list[Any]
) -> None:
    state = _position(config, fraction)
    movers = state.to_move()
    if not movers:
        return
    p = movers[index % len(movers)]
    names = sorted(state.ACTION_NAMES | {a.name for a in state.legal_actions(p)})
    action = Action(names[index % len(names)], tuple(args))
    if action in set(state.legal_actions(p)):
        return
    before = state.to_json()
    expect_illegal(state, before, f"{action!r} by {p}", lambda: state.apply(action, p))
