"""Board Game Arena's undo policy, decided exactly.

A rated game (chosen at its creation) offers no undo at all: what was played stands. Elsewhere you
may take back only your own last move, only while nobody else has acted since, never when the
move revealed hidden information to anyone and never when a random outcome followed it: the game's
rules say both exactly when the move is applied (``State.apply_reporting``: a transition that
reveals calls ``State.reveal()``; chance outcomes are counted). And each move only once at a
position: the same move made again after an undo is an ordinary move, so a seat cannot fill the
log with undo/redo pairs (the undos are also rate limited per seat, ``Settings.undo_rate``).

At a referee game (a real table entering its own dice and cards) a random outcome entered by mistake
(a mis-tapped die) may be taken back by any person at the table, as long as nothing was done after it:
the table, not meeple, holds the dice, so taking the entry back hides nothing anyone has not seen. It
is a correction, once per position: after an entry there is taken back, the entry made next there
stands, whatever it is and whoever made it (so a seat cannot enter card after card and take each
back to learn, from the public notice of a conflict, which cards the deck no longer holds). The undo
itself spends the undoing seat's undo quota like any other.

>>> undo_refusal(game, seat) is None   # may this seat undo now?
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

from meeple.core import CHANCE
from meeple.server.errors import Conflict, Forbidden, ServerError


class Refusal(NamedTuple):
    kind: type[ServerError]  # Forbidden: not yours to undo; Conflict: the game's state allows no undo
    reason: str  # a message id (``server.undo_…``): ``Message(reason, {}).render(lang)`` says it


def undo_refusal(game: Any, seat: int | None) -> Refusal | None:
    """Why ``seat`` may not undo now in ``game`` (a ``hub.LiveGame``), or None if it may."""
    if seat is None:
        return Refusal(Forbidden, "server.undo_spectator")
    if game.row.get("rated"):
        return Refusal(Conflict, "server.undo_rated")  # a rated game: what was played stands
    if game.state.is_over():
        return Refusal(Conflict, "server.undo_over")
    if not game.moves or game.moves[-1].seq != game.seq:
        return Refusal(Conflict, "server.undo_nothing")
    last = game.moves[-1]
    if last.seat == CHANCE and game.row.get("chance") == "manual":
        row = game.seats[seat]
        if row["kind"] != "human" or not row["claimed"]:
            return Refusal(Forbidden, "server.undo_not_yours")
        position = len(game.moves) - 1
        if any(at == position for at, _text in game.undone):
            return Refusal(Conflict, "server.undo_chance_once")
        return None
    if last.seat != seat:
        return Refusal(Forbidden, "server.undo_not_yours")
    if game.bot_plays(seat):
        return Refusal(Forbidden, "server.bot_playing")
    if last.report.revealed:
        return Refusal(Conflict, "server.undo_revealed")
    if last.report.chance_outcomes:
        return Refusal(Conflict, "server.undo_chance")
    if (len(game.moves) - 1, last.text) in game.undone:
        return Refusal(Conflict, "server.undo_once")
    return None
