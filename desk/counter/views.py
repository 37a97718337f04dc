"""The counter desk (``/desk/counter/``): the page a tablet at the counter keeps open.

Check a player in; for each checked-in player, their three balances and a form to
take a deposit, top up prepaid or put a drink on the tab; a sale paid at once; the
check-out slip (``/desk/counter/visits/<id>/``) and its confirmation. Every money
entry is shown back for confirmation before it is recorded, and a confirmation
sent twice (a double tap) is recorded once. The services decide (``RECORD_COUNTER``,
``CHECK_IN``, ``SETTLE_VISIT``); refusals are said in the user's words (``desk.words``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk.counter.admin import CheckInForm
from desk.words import refusal_text
from ledger.admin.roles import acting_user
from ledger.counter.models import CounterCategory, CounterEntry, CounterEntryKind, PaymentMethod
from ledger.counter.selectors import player_money
from ledger.counter.services import MAX_AMOUNT, _till_lock, counter_entry_record
from ledger.counter.visit_services import credit_standing, visit_check_in
from ledger.errors import LedgerError
from ledger.models import Visit
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action, PolicyRefusal
from words.money import money_text

# What the desk records for a checked-in player, and a sale paid at once.
PLAYER_KINDS = [
    (CounterEntryKind.DEPOSIT_TAKEN, gettext_lazy("Take a deposit")),
    (CounterEntryKind.PREPAID_TOPUP, gettext_lazy("Top up prepaid")),
    (CounterEntryKind.SALE_ON_TAB, gettext_lazy("Put a sale on the tab")),
]
METHODS = [
    (PaymentMethod.CASH, PaymentMethod.CASH.label),
    (PaymentMethod.CARD, PaymentMethod.CARD.label),
    (PaymentMethod.QR, PaymentMethod.QR.label),
]


def desk_parlors(request: HttpRequest, action: Action) -> list[Parlor]:
    return list(policy.scoped_to(Parlor.objects.all(), request.user, action, "pk"))


def desk_parlor(request: HttpRequest, action: Action) -> tuple[Parlor, list[Parlor]]:
    """The ``?parlor=`` asked for among the user's parlors where they may ``action``."""
    parlors = desk_parlors(request, action)
    if not parlors:
        raise PermissionDenied
    wanted = request.GET.get("parlor") or request.POST.get("parlor")
    if wanted is None:
        return parlors[0], parlors
    for parlor in parlors:
        if str(parlor.pk) == wanted:
            return parlor, parlors
    raise Http404(_("No such parlor."))


