"""Every Citadels action a player (or chance) can take has a sentence: what it does, what it costs."""

from __future__ import annotations

import re

import pytest

import meeple
from meeple.core import Action, Rng
from meeple.games.citadels.rules import CitadelsState

from .helpers import act, give_city, start, turn_of

EXTRAS = dict(rank1="witch", rank2="tax-collector", rank3="wizard", rank4="emperor", rank5="abbot",
              rank6="alchemist", rank7="navigator", rank8="diplomat")
CONFIGS = [(2, {}), (3, {}), (4, {}), (5, {}), (7, {}), (3, {"three_player": "two"}),
           (2, dict(EXTRAS, rank9="artist")), (3, dict(EXTRAS, rank9="queen")), (4, dict(EXTRAS, rank9="artist")),
           (6, dict(EXTRAS, rank9="queen")), (7, EXTRAS)]
# actions that move gold or cards: their sentence must carry the numbers
NUMBERS = {"gold", "cards", "income", "build", "smithy", "recover", "decline", "navigate-gold",
           "navigate-cards", "wizard-build", "tribute-gold", "levy", "destroy", "exchange-with", "beautify",
           "lab", "swap", "redraw", "peek", "kill", "rob", "bewitch", "pick", "facedown", "deal-down", "deal-up",
           "keep", "keep-done", "exchange", "tribute", "draw"}


def check(s, a: Action, p: int, seen: set[str]) -> None:
    text = s.describe(a, p)
    compact = str(a)
    assert text and text != compact and not text.endswith(": " + compact), (compact, text)
    assert compact not in text or a.args == () and len(text) > 2 * len(compact), (compact, text)
    if a.name in NUMBERS:
        assert re.search(r"\d", text), (compact, text)
    seen.add(a.name)


def walk(n: int, opts: dict, seen: set[str]) -> None:
    for seed in range(3):
        s = meeple.load("citadels", players=n, **opts).new_game(seed=seed, chance="manual")
        rng = Rng(seed + 100)
        while s.to_move():
            p = s.to_move()[0]
            la = s.legal_actions(p)
            for a in la:
                check(s, a, p, seen)
            s.apply(la[rng.randbelow(len(la))], p)


@pytest.mark.parametrize("n,opts", CONFIGS)
def test_every_action_has_a_sentence_with_its_numbers(n, opts):
    seen: set[str] = set()
    walk(n, opts, seen)
    assert {"gold", "cards", "pick", "build", "end", "keep", "draw", "crown"} <= seen


def test_the_walk_meets_every_kind_of_action():
    seen: set[str] = set()
    for n, opts in CONFIGS:
        walk(n, opts, seen)
    assert seen == set(CitadelsState.ACTION_NAMES)


def test_the_examples():
    s = start(4, {0: "merchant", 1: "thief", 2: "king", 3: "assassin"}, down="magician", up=["bishop", "architect"],
              hands={0: ["temple", "harbor", "harbor", "harbor"]})
    give_city(s, 0, "tavern", "market", "docks", "school-of-magic")
    while turn_of(s)[0] != "merchant":
        p = s.current_seat
        act(s, "gold")
        if s.current_seat == p:
            act(s, "end")
    assert s.describe(Action("income"), 0) == \
        "Take 4 gold of income as the Merchant (3 green districts + the School of Magic)"
    assert s.describe(Action("gold"), 0) == "Take 2 gold from the bank and 1 more as the Merchant: 3 gold in all"
    act(s, "gold")
    assert s.describe(Action("build", ("temple",)), 0) == "Build the Temple for 1 gold (blue, worth 1 point)"
    assert s.describe(Action("end"), 0) == "End your turn without building and collect your 4 gold of income"
