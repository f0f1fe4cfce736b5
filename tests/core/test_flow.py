"""The shared turn-flow mechanism (meeple.core.flow): declared steps, the engine hooks it answers,
automatic steps, turn orders and interrupts, on a small game written for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import CHANCE, Action, GameInfo, Rng, State
from meeple.core.action_table import ActionSpec, ActionTableState
from meeple.core.flow import (
    AUTOMATIC, BY_ACTION, GAME_OVER, Automatic, Chance, Decision, FlowState, Step, clockwise, interrupt, next_in_turn,
)
from meeple.core.registry import Game


class Countdown(FlowState, State):
    """Seats take turns clockwise lowering a counter by 1 or 2; a die sets the counter at the start; a
    seat that reaches 0 scores (automatic) and the counter is rolled again, twice in all. Whoever is
    asked to ``object`` (an interrupt queued after every 2) may object or let it pass."""

    FIELDS = ("counter", "turn", "points", "rounds_left", "queue", "phase")
    STEPS = {
        "roll": Chance(outcomes="_die_faces", act="_rolled", sample="_roll_fast"),
        "lower": Decision(legal="_lowerings", act="_lower", seats="_seat_in_turn"),
        "object": Decision(legal="_objections", act="_answer_objection"),
        "score": Automatic(run="_score"),
        "over": GAME_OVER,
    }

    def setup(self) -> None:
        self.counter, self.turn, self.points, self.rounds_left = 0, 0, [0] * self.players, 2
        self.queue, self.phase = [], "roll"
        self.run_flow()

    def open_step(self) -> str:
        return self.queue[0][0] if self.queue else self.phase

    def acting_seats(self) -> list[int]:
        return [self.queue[0][1]]

    def _seat_in_turn(self) -> list[int]:
        return [self.turn]

    def _die_faces(self) -> list[tuple[Action, float]]:
        return [(Action("roll", (face,)), 1.0) for face in range(1, 7)]

    def _roll_fast(self, rng: Rng) -> Action:
        return Action("roll", (rng.randbelow(6) + 1,))

    def _rolled(self, action: Action, player: int) -> None:
        self.counter = action.args[0] + 2
        self.phase = "lower"

    def _lowerings(self, seat: int) -> list[Action]:
        return [Action("lower", (k,)) for k in (1, 2) if k <= self.counter]

    def _lower(self, action: Action, seat: int) -> None:
        self.counter -= action.args[0]
        if action.args[0] == 2:
            interrupt(self.queue, [["object", other] for other in clockwise(seat, self.players)[1:]])
        if self.counter == 0:
            self.phase = "score"
        else:
            self.turn = next_in_turn(self.turn, self.players)

    def _objections(self, seat: int) -> list[Action]:
        return [Action("object"), Action("allow")]

    def _answer_objection(self, action: Action, seat: int) -> None:
        self.queue.pop(0)
        if action.name == "object":
            self.points[seat] -= 1

    def _score(self) -> None:
        self.points[self.turn] += 3
        self.rounds_left -= 1
        self.phase = "roll" if self.rounds_left else "over"

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        best = max(self.points)
        return [p for p, s in enumerate(self.points) if s == best] if self.is_over() else []

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {"counter": self.counter, "points": list(self.points)}


def new_countdown(players: int = 3, chance: str = "manual") -> Countdown:
    info = GameInfo(id="countdown", name="Countdown", min_players=2, max_players=4)
    return Game(info, players, {}, Countdown).new_game(seed=5, chance=chance)


@pytest.fixture
def countdown() -> Countdown:
    return new_countdown()


def test_a_chance_step_offers_its_outcomes_to_the_chance_seat(countdown: Countdown) -> None:
    assert countdown.to_move() == [CHANCE]
    assert [a.args[0] for a in countdown.legal_actions(CHANCE)] == [1, 2, 3, 4, 5, 6]
    countdown.apply(Action("roll", (2,)), CHANCE)
    assert countdown.counter == 4 and countdown.to_move() == [0]


def test_a_decision_goes_to_the_seat_its_step_names_and_turns_go_clockwise(countdown: Countdown) -> None:
    countdown.apply(Action("roll", (2,)), CHANCE)
    countdown.apply(Action("lower", (1,)), 0)
    assert countdown.to_move() == [1]
    assert countdown.legal_actions(0) == []  # not seat 0's turn any more


def test_an_interrupt_asks_the_other_seats_in_order_before_play_goes_on(countdown: Countdown) -> None:
    countdown.apply(Action("roll", (2,)), CHANCE)
    countdown.apply(Action("lower", (2,)), 0)
    assert countdown.to_move() == [1]
    assert [a.name for a in countdown.legal_actions(1)] == ["object", "allow"]
    countdown.apply(Action("object"), 1)
    assert countdown.to_move() == [2] and countdown.open_step() == "object"
    countdown.apply(Action("allow"), 2)
    assert countdown.to_move() == [1] and countdown.open_step() == "lower"  # seat 1's own turn now
    assert countdown.points == [0, -1, 0]


def test_automatic_steps_run_after_the_move_until_a_decision_is_open(countdown: Countdown) -> None:
    countdown.apply(Action("roll", (1,)), CHANCE)  # counter 3
    countdown.apply(Action("lower", (1,)), 0)
    countdown.apply(Action("lower", (1,)), 1)
    countdown.apply(Action("lower", (1,)), 2)  # reaches 0: "score" runs by itself, then the die again
    assert countdown.points == [0, 0, 3]
    assert countdown.open_step() == "roll" and countdown.to_move() == [CHANCE]


def test_game_over_is_a_declared_step_where_nobody_moves() -> None:
    state = new_countdown(players=2, chance="auto")
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    assert state.to_move() == [] and state.open_step() == "over"
    assert sum(state.points) >= 6  # two rounds scored 3 each, less any objections


def test_automatic_chance_uses_the_steps_fast_sampler_and_replays_by_seed() -> None:
    a, b = new_countdown(chance="auto"), new_countdown(chance="auto")
    assert a.counter == b.counter and 3 <= a.counter <= 8
    assert a.history[0][0] == CHANCE and a.history[0][1].name == "roll"


def test_a_step_missing_what_its_kind_needs_fails_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="needs legal"):
        class Broken(FlowState, State):  # noqa: F841
            STEPS = {"choose": Decision(legal=None, act="_choose")}  # type: ignore[arg-type]


def test_a_flow_game_cannot_override_who_moves_behind_its_steps() -> None:
    with pytest.raises(TypeError, match="acting_seats"):
        class Overriding(Countdown):  # noqa: F841
            def _to_move(self) -> list[int]:
                return [0]


def test_the_setup_draws_its_random_outcomes_like_a_move_does() -> None:
    manual = new_countdown(chance="manual")
    assert manual.to_move() == [CHANCE] and manual.history == []
    auto = new_countdown(chance="auto")
    assert auto.to_move() != [CHANCE] and [p for p, _ in auto.history] == [CHANCE]
    manual.apply(auto.history[0][1], CHANCE)
    assert manual.to_json()["state"] == auto.to_json()["state"]


def test_a_class_lacking_a_steps_method_stays_unbound_and_says_which() -> None:
    class Partial(FlowState, State):
        STEPS = {"choose": Decision(legal="_choices", act="_choose"), "over": GAME_OVER}

        def _choices(self, seat: int) -> list[Action]:
            return []

    assert Partial.unbound_steps() == ["choose"]
    assert Countdown.unbound_steps() == []


def test_rules_that_never_open_a_decision_are_stopped() -> None:
    class Endless(Countdown):
        MAX_AUTOMATIC_STEPS = 50

        def _score(self) -> None:
            self.phase = "score"  # forgets to move on

    game_state = new_countdown(players=2)
    state = Endless.__new__(Endless)
    state.__dict__.update(game_state.__dict__)
    state.phase = "score"
    with pytest.raises(RuntimeError, match="automatic steps"):
        state.run_flow()


class ForcedCountdown(Countdown):
    """Countdown where a seat facing a counter of 1 (its only choice: lower by 1) is not asked: the
    ``lower`` decision settles itself on arrival."""

    STEPS = {**Countdown.STEPS,
             "lower": Decision(legal="_lowerings", act="_lower", seats="_seat_in_turn", settle="_lower_if_forced")}

    def _lower_if_forced(self) -> bool:
        if self.counter != 1:
            return False
        self._lower(Action("lower", (1,)), self.turn)
        return True


def test_a_decision_with_one_forced_choice_settles_itself_on_arrival() -> None:
    def positions_asked_at_one(cls: type[Countdown]) -> int:
        game, rng, asked = Game(GameInfo(id="countdown", name="Countdown", min_players=2, max_players=4), 3, {},
                                cls), Rng(3), 0
        for seed in range(20):
            state = game.new_game(seed=seed, chance="auto")
            while not state.is_over():
                seat = state.to_move()[0]
                asked += state.open_step() == "lower" and state.counter == 1
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randbelow(len(legal))], seat)
        return asked

    assert positions_asked_at_one(Countdown) > 0  # without settle a seat is asked to make the forced move
    assert positions_asked_at_one(ForcedCountdown) == 0


def test_only_a_decision_may_settle_itself_and_a_settle_that_never_stops_is_stopped() -> None:
    with pytest.raises(TypeError, match="only a decision may settle"):
        class Wrong(Countdown):
            STEPS = {**Countdown.STEPS, "score": Step(AUTOMATIC, run="_score", settle="_score")}

    class Loops(ForcedCountdown):
        MAX_AUTOMATIC_STEPS = 50

        def _lower_if_forced(self) -> bool:
            return True  # claims to have played the step, but the position never moves on

    state = Loops.__new__(Loops)
    state.__dict__.update(new_countdown(players=2).__dict__)
    state.phase, state.queue = "lower", []
    with pytest.raises(RuntimeError, match="automatic steps"):
        state.run_flow()
    with pytest.raises(RuntimeError, match="automatic steps"):
        state._run_to_decision(True)


class DropOutCountdown(Countdown):
    """Countdown where a seat that has dropped out (``out``) is skipped in turn order."""

    FIELDS = Countdown.FIELDS + ("out",)

    def setup(self) -> None:
        self.out: list[int] = []
        super().setup()

    def _lower(self, action: Action, seat: int) -> None:
        self.counter -= action.args[0]
        if self.counter == 0:
            self.phase = "score"
        else:
            self.turn = next_in_turn(self.turn, self.players, skip=lambda other: other in self.out)


def test_everyone_else_skipped_the_same_seat_moves_again() -> None:
    state = Game(GameInfo(id="countdown", name="Countdown", min_players=2, max_players=4), 3, {},
                 DropOutCountdown).new_game(seed=5, chance="manual")
    state.out, state.turn = [0, 2], 1  # seat 1 is the only one still in, and has the turn
    state.apply(Action("roll", (3,)), CHANCE)  # counter 5
    assert state.to_move() == [1]
    for counter in (4, 3, 2, 1):
        state.apply(Action("lower", (1,)), 1)
        assert state.counter == counter
        assert state.to_move() == [1] and state.open_step() == "lower"  # the same seat, again
        assert [a.args[0] for a in state.legal_actions(1)] == [k for k in (1, 2) if k <= counter]
        assert state.legal_actions(0) == state.legal_actions(2) == []
    state.apply(Action("lower", (1,)), 1)  # reaches 0: seat 1 scores, and the die is rolled again
    assert state.points == [0, 3, 0] and state.to_move() == [CHANCE]
    state.apply(Action("roll", (1,)), CHANCE)
    assert state.to_move() == [1]
    # one seat skipped of three: turns go round the other two
    state.out = [2]
    state.apply(Action("lower", (1,)), 1)
    assert state.to_move() == [0]
    state.apply(Action("lower", (1,)), 0)
    assert state.to_move() == [1]


def test_turn_orders() -> None:
    assert clockwise(1, 3) == [1, 2, 0]
    assert next_in_turn(2, 3) == 0
    assert next_in_turn(0, 4, skip=lambda seat: seat in (1, 2)) == 3
    assert next_in_turn(0, 2, skip=lambda seat: True) is None
    assert next_in_turn(2, 4, skip=lambda seat: seat != 2) == 2  # everyone else skipped: the same seat
    queue: list[Any] = [["b"]]
    interrupt(queue, [["a1"], ["a2"]])
    assert queue == [["a1"], ["a2"], ["b"]]


def test_a_pickled_state_keeps_its_open_step() -> None:
    """A state pickled with its open step cached (a worker process's copy) answers who moves as the
    original does: the step's kind, compared by identity, comes back as the module's own string."""
    import pickle

    import meeple

    for game_id, players in (("citadels", 4), ("kingsburg", 2), ("cube-europe", 2)):
        state = meeple.load(game_id, players=players).new_game(seed=3)
        before = state.to_move()
        state.legal_actions(before[0])  # the open step and the legal list are cached now
        copy = pickle.loads(pickle.dumps(state))
        assert copy.to_move() == before and copy.legal_actions(before[0]) == state.legal_actions(before[0])


def test_memo_keeps_a_value_per_position_between_moves_only(countdown: Countdown) -> None:
    """``memo`` works a value out once per position: again after a move, a copy or ``position_changed``,
    and on every call while a move is still changing the position (before it opens the next step)."""
    calls: list[int] = []

    def counter_twice(state: Countdown) -> int:
        calls.append(state.counter)
        return 2 * state.counter

    countdown.apply(Action("roll", (2,)), CHANCE)  # counter 4
    assert countdown.memo("test.twice", counter_twice) == 8
    assert countdown.memo("test.twice", counter_twice) == 8 and calls == [4]  # kept
    copy = countdown.clone()
    assert copy.memo("test.twice", counter_twice) == 8 and calls == [4, 4]  # a copy starts without it
    countdown.apply(Action("lower", (1,)), 0)  # counter 3
    assert countdown.memo("test.twice", counter_twice) == 6 and calls == [4, 4, 3]
    countdown.counter = 1
    countdown.position_changed()
    assert countdown.memo("test.twice", counter_twice) == 2 and calls == [4, 4, 3, 1]

    class Watching(Countdown):
        """Reads the memo in the middle of its own moves, before and after changing the counter."""

        def _lower(self, action: Action, seat: int) -> None:
            seen.append(self.memo("test.twice", counter_twice))
            super()._lower(action, seat)
            seen.append(self.memo("test.twice", counter_twice))

    seen: list[int] = []
    info = GameInfo(id="countdown", name="Countdown", min_players=2, max_players=4)
    watching = Game(info, 3, {}, Watching).new_game(seed=5, chance="manual")
    watching.apply(Action("roll", (2,)), CHANCE)
    watching.apply(Action("lower", (2,)), 0)
    assert seen == [8, 4]  # worked out afresh in the middle of the move: never the kept 8


class TabledCountdown(Countdown, ActionTableState):
    """Countdown whose objections are answered by each action's own ``perform`` method of an action table
    (``act=BY_ACTION``, no method of the step's between)."""

    ACTIONS = {"object": ActionSpec(perform="_object", describe=None, refuse=None),
               "allow": ActionSpec(perform="_allow", describe=None, refuse=None)}
    STEPS = {**Countdown.STEPS, "object": Decision(legal="_objections", act=BY_ACTION)}

    def _object(self, action: Action, seat: int) -> None:
        self.queue.pop(0)
        self.points[seat] -= 1

    def _allow(self, action: Action, seat: int) -> None:
        self.queue.pop(0)


def test_a_decision_acted_on_by_action_plays_as_its_method_does() -> None:
    info = GameInfo(id="countdown", name="Countdown", min_players=2, max_players=4)
    for seed in range(10):
        # the step's method, through apply; the table's, through apply and through a search's _perform
        states = [Game(info, 3, {}, cls).new_game(seed=seed, chance="auto")
                  for cls in (Countdown, TabledCountdown, TabledCountdown)]
        rng = Rng(seed)
        while not states[0].is_over():
            seat = states[0].to_move()[0]
            assert [s.to_move() for s in states] == [[seat]] * 3
            legal = states[0].legal_actions(seat)
            assert states[1].legal_actions(seat) == states[2]._legal(seat) == legal
            assert all(s.legal_actions(other) == [] for s in states for other in range(3) if other != seat)
            action = legal[rng.randbelow(len(legal))]
            states[0].apply(action, seat)
            states[1].apply(action, seat)
            states[2]._perform(action, seat)
            assert len({(tuple(s.points), s.counter, tuple(s.history)) for s in states}) == 1
        assert states[1].is_over() and states[2].is_over()


def test_only_a_decision_is_acted_on_by_action() -> None:
    with pytest.raises(TypeError, match="BY_ACTION"):
        class Wrong(Countdown):  # noqa: F841
            STEPS = {**Countdown.STEPS, "roll": Chance(outcomes="_die_faces", act=BY_ACTION)}
