"""``manage.py rescore_hands``: every stored win hand re-scored, differences reported.

Tampering with a stored score goes behind the services' back (on PostgreSQL
the append-only triggers are switched off inside the test's transaction, as
in test_audit.py). The multi-process run needs the rows committed and a
server the forked workers can reach: PostgreSQL only.
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from ledger.models import HandKind, HandResult, Session
from ledger.play.rescoring import hand_id_ranges, rescore_hands, rescore_range
from tests.database import tampering, tampers
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, draw, ron, tsumo

pytestmark = pytest.mark.django_db
GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), tsumo(2), ron(3, 2), ron(0, 1))


@pytest.fixture
def sessions(record: Record) -> list[Session]:
    played = []
    for _ in range(2):
        session = SessionFactory()
        record(session, *GAME)
        played.append(session)
    return played


def _tamper_total(hand: HandResult, total: int) -> None:
    result = dict(hand.result)
    win = dict(result["wins"][0])
    win["score"] = {**win["score"], "total": total}
    result["wins"] = [win]
    with tampering(HandResult):
        HandResult.objects.filter(pk=hand.pk).update(result=result, engine_version="0.9.0")


def test_clean_hands_rescore_to_their_stored_scores(sessions: list[Session]) -> None:
    report = rescore_hands(workers=1)

    assert report.ok, report.lines()
    assert report.hands == 2 * 4  # the draw has no win to re-score
    assert report.wins == 2 * 4
    assert report.lines()[0].startswith("re-scored 8 stored win hands (8 wins) with engine ")


@tampers
def test_a_tampered_score_is_reported_with_its_key_and_engine_version(
    sessions: list[Session],
) -> None:
    hand = HandResult.objects.get(session=sessions[1], ordinal=3)
    _tamper_total(hand, 1)

    report = rescore_hands(workers=1, range_size=3)  # several ranges, in order

    assert report.mismatches == 1 and report.hands == 8
    [mismatch] = report.shown
    assert (mismatch.hand_id, mismatch.ordinal, mismatch.win, mismatch.keys) == (
        hand.pk,
        3,
        0,
        ("total",),
    )
    assert "stored (engine 0.9.0) differs in total" in mismatch.line()


@tampers
def test_a_hand_the_engine_refuses_is_reported(sessions: list[Session]) -> None:
    hand = HandResult.objects.get(session=sessions[0], ordinal=1)
    with tampering(HandResult):
        HandResult.objects.filter(pk=hand.pk).update(
            payload={**hand.payload, "wins": [{"winner": 9, "discarder": 0}]}
        )

    report = rescore_range(hand_id_ranges(size=10**9)[0])

    assert report.mismatches == 1
    assert report.shown[0].win is None and "refused by engine" in report.shown[0].line()


def test_no_hands_is_a_clean_empty_report() -> None:
    assert hand_id_ranges() == []
    report = rescore_hands(workers=1)
    assert report.ok and report.hands == 0


@tampers
def test_command_draws_progress_and_exits_1_on_a_mismatch(sessions: list[Session]) -> None:
    out, err = StringIO(), StringIO()
    call_command("rescore_hands", "--workers", "1", "--range-size", "2", stdout=out, stderr=err)
    assert "no mismatch" in out.getvalue() and "s CPU" in out.getvalue()
    assert "[##############################] 100% 8 hands, 0 mismatches" in err.getvalue()

    _tamper_total(HandResult.objects.filter(kind=HandKind.WIN).order_by("pk").first(), 7)
    with pytest.raises(CommandError, match="1 stored hand score"):
        call_command("rescore_hands", "--workers", "1", "--no-progress", "--json", stdout=out)


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_worker_processes_share_the_ranges(record: Record) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("forked workers need a database server")
    for _ in range(3):
        record(SessionFactory(), *GAME)
    last = HandResult.objects.filter(kind=HandKind.WIN).order_by("-pk").first()
    assert last is not None
    _tamper_total(last, 5)  # committed: the workers read through their own connections

    report = rescore_hands(workers=2, range_size=2)

    assert report.hands == 3 * 4 and report.wins == 3 * 4
    assert report.mismatches == 1 and report.shown[0].hand_id == last.pk
    assert report.cpu_seconds > 0
