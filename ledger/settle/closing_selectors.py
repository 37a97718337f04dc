"""Reads for the background close: the close's number, its state, the sessions left open."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from ledger.models import CloseJobState, Correction, Session, SessionClose, SessionState
from ledger.settle.business_days import last_closed_business_day
from parlor.models import Parlor


@dataclass(frozen=True, slots=True)
class CloseState:
    session_id: int
    state: CloseJobState
    session_state: str
    requested_at: datetime | None
    failed_at: datetime | None
    error: dict[str, Any] | None


def session_close_number(*, session: Session) -> int:
    """The number the session's next close takes: 1, plus one per reopening correction."""
    return Correction.objects.filter(session=session, reopened_session=True).count() + 1


def session_close_moment(*, session: Session) -> datetime:
    """When the session's game ended for its time fee: its first close, else now.

    A correction that reopens and re-closes the session later changes no table time.
    """
    first = (
        SessionClose.objects.filter(session=session, number=1)
        .values_list("closed_at", flat=True)
        .first()
    )
    return first or timezone.now()


def session_close_state(*, session: Session) -> CloseState:
    """The state of ``session``'s background close, from the row as given (no query)."""
    if session.state != SessionState.OPEN:
        state = CloseJobState.DONE
    elif session.close_failed_at is not None and (
        session.close_requested_at is None or session.close_failed_at >= session.close_requested_at
    ):
        state = CloseJobState.FAILED
    elif session.close_requested_at is not None:
        state = CloseJobState.QUEUED
    else:
        state = CloseJobState.IDLE
    return CloseState(
        session_id=session.pk,
        state=state,
        session_state=session.state,
        requested_at=session.close_requested_at,
        failed_at=session.close_failed_at if state == CloseJobState.FAILED else None,
        error=(session.close_error or None) if state == CloseJobState.FAILED else None,
    )


def sessions_left_open(*, now: datetime) -> QuerySet[Session]:
    """Open sessions opened before their parlor's last business day ended (closing hour passed)."""
    ids: list[int] = []
    for parlor in Parlor.objects.filter(sessions__state=SessionState.OPEN).distinct():
        _, ended = last_closed_business_day(parlor=parlor, now=now)
        ids += Session.objects.filter(
            parlor=parlor, state=SessionState.OPEN, opened_at__lt=ended
        ).values_list("pk", flat=True)
    return Session.objects.filter(pk__in=ids).order_by("opened_at", "pk")
