"""Closing the till at the desk (``/desk/till/``, the managers': ``MANAGE_TILL``).

The page shows the open period as the entries alone say it (opening float, the cash
of the entries, the expected till), takes the count note by note and coin by coin,
shows the count back with its difference (over or short, 不明金) for confirmation,
and only then closes (``ledger.counter.till.till_close``). A confirmation sent twice
finds the till closed meanwhile and records nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from desk.counter.views import desk_parlor
from desk.words import refusal_text
from ledger.admin.roles import acting_user
from ledger.counter.denominations import denominations_of
from ledger.counter.models import TillClose, TillCloseKind
from ledger.counter.till import counted_total, till_close, till_period
from ledger.errors import LedgerError
from parlor.policy import Action, PolicyRefusal
from words.money import money_text

MAX_MEMO = 200


def _count(request: HttpRequest, faces: list[int]) -> dict[object, object]:
    count: dict[object, object] = {}
    for face in faces:
        raw = (request.POST.get(f"count-{face}") or "0").strip()
        count[str(face)] = int(raw) if raw.isdigit() and len(raw) < 8 else -1
    return count


def till_page(request: HttpRequest) -> HttpResponse:
    parlor, parlors = desk_parlor(request, Action.MANAGE_TILL)
    here = f"{reverse('desk-till')}?parlor={parlor.pk}"
    faces = sorted(denominations_of(parlor.currency_code) or (), reverse=True)
    period = till_period(parlor=parlor)
    last_close = period.previous.pk if period.previous is not None else 0
    shown: dict[str, Any] | None = None
    if request.method == "POST":
        count = _count(request, faces)
        kind = request.POST.get("kind", TillCloseKind.SHIFT)
        memo = (request.POST.get("memo") or "")[:MAX_MEMO]
        if any(pieces == -1 for pieces in count.values()) or kind not in TillCloseKind.values:
            messages.error(request, _("Count each note and coin as a whole number."))
            return HttpResponseRedirect(here)
        if request.POST.get("confirmed") == "yes":
            if str(last_close) != request.POST.get("after_close", ""):
                messages.info(request, _("The till was closed meanwhile: count it again."))
                return HttpResponseRedirect(here)
            try:
                close = till_close(
                    parlor=parlor,
                    kind=kind,
                    denominations=count,
                    by=acting_user(request),
                    memo=memo,
                )
            except LedgerError as error:
                messages.error(request, refusal_text(error, parlor=parlor))
            except PolicyRefusal as error:
                messages.error(request, str(error.message))
            else:
                messages.success(
                    request,
                    _("The till is closed: counted %(counted)s, expected %(expected)s,"
                      " difference %(difference)s.") % {
                        "counted": money_text(close.counted, parlor),
                        "expected": money_text(close.expected, parlor),
                        "difference": money_text(close.difference, parlor, signed=True),
                    },
                )  # fmt: skip
            return HttpResponseRedirect(here)
        counted, _stored = counted_total(parlor=parlor, denominations=count)
        difference = counted - period.expected
        shown = {
            "count": count,
            "kind": kind,
            "kind_label": TillCloseKind(kind).label,
            "memo": memo,
            "counted": money_text(counted, parlor),
            "difference": money_text(difference, parlor, signed=True),
            "over": difference > 0,
            "short": difference < 0,
        }
    closes = list(
        TillClose.objects.filter(parlor=parlor).select_related("closed_by").order_by("-pk")[:5]
    )
    counts: dict[object, object] = shown["count"] if shown else {}
    context = {
        **admin.site.each_context(request),
        "title": _("Till"),
        "is_nav_sidebar_enabled": False,
        "parlor": parlor,
        "parlors": parlors,
        "period": period,
        "opening_float": money_text(period.opening_float, parlor),
        "cash_entries": money_text(period.cash_entries, parlor, signed=True),
        "expected": money_text(period.expected, parlor),
        "faces": [
            {"face": face, "label": money_text(face, parlor), "pieces": counts.get(str(face), "")}
            for face in faces
        ],
        "kinds": TillCloseKind.choices,
        "shown": shown,
        "after_close": last_close,
        "closes": [
            {
                "close": close,
                "expected": money_text(close.expected, parlor),
                "counted": money_text(close.counted, parlor),
                "difference": money_text(close.difference, parlor, signed=True),
            }
            for close in closes
        ],
        "memo_max": MAX_MEMO,
    }
    return TemplateResponse(request, "desk/counter/till.html", context)
