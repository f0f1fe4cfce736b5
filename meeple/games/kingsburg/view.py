"""Terminal view of Kingsburg, drawn only from ``state.observation(player)`` (so it cannot leak).

Shows the advisors' track 1–18 with the dice on each, the turn order, what you know of this year's
enemy, and each province: the 5×4 building grid (``[Inn]`` built, ``·inn·`` not yet), resources,
"+2" tokens, soldiers, VP, unplaced dice and the King's envoy.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.games.kingsburg import content as C

SEAT_STYLE = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta")


def render(state: Any, player: int | None) -> RenderableType:
    """Everything ``player`` may see (``None``: a spectator)."""
    obs = state.observation(player)
    parts: list[RenderableType] = [_header(obs, player), _advisors(obs), _enemy(obs, player)]
    seats = list(range(obs["players"]))
    if player is not None and player in seats:
        seats.remove(player)
        seats.insert(0, player)
    parts.extend(_province(obs, p, p == player) for p in seats)
    return Group(*parts)


def _seat(obs: dict[str, Any], p: int) -> Text:
    return Text(obs["seats"][p], style=SEAT_STYLE[p % len(SEAT_STYLE)])


def _header(obs: dict[str, Any], player: int | None) -> Text:
    text = Text(f"Kingsburg — year {obs['year']} of {C.YEARS}", style="bold")
    if obs["over"]:
        text.append("  (game over)", style="bold magenta")
    else:
        text.append(f"  — {obs['step']}")
        if obs["step"] in ("spring", "summer", "autumn"):
            text.append(" production")
        movers = obs["to_move"]
        if movers == [-1]:
            text.append("  — waiting for chance (dice / card)")
        elif movers:
            text.append("  — to move: ")
            text.append(_seat(obs, movers[0]))
    text.append("\nTurn order: ")
    for i, p in enumerate(obs["order"]):
        if i:
            text.append(" → ")
        text.append(_seat(obs, p))
        if obs["rolled"][p]:
            text.append(f" ({sum(obs['rolled'][p])})", style="dim")
    return text


def _advisors(obs: dict[str, Any]) -> Table:
    table = Table(title="Advisors", title_justify="left", show_lines=False, padding=(0, 1))
    table.add_column("#", justify="right")
    table.add_column("advisor")
    table.add_column("gives", style="dim")
    table.add_column("dice")
    for n in range(1, 19):
        name, gives = C.ADVISORS[n]
        cell = Text()
        for entry in obs["advisors"].get(str(n), []):
            if cell:
                cell.append("  ")
            cell.append(_seat(obs, entry[0]))
            cell.append(" " + "+".join(str(v) for v in entry[1:] if isinstance(v, int)))
            marks = [v for v in entry[1:] if isinstance(v, str)]
            if marks:
                cell.append(" (" + " ".join(marks) + ")", style="dim")
        table.add_row(str(n), name, gives, cell)
    return table


def _enemy(obs: dict[str, Any], player: int | None) -> Text:
    y = obs["year"] - 1
    text = Text("Enemy this year: ", style="bold")
    known = obs["enemy"][y]
    if known:
        kind, strength, reward, penalty = _card(y, known)
        text.append(f"{kind.capitalize()} {strength}", style="bold red")
        text.append(f"  (win: {C.bundle_text(reward)}; lose: {C.bundle_text(penalty)})")
    else:
        text.append("face down" + (" (someone has looked)" if obs["enemy_drawn"] else ""))
        strengths = sorted(c[1] for c in C.ENEMIES[y])
        text.append(f"; this year's deck has strengths {', '.join(map(str, strengths))}", style="dim")
    if obs["reinforcement"]:
        text.append(f"\nKing's reinforcement: {obs['reinforcement']}")
    past = [f"year {i + 1}: {_label(i, k)}" for i, k in enumerate(obs["enemy"][:y]) if k]
    if past:
        text.append("\nPast enemies: " + "; ".join(past), style="dim")
    return text


def _card(y: int, key: str) -> tuple:
    return C.ENEMIES[y][C.ENEMY_KEYS[y].index(key)]


def _label(y: int, key: str) -> str:
    kind, strength = _card(y, key)[:2]
    return f"{kind.capitalize()} {strength}"


def _province(obs: dict[str, Any], p: int, mine: bool) -> Table:
    owned = set(obs["buildings"][p])
    title = _seat(obs, p)
    if mine:
        title.append(" (you)", style="dim")
    g, w, s = obs["resources"][p]
    title.append(f"   VP {obs['vp'][p]}   gold {g}  wood {w}  stone {s}   '+2' ×{obs['tokens'][p]}"
                 f"   soldiers {obs['soldiers'][p]}", style="")
    if obs["envoy"] == p:
        title.append("   holds the King's envoy", style="bold magenta")
    if obs["aid_die"] == p:
        title.append("   King's aid: may roll a white die this spring", style="bold")
    if obs["dice"][p]:
        title.append(f"   dice left: {' '.join(map(str, obs['dice'][p]))}", style="bold")
    table = Table(title=title, title_justify="left", show_header=True, padding=(0, 1))
    table.add_column("row")
    for level in ("I", "II", "III", "IV"):
        table.add_column(level)
    for r, row in enumerate(C.ROWS):
        cells = []
        for level in range(4):
            b = r * 4 + level
            key, name = C.B_KEY[b], C.B_NAME[b]
            if key in owned:
                cells.append(Text(f"[{name}]", style="bold green"))
            else:
                cost = "/".join(str(x) for x in C.B_COST[b])
                cells.append(Text(f"·{name} {cost}→{C.B_VP[b]}·", style="dim"))
        table.add_row(row, *cells)
    return table
