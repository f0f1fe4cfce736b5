"""One package per game; each registers itself when imported.

This package is also what ``meeple.games()`` calls: importing a game package sets the attribute
``meeple.games`` to this module, so the module itself answers the call with the registry.
"""

from __future__ import annotations

import sys
import types


class _CallableGames(types.ModuleType):
    def __call__(self):  # type: ignore[no-untyped-def]
        from meeple.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGames
