"""Browser middleware that a cookieless API call skips.

A call to ``/api/`` without a session cookie is authenticated by its token (DRF,
inside the view): there is no session to load, no signed-in user for the
middleware to find and no messages to show. Passing such a call straight
through these layers saved about a twelfth of a balances read's CPU
(docs/performance.md). A call that carries the session cookie (the browsable
API, the staff pages' own calls) goes through every layer, as any other request.
Django's CSRF middleware stays whole: ``check --deploy`` asks for it by name, and
DRF's views are exempt from it (DRF checks the token itself for a call signed in
by the session).

``MIDDLEWARE`` names the classes below in place of Django's and the project's.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.http import HttpRequest, HttpResponse

from parlor.middleware import ParlorTimeZoneMiddleware, UserLanguageMiddleware

API_PREFIX = "/api/"


def cookieless_api_call(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX) and (
        settings.SESSION_COOKIE_NAME not in request.COOKIES
    )


def _browser_only(middleware: type[Any]) -> type[Any]:
    """``middleware``'s subclass that a cookieless API call passes straight through (a
    subclass: Django's checks, the admin's, look for their middleware or a subclass)."""

    def __call__(self: Any, request: HttpRequest) -> HttpResponse:
        if cookieless_api_call(request):
            return self.get_response(request)  # type: ignore[no-any-return]
        return middleware.__call__(self, request)  # type: ignore[no-any-return]

    if hasattr(middleware, "process_view"):  # Django would call it whatever the request
        raise TypeError(f"{middleware.__name__} has process_view: not skipped here")
    return type(
        f"Browser{middleware.__name__}",
        (middleware,),
        {"__call__": __call__, "__doc__": _browser_only.__doc__},
    )


BrowserSessionMiddleware = _browser_only(SessionMiddleware)
BrowserAuthenticationMiddleware = _browser_only(AuthenticationMiddleware)
BrowserUserLanguageMiddleware = _browser_only(UserLanguageMiddleware)
BrowserParlorTimeZoneMiddleware = _browser_only(ParlorTimeZoneMiddleware)
BrowserMessageMiddleware = _browser_only(MessageMiddleware)
