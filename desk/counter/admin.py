"""Visits in the admin: the list of who is in, a check-in form and a confirmed check-out.

Each page asks the policy (``CHECK_IN``; ``OVERRIDE_CREDIT_LIMIT`` for the override
field; ``SET_CREDIT_LIMIT`` for the limits) and writes through
``ledger.counter.visit_services``; a refusal is said in the user's words
(``desk.words``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk.models import CounterDesk, TillDesk
from desk.words import refusal_text
from ledger.admin.roles import acting_user
from ledger.counter.visit_services import (
    REASON_MAX_LENGTH,
    credit_limit_set,
    credit_standing,
    visit_check_in,
    visit_check_out,
)
from ledger.errors import LedgerError
from ledger.models import CreditLimit, InvoiceRegistration, Visit
from parlor import policy
from parlor.admin_scope import ScopedAdmin, may_anywhere
from parlor.models import Player
from parlor.policy import Action, PolicyRefusal
from words.money import money_text


class VisitOpenFilter(admin.SimpleListFilter):
    title = gettext_lazy("visit")
    parameter_name = "open"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", gettext_lazy("checked in now")), ("no", gettext_lazy("checked out"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Visit]) -> QuerySet[Visit]:
        if self.value() in ("yes", "no"):
            return queryset.filter(checked_out_at__isnull=self.value() == "yes")
        return queryset


class CheckInForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=gettext_lazy("player"))
    override_reason = forms.CharField(
        label=gettext_lazy("reason for the override"),
        required=False,
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "Managers only, for a player who owes more than their credit limit: why they are"
            " checked in all the same."
        ),
    )

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(is_active=True).select_related("parlor")
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        checked_in = Visit.objects.filter(checked_out_at__isnull=True).values("player_id")
        field.queryset = policy.scoped_to(players, request.user, Action.CHECK_IN).exclude(
            pk__in=checked_in
        )
        if not may_anywhere(request, Action.OVERRIDE_CREDIT_LIMIT):
            del self.fields["override_reason"]


@admin.register(Visit)
class VisitAdmin(ScopedAdmin[Visit]):
    view_action = Action.CHECK_IN
    list_display = [
        "player",
        "business_day",
        "checked_in_at",
        "checked_in_by",
        "checked_out_at",
        "checked_out_by",
        "owed_column",
        "override_column",
    ]
    list_filter = [VisitOpenFilter, "business_day"]
    list_select_related = ["parlor", "player", "checked_in_by", "checked_out_by", "override_by"]
    search_fields = ["player__name", "player__member_number"]
    date_hierarchy = "business_day"
    actions = ["check_out"]
    list_per_page = 50

    @admin.display(description=gettext_lazy("owed at check-in"), ordering="owed_at_check_in")
    def owed_column(self, visit: Visit) -> str:
        return money_text(visit.owed_at_check_in, visit.parlor)

    @admin.display(description=gettext_lazy("limit overridden"))
    def override_column(self, visit: Visit) -> str:
        if visit.override_by is None:
            return ""
        return f"{visit.override_by}: {visit.override_reason}"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return may_anywhere(request, Action.CHECK_IN)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a visit changes only by checking out

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        if not may_anywhere(request, Action.CHECK_IN):
            actions.pop("check_out", None)
        return actions

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        if not self.has_add_permission(request):
            return HttpResponse(status=403)
        form = CheckInForm(request.POST or None, request=request)
        standing = None
        if request.method == "POST" and form.is_valid():
            player = form.cleaned_data["player"]
            try:
                visit = visit_check_in(
                    player=player,
                    by=acting_user(request),
                    override_reason=form.cleaned_data.get("override_reason"),
                )
            except LedgerError as error:
                form.add_error(None, refusal_text(error, parlor=player.parlor))
                standing = credit_standing(player=player)
            except PolicyRefusal as error:
                form.add_error(None, str(error.message))
            else:
                messages.success(
                    request,
                    _("%(player)s is checked in (%(day)s).")
                    % {"player": visit.player, "day": visit.business_day},
                )
                return HttpResponseRedirect(reverse("admin:ledger_visit_changelist") + "?open=yes")
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Check a player in"),
            "form": form,
            "standing": standing,
        }
        return TemplateResponse(request, "desk/counter/check_in.html", context)

    @admin.action(description=gettext_lazy("Check out the selected players"))
    def check_out(self, request: HttpRequest, queryset: QuerySet[Visit]) -> HttpResponse | None:
        visits = list(queryset.filter(checked_out_at__isnull=True).select_related("player"))
        if request.POST.get("confirmed") != "yes":
            context = {
                **self.admin_site.each_context(request),
                "opts": self.model._meta,
                "title": _("Check these players out?"),
                "visits": visits,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            }
            return TemplateResponse(request, "desk/counter/check_out.html", context)
        done = 0
        for visit in visits:
            try:
                visit_check_out(visit=visit, by=acting_user(request))
            except LedgerError as error:
                messages.error(request, refusal_text(error))
            except PolicyRefusal as error:
                messages.error(request, str(error.message))
            else:
                done += 1
        messages.success(request, _("Checked out: %(count)d.") % {"count": done})
        return None


class CreditLimitForm(forms.ModelForm[CreditLimit]):
    class Meta:
        model = CreditLimit
        fields = ["player", "amount"]


@admin.register(CreditLimit)
class CreditLimitAdmin(ScopedAdmin[CreditLimit]):
    parlor_path = "player__parlor"
    view_action = Action.CHECK_IN
    edit_action = Action.SET_CREDIT_LIMIT
    delete_action = Action.SET_CREDIT_LIMIT
    form = CreditLimitForm
    list_display = ["player", "limit_column", "set_by", "set_at"]
    list_select_related = ["player__parlor", "set_by"]
    search_fields = ["player__name", "player__member_number"]

    @admin.display(description=gettext_lazy("credit limit"), ordering="amount")
    def limit_column(self, limit: CreditLimit) -> str:
        return money_text(limit.amount, limit.player.parlor)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["player"] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: CreditLimit, form: Any, change: bool) -> None:
        # Through the service: the policy's check and who set it when.
        credit_limit_set(player=obj.player, amount=obj.amount, by=acting_user(request))

    def delete_model(self, request: HttpRequest, obj: CreditLimit) -> None:
        credit_limit_set(player=obj.player, amount=None, by=acting_user(request))


class InvoiceRegistrationForm(forms.ModelForm[InvoiceRegistration]):
    class Meta:
        model = InvoiceRegistration
        fields = ["parlor", "registration_number", "issuer_name", "tax_rate_percent"]


@admin.register(InvoiceRegistration)
class InvoiceRegistrationAdmin(ScopedAdmin[InvoiceRegistration]):
    """The parlor's qualified-invoice number: its check-out slips itemize the fees as a
    qualified invoice (docs/counter.md). The managers' (they set the rates)."""

    view_action = Action.VIEW_BOOKS
    edit_action = Action.EDIT_RATES
    delete_action = Action.EDIT_RATES
    form = InvoiceRegistrationForm
    list_display = ["parlor", "registration_number", "issuer_name", "tax_rate_percent", "set_by"]
    list_select_related = ["parlor", "set_by"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["parlor"] if obj is not None else []

    def save_model(
        self, request: HttpRequest, obj: InvoiceRegistration, form: Any, change: bool
    ) -> None:
        obj.set_by = acting_user(request)
        super().save_model(request, obj, form, change)


@admin.register(CounterDesk)
class CounterDeskAdmin(ScopedAdmin[CounterDesk]):
    """The menu's "Counter desk" opens the desk's counter page."""

    view_action = Action.CHECK_IN

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        return HttpResponseRedirect(reverse("desk-counter"))


@admin.register(TillDesk)
class TillDeskAdmin(ScopedAdmin[TillDesk]):
    """The menu's "Till count and close" opens the desk's till page (the managers')."""

    view_action = Action.MANAGE_TILL

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        return HttpResponseRedirect(reverse("desk-till"))
