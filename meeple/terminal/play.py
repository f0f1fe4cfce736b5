"""A game played at the terminal: people at the keyboard, bots in the other seats.

One loop drives every game through the State API: whoever is in ``to_move()`` acts — a bot through
``meeple.agents.choose_action`` (it sees only its own seat's information), a person by typing the
number or the text of an action. In referee mode (``chance="manual"``) the chance seat is a person
too: they type the die roll or the card drawn at the real table.

The screen only ever shows a seat's own view (``view.render(state, seat)``) and the log lines that
seat may read; in hot-seat mode the screen is cleared and handed over between seats.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from meeple.agents import choose_action
from meeple.core import CHANCE, IllegalAction, State

from meeple.terminal.common import board, default_save_path, score_table, seat_label, winners_text, write_save
from meeple.core import i18n
from meeple.terminal.lang import current, rich, say

COMMANDS = {"quit": "quit", "exit": "quit", "退出": "quit", "help": "help", "?": "help", "帮助": "help",
            "score": "score", "分数": "score", "board": "board", "棋盘": "board", "log": "log", "日志": "log",
            "save": "save", "保存": "save", "hint": "hint", "提示": "hint"}
"""The prompt's commands, in English or in Chinese (both work whatever the language)."""

MAX_NEW_LINES = 15
LIST_COMPACT_OVER = 16


class Quit(Exception):
    """The person asked to stop (or the input ended)."""


