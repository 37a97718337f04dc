"""URLs: health probe, admin, the REST API and its schema and docs.

The site's root leads the staff to their work: the open sessions (the admin's
"View site" link points there too, instead of a page that does not exist).
``/favicon.ico``, which every browser asks for on every page, is the parlor's tile.
"""

from functools import cache
from pathlib import Path

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import include, path, reverse
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.health import healthz
from parlor.views import language_preference_set

admin.site.site_url = "/"


def home(request: HttpRequest) -> HttpResponseRedirect:
    """The open sessions (the admin asks anyone not signed in to sign in first)."""
    return HttpResponseRedirect(reverse("admin:ledger_session_changelist") + "?state__exact=open")


FAVICON = Path(__file__).with_name("favicon.ico")


@cache
def _favicon_bytes() -> bytes:
    return FAVICON.read_bytes()


def favicon(request: HttpRequest) -> HttpResponse:
    """The service's icon (a red dragon tile, 16, 32 and 48 px), cached for a day."""
    return HttpResponse(
        _favicon_bytes(), content_type="image/x-icon", headers={"Cache-Control": "max-age=86400"}
    )


urlpatterns = [
    path("", home, name="home"),
    path("favicon.ico", favicon, name="favicon"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("preferences/language", language_preference_set, name="language_preference_set"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/", include("config.api_urls")),
    path("", include("scoreboard.urls")),
    path("", include("players.urls")),
    path("", include("desk.urls")),
]
