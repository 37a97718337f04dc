"""A backup restores (issue 29): pg_dump, pg_restore into a fresh database, the same books.

On PostgreSQL, the books of a parlor's evening are built through the
services: games closed, a correction that reopened a closed game and the game
closed again, a chonbo voided, exports of settlements (CSV), ledger entries
(XLSX) and the penalties audit (CSV) under ``MEDIA_ROOT``. They are backed up
as docs/backups.md says, a logical dump with ``pg_dump --format=custom`` and
an archive of ``MEDIA_ROOT``, then restored into a database made for the
test (a unique name, dropped at the end) with ``pg_restore`` and the archive
unpacked elsewhere. tests/foundation/books_report.py reads both
installations in processes of their own: the audit is clean and identical,
every account's and player's balance, every settlement row, every table's
row count and sequence, the triggers are the same and the append-only one
still refuses an UPDATE, and every export downloads through the API with
the same bytes.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection

from ledger.models import HandResult
from ledger.play.corrections import hand_amend, hand_void
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from reports.models import ExportState
from reports.services import export_request, export_run
from tests.database import environment_with
from tests.ledger.factories import SessionFactory, chonbo, ron
from tests.ledger.tasks.pg import conninfo, database_url
from tests.reports.support import closed_session, today

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db(transaction=True)]

PROJECT_DIR = Path(__file__).resolve().parents[2]
REPORT = PROJECT_DIR / "tests" / "foundation" / "books_report.py"


def _major(version_text: str) -> int:
    """12 of "pg_dump (PostgreSQL) 12.4 (Debian ...)"."""
    found = re.search(r"\(PostgreSQL\) (\d+)", version_text)
    assert found, version_text
    return int(found.group(1))


def _tool(name: str) -> str:
    """The PostgreSQL client tool, no older than the server (pg_dump refuses a newer server)."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed (Debian: postgresql-client)", pytrace=False)
    version = subprocess.run([path, "--version"], capture_output=True, text=True, check=True)
    tool_major = _major(version.stdout)
    server_major = connection.cursor().connection.info.server_version // 10000
    assert tool_major >= server_major, (
        f"{name} {tool_major} cannot dump a PostgreSQL {server_major} server: install the"
        f" client of version {server_major} or newer"
    )
    return path


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(command[:2])} failed:\n{done.stderr[-4000:]}"


@contextmanager
def fresh_database() -> Iterator[str]:
    """An empty database with a name of its own, dropped afterwards whatever happens."""
    name = f"{connection.settings_dict['NAME']}_restore_{uuid.uuid4().hex[:8]}"
    admin = conninfo("postgres", owner=True)  # the service role may not create databases
    with psycopg.connect(**admin, autocommit=True) as server:
        server.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with psycopg.connect(**admin, autocommit=True) as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def books(database: str, media: Path) -> dict[str, Any]:
    """tests/foundation/books_report.py's report of an installation, from a process of its own."""
    env = environment_with(  # as the owner: the report reads the sequences too
        DATABASE_URL=database_url(database, owner=True),
        MEDIA_ROOT=str(media),
        ALLOWED_HOSTS="testserver",
        PYTHONPATH=str(PROJECT_DIR),
        CELERY_BROKER_URL="",
    )
    env.pop("CELERY_BROKER_URL")  # tasks in process: nothing here sends one
    done = subprocess.run(
        [sys.executable, str(REPORT)], cwd=PROJECT_DIR, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def evening(staff: User, manager: User) -> list[int]:
    """Closed games, a corrected and re-closed one, a voided chonbo, three exports: job ids."""
    first = closed_session(by=staff)
    parlor = first.parlor
    corrected = closed_session(by=staff, parlor=parlor)
    hand = HandResult.objects.get(session=corrected, ordinal=1)
    hand_amend(hand=hand, payload=ron(2, 0), reason="wrong winner", by=manager)
    session_close(session=corrected, by=manager)
    open_game = SessionFactory(parlor=parlor)
    hand_record(session=open_game, hand=chonbo(1), entered_by=staff)
    voided = hand_record(session=open_game, hand=chonbo(2), entered_by=staff)
    hand_void(hand=voided, reason="entered twice", by=manager)
    jobs = []
    for kind, file_format in (("settlements", "csv"), ("ledger_entries", "xlsx"),
                              ("penalties", "csv")):  # fmt: skip
        job = export_request(kind=kind, scope="day", format=file_format, parlor=parlor,
                             by=staff, date_from=today(first))  # fmt: skip
        assert export_run(job_id=job.pk)["state"] == ExportState.DONE
        jobs.append(job.pk)
    return jobs


def test_a_dump_and_the_export_files_restore_into_a_fresh_database_with_the_same_books(
    staff: User, manager: User, settings: Any, tmp_path: Path
) -> None:
    pg_dump, pg_restore = _tool("pg_dump"), _tool("pg_restore")
    media = tmp_path / "media"
    settings.MEDIA_ROOT = str(media)
    jobs = evening(staff, manager)
    source = connection.settings_dict["NAME"]
    before = books(source, media)
    assert before["audit"]["ok"] and before["audit"]["findings"] == []
    assert sorted(before["exports"]) == sorted(str(job) for job in jobs)
    assert all(answer.startswith("200 ") for answer in before["exports"].values())
    assert {table for table, *_ in before["triggers"]} >= {"ledger_ledgerentry", "ledger_posting"}
    assert before["append_only_update"] not in ("", "no entry")

    # The backup: a logical dump, and the export files.
    dump = tmp_path / "ledger.dump"
    # As the owner, as docs/backups.md says: the dump reads every table and sequence.
    owner_url = database_url(owner=True)
    dump_command = [pg_dump, "--format=custom", f"--file={dump}", f"--dbname={owner_url}"]
    _run(dump_command)
    archive = tmp_path / "media.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(media, arcname="media")

    # The restore: a fresh database and a fresh media folder.
    restored_media_parent = tmp_path / "restored"
    with tarfile.open(archive) as tar:
        tar.extractall(restored_media_parent, filter="data")
    with fresh_database() as restored:
        target = f"--dbname={database_url(restored, owner=True)}"
        restore_command = [pg_restore, "--no-owner", "--exit-on-error", target, str(dump)]
        _run(restore_command)
        after = books(restored, restored_media_parent / "media")

    assert after == before
