"""``/scoreboard/{token}/``: the parlor's screen, no login; it polls the API's JSON each second.

The page itself holds only the frame and its words in the chosen language
(``?lang=ja``); ``scoreboard/static/scoreboard/scoreboard.js`` draws the tables from
``/api/scoreboard/{token}/`` (``api.scoreboard.views``) and redraws them only when the
ETag changes.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoreboard.selectors import scoreboard_link_of

POLL_MS = 1000


def requested_language(request: HttpRequest) -> str:
    """``?lang=`` when it names a language the service speaks, else the request's."""
    wanted = request.GET.get("lang", "")
    known = {code for code, _ in settings.LANGUAGES}
    return wanted if wanted in known else translation.get_language() or settings.LANGUAGE_CODE


def scoreboard_page(request: HttpRequest, token: str) -> HttpResponse:
    link = scoreboard_link_of(token)
    language = requested_language(request)
    with translation.override(language):
        words = {
            "honba": _("honba"),
            "sticks": _("sticks"),
            "chips": _("chips"),
            "dealer": _("dealer"),
            "hand": pgettext("scoreboard", "hand"),
            "last_hand": _("Last hand"),
            "no_tables": _("No table is open."),
            "offline": _("Connection lost: showing the last state received, retrying."),
            "game_over": _("Game over"),
            "final_standings": _("Final standings"),
            "won_on": _("won on"),
            "waiting": _("waiting"),
        }
        response = render(
            request,
            "scoreboard/scoreboard.html",
            {
                "parlor": link.parlor,
                "language": language,
                "state_url": f"{reverse('api-scoreboard', args=[token])}?lang={language}",
                "poll_ms": POLL_MS,
                "words": words,
            },
        )
    response["Content-Language"] = language
    # The link is the secret: keep it out of other sites' Referer headers.
    response["Referrer-Policy"] = "no-referrer"
    return response