class Session:
    """One game at the terminal. ``humans`` are the seats typed at the keyboard; ``agents`` the rest."""

    def __init__(
        self,
        console: Console,
        state: State,
        humans: set[int],
        agents: dict[int, Any],
        *,
        hotseat: bool = False,
        save_path: Path | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        self.console = console
        self.state = state
        self.humans = set(humans)
        self.agents = agents
        self.hotseat = hotseat and len(self.humans) > 1
        self.save_path = save_path
        self.settings = settings or {}
        self.seen: dict[int | None, int] = {}
        self.owner: int | None | str = "nobody"  # whose eyes are on the screen now
        hints = self.settings.get("hints")  # how often the coach was asked (kept in the save's settings)
        self.hints_used: int = hints if isinstance(hints, int) and not isinstance(hints, bool) and hints > 0 else 0

    # ------------------------------------------------------------------ main loop
    def run(self) -> int:
        try:
            while True:
                movers = self.state.to_move()
                if not movers:
                    break
                if movers == [CHANCE]:
                    self.human_turn(CHANCE)
                    continue
                for player in movers:
                    if player not in self.state.to_move():
                        continue
                    if player in self.humans or player == CHANCE:
                        self.human_turn(player)
                    else:
                        self.bot_turn(player)
        except Quit:
            return self.quit()
        except KeyboardInterrupt:
            self.console.print()
            return self.quit()
        self.finish()
        return 0

    def bot_turn(self, player: int) -> None:
        agent = self.agents[player]
        if self.console.is_terminal:
            label = rich("cli.thinking", seat=seat_label(self.state, player))
            with self.console.status(label):
                action = choose_action(agent, self.state, player)
        else:
            action = choose_action(agent, self.state, player)
        self.state.apply(action, player)

    # ------------------------------------------------------------------ whose eyes
    def viewer(self, player: int) -> int | None:
        """Whose information the screen may show while ``player`` acts."""
        if player == CHANCE:
            return next(iter(self.humans)) if len(self.humans) == 1 else None
        return player

    def hand_over(self, player: int) -> None:
        """Hot seat: clear the screen and wait for ``player`` before showing anything of theirs."""
        if not self.hotseat or self.owner == player:
            return
        self.console.clear()
        if player == CHANCE:
            self.owner = CHANCE
            return
        self.owner = player
        self.console.print(rich("cli.pass_to", seat=seat_label(self.state, player)))
        while True:
            answer = self.read(Text(say("cli.enter_prompt"))).strip().lower()
            if COMMANDS.get(answer) == "quit":
                raise Quit
            if COMMANDS.get(answer) == "score":
                self.console.print(score_table(self.state))
            elif answer:
                self.console.print(rich("cli.press_enter_alone", seat=seat_label(self.state, player)))
            else:
                break
        self.console.clear()

    # ------------------------------------------------------------------ a person's turn
    def human_turn(self, player: int) -> None:
        self.hand_over(player)
        self.show(player)
        while True:
            text = self.read(Text.assemble(seat_label(self.state, player, self.humans), " > ")).strip()
            if not text:
                continue
            action = self.command(text, player)
            if action is None:
                continue
            try:
                self.state.apply(action, player)
            except IllegalAction as exc:  # a legal action from the list never gets here; be safe anyway
                self.console.print(Text(exc.render(current()), style="red"))
                continue
            return

    def command(self, text: str, player: int) -> Any:
        """Run a prompt command; return the chosen action, or None to ask again."""
        words = text.lower().split()
        word = COMMANDS.get(words[0], "")
        rest = words[1:]
        c = self.console
        if word == "quit" and not rest:
            raise Quit
        if word == "help" and not rest:
            legal = self.state.legal_actions(player)
            c.print(say("cli.help", example=str(legal[0]) if legal else "…"))
            return None
        if word == "score" and not rest:
            c.print(score_table(self.state, self.humans))
            return None
        if word == "board" and not rest:
            self.show(player, news=False)
            return None
        if word == "log" and len(rest) <= 1:
            self.show_log(player, rest[0] if rest else "20")
            return None
        if word == "hint" and not rest:
            self.show_hint(player)
            return None
        if word == "save" and len(rest) <= 1:
            path = Path(text.split(None, 1)[1]) if rest else self.save_target()
            try:
                where = write_save(path, self.state, self.settings)
            except OSError as exc:
                c.print(Text(say("cli.could_not_save", path=str(path), reason=str(exc)), style="red"))
                return None
            self.save_path = where
            c.print(Text(say("cli.saved_to", path=str(where)), style="green"))
            return None
        legal = self.state.legal_actions(player)
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            c.print(Text(say("cli.choose_number", last=len(legal)), style="red"))
            return None
        try:
            return self.state.parse_action(text, player)
        except IllegalAction as exc:
            c.print(Text(exc.render(current()), style="red"))
            return None

    def show_hint(self, player: int) -> None:
        """The coach's three best moves for ``player``, from that seat's information only (``coach.hint``
        re-deals what the seat cannot see); the seed is fixed by the game's seed and the move number."""
        from meeple.agents.coach import hint
        from meeple.agents.review import move_number, position_seed

        c = self.console
        if player == CHANCE:
            c.print(Text(say("cli.hint_not_chance"), style="yellow"))
            return
        seed = position_seed(self.state.seed, move_number(self.state))
        if c.is_terminal:
            with c.status(say("cli.hint_thinking")):
                suggestions = hint(self.state, player, seed=seed, top=3)
        else:
            suggestions = hint(self.state, player, seed=seed, top=3)
        self.hints_used += 1
        self.settings["hints"] = self.hints_used
        lines = Text()
        lines.append_text(rich("cli.hint_heading", seat=seat_label(self.state, player)))
        for rank, suggestion in enumerate(suggestions, 1):
            text = str(suggestion.action)
            said = self.state.describe(suggestion.action, player, current()) or text
            judgement = suggestion.words(current())  # "wins about 6 in 10 from here (sure)"
            if said.lower() == text.lower():
                line = say("cli.hint_line_short", rank=rank, action=text, judgement=judgement)
            else:
                line = say("cli.hint_line", rank=rank, action=text, sentence=said, judgement=judgement)
            lines.append("\n  " + line)
        c.print(lines, soft_wrap=True)  # a long line wraps on the screen, not in the text

    def read(self, prompt: Text) -> str:
        try:
            return self.console.input(prompt)
        except EOFError:
            self.console.print()
            self.console.print(Text(say("cli.end_of_input"), style="dim"))
            raise Quit from None

    # ------------------------------------------------------------------ drawing
    def show(self, player: int, news: bool = True) -> None:
        c = self.console
        state = self.state
        viewer = self.viewer(player)
        title = Text.assemble((i18n.game_text(state.game.id, "title", state.game.info.name, current()), "bold"), " · ")
        if player == CHANCE:
            title.append(say("cli.chance_title"), style="bold magenta")
        else:
            title.append_text(rich("cli.to_move", seat=seat_label(state, player, self.humans)))
        c.rule(title)
        c.print(board(state, viewer))
        if news:
            self.show_news(viewer)
        c.print(self.menu(player))

    def show_news(self, viewer: int | None) -> None:
        log = self.state.log
        start = self.seen.get(viewer, 0)
        lang = current()
        lines = [e.render(lang) for e in log[start:] if e.visible(viewer)]
        self.seen[viewer] = len(log)
        if not lines:
            return
        hidden = len(lines) - MAX_NEW_LINES
        if hidden > 0:
            lines = lines[-MAX_NEW_LINES:]
        body = Text()
        if hidden > 0:
            body.append(say("cli.earlier_lines", n=hidden) + "\n", style="dim")
        body.append("\n".join(lines))
        self.console.print(Padding(body, (0, 0, 0, 2)))

    def show_log(self, player: int, amount: str) -> None:
        lines = self.state.log_for(self.viewer(player), current())
        if amount not in ("all", "全部"):
            if not amount.isdigit():
                self.console.print(Text(say("cli.log_takes"), style="red"))
                return
            lines = lines[-int(amount):] if int(amount) else []
        self.console.print(Text("\n".join(lines) if lines else say("cli.log_empty")))

    def menu(self, player: int) -> Any:
        state = self.state
        legal = state.legal_actions(player)
        weights: dict[Any, float] = {}
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(w for _, w in outcomes) or 1.0
            weights = {a: w / total for a, w in outcomes}

        def label(action: Any) -> tuple[Text, Text]:
            text = str(action)
            said = state.describe(action, player, current()) or text
            extra = Text(f"  {weights.get(action, 0):.0%}" if player == CHANCE else "", style="dim")
            if said.lower() != text.lower():
                extra.append("  " + text, style="dim cyan")
            return Text(said), extra

        heading = Text(say("cli.outcomes") if player == CHANCE else say("cli.your_actions"), style="bold")
        if len(legal) <= LIST_COMPACT_OVER:
            table = Table.grid(padding=(0, 1))
            table.add_column(justify="right", style="cyan", no_wrap=True)
            table.add_column(ratio=1)
            table.add_column(no_wrap=True, justify="right")
            for i, action in enumerate(legal, 1):
                table.add_row(str(i), *label(action))
            return Group(heading, Padding(table, (0, 0, 0, 1)))
        cells = []
        for i, action in enumerate(legal, 1):
            said, extra = label(action)
            cells.append(Text.assemble((f"{i:>3} ", "cyan"), said, " ", extra))
        return Group(heading, Columns(cells, column_first=True, padding=(0, 2)))

    # ------------------------------------------------------------------ the end
    def save_target(self) -> Path:
        if self.save_path is None:
            self.save_path = default_save_path(self.state)
        return self.save_path

    def quit(self) -> int:
        path = self.save_target()
        try:
            where = write_save(path, self.state, self.settings)
        except OSError as exc:
            self.console.print(Text(say("cli.could_not_save_game", path=str(path), reason=str(exc)), style="bold red"))
            return 1
        self.console.print(rich("cli.game_saved_to", path=Text(str(where), style="bold")))
        self.console.print(say("cli.resume_with", path=str(where)), markup=False)
        return 0

    def finish(self) -> None:
        c = self.console
        state = self.state
        if self.hotseat:
            c.clear()
        viewer = next(iter(self.humans)) if len(self.humans) == 1 else None
        c.rule(Text.assemble((i18n.game_text(state.game.id, "title", state.game.info.name, current()), "bold"), " · ", say("cli.game_over")))
        c.print(board(state, viewer))
        self.show_news(viewer)
        c.print(score_table(state, self.humans, final=True))
        c.print(winners_text(state))
        if self.hints_used:
            c.print(Text(say("cli.hints_used", n=self.hints_used), style="dim"))
        if self.save_path is not None:
            where = write_save(self.save_path, state, self.settings)
            c.print(say("cli.finished_saved", path=str(where)), markup=False)
