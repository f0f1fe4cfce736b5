"""Online play: ``meeple serve`` — a FastAPI server with a lobby, seats, bots and live views.

>>> from meeple.server import Settings, create_app
>>> app = create_app(Settings(db_url="sqlite:///games.db"))   # then: uvicorn.run(app)

Storage is an event log (SQLite by default, PostgreSQL with ``postgresql://…``); see docs/server.md.
The package imports none of its modules itself: ``create_app`` and ``Settings`` are loaded when first
asked for, so a module of the server (``meeple.server.db``, ``ratings``…) can be imported alone,
without the web stack, and no module's import goes round through this one.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.server.app import create_app
    from meeple.server.settings import Settings

__all__ = ["create_app", "Settings"]
_LAZY = {"create_app": "meeple.server.app", "Settings": "meeple.server.settings"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'meeple.server' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
