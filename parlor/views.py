"""The one view of the parlor app: a signed-in user chooses their language."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from parlor.services.preferences import user_language_set


@require_POST
@login_required
def language_preference_set(request: HttpRequest) -> HttpResponse:
    """POST ``language`` (and ``next``): store it as the user's language, go back."""
    if not isinstance(request.user, AbstractBaseUser):  # login_required let it through
        return HttpResponseBadRequest("sign in first")
    try:
        user_language_set(user=request.user, language=request.POST.get("language", ""))
    except ValueError as error:
        return HttpResponseBadRequest(str(error))
    target = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return HttpResponseRedirect(target if safe else reverse("admin:index"))
