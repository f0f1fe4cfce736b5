"""Keep meeple's gettext catalogues in step with the code (Babel does the reading and writing).

    python tools/catalogues.py extract   # list the message ids the code names, per domain
    python tools/catalogues.py update    # add ids the code names to every language's .po (empty)
    python tools/catalogues.py check     # exit 1 on an id without text in some language,
                                         # a placeholder one language has and another lacks, bad plurals
    python tools/catalogues.py compile   # write .mo files beside the .po (optional: meeple reads .po)

A domain is a package with a ``locale`` folder (``<domain>.po`` per language, and any other ``.po``
beside it, merged: the browser keeps each board's words in ``board-<game>.po``): ``meeple`` (core, command line, server), ``web`` (the
browser) and one per game package. The ids are found where the code names them: ``say("…")``,
``IllegalAction("…")`` and the other errors, ``Message("…")``, ``msg("…")``, ``plain(lang, "…")``,
``t("…")`` (the browser's ``t('…')`` too). Ids built at run time (``f"{game}.title"``) are not found
here; the random-play catalogue tests find those.

``pybabel`` itself works on these files as well (``pybabel compile -d meeple/locale -D meeple``);
``update`` is ours because ``pybabel update`` would retire every id built at run time as obsolete.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent / "meeple"
LANGS = ("en", "zh")
KEYWORDS = {
    "say": (1,), "IllegalAction": (1,), "ActionParseError": (1,), "StateFormatError": (1,),
    "UnknownGame": (1,), "Message": (1,), "msg": (1,), "plain": (2,), "t": (1,), "ngt": (1,),
    "BadRequest": (1,), "Unprocessable": (1,), "NotFound": (1,), "Forbidden": (1,), "Conflict": (1,),
    "TooMany": (1,), "Unavailable": (1,),
}
ENGLISH_IN_CODE = ("cli.help.", "cli.typer.")
"""Ids whose English is the code's own text (the command line's help, written where Typer reads it, and
Typer's own panel titles)."""
ID = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9_]+)+$")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
JS_CALL = re.compile(r"""\bt\(\s*['"]([a-z][a-z0-9-]*(?:\.[a-z0-9_]+)+)['"]""")


def domains() -> dict[str, tuple[Path, Path]]:
    """domain name → (its source folder, its locale folder)."""
    found = {"meeple": (ROOT, ROOT / "locale"), "web": (ROOT / "web", ROOT / "web" / "locale")}
    for package in sorted((ROOT / "games").iterdir()):
        if (package / "__init__.py").exists():
            found[package.name] = (package, package / "locale")
    return found


def extract(domain: str, source: Path) -> set[str]:
    ids: set[str] = set()
    skip = {"games", "web"} if domain == "meeple" else set()
    method_map = [("**.py", "python")]
    with contextlib.redirect_stderr(io.StringIO()):  # Babel warns of every f-string: ids are literals
        found = list(extract_from_dir(str(source), method_map=method_map, keywords=KEYWORDS, comment_tags=()))
    for filename, _lineno, message, _comments, _context in found:
        if filename.split("/")[0] in skip:
            continue
        text = message[0] if isinstance(message, tuple) else message
        if isinstance(text, str) and ID.match(text):
            ids.add(text)
    if domain == "web":
        for js in (source / "static").rglob("*.js"):
            ids.update(JS_CALL.findall(js.read_text(encoding="utf-8")))
        for html in (source / "static").rglob("*.html"):
            ids.update(re.findall(r'data-i18n="([^"]+)"', html.read_text(encoding="utf-8")))
    return ids


def po_path(locale_dir: Path, lang: str, domain: str) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def po_files(locale_dir: Path, lang: str, domain: str) -> list[Path]:
    """Every catalogue of ``domain`` in ``lang``: ``<domain>.po`` and any other ``.po`` beside it (the
    browser keeps one per board, ``board-<game>.po``), as meeple merges them."""
    main = po_path(locale_dir, lang, domain)
    others = sorted(p for p in main.parent.glob("*.po") if p != main) if main.parent.is_dir() else []
    return [main, *others]


