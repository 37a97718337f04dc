"""Activates the signed-in user's chosen language (after LocaleMiddleware and authentication).

LocaleMiddleware picks a language from the URL, cookie or browser; a user
who chose one in their profile gets theirs instead, on any browser.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from parlor.services.preferences import user_language


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
