"""Per-hand ruleset options are the manager's (parlor.policy, ``hand_options``) and audited."""

import pytest
from django.contrib.auth.models import User

from ledger.books.audit import HAND_OPTIONS_NOT_ALLOWED, ledger_audit
from ledger.models import HandResult
from ledger.play.hands import hand_options, hand_record
from parlor.models import Membership, Role
from parlor.policy import PolicyRefusal, Refusal
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, parlor_manager, ron
from tests.parlor.factories import member_of

pytestmark = pytest.mark.django_db

# A win that sets a ruleset option for itself (the record's own options: no red fives).
WITHOUT_REDS = ron(1, 0, {**PINFU_TANYAO, "options": {"aka": False}})


def test_the_options_a_hand_sends_are_found_by_field() -> None:
    assert hand_options(WITHOUT_REDS) == {"wins[0].record.options": {"aka": False}}
    assert hand_options(ron(1, 0)) == {}
    assert hand_options({"kind": "win", "wins": "not a list"}) == {}


def test_staff_sending_per_hand_options_are_refused_and_nothing_is_written() -> None:
    session = SessionFactory()
    staff = member_of(session.parlor, Role.STAFF, username="desk-of-a")

    with pytest.raises(PolicyRefusal) as refused:
        hand_record(session=session, hand=WITHOUT_REDS, entered_by=staff)

    assert refused.value.refusal is Refusal.ROLE
    assert "send ruleset options with a single hand" in str(refused.value.message)
    assert not HandResult.objects.filter(session=session).exists()


def test_a_managers_per_hand_options_are_recorded_and_listed_by_the_audit() -> None:
    session = SessionFactory()
    manager = parlor_manager(session.parlor)

    hand = hand_record(session=session, hand=WITHOUT_REDS, entered_by=manager)

    assert hand.payload["wins"][0]["record"]["options"] == {"aka": False}
    report = ledger_audit(session_ids=[session.pk])
    assert report.ok, report.lines()
    assert report.hand_options == [
        {
            "subject": f"session {session.pk} hand 1",
            "options": {"wins[0].record.options": {"aka": False}},
            "entered_by": manager.username,
        }
    ]
    assert any(line.startswith("[hand_options]") for line in report.lines())


def test_options_entered_by_an_account_that_may_not_send_them_are_a_finding() -> None:
    session = SessionFactory()
    manager = parlor_manager(session.parlor)
    hand_record(session=session, hand=WITHOUT_REDS, entered_by=manager)
    # Say the account was demoted (or the hand predates the policy): the audit notices.
    Membership.objects.filter(user=manager).update(role=Role.STAFF)

    report = ledger_audit(session_ids=[session.pk])

    assert [f.check for f in report.findings] == [HAND_OPTIONS_NOT_ALLOWED]
    assert report.findings[0].subject == f"session {session.pk} hand 1"


def test_another_parlors_account_cannot_record_there_at_all(django_user_model: type[User]) -> None:
    session = SessionFactory()
    outsider = member_of(SessionFactory().parlor, Role.MANAGER, username="manager-of-b")

    with pytest.raises(PolicyRefusal) as refused:
        hand_record(session=session, hand=ron(1, 0), entered_by=outsider)

    assert refused.value.refusal is Refusal.NOT_MEMBER
