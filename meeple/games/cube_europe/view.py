"""Terminal view of Cube Europe, drawn only from ``state.observation(player)``.

Hexes read ``r6`` (a red hex numbered 6, empty) or ``[R6]`` (filled), so colour is never the only cue.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.games.cube_europe.content import ROW_LETTERS, rank

SEAT_WIDTH = 48
STYLE = {"red": "bold red", "blue": "bold blue", "green": "bold green", "white": "bold white", "yellow": "bold yellow"}


def render(state: Any, player: int | None) -> RenderableType:
    """The market, every player's map and supplies, as the seat ``player`` may see them."""
    obs = state.observation(player)
    dealt = [p for p, seat in enumerate(obs["seats"]) if seat["board_card"] is not None]
    others = [_seat(obs, p, False) for p in dealt if p != player]
    parts: list[RenderableType] = [_header(obs)]
    if others:  # the other boards side by side, so yours stays next to the prompt
        parts.append(Columns(others) if player is not None else Group(*others))
    if player is not None and player in dealt:
        parts.append(Columns([_seat(obs, player, True), _market(obs)]))
    else:
        parts.append(_market(obs))
    return Group(*parts)


def _header(obs: dict[str, Any]) -> Text:
    text = Text(f"Cube Europe — round {obs['round']} of {obs['rounds']}", style="bold")
    if obs["over"]:
        text.append("  (game over)", style="bold magenta")
    elif obs["current"] is not None:
        text.append(f"  — {obs['seats'][obs['current']]['name']} to play")
    return text


def _market(obs: dict[str, Any]) -> Panel:
    """The two visible market cards: each one's three centre squares and its yellow effect."""
    m = obs["market"]
    parts: list[RenderableType] = []
    halves = (("deck_top", "deck top", "", m["squares"][:3]),
              ("discard_top", "discard top", " (rightmost: a yellow cube tucks it)", m["squares"][3:]))
    for slot, where, note, squares in halves:
        effect = m["effects"][slot]
        head = Text(f"{where}: ", style="bold")
        if effect is None:
            parts.append(head.append("no card", style="dim"))
            continue
        head.append(f"card {effect['card']}")
        head.append(note, style="dim")
        head.append("\n  yellow effect ", style="yellow")
        head.append(effect["name"], style="bold yellow")
        head.append(f": {effect['text']}", style="yellow")
        table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1, 0, 2))
        for width in (8, 5, 6, 8):  # the same columns under both cards
            table.add_column(min_width=width)
        for sq in squares:
            if sq is not None:
                table.add_row(f"square {sq['square']}", f"die {sq['face']}", Text(sq["colour"], style=STYLE[sq["colour"]]),
                              "dice: " + ("•" * sq["dice"] or "-"))
        parts += [head, table]
    note = f"deck: {m['deck_size']} card(s); discard pile: {len(m['discard'])} card(s)"
    if m["stack_limit"]:
        note += f"\nat most {m['stack_limit']} die/dice per square"
    used = [name for key, name in (("steady", "Steady Hand"), ("mirror", "Mirror")) if obs["used_free"][key]]
    if used:
        note += f"\nused this turn: {', '.join(used)}"
    parts.append(Text(note, style="dim"))
    return Panel(Group(*parts), title="Market", width=SEAT_WIDTH)


def _hex_map(seat: dict[str, Any]) -> Text:
    rows: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for label, cell in seat["hexes"].items():
        rows.setdefault(label[0], []).append((label, cell))
    text = Text()
    for letter in ROW_LETTERS:
        cells = rows.get(letter, [])
        indent = " " * (3 * (5 - len(cells)))
        text.append(indent + "".join(f"  {label}  " for label, _ in cells) + "\n", style="dim")
        text.append(indent)
        for _, cell in cells:
            code = cell["colour"][0] + str(cell["number"])
            if cell["filled"]:
                text.append(f" [{code.upper()}]", style=STYLE[cell["colour"]] + " reverse")
                text.append(" ")
            else:
                text.append(f"  {code}  ", style=STYLE[cell["colour"]])
        text.append("\n")
    return text


def _seat(obs: dict[str, Any], p: int, mine: bool) -> Panel:
    seat = obs["seats"][p]
    info = Text()
    inv = seat["inventory"]
    info.append("inventory: ")
    for colour in inv:
        info.append(colour + " ", style=STYLE[colour])
    info.append("(empty)" if not inv else "")
    info.append(f" [{len(inv)}/{seat['inventory_size']}]\n")
    info.append(f"workers: {seat['workers']} (track 0–{seat['worker_max']})\n")
    if seat["dice"]:
        info.append(f"dice: {', '.join(map(str, seat['dice']))}\n", style="bold")
    for eff in seat["effects"]:
        info.append(f"yellow effect {eff['name']}: {eff['text']}\n", style="yellow")
    score = seat["score"]
    if score:
        info.append(f"score {seat['total']}", style="bold")
        info.append(
            f"\nterritories {score['territories']} · colours {score['colours']} · green {score['green']}"
            f"\nyellow effects {score['yellow_effects']} · workers {score['workers']}"
        )
        if len(obs["seats"]) == 1:
            english, chinese = rank(seat["total"])
            info.append(f" — rank {english} ({chinese})")
    title = f"{seat['name']}{' (you)' if mine else ''} — board card {seat['board_card']}"
    if obs["first"] == p and len(obs["seats"]) > 1:
        title += " — holds the start card"
    return Panel(Group(_hex_map(seat), info), title=title, width=SEAT_WIDTH)
