"""Pauses in a session's table time (issue 36, item 4): the desk pauses a table and resumes it.

A parlor that records pauses (a break for a meal, a long phone call) takes them off the
table's occupied time (``ledger.floor.table_time``); one that does not records none and
loses nothing. Only an open session pauses, one pause at a time; resuming ends it.
Who may: the desk (policy ``run_floor``).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Session, SessionPause, SessionState
from parlor import policy
from parlor.policy import Action


def _open_session(session: Session) -> Session:
    locked = Session.objects.select_for_update().get(pk=session.pk)
    if locked.state != SessionState.OPEN:
        raise LedgerError(
            LedgerErrorCode.SESSION_NOT_OPEN,
            f"session {locked.pk} is {locked.state}: only an open session pauses",
        )
    return locked


@transaction.atomic
def pause_start(*, session: Session, by: User) -> SessionPause:
    """Pause the table's time from now (``already_paused`` while a pause is open)."""
    policy.check(by, Action.RUN_FLOOR, parlor_id=session.parlor_id)
    locked = _open_session(session)
    try:
        with transaction.atomic():
            return SessionPause.objects.create(session=locked, started_by=by)
    except IntegrityError as error:
        raise LedgerError(
            LedgerErrorCode.ALREADY_PAUSED, f"session {locked.pk} is paused already"
        ) from error


@transaction.atomic
def pause_end(*, session: Session, by: User) -> SessionPause:
    """Resume the table's time (``not_paused`` when no pause is open)."""
    policy.check(by, Action.RUN_FLOOR, parlor_id=session.parlor_id)
    locked = Session.objects.select_for_update().get(pk=session.pk)
    pause = SessionPause.objects.filter(session=locked, ended_at__isnull=True).first()
    if pause is None:
        raise LedgerError(LedgerErrorCode.NOT_PAUSED, f"session {locked.pk} is not paused")
    pause.ended_at, pause.ended_by = timezone.now(), by
    pause.save(update_fields=["ended_at", "ended_by"])
    return pause
