"""The worlds an ISMCTS iteration plays in (``meeple.agents.ismcts``): pending chance settled on the
copy, and each rollout player's own determinization, so that it plays from what it may know.
"""

from __future__ import annotations

from meeple.core import CHANCE, Rng, State


def _hides_information(state: State) -> bool:
    """Whether the game re-deals anything in ``determinize`` (it overrides ``_resample_hidden``)."""
    return type(state)._resample_hidden is not State._resample_hidden


def _determinize(state: State, player: int, seed: int) -> State:
    """A rollout player's world for its guesses where the game's bots name no cheaper one (quiet, as the
    search's own copies: nobody reads its log)."""
    return state.determinize(player, seed, quiet=True)



def _settle(state: State, rng: Rng) -> list[int]:
    """Resolve pending chance on a manual-chance copy by sampling; the seats to move next."""
    movers = state._to_move()
    while CHANCE in movers:
        state._do(state.sample_chance(state.rng if state.determinized else rng), CHANCE)
        movers = state._to_move()
    return movers
