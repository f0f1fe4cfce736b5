"""Every Kingsburg action has a sentence a person can read: what it does and what it costs, with the numbers."""

from __future__ import annotations

import re

import pytest
from .helpers import CHANCE, act, give, new, roll, take_aid, tasks

import meeple
from meeple.core import Action, Rng


def check(s, p, a, seen: set[str]) -> str:
    text = s.describe(a, p)
    assert text != str(a), f"describe({a}) is only the compact text (task {s.tasks[0]})"
    assert len(text) > len(str(a)) + 10, f"describe({a}) = {text!r} says too little"
    assert re.search(r"\d", text), f"describe({a}) = {text!r} gives no number"
    if a.name == "build":
        assert "VP" in text and re.search(r"\d+ (gold|wood|stone)", text), text
    if a.name in ("place", "envoy", "use") and "then choose the dice" not in text:
        assert re.search(r"\b(die|dice) \d", text) and ": " in text, text  # which dice, and the reward
    seen.add(a.name)
    return text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_describe_every_action(players):
    seen: set[str] = set()
    for seed in range(3):
        s = meeple.load("kingsburg", players=players).new_game(seed=seed, chance="manual")
        rng = Rng(seed + 7)
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            for a in legal:
                check(s, None if p == CHANCE else p, a, seen)
            s.apply(legal[rng.randbelow(len(legal))], p)
    assert {"take", "roll", "place", "build", "pass", "enemy", "reinforce", "recruit", "done"} <= seen


def test_the_examples_read_with_their_numbers():
    s = new(3)
    take_aid(s)
    roll(s, "6 6 4", "6 6 6", "6 6 5")
    assert s.describe(Action("place", (10,)), 0) == (
        "Place dice 6 and 4 on the General (10): +2 soldiers and a look at this year's enemy")
    assert s.describe(Action("place", (16,)), 0) == "Place dice 6, 6 and 4 on the Wizard (16): +4 gold"
    s.resources[0] = [1, 1, 0]
    tasks(s, ["build", 0])
    assert s.describe(Action("build", ("inn",)), 0) == (
        "Build the Inn for 1 gold and 1 wood: +0 VP; a '+2' token after each summer")


def test_the_rarer_actions_are_described():
    seen: set[str] = set()
    s = new(2)
    take_aid(s)
    s.plus2_tokens[0] = 1
    s.plus2_supply -= 1
    give(s, 0, "inn", "market")
    roll(s, "6 6 4", "6 6 6")
    assert "then choose the dice (die 6; die 4 with 1 '+2' token" in check(s, 0, Action("place", (6,)), seen)
    act(s, "place 6")  # several ways: the dice are the next, small action
    for a in s.legal_actions(0):
        check(s, 0, a, seen)
    assert "'+2' token" in s.describe(Action("use", (4, "+2")), 0)
    # the Smuggler, the Alchemist, the Town Hall, a goods penalty, the envoy's pass, the white dice
    s = new(2)
    take_aid(s)
    s.vp[0] = 3
    s.resources[0] = [1, 1, 1]
    s.plus2_tokens[0] = 1
    s.plus2_supply -= 1
    give(s, 0, "barricade", "crane", "townhall")
    for task in (["adv", 0, 14], ["adv", 0, 6], ["endseason"], ["lose", 0, 2]):
        tasks(s, task)
        for a in s.legal_actions(0):
            check(s, 0, a, seen)
        s.tasks.pop(0)
    assert {"smuggle", "skip", "trade", "townhall", "lose"} <= seen
    s = new(2)
    take_aid(s)
    s.envoy_holder = 0
    give(s, 0, "statue", "chapel")
    s.aid_die_holder = 0
    tasks(s, ["white", 0, 1])
    for a in s.legal_actions(0):
        check(s, 0, a, seen)
    assert "white" in seen
    act(s, "white 0")
    roll(s, "3 2 2", "6 6 6")
    tasks(s, ["reroll", 0])
    for a in s.legal_actions(0):
        check(s, 0, a, seen)
    assert {"chapel", "keep"} <= seen
