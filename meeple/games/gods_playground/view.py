"""Terminal view of God's Playground, drawn only from ``state.observation(player)``.

Every family is named by a letter as well as a colour (W white, B blue, R red), so colour is never
the only cue; estate slots read ``R3`` (red, slot 3), ``R3+L`` with a land manager, ``R3+C`` with a city.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import content as C

LETTER = ("W", "B", "R")
STYLE = ("bold white", "bold blue", "bold red")
UNIT_LETTERS = ("i", "c", "a")


def render(state: Any, player: int | None) -> RenderableType:
    """Provinces, senate, camp, enemy tracks, royal army, money and VP as ``player`` may see them."""
    obs = state.observation(player)
    return Group(_header(obs, player), _provinces(obs), _enemies(obs), _families(obs, player), _status(obs, player))


def _fam(p: int) -> Text:
    return Text(LETTER[p], style=STYLE[p])


def _header(obs: dict[str, Any], player: int | None) -> Text:
    where = "setup" if obs["phase"] == 0 else f"phase {obs['phase']} ({obs['phase_name']})"
    text = Text(f"God's Playground — round {obs['round']} of {C.ROUNDS}, {where}", style="bold")
    if obs["king"] >= 0:
        text.append("  king: ")
        text.append_text(_fam(obs["king"]))
    text.append(f"  treaty: {C.ENEMIES[obs['treaty']] if obs['treaty'] >= 0 else '-'}")
    if obs["annexed"]:
        text.append("  (Habsburgs annexed by the Ottomans)")
    if obs["over"]:
        text.append("  GAME OVER", style="bold magenta")
    return text


def _provinces(obs: dict[str, Any]) -> Panel:
    t = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("province", "level", "estates (slot: owner)", "nobles W/B/R", "enemy cubes", "armies", "senate"):
        t.add_column(col)
    for i, name in enumerate(C.PROVINCES):
        est = Text()
        for k, (owner, lm, city) in enumerate(obs["estates"][i]):
            est.append(f"{LETTER[owner]}{k + 1}", style=STYLE[owner])
            if lm:
                est.append("+L")
            if city:
                est.append("+C")
            est.append(" ")
        free = len(C.ESTATE_SLOTS[i]) - len(obs["estates"][i])
        est.append("·" * free, style="dim")
        nobles = "/".join(str(n) for n in obs["nobles"][i])
        enemies = ", ".join(f"{C.ENEMIES[e]} {n}" for e, n in enumerate(obs["enemies_in_provinces"][i]) if n) or "-"
        armies = Text()
        for p in range(C.PLAYERS):
            u = obs["units"][p][i]
            cos = obs["cossacks"].count(p) if i == C.COSSACK_PROVINCE else 0
            if sum(u) or cos:
                armies.append(LETTER[p], style=STYLE[p])
                armies.append(":" + "".join(f"{n}{UNIT_LETTERS[k]}" for k, n in enumerate(u) if n)
                              + (f"{cos}cos" if cos else "") + " ")
        seat = obs["senate"][i]
        t.add_row(name, str(obs["level"][i]), est, nobles, enemies, armies, _fam(seat) if seat >= 0 else Text("-"))
    return Panel(t, title="Provinces (income level 1-5)")


def _enemies(obs: dict[str, Any]) -> Panel:
    t = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("die", "enemy", "strength", "strength cubes", "nobles W/B/R", "royal", "VP", "supply"):
        t.add_column(col)
    for e, name in enumerate(C.ENEMIES):
        mark = " (treaty)" if obs["treaty"] == e else ""
        t.add_row(str(e + 1), name + mark, str(obs["strength"][e]), str(obs["track_enemy"][e]),
                  "/".join(str(n) for n in obs["track_nobles"][e]), str(obs["track_royal"][e]),
                  str(C.ENEMY_VP[e]), str(obs["enemy_supply"][e]))
    ra = obs["royal_army"]
    cos_area = obs["cossacks"].count(-1)
    cos_tatar = obs["cossacks"].count(-2)
    foot = Text(f"Royal army in the camp: {ra[0]} infantry, {ra[1]} cavalry, {ra[2]} artillery"
                f" (camp total {obs['camp_total']}); royal cubes left {C.ROYAL_CUBES - sum(obs['track_royal'])}; "
                f"Cossacks: {cos_area} at home, {cos_tatar} with the Tatars; land managers left {obs['land_managers']}")
    return Panel(Group(t, foot), title="Enemy tracks and the Commonwealth")


def _families(obs: dict[str, Any], player: int | None) -> Panel:
    t = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("family", "VP", "złoty", "cubes", "discs", "units in hand", "tokens in hand", "camp / tokens"):
        t.add_column(col)
    for p in range(C.PLAYERS):
        name = Text(C.SEATS[p] + (" (you)" if p == player else ""), style=STYLE[p])
        uh = obs["units_in_hand"][p]
        shown = obs["tokens_shown"][p]
        placed = obs["tokens_placed"][p]
        if any(v >= 0 for v in shown):
            tokens = " ".join(str(v) for v in shown)
        elif p == player:
            tokens = " ".join("." if v < 0 else str(v) for v in placed)
        else:
            tokens = " ".join("?" if v else "." for v in placed)
        t.add_row(name, str(obs["vp"][p]), str(obs["money"][p]), str(obs["cubes_in_hand"][p]),
                  str(obs["discs_in_hand"][p]), f"{uh[0]}i {uh[1]}c {uh[2]}a",
                  " ".join(map(str, obs["tokens_in_hand"][p])), tokens)
    return Panel(t, title="Families (tokens by area: 5 provinces then the camp)")


def _status(obs: dict[str, Any], player: int | None) -> Text:
    text = Text()
    b = obs["battle"]
    if b:
        who = C.SEATS[b["side"]] if b["side"] >= 0 else "the royal army"
        left = ", ".join(("infantry", "cavalry", "artillery", "Cossack")[u] for u in b["q"])
        text.append(f"Battle: {who} in {C.PROVINCES[b['prov']]} ({b['kind']}), {b['hits']} hit(s); "
                    f"still to roll: {left}{' (+1 artillery)' if b['art'] else ''}\n")
    if obs["dice"]:
        text.append("Dice so far: " + " ".join(map(str, obs["dice"])) + "\n")
    movers = obs["to_move"]
    if movers == [-1]:
        text.append("Waiting for a die roll (chance).")
    elif movers:
        text.append("To move: " + ", ".join(C.SEATS[p] for p in movers))
    if obs["over"]:
        text.append(" Final estate VP: " + ", ".join(f"{LETTER[p]} {v}" for p, v in enumerate(obs["final_estate_vp"])))
    return text
