"""Random games with every character and every player count: invariants and determinize after each step."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import Rng

EXTRAS = dict(rank1="witch", rank2="tax-collector", rank3="wizard", rank4="emperor", rank5="abbot",
              rank6="alchemist", rank7="navigator", rank8="diplomat")
CONFIGS = [(n, {}) for n in range(2, 8)] + [(n, dict(EXTRAS, rank9=r)) for n in range(2, 8) for r in ("artist", "queen")]
CONFIGS += [(3, {"three_player": "two"}), (3, dict(EXTRAS, three_player="two", rank9="queen"))]


def play(n: int, opts: dict, seed: int, every: int) -> None:
    s = meeple.load("citadels", players=n, **opts).new_game(seed=seed)
    rng = Rng(seed)
    step = 0
    while s.to_move():
        p = s.to_move()[0]
        la = s.legal_actions(p)
        assert la
        s.apply(la[rng.randbelow(len(la))], p)
        s.check_invariants()
        step += 1
        if step % every == 0:
            for q in [None, *range(n)]:
                d = s.determinize(q, step)
                assert d.observation(q) == s.observation(q)
                if q is not None:
                    assert d.legal_actions(q) == s.legal_actions(q)
                d.check_invariants()
    assert s.is_over() and s.winners()
    assert sum(1 for _ in s.history) <= s.MAX_ACTIONS


@pytest.mark.parametrize("n,opts", CONFIGS, ids=[f"{n}p-{'extras-' + o.get('rank9', '') if o else 'base'}-{o.get('three_player', '')}" for n, o in CONFIGS])
def test_random_game_keeps_invariants(n, opts):
    play(n, opts, seed=n * 31 + len(opts), every=13)


@pytest.mark.slow
@pytest.mark.parametrize("n,opts", CONFIGS)
def test_many_random_games(n, opts):
    for seed in range(20):
        play(n, opts, seed, every=5)
