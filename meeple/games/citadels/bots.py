"""A heuristic Citadels player: picks characters for its city and hand, builds dear districts first,
and uses every ability.

It is handed ``state.determinize(player, seed)``: the other hands and the characters it cannot know
are a fresh sample consistent with what it has seen, so when it guesses who holds a character (to
kill, rob or attack) it guesses from that sample, never from the real deal.

>>> bot = HeuristicBot(seed=1)
>>> action = bot.act_on_state(state.determinize(0, 7), 0)
"""

from __future__ import annotations

from meeple.core import Action, Rng
from meeple.games.citadels.content import (
    ABBOT, ALCHEMIST, ARCHITECT, ARTIST, ASSASSIN, BISHOP, CHARACTER_INCOME_COLOUR, CHARACTER_INDEX, DIPLOMAT,
    DISTRICT_COLOUR, DISTRICT_COST, DISTRICT_INDEX, DISTRICT_POINTS, EMPEROR, KING, MAGICIAN, MERCHANT, NAVIGATOR,
    PURPLE, QUEEN, TAX_COLLECTOR, THIEF, WARLORD, WITCH, WIZARD,
)
from meeple.games.citadels.actions import PHASE_DRAFT
from meeple.games.citadels.rules import CitadelsState


def evaluate(s: CitadelsState, p: int) -> float:
    """The position's worth to ``p`` in points: the city's score now, 4 more for each district built
    (a district brings the end, its bonuses and the colour income nearer), gold and up to three hand
    cards as districts still to build. The leaf value ISMCTS uses with ``leaf=heuristic``.

    The weights are among the best of a grid at naming the eventual winner from round 3 on in 3,000 games
    of heuristic players (49.6% of positions, against 41.2% for the city score alone and 43.2% for
    the earlier ``score + 0.5 × gold + 0.8 × cards``): ``python benchmarks/citadels_evaluate.py``."""
    return s.city_score(p) + 4.0 * len(s.cities[p]) + 0.8 * s.gold[p] + 0.8 * min(len(s.hands[p]), 3)


GUESSES = frozenset({"kill", "bewitch", "rob", "facedown"})
"""The actions for which ``HeuristicBot`` reads what its seat cannot know (who holds a character: it
guesses from the determinization it is handed; in 2-player games, what the other hand wants when it lays
a character face down). Every other choice reads only the seat's own hand and
public facts, so a search's rollout player needs a determinization of its own only for these
(``meeple.agents.ismcts``); tests/citadels/test_citadels_view_bot.py checks the promise."""


def guess_world(s: CitadelsState, p: int, seed: int) -> CitadelsState:
    """What ``HeuristicBot`` needs to make one of its ``GUESSES`` for ``p`` in ``s``, drawn from ``seed``:
    for whom to kill, rob or bewitch it reads only who holds which character, so a copy with the
    character deal that ``s.determinize(p, seed)`` would make and nothing else re-dealt
    (``guess_characters``) leads it to the very choice the whole determinization would, at a fraction of
    the cost; a face-down pick (2 players) reads the other hand, so it gets the whole determinization.
    ISMCTS hands its rollout players this world for their guesses (``meeple.agents.ismcts``);
    tests/citadels/test_citadels_view_bot.py checks that the choices are the same.

    >>> bot.act_on_state(guess_world(s, p, 7), p) == bot.act_on_state(s.determinize(p, 7), p)
    True
    """
    for action in s.legal_actions(p):
        if action.name == "facedown":
            return s.determinize(p, seed)
    return s.guess_characters(p, seed)


ISMCTS_SETTINGS = {"rollout": "heuristic", "rollout_depth": 20, "leaf": "heuristic"}
"""How ISMCTS searches Citadels (``meeple.agents.search_settings``): rollouts of 20 decisions (about a
round) by this module's player (on a determinization of its own for the choices in ``GUESSES``), scored by
``evaluate``. Rollouts of 8 or 10 decisions and random rollouts were measured weaker: docs/agents.md."""


