"""Online play: ``meeple serve`` — a FastAPI server with a lobby, seats, bots and live views.

>>> from meeple.server import Settings, create_app
>>> app = create_app(Settings(db_url="sqlite:///games.db"))   # then: uvicorn.run(app)

Storage is an event log (SQLite by default, PostgreSQL with ``postgresql://…``); see docs/server.md.
"""

from meeple.server.app import create_app
from meeple.server.settings import Settings

__all__ = ["create_app", "Settings"]
