"""Terminal view of a Versailles position, drawn only from ``state.observation(player)``, in any language.

>>> from rich.console import Console
>>> Console().print(render(state, 0))            # English
>>> Console().print(render(state, 0, lang="zh"))  # 简体中文
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.core.i18n import DEFAULT_LANGUAGE, msg, plain, render_message, term
from meeple.games.versailles.board import DECORATION_INDEX, SITE_GRIDS
from meeple.games.versailles.content import (
    BOTTOM_ROW, DECORATIONS, KING_TRACK, LOCATIONS, RECRUIT_CHEAP_WORKERS, RECRUIT_EXPENSIVE_WORKERS, RESOURCES,
    SITE_COLS, SITE_ROWS, SLOT_WORKERS, TILES, TOP_ROW,
)

GAME = "versailles"
COLOURS = ("red", "blue", "green", "yellow", "magenta")


def _name(kind: str, key: Any, lang: str) -> str:
    return term(GAME, kind, key, lang) or str(key)


def _cost(c: Any, lang: str) -> str:
    parts = [msg("versailles.amount", n=c[i], resource=i) for i in range(3) if c[i]]
    return plain(lang, "versailles.view.cost", cost=parts) if parts else plain(lang, "versailles.view.free")


def _edges(edges: str, lang: str) -> str:
    return "".join(_name("edge_mark", e, lang) for e in edges)


def _tile(t: int, lang: str = DEFAULT_LANGUAGE) -> str:
    row = TILES[t]
    args = {"num": t, "tile": t, "edges": _edges(row[7], lang), "workers": msg("versailles.workers", n=row[1]),
            "cost": _cost(row[2:5], lang), "vp": row[6]}
    if row[5]:
        return plain(lang, "versailles.view.tile_decorations", decoration_marks=[DECORATION_INDEX[ch] for ch in row[5]],
                     **args)
    return plain(lang, "versailles.view.tile", **args)


def _new_workers(rv: list[int], lang: str = DEFAULT_LANGUAGE) -> str:
    """The player's new-worker spaces at King's Favor: who is still waiting to be recruited."""
    left = []
    if rv[1]:
        left.append(plain(lang, "versailles.view.new_expensive", workers=RECRUIT_EXPENSIVE_WORKERS))
    if rv[0]:
        left.append(plain(lang, "versailles.view.new_cheap", workers=RECRUIT_CHEAP_WORKERS))
    return " + ".join(left) or plain(lang, "versailles.view.all_recruited")


def render(state: Any, player: int | None, lang: str = DEFAULT_LANGUAGE) -> Group:
    """A rich renderable of what ``player`` (None: a spectator) may see, in ``lang`` ("en", "zh")."""
    obs = state.observation(player)
    names = [state.player_name(p, lang) for p in range(obs["players"])]
    return Group(_heading(obs, names, lang), Text(plain(lang, "versailles.view.legend")), _ring(obs, lang),
                 _display(obs, lang), _supply(obs, lang), _site(obs, lang), _players(obs, names, player, lang))


def _heading(obs: dict[str, Any], names: list[str], lang: str) -> Text:
    """The title, the King's track, and whose turn it is (or why the game ended)."""
    head = Text()
    head.append(plain(lang, "versailles.title"), style="bold")
    king_len = KING_TRACK[obs["players"]]
    track = "".join("♔" if i == obs["king_space"] else ("·" if i < king_len - 1 else "■") for i in range(king_len))
    head.append("   " + plain(lang, "versailles.view.king_track", track=track, space=obs["king_space"] + 1, last=king_len))
    if obs["over"]:
        reason = render_message(obs["end"], lang) if obs.get("end") else obs["end_reason"]
        head.append("   " + plain(lang, "versailles.view.game_over", reason=reason), style="bold red")
    elif obs["turn_seat"] >= 0:
        head.append("   " + plain(lang, "versailles.view.turn", active=names[obs["turn_seat"]], actor=names[obs["mover"]],
                                  phase=obs["phase"]))
    return head


