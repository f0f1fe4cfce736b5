"""The learned position value: training is reproducible and measured, the shipped files load, the
search uses the network at its cut-offs (and only there), and the weights stay within budget."""

from __future__ import annotations

import json

import numpy as np
import pytest

import meeple
from meeple.agents import make_agent
from meeple.agents.ismcts import ISMCTSAgent, final_rewards
from meeple.agents.value_model import (
    ValueModel,
    load_value_model,
    read_value_models,
    save_value_models,
    shipped_value_models,
)

GAMES = ["citadels", "cube-europe", "gods-playground", "kingsburg", "versailles"]


def test_final_rewards_weigh_the_win_and_the_score_position():
    assert final_rewards([30.0, 20.0, 10.0], [0]) == [1.0, 0.125, 0.0]
    assert final_rewards([20.0, 20.0], [0, 1]) == [0.375 + 0.125, 0.375 + 0.125]
    assert final_rewards([5.0, 9.0], [1]) == [0.0, 1.0]


def test_a_network_predicts_with_relu_layers_and_clips_to_0_1():
    w0 = np.array([[1.0, -1.0], [0.5, 2.0]], dtype=np.float32)
    b0 = np.array([0.0, 0.5], dtype=np.float32)
    w1 = np.array([[0.25], [0.5]], dtype=np.float32)
    b1 = np.array([0.1], dtype=np.float32)
    model = ValueModel([w0, w1], [b0, b1])
    x = np.array([[1.0, 0.0], [0.0, 1.0], [4.0, 4.0]], dtype=np.float32)
    # row 0: hidden relu([1, -1+0.5]) = [1, 0] -> 0.25 + 0.1; row 1: [0.5, 2.5] -> 0.125 + 1.25 + 0.1 -> clipped to 1
    assert model.predict(x)[:2] == pytest.approx([0.35, 1.0])
    assert model.predict(np.array([-10.0, -10.0])) == pytest.approx([0.1])  # relu kills both hidden units


def test_weights_round_trip_through_the_file_as_float16(tmp_path):
    rng = np.random.default_rng(3)
    model = ValueModel([rng.normal(size=(6, 4)).astype(np.float32), rng.normal(size=(4, 1)).astype(np.float32)],
                       [np.zeros(4, np.float32), np.zeros(1, np.float32)], {"seed": 3, "games": 10})
    path = tmp_path / "value_model.npz"
    save_value_models(path, {2: model})
    back = read_value_models(path)[2]
    assert back.info["seed"] == 3 and back.info["games"] == 10
    x = rng.normal(size=(5, 6)).astype(np.float32)
    assert np.allclose(back.predict(x), model.predict(x), atol=2e-2)


def test_training_is_reproducible_from_its_seed_and_keeps_games_apart():
    pytest.importorskip("sklearn")
    from meeple.agents.training import fit_value_model, self_play_positions

    first = self_play_positions("kingsburg", 2, games=12, seed=5, sample=0.3)
    again = self_play_positions("kingsburg", 2, games=12, seed=5, sample=0.3)
    assert np.array_equal(first.features, again.features) and np.array_equal(first.targets, again.targets)
    assert first.features.shape[1] == len(meeple.load("kingsburg", players=2).new_game(seed=0).observation_tensor(0))
    # every kept position carries one row per seat, and the targets are that game's final rewards
    assert len(first.targets) % 2 == 0 and set(np.unique(first.games)) <= set(range(12))
    model, record = fit_value_model(first, hidden=(8,), seed=5, epochs=3)
    model2, record2 = fit_value_model(again, hidden=(8,), seed=5, epochs=3)
    assert all(np.array_equal(a, b) for a, b in zip(model.weights, model2.weights))
    assert record["held_out_games"] >= 1 and record["positions"] + record["held_out_positions"] == len(first.targets)
    for key in ("held_out_mse", "mean_mse", "cutoff_mse", "winner_picked", "best_epoch"):
        assert key in record
    assert 0 <= record["held_out_mse"] <= 1


def test_the_weights_do_not_depend_on_the_machine_s_blas_threads():
    """The same positions and seed give the same weights on one BLAS thread or several (a multi-threaded
    matrix product sums in another order: the weights drifted by up to 0.3 between machines)."""
    pytest.importorskip("sklearn")
    from threadpoolctl import threadpool_limits

    from meeple.agents.training import fit_value_model, self_play_positions

    data = self_play_positions("kingsburg", 2, games=150, seed=1)
    fitted = []
    for threads in (1, 2):
        with threadpool_limits(limits=threads):
            model, _ = fit_value_model(data, hidden=(64,), seed=1, epochs=2)
        fitted.append(model.weights)
    assert all(np.array_equal(a, b) for a, b in zip(*fitted))


