"""Opening a session: the table, the rules, the rate and the players in seat order.

Each choice lists only the parlors where ``user`` may open a session
(``parlor.policy``, ``OPEN_SESSION``): nothing of another parlor can be picked.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ledger.errors import LedgerError
from ledger.labels import WINDS
from parlor import policy
from parlor.access import AnyUser
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action

SEATS = 4


class SessionOpenForm(forms.Form):
    table = forms.ModelChoiceField(
        label=_("table"), queryset=Table.objects.filter(is_active=True).select_related("parlor")
    )
    ruleset_config = forms.ModelChoiceField(
        label=_("ruleset configuration"), queryset=RulesetConfig.objects.filter(is_active=True)
    )
    rate = forms.ModelChoiceField(label=_("rate"), queryset=Rate.objects.filter(is_active=True))

    def __init__(self, *args: Any, user: AnyUser | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("table", "ruleset_config", "rate"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField) and field.queryset is not None
            field.queryset = policy.scoped_to(field.queryset, user, Action.OPEN_SESSION)
        players = policy.scoped_to(Player.objects.filter(is_active=True), user, Action.OPEN_SESSION)
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