def read(path: Path, lang: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=lang, domain=path.stem)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, abort_invalid=True)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.project, catalog.version = "meeple", "0.1"
    catalog.msgid_bugs_address = ""
    catalog.copyright_holder = "the meeple authors"
    catalog.fuzzy = False
    catalog.last_translator = "the meeple authors"
    catalog.language_team = ""
    catalog.header_comment = (f"# meeple: the {path.stem} messages in {catalog.locale.english_name}.\n"
                              "# Edit the msgstr lines; python tools/catalogues.py check finds gaps.")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, sort_output=True, omit_header=False, include_lineno=False)


def update() -> None:
    for domain, (source, locale_dir) in domains().items():
        ids = extract(domain, source)
        for lang in LANGS:
            path = po_path(locale_dir, lang, domain)
            catalog = read(path, lang)
            known = {m.id if isinstance(m.id, str) else m.id[0]
                     for other in po_files(locale_dir, lang, domain) for m in read(other, lang) if m.id}
            added = sorted(ids - known)
            for message_id in added:
                catalog.add(message_id, "")
            if added or not path.exists():
                write(catalog, path)
                print(f"{path.relative_to(ROOT.parent)}: {len(added)} new ids")


def check() -> int:
    problems: list[str] = []
    everywhere: dict[str, set[str]] = {lang: set() for lang in LANGS}  # a domain may use another's ids
    for domain, (_source, locale_dir) in domains().items():
        for lang in LANGS:
            for path in po_files(locale_dir, lang, domain):
                everywhere[lang] |= {m.id if isinstance(m.id, str) else m.id[0] for m in read(path, lang) if m.id}
    for domain, (source, locale_dir) in domains().items():
        ids = extract(domain, source)
        tables: dict[str, dict[str, object]] = {}
        for lang in LANGS:
            table: dict[str, object] = {}
            for path in po_files(locale_dir, lang, domain):
                catalog = read(path, lang)
                for m in catalog:
                    if not m.id:
                        continue
                    key = m.id if isinstance(m.id, str) else m.id[0]
                    if key in table:
                        problems.append(f"{path.name} [{lang}] {key}: also in another file of {domain}")
                    table[key] = m.string
                    forms = m.string if isinstance(m.string, tuple) else (m.string,)
                    if not all(forms):
                        problems.append(f"{path.name} [{lang}] {key}: no text")
                    if isinstance(m.id, tuple) and len(forms) != catalog.num_plurals:
                        problems.append(f"{path.name} [{lang}] {key}: {len(forms)} plural forms, {catalog.num_plurals} expected")
            for missing in sorted(ids - set(table) - everywhere[lang]):
                problems.append(f"{domain} [{lang}] {missing}: used in the code, not in the catalogue")
            tables[lang] = table
        for key in sorted(set(tables["en"]) | set(tables["zh"])):
            shapes = []
            for lang in LANGS:
                value = tables[lang].get(key)
                if value is None and lang == "en" and key.startswith(ENGLISH_IN_CODE):
                    continue
                if value is None:
                    problems.append(f"{domain} [{lang}] {key}: missing (present in another language)")
                    continue
                forms = value if isinstance(value, tuple) else (value,)
                shapes.append({name for form in forms for name in PLACEHOLDER.findall(form or "")})
            if len(shapes) == 2 and shapes[0] != shapes[1]:
                problems.append(f"{domain} {key}: placeholders differ between languages: {sorted(shapes[0])} / {sorted(shapes[1])}")
    for line in problems:
        print(line)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


def compile_all() -> None:
    for domain, (_source, locale_dir) in domains().items():
        for lang in LANGS:
            path = po_path(locale_dir, lang, domain)
            if path.exists():
                with path.with_suffix(".mo").open("wb") as handle:
                    write_mo(handle, read(path, lang))


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        for domain, (source, _locale) in domains().items():
            print(domain, len(extract(domain, source)))
            for message_id in sorted(extract(domain, source)):
                print("   ", message_id)
        return 0
    if command == "update":
        update()
        return 0
    if command == "check":
        return check()
    if command == "compile":
        compile_all()
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
