"""meeple.core.State: turns, legality, chance, copies, hidden information and the log, on the toy."""

from __future__ import annotations

import json

import pytest

from meeple.core import CHANCE, Action, ActionParseError, IllegalAction, InvariantError, LogEntry, State


def _bid_phase(toy_game, players=2, **kw):
    state = toy_game(players=players, **kw)
    while state.to_move() == [CHANCE]:  # manual chance: deal the first outcome each time
        state.apply(state.legal_actions(CHANCE)[0])
    assert state.to_move() == list(range(players))
    return state


# ------------------------------------------------------------------------------- turns and chance
def test_auto_chance_resolves_setup_and_records_it_in_history(toy_game) -> None:
    state = toy_game(players=2)
    assert state.chance == "auto" and state.to_move() == [0, 1]
    chance = [a for p, a in state.history if p == CHANCE]
    assert chance[0].name == "start" and [a.name for a in chance[1:]] == ["draw"] * 4
    assert all(p == CHANCE for p, _ in state.history)
    assert sorted(len(h) for h in state.hands) == [2, 2]


def test_manual_chance_asks_the_chance_seat(toy_game) -> None:
    state = toy_game(players=3, chance="manual")
    assert state.to_move() == [CHANCE]
    assert state.legal_actions() == [Action("start", (p,)) for p in range(3)]
    assert state.legal_actions(CHANCE) == state.legal_actions()
    state.apply(Action("start", (2,)))
    assert state.start == 2 and state.history == [(CHANCE, Action("start", (2,)))]
    # draws are weighted by how many copies are left; every value is an outcome
    outcomes = dict(state.chance_outcomes())
    assert outcomes[Action("draw", (1,))] == 4.0 and len(outcomes) == 6
    state.apply(state.parse_action("draw 6"))
    assert state.hands[2] == [6]
    assert dict(state.chance_outcomes())[Action("draw", (6,))] == 3.0


def test_chance_cannot_act_in_auto_mode_and_players_cannot_act_for_chance(toy_game) -> None:
    state = toy_game(players=2)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not chance's turn"):
        state.apply(Action("roll", (6,)), CHANCE)
    manual = toy_game(players=2, chance="manual")
    with pytest.raises(IllegalAction, match="not North's turn"):
        manual.apply(Action("start", (0,)), 0)
    assert state.to_json() == before


def test_sample_chance_follows_the_weights(toy_game) -> None:
    from meeple.core import Rng

    state = toy_game(players=1, chance="manual")
    state.apply(Action("start", (0,)))
    state.deck = [1] * 9 + [6]  # a test-made deck: 9 ones, 1 six
    rng = Rng(3)
    draws = [state.sample_chance(rng).args[0] for _ in range(2000)]
    assert 0.85 < draws.count(1) / 2000 < 0.95


def test_simultaneous_moves_each_seat_acts_in_any_order(toy_game) -> None:
    state = _bid_phase(toy_game, players=3)
    with pytest.raises(IllegalAction, match="several seats"):
        state.legal_actions()
    with pytest.raises(IllegalAction, match="say which player"):
        state.apply(state.legal_actions(1)[0])
    state.apply(state.legal_actions(2)[0], 2)
    assert state.to_move() == [0, 1]
    assert state.legal_actions(2) == []
    state.apply(state.legal_actions(0)[0], 0)
    state.apply(state.legal_actions(1)[0], 1)
    assert state.to_move() == [state.start]  # die rolled automatically, bids scored


def test_legal_actions_returns_a_fresh_list(toy_game) -> None:
    state = _bid_phase(toy_game)
    legal = state.legal_actions(0)
    legal.clear()
    assert state.legal_actions(0)


def test_a_finished_game(toy_game) -> None:
    state = toy_game(players=1, rounds=1, die=False)
    while state.to_move():
        state.apply(state.legal_actions()[0])
    assert state.is_over() and state.to_move() == [] and state.winners() == [0]
    assert state.legal_actions(0) == [] and state.legal_actions(CHANCE) == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.legal_actions()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Action("pass"))
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Action("pass"), 0)


