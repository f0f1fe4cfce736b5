"""Terminal view of a Versailles position, drawn only from ``state.observation(player)``.

>>> from rich.console import Console
>>> Console().print(render(state, 0))
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

COLOURS = ("red", "blue", "green", "yellow", "magenta")


def _cost(c: Any) -> str:
    parts = [f"{c[i]} {('wood', 'marble', 'gold')[i]}" for i in range(3) if c[i]]
    return ", ".join(parts) or "free"


def _tile(t: int) -> str:
    row = C.TILES[t]
    deco = f" +{row[5]}" if row[5] else ""
    return f"#{t} {row[0]} [{row[7]}] {row[1]} workers; {_cost(row[2:5])}{deco} → {row[6]} VP"


def _new_workers(rv: list[int]) -> str:
    """The player's new-worker spaces at King's Favor: who is still waiting to be recruited."""
    left = []
    if rv[1]:
        left.append(f"expensive ({C.RECRUIT_EXPENSIVE_WORKERS})")
    if rv[0]:
        left.append(f"cheap ({C.RECRUIT_CHEAP_WORKERS})")
    return " + ".join(left) or "all recruited"


def render(state: Any, player: int | None) -> Group:
    """A rich renderable of what ``player`` (None: a spectator) may see."""
    obs = state.observation(player)
    n = obs["players"]
    names = [state.player_name(p) for p in range(n)]
    parts: list[Any] = []

    head = Text()
    head.append("Versailles", style="bold")
    king_len = C.KING_TRACK[n]
    track = "".join("♔" if i == obs["king"] else ("·" if i < king_len - 1 else "■") for i in range(king_len))
    head.append(f"   King's track {track}  ({obs['king'] + 1}/{king_len})")
    if obs["over"]:
        head.append(f"   GAME OVER: {obs['end_reason']}", style="bold red")
    elif obs["active"] >= 0:
        head.append(f"   turn of {names[obs['active']]}, waiting for {names[obs['actor']]} ({obs['phase']})")
    parts.append(head)

    # the ring, in the board's two rows; arrows run left to right on top, right to left below
    ring = Table(show_header=False, box=None, padding=(0, 1))
    for _ in range(4):
        ring.add_column()

    def cell(loc: int) -> Text:
        t = Text(f"{C.LOCATION_NAMES[loc]} ({C.LOCATIONS[loc]})\n", style="bold")
        for p in range(n):
            w = obs["workers"][p][loc]
            mark = "▲" if obs["marker"][p] == loc else ""
            if w or mark:
                t.append(f"{'●' * w}{mark} ", style=COLOURS[p])
        return t

    ring.add_row(*[cell(loc) for loc in C.TOP_ROW])
    ring.add_row(Text("  ↑"), Text(""), Text(""), Text("  ↓"))
    ring.add_row(*[cell(loc) for loc in C.BOTTOM_ROW])
    parts.append(Text("→ along the top row, ← along the bottom row (● worker, ▲ activation marker)"))
    parts.append(ring)

    disp = Table(title="Architects' Guild display", show_header=True, box=None)
    disp.add_column("pos")
    disp.add_column("workers")
    disp.add_column("tile")
    for i, t in enumerate(obs["display"]):
        disp.add_row(str(i + 1), str(C.SLOT_WORKERS[i]), _tile(t) if t >= 0 else "(empty)")
    parts.append(disp)
    parts.append(Text(f"Stack {obs['stack_size']} tiles, discards {len(obs['discard'])}; "
                      f"decorations left: " + " ".join(f"{C.DECORATIONS[k][1]} {obs['deco_supply'][k]}"
                                                       for k in range(len(C.DECORATIONS)))))

    grid = Table(title="Construction Site (palace)", show_header=True, box=None)
    grid.add_column("")
    for c in range(R.SITE_C):
        grid.add_column(str(c + 1))
    for r in range(R.SITE_R):
        row = [chr(ord("a") + r)]
        for c in range(R.SITE_C):
            i = r * R.SITE_C + c
            t = obs["site"][i]
            if not R.SITES[n].open[i]:
                row.append("")
            elif t < 0:
                row.append(f"[{i}]")
            else:
                row.append(f"{C.TILES[t][0][:12]} {C.TILES[t][7]}")
        grid.add_row(*row)
    parts.append(grid)

    players = Table(title="Players", show_header=True, box=None)
    for col in ("player", "VP", "wood/marble/gold", "decorations", "tech g/s/gu", "double moves",
                "new workers", "hand"):
        players.add_column(col)
    for p in range(n):
        r = obs["res"][p]
        decos = " ".join(f"{C.DECORATION_CODES[k]}{obs['deco'][p][k]}" for k in range(len(C.DECORATIONS))
                         if obs["deco"][p][k])
        hand = "; ".join(_tile(t) for t in obs["hand"][p]) if p == player else \
            ", ".join(f"#{t}" for t in obs["hand"][p])
        players.add_row(Text(names[p] + (" (you)" if p == player else ""), style=COLOURS[p]),
                        str(obs["scores"][p]), f"{r[0]}/{r[1]}/{r[2]}", decos or "-",
                        "/".join(str(x) for x in obs["tech"][p]),
                        f"{obs['dm'][p]} up", _new_workers(obs['reserve'][p]), hand or "-")
    parts.append(players)
    return Group(*parts)
