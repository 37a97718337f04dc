"""The signed-in user's language and the parlor's time zone, activated per request.

LocaleMiddleware picks a language from the URL, cookie or browser; a user
who chose one in their profile gets theirs instead, on any browser. Staff
pages print times in the parlor's zone (``parlor.services.time_zones``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from parlor.services.preferences import user_language
from parlor.services.time_zones import shared_parlor_time_zone


class UserLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = user_language(user_id=user.pk)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)


class ParlorTimeZoneMiddleware:
    """Signed-in staff see times in the parlor's zone: lists, date filters, "today"."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        zone = None
        if user is not None and user.is_authenticated and user.is_staff:
            zone = shared_parlor_time_zone()
        if zone is None:
            return self.get_response(request)
        with timezone.override(zone):
            return self.get_response(request)