# ------------------------------------------------------------------------------- rejection
def test_rejections_say_why_and_change_nothing(toy_game) -> None:
    state = _bid_phase(toy_game)
    before = state.to_json()
    missing = next(v for v in range(1, 7) if v not in state.hands[0])
    cases = [
        (lambda: state.apply("bid 3", 0), "not an action"),
        (lambda: state.apply(None, 0), "not an action"),
        (lambda: state.apply(Action("bid", (missing,)), 0), "holds no"),
        (lambda: state.apply(Action("pass"), 0), "not legal now"),
        (lambda: state.apply(state.legal_actions(0)[0], 7), "not Player 8's turn; waiting for North, East"),
        (lambda: state.apply(state.legal_actions(0)[0], CHANCE), "not chance's turn"),
    ]
    for call, words in cases:
        with pytest.raises(IllegalAction, match=words):
            call()
        assert state.to_json() == before


def test_default_why_illegal_lists_the_legal_actions() -> None:
    class Many(State):
        def _legal_actions(self, player):  # noqa: ANN001, ANN202
            return [Action("pick", (i,)) for i in range(20)]

        def _to_move(self):  # noqa: ANN202
            return [0]

    from meeple.core.registry import Game

    from contract import toy

    state = Many.__new__(Many)
    state._init_base(Game(info=toy.INFO, players=1, state_class=Many), 0, "auto")
    message = str(State.why_illegal(state, Action("pick", (99,)), 0))
    assert "'pick 99' is not legal now for North" in message
    assert "pick 0, pick 1" in message and "pick 11, …" in message and "pick 12" not in message
    assert State.describe(state, Action("pick", (3,))) == "pick 3"


def test_parse_action_matches_text_and_explains_failures(toy_game) -> None:
    state = _bid_phase(toy_game)
    first = state.legal_actions(0)[0]
    assert state.parse_action(f"  {str(first).upper()}  ", 0) == first
    missing = next(v for v in range(1, 7) if v not in state.hands[0])
    with pytest.raises(IllegalAction, match="holds no") as known:
        state.parse_action(f"bid {missing}", 0)
    assert not isinstance(known.value, ActionParseError)  # a known action name: an illegal action
    with pytest.raises(ActionParseError, match="actions now: bid"):
        state.parse_action("fly 3", 0)
    with pytest.raises(ActionParseError, match="empty"):
        state.parse_action("", 0)
    with pytest.raises(IllegalAction, match="several seats"):
        state.parse_action(str(first))


def test_parse_action_for_the_chance_seat(toy_game) -> None:
    state = toy_game(players=2, chance="manual")
    assert state.parse_action("start 1") == Action("start", (1,))
    with pytest.raises(IllegalAction):
        state.parse_action("start 7")
    with pytest.raises(IllegalAction):
        state.parse_action("anything")


# ------------------------------------------------------------------------------- copies
def test_clone_is_independent_including_the_rng(toy_game) -> None:
    state = _bid_phase(toy_game)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before and copy.rng is not state.rng and copy.hands is not state.hands
    for p in (0, 1):
        copy.apply(copy.legal_actions(p)[0], p)  # the die roll draws from the copy's RNG
    copy.hands[0].append(99)
    assert state.to_json() == before
    again = state.clone()
    for p in (0, 1):
        again.apply(again.legal_actions(p)[0], p)
    assert again.rng.state == copy.rng.state  # the same RNG: the same outcomes


def test_a_game_may_keep_its_fields_in_slots_and_plays_copies_and_saves_the_same(toy_game) -> None:
    from contract.toy import ToyState

    from meeple.core.registry import Game
    from meeple.core.state import from_json

    class SlottedToy(ToyState):
        __slots__ = ToyState.FIELDS

    plain = toy_game(seed=4)
    game = plain.game
    slotted = Game(game.info, game.players, game.options, SlottedToy).new_game(seed=4)
    assert not set(ToyState.FIELDS) & set(slotted.__dict__)  # the fields are in the slots, not the dict
    for state in (plain, slotted):
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(state.legal_actions(seat)[-1], seat)
            copy = state.clone()
            assert copy.to_json() == state.to_json()
            if not copy.is_over():
                copy.apply(copy.legal_actions(copy.to_move()[0])[0], copy.to_move()[0])
                assert copy.history != state.history  # the copy moves on alone
    assert slotted.to_json()["state"] == plain.to_json()["state"]
    assert from_json(slotted.to_json()).to_json() == slotted.to_json()