class MoneyForm(forms.Form):
    """One counter entry: for a checked-in player (``visit``), or a sale paid at once."""

    kind = forms.ChoiceField(label=gettext_lazy("what"), choices=PLAYER_KINDS)
    amount = forms.IntegerField(label=gettext_lazy("amount"), min_value=1, max_value=MAX_AMOUNT)
    method = forms.ChoiceField(label=gettext_lazy("paid by"), choices=METHODS, required=False)
    category = forms.ChoiceField(
        label=gettext_lazy("for"),
        choices=[("", "—"), *CounterCategory.choices],
        required=False,
    )

    def __init__(self, *args: Any, with_player: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not with_player:
            kind = self.fields["kind"]
            assert isinstance(kind, forms.ChoiceField)
            kind.choices = [(CounterEntryKind.SALE, _("Sale paid now"))]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        if kind in (CounterEntryKind.SALE_ON_TAB, CounterEntryKind.SALE) and not data.get(
            "category"
        ):
            self.add_error("category", _("Say what was sold (drink, food, ...)."))
        if kind not in (CounterEntryKind.SALE_ON_TAB, CounterEntryKind.SALE):
            data["category"] = ""
        if kind == CounterEntryKind.SALE_ON_TAB:
            data["method"] = PaymentMethod.BALANCE
        elif not data.get("method"):
            data["method"] = PaymentMethod.CASH
        return data


# What each entry is, asked before it is recorded and said after (the same figures).
_PHRASES = {
    CounterEntryKind.DEPOSIT_TAKEN: (
        gettext_lazy("Take a deposit of %(amount)s from %(name)s, paid by %(method)s?"),
        gettext_lazy("Deposit of %(amount)s taken from %(name)s (%(method)s)."),
    ),
    CounterEntryKind.PREPAID_TOPUP: (
        gettext_lazy("Top up %(name)s's prepaid balance by %(amount)s, paid by %(method)s?"),
        gettext_lazy("%(name)s's prepaid balance topped up by %(amount)s (%(method)s)."),
    ),
    CounterEntryKind.SALE_ON_TAB: (
        gettext_lazy("Put %(what)s for %(amount)s on %(name)s's tab?"),
        gettext_lazy("%(what)s for %(amount)s put on %(name)s's tab."),
    ),
    CounterEntryKind.SALE: (
        gettext_lazy("Record a sale of %(what)s for %(amount)s, paid by %(method)s?"),
        gettext_lazy("Sale of %(what)s for %(amount)s recorded (%(method)s)."),
    ),
}


def _entry_words(parlor: Parlor, data: dict[str, Any], name: str, *, done: bool = False) -> str:
    question, statement = _PHRASES[data["kind"]]
    return str(statement if done else question) % {
        "amount": money_text(data["amount"], parlor),
        "name": name,
        "method": PaymentMethod(data["method"]).label,
        "what": CounterCategory(data["category"]).label if data.get("category") else "",
    }


def _record_once(
    *, parlor: Parlor, visit: Visit | None, data: dict[str, Any], after: int, request: HttpRequest
) -> bool:
    """Record the confirmed entry unless this confirmation was recorded already (a second
    tap: the same entry by the same user after the page was shown). True if recorded."""
    by = acting_user(request)
    player = visit.player if visit is not None and data["kind"] != CounterEntryKind.SALE else None
    with transaction.atomic():
        _till_lock(parlor)
        again = CounterEntry.objects.filter(
            parlor=parlor,
            pk__gt=after,
            kind=data["kind"],
            amount=data["amount"],
            player=player,
            created_by=by,
            reverses__isnull=True,
        ).exists()
        if again:
            return False
        counter_entry_record(
            parlor=parlor,
            kind=data["kind"],
            amount=data["amount"],
            method=data["method"],
            category=data["category"],
            player=player,
            visit=visit,
            by=by,
        )
    return True


def _last_entry(parlor: Parlor) -> int:
    last = CounterEntry.objects.filter(parlor=parlor).order_by("-pk").values_list("pk", flat=True)
    return last.first() or 0


def _money_step(request: HttpRequest, parlor: Parlor) -> HttpResponse | None:
    """A money form sent: shown back for confirmation, or (confirmed) recorded."""
    visit = None
    if request.POST.get("visit"):
        visit = get_object_or_404(
            Visit.objects.select_related("player"),
            pk=request.POST["visit"],
            parlor=parlor,
            checked_out_at__isnull=True,
        )
    form = MoneyForm(request.POST, with_player=visit is not None)
    name = visit.player.name if visit is not None else ""
    if not form.is_valid():
        errors = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        messages.error(request, _("Not recorded: %(why)s") % {"why": errors})
        return None
    data = form.cleaned_data
    if request.POST.get("confirmed") != "yes":
        context = {
            **admin.site.each_context(request),
            "title": _("Confirm"),
            "is_nav_sidebar_enabled": False,
            "parlor": parlor,
            "question": _entry_words(parlor, data, name),
            "fields": {
                "do": "money",
                "parlor": parlor.pk,
                "visit": visit.pk if visit is not None else "",
                "kind": data["kind"],
                "amount": data["amount"],
                "method": request.POST.get("method", ""),
                "category": data["category"],
                "after": _last_entry(parlor),
                "confirmed": "yes",
            },
            "back": f"{reverse('desk-counter')}?parlor={parlor.pk}",
        }
        return TemplateResponse(request, "desk/counter/confirm.html", context)
    after = int(request.POST.get("after") or 0)
    if _record_once(parlor=parlor, visit=visit, data=data, after=after, request=request):
        messages.success(
            request,
            _("Recorded: %(what)s") % {"what": _entry_words(parlor, data, name).rstrip("?？")},
        )
    else:
        messages.info(request, _("That was recorded already."))
    return None


def _check_in(request: HttpRequest, parlor: Parlor) -> None:
    form = CheckInForm(request.POST, request=request)
    if not form.is_valid():
        messages.error(request, _("Choose a player to check in."))
        return
    player = form.cleaned_data["player"]
    if player.parlor_id != parlor.pk:
        raise Http404(_("No such player."))
    try:
        visit = visit_check_in(
            player=player,
            by=acting_user(request),
            override_reason=form.cleaned_data.get("override_reason"),
        )
    except LedgerError as error:
        messages.error(request, refusal_text(error, parlor=parlor))
        return
    messages.success(request, _("%(player)s is checked in.") % {"player": visit.player.name})


def counter_page(request: HttpRequest) -> HttpResponse:
    parlor, parlors = desk_parlor(request, Action.CHECK_IN)
    here = f"{reverse('desk-counter')}?parlor={parlor.pk}"
    if request.method == "POST":
        try:
            if request.POST.get("do") == "check_in":
                _check_in(request, parlor)
            elif request.POST.get("do") == "money":
                shown = _money_step(request, parlor)
                if shown is not None:
                    return shown
        except LedgerError as error:
            messages.error(request, refusal_text(error, parlor=parlor))
        except PolicyRefusal as error:
            messages.error(request, str(error.message))
        return HttpResponseRedirect(here)
    visits = list(
        Visit.objects.filter(parlor=parlor, checked_out_at__isnull=True)
        .select_related("player")
        .order_by("player__name")
    )
    rows = []
    for visit in visits:
        money = player_money(player=visit.player)
        rows.append(
            {
                "visit": visit,
                "deposit": money_text(money.deposit, parlor),
                "prepaid": money_text(money.prepaid, parlor),
                "results": money_text(money.results, parlor, signed=True),
                "owes": money.results < 0,
                "credit": standing_text(visit.player),
            }
        )
    check_in = CheckInForm(request=request)
    player_field = check_in.fields["player"]
    assert isinstance(player_field, forms.ModelChoiceField)
    player_field.queryset = player_field.queryset.filter(parlor=parlor).order_by("name")  # type: ignore[union-attr]
    context = {
        **admin.site.each_context(request),
        "title": _("Counter"),
        "is_nav_sidebar_enabled": False,
        "parlor": parlor,
        "parlors": parlors,
        "rows": rows,
        "check_in_form": check_in,
        "money_form": MoneyForm(prefix=None),
        "sale_form": MoneyForm(with_player=False),
        "may_record": policy.allows(request.user, Action.RECORD_COUNTER, parlor_id=parlor.pk),
        "may_close_till": policy.allows(request.user, Action.MANAGE_TILL, parlor_id=parlor.pk),
    }
    return TemplateResponse(request, "desk/counter/counter.html", context)


def standing_text(player: Player) -> str:
    standing = credit_standing(player=player)
    if standing.limit is None:
        return ""
    return _("owes %(owed)s of a %(limit)s limit") % {
        "owed": money_text(standing.owed, player.parlor),
        "limit": money_text(standing.limit, player.parlor),
    }
