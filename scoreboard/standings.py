"""``/scoreboard/{token}/standings/``: the parlor's standings on its screen, when the manager
has switched them on (Players' numbers > Statistics options); 404 otherwise, as an
unknown link is.

Names and numbers, never money: each ruleset configuration's best ``LINES`` players by
rating over the period the manager chose, with their games, average placement and
rates (``players.statistics.selectors.scoreboard_standings``). The page reloads itself
every ``REFRESH_SECONDS``; no login, in the language ``?lang=`` asks for.
"""

from __future__ import annotations

from collections import defaultdict

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

from players.statistics.rows import statistics_options
from players.statistics.selectors import PERIOD_LABELS, StandingsLine, scoreboard_standings
from scoreboard.selectors import scoreboard_link_of
from scoreboard.views import requested_language

LINES = 20
REFRESH_SECONDS = 60


def scoreboard_standings_page(request: HttpRequest, token: str) -> HttpResponse:
    link = scoreboard_link_of(token)
    standings = scoreboard_standings(parlor=link.parlor)
    if standings is None:
        raise Http404("the standings are not shown on this scoreboard")
    options = statistics_options(parlor_id=link.parlor_id)
    by_config: dict[int, list[StandingsLine]] = defaultdict(list)
    names: dict[int, str] = {}
    for line in standings.lines:
        by_config[line.ruleset_config_id].append(line)
        names[line.ruleset_config_id] = line.ruleset_config_name
    language = requested_language(request)
    with translation.override(language):
        response = render(
            request,
            "scoreboard/standings.html",
            {
                "parlor": link.parlor,
                "language": language,
                "refresh": REFRESH_SECONDS,
                "period": PERIOD_LABELS[options.scoreboard_period],
                "standings": standings,
                "min_games": options.scoreboard_min_games,
                "boards": [
                    {"name": names[config_id], "lines": lines[:LINES], "more": len(lines) > LINES}
                    for config_id, lines in sorted(
                        by_config.items(), key=lambda item: names[item[0]]
                    )
                ],
                "lines_shown": LINES,
            },
        )
    response["Content-Language"] = language
    response["Referrer-Policy"] = "no-referrer"
    return response
