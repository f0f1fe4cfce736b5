"""Every action has a sentence a person can read: what it does and what it costs, with the numbers."""

from __future__ import annotations

import re

import pytest

import meeple
from meeple.core import CHANCE, Rng

COSTLY = {"build", "land", "danzig", "diplomacy", "veto", "confederation", "jesuit", "city", "recruit",
          "buy", "campaign", "royal", "bid"}


def check(st, p, a, seen: set[str]) -> None:
    text = st.describe(a, p)
    assert text != str(a), f"describe({a}) is only the compact text, mode {st.mode}"
    assert len(text) > len(str(a)) + 10, f"describe({a}) = {text!r} says too little"
    if a.name in COSTLY:
        assert re.search(r"\d", text) and re.search(r"zł|cube|senate|free", text), \
            f"describe({a}) = {text!r} does not say what it costs"
    assert "phase 0" not in text
    seen.add(a.name)


@pytest.mark.parametrize("option", [{}, {"recruit_turns": "repeat", "diplomacy_shortfall": "fail"}])
def test_random_games_describe_every_action(option) -> None:
    seen: set[str] = set()
    for seed in range(3):
        st = meeple.load("gods-playground", players=3, **option).new_game(seed=seed, chance="manual")
        rng = Rng(seed + 17)
        while not st.is_over():
            movers = st.to_move()
            for q in movers:
                for a in st.legal_actions(q):
                    check(st, q if q != CHANCE else None, a, seen)
            p = movers[rng.randbelow(len(movers))]
            legal = st.legal_actions(p)
            st.apply(legal[rng.randbelow(len(legal))], p)
    assert {"roll", "token", "build", "pass", "recruit", "buy", "campaign", "move", "veto"} <= seen, seen


def test_a_purchase_says_the_half_price():
    from .conftest import BLUE, TATARS, UKRAINE, act, blank, cubes, enemy_cubes, turn
    s = blank(rnd=2)
    cubes(s, UKRAINE, blue=1)
    enemy_cubes(s, UKRAINE, TATARS, 1)
    s.money[BLUE] = 10
    turn(s, "recruit", BLUE, 9)
    act(s, BLUE, "recruit 2")
    text = s.describe(s.parse_action("buy cav", BLUE), BLUE)
    assert "Hire 1 cavalry in Ukraine for 2 zł (half price: enemies in the province)" in text