@pytest.mark.parametrize("game_id", GAMES)
def test_shipped_networks_load_fit_the_encoding_and_stay_under_2_mb(game_id):
    models = shipped_value_models(game_id)
    total = sum(m.nbytes() for m in models.values())
    assert total <= 2 * 1024 * 1024
    for players, model in models.items():
        state = meeple.load(game_id, players=players).new_game(seed=11)
        assert model.inputs == len(state.observation_tensor(0))
        values = model.seat_values(state)
        assert values.shape == (players,) and np.all((0 <= values) & (values <= 1))
        assert model.info["held_out_mse"] < model.info["cutoff_mse"]  # shipped only when it beats the cut-off value


class _Counting:
    """A network stand-in that says seat 0 wins and counts the positions it was asked about."""

    def __init__(self) -> None:
        self.calls = 0

    def seat_values(self, state):
        self.calls += 1
        return np.array([0.9] + [0.1] * (state.players - 1), dtype=np.float32)


def test_the_search_asks_the_network_at_cut_offs_and_never_at_the_end():
    state = meeple.load("kingsburg", players=2).new_game(seed=3)
    agent = ISMCTSAgent(seed=1, iterations=40, rollout_depth=0, leaf="model", game_id="kingsburg")
    counting = _Counting()
    agent._model = counting
    seat = state.to_move()[0]
    root = agent.search(state.determinize(seat, 1), seat)
    assert counting.calls == 40  # one cut-off per iteration: a leaf right after the expansion
    rewards = [edge[1] / edge[0] for edge in root.edges[seat].values() if edge[0]]
    assert all(r == pytest.approx(0.9 if seat == 0 else 0.1) for r in rewards)


def test_without_a_network_for_the_count_the_search_values_cut_offs_as_the_game_says():
    agent = make_agent("hard:leaf=model:iterations=20", "kingsburg", seed=2)
    state = meeple.load("kingsburg", players=3).new_game(seed=4)
    if load_value_model("kingsburg", 3) is not None:
        pytest.skip("a network ships for Kingsburg 3p")
    seat = state.to_move()[0]
    agent.search(state.determinize(seat, 1), seat)
    assert agent._model is False and agent.leaf == "heuristic"


def test_train_command_refuses_bad_input_before_playing(tmp_path):
    from typer.testing import CliRunner

    from meeple.cli import app

    runner = CliRunner()
    for args, words in ((["--players", "1"], "solo"), (["--players", "two"], "--players"),
                        (["--hidden", "0"], "--hidden"), (["--out", str(tmp_path / "no" / "x.npz")], "no directory")):
        result = runner.invoke(app, ["train", "kingsburg", "--games", "20", *args])
        assert result.exit_code != 0 and words in result.output, (args, result.output)
    assert not list(tmp_path.iterdir())


def test_train_command_writes_weights_and_a_record(tmp_path):
    pytest.importorskip("sklearn")
    from typer.testing import CliRunner

    from meeple.cli import app

    out, record = tmp_path / "vm.npz", tmp_path / "train.json"
    result = CliRunner().invoke(app, ["train", "kingsburg", "--players", "2", "--games", "20", "--hidden", "8",
                                      "--out", str(out), "--record", str(record)])
    assert result.exit_code == 0, result.output
    model = read_value_models(out)[2]
    saved = json.loads(record.read_text())["2"]
    assert saved["games"] == 20 and model.info["positions"] == saved["positions"] > 0


def test_network_values_are_made_relative_to_the_best_other_seat_as_the_cut_off_reward_is():
    from meeple.agents.ismcts import relative_values

    assert relative_values([0.9, 0.3]) == pytest.approx([0.8, 0.2])  # two seats: they add up to 1
    assert relative_values([0.5, 0.5]) == pytest.approx([0.5, 0.5])
    # three seats: each against the best other seat, the leader against the runner-up
    assert relative_values([0.2, 0.8, 0.6]) == pytest.approx([0.2, 0.6, 0.4])


class _Uneven(_Counting):
    """A network stand-in whose two values do not add up to 1 (seat 0: 0.9, the others 0.3)."""

    def seat_values(self, state):
        self.calls += 1
        return np.array([0.9] + [0.3] * (state.players - 1), dtype=np.float32)


