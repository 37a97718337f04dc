"""The audit reports every inconsistency the database can hold, and never raises on data.

Each case tampers with one table behind the services' back (on PostgreSQL as
the owner with the table's triggers off, committed: ``tampering``,
tests/database.py) and expects a finding, not an exception, naming what is
wrong; the audit reads as the service role.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from ledger.books.audit import (
    ACCOUNT_OWNER_MISMATCH,
    BALANCE_MISMATCH,
    ENTRY_OUTSIDE_SESSION,
    HAND_RESCORE_DIFFERS,
    PENALTY_SEAT_MISMATCH,
    ROW_UNREADABLE,
    SESSION_ACCOUNTS_MISSING,
    SESSION_REPLAY_REFUSED,
    SETTLEMENT_OFF_RATE,
    STANDING_MISMATCH,
    ledger_audit,
)
from ledger.models import (
    Account,
    AccountKind,
    HandResult,
    LedgerEntry,
    Penalty,
    Posting,
    Session,
    SessionSeat,
    Settlement,
    Standing,
)
from ledger.settle.settlements import session_close
from tests.database import tampering, tampers
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, chonbo, draw, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory

pytestmark = tampers

GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())


def _player_account(session: Session, seat: int) -> Account:
    player = SessionSeat.objects.get(session=session, seat=seat).player
    return Account.objects.get(kind=AccountKind.PLAYER, player=player)


def account_pointed_at_another_player(session: Session) -> None:
    stranger = PlayerFactory(parlor=session.parlor)
    with tampering(Account):
        Account.objects.filter(pk=_player_account(session, 0).pk).update(player=stranger)


def account_moved_to_another_parlor(session: Session) -> None:
    with tampering(Account):
        Account.objects.filter(pk=_player_account(session, 1).pk).update(parlor=ParlorFactory())


def entry_moved_to_another_account(session: Session) -> None:
    outsider = PlayerFactory(parlor=session.parlor)
    account = Account.objects.create(
        parlor=session.parlor, kind=AccountKind.PLAYER, player=outsider
    )
    entry = LedgerEntry.objects.filter(posting__session=session, account__kind="player").first()
    assert entry is not None
    with tampering(LedgerEntry):
        LedgerEntry.objects.filter(pk=entry.pk).update(account=account)


def posting_moved_to_another_session(session: Session) -> None:
    other = SessionFactory(parlor=session.parlor, table__parlor=session.parlor)
    with tampering(Posting):
        Posting.objects.filter(session=session).update(session=other)


def hand_result_without_scores(session: Session) -> None:
    hand = HandResult.objects.filter(session=session).order_by("-ordinal").first()
    assert hand is not None
    with tampering(HandResult):
        HandResult.objects.filter(pk=hand.pk).update(result={"garbage": True})


def hand_payload_not_a_hand(session: Session) -> None:
    with tampering(HandResult):
        HandResult.objects.filter(session=session, ordinal=1).update(payload={"kind": "teatime"})


def hand_payload_a_list(session: Session) -> None:
    with tampering(HandResult):
        HandResult.objects.filter(session=session, ordinal=1).update(payload=[1, 2])


def session_game_options_nonsense(session: Session) -> None:
    with tampering(Session):
        Session.objects.filter(pk=session.pk).update(game_options={"length": "forever"})


def session_ruleset_unknown(session: Session) -> None:
    with tampering(Session):
        Session.objects.filter(pk=session.pk).update(ruleset_slug="no-such-rules")


def seat_player_swapped(session: Session) -> None:
    stranger = PlayerFactory(parlor=session.parlor)
    with tampering(SessionSeat):
        SessionSeat.objects.filter(session=session, seat=2).update(player=stranger)


def settlement_money_changed(session: Session) -> None:
    with tampering(Settlement):
        Settlement.objects.filter(session=session, seat=0).update(money=123456)


def closed_session_rate_changed(session: Session) -> None:
    # Issue 11: a settled session's rate could change and the audit did not notice.
    with tampering(Session):
        Session.objects.filter(pk=session.pk).update(money_per_unit=session.money_per_unit * 2 + 1)


def closed_session_game_fee_changed(session: Session) -> None:
    with tampering(Session):
        Session.objects.filter(pk=session.pk).update(game_fee=session.game_fee + 100)


def standing_points_changed(session: Session) -> None:
    with tampering(Standing):
        Standing.objects.filter(session=session, seat=1).update(points=99)


def standing_dead_hand_added(session: Session) -> None:
    with tampering(Standing):
        Standing.objects.filter(session=session, seat=2).update(dead_hands=1)


def standing_deleted(session: Session) -> None:
    with tampering(Standing):
        Standing.objects.filter(session=session, seat=3).delete()


def standing_moved_to_another_seat(session: Session) -> None:
    with tampering(Standing):
        Standing.objects.filter(session=session, seat=3).update(seat=7)


def penalty_moved_to_another_player(session: Session) -> None:
    stranger = PlayerFactory(parlor=session.parlor)
    with tampering(Penalty):
        Penalty.objects.filter(session=session).update(player=stranger)


Tamper = Callable[[Session], None]

# (tampering, does it need a closed session, a check the audit must report)
CASES: list[tuple[Tamper, bool, set[str]]] = [
    (account_pointed_at_another_player, False, {SESSION_ACCOUNTS_MISSING, ENTRY_OUTSIDE_SESSION}),
    (account_moved_to_another_parlor, False, {ACCOUNT_OWNER_MISMATCH}),
    (entry_moved_to_another_account, False, {ENTRY_OUTSIDE_SESSION}),
    (posting_moved_to_another_session, False, {BALANCE_MISMATCH}),
    (hand_result_without_scores, False, {ROW_UNREADABLE, HAND_RESCORE_DIFFERS}),
    (hand_payload_not_a_hand, False, {SESSION_REPLAY_REFUSED}),
    (hand_payload_a_list, False, {SESSION_REPLAY_REFUSED, ROW_UNREADABLE}),
    (session_game_options_nonsense, False, {ROW_UNREADABLE, SESSION_REPLAY_REFUSED}),
    (session_ruleset_unknown, False, {ROW_UNREADABLE, SESSION_REPLAY_REFUSED}),
    (seat_player_swapped, False, {SESSION_ACCOUNTS_MISSING, ENTRY_OUTSIDE_SESSION}),
    (settlement_money_changed, True, {BALANCE_MISMATCH, SETTLEMENT_OFF_RATE}),
    (closed_session_rate_changed, True, {SETTLEMENT_OFF_RATE}),
    (closed_session_game_fee_changed, True, {SETTLEMENT_OFF_RATE}),
    (standing_points_changed, True, {STANDING_MISMATCH}),
    (standing_dead_hand_added, True, {STANDING_MISMATCH}),
    (standing_deleted, True, {STANDING_MISMATCH}),
    (standing_moved_to_another_seat, True, {STANDING_MISMATCH}),
]


@pytest.mark.parametrize(
    ("tamper", "closed", "expected"), CASES, ids=[case[0].__name__ for case in CASES]
)
def test_the_audit_reports_tampering_without_raising(
    record: Record, manager: User, tamper: Tamper, closed: bool, expected: set[str]
) -> None:
    session = SessionFactory()
    record(session, *(GAME if closed else GAME[:2]))
    if closed:
        session_close(session=session, by=manager)
    assert ledger_audit().ok

    tamper(session)
    report = ledger_audit()

    found = {finding.check for finding in report.findings}
    assert found & expected, report.lines()


def test_a_penalty_pointed_at_another_player_is_a_finding(record: Record, staff: User) -> None:
    session = SessionFactory()
    record(session, chonbo(3))
    penalty_moved_to_another_player(session)
    report = ledger_audit()
    assert {finding.check for finding in report.findings} == {PENALTY_SEAT_MISMATCH}


def test_the_command_reports_instead_of_raising(record: Record) -> None:
    session = SessionFactory()
    record(session, *GAME[:2])
    account_pointed_at_another_player(session)
    lines: list[str] = []

    class Out:
        def write(self, text: str) -> None:
            lines.append(text)

    with pytest.raises(CommandError, match="found 3 problem"):
        call_command("audit_ledger", stdout=Out())
    assert any(SESSION_ACCOUNTS_MISSING in line for line in lines)