def _ring(obs: dict[str, Any], lang: str) -> Table:
    """The ring, in the board's two rows; arrows run left to right on top, right to left below."""
    ring = Table(show_header=False, box=None, padding=(0, 1))
    for _ in range(4):
        ring.add_column()

    def cell(loc: int) -> Text:
        t = Text(f"{_name('location', loc, lang)} ({LOCATIONS[loc]})\n", style="bold")
        for p in range(obs["players"]):
            w = obs["workers_at"][p][loc]
            mark = "▲" if obs["activation_markers"][p] == loc else ""
            if w or mark:
                t.append(f"{'●' * w}{mark} ", style=COLOURS[p])
        return t

    ring.add_row(*[cell(loc) for loc in TOP_ROW])
    ring.add_row(Text("  ↑"), Text(""), Text(""), Text("  ↓"))
    ring.add_row(*[cell(loc) for loc in BOTTOM_ROW])
    return ring


def _display(obs: dict[str, Any], lang: str) -> Table:
    """The Architects' Guild's display: each slot's workers to take it and its tile."""
    disp = Table(title=plain(lang, "versailles.view.display"), show_header=True, box=None)
    disp.add_column(plain(lang, "versailles.view.col_pos"))
    disp.add_column(plain(lang, "versailles.view.col_workers"))
    disp.add_column(plain(lang, "versailles.view.col_tile"))
    for i, t in enumerate(obs["tile_display"]):
        shown = _tile(t, lang) if t >= 0 else plain(lang, "versailles.view.empty")
        disp.add_row(str(i + 1), str(SLOT_WORKERS[i]), shown)
    return disp


def _supply(obs: dict[str, Any], lang: str) -> Text:
    """The stack, the discards and the decorations left."""
    left = " ".join(f"{_name('decoration', k, lang)} {obs['decoration_supply'][k]}" for k in range(len(DECORATIONS)))
    return Text(plain(lang, "versailles.view.supply", n=obs["stack_size"], discards=len(obs["discard_pile"]),
                      left=left))


def _site(obs: dict[str, Any], lang: str) -> Table:
    """The palace's construction site: each open cell's tile and its edges, or its number."""
    grid = Table(title=plain(lang, "versailles.view.site"), show_header=True, box=None)
    grid.add_column("")
    for c in range(SITE_COLS):
        grid.add_column(str(c + 1))
    for r in range(SITE_ROWS):
        row = [chr(ord("a") + r)]
        for c in range(SITE_COLS):
            i = r * SITE_COLS + c
            t = obs["construction_site"][i]
            if not SITE_GRIDS[obs["players"]].is_open[i]:
                row.append("")
            elif t < 0:
                row.append(f"[{i}]")
            else:
                row.append(f"{_name('tile', t, lang)[:12]} {_edges(TILES[t][7], lang)}")
        grid.add_row(*row)
    return grid


def _players(obs: dict[str, Any], names: list[str], player: int | None, lang: str) -> Table:
    """Each player's workshop: points, resources, decorations, technologies, double moves, new workers, and
    the hand (the tiles themselves for ``player``, numbers for the others)."""
    players = Table(title=plain(lang, "versailles.view.players"), show_header=True, box=None)
    resources = "/".join(_name("resource", i, lang) for i in range(len(RESOURCES)))
    for col in (plain(lang, "versailles.view.col_player"), plain(lang, "versailles.view.col_vp"), resources,
                plain(lang, "versailles.view.col_decorations"), plain(lang, "versailles.view.col_tech"),
                plain(lang, "versailles.view.col_double_moves"), plain(lang, "versailles.view.col_new_workers"),
                plain(lang, "versailles.view.col_hand")):
        players.add_column(col)
    for p in range(obs["players"]):
        r = obs["resources"][p]
        decos = " ".join(f"{_name('decoration_mark', k, lang)}{obs['decorations'][p][k]}" for k in range(len(DECORATIONS))
                         if obs["decorations"][p][k])
        hand = "; ".join(_tile(t, lang) for t in obs["hands"][p]) if p == player else \
            ", ".join(f"#{t}" for t in obs["hands"][p])
        who = plain(lang, "versailles.view.you", name=names[p]) if p == player else names[p]
        players.add_row(Text(who, style=COLOURS[p]),
                        str(obs["scores"][p]), f"{r[0]}/{r[1]}/{r[2]}", decos or "-",
                        "/".join(str(x) for x in obs["technology_levels"][p]),
                        plain(lang, "versailles.view.face_up", n=obs["double_moves_face_up"][p]),
                        _new_workers(obs["workers_off_board"][p], lang), hand or "-")
    return players
