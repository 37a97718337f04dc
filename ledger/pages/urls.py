"""Routes of the pages outside the admin: the scoreboard screen and players' own pages."""

from django.contrib.auth import views as auth_views
from django.urls import path, re_path

from ledger.api.views.scoreboard import TOKEN_PATTERN
from ledger.pages.player import (
    PlayerLoginView,
    player_home,
    player_session_page,
    player_statement_page,
)
from ledger.pages.scoreboard import scoreboard_page

urlpatterns = [
    re_path(rf"^scoreboard/(?P<token>{TOKEN_PATTERN})/$", scoreboard_page, name="scoreboard"),
    path("me/", player_home, name="player-home"),
    path("me/sessions/<int:session_id>/", player_session_page, name="player-session"),
    path("me/statement/", player_statement_page, name="player-statement"),
    path("me/login/", PlayerLoginView.as_view(), name="player-login"),
    path("me/logout/", auth_views.LogoutView.as_view(next_page="/me/login/"), name="player-logout"),
]
