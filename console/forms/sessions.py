"""Opening a session: the table, the rules, the rate and the players in seat order.

Each choice lists only the parlors where ``user`` may open a session
(``parlor.policy``, ``OPEN_SESSION``): nothing of another parlor can be picked.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from console.forms.open_words import open_refusal_text
from ledger.errors import LedgerError
from ledger.play.sessions import session_open_problems
from parlor import policy
from parlor.access import AnyUser
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action
from words.labels import WINDS

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

    def clean(self) -> dict[str, Any]:
        """Every problem of the choices at once, each beside its field (issue 33): the
        service's own checks (``session_open_problems``), said in the user's words."""
        data = super().clean() or {}
        chosen = [data.get(name) for name in ("table", "ruleset_config", "rate")]
        if all(chosen) and not self.errors:
            for problem in session_open_problems(
                table=data["table"],
                players=self.players(),
                ruleset_config=data["ruleset_config"],
                rate=data["rate"],
            ):
                self.ledger_error(problem)
        return data

    @property
    def problem_count(self) -> int:
        return sum(len(errors) for errors in self.errors.values())

    def ledger_error(self, error: LedgerError) -> None:
        """Put the service's refusal beside the field it names, in the user's words."""
        field = error.field or ""
        if field.startswith("players[") and field.endswith("]"):
            field = f"seat_{self._seat_of_player(int(field[len('players[') : -1]))}"
        self.add_error(field if field in self.fields else None, open_refusal_text(error))

    def _seat_of_player(self, index: int) -> int:
        """The seat field of the ``index``-th player chosen (North may be left empty)."""
        filled = [
            seat for seat in range(SEATS) if self.cleaned_data.get(f"seat_{seat}") is not None
        ]
        return filled[index] if index < len(filled) else index
