"""说明: what each legal action does now and what it costs, with the numbers (``describe``).

Seed (激活地点): 「当玩家激活一个地点的行动的时候，每一个工人只能用一次。」(地点收益) 「每个地点提供一种或多种收益，
这取决于玩家的工人数量」

A description is a message built from the position: the workers the activation has, the price of a
decoration or a technology level, whether a tile is the last the site holds, where the King goes.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action
from meeple.core.i18n import Message, msg
from meeple.games.versailles.board import (
    DECORATION_BY_BUY_CODE, DECORATION_COST, DECORATION_WORKERS, LOCATION_INDEX, SITE_GRIDS, SKIPPED_BY_JUMP,
    TECH_EFFECTS, TECH_LEVEL_COST, TECH_LEVEL_WORKERS, TILE_COST, TILE_DECORATIONS, TILE_VP, TILE_WORKERS,
    YIELD_AT_LOCATION, cell_label,
)
from meeple.games.versailles.content import (
    ALCHEMISTS_GUILD, ARCHITECTS_GUILD, CONSTRUCTION_SITE, DECORATION_VP, DOUBLE_MOVES_PER_PLAYER, HAND_LIMIT,
    HAND_TILE_VP, KINGS_FAVOR, KINGS_FAVOR_FLIPS, RECRUIT_BOTH_WORKERS, RECRUIT_CHEAP_WORKERS,
    RECRUIT_EXPENSIVE_WORKERS, REMOVE_ONE_WORKERS, REMOVE_THREE_WORKERS, SLOT_WORKERS, TECH_TRACKS, WORKSHOP,
)
from meeple.games.versailles.phrases import both_phrase, cost_phrase, either_phrase, price_phrase, workers_phrase


class Descriptions:
    """What an action does (a mixin of ``VersaillesState``)."""

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now and what it costs, with the numbers (``describe`` renders it).

        >>> state.describe(Action("tech", ("gains",)), 0)
        'Advance the gains technology to level 1: pay 1 wood, 1 worker — from now on +1 wood whenever you gain wood'
        """
        p = player if player is not None and 0 <= player < self.players else self.deciding_player
        found = self._describe(action, p)
        return None if found is None else Message(found["id"], found["args"])

    def _describe(self, action: Action, p: int) -> dict[str, Any] | None:
        name, args = action.name, action.args
        if name in ("move", "move2", "jump"):
            start, end = LOCATION_INDEX[args[0]], LOCATION_INDEX[args[1]]
            if name == "move":
                return msg("versailles.d.move", location=start, location2=end)
            up = self.double_moves_face_up[p] if p >= 0 else DOUBLE_MOVES_PER_PLAYER
            token = msg("versailles.d.token", up=up, total=DOUBLE_MOVES_PER_PLAYER)
            if name == "move2":
                return msg("versailles.d.move_two", location=start, location2=end, token=token)
            skipped = SKIPPED_BY_JUMP[(start, end)]
            if skipped == KINGS_FAVOR:
                return msg("versailles.d.jump_king", location=start, location2=skipped, location3=end, token=token,
                           king=self._king_message())
            return msg("versailles.d.jump", location=start, location2=skipped, location3=end, token=token)
        if name == "activate":
            return self._describe_activation(p)
        if name == "pass":
            where: Any = self.current_location if self.current_location >= 0 else msg("versailles.the_location")
            if self.phase == "offer":
                return msg("versailles.d.pass_offer", location=where)
            if self.current_location == KINGS_FAVOR:
                return msg("versailles.d.pass_kf")
            return msg("versailles.d.pass", location=where)
        if name == "done":
            return msg("versailles.d.done", location=self.current_location, n=self.unspent_workers)
        if name == "take":
            slot = args[0] - 1
            tile = self.tile_display[slot]
            workers = workers_phrase(SLOT_WORKERS[slot])
            if p >= 0 and len(self.hands[p]) >= HAND_LIMIT:
                return msg("versailles.d.take_full", tile=self._tile_message(tile), pos=args[0], workers=workers,
                           hand=HAND_LIMIT + 1)
            return msg("versailles.d.take", tile=self._tile_message(tile), pos=args[0], workers=workers)
        if name == "remove":
            tile = self.tile_display[args[0] - 1]
            return msg("versailles.d.remove", tile=tile, num=tile, pos=args[0],
                       workers=workers_phrase(REMOVE_ONE_WORKERS))
        if name == "clear":
            tiles = [msg("versailles.tile_ref", tile=self.tile_display[x - 1], num=self.tile_display[x - 1])
                     for x in args]
            return msg("versailles.d.clear", tiles=tiles[:-1], last=tiles[-1],
                       workers=workers_phrase(REMOVE_THREE_WORKERS))
        if name == "flip":
            most = 1 if self.current_location == ARCHITECTS_GUILD else KINGS_FAVOR_FLIPS
            down = DOUBLE_MOVES_PER_PLAYER - self.double_moves_face_up[p] if p >= 0 else most
            flips = max(0, min(most, down))
            if self.current_location == ARCHITECTS_GUILD:
                return msg("versailles.d.flip_ag", n=flips, workers=workers_phrase(1))
            return msg("versailles.d.flip_kf", n=flips, workers=workers_phrase(1))
        if name == "buy":
            kind = DECORATION_BY_BUY_CODE[args[0]]
            return msg("versailles.d.buy", decoration=kind,
                       price=price_phrase(DECORATION_COST[kind], DECORATION_WORKERS[kind]),
                       vp=DECORATION_VP, left=self.decoration_supply[kind])
        if name == "tech":
            track = TECH_TRACKS.index(args[0])
            level = self.technology_levels[p][track] if p >= 0 else 0
            if level >= 3:
                return msg("versailles.d.tech_max", track=args[0])
            return msg("versailles.d.tech", track=args[0], level=level + 1,
                       price=price_phrase(TECH_LEVEL_COST[track][level], TECH_LEVEL_WORKERS[track][level]),
                       effect=TECH_EFFECTS[track][level])
        if name == "build":
            tile, cell = args
            payment: Any = cost_phrase(TILE_COST[tile])
            if TILE_DECORATIONS[tile]:
                needed = [msg("versailles.name.a_decoration", decoration=k) for k in TILE_DECORATIONS[tile]]
                payment = msg("versailles.cost_and", cost=payment, decorations=both_phrase(needed))
            free = [c for c in SITE_GRIDS[self.players].cells if self.construction_site[c] < 0]
            workers = workers_phrase(TILE_WORKERS[tile])
            if free == [cell]:
                return msg("versailles.d.build_end", tile=tile, num=tile, cell=cell_label(cell), workers=workers,
                           payment=payment, vp=TILE_VP[tile])
            return msg("versailles.d.build", tile=tile, num=tile, cell=cell_label(cell), workers=workers,
                       payment=payment, vp=TILE_VP[tile])
        if name == "recruit2":
            return msg("versailles.d.recruit_both", workers=workers_phrase(RECRUIT_BOTH_WORKERS))
        if name == "recruit":
            expensive_waits = self.workers_off_board[p][1] if p >= 0 else 1
            if expensive_waits:
                return msg("versailles.d.recruit_expensive", workers=workers_phrase(RECRUIT_EXPENSIVE_WORKERS))
            return msg("versailles.d.recruit_cheap", workers=workers_phrase(RECRUIT_CHEAP_WORKERS))
        if name == "discard":
            tile = args[0]
            return msg("versailles.d.discard", tile=tile, num=tile, limit=HAND_LIMIT, vp=HAND_TILE_VP)
        if name == "draw":
            tile = args[0]
            pos = self.tile_display.index(-1) + 1 if -1 in self.tile_display else 0
            if pos:
                return msg("versailles.d.draw", tile=self._tile_message(tile), pos=pos)
            return msg("versailles.d.draw_display", tile=self._tile_message(tile))
        if name == "first":
            if not 0 <= args[0] < self.players:
                return None
            return msg("versailles.d.first", seat=args[0])
        return None

    def _describe_activation(self, p: int) -> dict[str, Any]:
        location = self.current_location
        count = self.workers_at[p][location]
        if self.phase == "offer":
            head = msg("versailles.d.react_head", location=location, workers=workers_phrase(count))
        else:
            head = msg("versailles.d.head", location=location, workers=workers_phrase(count))
        resource_yield = YIELD_AT_LOCATION[location]
        if resource_yield is not None:
            kind, amounts = resource_yield
            amount = amounts[min(count, len(amounts)) - 1] if count else 0
            bonus = self._gains_bonus(p, kind)
            if bonus:
                return msg("versailles.d.yield_bonus", head=head, amount=amount, resource=kind, bonus=bonus)
            return msg("versailles.d.yield", head=head, amount=amount, resource=kind)
        if location == ARCHITECTS_GUILD:
            return msg("versailles.d.ag", head=head, slots="/".join(map(str, SLOT_WORKERS)),
                       one=workers_phrase(REMOVE_ONE_WORKERS), three=REMOVE_THREE_WORKERS)
        if location == WORKSHOP:
            return msg("versailles.d.ws", head=head, workers=workers_phrase(DECORATION_WORKERS[0]))
        if location == ALCHEMISTS_GUILD:
            return msg("versailles.d.al", head=head)
        if location == CONSTRUCTION_SITE:
            return msg("versailles.d.cs", head=head)
        if location == KINGS_FAVOR:
            waiting = self.workers_off_board[p]
            options = []
            if waiting[1] and waiting[0] and count >= RECRUIT_BOTH_WORKERS:
                options.append(msg("versailles.d.opt_recruit_both", workers=RECRUIT_BOTH_WORKERS))
            if waiting[1] and count >= RECRUIT_EXPENSIVE_WORKERS:
                options.append(msg("versailles.d.opt_recruit_expensive", workers=RECRUIT_EXPENSIVE_WORKERS))
            elif not waiting[1] and waiting[0] and count >= RECRUIT_CHEAP_WORKERS:
                options.append(msg("versailles.d.opt_recruit_cheap", workers=RECRUIT_CHEAP_WORKERS))
            if self.double_moves_face_up[p] < DOUBLE_MOVES_PER_PLAYER:
                options.append(msg("versailles.d.opt_flip", most=KINGS_FAVOR_FLIPS))
            if options:
                return msg("versailles.d.kf_then", head=head, king=self._king_message(), options=either_phrase(options))
            return msg("versailles.d.kf_nothing", head=head, king=self._king_message())
        return head

    def _king_message(self) -> dict[str, Any]:
        """Where activating or jumping King's Favor takes the King (or that it ends the game)."""
        last = self.king_track_length()
        if self.king_space + 1 >= last - 1:
            return msg("versailles.king.ends")
        return msg("versailles.king.advances", space=self.king_space + 2, last=last)

    @staticmethod
    def _tile_message(tile: int) -> dict[str, Any]:
        """'Hall of Mirrors (#0; to build: 3 workers, 3 wood, 1 marble, 2 gold, Painting and Chandelier; 16 VP)'."""
        workers = workers_phrase(TILE_WORKERS[tile])
        if TILE_DECORATIONS[tile]:
            needed = [msg("versailles.name.decoration", decoration=k) for k in TILE_DECORATIONS[tile]]
            return msg("versailles.tile_text_decorations", tile=tile, num=tile, workers=workers,
                       cost=cost_phrase(TILE_COST[tile]), decorations=both_phrase(needed), vp=TILE_VP[tile])
        return msg("versailles.tile_text", tile=tile, num=tile, workers=workers, cost=cost_phrase(TILE_COST[tile]),
                   vp=TILE_VP[tile])
