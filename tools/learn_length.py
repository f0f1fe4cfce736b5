"""How long each guided first game takes to read and play, estimated (docs/learn.md, "How long").

Each shown sentence's English words at 200 a minute, and 5 s for every touch: a move of yours, Continue
on every other shown step, the intro and the end. A newcomer who also studies the board takes longer.

    python tools/learn_length.py
"""

from __future__ import annotations

from meeple.core.i18n import render
from meeple.learn.scenario import available, scenario

WORDS_PER_MINUTE = 200
SECONDS_PER_TOUCH = 5


def length(game: str) -> dict[str, float]:
    """The scenario's shown steps, your moves, its English words and the estimated minutes."""
    lesson = scenario(game)
    shown = [step for step in lesson.steps if step.shown]
    words = sum(len(render(step.say, step.args or None, "en").split()) for step in shown if step.say)
    words += sum(len(render(message, None, "en").split()) for message in (lesson.intro, lesson.end))
    yours = sum(step.who == "you" for step in lesson.steps)
    touches = len(shown) + 2
    minutes = words / WORDS_PER_MINUTE + touches * SECONDS_PER_TOUCH / 60
    return {"shown": len(shown), "yours": yours, "words": words, "minutes": minutes}


def main() -> None:
    print("| game | shown steps | moves of yours | words (en) | estimated minutes |")
    print("|---|---|---|---|---|")
    for game in available():
        row = length(game)
        print(f"| {game} | {row['shown']} | {row['yours']} | {row['words']:,} | {row['minutes']:.1f} |")


if __name__ == "__main__":
    main()
