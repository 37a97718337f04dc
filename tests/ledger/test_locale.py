"""The committed Japanese catalogue: complete, in step with the sources, and compiled."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.conf import settings

from tests.database import environment_with

# What makemessages reads: every app of the project (as the settings list them, so that a
# new app is not forgotten), the engine and its door they import, the settings, templates
# and catalogue.
SOURCES = (
    "config", "engine", "engine_door", "templates", "locale",
    *sorted(
        config.name.split(".")[0]
        for config in django_apps.get_app_configs()
        if Path(config.path).parent == Path(settings.BASE_DIR)
    ),
)  # fmt: skip
PO = Path(settings.BASE_DIR) / "locale" / "ja" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
CONTEXT_SEPARATOR = "\x04"


ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(lines: str) -> str:
    text = "".join(re.findall(r'^"(.*)"$', lines, re.M))
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(0)), text)


def _plural_entries(block: str) -> dict[tuple[str, int], str]:
    """A plural entry's forms, keyed as gettext's catalogue keys them: (msgid, n)."""
    found = re.search(r'^msgid (?P<id>(?:".*"\n?)+)msgid_plural ', block + "\n", re.M)
    if found is None:
        return {}
    key = _unquote(found.group("id"))
    forms = re.findall(r'^msgstr\[(\d+)\] ((?:".*"\n?)+)', block + "\n", re.M)
    return {(key, int(n)): _unquote(text) for n, text in forms}


def _catalogue_of(text: str, *, keep_empty: bool = False) -> dict[str | tuple[str, int], str]:
    """The translations of a .po text, keyed as gettext keys them; fuzzy entries left out."""
    entries: dict[str | tuple[str, int], str] = {}
    for block in text.split("\n\n"):
        if "#, fuzzy" in block and not keep_empty:
            continue
        if "msgid_plural" in block:
            entries.update(_plural_entries(block))
            continue
        found = re.search(
            r'^(?:msgctxt (?P<ctx>".*")\n)?msgid (?P<id>(?:".*"\n?)+)msgstr (?P<str>(?:".*"\n?)+)',
            block + "\n",
            re.M,
        )
        if found is None or found.group("id").strip() == '""':
            continue
        key = _unquote(found.group("id"))
        if found.group("ctx"):
            key = _unquote(found.group("ctx")) + CONTEXT_SEPARATOR + key
        entries[key] = _unquote(found.group("str"))
    return entries


def po_catalogue() -> dict[str | tuple[str, int], str]:
    return _catalogue_of(PO.read_text(encoding="utf-8"))


def test_every_message_has_a_japanese_translation() -> None:
    untranslated = [key for key, text in po_catalogue().items() if not text]

    assert untranslated == []


def test_the_compiled_catalogue_matches_the_po_file() -> None:
    with MO.open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    catalogue = {key: text for key, text in compiled._catalog.items() if key}  # type: ignore[attr-defined]

    assert catalogue == po_catalogue(), (
        "recompile: msgfmt -o locale/ja/LC_MESSAGES/django.mo locale/ja/LC_MESSAGES/django.po"
    )


def test_no_message_is_left_fuzzy() -> None:
    # makemessages marks a guess "fuzzy"; gettext then ignores it and the page stays English.
    fuzzy = [block for block in PO.read_text(encoding="utf-8").split("\n\n") if "#, fuzzy" in block]

    assert fuzzy == []


def test_the_catalogue_has_every_message_the_code_and_templates_mark() -> None:
    """makemessages run on a copy of the sources adds no message the committed .po lacks."""
    if shutil.which("xgettext") is None:
        pytest.skip("needs GNU gettext (xgettext) to extract the messages")
    root = Path(settings.BASE_DIR)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp)
        for name in SOURCES:
            shutil.copytree(root / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(root / "manage.py", copy / "manage.py")
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-l", "ja", "--no-location"],
            cwd=copy,
            env=environment_with(DATABASE_URL=f"sqlite:///{copy / 'db.sqlite3'}"),
            check=True,
            capture_output=True,
        )
        po_copy = copy / "locale" / "ja" / "LC_MESSAGES" / "django.po"
        extracted = set(_catalogue_of(po_copy.read_text(encoding="utf-8"), keep_empty=True))

    missing = sorted(str(key) for key in extracted - set(po_catalogue()))
    assert missing == [], (
        "new messages to translate: run manage.py makemessages -l ja --ignore=.venv"
        " --ignore=tests --ignore=benchmarks, translate them, then msgfmt"
    )
