"""Terminal view of Cube Europe, drawn only from ``state.observation(player)``, in English or Chinese.

Hexes read ``r6`` (a red hex numbered 6, empty) or ``[R6]`` (filled), so colour is never the only cue;
in Chinese ``红6`` and ``[红6]``. Every word comes from the ``cube-europe`` catalogue and
``content.TERMS``.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core.i18n import DEFAULT_LANGUAGE, msg, plain, term
from meeple.games.cube_europe.content import ROW_LETTERS, rank_key

GAME = "cube-europe"
SEAT_WIDTH = 48
CELL_WIDTH = 6
STYLE = {"red": "bold red", "blue": "bold blue", "green": "bold green", "white": "bold white", "yellow": "bold yellow"}


def render(state: Any, player: int | None, lang: str = DEFAULT_LANGUAGE) -> RenderableType:
    """The market, every player's map and supplies, as the seat ``player`` may see them, in ``lang``."""
    obs = state.observation(player)
    dealt = [p for p, seat in enumerate(obs["seats"]) if seat["board_card"] is not None]
    others = [_seat(obs, p, False, lang) for p in dealt if p != player]
    parts: list[RenderableType] = [_header(obs, lang)]
    if others:  # the other boards side by side, so yours stays next to the prompt
        parts.append(Columns(others) if player is not None else Group(*others))
    if player is not None and player in dealt:
        parts.append(Columns([_seat(obs, player, True, lang), _market(obs, lang)]))
    else:
        parts.append(_market(obs, lang))
    return Group(*parts)


def _term(kind: str, key: Any, lang: str) -> str:
    """A component's name in ``lang`` (``content.TERMS``)."""
    return term(GAME, kind, key, lang) or str(key)


def _header(obs: dict[str, Any], lang: str) -> Text:
    text = Text(plain(lang, "cube-europe.view.header", round=obs["round"], rounds=obs["rounds"]), style="bold")
    if obs["over"]:
        text.append("  " + plain(lang, "cube-europe.view.over"), style="bold magenta")
    elif obs["current"] is not None:
        text.append("  " + plain(lang, "cube-europe.view.to_play", seat=obs["current"]))
    return text


def _market(obs: dict[str, Any], lang: str) -> Panel:
    """The two visible market cards: each one's three centre squares and its yellow effect."""
    m = obs["market"]
    parts: list[RenderableType] = []
    halves = (("deck_top", plain(lang, "cube-europe.view.deck_top"), "", m["squares"][:3]),
              ("discard_top", plain(lang, "cube-europe.view.discard_top"), plain(lang, "cube-europe.view.rightmost"),
               m["squares"][3:]))
    for slot, where, note, squares in halves:
        effect = m["effects"][slot]
        head = Text(where, style="bold", overflow="fold")  # fold: Chinese has no spaces to wrap at
        if effect is None:
            parts.append(head.append(plain(lang, "cube-europe.view.no_card"), style="dim"))
            continue
        head.append(plain(lang, "cube-europe.view.card", card=effect["card"]))
        head.append(note, style="dim")
        head.append("\n  " + plain(lang, "cube-europe.view.yellow_effect"), style="yellow")
        head.append(_term("effect", effect["id"], lang), style="bold yellow")
        head.append(plain(lang, "cube-europe.view.effect_text", effect_text=effect["id"]), style="yellow")
        table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1, 0, 2))
        for width in (8, 5, 6, 8):  # the same columns under both cards
            table.add_column(min_width=width)
        for sq in squares:
            if sq is not None:
                table.add_row(plain(lang, "cube-europe.view.square", square=sq["square"]),
                              plain(lang, "cube-europe.view.die", face=sq["face"]),
                              Text(_term("colour", sq["colour"], lang), style=STYLE[sq["colour"]]),
                              plain(lang, "cube-europe.view.dice_on", marks="•" * sq["dice"] or "-"))
        parts += [head, table]
    note = plain(lang, "cube-europe.view.piles", deck=msg("cube-europe.view.deck_cards", n=m["deck_size"]),
             discard=msg("cube-europe.view.discard_cards", n=len(m["discard"])))
    if m["stack_limit"]:
        note += "\n" + plain(lang, "cube-europe.view.stack_limit", n=m["stack_limit"])
    used = [key for key in ("steady", "mirror") if obs["used_free"][key]]
    if used:
        note += "\n" + plain(lang, "cube-europe.view.used", free_effects=used)
    parts.append(Text(note, style="dim"))
    return Panel(Group(*parts), title=plain(lang, "cube-europe.view.market"), width=SEAT_WIDTH)


def _hex_map(seat: dict[str, Any], lang: str) -> Text:
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
            code = _term("colour_code", cell["colour"], lang) + str(cell["number"])
            shown = f"[{code.upper()}]" if cell["filled"] else code
            left = (CELL_WIDTH - cell_len(shown)) // 2
            right = CELL_WIDTH - cell_len(shown) - left
            style = STYLE[cell["colour"]] + (" reverse" if cell["filled"] else "")
            text.append(" " * left + shown, style=style)
            text.append(" " * right)
        text.append("\n")
    return text


def _seat(obs: dict[str, Any], p: int, mine: bool, lang: str) -> Panel:
    seat = obs["seats"][p]
    info = Text(overflow="fold")
    inv = seat["inventory"]
    info.append(plain(lang, "cube-europe.view.inventory"))
    for colour in inv:
        info.append(_term("colour", colour, lang) + " ", style=STYLE[colour])
    info.append(plain(lang, "cube-europe.view.empty") if not inv else "")
    info.append(f" [{len(inv)}/{seat['inventory_size']}]\n")
    info.append(plain(lang, "cube-europe.view.workers", workers=seat["workers"], max=seat["worker_max"]) + "\n")
    if seat["dice"]:
        info.append(plain(lang, "cube-europe.view.dice", dice=list(seat["dice"])) + "\n", style="bold")
    for eff in seat["effects"]:
        info.append(plain(lang, "cube-europe.view.seat_effect", effect=eff["id"], effect_text=eff["id"]) + "\n",
                    style="yellow")
    score = seat["score"]
    if score:
        info.append(plain(lang, "cube-europe.view.score", total=seat["total"]), style="bold")
        info.append("\n" + plain(lang, "cube-europe.view.score_line1", territory_vp=score["territories"],
                                 colour_vp=score["colours"], green_vp=score["green"])
                    + "\n" + plain(lang, "cube-europe.view.score_line2", yellow_vp=score["yellow_effects"],
                                    worker_vp=score["workers"]))
        if len(obs["seats"]) == 1:
            info.append(plain(lang, "cube-europe.view.rank", rank=rank_key(seat["total"])))
    if mine:
        title = plain(lang, "cube-europe.view.seat_title_you", seat=p, card=seat["board_card"])
    else:
        title = plain(lang, "cube-europe.view.seat_title", seat=p, card=seat["board_card"])
    if obs["start_card_seat"] == p and len(obs["seats"]) > 1:
        title += plain(lang, "cube-europe.view.holds_start")
    return Panel(Group(_hex_map(seat, lang), info), title=title, width=SEAT_WIDTH)
