"""Login throttling: django-axes locks a username at an address after repeated failures.

Covers every login that goes through ``django.contrib.auth.authenticate`` with
a request: the admin's login page and the API's ``/api/auth/token/`` (DRF's
serializer passes the request). Settings ``AXES_*`` in config/settings.py;
docs/hardening.md explains the choices.
"""

from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from django.http import HttpRequest


class WebLoginThrottleBackend(AxesStandaloneBackend):  # type: ignore[misc]
    """Axes' check for web logins; logins without a request are not throttled.

    A call with no request (the test client's ``login``, a shell) does not come
    from the network; axes itself would refuse it with an exception.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        try:
            super().authenticate(request, username=username, password=password, **kwargs)
        except AxesBackendPermissionDenied:
            # DRF's token view passes its Request wrapper: mark the lockout on the
            # HttpRequest underneath too, where AxesMiddleware looks to answer 429.
            underneath: Any = getattr(request, "_request", request)
            underneath.axes_locked_out = True
            raise
        return None
