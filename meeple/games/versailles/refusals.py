"""为什么不行: why an action is refused now, in the rulebook's terms (``why_illegal``).

Seed (移动工人 / 激活标志): 「工人必须按照版图上画的箭头方向移动」「都不允许移动到已经有自己激活标志的地点。」
(地点收益) 「按照玩家的工人数量，玩家可以选择几项并按照任意顺序执行。」

Each refusal names the rule that forbids the action and the numbers (workers, costs) it falls short
of; an action that is no Versailles action at all gets the core's generic message.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.core.i18n import Message, msg
from meeple.games.versailles.board import (
    DECORATION_BY_BUY_CODE, DECORATION_COST, DECORATION_WORKERS, JUMP_TARGETS, LOCATION_CODES, LOCATION_INDEX,
    NEXT_LOCATIONS, SITE_CELL_COUNT, SITE_GRIDS, SKIPPED_BY_JUMP, TECH_LEVEL_COST, TECH_LEVEL_WORKERS, TILE_COST,
    TILE_DECORATIONS, TILE_WORKERS, cell_label,
)
from meeple.games.versailles.content import (
    ALCHEMISTS_GUILD, ARCHITECTS_GUILD, CONSTRUCTION_SITE, DISPLAY_SIZE, DOUBLE_MOVES_PER_PLAYER, HAND_LIMIT,
    KINGS_FAVOR, RECRUIT_BOTH_WORKERS, RECRUIT_CHEAP_WORKERS, RECRUIT_EXPENSIVE_WORKERS, REMOVE_ONE_WORKERS,
    REMOVE_THREE_WORKERS, SLOT_WORKERS, TECH_TRACKS, WORKSHOP,
)
from meeple.games.versailles.phrases import cost_phrase, either_phrase, workers_phrase


class Refusals:
    """Why an action is not legal now (a mixin of ``VersaillesState``)."""

    def why_illegal(self, action: Action, player: int) -> Message:
        try:
            reason = self._refusal(action, player)
        except (IndexError, KeyError, ValueError, TypeError):
            reason = None
        return reason or super().why_illegal(action, player)

    def _refusal(self, action: Action, p: int) -> Message | None:
        name, args = action.name, action.args
        phase = self.phase
        if name in ("move", "move2", "jump"):
            if phase != "move":
                return Message("versailles.why.move_phase", {})
            if len(args) != 2 or args[0] not in LOCATION_INDEX or args[1] not in LOCATION_INDEX:
                return Message("versailles.why.two_locations", {"name": name, "codes": ", ".join(LOCATION_CODES)})
            start, end = LOCATION_INDEX[args[0]], LOCATION_INDEX[args[1]]
            if name == "jump":
                if (start, end) not in SKIPPED_BY_JUMP:
                    targets = either_phrase([LOCATION_CODES[c] for c in JUMP_TARGETS[start]])
                    return Message("versailles.why.jump_path", {
                        "code": LOCATION_CODES[start], "targets": targets, "code2": LOCATION_CODES[end]})
            elif end not in NEXT_LOCATIONS[start]:
                targets = either_phrase([msg("versailles.name.location", location=c) for c in NEXT_LOCATIONS[start]])
                return Message("versailles.why.arrows", {"location": start, "targets": targets, "location2": end})
            need = 2 if name == "move2" else 1
            if self.workers_at[p][start] < need:
                return Message("versailles.why.few_workers",
                               {"n": self.workers_at[p][start], "location": start, "need": need})
            if name != "move" and self.double_moves_face_up[p] <= 0:
                return Message("versailles.why.no_token", {})
            if end == self.activation_markers[p]:
                return Message("versailles.why.marker", {"location": end})
            return None
        if name in ("draw", "first"):
            return Message("versailles.why.chance", {"name": name})
        if name in ("activate", "pass") and phase not in ("decide", "offer"):
            return Message("versailles.why.decide_phase", {"name": name, "phase": phase})
        if name == "discard":
            if phase != "discard":
                return Message("versailles.why.discard_phase", {"limit": HAND_LIMIT})
            if args[0] not in self.hands[p]:
                return Message("versailles.why.not_in_hand", {"num": args[0]})
        if phase != "act" and name in ("take", "remove", "clear", "buy", "tech", "build", "recruit", "recruit2", "flip",
                                    "done"):
            return Message("versailles.why.not_now", {"name": name, "phase": phase})
        if phase == "act":
            workers = self.unspent_workers
            location = self.current_location
            if name == "build":
                if location != CONSTRUCTION_SITE:
                    return Message("versailles.why.build_where", {"location": location})
                tile, cell = args
                if tile not in self.hands[p]:
                    return Message("versailles.why.not_in_hand", {"num": tile})
                open_cells = SITE_GRIDS[self.players].is_open
                if not (isinstance(cell, int) and 0 <= cell < SITE_CELL_COUNT and open_cells[cell]):
                    return Message("versailles.why.no_cell", {"cell": cell})
                if self.construction_site[cell] >= 0:
                    return Message("versailles.why.cell_taken",
                                   {"cell": cell_label(cell), "tile": self.construction_site[cell]})
                if TILE_WORKERS[tile] > workers:
                    return Message("versailles.why.tile_workers",
                                   {"tile": tile, "n": TILE_WORKERS[tile], "have": workers})
                if not self._can_pay(p, TILE_COST[tile]):
                    return Message("versailles.why.tile_cost", {"tile": tile, "cost": cost_phrase(TILE_COST[tile]),
                                                                "have": cost_phrase(self.resources[p])})
                if not self._has_decorations(self.decorations[p], TILE_DECORATIONS[tile]):
                    return Message("versailles.why.tile_decorations",
                                   {"tile": tile, "decorations": list(TILE_DECORATIONS[tile])})
                why = self._fit_problem(tile, cell)
                if why:
                    return Message("versailles.why.misfit", {"tile": tile, "cell": cell_label(cell), "why": why})
            if name == "take":
                if location != ARCHITECTS_GUILD:
                    return Message("versailles.why.take_where", {"location": location})
                i = args[0] - 1
                if not 0 <= i < DISPLAY_SIZE or self.tile_display[i] < 0:
                    return Message("versailles.why.no_tile", {"pos": args[0]})
                return Message("versailles.why.slot_workers", {"pos": i + 1, "n": SLOT_WORKERS[i], "have": workers})
            if name in ("remove", "clear"):
                if location != ARCHITECTS_GUILD:
                    return Message("versailles.why.remove_where", {"location": location})
                for x in args:
                    if not 1 <= x <= DISPLAY_SIZE or self.tile_display[x - 1] < 0:
                        return Message("versailles.why.no_tile", {"pos": x})
                if name == "clear" and len(set(args)) != 3:
                    return Message("versailles.why.clear_three", {})
                need = REMOVE_ONE_WORKERS if name == "remove" else REMOVE_THREE_WORKERS
                return Message("versailles.why.remove_workers", {"workers": workers_phrase(need), "have": workers})
            if name == "buy":
                if location != WORKSHOP:
                    return Message("versailles.why.buy_where", {"location": location})
                kind = DECORATION_BY_BUY_CODE.get(args[0])
                if kind is None:
                    return Message("versailles.why.deco_codes", {"codes": ", ".join(DECORATION_BY_BUY_CODE)})
                if not self.decoration_supply[kind]:
                    return Message("versailles.why.deco_gone", {"decoration": kind})
                return Message("versailles.why.deco_cost", {
                    "decoration": kind, "workers": workers_phrase(DECORATION_WORKERS[kind]),
                    "cost": cost_phrase(DECORATION_COST[kind]), "have": workers_phrase(workers),
                    "have_cost": cost_phrase(self.resources[p])})
            if name == "tech":
                if location != ALCHEMISTS_GUILD:
                    return Message("versailles.why.tech_where", {"location": location})
                track = TECH_TRACKS.index(args[0])
                level = self.technology_levels[p][track]
                if level >= 3:
                    return Message("versailles.why.tech_max", {"track": args[0]})
                return Message("versailles.why.tech_cost", {"level": level + 1, "track": args[0],
                                                            "workers": workers_phrase(TECH_LEVEL_WORKERS[track][level]),
                                                            "cost": cost_phrase(TECH_LEVEL_COST[track][level])})
            if name in ("recruit", "recruit2", "flip") and location == KINGS_FAVOR and self.once_only_used:
                return Message("versailles.why.kf_once", {})
            if name in ("recruit", "recruit2"):
                if location != KINGS_FAVOR:
                    return Message("versailles.why.recruit_where", {"location": location})
                waiting = self.workers_off_board[p]
                if not (waiting[0] or waiting[1]):
                    return Message("versailles.why.all_recruited", {})
                if name == "recruit2":
                    if not (waiting[0] and waiting[1]):
                        return Message("versailles.why.one_left", {})
                    return Message("versailles.why.recruit_both", {"workers": RECRUIT_BOTH_WORKERS, "have": workers})
                if waiting[1]:
                    return Message("versailles.why.recruit_expensive",
                                   {"workers": RECRUIT_EXPENSIVE_WORKERS, "have": workers})
                return Message("versailles.why.recruit_cheap", {"workers": RECRUIT_CHEAP_WORKERS, "have": workers})
            if name == "flip" and location not in (ARCHITECTS_GUILD, KINGS_FAVOR):
                return Message("versailles.why.flip_where", {"location": location})
            if name == "flip" and self.once_only_used:
                return Message("versailles.why.flip_once", {})
            if name == "flip" and self.double_moves_face_up[p] >= DOUBLE_MOVES_PER_PLAYER:
                return Message("versailles.why.all_up", {})
        return None

