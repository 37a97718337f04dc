"""The scoreboard screen's route (its JSON is the API's: ``api.scoreboard.views``)."""

from django.urls import re_path

from scoreboard.selectors import TOKEN_PATTERN
from scoreboard.standings import scoreboard_standings_page
from scoreboard.views import scoreboard_page

urlpatterns = [
    re_path(rf"^scoreboard/(?P<token>{TOKEN_PATTERN})/$", scoreboard_page, name="scoreboard"),
    re_path(
        rf"^scoreboard/(?P<token>{TOKEN_PATTERN})/standings/$",
        scoreboard_standings_page,
        name="scoreboard-standings",
    ),
]
