"""Shared helpers for the CLI tests."""

from __future__ import annotations

from typer.testing import CliRunner

from meeple.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    """Run ``meeple ARGS`` with ``input`` on stdin; stderr is kept apart from stdout."""
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)
