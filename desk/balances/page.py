"""The manager's balances page and each player's ledger, in the admin.

``/admin/desk/balancespage/``: every player of a parlor (one of the user's)
with what they won or lost, the deposit held, the prepaid balance, what is
due now, their credit limit and last game; filters "owes the parlor",
"parlor owes", "above credit limit" and a search; CSV or XLSX of the same
lines. ``/admin/desk/balancespage/<player>/ledger/``: every posting on the
player's accounts with the session behind it and the running balance.

Who may see them is the policy's ``view_books`` in that parlor (the desk:
staff and managers); another parlor's player answers 404. One selector
answers each (``ledger.books.player_balances``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk.balances.exports import CONTENT_TYPES, balances_file, balances_file_name
from ledger.books.player_balances import BalanceFilter, parlor_balances, player_ledger
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action

TEMPLATE = "admin/desk/balances.html"
LEDGER_TEMPLATE = "admin/desk/player_ledger.html"

FILTER_LABELS = {
    "": gettext_lazy("every player"),
    BalanceFilter.OWES_PARLOR: gettext_lazy("owes the parlor"),
    BalanceFilter.PARLOR_OWES: gettext_lazy("the parlor owes"),
    BalanceFilter.ABOVE_LIMIT: gettext_lazy("above the credit limit"),
}


class BalancesQueryForm(forms.Form):
    parlor = forms.ModelChoiceField(queryset=Parlor.objects.none(), label=gettext_lazy("parlor"))
    only = forms.ChoiceField(
        choices=list(FILTER_LABELS.items()), required=False, label=gettext_lazy("show")
    )
    q = forms.CharField(required=False, max_length=100, label=gettext_lazy("name or number"))

    def __init__(self, data: Any, *, parlors: Any) -> None:
        super().__init__(data)
        self.fields["parlor"].queryset = parlors  # type: ignore[attr-defined]


def _parlors(request: HttpRequest) -> Any:
    return policy.scoped_to(Parlor.objects.order_by("name"), request.user, Action.VIEW_BOOKS, "pk")


def balances_page(request: HttpRequest, admin_context: dict[str, Any]) -> HttpResponse:
    parlors = _parlors(request)
    query: dict[str, Any] = request.GET.dict()
    first = parlors.first()
    if first is not None:
        query.setdefault("parlor", first.pk)
    form = BalancesQueryForm(query, parlors=parlors)
    rows = None
    parlor = None
    if form.is_valid():
        parlor = form.cleaned_data["parlor"]
        only = form.cleaned_data.get("only") or None
        rows = parlor_balances(
            parlor=parlor,
            only=BalanceFilter(only) if only else None,
            search=form.cleaned_data.get("q") or "",
        )
        file_format = request.GET.get("export")
        if file_format in CONTENT_TYPES:
            response = HttpResponse(
                balances_file(rows, parlor, file_format), content_type=CONTENT_TYPES[file_format]
            )
            name = balances_file_name(parlor, only, file_format)
            response["Content-Disposition"] = f'attachment; filename="{name}"'
            return response
    kept = {name: value for name, value in form.data.items() if name in form.fields and value}
    return TemplateResponse(
        request,
        TEMPLATE,
        {
            **admin_context,
            "title": _("Player balances"),
            "form": form,
            "parlor": parlor,
            "rows": rows,
            "totals": _totals(rows or []),
            "filters": [
                {
                    "value": value,
                    "label": label,
                    "url": "?" + urlencode({**kept, "only": value}),
                    "chosen": (form.data.get("only") or "") == value,
                }
                for value, label in FILTER_LABELS.items()
            ],
            "export_query": urlencode(kept),
        },
    )


def _totals(rows: list[Any]) -> dict[str, int]:
    return {
        name: sum(getattr(row, name) for row in rows)
        for name in ("results", "deposit", "prepaid", "due")
    }


def player_ledger_page(
    request: HttpRequest, admin_context: dict[str, Any], player_id: str
) -> HttpResponse:
    player = policy.scoped_to(
        Player.objects.select_related("parlor"), request.user, Action.VIEW_BOOKS
    ).filter(pk=player_id if player_id.isdigit() else 0).first()
    if player is None:
        raise Http404(_("Not found in the parlors you work in."))
    lines = player_ledger(player=player)
    return TemplateResponse(
        request,
        LEDGER_TEMPLATE,
        {
            **admin_context,
            "title": _("Ledger of %(player)s") % {"player": player},
            "player": player,
            "parlor": player.parlor,
            "lines": lines,
        },
    )
