"""The floor desk (``/desk/floor/``): one page a tablet at the desk keeps open.

It shows each game's queue in order with the waiting time, the staff on the floor,
the free tables and what the desk proposes for them; its buttons add a checked-in
player to a queue, take one out, clock staff in and out, draw the seats of a
proposal (again, with a reason), and open the drawn table. Each button posts to
this page, which calls the floor's services and comes back here (a refusal in the
user's words, ``desk.words``). Who may is the policy's ``RUN_FLOOR``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk.words import refusal_text
from ledger.admin.roles import acting_user
from ledger.errors import LedgerError
from ledger.floor.pauses import pause_end, pause_start
from ledger.floor.selectors import floor_now
from ledger.floor.services import (
    REASON_MAX_LENGTH,
    queue_join,
    queue_leave,
    seat_draw,
    seat_draw_confirm,
    shift_clock_in,
    shift_clock_out,
)
from ledger.models import (
    SeatDraw,
    Session,
    SessionPause,
    SessionState,
    StaffShift,
    Visit,
    WaitingEntry,
)
from parlor import policy
from parlor.models import Membership, Parlor, Player, Rate, Role, RulesetConfig, Table
from parlor.policy import Action, PolicyRefusal
from words.labels import WINDS


def _parlors(request: HttpRequest) -> list[Parlor]:
    return list(policy.scoped_to(Parlor.objects.all(), request.user, Action.RUN_FLOOR, "pk"))


def _parlor(request: HttpRequest) -> Parlor:
    parlors = _parlors(request)
    if not parlors:
        raise PermissionDenied
    wanted = request.GET.get("parlor") or request.POST.get("parlor")
    if wanted is None:
        return parlors[0]
    for parlor in parlors:
        if str(parlor.pk) == wanted:
            return parlor
    raise Http404("No such parlor.")


class JoinForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=gettext_lazy("player"))
    game = forms.ChoiceField(label=gettext_lazy("game"))

    def __init__(self, *args: Any, parlor: Parlor, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        checked_in = Visit.objects.filter(parlor=parlor, checked_out_at__isnull=True)
        player = self.fields["player"]
        assert isinstance(player, forms.ModelChoiceField)
        player.queryset = Player.objects.filter(pk__in=checked_in.values("player_id")).order_by(
            "name"
        )
        games = [
            (f"{rules.pk}:{rate.pk}", f"{rules.name} · {rate.name}")
            for rules in RulesetConfig.objects.filter(parlor=parlor, is_active=True)
            for rate in Rate.objects.filter(parlor=parlor, is_active=True)
        ]
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = games


class ClockInForm(forms.Form):
    user = forms.ModelChoiceField(queryset=User.objects.none(), label=gettext_lazy("staff member"))
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label=gettext_lazy("plays as"),
        help_text=gettext_lazy("The player record the staff member sits at a table as."),
    )

    def __init__(self, *args: Any, parlor: Parlor, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        on_floor = StaffShift.objects.filter(parlor=parlor, clocked_out_at__isnull=True)
        staff = Membership.objects.filter(parlor=parlor, role__in=[Role.STAFF, Role.MANAGER])
        user = self.fields["user"]
        assert isinstance(user, forms.ModelChoiceField)
        user.queryset = (
            User.objects.filter(pk__in=staff.values("user_id"))
            .exclude(pk__in=on_floor.values("user_id"))
            .order_by("username")
        )
        player = self.fields["player"]
        assert isinstance(player, forms.ModelChoiceField)
        player.queryset = Player.objects.filter(parlor=parlor, is_active=True).order_by("name")


def _game(parlor: Parlor, value: str) -> tuple[RulesetConfig, Rate]:
    rules_id, _sep, rate_id = value.partition(":")
    return (
        get_object_or_404(RulesetConfig, pk=rules_id, parlor=parlor),
        get_object_or_404(Rate, pk=rate_id, parlor=parlor),
    )


def _act(request: HttpRequest, parlor: Parlor) -> None:
    """Do what the button asked; say how it went (messages)."""
    by = acting_user(request)
    what = request.POST.get("do", "")
    if what == "join":
        form = JoinForm(request.POST, parlor=parlor, prefix="join")
        if not form.is_valid():
            messages.error(request, _("Choose a checked-in player and a game."))
            return
        rules, rate = _game(parlor, form.cleaned_data["game"])
        entry = queue_join(
            player=form.cleaned_data["player"], ruleset_config=rules, rate=rate, by=by
        )
        messages.success(
            request, _("%(player)s waits for %(game)s.") % {
                "player": entry.player.name, "game": f"{rules.name} · {rate.name}"
            }
        )  # fmt: skip
    elif what == "leave":
        entry = get_object_or_404(WaitingEntry, pk=request.POST.get("entry"), parlor=parlor)
        queue_leave(entry=entry, by=by)
        messages.success(request, _("%(player)s left the queue.") % {"player": entry.player.name})
    elif what == "clock_in":
        clock = ClockInForm(request.POST, parlor=parlor, prefix="clock")
        if not clock.is_valid():
            messages.error(request, _("Choose a staff member and the player they sit as."))
            return
        shift = shift_clock_in(**clock.cleaned_data, by=by)
        messages.success(request, _("%(name)s is on the floor.") % {"name": shift.user})
    elif what == "clock_out":
        shift = get_object_or_404(StaffShift, pk=request.POST.get("shift"), parlor=parlor)
        shift_clock_out(shift=shift, by=by)
        messages.success(request, _("%(name)s is off the floor.") % {"name": shift.user})
    elif what in ("draw", "redraw"):
        table = get_object_or_404(Table, pk=request.POST.get("table"), parlor=parlor)
        rules, rate = _game(parlor, request.POST.get("game", ""))
        reason = request.POST.get("reason", "")[:REASON_MAX_LENGTH]
        seat_draw(table=table, ruleset_config=rules, rate=rate, by=by, reason=reason)
        messages.success(request, _("Seats drawn for %(table)s.") % {"table": table.name})
    elif what in ("pause", "resume"):
        playing = get_object_or_404(Session, pk=request.POST.get("session"), parlor=parlor)
        if what == "pause":
            pause_start(session=playing, by=by)
            messages.success(request, _("%(table)s is paused.") % {"table": playing.table.name})
        else:
            pause_end(session=playing, by=by)
            messages.success(request, _("%(table)s plays on.") % {"table": playing.table.name})
    elif what == "open":
        drawn = get_object_or_404(SeatDraw, pk=request.POST.get("draw"), parlor=parlor)
        session = seat_draw_confirm(draw=drawn, by=by)
        messages.success(
            request, _("%(table)s is playing: session %(session)s opened.") % {
                "table": drawn.table.name, "session": session.pk
            }
        )  # fmt: skip


def _seat_rows(draw: SeatDraw, names: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {"wind": WINDS[seat], "name": names.get(player, str(player))}
        for seat, player in enumerate(draw.seats)
    ]


def floor_page(request: HttpRequest) -> HttpResponse:
    parlor = _parlor(request)
    if request.method == "POST":
        try:
            _act(request, parlor)
        except LedgerError as error:
            messages.error(request, refusal_text(error, parlor=parlor))
        except PolicyRefusal as error:
            messages.error(request, str(error.message))
        return HttpResponseRedirect(f"{reverse('desk-floor')}?parlor={parlor.pk}")
    floor = floor_now(parlor=parlor)
    now = timezone.now()
    ids = {player for draw in floor.pending for player in draw.candidates}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    queues = [
        {
            "queue": queue,
            "game": f"{queue.ruleset_config.pk}:{queue.rate.pk}",
            "rows": [
                {
                    "entry": entry,
                    "order": order,
                    "minutes": int((now - entry.joined_at).total_seconds() // 60),
                }
                for order, entry in enumerate(queue.entries, start=1)
            ],
        }
        for queue in floor.queues
    ]
    context = {
        **admin.site.each_context(request),
        "title": _("Floor desk"),
        # The whole width for the floor at a tablet: no menu column.
        "is_nav_sidebar_enabled": False,
        "parlor": parlor,
        "parlors": _parlors(request),
        "queues": queues,
        "shifts": floor.shifts,
        "free_tables": floor.free_tables,
        "proposals": [
            {"proposal": p, "game": f"{p.queue.ruleset_config.pk}:{p.queue.rate.pk}"}
            for p in floor.proposals
        ],
        "pending": [
            {
                "draw": draw,
                "game": f"{draw.ruleset_config_id}:{draw.rate_id}",
                "seats": _seat_rows(draw, names),
                "redraws": draw.redraw_of_id is not None,
            }
            for draw in floor.pending
        ],
        "playing": Session.objects.filter(parlor=parlor, state=SessionState.OPEN)
        .select_related("table")
        .annotate(
            paused=Exists(
                SessionPause.objects.filter(session=OuterRef("pk"), ended_at__isnull=True)
            )
        )
        .order_by("table__name", "pk"),
        "join_form": JoinForm(parlor=parlor, prefix="join"),
        "clock_form": ClockInForm(parlor=parlor, prefix="clock"),
        "reason_max": REASON_MAX_LENGTH,
        # The page fetches itself again this often, unless a form is being typed into.
        "refresh_seconds": settings.FLOOR_REFRESH_SECONDS,
    }
    return TemplateResponse(request, "desk/floor/floor.html", context)
