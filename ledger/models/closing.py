"""Closes of a session, one row each: the database's guarantee that a game is closed once.

Design overview. ``session_close`` locks the session row, so two closes of
one session run one after the other and the second finds it closed. The
:class:`SessionClose` row backs that lock in the database: it is written in
the close's transaction (``ledger.services.closing.session_close_once``),
numbered 1 for the first close and one more after each correction that
reopened the session, and ``(session, number)`` is unique. A close that got
past the lock (a caller without it, a bug) fails on that row at insert, and
its whole transaction (game-end, settlement and fee postings, Settlement
rows) rolls back: one game-end posting per close of a session.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ledger.models.sessions import Session


class SessionClose(models.Model):
    """Append-only: never edited, never deleted (a reopening correction reverses the postings)."""

    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, related_name="closes", verbose_name=_("session")
    )
    # 1 for the first close; one more after each correction that reopened the session.
    number = models.PositiveIntegerField(_("close number"))
    # The close's settlement posting (its Settlement rows hang off it).
    posting = models.OneToOneField(
        "ledger.Posting",
        on_delete=models.PROTECT,
        related_name="session_close",
        verbose_name=_("settlement posting"),
    )
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("closed by"),
    )
    closed_at = models.DateTimeField(_("closed at"), default=timezone.now)

    class Meta:
        ordering = ["session", "number"]
        verbose_name = _("session close")
        verbose_name_plural = _("session closes")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="session_closed_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="session_close_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"close {self.number} of session {self.session_id}"


class SessionClosing(Session):
    """The sessions as the admin's "Closing" page lists them: close state and last error."""

    class Meta:
        proxy = True
        verbose_name = _("session close job")
        verbose_name_plural = _("session close jobs")
