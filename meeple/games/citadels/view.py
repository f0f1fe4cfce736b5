"""Terminal view of Citadels, drawn only from ``state.observation(player)`` so it can never leak.

Districts read ``Castle (Y4)`` (``城堡（金4）`` in Chinese): the name, the colour's initial and the
cost, so colour is never the only cue; a beautified district (Artist) shows ``+1``. Every word comes
from the catalogue (``citadels.view.*``) and ``content.TERMS`` in the reader's language.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core.i18n import DEFAULT_LANGUAGE, plain, term
from meeple.games.citadels.content import (
    CHARACTER_INDEX, CHARACTER_RANK, COLOUR_NAMES, DISTRICT_COLOUR, DISTRICT_COST, DISTRICT_INDEX,
)

COLOUR_STYLE = ("bold blue", "bold red", "bold yellow", "bold green", "bold magenta")
GAME = "citadels"


def _district(slug: str, coin: bool = False, lang: str = DEFAULT_LANGUAGE) -> Text:
    d = DISTRICT_INDEX[slug]
    colour = DISTRICT_COLOUR[d]
    name = term(GAME, "district", slug, lang)
    letter = term(GAME, "colour_letter", COLOUR_NAMES[colour], lang)
    extra = "+1" if coin else ""
    if lang == "zh":
        label = f"{name}（{letter}{DISTRICT_COST[d]}{extra}）"
    else:
        label = f"{name} ({letter}{DISTRICT_COST[d]}{extra})"
    return Text(label, style=COLOUR_STYLE[colour])


def _char(slug: str, lang: str = DEFAULT_LANGUAGE) -> str:
    c = CHARACTER_INDEX[slug]
    return f"{CHARACTER_RANK[c]}·{term(GAME, 'character', slug, lang)}"


def _join(parts: list[Text], sep: str = ", ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


def render(state: Any, player: int | None, lang: str = DEFAULT_LANGUAGE) -> RenderableType:
    """Every city, the crown, the round's characters and (for a seat) its hand and choices, in ``lang``."""
    obs = state.observation(player)
    n = obs["players"]
    sep = plain(lang, "citadels.view.separator")
    names = [state.player_name(p, lang) for p in range(n)]
    head = Text(plain(lang, "citadels.view.head", round=obs["round"]), style="bold")
    if obs["crown_seat"] >= 0:
        head.append("   " + plain(lang, "citadels.view.crown", seat=obs["crown_seat"]))
    else:
        head.append("   " + plain(lang, "citadels.view.no_crown"))
    head.append("   " + plain(lang, "citadels.view.complete_at", count=obs["complete_city_size"]))
    head.append("   " + plain(lang, "citadels.view.deck", n=obs["deck_size"]))
    if obs["over"]:
        head.append("   " + plain(lang, "citadels.view.over"), style="bold magenta")
    parts: list[RenderableType] = [head, _characters(obs, names, lang, sep)]

    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for col in ("seat", "gold", "cards", "score", "city"):
        # a Chinese city has no spaces to break at: it folds instead of being cut short
        table.add_column(plain(lang, f"citadels.view.col_{col}"), overflow="fold" if col == "city" else "ellipsis")
    for p in range(n):
        coins = list(obs["beautified"][p])
        cells = []
        for slug in obs["cities"][p]:
            coin = slug in coins
            if coin:
                coins.remove(slug)
            cells.append(_district(slug, coin, lang))
        seat = Text(names[p] + (" ♛" if obs["crown_seat"] == p else ""), style="bold" if p == player else "")
        if obs["first_complete_seat"] == p:
            seat.append(plain(lang, "citadels.view.first_complete"))
        table.add_row(seat, str(obs["gold"][p]), str(obs["hand_sizes"][p]), str(int(obs["scores"][p])),
                      _join(cells, sep) if cells else Text("-"))
    parts.append(Panel(table, title=plain(lang, "citadels.view.cities")))

    if player is not None:
        mine = Text(plain(lang, "citadels.view.your_hand"))
        if obs["hand"]:
            mine.append_text(_join([_district(s, lang=lang) for s in obs["hand"]], sep))
        else:
            mine.append(plain(lang, "citadels.view.empty"))
        if obs["my_characters"]:
            mine.append("\n" + plain(lang, "citadels.view.your_characters", n=len(obs["my_characters"]))
                        + sep.join(_char(c, lang) for c in obs["my_characters"]))
        if obs.get("draft_offer"):
            mine.append("\n" + plain(lang, "citadels.view.offer")
                        + sep.join(_char(c, lang) for c in obs["draft_offer"]), style="bold")
        if obs.get("drawn_to_choose"):
            mine.append("\n" + plain(lang, "citadels.view.drawn"))
            mine.append_text(_join([_district(s, lang=lang) for s in obs["drawn_to_choose"]], sep))
        if obs.get("wizard_sees"):
            mine.append("\n" + plain(lang, "citadels.view.wizard_sees"))
            mine.append_text(_join([_district(s, lang=lang) for s in obs["wizard_sees"]], sep))
        known = {q: cards for q, cards in obs["known_hand_cards"].items() if cards}
        for q, cards in known.items():
            mine.append("\n" + plain(lang, "citadels.view.known", seat=int(q)))
            mine.append_text(_join([_district(s, lang=lang) for s in cards], sep))
        parts.append(Panel(mine, title=plain(lang, "citadels.view.you", seat=player)))
    if obs["to_move"] and not obs["over"]:
        who = obs["to_move"][0]
        parts.append(Text(plain(lang, "citadels.view.to_move", seat=who) if who >= 0
                          else plain(lang, "citadels.view.to_move_chance"), style="dim"))
    return Group(*parts)


def _characters(obs: dict[str, Any], names: list[str], lang: str = DEFAULT_LANGUAGE, sep: str = ", ") -> Text:
    text = Text(plain(lang, "citadels.view.characters"))
    text.append(sep.join(_char(c, lang) for c in obs["characters"]))
    if obs["face_up"]:
        text.append("\n" + plain(lang, "citadels.view.face_up") + sep.join(_char(c, lang) for c in obs["face_up"]))
    if obs["revealed_characters"]:
        text.append("\n" + plain(lang, "citadels.view.called")
                    + sep.join(plain(lang, "citadels.view.called_pair", label=_char(c, lang), seat=s)
                               for c, s in obs["revealed_characters"]))
    if obs["absent_characters"]:
        text.append("\n" + plain(lang, "citadels.view.absent")
                    + sep.join(_char(c, lang) for c in obs["absent_characters"]))
    if obs["killed_character"]:
        text.append("\n" + plain(lang, "citadels.view.killed") + _char(obs["killed_character"], lang), style="red")
    if obs["robbed_character"]:
        text.append("\n" + plain(lang, "citadels.view.robbed") + _char(obs["robbed_character"], lang))
    if obs["bewitched_character"]:
        text.append("\n" + plain(lang, "citadels.view.bewitched") + _char(obs["bewitched_character"], lang))
    if obs["current"]:
        c, s = obs["current"]
        text.append("\n" + plain(lang, "citadels.view.now_playing", label=_char(c, lang), seat=s), style="bold")
    if obs["graveyard_offer"]:
        slug, owner = obs["graveyard_offer"]
        text.append("\n" + plain(lang, "citadels.view.graveyard", seat=owner, district=slug))
    return text
