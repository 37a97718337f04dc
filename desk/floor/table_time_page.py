"""``/desk/table-time/``: each table's occupied hours, games and fees for a day and its month.

Fees are money, so the page is the books' (``VIEW_BOOKS``); the figures are
``ledger.floor.table_time``'s.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from ledger.floor.table_time import TableTime, month_total, table_time
from ledger.settle.business_days import business_day_of
from parlor import policy
from parlor.models import Parlor
from parlor.policy import Action
from words.money import money_text


def _hours(span: timedelta) -> str:
    minutes = int(span.total_seconds() // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


def _cells(rows: list[TableTime], parlor: Parlor) -> list[dict[str, str | int]]:
    return [
        {
            "table": row.table.name,
            "hours": _hours(row.occupied),
            "paused": _hours(row.paused),
            "sessions": row.sessions,
            "games": row.games,
            "fees": money_text(row.fees, parlor),
        }
        for row in rows
    ]


def table_time_page(request: HttpRequest) -> HttpResponse:
    parlors = list(policy.scoped_to(Parlor.objects.all(), request.user, Action.VIEW_BOOKS, "pk"))
    if not parlors:
        raise PermissionDenied
    wanted = request.GET.get("parlor")
    parlor = parlors[0] if wanted is None else next(
        (p for p in parlors if str(p.pk) == wanted), None
    )  # fmt: skip
    if parlor is None:
        raise Http404("No such parlor.")
    try:
        day = date.fromisoformat(request.GET["day"]) if "day" in request.GET else None
    except ValueError:
        day = None
    day = day or business_day_of(parlor=parlor, moment=timezone.now())
    first = day.replace(day=1)
    last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
    days = table_time(parlor=parlor, first=first, last=last)
    today = next(d for d in days if d.day == day)
    context = {
        **admin.site.each_context(request),
        "title": _("Table time"),
        # The whole width for the floor at a tablet: no menu column.
        "is_nav_sidebar_enabled": False,
        "parlor": parlor,
        "day": day,
        "previous": (day - timedelta(days=1)).isoformat(),
        "next": (day + timedelta(days=1)).isoformat(),
        "day_rows": _cells(today.rows, parlor),
        "month_rows": _cells(month_total(days), parlor),
        "month": first,
    }
    return TemplateResponse(request, "desk/floor/table_time.html", context)
