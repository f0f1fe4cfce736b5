"""Several accounts on one test client: each account's session cookies kept, put back to act as it."""

from __future__ import annotations

from typing import Any

from meeple.server.accounts import CSRF_HEADER

from .helpers import FakeClock  # noqa: F401 (the invite tests take it from here)

PASSWORD = "correct horse battery"



class People:
    """Accounts signed up on client ``c``; ``people.act(name)`` makes ``c`` speak as that account."""

    def __init__(self, c: Any) -> None:
        self.c = c
        self.jars: dict[str, dict[str, str]] = {}
        self.ids: dict[str, int] = {}

    def sign_up(self, *names: str) -> None:
        for name in names:
            self.c.cookies.clear()
            r = self.c.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert r.status_code == 201, r.text
            self.ids[name] = r.json()["id"]
            self.jars[name] = {k: v for k, v in self.c.cookies.items()}

    def act(self, name: str | None) -> dict[str, str]:
        """Speak as ``name`` (None: a guest); the CSRF header to send."""
        self.c.cookies.clear()
        if name is None:
            return {}
        for key, value in self.jars[name].items():
            self.c.cookies.set(key, value)
        return {CSRF_HEADER: self.jars[name]["meeple_csrf"]}

    def post(self, name: str | None, path: str, body: Any = None) -> Any:
        headers = self.act(name)
        return self.c.post(path, json=body, headers=headers) if body is not None else self.c.post(path, headers=headers)

    def get(self, name: str | None, path: str) -> Any:
        self.act(name)
        return self.c.get(path)

    def new_game(self, name: str, game: str = "kingsburg", players: int = 2, **extra: Any) -> dict[str, Any]:
        """A game ``name`` creates with every seat a person's (they sit in seat 0)."""
        r = self.post(name, "/api/games", {"game": game, "players": players,
                                            "seats": [{"kind": "human"}] * players, **extra})
        assert r.status_code == 201, r.text
        return r.json()
