"""Opening a session: the table, the rules, the rate and the players in seat order."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ledger.errors import LedgerError
from ledger.labels import WINDS
from parlor.models import Player, Rate, RulesetConfig, Table

SEATS = 4


class SessionOpenForm(forms.Form):
    table = forms.ModelChoiceField(
        label=_("table"), queryset=Table.objects.filter(is_active=True).select_related("parlor")
    )
    ruleset_config = forms.ModelChoiceField(
        label=_("ruleset configuration"), queryset=RulesetConfig.objects.filter(is_active=True)
    )
    rate = forms.ModelChoiceField(label=_("rate"), queryset=Rate.objects.filter(is_active=True))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(is_active=True)
        for seat in range(SEATS):
            self.fields[f"seat_{seat}"] = forms.ModelChoiceField(
                label=_("%(wind)s seat (seat %(seat)d)") % {"wind": WINDS[seat], "seat": seat},
                queryset=players,
                # Three-player rulesets leave North empty; the service checks the count.
                required=seat < 3,
                help_text=_("Deals first.") if seat == 0 else "",
            )

    def players(self) -> list[Player]:
        chosen = (self.cleaned_data.get(f"seat_{seat}") for seat in range(SEATS))
        return [player for player in chosen if player is not None]

    def ledger_error(self, error: LedgerError) -> None:
        """Put the service's refusal beside the field it names."""
        field = error.field or ""
        if field.startswith("players[") and field.endswith("]"):
            field = f"seat_{field[len('players[') : -1]}"
        self.add_error(field if field in self.fields else None, error.message)
