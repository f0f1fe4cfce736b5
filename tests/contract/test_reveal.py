"""Undo is decided exactly: ``apply_reporting`` says a move revealed nothing only when that is true.

The server lets a seat take back its last move only when ``state.apply_reporting(action, player)``
is ``undoable``: no random outcome followed it and the rules called ``State.reveal()`` nowhere in it.
These tests check the rules' marks from outside, by sampling. For every move of random games whose
report says "undoable", and for every seat ``v``, the position before the move is re-dealt from
``v``'s point of view (``determinize(v, seed)``) many times; in each re-deal where the move is legal,
it must leave ``v`` seeing exactly what ``v`` really sees after it (``observation(v)`` and
``log_for(v)``). A re-deal that ends up looking different to ``v`` is a world ``v`` could not tell
from the real one before the move and can tell apart after it: the move told ``v`` something, and
undoing it would let that knowledge be used. The converse is checked too: a game whose every move
reveals would pass that test, hence a second one (moves that merely take gold or place a worker stay
undoable: a fair share of each game's moves is undoable), and a third that reads, game by game, the
moves that do reveal (a character called, an enemy card seen, bids opened) and demands they are marked.

Knobs: ``MEEPLE_REVEAL_REDEALS`` (re-deals per seat and move, default 4, which keeps the default suite
within its time; the slow test, ``pytest -m slow tests/contract/test_reveal.py``, uses 64 on four more
seeds).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from meeple.core import CHANCE, Action, IllegalAction, Rng, State

from .harness import CASES, CONFIG_IDS, CONFIGS, SEEDS, Config, replay
from .toy import TOY_ID

REDEALS = int(os.environ.get("MEEPLE_REVEAL_REDEALS", "4"))
SLOW_REDEALS = 64
SLOW_SEEDS = range(100, 104)

HIDDEN = frozenset({"citadels", "kingsburg", "gods-playground", TOY_ID})
"""Games with hidden information. In the others ``determinize`` only reseeds the copy, so a quarter
of the re-deals check them as well (a move there may reveal only through a random outcome)."""


def _game(config: Config) -> str:
    """The game id; the toy's broken variants (test_catches_broken_games.py) count as the toy."""
    return TOY_ID if config.game_id.startswith(TOY_ID + "-") else config.game_id


