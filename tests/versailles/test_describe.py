"""Every action has a sentence a person can read: what it does and what it costs, with the numbers."""

from __future__ import annotations

import re

import pytest

import meeple
from meeple.core import CHANCE, Action, Rng
from meeple.games.versailles import actions
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

from .helpers import arrive_at, edit, new

SPENDS_WORKERS = {"take", "remove", "clear", "flip", "buy", "tech", "build", "recruit", "recruit2"}


def check(st: R.VersaillesState, p: int, a: Action, seen: set[str]) -> None:
    text = st.describe(a, p)
    assert text != str(a), f"describe({a}) is only the compact text, in phase {st.phase}"
    assert len(text) > len(str(a)) + 10, f"describe({a}) = {text!r} says too little"
    if a.name in SPENDS_WORKERS:
        assert re.search(r"\d+ workers?\b", text), f"describe({a}) = {text!r} does not say how many workers"
    if a.name in ("move2", "jump"):
        assert "double-move token" in text, text
    seen.add(a.name)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_describe_every_action(players: int) -> None:
    seen: set[str] = set()
    for seed in range(4):
        st = meeple.load("versailles", players=players).new_game(seed=seed, chance="manual")
        rng = Rng(seed + 99)
        while not st.is_over():
            p = st.to_move()[0]
            legal = st.legal_actions(p)
            for a in legal:
                check(st, p if p != CHANCE else None, a, seen)
            st.apply(legal[rng.randbelow(len(legal))], p)
    assert {"first", "draw", "move", "activate", "pass", "take", "remove"} <= seen


def test_every_kind_of_action_is_described() -> None:
    # the rarer ones, in set-up positions
    seen: set[str] = set()
    st = new()
    st.resources[0] = [20, 20, 20]
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive_at(st, 0, C.ALCHEMISTS_GUILD, 3)
    for a in st.legal_actions(0):
        check(st, 0, a, seen)
    st = new()
    st.resources[0] = [20, 20, 20]
    edit(st)
    arrive_at(st, 0, C.WORKSHOP, 2)
    for a in st.legal_actions(0):
        check(st, 0, a, seen)
    st = new()
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive_at(st, 0, C.KINGS_FAVOR, 5)
    for a in st.legal_actions(0):
        check(st, 0, a, seen)
    st = new()
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive_at(st, 0, C.ARCHITECTS_GUILD, 3)
    for a in st.legal_actions(0):
        check(st, 0, a, seen)
    assert {"tech", "buy", "recruit", "recruit2", "flip", "done", "take", "remove", "clear"} <= seen


def test_descriptions_name_the_numbers() -> None:
    st = new()
    st.resources[0] = [20, 20, 20]
    edit(st)
    arrive_at(st, 0, C.ALCHEMISTS_GUILD, 2)
    lvl = C.TECH_COSTS["gains"][0]
    text = st.describe(Action("tech", ("gains",)), 0)
    assert text.startswith("Advance the gains technology to level 1: pay ")
    assert f"{lvl[0]} worker" in text and "+1 wood whenever you gain wood" in text
    for i, kind in enumerate(C.RESOURCES):
        if lvl[1][i]:
            assert f"{lvl[1][i]} {kind}" in text
    st = new()
    edit(st)
    arrive_at(st, 0, C.KINGS_FAVOR, 5)
    assert st.describe(actions.A_RECRUIT2, 0).startswith(
        f"Recruit both new workers in one go: spend {C.RECRUIT_BOTH_WORKERS} workers here, one activation's price")
    assert C.RECRUIT_BOTH_WORKERS == 3
    assert st.describe(actions.A_RECRUIT, 0).startswith(
        f"Recruit the expensive new worker: spend {C.RECRUIT_EXPENSIVE_WORKERS} workers here")
