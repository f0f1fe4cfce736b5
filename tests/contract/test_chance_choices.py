"""The referee hooks: ``chance_owner()`` and ``chance_choices(p)`` at every chance node.

At a real table (``chance="manual"``) a seat enters the outcome of a random event it really saw
(a die face, the card it drew). What it is offered must not tell it anything hidden, so at every
chance node of seeded random games, for every seat ``p``:

- every legal chance outcome is among ``chance_choices(p)`` (the true outcome can be entered);
- every outcome in ``chance_choices(p)`` is accepted by ``apply`` (an entry meeple's hidden arrangement
  rules out is reconciled, ``State._reconcile_chance_entry``), and the invariants hold after it: so
  whether an entry is taken never tells the seat where the hidden cards are;
- ``chance_choices(p)`` is a list of Action without repeats, and ``determinize(p, k)`` leaves it
  unchanged (it depends only on what ``p`` may know);
- ``chance_owner()`` is None or a seat, and ``determinize(p, k)`` leaves it unchanged (it is public);
- ``determinize(p, k)`` keeps the chance seat to move.
"""

from __future__ import annotations

import pytest

from meeple.core import CHANCE, Action, IllegalAction, State

from .harness import CASES, Config, replay

RESAMPLES = 3


def _as_texts(actions: list[Action]) -> list[str]:
    return sorted(str(a) for a in actions)


def check_chance_node(state: State, where: str, seed_base: int) -> None:
    """Every promise of the referee hooks at one chance node, for every seat."""
    legal = state.legal_actions(CHANCE)
    owner = state.chance_owner()
    tried = set(legal)
    assert owner is None or (isinstance(owner, int) and 0 <= owner < state.players), (
        f"{where}: chance_owner() is {owner!r}, neither None nor a seat"
    )
    for p in range(state.players):
        choices = state.chance_choices(p)
        assert isinstance(choices, list), f"{where}: chance_choices({p}) is a {type(choices).__name__}, not a list"
        assert all(isinstance(a, Action) for a in choices), f"{where}: chance_choices({p}) holds a non-Action"
        assert len(set(choices)) == len(choices), f"{where}: chance_choices({p}) repeats an outcome: {choices}"
        missing = [a for a in legal if a not in set(choices)]
        assert not missing, f"{where}: chance_choices({p}) leaves out legal outcomes {missing}"
        for entry in choices:
            if entry in tried:
                continue
            tried.add(entry)
            copy = state.clone()
            try:
                copy.apply(entry, CHANCE)
            except IllegalAction as exc:
                raise AssertionError(f"{where}: chance_choices({p}) offers {entry}, which apply refuses: the "
                                     f"answer to an entry would tell {p} where the hidden cards are ({exc})") from None
            copy.check_invariants()
        expected = _as_texts(choices)
        for k in range(RESAMPLES):
            copy = state.determinize(p, seed_base + k)
            assert copy.to_move() == [CHANCE], f"{where}: determinize({p}, {k}) moved {copy.to_move()}, not chance"
            assert _as_texts(copy.chance_choices(p)) == expected, (
                f"{where}: determinize({p}, {k}) changed chance_choices({p}): it tells {p} something hidden"
            )
            assert copy.chance_owner() == owner, (
                f"{where}: determinize({p}, {k}) changed chance_owner() from {owner} to {copy.chance_owner()}"
            )


@pytest.mark.parametrize("config, seed", CASES)
def test_chance_choices_cover_the_outcomes_and_tell_nothing_hidden(config: Config, seed: int) -> None:
    for step, state, player, _action in replay(config, seed, chance="manual"):
        if player != CHANCE:
            continue
        check_chance_node(state, f"{config} seed {seed} step {step}", seed * 100_003 + step * 10)
