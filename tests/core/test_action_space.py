"""Fixed action spaces (Action.index, action_from_index, num_distinct_actions) and observation tensors."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import Action, ActionParseError

from contract import toy


def test_the_space_is_indexed_once_per_game() -> None:
    game = meeple.load(toy.TOY_ID, players=3)
    space = game.action_space()
    assert space is game.action_space()
    assert game.num_distinct_actions == len(space) == 3 + 6 + 6 + 6 + 6 + 1
    assert [a.index for a in space] == list(range(len(space)))


def test_legal_actions_are_the_indexed_instances(toy_game) -> None:
    state = toy_game(players=2, chance="manual")
    for a in state.legal_actions():
        assert a.index is not None and state.action_from_index(a.index) is a
    assert state.action_index(Action("pass")) == state.game.num_distinct_actions - 1  # any equal action


def test_index_is_not_part_of_equality(toy_game) -> None:
    state = toy_game(players=2)
    indexed = state.legal_actions(0)[0]
    plain = Action(indexed.name, indexed.args)
    assert plain.index is None and plain == indexed and hash(plain) == hash(indexed)
    state.apply(plain, 0)  # an equal, unindexed action is accepted


@pytest.mark.parametrize("bad", [-1, 10_000, "3", 1.0, True, None])
def test_bad_indexes_are_parse_errors(toy_game, bad: object) -> None:
    with pytest.raises(ActionParseError, match="action index"):
        toy_game().action_from_index(bad)  # type: ignore[arg-type]


def test_an_action_outside_the_space_has_no_index(toy_game) -> None:
    with pytest.raises(ActionParseError, match="not in toy's action space"):
        toy_game().action_index(Action("fly"))


def test_a_game_without_a_space_says_so() -> None:
    from meeple.core import State
    from meeple.core.registry import Game

    class Plain(toy.ToyState):
        action_space = classmethod(State.action_space.__func__)  # type: ignore[assignment]
        _observation_tensor = State._observation_tensor

    game = Game(info=toy.INFO, players=2, options={"rounds": 3, "die": True}, state_class=Plain)
    state = game.new_game(seed=1)
    assert game.action_space() is None and state.legal_actions(0)[0].index is None
    with pytest.raises(NotImplementedError):
        game.num_distinct_actions
    with pytest.raises(NotImplementedError):
        state.action_from_index(0)
    with pytest.raises(ActionParseError):
        state.action_index(Action("pass"))
    with pytest.raises(NotImplementedError, match="no observation tensor"):
        state.observation_tensor(0)


def test_observation_tensor_is_fixed_shape_float32(toy_game) -> None:
    np = pytest.importorskip("numpy")
    state = toy_game(players=3)
    shapes = {state.observation_tensor(p).shape for p in (None, 0, 1, 2)}
    assert len(shapes) == 1 and state.observation_tensor(0).dtype == np.float32


_SHARED = [Action("pass"), Action("bid", (1,)), Action("bid", (2,))]


@pytest.mark.xfail(strict=True, reason="core hazard: Game.action_space() writes .index onto the Action "
                   "objects the game returns; a game that shares those objects between configurations "
                   "(in different orders) gets the last configuration's ids in every configuration")
def test_action_ids_do_not_leak_between_configurations() -> None:
    from meeple.core.registry import Game

    class Shared(toy.ToyState):
        @classmethod
        def action_space(cls, game):  # noqa: ANN001, ANN206
            return list(_SHARED) if game.players == 1 else list(reversed(_SHARED))

    one = Game(info=toy.INFO, players=1, options={"rounds": 3, "die": True}, state_class=Shared)
    two = Game(info=toy.INFO, players=2, options={"rounds": 3, "die": True}, state_class=Shared)
    one.action_space()
    two.action_space()
    assert [a.index for a in one.action_space()] == [0, 1, 2]