def _redeals(config: Config, redeals: int) -> int:
    return redeals if _game(config) in HIDDEN else max(1, redeals // 4)


MIN_UNDOABLE_SHARE = 0.15
"""At least this share of a game's decisions must be undoable: "reveal everything" must fail."""


def _difference(real: dict[str, Any], world: dict[str, Any]) -> str:
    keys = sorted(k for k in set(real) | set(world) if real.get(k) != world.get(k))
    return ", ".join(f"{k} is {world.get(k)!r:.120} in a re-deal, {real.get(k)!r:.120} really" for k in keys[:3])


def leaks(before: State, action: Any, player: int, after: State, redeals: int, salt: int) -> list[str]:
    """Re-deal ``before`` for every seat and play ``action``: a re-deal that looks different to that
    seat after the move than the real game does is a leak; returns one message per leaking seat."""
    found = []
    for viewer in range(before.players):
        seen = after.observation(viewer)
        seen_log = after.log_for(viewer)
        for k in range(redeals):
            world = before.determinize(viewer, salt * 1009 + viewer * 101 + k)
            try:
                world.apply(action, player)
            except IllegalAction:
                continue  # this re-deal contradicts the move itself
            obs = world.observation(viewer)
            if obs != seen:
                found.append(f"{before.player_name(viewer)} can tell: {_difference(seen, obs)}")
                break
            log = world.log_for(viewer)
            if log != seen_log:
                start = len(before.log_for(viewer))
                found.append(f"{before.player_name(viewer)} reads {seen_log[start:]} where a re-deal gives {log[start:]}")
                break
    return found


def check_undoable_moves(config: Config, seed: int, redeals: int, every: int = 1) -> tuple[int, int]:
    """Every undoable move of the seeded random game reveals nothing to any seat (``every``: only each
    such move of that many, the others counted but not searched for leaks); returns (undoable moves,
    decisions)."""
    undoable = decisions = 0
    for step, state, player, action in replay(config, seed):
        if player is None:
            break
        if player == CHANCE:
            continue
        decisions += 1
        after = state.clone()
        report = after.apply_reporting(action, player)
        if not report.undoable:
            continue
        undoable += 1
        if undoable % every:
            continue
        found = leaks(state, action, player, after, redeals, seed * 100_003 + step)
        assert not found, (
            f"{config} seed {seed} step {step}: {state.player_name(player)}'s '{action}' is reported undoable "
            f"(revealed nothing, no chance) but it revealed something: " + "; ".join(found)
        )
    return undoable, decisions


FIRST_SEED_BY_DEFAULT = [pytest.param(*case.values, id=case.id, marks=pytest.mark.slow) if case.values[1] != SEEDS[0]
                         else pytest.param(*case.values, id=case.id, marks=pytest.mark.daily)
                         if case.values[0].players > 3 or case.values[0].options
                         else case for case in CASES]
"""Every configuration of up to three players with its first seed in the default suite, those of four and more
(5-18 s each) and the option variants (Citadels' other characters, God's Playground's rules: 1-11 s each) with
the daily tests, the other seeds in the slow run; the Witch and the Wizard run by default at four players below."""


@pytest.mark.parametrize("config, seed", FIRST_SEED_BY_DEFAULT)
def test_an_undoable_move_reveals_nothing_to_any_seat(config: Config, seed: int) -> None:
    # a game with nothing hidden (Versailles, Cube Europe) has little to leak: a third of its moves, in the
    # default suite (the slow run checks every move)
    check_undoable_moves(config, seed, _redeals(config, REDEALS), every=1 if _game(config) in HIDDEN else 3)


CITADELS_EXTRAS = [Config("citadels", 4, ((f"rank{rank}", slug),)) for rank, slug in (
    (1, "witch"), (2, "tax-collector"), (3, "wizard"), (4, "emperor"), (5, "abbot"), (6, "alchemist"),
    (7, "navigator"), (8, "diplomat"), (9, "queen"), (9, "artist"))]
"""The harness plays Citadels' other characters with 2 players only; several of them act on a third
seat (the Wizard's card taken in secret and then built, the Emperor's tribute), so 4 players too."""


@pytest.mark.parametrize("config", [  # the Witch and the Wizard (who act on another seat's turn and hand) by default
    pytest.param(c, id=str(c), marks=[] if c.options[0][1] in ("witch", "wizard") else [pytest.mark.daily])
    for c in CITADELS_EXTRAS])
def test_an_undoable_move_reveals_nothing_citadels_characters_at_four(config: Config) -> None:
    for seed in (0, 1):
        check_undoable_moves(config, seed, REDEALS)


@pytest.mark.parametrize("config, seed", [c for c in CASES if c.values[0].game_id in HIDDEN and c.values[0].players > 1])
def test_ordinary_moves_stay_undoable(config: Config, seed: int) -> None:
    """Taking gold, building, placing a worker, moving cubes: most moves show nobody anything."""
    undoable = decisions = 0
    for _step, state, player, action in replay(config, seed):
        if player is None:
            break
        if player == CHANCE:
            continue
        decisions += 1
        undoable += state.clone().apply_reporting(action, player).undoable
    assert undoable >= MIN_UNDOABLE_SHARE * decisions, (
        f"{config} seed {seed}: only {undoable} of {decisions} moves are undoable"
    )


@pytest.mark.parametrize("config, seed", [c for c in CASES if c.values[0].game_id not in HIDDEN])
def test_nothing_is_revealed_where_nothing_is_hidden(config: Config, seed: int) -> None:
    for step, state, player, action in replay(config, seed):
        if player is None:
            break
        report = state.clone().apply_reporting(action, player)
        assert not report.revealed, f"{config} seed {seed} step {step}: '{action}' reported as revealing"


# ------------------------------------------------------------------ moves that must be marked
def _new_lines(before: State, after: State) -> list[Any]:
    return after.log[len(before.log):]


def _citadels_reveals(before: State, after: State, player: int) -> str | None:
    """A character called (its holder shows it, or nobody answers), the killed character's holder
    told at the end of the round, a draft hand passed to another seat, the Wizard's look at a hand
    he did not know, a swap of hands not wholly known."""
    for line in _new_lines(before, after):
        text = line.text
        if " is called: " in text or text.endswith("nobody answers."):
            return f"it calls a character ({text})"
        if " was the killed " in text:
            return f"it tells who was killed ({text})"
        if " is offered: " in text and line.visible_to != (player,):
            return f"it hands the draft to another seat ({text})"
    if before.killed_character >= 0 and after.round != before.round:
        return "the round ends with a killed character (its holder, or that nobody held it, is told)"
    return None


def _kingsburg_reveals(before: State, after: State, player: int) -> str | None:
    """The enemy card seen by a seat that had not seen it (a General's or Queen's look, the winter)."""
    for v in range(before.players):
        was = before.observation(v)["enemy_card"]
        now = after.observation(v)["enemy_card"]
        for year, (a, b) in enumerate(zip(was, now)):
            if a is None and b is not None:
                return f"{before.player_name(v)} sees the enemy of year {year + 1} ({b})"
    return None


def _gods_playground_reveals(before: State, after: State, player: int) -> str | None:
    """The noble tokens turned up once all are down; sealed bids opened once all are in."""
    for line in _new_lines(before, after):
        if " reveals " in line.text or line.text.startswith("Bids: "):
            return f"it turns up the secret choices ({line.text})"
    return None


def _toy_reveals(before: State, after: State, player: int) -> str | None:
    for line in _new_lines(before, after):
        if line.text.startswith("Bids: ") and before.players > 1:
            return f"it turns up the bids ({line.text})"
    return None


MUST_REVEAL = {
    "citadels": _citadels_reveals,
    "kingsburg": _kingsburg_reveals,
    "gods-playground": _gods_playground_reveals,
    TOY_ID: _toy_reveals,
}


def check_revealing_moves_are_marked(config: Config, seed: int) -> int:
    """Every move that (by the game's rules, read from the log and the observations) shows a seat
    something hidden is reported as revealing; returns how many such moves the game had."""
    detect = MUST_REVEAL[_game(config)]
    marked = 0
    for step, state, player, action in replay(config, seed):
        if player is None:
            break
        after = state.clone()
        report = after.apply_reporting(action, player)
        why = detect(state, after, player)
        if why is not None:
            marked += 1
            assert report.revealed, (
                f"{config} seed {seed} step {step}: {state.player_name(player)}'s '{action}' is not reported "
                f"as revealing, but {why}"
            )
            assert not report.undoable
    return marked


@pytest.mark.parametrize("config, seed", [c for c in CASES if c.values[0].game_id in MUST_REVEAL])
def test_moves_that_reveal_are_marked(config: Config, seed: int) -> None:
    marked = check_revealing_moves_are_marked(config, seed)
    if config.players > 1 and not (config.game_id == TOY_ID and dict(config.options).get("die", True)):
        assert marked, f"{config} seed {seed}: no revealing move at all (the detector finds nothing)"


def test_ending_a_citadels_turn_that_calls_the_next_character_is_not_undoable() -> None:
    import meeple

    state = meeple.load("citadels", players=4).new_game(seed=3)
    rng = Rng(3)
    ends = 0
    while state.to_move() and ends < 20:
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        action = Action("end") if Action("end") in legal else legal[rng.randbelow(len(legal))]
        public = state.observation(None)
        before_calls = len(public["revealed_characters"]) + len(public["absent_characters"])
        before_round = state.round
        report = state.apply_reporting(action, player)
        obs = state.observation(None)
        if action.name == "end" and (state.round != before_round or
                                     len(obs["revealed_characters"]) + len(obs["absent_characters"]) > before_calls):
            ends += 1
            assert report.revealed and not report.undoable, f"'end' called a character but is undoable: {obs}"
    assert ends >= 10


def _citadels_last_turn(seed: int, hand_cost: int | None) -> State:
    """A 2-player Citadels position where the seat to move has called the round's last character,
    the game ends with the round, and it has not yet taken gold: its hand is one district costing
    ``hand_cost`` (None: an empty hand), its gold 0, nothing else to do after taking gold."""
    import meeple
    from meeple.games.citadels.actions import PHASE_TURN
    from meeple.games.citadels.content import DISTRICT_COST

    state = meeple.load("citadels", players=2).new_game(seed=seed)
    rng = Rng(seed)
    while not (state.phase == PHASE_TURN and not state.took_gold_or_cards and not state.drawn_to_choose
               and not state.ability_step and state.tribute_seat < 0 and not state.graveyard_offer
               and state.witch_step == 0):
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        state.apply(legal[rng.randbelow(len(legal))], player)
    p = state.current_seat
    state.deck_unseen = sorted(state.deck_unseen + state.hands[p])
    state.hands[p] = []
    if hand_cost is not None:
        d = next(d for d in state.deck_unseen if DISTRICT_COST[d] == hand_cost and d not in state.cities[p])
        state.deck_unseen.remove(d)
        state.hands[p] = [d]
    for row in state.known_hand_cards:
        row[p] = []
    state.gold[p] = 0
    state.ability_used = state.laboratory_used = state.smithy_used = state.income_taken = True
    state.builds_left = 1
    state.call_index = len(state.characters)  # nobody is called after this turn
    state.first_complete_seat = 1 - p  # the game ends with this round
    state._legal_cache = {}
    state.check_invariants()
    return state


def test_a_citadels_turn_ending_by_itself_tells_whether_the_hand_could_build() -> None:
    """Taking 2 gold with one district of cost 5 in hand: nothing can be built, the turn ends by itself
    and the game ends; the other seat learns that the card costs more than 2 (a re-deal of that card
    would have let the turn go on). With an empty hand the same move shows nothing."""
    from meeple.games.citadels.actions import A_GOLD

    for seed in (1, 2, 3):
        before = _citadels_last_turn(seed, hand_cost=5)
        after = before.clone()
        report = after.apply_reporting(A_GOLD, before.current_seat)
        assert after.is_over()
        assert report.revealed and not report.undoable
        # the sampler agrees: some re-deal of the hand lets the turn go on
        assert leaks(before, A_GOLD, before.current_seat, after, 16, seed)

        empty = _citadels_last_turn(seed, hand_cost=None)
        after = empty.clone()
        report = after.apply_reporting(A_GOLD, empty.current_seat)
        assert after.is_over() and report.undoable
        assert not leaks(empty, A_GOLD, empty.current_seat, after, 16, seed)


def test_gods_playground_last_secret_choice_turns_all_up_and_is_not_undoable() -> None:
    """God's Playground: the 18th noble token; every earlier token stays undoable."""
    import meeple

    state = meeple.load("gods-playground", players=3).new_game(seed=5)
    rng = Rng(5)
    while state.observation(None)["mode"] != "token":
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        state.apply(legal[rng.randbelow(len(legal))], player)
    reports = []
    while state.observation(None)["mode"] == "token":
        movers = state.to_move()
        player = movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(player)
        reports.append(state.apply_reporting(legal[rng.randbelow(len(legal))], player))
    assert len(reports) == 18
    assert all(r.undoable for r in reports[:-1]), "a noble token placed face down (not the last) is not undoable"
    assert reports[-1].revealed and not reports[-1].undoable


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS + CITADELS_EXTRAS, ids=CONFIG_IDS + [str(c) for c in CITADELS_EXTRAS])
def test_an_undoable_move_reveals_nothing_many_redeals(config: Config) -> None:
    for seed in SLOW_SEEDS:
        check_undoable_moves(config, seed, _redeals(config, SLOW_REDEALS))
