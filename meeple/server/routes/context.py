"""What a route needs besides its request: the app's hub of services (``app.state.hub``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from meeple.server.hub import Hub


def hub_of(conn: HTTPConnection) -> Hub:
    """The hub of the app serving ``conn`` (a request or a WebSocket)."""
    return conn.app.state.hub  # type: ignore[no-any-return]


HubDep = Annotated[Hub, Depends(hub_of)]
