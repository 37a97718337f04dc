"""What the admin shows and lets through: it asks ``parlor/policy.py``, never decides itself.

Every decision names an action of ``parlor.policy.TABLE`` with the object's
parlor and, for a session, its state: the session page offers hand entry
when ``RECORD_HAND`` is allowed in that parlor and state, the penalty
entry (chonbo, dead hand) when ``RECORD_PENALTY`` is, *Correct* for
``VOID_HAND``/``CORRECT_HAND``, and so on (docs/permissions.md, docs/admin.md).

Every admin list is ``policy.scoped_to`` its view action over the parlors the
user works in: a row of another parlor is not listed, and opening it by its
URL answers 404 (:class:`ScopedAdmin`), as the API does. Foreign-key choices
(parlor, table, players, rules, rate) are the parlors where the user may do
the action the form is for, so nothing is created in, or moved into, another
parlor. A service's own refusal (``PolicyRefusal``) shows as its translated
message (:func:`refused`).

Nobody deletes ledger rows, and nobody edits them: hands change only through
corrections (append-only, ``ledger.play.corrections``).
"""

from __future__ import annotations

from typing import TypeVar

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import HttpRequest

from ledger.floor.seated import seated_user_ids
from ledger.models import Session
from parlor import policy
from parlor.admin_scope import ScopedAdmin, may, may_anywhere, parlors_for
from parlor.policy import Action, PolicyRefusal

_M = TypeVar("_M", bound=Model)

__all__ = ["ScopedAdmin", "may", "may_anywhere", "parlors_for"]


def acting_user(request: HttpRequest) -> User:
    """The signed-in user an admin view acts as (``admin_view`` lets only signed-in staff in)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user


def may_view(request: HttpRequest) -> bool:
    """The ledger admin at all: ``VIEW_BOOKS`` in at least one parlor."""
    return may_anywhere(request, Action.VIEW_BOOKS)


def seated_at(request: HttpRequest, session: Session) -> bool:
    """Whether the signed-in user sits at ``session``'s table as a player (read once per
    request and session): the policy then refuses them its hands (issue 36)."""
    cache: dict[int, bool] = request.__dict__.setdefault("_seated_at", {})
    if session.pk not in cache:
        cache[session.pk] = request.user.pk in seated_user_ids(session=session)
    return cache[session.pk]


def may_on_session(request: HttpRequest, action: Action, session: Session) -> bool:
    seated = action in policy.SEATED_REFUSED and seated_at(request, session)
    return policy.allows(
        request.user, action, parlor_id=session.parlor_id, state=session.state, seated=seated
    )


def may_record_hands(request: HttpRequest, session: Session) -> bool:
    return may_on_session(request, Action.RECORD_HAND, session)


def may_penalise(request: HttpRequest, session: Session) -> bool:
    """Chonbo and dead hands: the staff are the table's referees (``RECORD_PENALTY``)."""
    return may_on_session(request, Action.RECORD_PENALTY, session)


def may_void(request: HttpRequest, session: Session) -> bool:
    return may_on_session(request, Action.VOID_HAND, session)


def may_amend(request: HttpRequest, session: Session) -> bool:
    return may_on_session(request, Action.CORRECT_HAND, session)


def may_correct(request: HttpRequest, session: Session) -> bool:
    """The correction page: voiding or amending a hand is allowed there."""
    return may_void(request, session) or may_amend(request, session)


def may_close(request: HttpRequest, session: Session) -> bool:
    return may_on_session(request, Action.CLOSE_SESSION, session)


def may_stop(request: HttpRequest, session: Session) -> bool:
    return may_on_session(request, Action.STOP_SESSION, session)


def may_mark_settled(request: HttpRequest, session: Session) -> bool:
    return may_on_session(request, Action.MARK_SETTLED, session)


def refusal(
    request: HttpRequest, action: Action, *, parlor_id: int | None, state: str | None = None
) -> PolicyRefusal | None:
    """The policy's refusal of ``action`` there, with its message (None: allowed)."""
    try:
        policy.check(request.user, action, parlor_id=parlor_id, state=state)
    except PolicyRefusal as refused_:
        return refused_
    return None


def refused(request: HttpRequest, error: PolicyRefusal) -> None:
    """A service's policy refusal, said to the user in their language (never its code)."""
    messages.error(request, str(error.message))


class LedgerAdmin(ScopedAdmin[_M]):
    """Read-only for those who may see the books, invisible to anyone else; never deletes."""

    parlor_path = "session__parlor"
