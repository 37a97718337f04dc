"""Routes of the players' own pages (``/me/``)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from players.pages import (
    PlayerLoginView,
    PlayerPasswordSetView,
    player_home,
    player_session_page,
    player_statement_page,
    player_statistics_page,
)

urlpatterns = [
    path("me/", player_home, name="player-home"),
    path("me/sessions/<int:session_id>/", player_session_page, name="player-session"),
    path("me/statement/", player_statement_page, name="player-statement"),
    path("me/statistics/", player_statistics_page, name="player-statistics"),
    path("me/login/", PlayerLoginView.as_view(), name="player-login"),
    path(
        "me/password/<uidb64>/<token>/",
        PlayerPasswordSetView.as_view(),
        name="player-password-set",
    ),
    path("me/logout/", auth_views.LogoutView.as_view(next_page="/me/login/"), name="player-logout"),
]
