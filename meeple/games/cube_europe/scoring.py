"""The end of the game and the score (seed "游戏结束", the scoring list and ranks, "游戏结束/得分").

    当市场牌库经过两次耗尽后，游戏结束。使用以下标准计算你的总分数：领土……完成的颜色……绿色方块……
    黄色效果……工人：对于每2个工人，得1分。……排名为专家或更高则计为胜利。
    （多人：拥有最高分数的玩家获胜。如果有平局，则拥有版图上填充六边形数量最少的平局玩家获胜。）

Territories, completed colours, green cubes, yellow effects and workers score VP; solo, a rank of Expert
or better wins; multiplayer, most VP, then fewest filled hexes, else a shared win.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import msg
from meeple.games.cube_europe.content import CARDS, COLOURS, TERRITORY_VP, WIN_SCORE, rank
from meeple.games.cube_europe.fields import CubeEuropeFields

_BOARD_FACTS: dict[int, tuple[tuple[tuple[frozenset[str], int], ...], dict[str, str], dict[str, int]]] = {}
"""``_board_facts`` by board card, filled as the cards are met."""


def _board_facts(card_id: int) -> tuple[tuple[tuple[frozenset[str], int], ...], dict[str, str], dict[str, int]]:
    """What scoring reads of a board, worked out once per card: its territories (hexes, VP when
    complete), each hex's colour and the number of hexes of each colour."""
    facts = _BOARD_FACTS.get(card_id)
    if facts is None:
        board = CARDS[card_id]
        colour_of = {h: colour for h, (colour, _) in board.hexes.items()}
        total_of = dict.fromkeys(COLOURS, 0)
        for colour in colour_of.values():
            total_of[colour] += 1
        territories = tuple((frozenset(t), TERRITORY_VP[len(t)]) for t in board.territories)
        facts = _BOARD_FACTS[card_id] = (territories, colour_of, total_of)
    return facts


class ScoringRules(CubeEuropeFields):
    """The game's end, the score and its parts, the winners and the solo rank."""

    def _game_over(self, why: str, **args: Any) -> None:
        """The end: ``why`` is the message id of the reason (``cube-europe.over.…``)."""
        self.phase = "over"
        self.market_draws_due = []
        self.say("cube-europe.game_over", None, why=msg(why, **args))
        for p in range(self.players):
            self.say("cube-europe.scores", None, seat=p, score=self.score(p))

    def score_breakdown(self, player: int) -> dict[str, int]:
        """The seed's scoring: territories, completed colours, green cubes, yellow effects, workers."""
        if player >= len(self.board_cards):  # boards are still being dealt
            return {"territories": 0, "colours": 0, "green": 0, "yellow_effects": 0, "workers": 0}
        territory_sets, colour_of, total_of = _board_facts(self.board_cards[player])
        filled = set(self.filled_hexes[player])
        effects = self.effects(player)
        territories = 0
        for cells, vp in territory_sets:
            if cells <= filled:
                territories += vp
        placed = dict.fromkeys(COLOURS, 0)
        for h in filled:
            placed[colour_of[h]] += 1
        complete = 0
        for c in COLOURS:
            if placed[c] == total_of[c]:
                complete += 1
        yellow = 0
        for effect in effects:
            if effect == "white_patron":
                yellow += placed["white"]
            elif effect == "red_patron":
                yellow += placed["red"]
            elif effect == "blue_patron":
                yellow += placed["blue"]
            elif effect == "harvest":
                yellow += placed["green"]
            elif effect == "cartographer":
                yellow += complete
            elif effect == "treasury":
                yellow += self.workers[player] - self.workers[player] // 2
        return {
            "territories": territories,
            "colours": complete,
            "green": placed["green"],
            "yellow_effects": yellow,
            "workers": self.workers[player] // 2,
        }

    def score(self, player: int) -> int:
        return sum(self.score_breakdown(player).values())

    def scores(self) -> list[float]:
        return [self.score(p) for p in range(self.players)]

    def winners(self) -> list[int]:
        """Solo: a win at Expert or better. Multiplayer: most VP, then fewest filled hexes, else shared."""
        if not self.is_over():
            return []
        if self.players == 1:
            return [0] if self.score(0) >= WIN_SCORE else []
        scores = self.scores()
        best = max(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        fewest = min(len(self.filled_hexes[p]) for p in tied)
        return [p for p in tied if len(self.filled_hexes[p]) == fewest]

    def rank(self, player: int = 0) -> tuple[str, str]:
        return rank(self.score(player))
