"""``/desk/floor/members/``: staff who play. The desk advances cash and takes it back; the
manager sets the back pay per game and reads each member's month (HTML, CSV, XLSX).

Who may is the policy's: ``member_advance`` opens the page and its advances,
``set_back_pay`` the rate, ``view_member_statements`` the statements and their files.
An advance or a return asks first: the first POST shows what will be done, the
second (``confirm``) does it. The figures are ``ledger.floor``'s; the page decides
nothing.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk.words import refusal_text
from ledger.admin.roles import acting_user
from ledger.counter.services import MAX_AMOUNT
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.member_statement import MemberStatement, member_statement
from ledger.floor.members import (
    MEMO_MAX_LENGTH,
    advances_outstanding,
    back_pay_rate_in_force,
    back_pay_rate_set,
    member_advance,
    member_players,
)
from ledger.floor.models import BackPayRate
from ledger.settle.business_days import business_day_of
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action, PolicyRefusal
from reports.member_statements import CONTENT_TYPES, statements_file, statements_file_name
from words.money import money_text


class AdvanceForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), label=gettext_lazy("staff member")
    )
    amount = forms.IntegerField(min_value=1, max_value=MAX_AMOUNT, label=gettext_lazy("amount"))
    memo = forms.CharField(required=False, max_length=MEMO_MAX_LENGTH, label=gettext_lazy("memo"))

    def __init__(self, *args: Any, parlor: Parlor, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player = self.fields["player"]
        assert isinstance(player, forms.ModelChoiceField)
        player.queryset = member_players(parlor=parlor)


class RateForm(forms.Form):
    amount = forms.IntegerField(
        min_value=0, max_value=MAX_AMOUNT, label=gettext_lazy("back pay per game")
    )
    memo = forms.CharField(required=False, max_length=MEMO_MAX_LENGTH, label=gettext_lazy("memo"))


def _parlor(request: HttpRequest) -> tuple[Parlor, list[Parlor]]:
    parlors = list(
        policy.scoped_to(Parlor.objects.all(), request.user, Action.MEMBER_ADVANCE, "pk")
    )
    if not parlors:
        raise PermissionDenied
    wanted = request.GET.get("parlor") or request.POST.get("parlor")
    if wanted is None:
        return parlors[0], parlors
    for parlor in parlors:
        if str(parlor.pk) == wanted:
            return parlor, parlors
    raise Http404("No such parlor.")


def _month(request: HttpRequest, parlor: Parlor) -> date:
    text = request.GET.get("month", "")
    try:
        year, month = (int(part) for part in text.split("-"))
        return date(year, month, 1)
    except ValueError:
        return business_day_of(parlor=parlor, moment=timezone.now()).replace(day=1)


def _here(parlor: Parlor, month: date | None = None) -> str:
    url = f"{reverse('desk-floor-members')}?parlor={parlor.pk}"
    return f"{url}&month={month:%Y-%m}" if month else url


def _confirm_advance(request: HttpRequest, parlor: Parlor) -> dict[str, Any] | None:
    """A valid advance or return not yet confirmed: what the page asks about (None: done)."""
    form = AdvanceForm(request.POST, parlor=parlor, prefix="advance")
    returned = request.POST.get("do") == "return"
    if not form.is_valid():
        messages.error(request, _("Choose a staff member and a whole amount."))
        return None
    data = form.cleaned_data
    if request.POST.get("confirm") != "1":
        return {
            "player": data["player"],
            "amount": data["amount"],
            "amount_text": money_text(data["amount"], parlor),
            "memo": data["memo"],
            "returned": returned,
        }
    entry = member_advance(
        parlor=parlor, player=data["player"], amount=data["amount"], returned=returned,
        memo=data["memo"], by=acting_user(request),
    )  # fmt: skip
    said = (_("%(name)s gave back %(amount)s.") if returned else _("%(name)s took %(amount)s.")) % {
        "name": data["player"].name,
        "amount": money_text(entry.amount, parlor),
    }
    messages.success(request, said)
    return None


def _refusal(error: LedgerError, parlor: Parlor) -> str:
    if error.code == LedgerErrorCode.BALANCE_EXCEEDED and "owed" in error.params:
        owed = money_text(int(error.params["owed"]), parlor)
        return _("Only %(owed)s is out: no more can be taken back.") % {"owed": owed}
    return refusal_text(error, parlor=parlor)


def _set_rate(request: HttpRequest, parlor: Parlor) -> None:
    form = RateForm(request.POST, prefix="rate")
    if not form.is_valid():
        messages.error(request, _("The back pay is a whole amount, 0 or more."))
        return
    rate = back_pay_rate_set(parlor=parlor, by=acting_user(request), **form.cleaned_data)
    messages.success(
        request,
        _("Back pay from now on: %(amount)s per game.") % {
            "amount": money_text(rate.amount, parlor)
        },
    )  # fmt: skip


def _statements(parlor: Parlor, month: date) -> list[MemberStatement]:
    return [
        member_statement(parlor=parlor, player=player, month=month)
        for player in member_players(parlor=parlor)
    ]


def members_page(request: HttpRequest) -> HttpResponse:
    parlor, parlors = _parlor(request)
    month = _month(request, parlor)
    may_rate = policy.allows(request.user, Action.SET_BACK_PAY, parlor_id=parlor.pk)
    may_read = policy.allows(request.user, Action.VIEW_MEMBER_STATEMENTS, parlor_id=parlor.pk)
    asking = None
    if request.method == "POST":
        try:
            if request.POST.get("do") == "rate":
                _set_rate(request, parlor)
            else:
                asking = _confirm_advance(request, parlor)
        except LedgerError as error:
            messages.error(request, _refusal(error, parlor))
        except PolicyRefusal as error:
            messages.error(request, str(error.message))
        if asking is None:
            return HttpResponseRedirect(_here(parlor, month))
    file_format = request.GET.get("format")
    if file_format in CONTENT_TYPES:
        if not may_read:
            raise PermissionDenied
        body = statements_file(_statements(parlor, month), file_format)
        response = HttpResponse(body, content_type=CONTENT_TYPES[file_format])
        name = statements_file_name(parlor=parlor, month=month, file_format=file_format)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    members = [
        {"player": player, "outstanding": money_text(advances_outstanding(player=player), parlor)}
        for player in member_players(parlor=parlor)
    ]
    rate = back_pay_rate_in_force(parlor=parlor, moment=timezone.now())
    context = {
        **admin.site.each_context(request),
        "title": _("Staff who play"),
        "is_nav_sidebar_enabled": False,
        "parlor": parlor,
        "parlors": parlors,
        "month": month,
        "members": members,
        "asking": asking,
        "advance_form": AdvanceForm(parlor=parlor, prefix="advance"),
        "may_rate": may_rate,
        "may_read": may_read,
        "rate": rate,
        "rate_text": money_text(rate.amount, parlor) if rate else None,
        "rates": (
            BackPayRate.objects.filter(parlor=parlor).select_related("set_by")[:10]
            if may_rate
            else []
        ),
        "rate_form": RateForm(prefix="rate"),
        "statements": _statement_rows(_statements(parlor, month), parlor) if may_read else [],
        "previous_month": _shift_month(month, -1),
        "next_month": _shift_month(month, +1),
    }
    return TemplateResponse(request, "desk/floor/members.html", context)


def _shift_month(month: date, by: int) -> str:
    index = month.year * 12 + month.month - 1 + by
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def _statement_rows(statements: list[MemberStatement], parlor: Parlor) -> list[dict[str, Any]]:
    def money(amount: int) -> str:
        return money_text(amount, parlor)

    return [
        {
            "statement": statement,
            "results": money(statement.results),
            "fees": money(statement.fees),
            "back_pay": money(statement.back_pay),
            "advanced": money(statement.advanced),
            "returned": money(statement.returned),
            "outstanding": money(statement.outstanding_after),
            "games": [
                {
                    "line": line,
                    "result": money(line.result),
                    "fee": money(line.fee),
                    "back_pay": money(line.back_pay),
                }
                for line in statement.games
            ],
        }
        for statement in statements
    ]
