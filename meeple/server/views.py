"""What each viewer is sent: built only from ``observation(viewer)``, ``log_for(viewer)`` and public facts.

A view is a pure function of the state *as the viewer may know it*: for a seat ``p``,
``seat_view(state, p, …) == seat_view(state.determinize(p, k), p, …)`` for every ``k`` (the tests
check exactly this), so nothing hidden from ``p`` can reach ``p``'s screen.
"""

from __future__ import annotations

from typing import Any

from meeple.core import CHANCE, Action, State
from meeple.core.i18n import DEFAULT_LANGUAGE, render


def shown_name(seat_row: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The name a seat shows: its player's, "deleted player" for an account deleted since, None if none."""
    name = seat_row.get("name")
    if name is None and seat_row.get("user_id") is not None:
        return render("server.deleted_player", None, lang)
    return name


def seat_meta(state: State, seat_rows: list[dict[str, Any]], connected: dict[int, int],
              lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The public facts about the seats (never tokens or invite codes); ``color`` is the seat's name in ``lang``."""
    return [
        {
            "seat": r["seat"],
            "color": state.player_name(r["seat"], lang),
            "name": shown_name(r, lang),
            "account": r.get("user_id") is not None,
            "kind": r["kind"],
            "level": r["level"],
            "claimed": bool(r["claimed"]) if r["kind"] == "human" else True,
            "away": bool(r["away"]),
            "bot_playing": r["kind"] == "bot" or bool(r["away"]),
            "connected": connected.get(r["seat"], 0) > 0,
            **({"deadline": r["deadline"]} if r.get("deadline") is not None else {}),  # turn-based: due by then
        }
        for r in seat_rows
    ]


_FORMS: dict[Action, tuple[dict[str, Any], str]] = {}
_FORMS_MAX = 100_000


def action_forms(action: Action) -> tuple[dict[str, Any], str]:
    """``(action.to_json(), str(action))``, remembered per action: they depend on nothing but the
    action, and the same few hundred actions of a game come back in its legal lists move after move.
    The JSON dict is shared: nobody may change it (the server only serializes it)."""
    if type(action) is not Action:  # a subclass may print itself otherwise (and equals its base): not remembered
        return action.to_json(), str(action)
    for arg in action.args:  # True == 1 and 1.0 == 1 hash alike but print otherwise: only int and str
        if type(arg) is not int and type(arg) is not str:
            return action.to_json(), str(action)
    hit = _FORMS.get(action)
    if hit is None:
        if len(_FORMS) >= _FORMS_MAX:
            _FORMS.clear()
        hit = _FORMS[action] = (action.to_json(), str(action))
    return hit


def legal_list(state: State, seat: int, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The seat's legal actions, each with its JSON form, its compact text and a sentence in ``lang``."""
    out = []
    for a in state.legal_actions(seat):
        as_json, text = action_forms(a)
        out.append({"action": as_json, "text": text, "label": state.describe(a, seat, lang)})
    return out


def chance_list(state: State, seat: int, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The random outcomes ``seat`` is offered to enter at a referee game (``State.chance_choices``:
    judged only from what that seat may know), each as in ``legal_list``.

    A sentence (``label``) comes only with outcomes the game declares public (it keeps the default
    ``chance_choices``): a chance sentence tells the outcome's probability, and the probability of a
    card drawn from a deck tells how many of it the deck still holds. Otherwise ``label`` is None and
    the board names the outcome from its own content."""
    public = type(state).chance_choices is State.chance_choices
    out = []
    for a in state.chance_choices(seat):
        as_json, text = action_forms(a)
        out.append({"action": as_json, "text": text, "label": state.describe(a, CHANCE, lang) if public else None})
    return out


def chance_facts(state: State) -> dict[str, Any]:
    """What everyone at a referee game sees of a pending random outcome: that one is due, and whose it is."""
    due = state.chance == "manual" and state.to_move() == [CHANCE]
    return {"chance_due": due, "chance_owner": state.chance_owner() if due else None}


def result(state: State) -> dict[str, Any] | None:
    """Scores and winners, only once the game is over (running scores may use hidden facts)."""
    if not state.is_over():
        return None
    return {"scores": list(state.scores()), "winners": list(state.winners())}


def public_facts(state: State) -> tuple[list[int], bool, dict[str, Any] | None]:
    """What every viewer's fields share: (the seats to move but chance, whether it is over, ``result``)."""
    return [p for p in state.to_move() if p != CHANCE], state.is_over(), result(state)


def view_fields(state: State, viewer: int | None, *, seq: int, status: str, seats: list[dict[str, Any]],
                can_undo: bool = False,
                public: tuple[list[int], bool, dict[str, Any] | None] | None = None,
                lang: str = DEFAULT_LANGUAGE, enters_chance: bool = False, rated: bool = False,
                move_seconds: int | None = None) -> dict[str, Any]:
    """Everything in ``viewer``'s view except the observation and the log: the fields an update may carry.

    The legal actions are computed only for a seat that is to move (everyone else gets ``[]``).
    ``public``: ``public_facts(state)`` if already known (it is the same for every viewer).
    ``enters_chance``: the viewer may enter the pending random outcome of a referee game (its
    ``chance`` list holds the outcomes offered to it; everyone else's is empty). ``rated``: the game
    counts for the ratings (chosen at its creation): no hints, no undo. ``move_seconds``: a turn-based
    game's time per move (the view then says ``pace`` and ``move_seconds``; each seat due has its
    ``deadline``)."""
    to_move, over, outcome = public if public is not None else public_facts(state)
    mine = viewer is not None and viewer in to_move
    referee = state.chance == "manual"
    extra: dict[str, Any] = {}
    if referee:
        extra = {"referee": True, **chance_facts(state),
                 "chance": chance_list(state, viewer, lang) if enters_chance and viewer is not None else []}
    if move_seconds:
        extra.update(pace="turns", move_seconds=move_seconds)
    return {
        "seq": seq,
        "status": status,
        "over": over,
        "to_move": to_move,
        "your_turn": mine,
        "legal": legal_list(state, viewer, lang) if mine else [],  # type: ignore[arg-type]
        "can_undo": bool(can_undo),
        "rated": bool(rated),
        "seats": seats,
        "result": outcome,
        **extra,
    }


def base_view(state: State, viewer: int | None, *, game_id: str, seq: int, status: str,
              seats: list[dict[str, Any]], can_undo: bool = False, lang: str = DEFAULT_LANGUAGE,
              enters_chance: bool = False) -> dict[str, Any]:
    """The view of ``viewer`` (a seat, or None for a spectator) without its log lines."""
    return {
        "type": "view",
        "game_id": game_id,
        "game": state.game.id,
        "seat": viewer,
        "observation": state.observation(viewer),
        **view_fields(state, viewer, seq=seq, status=status, seats=seats, can_undo=can_undo, lang=lang,
                      enters_chance=enters_chance),
    }


def describe_move(state: State, action: Action, seat: int, lang: str = DEFAULT_LANGUAGE) -> str:
    try:
        return state.describe(action, seat, lang)
    except Exception:  # noqa: BLE001 - a label is never worth an error
        return str(action)
