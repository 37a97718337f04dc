"""Background jobs' states and their one error shape (closes and exports, docs/jobs.md).

A close's state is derived from its session row (``session_close_state``);
an export's is stored on its ``ExportJob`` row (``ExportState``). Both fail
with the same error shape, ``{"code", "message"}`` (``JobError``): the code
is one of ``LedgerErrorCode`` (a refused close: ``game_not_finished``, ...)
or one of the job codes below, the message is for people.
"""

from typing import TypedDict

from django.db import models
from django.utils.translation import gettext_lazy as _


class CloseJobState(models.TextChoices):
    """What the admin and the API show of a session's background close."""

    IDLE = "idle", _("idle")  # open, no close asked for
    QUEUED = "queued", _("queued")  # asked for, not finished yet
    FAILED = "failed", _("failed")  # the last attempt failed: see the error; the session stays open
    DONE = "done", _("done")  # the session is closed (or settled)


class JobErrorCode(models.TextChoices):
    """Why a job failed when the ledger itself did not refuse it."""

    # The broker (Redis) did not take the task; nothing was posted.
    QUEUE_UNAVAILABLE = "queue_unavailable", _("job queue unavailable")
    # A database error a retry may cure (lost connection, deadlock); the job is retried.
    DATABASE_ERROR = "database_error", _("database error")
    # A bug: the traceback is in the worker's log.
    INTERNAL_ERROR = "internal_error", _("internal error")
    # The session or job no longer exists.
    NOT_FOUND = "not_found", _("not found")
    # The permission policy refused the account the job acts for (parlor.policy).
    NOT_ALLOWED = "not_allowed", _("not allowed")


class JobError(TypedDict):
    code: str
    message: str


def job_error(code: str, message: str) -> JobError:
    """The one error shape of a failed job, for the admin, the API and the task's result."""
    return {"code": str(code), "message": message}
