"""The admin's standings page (``/admin/players/standings/``): chosen, sorted, exported.

The staff and the manager choose the parlor (one of theirs), the business days, the
ruleset configuration and the fewest games a line needs; a column's heading sorts by
it (again: the other way). CSV and XLSX carry the same lines. Who may see the page is
the policy's ``view_standings``; the money column appears only where the user may
``view_books`` in that parlor. One selector answers it (``desk_standings``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from ledger.settle.standing_selectors import month_of
from parlor import policy
from parlor.models import Parlor, RulesetConfig
from parlor.policy import Action
from players.statistics.exports import CONTENT_TYPES, file_name, standings_export
from players.statistics.selectors import DESK_SORT_FIELDS, DeskStandings, desk_standings

TEMPLATE = "admin/players/standings.html"
# Lines per page: a busy parlor has hundreds (the files hold them all).
PAGE_SIZE = 50
# The columns the page shows, in order: (ordering name, heading); None: not sortable.
COLUMNS: tuple[tuple[str | None, Any], ...] = (
    ("player_name", _("player")),
    ("games", _("games")),
    (None, _("1st-2nd-3rd-4th")),
    ("average_placement", _("avg. place")),
    ("top_rate", _("Top rate")),
    ("win_rate", _("Win rate")),
    ("deal_in_rate", _("Deal-in rate")),
    ("riichi_rate", _("Riichi rate")),
    ("points", _("points")),
    ("net_money", _("net money")),
    ("rating", _("rating")),
)


class StandingsQueryForm(forms.Form):
    parlor = forms.ModelChoiceField(queryset=Parlor.objects.none(), label=_("parlor"))
    date_from = forms.DateField(label=_("from"), widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=_("to"), widget=forms.DateInput(attrs={"type": "date"}))
    ruleset_config = forms.ModelChoiceField(
        queryset=RulesetConfig.objects.none(),
        required=False,
        label=_("ruleset configuration"),
        empty_label=_("every configuration"),
    )
    min_games = forms.IntegerField(
        label=_("at least games"), min_value=0, max_value=1_000_000, required=False
    )
    o = forms.ChoiceField(
        choices=[(name, name) for name in DESK_SORT_FIELDS]
        + [(f"-{name}", name) for name in DESK_SORT_FIELDS],
        required=False,
        widget=forms.HiddenInput,
    )

    def __init__(self, data: Any, *, parlors: Any) -> None:
        super().__init__(data)
        self.fields["parlor"].queryset = parlors  # type: ignore[attr-defined]
        self.fields["ruleset_config"].queryset = RulesetConfig.objects.filter(  # type: ignore[attr-defined]
            parlor__in=parlors
        ).order_by("parlor__name", "name")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, last = data.get("date_from"), data.get("date_to")
        if first and last and last < first:
            self.add_error("date_to", _("The last day comes before the first."))
        config, parlor = data.get("ruleset_config"), data.get("parlor")
        if config is not None and parlor is not None and config.parlor_id != parlor.pk:
            self.add_error("ruleset_config", _("This configuration is another parlor's."))
        return data


def _defaults(request: HttpRequest, parlors: Any) -> dict[str, Any]:
    """The query as sent, the first parlor and this month filling what it leaves out."""
    query: dict[str, Any] = request.GET.dict()
    parlor = parlors.filter(pk=query.get("parlor") or 0).first() or parlors.first()
    if parlor is not None:
        query.setdefault("parlor", parlor.pk)
        first, last = month_of(parlor=parlor, moment=timezone.now())
        query.setdefault("date_from", first.isoformat())
        query.setdefault("date_to", last.isoformat())
    query.setdefault("min_games", 0)
    query.setdefault("o", "-rating")
    return query


def standings_page(request: HttpRequest, admin_context: dict[str, Any]) -> HttpResponse:
    parlors = policy.scoped_to(
        Parlor.objects.order_by("name"), request.user, Action.VIEW_STANDINGS, "pk"
    )
    form = StandingsQueryForm(_defaults(request, parlors), parlors=parlors)
    desk: DeskStandings | None = None
    if form.is_valid():
        data = form.cleaned_data
        parlor = data["parlor"]
        with_money = policy.allows(request.user, Action.VIEW_BOOKS, parlor_id=parlor.pk)
        ordering = data.get("o") or "-rating"
        if ordering.lstrip("-") == "net_money" and not with_money:
            ordering = "-rating"
        desk = desk_standings(
            parlor=parlor,
            first_day=data["date_from"],
            last_day=data["date_to"],
            ruleset_config_id=getattr(data.get("ruleset_config"), "pk", None),
            min_games=data.get("min_games") or 0,
            ordering=ordering,
            with_money=with_money,
        )
        file_format = request.GET.get("export")
        if file_format in CONTENT_TYPES:
            response = HttpResponse(
                standings_export(desk, file_format), content_type=CONTENT_TYPES[file_format]
            )
            name = file_name(desk, file_format)
            response["Content-Disposition"] = f'attachment; filename="{name}"'
            return response
    page = None
    if desk is not None:
        page = Paginator(desk.lines, PAGE_SIZE).get_page(request.GET.get("page"))
    return TemplateResponse(
        request,
        TEMPLATE,
        {
            **admin_context,
            "title": _("Standings"),
            "form": form,
            "desk": desk,
            "page": page,
            "first_rank": page.start_index() if page else 1,
            "columns": _headings(form, desk),
            "export_query": _query_with(form, export=None, page=None),
            "page_query": _query_with(form, export=None, page=None),
        },
    )


def _query_with(form: StandingsQueryForm, **changes: Any) -> str:
    """The page's query with ``changes`` (None: left out)."""
    query = dict(form.data.items())
    query.update(changes)
    return urlencode({name: value for name, value in query.items() if value is not None})


def _headings(form: StandingsQueryForm, desk: DeskStandings | None) -> list[dict[str, Any]]:
    """Each column's heading, its sort link (the other way when it is the sort), its state."""
    current = str(form.data.get("o") or "-rating")
    headings = []
    for name, label in COLUMNS:
        if name == "net_money" and not (desk and desk.with_money):
            continue
        entry: dict[str, Any] = {"name": name, "label": label, "sorted": None, "url": None}
        if name is not None:
            descending = current == f"-{name}"
            if current.lstrip("-") == name:
                entry["sorted"] = "descending" if descending else "ascending"
            # Names and places read best ascending first; counts, rates and ratings descending.
            first = name if name in ("player_name", "average_placement") else f"-{name}"
            target = (name if descending else f"-{name}") if entry["sorted"] else first
            entry["url"] = "?" + _query_with(form, o=target, page=None, export=None)
        headings.append(entry)
    return headings
