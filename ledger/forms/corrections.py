"""A correction: void the hand, or amend it (the hand entry form, filled with the hand)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ledger.errors import LedgerError
from ledger.models import CorrectionKind


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
