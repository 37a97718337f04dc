"""The ledger's refusals at the desk, in the user's language and words (never a code)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from ledger.errors import LedgerError, LedgerErrorCode
from parlor.models import Parlor
from words.money import money_text


def _money(parlor: Parlor | None, amount: Any) -> str:
    return money_text(int(amount), parlor) if parlor is not None else f"{int(amount):,}"


def refusal_text(error: LedgerError, *, parlor: Parlor | None = None) -> str:
    """``error`` as a sentence for the desk: the service's English only for a code without one."""
    words: dict[LedgerErrorCode, Callable[[Mapping[str, Any]], str]] = {
        LedgerErrorCode.VISIT_ALREADY_OPEN: lambda p: _("%(player)s is checked in already.") % p,
        LedgerErrorCode.VISIT_NOT_OPEN: lambda p: _("%(player)s was checked out already.") % p,
        LedgerErrorCode.CREDIT_LIMIT_EXCEEDED: lambda p: (
            _(
                "%(player)s owes %(owed)s, more than their credit limit of %(limit)s. A manager"
                " may check them in all the same, giving the reason."
            )
            % {**p, "owed": _money(parlor, p["owed"]), "limit": _money(parlor, p["limit"])}
        ),
        LedgerErrorCode.INACTIVE: lambda p: _("“%(name)s” is no longer in use.") % p,
        LedgerErrorCode.NOT_CHECKED_IN: lambda p: (
            _("%(player)s is not checked in: check them in at the counter first.") % p
        ),
        LedgerErrorCode.NOT_A_MEMBER: lambda p: (
            _("%(name)s is not a staff member who plays: clock them in on the floor first.") % p
        ),
        LedgerErrorCode.BAD_TEXT: lambda p: (
            _("The reason is too long: at most %(limit)s characters.") % p
        ),
        LedgerErrorCode.SLIP_CHANGED: lambda p: (
            _("The slip of %(player)s changed since it was shown: look at it again and confirm.")
            % p
        ),
        LedgerErrorCode.STILL_PLAYING: lambda p: (
            _("%(player)s is still playing at %(tables)s: close the game first.") % p
        ),
        LedgerErrorCode.BALANCE_EXCEEDED: lambda p: (
            _("That is more than the player's balance allows (%(amount)s).")
            % {"amount": _money(parlor, p.get("held", p.get("owed", 0)))}
        ),
    }
    fallback: dict[LedgerErrorCode, str] = {
        LedgerErrorCode.BAD_COUNTER_ENTRY: _(
            "This entry does not fit: check the amount, how it was paid and what it was for."
        ),
        LedgerErrorCode.TILL_ALREADY_CLOSED: _(
            "The till of this business day is closed already: count it as a shift close."
        ),
        LedgerErrorCode.SETTLED_ON_SLIP: _(
            "This is part of a confirmed check-out slip: the difference goes on the next slip."
        ),
    }
    if error.code in fallback:
        return fallback[error.code]
    say = words.get(error.code)
    return say(error.params) if say is not None and error.params else error.message
