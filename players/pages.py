"""A player's own pages (``/me/``): sign in, their sessions and hands, money by day, statement.

A login linked to a ``Player`` (``Player.user``) sees only that player's
sessions; a session they did not sit in answers 404, as any other page of
someone else's would. Of table-mates the pages show what was on the table:
names, points, chips and placements, never their money. Pages are in the
user's language (``parlor.middleware.UserLanguageMiddleware``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone

from ledger.books.balances import player_balance, session_scoreboard
from ledger.play.engine_results import hand_outcome
from ledger.play.games import starting_points
from ledger.settle.business_days import business_day_bounds
from ledger.settle.standing_selectors import month_of
from parlor.access import user_player
from parlor.models import Player
from players.selectors import (
    player_days,
    player_results,
    player_session,
    player_sessions,
    session_placements,
)
from players.statistics.charts import HEIGHT, WIDTH, points_chart, rating_chart
from players.statistics.selectors import PERIOD_LABELS, period_of, player_statistics
from reports.scope import Window
from reports.statements import statement_html
from words.hand_view import hand_view
from words.labels import yaku_label
from words.money import money_text

LOGIN_URL = "/me/login/"
SESSIONS_SHOWN = 100

View = Callable[..., HttpResponse]


def player_only(view: Callable[..., HttpResponse]) -> View:
    """Signed in, and the login belongs to a player; else the login page or 403."""

    @login_required(login_url=LOGIN_URL)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        player = user_player(request.user)
        if player is None:
            text = render_to_string("players/not_a_player.html", request=request)
            return HttpResponseForbidden(text)
        # Times print in the parlor's zone, as its players read the clock.
        with timezone.override(ZoneInfo(player.parlor.time_zone)):
            return view(request, player, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


class PlayerLoginView(auth_views.LoginView):
    template_name = "players/login.html"
    redirect_authenticated_user = True
    next_page = "/me/"


class PlayerPasswordSetView(auth_views.PasswordResetConfirmView):
    """The one-time link a manager made (``parlor.services.logins.one_time_link``).

    The player chooses their password once and is signed in; the token stops working
    when the password changes, so the link cannot be used twice.
    """

    template_name = "players/password_set.html"
    post_reset_login = True
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"
    success_url = "/me/"


@player_only
def player_home(request: HttpRequest, player: Player) -> HttpResponse:
    """Balance, money per business day, and the sessions the player sat in."""
    sessions = list(player_sessions(player=player)[:SESSIONS_SHOWN])
    results = player_results(player=player, sessions=[s.pk for s in sessions])
    parlor = player.parlor
    first, last = month_of(parlor=parlor, moment=timezone.now())
    rows = [
        {
            "session": session,
            "mates": [
                seat.player.name for seat in session.seats.all() if seat.player_id != player.pk
            ],
            "result": results.get(session.pk),
        }
        for session in sessions
    ]
    balance = player_balance(player=player)
    return render(
        request,
        "players/home.html",
        {
            "player": player,
            "parlor": parlor,
            "balance": balance,
            "balance_money": money_text(balance.money, parlor),
            "days": [
                {"day": day, "net": money_text(day.net_money, parlor)}
                for day in player_days(player=player)
            ],
            "rows": rows,
            "month": (first, last),
        },
    )


@player_only
def player_session_page(request: HttpRequest, player: Player, session_id: int) -> HttpResponse:
    """Every live hand of one of the player's sessions, with tiles and the running score."""
    session = player_session(player=player, session_id=session_id)
    if session is None:
        raise Http404("not one of your sessions")
    board = session_scoreboard(session=session)
    names = [mate.name for mate in board.players]
    start = starting_points(session=session)
    hands = [
        {
            "row": row,
            "view": hand_view(payload=row.hand.payload, result=hand_outcome(row.hand), names=names),
            "scores": [start + total for total in row.points_total],
        }
        for row in board.rows
    ]
    placements = session_placements(session=session)
    own = player_results(player=player, sessions=[session.pk]).get(session.pk)
    seats = [
        {
            "name": mate.name,
            "is_me": mate.pk == player.pk,
            "score": start + points,
            "chips": chips,
            "place": placements.get(seat),
        }
        for seat, (mate, points, chips) in enumerate(
            zip(board.players, board.points_total, board.chips_total, strict=True)
        )
    ]
    return render(
        request,
        "players/session.html",
        {
            "player": player,
            "session": session,
            "seats": seats,
            "hands": hands,
            "own": own,
            "own_net": None if own is None else money_text(own.net_money, session.parlor),
        },
    )


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


@player_only
def player_statement_page(request: HttpRequest, player: Player) -> HttpResponse:
    """The player's statement for ``?from=`` to ``?to=`` (business days; default this month)."""
    parlor = player.parlor
    first, last = month_of(parlor=parlor, moment=timezone.now())
    first = _day(request.GET.get("from")) or first
    last = _day(request.GET.get("to")) or last
    if last < first or (last - first).days > 400:
        return HttpResponse("from must be on or before to, at most 400 days apart", status=400)
    since, until = business_day_bounds(parlor=parlor, first=first, last=last)
    window = Window(
        parlor=parlor, player=player, first_day=first, last_day=last, since=since, until=until
    )
    return HttpResponse(statement_html(window=window, player=player))


STATISTICS_PERIODS = ("all", "year", "month")


@player_only
def player_statistics_page(request: HttpRequest, player: Player) -> HttpResponse:
    """The player's numbers per ruleset configuration, their points per game, their rating."""
    kind = request.GET.get("period", "all")
    kind = kind if kind in STATISTICS_PERIODS else "all"
    period = period_of(parlor=player.parlor, kind=kind)
    statistics = player_statistics(player=player, period=period)
    blocks = [
        {
            "config": config,
            "points": points_chart([game.points for game in config.games]),
            "rating": rating_chart([point.value for point in config.ratings]),
            "yaku": [(yaku_label(name), wins) for name, wins in config.totals.yaku_distribution()],
            "han": config.totals.han_distribution(),
            "han_most": max([wins for _, wins in config.totals.han_distribution()] or [0]),
        }
        for config in statistics.configs
    ]
    return render(
        request,
        "players/statistics.html",
        {
            "player": player,
            "period": kind,
            "periods": [(name, PERIOD_LABELS[name]) for name in STATISTICS_PERIODS],
            "statistics": statistics,
            "blocks": blocks,
            "chart": {"width": WIDTH, "height": HEIGHT},
        },
    )
