"""Terminal view of God's Playground, drawn only from ``state.observation(player)``, in English or Chinese.

Every family is named by a letter as well as a colour (W white, B blue, R red; 白 蓝 红 in Chinese),
so colour is never the only cue; estate slots read ``R3`` (red, slot 3), ``R3+L`` with a land manager,
``R3+C`` with a city (``红3+管``, ``红3+城``).  Every word comes from the message catalogue
(``gods-playground.view.*``) and the game's ``content.TERMS``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core.i18n import DEFAULT_LANGUAGE, plain, term
from meeple.games.gods_playground.content import (
    COSSACK_PROVINCE, ENEMIES, ENEMY_VP, ESTATE_SLOTS, PLAYERS, PROVINCES, ROUNDS, ROYAL_CUBES,
)

GAME = "gods-playground"
STYLE = ("bold white", "bold blue", "bold red")
_SEP = {"en": ", ", "zh": "、"}


def render(state: Any, player: int | None, lang: str = DEFAULT_LANGUAGE) -> RenderableType:
    """Provinces, senate, camp, enemy tracks, royal army, money and VP as ``player`` may see them, in ``lang``."""
    obs = state.observation(player)
    return Group(_header(obs, lang), _provinces(obs, lang), _enemies(obs, lang), _families(obs, player, lang),
                 _status(obs, lang))


def _t(kind: str, key: Any, lang: str) -> str:
    return term(GAME, kind, key, lang) or str(key)


def _letter(p: int, lang: str) -> str:
    return _t("letter", p, lang)


def _fam(p: int, lang: str) -> Text:
    return Text(_letter(p, lang), style=STYLE[p])


def _units(counts: list[int], lang: str) -> str:
    """``2i1c`` / ``2步1骑``: the non-zero unit counts with their short marks."""
    return "".join(f"{n}{_t('unit_short', k, lang)}" for k, n in enumerate(counts) if n)


def _header(obs: dict[str, Any], lang: str) -> Text:
    if obs["phase"] == 0:
        where = _t("phase", 0, lang)
    else:
        where = plain(lang, "gods-playground.view.phase", number=obs["phase"], phase=obs["phase"])
    text = Text(plain(lang, "gods-playground.view.header", round=obs["round"], rounds=ROUNDS, where=where),
                style="bold")
    if obs["king"] >= 0:
        text.append("  " + plain(lang, "gods-playground.view.king"))
        text.append_text(_fam(obs["king"], lang))
    if obs["treaty"] >= 0:
        text.append("  " + plain(lang, "gods-playground.view.treaty", enemy=obs["treaty"]))
    else:
        text.append("  " + plain(lang, "gods-playground.view.no_treaty"))
    if obs["habsburgs_annexed"]:
        text.append("  " + plain(lang, "gods-playground.view.annexed"))
    if obs["over"]:
        text.append("  " + plain(lang, "gods-playground.view.game_over"), style="bold magenta")
    return text


def _provinces(obs: dict[str, Any], lang: str) -> Panel:
    t = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("province", "level", "estates", "nobles", "enemy_cubes", "armies", "senate"):
        t.add_column(plain(lang, "gods-playground.view.col." + col))
    sep = _SEP.get(lang, ", ")
    land_mark = plain(lang, "gods-playground.view.land_mark")
    city_mark = plain(lang, "gods-playground.view.city_mark")
    for i in range(len(PROVINCES)):
        est = Text()
        for k, (owner, lm, city) in enumerate(obs["estates"][i]):
            est.append(f"{_letter(owner, lang)}{k + 1}", style=STYLE[owner])
            if lm:
                est.append(land_mark)
            if city:
                est.append(city_mark)
            est.append(" ")
        free = len(ESTATE_SLOTS[i]) - len(obs["estates"][i])
        est.append("·" * free, style="dim")
        nobles = "/".join(str(n) for n in obs["nobles"][i])
        enemies = sep.join(plain(lang, "gods-playground.view.enemy_count", enemy=e, count=n)
                           for e, n in enumerate(obs["enemies_in_provinces"][i]) if n) or "-"
        armies = Text()
        for p in range(PLAYERS):
            u = obs["units"][p][i]
            cos = obs["cossacks"].count(p) if i == COSSACK_PROVINCE else 0
            if sum(u) or cos:
                armies.append(_letter(p, lang), style=STYLE[p])
                armies.append(":" + _units(u, lang) + (f"{cos}{_t('unit_short', 3, lang)}" if cos else "") + " ")
        seat = obs["senate"][i]
        t.add_row(_t("province", i, lang), str(obs["income_levels"][i]), est, nobles, enemies, armies,
                  _fam(seat, lang) if seat >= 0 else Text("-"))
    return Panel(t, title=plain(lang, "gods-playground.view.provinces_title"))


def _enemies(obs: dict[str, Any], lang: str) -> Panel:
    t = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("die", "enemy", "strength", "strength_cubes", "nobles", "royal", "vp", "supply"):
        t.add_column(plain(lang, "gods-playground.view.col." + col))
    for e in range(len(ENEMIES)):
        if obs["treaty"] == e:
            name = plain(lang, "gods-playground.view.with_treaty", enemy=e)
        else:
            name = _t("enemy", e, lang)
        t.add_row(str(e + 1), name, str(obs["strength"][e]), str(obs["track_enemy"][e]),
                  "/".join(str(n) for n in obs["track_nobles"][e]), str(obs["track_royal"][e]),
                  str(ENEMY_VP[e]), str(obs["enemy_supply"][e]))
    ra = obs["royal_army"]
    foot = Text(plain(lang, "gods-playground.view.commonwealth", inf=ra[0], cav=ra[1], art=ra[2],
                      total=obs["camp_total"], royal_cubes=ROYAL_CUBES - sum(obs["track_royal"]),
                      home=obs["cossacks"].count(-1), tatars=obs["cossacks"].count(-2),
                      managers=obs["land_managers"]))
    return Panel(Group(t, foot), title=plain(lang, "gods-playground.view.enemies_title"))


def _families(obs: dict[str, Any], player: int | None, lang: str) -> Panel:
    t = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("family", "vp", "money", "cubes", "discs", "units_in_hand", "tokens_in_hand", "tokens_placed"):
        t.add_column(plain(lang, "gods-playground.view.col." + col))
    for p in range(PLAYERS):
        label = plain(lang, "gods-playground.view.you", family=p) if p == player else _t("family", p, lang)
        name = Text(label, style=STYLE[p])
        uh = obs["units_in_hand"][p]
        shown = obs["tokens_shown"][p]
        placed = obs["tokens_placed"][p]
        if any(v >= 0 for v in shown):
            tokens = " ".join(str(v) for v in shown)
        elif p == player:
            tokens = " ".join("." if v < 0 else str(v) for v in placed)
        else:
            tokens = " ".join("?" if v else "." for v in placed)
        hand = " ".join(f"{uh[k]}{_t('unit_short', k, lang)}" for k in range(3))
        t.add_row(name, str(obs["vp"][p]), str(obs["money"][p]), str(obs["cubes_in_hand"][p]),
                  str(obs["discs_in_hand"][p]), hand, " ".join(map(str, obs["tokens_in_hand"][p])), tokens)
    return Panel(t, title=plain(lang, "gods-playground.view.families_title"))


def _status(obs: dict[str, Any], lang: str) -> Text:
    text = Text()
    b = obs["battle"]
    if b:
        left = [_t("unit", u, lang) for u in b["q"]]
        key = "gods-playground.view.to_roll_art" if b["art"] else "gods-playground.view.to_roll"
        to_roll = {"id": key, "args": {"left": left}}
        if b["side"] >= 0:
            line = plain(lang, "gods-playground.view.battle", family=b["side"], province=b["prov"], battle=b["kind"],
                         n=b["hits"], rest=to_roll)
        else:
            line = plain(lang, "gods-playground.view.battle_royal", province=b["prov"], battle=b["kind"],
                         n=b["hits"], rest=to_roll)
        text.append(line + "\n")
    if obs["dice"]:
        text.append(plain(lang, "gods-playground.view.dice", dice=" ".join(map(str, obs["dice"]))) + "\n")
    movers = obs["to_move"]
    if movers == [-1]:
        text.append(plain(lang, "gods-playground.view.waiting"))
    elif movers:
        text.append(plain(lang, "gods-playground.view.to_move", families=[_t("family", p, lang) for p in movers]))
    if obs["over"]:
        points = [f"{_letter(p, lang)} {v}" for p, v in enumerate(obs["final_estate_vp"])]
        text.append(" " + plain(lang, "gods-playground.view.final", points=points))
    return text
