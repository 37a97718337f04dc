"""A correction: void the hand, or amend it (the hand entry form, filled with the hand)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import CorrectionKind
from words.refusal_text import refusal_text


class CorrectionForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("correction"),
        choices=CorrectionKind.choices,
        initial=CorrectionKind.AMEND,
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=_("reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why the hand is corrected; kept with the correction for the audit."),
    )

    def ledger_error(self, error: LedgerError) -> None:
        self.add_error("reason" if error.field == "reason" else None, error.message)


class SeatSwapForm(forms.Form):
    """Two seats taken for each other from a hand on (``ledger.play.seat_swaps``)."""

    from_ordinal = forms.TypedChoiceField(label=_("from hand"), coerce=int)
    seat_a = forms.TypedChoiceField(label=_("this seat"), coerce=int)
    seat_b = forms.TypedChoiceField(label=_("was taken for this one"), coerce=int)
    reason = forms.CharField(
        label=_("reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why the seats are swapped; kept with the correction for the audit."),
    )

    def __init__(
        self,
        *args: Any,
        ordinals: Sequence[int],
        seats: Sequence[tuple[int, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        hand = self.fields["from_ordinal"]
        assert isinstance(hand, forms.TypedChoiceField)
        hand.choices = [
            (n, _("hand %(number)d and every hand after it") % {"number": n}) for n in ordinals
        ]
        for name in ("seat_a", "seat_b"):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = list(seats)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("seat_a") is not None and data.get("seat_a") == data.get("seat_b"):
            self.add_error("seat_b", _("Choose two different seats."))
        return data

    def ledger_error(self, error: LedgerError, *, seats: Mapping[int, str]) -> None:
        """The refusal beside its field, in the user's words (``words.refusal_text``)."""
        field = {"reason": "reason", "from_ordinal": "from_ordinal", "seats": "seat_b"}.get(
            error.field or ""
        )
        message: Any = (
            SWAP_REFUSALS.get(field or "") if error.code == LedgerErrorCode.BAD_HAND else None
        )
        if error.refusal is not None:
            said = refusal_text(
                error.refusal,
                engine_code=error.engine_code,
                english=error.refusal.detail,
                seats=seats,
            )
            number = error.refusal.ordinal
            message = _("Hand %(number)s: %(refusal)s") % {"number": number, "refusal": said}
        self.add_error(field, message or error.message)


SWAP_REFUSALS = {
    "from_ordinal": _("No hand from this one on names either seat: there is nothing to swap."),
    "seat_b": _("Choose two different seats of the table."),
}
