"""meeple.games(), meeple.load() and Game: the registry and its error messages."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import BadArgument, GameInfo, Option, UnknownGame
from meeple.core.registry import Game, _check_options

from contract import toy


def test_games_lists_every_registered_game_by_id() -> None:
    games = meeple.games()
    assert toy.TOY_ID in games
    assert games[toy.TOY_ID] is toy.INFO
    assert list(games) == sorted(games)
    assert all(isinstance(info, GameInfo) and info.id == gid for gid, info in games.items())


def test_the_toy_is_registered_only_while_a_test_asks_for_it() -> None:
    with toy.registered():
        assert toy.TOY_ID in meeple.games()
    assert toy.TOY_ID in meeple.games()  # the autouse fixture's registration is still in force


def test_load_resolves_defaults_and_the_player_count() -> None:
    game = meeple.load(toy.TOY_ID)
    assert isinstance(game, Game)
    assert game.id == toy.TOY_ID and game.players == toy.INFO.min_players
    assert game.options == {"rounds": 3, "die": True}
    assert meeple.load(toy.TOY_ID, players=4, rounds=1).options == {"rounds": 1, "die": True}


def test_option_names_may_use_dashes() -> None:
    info = GameInfo(id="x", name="X", min_players=1, max_players=1, options=(Option("solo_deck", 1, (1, 2), ""),))
    assert _check_options(info, 1, {"solo-deck": 2}) == {"solo_deck": 2}
    assert _check_options(info, 1, {}) == {"solo_deck": 1}


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGame, match=toy.TOY_ID):
        meeple.load("no-such-game")


@pytest.mark.parametrize("players", [0, 5, -1, "2", 2.0, True])
def test_bad_player_counts_say_the_range(players: object) -> None:
    with pytest.raises(UnknownGame, match="1.4 players"):
        meeple.load(toy.TOY_ID, players=players)  # type: ignore[arg-type]


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(UnknownGame, match="rounds, die"):
        meeple.load(toy.TOY_ID, colour="red")


def test_bad_option_value_lists_the_choices() -> None:
    with pytest.raises(UnknownGame, match=r"\[1, 2, 3\]"):
        meeple.load(toy.TOY_ID, rounds=9)


def test_new_game_checks_seed_and_chance() -> None:
    # a bad seed or chance mode is a bad argument, not an unknown game (issue 39)
    game = meeple.load(toy.TOY_ID, players=2)
    for bad in ["1", 1.0, True, None]:
        with pytest.raises(BadArgument, match="seed") as err:
            game.new_game(seed=bad)  # type: ignore[arg-type]
        assert not isinstance(err.value, UnknownGame) and isinstance(err.value, ValueError)
    with pytest.raises(BadArgument, match="chance"):
        game.new_game(seed=1, chance="dice")


def test_seat_names() -> None:
    game = meeple.load(toy.TOY_ID, players=2)
    assert [game.seat_name(p) for p in range(4)] == ["North", "East", "South", "West"]
    assert game.seat_name(7) == "Player 8"
    with pytest.raises(KeyError):
        toy.INFO.option("colour")
    assert toy.INFO.option("rounds").default == 3


def test_unknown_game_is_a_value_error() -> None:
    assert issubclass(UnknownGame, ValueError)


def test_an_unhashable_game_id_is_an_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        meeple.load(["toy"])  # type: ignore[arg-type]


def test_a_boolean_is_not_an_integer_option_value() -> None:
    with pytest.raises(UnknownGame):
        meeple.load(toy.TOY_ID, rounds=True)
