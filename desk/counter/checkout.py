"""A visit's check-out at the desk: the slip shown, then confirmed (never in one tap).

``/desk/counter/visits/<id>/``: the slip (``reports.visit_slips``, as on paper) with
how the player pays and a confirmation button naming the amount. The POST carries
the slip's version: a slip that moved since it was shown is refused and shown again
(``slip_changed``); a second tap finds the visit settled and shows its slip.
``/desk/counter/visits/<id>/print/?paper=a4|receipt&format=pdf&lang=``: the slip to
print (a settled visit's as confirmed).
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk.counter.views import METHODS
from desk.words import refusal_text
from ledger.admin.roles import acting_user
from ledger.counter.settle import may_settle, visit_settle
from ledger.counter.slip import settled_slip, visit_slip
from ledger.errors import LedgerError
from ledger.models import Visit
from parlor import policy
from parlor.policy import Action, PolicyRefusal
from reports.slips import Paper
from reports.visit_slips import slip_context, visit_slip_html, visit_slip_pdf
from words.money import money_text


class SettleForm(forms.Form):
    method = forms.ChoiceField(label=gettext_lazy("paid by"), choices=METHODS, initial="cash")
    pays_now = forms.IntegerField(
        label=gettext_lazy("the player pays now"),
        min_value=0,
        required=False,
        help_text=gettext_lazy("Only when they pay less: the rest stays on their balance."),
    )
    version = forms.IntegerField(widget=forms.HiddenInput)


def _visit(request: HttpRequest, pk: int) -> Visit:
    visits = policy.scoped_to(
        Visit.objects.select_related("parlor", "player", "settlement__settled_by"),
        request.user,
        Action.CHECK_IN,
    )
    return get_object_or_404(visits, pk=pk)


def checkout_page(request: HttpRequest, pk: int) -> HttpResponse:
    visit = _visit(request, pk)
    parlor = visit.parlor
    url = reverse("desk-checkout", args=[visit.pk])
    if request.method == "POST" and visit.is_open:
        form = SettleForm(request.POST)
        if form.is_valid():
            try:
                visit_settle(
                    visit=visit,
                    by=acting_user(request),
                    version=form.cleaned_data["version"],
                    method=form.cleaned_data["method"],
                    pays_now=form.cleaned_data.get("pays_now"),
                )
            except LedgerError as error:
                messages.error(request, refusal_text(error, parlor=parlor))
            except PolicyRefusal as error:
                messages.error(request, str(error.message))
            else:
                messages.success(
                    request, _("%(player)s is settled and checked out.") % {
                        "player": visit.player.name
                    },
                )  # fmt: skip
        return HttpResponseRedirect(url)
    kept = settled_slip(visit=visit) if not visit.is_open else None
    slip = kept if kept is not None else visit_slip(visit=visit)
    with timezone.override(ZoneInfo(parlor.time_zone)):
        body = slip_context(slip=slip, visit=visit, settled=kept is not None)
    plan = slip.plan
    if plan.player_pays:
        confirm = _("Confirm: %(name)s pays %(amount)s, and check out") % {
            "name": visit.player.name, "amount": money_text(plan.player_pays, parlor)
        }  # fmt: skip
    elif plan.player_receives:
        confirm = _("Confirm: %(name)s receives %(amount)s, and check out") % {
            "name": visit.player.name, "amount": money_text(plan.player_receives, parlor)
        }  # fmt: skip
    else:
        confirm = _("Confirm: nothing to pay, check %(name)s out") % {"name": visit.player.name}
    blocked = ""
    if visit.is_open and slip.playing:
        blocked = _("%(player)s is still playing at %(tables)s: close the game first.") % {
            "player": visit.player.name, "tables": ", ".join(slip.playing)
        }  # fmt: skip
    elif visit.is_open and not may_settle(acting_user(request), visit):
        blocked = _("You may not settle your own visit: ask another member of staff.")
    context = {
        **admin.site.each_context(request),
        **body,
        "title": _("Check-out: %(name)s") % {"name": visit.player.name},
        "is_nav_sidebar_enabled": False,
        "form": SettleForm(initial={"version": slip.version, "method": "cash"}),
        "confirm": confirm,
        "blocked": blocked,
        "owes": plan.player_pays > 0,
        "print_url": reverse("desk-checkout-print", args=[visit.pk]),
        "back": f"{reverse('desk-counter')}?parlor={parlor.pk}",
    }
    return TemplateResponse(request, "desk/counter/checkout.html", context)


def checkout_print(request: HttpRequest, pk: int) -> HttpResponse:
    visit = _visit(request, pk)
    try:
        paper = Paper(request.GET.get("paper", Paper.A4))
    except ValueError:
        paper = Paper.A4
    wanted = request.GET.get("lang", "")
    language = wanted if wanted in dict(settings.LANGUAGES) else translation.get_language()
    kept = settled_slip(visit=visit)
    slip = kept if kept is not None else visit_slip(visit=visit)
    with translation.override(language), timezone.override(ZoneInfo(visit.parlor.time_zone)):
        if request.GET.get("format") != "pdf":
            return HttpResponse(
                visit_slip_html(slip=slip, visit=visit, settled=kept is not None, paper=paper)
            )
        pdf = visit_slip_pdf(slip=slip, visit=visit, settled=kept is not None, paper=paper)
    name = f"check-out-{visit.pk}-{paper}.pdf"
    return HttpResponse(
        pdf,
        content_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )
