"""Board Game Arena's undo policy, decided without knowing the game.

You may take back only your own last move, only while nobody else has acted since, never after a
random event (a chance outcome was drawn as part of it) and never when the move revealed hidden
information to anyone. The last condition is tested by sampling: the move revealed nothing to a
seat ``v`` if, applied to copies of the earlier position in which everything hidden from ``v`` is
re-dealt, it leaves ``v`` seeing exactly what ``v`` sees now.
"""

from __future__ import annotations

from meeple.core import Action, IllegalAction, State

SAMPLES = 4


def revealed_information(before: State, after: State, action: Action, seat: int, samples: int = SAMPLES) -> bool:
    """True if applying ``action`` for ``seat`` to ``before`` showed some seat something it did not know."""
    for viewer in range(before.players):
        seen = after.observation(viewer)
        seen_log = after.log_for(viewer)
        legal_somewhere = False
        for k in range(samples):
            world = before.determinize(viewer, 0x5EED + 7919 * k + viewer)
            try:
                world.apply(action, seat)
            except IllegalAction:
                continue  # this re-deal is inconsistent with the move itself; say nothing
            legal_somewhere = True
            if world.observation(viewer) != seen or world.log_for(viewer) != seen_log:
                return True
        if viewer == seat and not legal_somewhere:
            return True  # cannot check it: refuse rather than risk a leak
    return False