def test_the_search_backs_up_the_networks_values_made_relative():
    state = meeple.load("kingsburg", players=2).new_game(seed=3)
    agent = ISMCTSAgent(seed=1, iterations=30, rollout_depth=0, leaf="model", game_id="kingsburg")
    agent._model = _Uneven()
    seat = state.to_move()[0]
    root = agent.search(state.determinize(seat, 1), seat)
    rewards = [edge[1] / edge[0] for edge in root.edges[seat].values() if edge[0]]
    assert rewards and all(r == pytest.approx(0.8 if seat == 0 else 0.2) for r in rewards)


def test_a_search_can_use_a_network_from_a_file(tmp_path):
    width = len(meeple.load("kingsburg", players=2).new_game(seed=0).observation_tensor(0))
    # a network that gives every position 0.7 for every seat: made relative, an even 0.5
    model = ValueModel([np.zeros((width, 1), np.float32)], [np.array([0.7], np.float32)], {"seed": 0})
    path = tmp_path / "candidate.npz"
    save_value_models(path, {2: model})
    agent = make_agent(f"normal:leaf=model:depth=0:iterations=20:model={path}", "kingsburg", seed=1)
    state = meeple.load("kingsburg", players=2).new_game(seed=5)
    seat = state.to_move()[0]
    root = agent.search(state.determinize(seat, 1), seat)
    assert agent._model is not False and agent._model.predict(np.zeros(width)) == pytest.approx([0.7], abs=1e-3)
    rewards = [edge[1] / edge[0] for edge in root.edges[seat].values() if edge[0]]
    assert rewards and all(r == pytest.approx(0.5, abs=1e-3) for r in rewards)


def test_positions_from_search_self_play_are_reproducible_and_merge_with_games_kept_apart():
    from meeple.agents.training import merge_positions, self_play_positions

    search = self_play_positions("kingsburg", 2, games=2, seed=9, sample=0.3, player="normal:iterations=8")
    again = self_play_positions("kingsburg", 2, games=2, seed=9, sample=0.3, player="normal:iterations=8")
    assert np.array_equal(search.features, again.features) and np.array_equal(search.targets, again.targets)
    heuristic = self_play_positions("kingsburg", 2, games=2, seed=9, sample=0.3)
    assert not np.array_equal(search.targets, heuristic.targets) or len(search.targets) != len(heuristic.targets) \
        or not np.array_equal(search.features, heuristic.features)  # other players, other games
    both = merge_positions(heuristic, search)
    assert both.played == 4 and len(both.targets) == len(heuristic.targets) + len(search.targets)
    # the search's games are numbered after the heuristic's: no game index shared between the sources
    assert set(both.games[: len(heuristic.targets)]) <= {0, 1}
    assert set(both.games[len(heuristic.targets):]) <= {2, 3}
    assert np.array_equal(both.features[len(heuristic.targets):], search.features)
    with pytest.raises(ValueError):
        merge_positions(heuristic, self_play_positions("kingsburg", 3, games=1, seed=9, sample=0.3))


def test_the_lead_target_is_the_final_lead_squashed_as_a_cut_off_is():
    pytest.importorskip("sklearn")
    from meeple.agents.ismcts import _cutoff_rewards
    from meeple.agents.training import (
        fit_value_model,
        self_play_positions,
        training_targets,
    )

    data = self_play_positions("kingsburg", 2, games=3, seed=4, sample=0.3)
    assert data.leads is not None and len(data.leads) == len(data.targets)
    for g in range(3):
        rows = data.games == g
        final, lead = data.targets[rows].reshape(-1, 2), data.leads[rows].reshape(-1, 2)
        assert (final == final[0]).all() and (lead == lead[0]).all()  # one game, one outcome per seat
        assert lead[0].sum() == pytest.approx(1.0)  # two seats: lead and deficit mirror each other
        winner = int(np.argmax(final[0]))
        assert lead[0][winner] >= 0.5 and 0.0 < lead[0][winner] < 1.0  # by how much, not only who won
    # the squash is the cut-off reward's, applied to the final scores
    assert _cutoff_rewards([40.0, 30.0]) == pytest.approx([0.5 + 0.5 * np.tanh(10 / 4), 0.5 - 0.5 * np.tanh(10 / 4)])
    assert np.array_equal(training_targets(data, "final"), data.targets)
    assert np.array_equal(training_targets(data, "lead"), data.leads)
    assert np.allclose(training_targets(data, "mix"), (data.targets + data.leads) / 2)
    with pytest.raises(ValueError):
        training_targets(data, "margin")
    model, record = fit_value_model(data, hidden=(4,), seed=1, epochs=2, target="lead")
    assert record["target"] == "lead" and model.info["target"] == "lead" and "final_mse" in record


