"""Terminal view of Kingsburg, drawn only from ``state.observation(player)`` (so it cannot leak).

Shows the advisors' track 1–18 with the dice on each, the turn order, what you know of this year's
enemy, and each province: the 5×4 building grid (``[Inn]`` built, ``·Inn 1/1/0→0·`` not yet),
resources, "+2" tokens, soldiers, VP, unplaced dice and the King's envoy. Every word comes from the
catalogues and ``content.TERMS``, in the reader's language (``lang``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.core.i18n import DEFAULT_LANGUAGE, plain, term
from meeple.games.kingsburg.content import BUILDING_COST, BUILDING_KEYS, BUILDING_VP, ENEMIES, ENEMY_KEYS, ROWS, YEARS, bundle

GAME = "kingsburg"
SEAT_STYLE = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta")


def render(state: Any, player: int | None, lang: str = DEFAULT_LANGUAGE) -> RenderableType:
    """Everything ``player`` may see (``None``: a spectator), in ``lang``."""
    obs = state.observation(player)
    parts: list[RenderableType] = [_header(obs, lang), _advisors(obs, lang), _enemy(obs, lang)]
    seats = list(range(obs["players"]))
    if player is not None and player in seats:
        seats.remove(player)
        seats.insert(0, player)
    parts.extend(_province(obs, p, p == player, lang) for p in seats)
    return Group(*parts)


def _label(lang: str, message_id: str) -> str:
    """A label followed by its value: 'Turn order: ' / '次序：' (a full-width colon needs no space)."""
    text = plain(lang, message_id)
    return text if text.endswith("：") else text + " "


def _name(kind: str, key: Any, lang: str) -> str:
    named = term(GAME, kind, key, lang)
    return named if named is not None else str(key)


def _seat(p: int, lang: str) -> Text:
    return Text(_name("seat", p, lang), style=SEAT_STYLE[p % len(SEAT_STYLE)])


def _header(obs: dict[str, Any], lang: str) -> Text:
    text = Text(plain(lang, "kingsburg.view.title", year=obs["year"], years=YEARS), style="bold")
    if obs["over"]:
        text.append("  " + plain(lang, "kingsburg.view.game_over"), style="bold magenta")
    else:
        text.append("  — " + _name("step", obs["step"], lang))
        movers = obs["to_move"]
        if movers == [-1]:
            text.append("  — " + plain(lang, "kingsburg.view.waiting_chance"))
        elif movers:
            text.append("  — " + _label(lang, "kingsburg.view.to_move"))
            text.append(_seat(movers[0], lang))
    text.append("\n" + _label(lang, "kingsburg.view.turn_order"))
    for i, p in enumerate(obs["turn_order"]):
        if i:
            text.append(" → ")
        text.append(_seat(p, lang))
        if obs["dice_rolled"][p]:
            text.append(f" ({sum(obs['dice_rolled'][p])})", style="dim")
    return text


def _advisors(obs: dict[str, Any], lang: str) -> Table:
    table = Table(title=plain(lang, "kingsburg.view.advisors"), title_justify="left", show_lines=False, padding=(0, 1))
    table.add_column("#", justify="right")
    table.add_column(plain(lang, "kingsburg.view.advisor"))
    table.add_column(plain(lang, "kingsburg.view.gives"), style="dim")
    table.add_column(plain(lang, "kingsburg.view.dice"))
    for n in range(1, 19):
        cell = Text()
        for entry in obs["advisors"].get(str(n), []):
            if cell:
                cell.append("  ")
            cell.append(_seat(entry[0], lang))
            cell.append(" " + "+".join(str(v) for v in entry[1:] if isinstance(v, int)))
            marks = [v for v in entry[1:] if isinstance(v, str)]
            if marks:
                cell.append(" (" + " ".join(marks) + ")", style="dim")
        table.add_row(str(n), _name("advisor", n, lang), _name("gift", n, lang), cell)
    return table


def _enemy(obs: dict[str, Any], lang: str) -> Text:
    y = obs["year"] - 1
    text = Text(_label(lang, "kingsburg.view.enemy_this_year"), style="bold")
    known = obs["enemy_card"][y]
    if known:
        _kind, _strength, reward, penalty = _card(y, known)
        text.append(_name("enemy", known, lang), style="bold red")
        text.append("  " + plain(lang, "kingsburg.view.enemy_known", reward=bundle(reward), penalty=bundle(penalty)))
    else:
        text.append(plain(lang, "kingsburg.view.face_down"))
        if obs["enemy_drawn"]:
            text.append(" " + plain(lang, "kingsburg.view.someone_looked"))
        strengths = sorted(c[1] for c in ENEMIES[y])
        text.append(plain(lang, "kingsburg.view.deck_strengths", strengths=strengths), style="dim")
    if obs["king_reinforcement"]:
        text.append("\n" + plain(lang, "kingsburg.view.reinforcement", n=obs["king_reinforcement"]))
    past = [plain(lang, "kingsburg.view.past_year", year=i + 1, enemy=k) for i, k in enumerate(obs["enemy_card"][:y]) if k]
    if past:
        text.append("\n" + plain(lang, "kingsburg.view.past_enemies", enemies=("；" if lang == "zh" else "; ").join(past)),
                    style="dim")
    return text


def _card(y: int, key: str) -> tuple:
    return ENEMIES[y][ENEMY_KEYS[y].index(key)]


def _province(obs: dict[str, Any], p: int, mine: bool, lang: str) -> Table:
    owned = set(obs["buildings"][p])
    title = _seat(p, lang)
    if mine:
        title.append(" " + plain(lang, "kingsburg.view.you"), style="dim")
    g, w, s = obs["resources"][p]
    title.append("   " + plain(lang, "kingsburg.view.stats", vp=obs["vp"][p], gold=g, wood=w, stone=s,
                                 tokens=obs["plus2_tokens"][p], soldiers=obs["soldiers"][p]), style="")
    if obs["envoy_holder"] == p:
        title.append("   " + plain(lang, "kingsburg.view.holds_envoy"), style="bold magenta")
    if obs["aid_die_holder"] == p:
        title.append("   " + plain(lang, "kingsburg.view.aid"), style="bold")
    if obs["unplaced_dice"][p]:
        title.append("   " + plain(lang, "kingsburg.view.dice_left", dice=" ".join(map(str, obs["unplaced_dice"][p]))),
                     style="bold")
    table = Table(title=title, title_justify="left", show_header=True, padding=(0, 1))
    table.add_column(plain(lang, "kingsburg.view.row"))
    for level in range(4):
        table.add_column(_name("level", level, lang))
    for r, row in enumerate(ROWS):
        cells = []
        for level in range(4):
            b = r * 4 + level
            key = BUILDING_KEYS[b]
            name = _name("building", key, lang)
            if key in owned:
                cells.append(Text(f"[{name}]", style="bold green"))
            else:
                cost = "/".join(str(x) for x in BUILDING_COST[b])
                cells.append(Text(f"·{name} {cost}→{BUILDING_VP[b]}·", style="dim"))
        table.add_row(_name("row", row, lang), *cells)
    return table