def test_field_names_must_be_names() -> None:
    from meeple.core.state import _field_copiers

    read, write, copy = _field_copiers(("gold", "hands"))

    class Holder:
        pass

    source, target = Holder(), Holder()
    source.gold, source.hands = 3, [[1], []]
    write(target, read(source))
    assert (target.gold, target.hands) == (3, [[1], []])
    copy(source, target)  # no shapes declared: a deep copy
    assert target.hands == source.hands and target.hands[0] is not source.hands[0]
    with pytest.raises(TypeError, match="not a field name"):
        _field_copiers(("gold", "x); import os; (y"))


def test_determinize_redeals_only_what_the_seat_cannot_know(toy_game) -> None:
    state = _bid_phase(toy_game, players=3)
    state.apply(state.legal_actions(1)[0], 1)  # East's bid is secret
    before = state.to_json()
    seen_hands, seen_bids = set(), set()
    for seed in range(30):
        copy = state.determinize(0, seed)
        assert copy.determinized and not state.determinized
        assert copy.hands[0] == state.hands[0]
        assert copy.observation(0) == state.observation(0)
        assert copy.legal_actions(0) == state.legal_actions(0)
        copy.check_invariants()
        seen_hands.add(tuple(copy.hands[2]))
        seen_bids.add(copy.bids[1])
    assert len(seen_hands) > 1 and len(seen_bids) > 1
    assert state.to_json() == before


def test_determinize_keeps_revealed_bids(toy_game) -> None:
    state = _bid_phase(toy_game, players=2, chance="manual")  # manual: stop at the die roll
    for p in (0, 1):
        state.apply(state.legal_actions(p)[0], p)
    assert state.phase == "roll"
    for seed in range(10):
        assert state.determinize(0, seed).bids == state.bids


def test_determinized_state_saves_and_reads_back(toy_game) -> None:
    import meeple

    copy = _bid_phase(toy_game).determinize(1, 4)
    data = json.loads(json.dumps(copy.to_json()))
    assert data["determinized"] is True
    back = meeple.from_json(data)
    assert back.to_json() == copy.to_json() and back.determinized


# ------------------------------------------------------------------------------- log, observation, JSON
def test_log_privacy(toy_game) -> None:
    state = toy_game(players=2)
    mine = [t for t in state.log_for(0) if "draws a " in t and "card" not in t]
    assert len(mine) == 2 and all(t.startswith("North") for t in mine)
    assert not any(t.startswith("East draws a") and "card" not in t for t in state.log_for(0))
    assert set(state.log_for(None)) < set(state.log_for(0))
    assert all(isinstance(e, LogEntry) for e in state.log)
    assert LogEntry("x", {}).visible(None) and not LogEntry("x", {}, (1,)).visible(None) and LogEntry("x", {}, (1,)).visible(1)
    assert str(LogEntry("hello", {}, (0,))) == "hello"  # a plug-in without a catalogue: its text is its id


def test_say_takes_the_seats_positionally_or_by_name_and_say_again_shares_its_entry(toy_game) -> None:
    state = toy_game(players=2)
    state.say("core.text", (1,), text="secret")
    state.say("core.text", to=(0,), text="also secret")  # ``to`` by name is still the visibility
    assert [e.visible_to for e in state.log[-2:]] == [(1,), (0,)]
    assert state.log[-1].args == {"text": "also secret"}
    other = toy_game(players=2)
    state.say_again("core.text", ("hello", 1), text="hello 1")
    other.say_again("core.text", ("hello", 1), text="hello 1")
    other.say_again("core.text", ("hello", 2), text="hello 2")
    assert state.log[-1] is other.log[-2]  # one shared (public, never mutated) entry for one key
    assert state.log[-1].visible_to is None and state.log[-1].render("en") == "hello 1"
    assert other.log[-1].args == {"text": "hello 2"}