# ---------------------------------------------------------------- meeple train with mixed sources (issue 38)
# A tiny run of the candidate's recipe: 20 heuristic games and 2 search games of Kingsburg 2p, lead target.
SMALL_RUN = ["--players", "2", "--games", "20", "--search-games", "2", "--search-player", "normal:iterations=8",
             "--seed", "3", "--hidden", "8", "--target", "lead"]


def _train(args: list[str], lang: str = "en"):
    from typer.testing import CliRunner

    from meeple.cli import app

    return CliRunner().invoke(app, ["train", "kingsburg", *args], env={"MEEPLE_LANG": lang})


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    pytest.importorskip("sklearn")
    folder = tmp_path_factory.mktemp("train")
    out, record = folder / "vm.npz", folder / "train.json"
    result = _train([*SMALL_RUN, "--out", str(out), "--record", str(record)])
    assert result.exit_code == 0, result.output
    return out, record


def test_train_command_with_search_games_records_the_target_and_both_sources(small_run):
    out, record = small_run
    saved = json.loads(record.read_text())["2"]
    assert saved["target"] == "lead" and read_value_models(out)[2].info["target"] == "lead"
    heuristic, search = saved["sources"]
    assert heuristic["player"] == "heuristic" and heuristic["games"] == 20 and heuristic["seeds"] == [3, 22]
    assert search["player"] == "normal:iterations=8" and search["games"] == 2
    assert search["seeds"] == [500_003, 500_004]  # the search games' own seeds, never the heuristic deals
    assert heuristic["rows"] > 0 and search["rows"] > 0
    assert saved["games"] == 22 and saved["positions"] + saved["held_out_positions"] == heuristic["rows"] + search["rows"]
    assert 0 <= saved["held_out_mse"] <= 1


def test_train_command_gives_the_same_weights_for_the_same_arguments(small_run, tmp_path):
    out, _ = small_run
    again = tmp_path / "again.npz"
    result = _train([*SMALL_RUN, "--out", str(again)])
    assert result.exit_code == 0, result.output
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # no search game among the 2 held out: its errors are NaN
def test_train_command_and_the_benchmark_give_the_same_weights(small_run, tmp_path):
    """benchmarks/train_value.py (the candidate's recipe, with its extra measurements) and ``meeple train``
    share ``training.train_value_network``: the same arguments, the same weights."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import train_value

    out, _ = small_run
    bench, record = tmp_path / "bench.npz", tmp_path / "bench.json"
    assert train_value.main(["kingsburg", "--players", "2", "--heuristic-games", "20", "--search-games", "2",
                             "--search-player", "normal:iterations=8", "--seed", "3", "--hidden", "8",
                             "--target", "lead", "--out", str(bench), "--record", str(record)]) == 0
    assert bench.read_bytes() == out.read_bytes()
    saved = json.loads(record.read_text())["2"]
    assert [s["games"] for s in saved["sources"]] == [20, 2] and "held_out_search_games" in saved


def test_train_command_refuses_a_bad_target_or_search_player_in_both_languages(tmp_path):
    from meeple.agents import AGENT_NAMES
    from meeple.core import i18n

    out = tmp_path / "vm.npz"
    unknown = i18n.msg("agents.unknown", agent="'hardest'", agents=", ".join(AGENT_NAMES))
    cases = ((["--target", "margin"], "cli.train_bad_target", {"value": "'margin'", "targets": "final, lead, mix"}),
             (["--search-player", "hardest"], "cli.train_bad_search_player", {"error": unknown}))
    for args, message_id, message_args in cases:
        for lang in ("zh", "en"):  # English last: the terminal keeps the language of the last call
            assert i18n.template(message_id, lang) is not None, (message_id, lang)
            result = _train(["--games", "20", "--search-games", "2", *args, "--out", str(out)], lang)
            said = i18n.render(message_id, message_args, lang)
            assert result.exit_code == 2 and " ".join(said.split()) in " ".join(result.output.split()), \
                (lang, said, result.output)
    assert not list(tmp_path.iterdir())
