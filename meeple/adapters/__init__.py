"""Environments for research tools: PettingZoo (AEC) and OpenSpiel. Optional: ``pip install -e '.[rl]'``.

The core never imports these modules; they use only the public API and each game's fixed encodings
(``game.num_distinct_actions``, ``Action.index``, ``state.observation_tensor``; see docs/encodings.md).
"""