class HeuristicBot:
    """Plays Citadels by simple, sensible rules (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # ------------------------------------------------------------------ entry point
    def act_on_state(self, s: CitadelsState, p: int) -> Action:
        legal = s.legal_actions(p)
        if len(legal) == 1:
            return legal[0]
        if s.phase == PHASE_DRAFT:
            return self._draft(s, p, legal)
        by_name: dict[str, list[Action]] = {}
        for a in legal:
            name = a.name
            if name in by_name:
                by_name[name].append(a)
            else:
                by_name[name] = [a]
        if "recover" in by_name:
            d = s.graveyard_offer[0]
            useful = d not in s.cities[p] and DISTRICT_COST[d] >= 2
            return by_name["recover"][0] if useful else by_name["decline"][0]
        if "tribute-gold" in by_name or "tribute" in by_name:
            if "tribute" in by_name and (s.gold[p] < 3 or "tribute-gold" not in by_name):
                return min(by_name["tribute"], key=lambda a: self._card_value(s, p, DISTRICT_INDEX[a.args[0]]))
            return by_name["tribute-gold"][0]
        if "keep" in by_name:
            return max(by_name["keep"], key=lambda a: self._card_value(s, p, DISTRICT_INDEX[a.args[0]]))
        if "redraw" in by_name:
            for a in by_name.get("discard", []):
                if self._card_value(s, p, DISTRICT_INDEX[a.args[0]]) < 1:
                    return a
            return by_name["redraw"][0]
        if "take" in by_name:
            return max(by_name["take"], key=lambda a: DISTRICT_COST[DISTRICT_INDEX[a.args[0]]])
        if "wizard-build" in by_name:
            d = s.ability_step["district"]
            if d not in s.cities[p] and s.gold[p] - DISTRICT_COST[d] >= 0:
                return by_name["wizard-build"][0]
            return by_name["wizard-keep"][0]
        if "exchange-with" in by_name:
            return max(by_name["exchange-with"], key=lambda a: DISTRICT_COST[DISTRICT_INDEX[a.args[1]]])
        return self._turn(s, p, by_name)

    # ------------------------------------------------------------------ character selection
    def _draft(self, s: CitadelsState, p: int, legal: list[Action]) -> Action:
        if legal[0].name == "facedown":
            # lay down what helps the opponent most
            chooser = 1 - p if s.game.players == 2 else p
            values = self._char_values(s, chooser, [CHARACTER_INDEX[a.args[0]] for a in legal])
            return legal[values.index(max(values))]  # the first of the best, as max(legal, key=...)
        random = self.rng.random
        values = [v + random() * 0.3
                  for v in self._char_values(s, p, [CHARACTER_INDEX[a.args[0]] for a in legal])]
        return legal[values.index(max(values))]

    def _char_value(self, s: CitadelsState, p: int, c: int) -> float:
        """What character ``c`` is worth to seat ``p`` this round (``_char_values`` of one)."""
        return self._char_values(s, p, [c])[0]

    def _char_values(self, s: CitadelsState, p: int, characters: list[int]) -> list[float]:
        """What each of ``characters`` is worth to seat ``p`` this round (the seat's city, hand and gold
        read once for all of them)."""
        city = s.cities[p]
        hand = s.hands[p]
        gold = s.gold[p]
        others_gold = max((g for q, g in enumerate(s.gold) if q != p), default=0)
        buildable = [d for d in hand if d not in city]
        values = []
        for c in characters:
            v = 0.0
            if CHARACTER_INCOME_COLOUR[c] >= 0:
                v += s.income(p, c)
            if c == ASSASSIN:
                v += 1.3
            elif c == THIEF:
                v += 0.8 + 0.25 * others_gold
            elif c == MAGICIAN:
                most = max((len(h) for q, h in enumerate(s.hands) if q != p), default=0)
                v += 2.5 if not buildable and most >= 3 else 0.6
            elif c == KING:
                v += 1.0
            elif c == BISHOP:
                v += 0.6 + (1.0 if len(city) >= s.complete_city_size - 2 else 0)
            elif c == MERCHANT:
                v += 1.5
            elif c == ARCHITECT:
                v += 1.0 + (1.5 if len(buildable) >= 2 and gold >= 4 else 0) + (1.0 if not buildable else 0)
            elif c == WARLORD:
                v += 0.8
            elif c == WITCH:
                v += 1.2
            elif c == TAX_COLLECTOR:
                v += 1.4
            elif c == WIZARD:
                v += 1.2
            elif c == EMPEROR:
                v += 0.8
            elif c == ABBOT:
                v += 0.8
            elif c == ALCHEMIST:
                v += 1.0 + min(gold, max((DISTRICT_COST[d] for d in buildable), default=0)) * 0.4
            elif c == NAVIGATOR:
                v += 1.6 if not buildable or gold < 2 else 0.5
            elif c == DIPLOMAT:
                v += 0.8
            elif c == ARTIST:
                v += 0.6 + (0.8 if gold >= 2 and city else 0)
            elif c == QUEEN:
                v += 1.2
            if not buildable and c in (ARCHITECT, MAGICIAN, NAVIGATOR):
                v += 0.5
            values.append(v)
        return values

    # ------------------------------------------------------------------ the turn
    def _card_value(self, s: CitadelsState, p: int, d: int) -> float:
        """How much a card in hand is worth to us: its points, less if we have it already."""
        if d in s.cities[p]:
            return 0.0
        v = DISTRICT_POINTS[d] + (1.5 if DISTRICT_COLOUR[d] == PURPLE else 0)
        if d in s.hands[p]:
            v -= 0.5 * (s.hands[p].count(d))
        colours = {DISTRICT_COLOUR[x] for x in s.cities[p]}
        if DISTRICT_COLOUR[d] not in colours:
            v += 1.0
        return v

    def _best_build(self, s: CitadelsState, p: int, builds: list[Action]) -> Action | None:
        """The build of the most points; among equals, the card worth most (``_card_value``)."""
        if not builds:
            return None
        if len(builds) == 1:
            return builds[0]
        districts = [DISTRICT_INDEX[a.args[0]] for a in builds]
        most = max(DISTRICT_POINTS[d] for d in districts)
        best = [i for i, d in enumerate(districts) if DISTRICT_POINTS[d] == most]
        if len(best) == 1:
            return builds[best[0]]
        # the first of the most valuable, as max(builds, key=(points, card value)) picks
        values = [self._card_value(s, p, districts[i]) for i in best]
        return builds[best[values.index(max(values))]]

    def _turn(self, s: CitadelsState, p: int, by_name: dict[str, list[Action]]) -> Action:
        c = s.current_character
        gold = s.gold[p]
        city = s.cities[p]
        hand = s.hands[p]
        # abilities first where timing does not matter
        if "kill" in by_name:
            return self._target(s, p, by_name["kill"], killing=True)
        if "bewitch" in by_name:
            return self._target(s, p, by_name["bewitch"], killing=True)
        if "rob" in by_name:
            return self._target(s, p, by_name["rob"], killing=False)
        if "levy" in by_name:
            return by_name["levy"][0]
        if "swap" in by_name and c == MAGICIAN:
            mine = sum(1 for d in hand if d not in city)
            best = max(by_name["swap"], key=lambda a: len(s.hands[a.args[0]]))
            if len(s.hands[best.args[0]]) >= mine + 2:
                return best
            bad = [a for a in by_name.get("discard", []) if DISTRICT_INDEX[a.args[0]] in city]
            if bad:
                return bad[0]
        if "peek" in by_name:
            return max(by_name["peek"], key=lambda a: len(s.hands[a.args[0]]))
        if "give-crown" in by_name:
            leader = self._leader(s, p)
            others = [a for a in by_name["give-crown"] if a.args[0] != leader]
            return (others or by_name["give-crown"])[0]
        # gold or cards
        if "gold" in by_name:
            buildable = [d for d in hand if d not in city]
            if "cards" in by_name and (not buildable or (gold >= 6 and len(buildable) <= 1)):
                return by_name["cards"][0]
            return by_name["gold"][0]
        if "navigate-gold" in by_name:
            buildable = [d for d in hand if d not in city]
            if "navigate-cards" in by_name and len(buildable) < 2:
                return by_name["navigate-cards"][0]
            return by_name["navigate-gold"][0]
        if "lab" in by_name:
            junk = [a for a in by_name["lab"]
                    if DISTRICT_INDEX[a.args[0]] in city or hand.count(DISTRICT_INDEX[a.args[0]]) > 1]
            if junk:
                return junk[0]
        builds = by_name.get("build", [])
        income_colour = CHARACTER_INCOME_COLOUR[c]
        if "income" in by_name:
            # build a district of our income colour first when we can afford it anyway
            matching = [a for a in builds if DISTRICT_COLOUR[DISTRICT_INDEX[a.args[0]]] == income_colour]
            if matching and c != ALCHEMIST:
                return self._best_build(s, p, matching)  # type: ignore[return-value]
            return by_name["income"][0]
        if builds:
            return self._best_build(s, p, builds)  # type: ignore[return-value]
        if "beautify" in by_name and gold >= 1:
            return by_name["beautify"][0]
        if "exchange" in by_name:
            mine = min(by_name["exchange"], key=lambda a: DISTRICT_COST[DISTRICT_INDEX[a.args[0]]])
            if gold >= 3:
                return mine
        if "destroy" in by_name:
            a = self._destroy(s, p, by_name["destroy"])
            if a is not None:
                return a
        if "smithy" in by_name and gold >= 5 and len(hand) <= 1:
            return by_name["smithy"][0]
        if "end" in by_name:
            return by_name["end"][0]
        return next(iter(by_name.values()))[0]

    def _leader(self, s: CitadelsState, p: int) -> int:
        sc = s.scores()
        others = [q for q in range(s.game.players) if q != p]
        return max(others, key=lambda q: (sc[q] + len(s.cities[q]), s.gold[q]))

    def _target(self, s: CitadelsState, p: int, acts: list[Action], killing: bool) -> Action:
        """Name the character that the leader (or the richest, for the Thief) holds in our sample."""
        if killing:
            victim = self._leader(s, p)
        else:
            victim = max((q for q in range(s.game.players) if q != p), key=lambda q: s.gold[q])
        for a in acts:
            c = CHARACTER_INDEX[a.args[0]]
            if s.character_holder[c] == victim:
                return a
        prefer = (MERCHANT, ARCHITECT, KING, WARLORD, BISHOP, TAX_COLLECTOR, ALCHEMIST, NAVIGATOR)
        for want in prefer:
            for a in acts:
                if CHARACTER_INDEX[a.args[0]] == want:
                    return a
        return acts[self.rng.randbelow(len(acts))]

    def _destroy(self, s: CitadelsState, p: int, acts: list[Action]) -> Action | None:
        leader = self._leader(s, p)
        gold = s.gold[p]
        options = [a for a in acts if a.args[0] == leader]
        if not options:
            return None
        best = min(options, key=lambda a: (s.destroy_cost(a.args[0], DISTRICT_INDEX[a.args[1]]),
                                           -DISTRICT_COST[DISTRICT_INDEX[a.args[1]]]))
        cost = s.destroy_cost(best.args[0], DISTRICT_INDEX[best.args[1]])
        if cost == 0 or (cost <= gold - 2 and len(s.cities[leader]) >= s.complete_city_size - 2):
            return best
        return None