def test_observation_carries_the_base_keys(toy_game) -> None:
    state = _bid_phase(toy_game)
    obs = state.observation(0)
    assert {"game", "players", "player", "to_move", "over"} <= set(obs)
    assert obs["game"] == "toy" and obs["player"] == 0 and obs["to_move"] == [0, 1] and obs["over"] is False
    assert state.observation(None)["hand"] is None
    assert json.loads(json.dumps(obs)) == obs


def test_to_json_format(toy_game) -> None:
    data = toy_game(players=2).to_json()
    assert data["format"] == "meeple-state" and data["version"] == 2
    assert {"game", "players", "options", "seed", "chance", "rng", "determinized", "history", "log", "state"} <= set(data)
    assert set(data["state"]) == set(toy_game().FIELDS)
    assert json.loads(json.dumps(data)) == data


def test_player_names(toy_game) -> None:
    state = toy_game(players=2)
    assert [state.player_name(p) for p in (None, CHANCE, 0, 1)] == ["spectator", "chance", "North", "East"]


def test_invariant_error_is_an_assertion(toy_game) -> None:
    assert issubclass(InvariantError, AssertionError)
    state = toy_game()
    state.deck.append(1)
    with pytest.raises(InvariantError, match="not conserved"):
        state.check_invariants()


# ------------------------------------------------------------------------------- known core bugs
def test_a_determinized_copy_holds_no_log_line_hidden_from_its_seat(toy_game) -> None:
    copy = toy_game(players=2).determinize(0, 1)
    assert all(entry.visible(0) for entry in copy.log)


def _two_deals(toy_game, east: tuple[int, int]):
    """A manual 2-player game where North drew 1 and 2 and East drew ``east``: same for North's eyes."""
    state = toy_game(players=2, chance="manual")
    for text in ["start 0", "draw 1", f"draw {east[0]}", "draw 2", f"draw {east[1]}"]:
        state.apply(state.parse_action(text))
    return state


def test_two_deals_north_cannot_tell_apart_look_the_same_to_north(toy_game) -> None:
    a, b = _two_deals(toy_game, (5, 6)), _two_deals(toy_game, (3, 4))
    assert a.observation(0) == b.observation(0) and a.log_for(0) == b.log_for(0)
    assert a.legal_actions(0) == b.legal_actions(0)
    # and the toy's re-deal depends only on what North knows
    assert a.determinize(0, 7).to_json()["state"] == b.determinize(0, 7).to_json()["state"]


def test_a_determinized_copy_reveals_nothing_its_seat_does_not_know(toy_game) -> None:
    a, b = _two_deals(toy_game, (5, 6)), _two_deals(toy_game, (3, 4))
    assert a.determinize(0, 7).to_json() == b.determinize(0, 7).to_json()


@pytest.mark.parametrize("player", ["0", 1.5, [0]])
def test_apply_with_a_garbage_player_is_illegal(toy_game, player: object) -> None:
    state = _bid_phase(toy_game)
    with pytest.raises(IllegalAction):
        state.apply(state.legal_actions(0)[0], player)  # type: ignore[arg-type]


def test_apply_with_a_boolean_player_is_illegal(toy_game) -> None:
    state = _bid_phase(toy_game)
    with pytest.raises(IllegalAction):
        state.apply(state.legal_actions(1)[0], True)  # type: ignore[arg-type]


def test_parse_action_for_a_seat_not_to_move_says_whose_turn_it_is(toy_game) -> None:
    state = _bid_phase(toy_game)
    with pytest.raises(IllegalAction, match="turn"):
        state.parse_action("bid 3", 7)


def test_repr_says_what_the_state_is(toy_game) -> None:
    state = toy_game(players=2, seed=3)
    text = repr(state)
    assert text.startswith(f"{type(state).__name__}({state.game.id!r}, players=2, seed=3, moves=")
    assert f"to_move={state.to_move()}" in text and "determinized" not in text
    assert repr(state.determinize(0, 1)).endswith(", determinized)")
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    assert "to_move=over" in repr(state)
