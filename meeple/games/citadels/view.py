"""Terminal view of Citadels, drawn only from ``state.observation(player)`` so it can never leak.

Districts read ``Castle (Y4)``: the name, the colour's initial and the cost, so colour is never the
only cue; a beautified district (Artist) shows ``+1``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.games.citadels import content as K

COLOUR_STYLE = ("bold blue", "bold red", "bold yellow", "bold green", "bold magenta")
COLOUR_LETTER = ("B", "R", "Y", "G", "P")


def _district(slug: str, coin: bool = False) -> Text:
    d = K.D_INDEX[slug]
    colour = K.D_COLOUR[d]
    label = f"{K.D_NAME[d]} ({COLOUR_LETTER[colour]}{K.D_COST[d]}{'+1' if coin else ''})"
    return Text(label, style=COLOUR_STYLE[colour])


def _char(slug: str) -> str:
    c = K.C_INDEX[slug]
    return f"{K.C_RANK[c]}·{K.C_NAME[c]}"


def _join(parts: list[Text], sep: str = ", ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


def render(state: Any, player: int | None) -> RenderableType:
    """Every city, the crown, the round's characters and (for a seat) its hand and choices."""
    obs = state.observation(player)
    n = obs["players"]
    names = [state.player_name(p) for p in range(n)]
    head = Text(f"Citadels — round {obs['round']}", style="bold")
    head.append(f"   crown: {names[obs['crown']] if obs['crown'] >= 0 else '-'}")
    head.append(f"   a city is complete at {obs['complete_at']} districts   deck: {obs['deck_size']} card(s)")
    if obs["over"]:
        head.append("   (game over)", style="bold magenta")
    parts: list[RenderableType] = [head, _characters(obs, names)]

    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for col in ("seat", "gold", "cards", "score", "city"):
        table.add_column(col)
    for p in range(n):
        coins = list(obs["coins"][p])
        cells = []
        for slug in obs["cities"][p]:
            coin = slug in coins
            if coin:
                coins.remove(slug)
            cells.append(_district(slug, coin))
        seat = Text(names[p] + (" ♛" if obs["crown"] == p else ""), style="bold" if p == player else "")
        if obs["first_complete"] == p:
            seat.append(" (first complete)")
        table.add_row(seat, str(obs["gold"][p]), str(obs["hand_sizes"][p]), str(int(obs["scores"][p])),
                      _join(cells) if cells else Text("-"))
    parts.append(Panel(table, title="Cities"))

    if player is not None:
        mine = Text("Your hand: ")
        mine.append_text(_join([_district(s) for s in obs["hand"]]) if obs["hand"] else Text("(empty)"))
        if obs["my_characters"]:
            mine.append("\nYour character(s): " + ", ".join(_char(c) for c in obs["my_characters"]))
        if obs.get("offer"):
            mine.append("\nYou may choose from: " + ", ".join(_char(c) for c in obs["offer"]), style="bold")
        if obs.get("drawn"):
            mine.append("\nDrawn, choose what to keep: ")
            mine.append_text(_join([_district(s) for s in obs["drawn"]]))
        if obs.get("wizard_sees"):
            mine.append("\nThe hand you look at: ")
            mine.append_text(_join([_district(s) for s in obs["wizard_sees"]]))
        known = {q: cards for q, cards in obs["known_hands"].items() if cards}
        for q, cards in known.items():
            mine.append(f"\nYou know {names[int(q)]} holds: ")
            mine.append_text(_join([_district(s) for s in cards]))
        parts.append(Panel(mine, title=f"{names[player]} (you)"))
    if obs["to_move"] and not obs["over"]:
        who = obs["to_move"][0]
        parts.append(Text(f"To move: {names[who] if who >= 0 else 'chance'}", style="dim"))
    return Group(*parts)


def _characters(obs: dict[str, Any], names: list[str]) -> Text:
    text = Text("Characters: ")
    text.append(", ".join(_char(c) for c in obs["characters"]))
    if obs["face_up"]:
        text.append("\nFace up (out this round): " + ", ".join(_char(c) for c in obs["face_up"]))
    if obs["revealed"]:
        text.append("\nCalled: " + ", ".join(f"{_char(c)} = {names[s]}" for c, s in obs["revealed"]))
    if obs["absent"]:
        text.append("\nNobody answered: " + ", ".join(_char(c) for c in obs["absent"]))
    if obs["killed"]:
        text.append(f"\nKilled: {_char(obs['killed'])}", style="red")
    if obs["robbed"]:
        text.append(f"\nRobbed: {_char(obs['robbed'])}")
    if obs["bewitched"]:
        text.append(f"\nBewitched: {_char(obs['bewitched'])}")
    if obs["current"]:
        c, s = obs["current"]
        text.append(f"\nNow playing: {_char(c)} ({names[s]})", style="bold")
    if obs["graveyard"]:
        slug, owner = obs["graveyard"]
        text.append(f"\n{names[owner]} decides: take the destroyed {K.D_NAME[K.D_INDEX[slug]]} for 1 gold?")
    return text
