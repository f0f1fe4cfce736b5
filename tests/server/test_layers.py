"""The server's layers (issue 39): the services know nothing of HTTP, the routes reach the database only
through the store, every domain error has its HTTP answer in one table, and importing a module of the
server does not import the whole server."""

from __future__ import annotations

import ast
import doctest
import subprocess
import sys
from pathlib import Path

import pytest

from meeple.server import errors
from meeple.server.errors import HTTP_STATUS, ServerError, http_status

SERVER = Path(__file__).resolve().parents[2] / "meeple" / "server"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted((SERVER / "services").glob("*.py")), ids=lambda p: p.name)
def test_a_service_knows_nothing_of_http_or_the_routes(path: Path) -> None:
    imported = _imports(path)
    web = sorted(n for n in imported if n.split(".")[0] in ("fastapi", "starlette")
                 or n.startswith(("meeple.server.routes", "meeple.server.app")))
    assert not web, f"{path.name} imports {web}"
    source = path.read_text(encoding="utf-8")
    assert ".status ==" not in source and "status_code" not in source


@pytest.mark.parametrize("path", sorted((SERVER / "routes").glob("*.py")), ids=lambda p: p.name)
def test_a_route_reaches_the_database_only_through_the_store(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    for reach in ("engine.connect", "engine.begin", "._write", "writer.submit", "to_thread(db."):
        assert reach not in source, f"{path.name} uses {reach}"


def test_every_domain_error_has_one_http_answer() -> None:
    kinds = {cls for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, ServerError)}
    assert kinds - {ServerError} == set(HTTP_STATUS)
    assert sorted(HTTP_STATUS.values()) == [400, 401, 403, 404, 409, 422, 429, 500, 503]

    class Taken(errors.Conflict, errors.Unprocessable):
        pass

    assert http_status(Taken("server.no_free_seat")) == 409  # the nearest listed base decides
    assert http_status(ServerError("server.no_free_seat")) == 500
    assert errors.TooMany("server.too_many_games", retry_after=3).status == 429
    assert doctest.testmod(errors).failed == 0


def test_an_account_refusal_is_a_domain_error_with_its_answer() -> None:
    from meeple.server.accounts import AccountError, AccountNameTaken

    refused = AccountError("server.account_password_short", min=8)
    assert isinstance(refused, ServerError) and http_status(refused) == 422
    assert refused.message.args == {"min": "8"} and refused.message_id == "server.account_password_short"
    assert http_status(AccountNameTaken("server.account_name_taken", name="Ann")) == 409


def test_a_module_of_the_server_imports_alone() -> None:
    """No import loop through ``meeple.server``: its package imports none of its modules, so storage
    or ratings load without the web app (and ``create_app`` still loads when asked for)."""
    code = ("import sys, meeple.server.db, meeple.server.ratings; "
            "print('meeple.server.app' in sys.modules, 'fastapi' in sys.modules); "
            "from meeple.server import create_app, Settings; print(create_app.__module__, Settings.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False", "meeple.server.app", "meeple.server.settings"]
    with pytest.raises(AttributeError):
        import meeple.server

        meeple.server.no_such_name  # noqa: B018
