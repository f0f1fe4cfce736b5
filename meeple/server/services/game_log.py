"""One line per game started, finished or closed on the ``meeple.games`` logger, for the operator's
terminal (``meeple serve`` prints it), in the terminal's language."""

from __future__ import annotations

import logging
from typing import Any

from meeple.core import i18n
from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server.live_game import LiveGame

games_log = logging.getLogger("meeple.games")


def _terminal_language() -> str:
    try:
        return i18n.terminal_language()
    except i18n.UnknownLanguage:
        return DEFAULT_LANGUAGE


def seat_words(seat_rows: list[dict[str, Any]], lang: str) -> str:
    """Who sits at a game, for a log line: names, "a person" for an unnamed one, bots by level."""
    parts = []
    for s in seat_rows:
        if s["kind"] == "bot":
            parts.append(i18n.render("server.games.bot", {"level": s["level"]}, lang))
        elif s.get("name"):
            parts.append(str(s["name"]))
        else:
            parts.append(i18n.render("server.games.person", None, lang))
    return i18n.render("server.games.list", {"items": parts}, lang)


def log_game(event: str, g: LiveGame) -> None:
    """``event`` ("started" or "finished") of game ``g`` as one line on the ``meeple.games`` logger."""
    if not games_log.isEnabledFor(logging.INFO):
        return
    lang = _terminal_language()
    args: dict[str, Any] = {"title": i18n.title(g.state.game.id, g.state.game.info.name), "id": g.id,
                            "seats": seat_words(g.seats, lang)}
    if event == "finished":
        winners = [str(g.seats[p].get("name") or g.state.player_name(p, lang)) for p in g.state.winners()]
        args["winners"] = i18n.render("server.games.list", {"items": winners}, lang) if winners else "-"
    games_log.info("%s", i18n.render(f"server.games.{event}", args, lang))


def log_closed(status: str, gid: str) -> None:
    """Game ``gid`` closed as ``status`` (``abandoned`` or ``cancelled``), one line on ``meeple.games``."""
    if games_log.isEnabledFor(logging.INFO):
        games_log.info("%s", i18n.render(f"server.games.{status}", {"id": gid}, _terminal_language()))

