"""Why a session cannot open with the choices made, in the user's language and words.

The service (``ledger.play.sessions``) refuses with a code, its English message
for the API, and the values it names (``LedgerError.params``); here each code has a
translatable sentence. A code without one keeps the service's message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ledger.errors import LedgerError, LedgerErrorCode
from parlor.models import PointUnit
from words.labels import WINDS


def _unit(value: Any) -> str:
    return str(PointUnit(value).label) if value in PointUnit.values else str(value)


WORDS: dict[LedgerErrorCode, Callable[[Mapping[str, Any]], str]] = {
    LedgerErrorCode.PLAYER_SEATED_TWICE: lambda p: (
        _("%(player)s is already seated in the %(wind)s seat: choose another player.")
        % {"player": p["player"], "wind": WINDS[int(p["seat"])]}
    ),
    LedgerErrorCode.RATE_SCALE_MISMATCH: lambda p: (
        _(
            "The rate “%(rate)s” is %(rate_unit)s, but “%(rules)s” is priced %(unit)s:"
            " choose a rate %(unit)s."
        )
        % {**p, "rate_unit": _unit(p["rate_unit"]), "unit": _unit(p["unit"])}
    ),
    LedgerErrorCode.WRONG_NUMBER_OF_SEATS: lambda p: (
        ngettext(
            "“%(rules)s” is played by %(seats)d players; %(count)d is seated.",
            "“%(rules)s” is played by %(seats)d players; %(count)d are seated.",
            int(p["count"]),
        )
        % p
    ),
    LedgerErrorCode.TABLE_BUSY: lambda p: (
        _("%(table)s already has an open session: close it, or choose another table.") % p
    ),
    LedgerErrorCode.NOT_IN_PARLOR: lambda p: (
        _("“%(name)s” is not of the table's parlor (%(parlor)s).") % p
    ),
    LedgerErrorCode.INACTIVE: lambda p: _("“%(name)s” is no longer in use.") % p,
}


def open_refusal_text(error: LedgerError) -> str:
    say = WORDS.get(error.code)
    return say(error.params) if say is not None and error.params else error.message
