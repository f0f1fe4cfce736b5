"""``meeple learn GAME``: the guided first game in the terminal (issue 42), the same scenario as the browser's.

Each step shows the board (the game's own view of your seat), says what happens and why, and waits: at a
step of yours you type the action's text (the expected one is shown: the terminal's highlight); another
legal move is answered with the scenario's explanation, an illegal one with the game's refusal, and you
try again. The step index is kept in a small file (``progress_dir()``), so ``q`` and coming back later go
on where you were; ``--restart`` starts over.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from meeple.core.i18n import render
from meeple.learn import available, position, scenario, shown_from, touch
from meeple.learn.scenario import Scenario
from meeple.terminal.common import CliError, board, game_info
from meeple.terminal.lang import current, say

QUIT = ("q", "quit", "exit")


def progress_dir() -> Path:
    """Where the step reached in each game is kept: ``MEEPLE_LEARN_DIR``, else ``$XDG_DATA_HOME/meeple/learn``."""
    if os.environ.get("MEEPLE_LEARN_DIR"):
        return Path(os.environ["MEEPLE_LEARN_DIR"])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "meeple" / "learn"


def saved_step(game: str) -> int:
    try:
        return int(json.loads((progress_dir() / f"{game}.json").read_text(encoding="utf-8"))["step"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def keep_step(game: str, k: int) -> None:
    try:
        progress_dir().mkdir(parents=True, exist_ok=True)
        (progress_dir() / f"{game}.json").write_text(json.dumps({"step": k}), encoding="utf-8")
    except OSError:
        pass  # a read-only home: the guided game still runs, it only cannot be resumed


class Lesson:
    """One run of ``meeple learn``: prints the steps from ``start`` and reads the player's answers."""

    def __init__(self, console: Console, lesson: Scenario, ask: Callable[[str], str] = input) -> None:
        self.console, self.lesson, self.ask = console, lesson, ask
        self.shown = [k for k, step in enumerate(lesson.steps) if step.shown]

    def run(self, start: int) -> int:
        """Play from step ``start`` to the end or to a ``q``; returns the exit code (0)."""
        lang, game = current(), self.lesson.game
        k = shown_from(self.lesson, start)
        if k == shown_from(self.lesson, 0):
            self.console.print(Text(render(self.lesson.intro, None, lang), style="bold"))
        elif k < len(self.lesson.steps):
            self.console.print(Text(say("cli.learn.resumed", n=self.shown.index(k) + 1), style="dim"))
        while k < len(self.lesson.steps):
            keep_step(game, k)
            nxt = self.step(k)
            if nxt is None:
                self.console.print(say("cli.learn.stopped", n=self.shown.index(k) + 1, game=game))
                return 0
            k = shown_from(self.lesson, nxt)
        keep_step(game, k)
        self.console.print(Panel(Text(render(self.lesson.end, None, lang)), border_style="magenta"))
        self.console.print(Text(say("cli.learn.play_real", game=game), style="bold"))
        return 0

    def step(self, k: int) -> int | None:
        """Show step ``k`` and wait for the answer: the next step's index, or None to stop here."""
        step, you, lang = self.lesson.steps[k], self.lesson.you, current()
        state = position(self.lesson, k if step.who in ("you", "note") else k + 1)
        self.console.print(board(state, you))
        for line in state.log_for(you, lang)[-4:]:
            self.console.print(Text(f"  {line}", style="dim"))
        title = say("cli.learn.step", n=self.shown.index(k) + 1, total=len(self.shown))
        self.console.print(Panel(Text(render(step.say, step.args, lang)), title=title, border_style="magenta"))  # type: ignore[arg-type]
        if step.who != "you":
            answer = self.ask(say("cli.learn.continue") + " ").strip().lower()
            return None if answer in QUIT else k + 1
        label = state.describe(state.parse_action(step.action, you), you, lang)  # type: ignore[arg-type]
        while True:
            answer = self.ask(say("cli.learn.type", text=step.action, label=label) + " ").strip()
            if answer.lower() in QUIT:
                return None
            if not answer:
                continue
            outcome = touch(self.lesson, k, answer)
            if outcome.kind == "advanced":
                return outcome.next
            reason = outcome.reason.render(lang) if outcome.reason else ""
            key = "cli.learn.refused" if outcome.kind == "refused" else "cli.learn.not_now"
            self.console.print(Text(say(key, reason=reason), style="yellow"))


def learn_command(console: Console, game: str, restart: bool, ask: Callable[[str], str] = input) -> int:
    """``meeple learn GAME``: the guided game from the step kept (or the first, with ``restart``); an unknown
    game or one without a scenario is a CliError (exit 2 listing the games, or 1 naming those with one)."""
    game_info(game)
    if game not in available():
        raise CliError("cli.learn.no_scenario", 1, game=game, games=", ".join(available()))
    try:
        return Lesson(console, scenario(game), ask).run(0 if restart else saved_step(game))
    except (EOFError, KeyboardInterrupt):
        return 0
