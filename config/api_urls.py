"""The REST API root (/api/): every resource's viewset on one router, plus token and me.

Endpoints, roles and error shapes are listed in docs/api.md.
"""

from django.urls import include, path, re_path
from rest_framework.routers import DefaultRouter

from api.books.views import BalanceViewSet, MeView, SettlementViewSet, StatementViewSet
from api.counter.visits import CreditLimitViewSet, VisitViewSet
from api.floor.members import (
    BackPayRateViewSet,
    MemberAdvanceViewSet,
    MemberStatementView,
    MembersView,
)
from api.floor.views import (
    FloorView,
    SeatDrawViewSet,
    SessionPauseViewSet,
    StaffShiftViewSet,
    WaitingEntryViewSet,
)
from api.parlor.rulesets import RulesetDetailView, RulesetListView
from api.parlor.views import PlayerViewSet, RateViewSet, RulesetConfigViewSet, TableViewSet
from api.play.views.corrections import CorrectionViewSet
from api.play.views.hands import HandViewSet
from api.play.views.penalties import PenaltyViewSet
from api.play.views.sessions import SessionViewSet
from api.players.views import MyDaysView, MySessionsView, MySessionView
from api.reports.views import ExportJobViewSet, SessionCloseJobView
from api.scoreboard.views import ScoreboardView
from api.settle.views import StandingsFileView, StandingsView
from api.statistics.views import MyStatisticsView, PlayerStatisticsView, StatisticsStandingsView
from api.token_login import token_login
from scoreboard.selectors import TOKEN_PATTERN

router = DefaultRouter()
router.register("players", PlayerViewSet, basename="player")
router.register("tables", TableViewSet, basename="table")
router.register("ruleset-configs", RulesetConfigViewSet, basename="rulesetconfig")
router.register("rates", RateViewSet, basename="rate")
router.register("sessions", SessionViewSet, basename="session")
# At most 18 digits: a larger id cannot be a row (bigint) and would overflow the query.
router.register(r"sessions/(?P<session_pk>[0-9]{1,18})/hands", HandViewSet, basename="session-hand")
router.register("corrections", CorrectionViewSet, basename="correction")
router.register("penalties", PenaltyViewSet, basename="penalty")
router.register("balances", BalanceViewSet, basename="balance")
router.register("statements", StatementViewSet, basename="statement")
router.register("settlements", SettlementViewSet, basename="settlement")
router.register("exports", ExportJobViewSet, basename="export")
router.register("counter/visits", VisitViewSet, basename="visit")
router.register("counter/credit-limits", CreditLimitViewSet, basename="credit-limit")
router.register("floor/waiting", WaitingEntryViewSet, basename="waiting-entry")
router.register("floor/shifts", StaffShiftViewSet, basename="staff-shift")
router.register("floor/draws", SeatDrawViewSet, basename="seat-draw")
router.register("floor/back-pay-rates", BackPayRateViewSet, basename="back-pay-rate")
router.register("floor/advances", MemberAdvanceViewSet, basename="member-advance")
router.register("floor/pauses", SessionPauseViewSet, basename="session-pause")

urlpatterns = [
    path("auth/token/", token_login, name="api-token"),
    path("me/", MeView.as_view(), name="api-me"),
    path("floor/", FloorView.as_view(), name="api-floor"),
    path("floor/members/", MembersView.as_view(), name="api-floor-members"),
    path(
        "floor/members/<int:player_pk>/statement/",
        MemberStatementView.as_view(),
        name="api-floor-member-statement",
    ),
    path("me/sessions/", MySessionsView.as_view(), name="api-my-sessions"),
    path("me/sessions/<int:session_pk>/", MySessionView.as_view(), name="api-my-session"),
    path("me/days/", MyDaysView.as_view(), name="api-my-days"),
    path("me/statistics/", MyStatisticsView.as_view(), name="api-my-statistics"),
    path(
        "players/<int:player_pk>/statistics/",
        PlayerStatisticsView.as_view(),
        name="api-player-statistics",
    ),
    path(
        "statistics/standings/",
        StatisticsStandingsView.as_view(),
        name="api-statistics-standings",
    ),
    re_path(
        rf"^scoreboard/(?P<token>{TOKEN_PATTERN})/$",
        ScoreboardView.as_view(),
        name="api-scoreboard",
    ),
    path("rulesets/", RulesetListView.as_view(), name="api-rulesets"),
    path("rulesets/<slug:slug>/", RulesetDetailView.as_view(), name="api-ruleset"),
    path("standings/", StandingsView.as_view(), name="api-standings"),
    path("standings/file/", StandingsFileView.as_view(), name="api-standings-file"),
    path("counter/", include("api.counter.urls")),
    path("sessions/<int:session_pk>/close-job/", SessionCloseJobView.as_view(), name="close-job"),
    *router.urls,
]
