"""The login page of a player's admin (``/admin/parlor/player/<id>/login/``).

A manager of the player's parlor creates the player's login (with a password
they type, or none and a one-time link the player opens to choose theirs),
sets a new password, makes a one-time link, links an existing account of
their parlors or unlinks it. Every step is a service of
``parlor.services.logins`` (policy ``LINK_LOGIN``); this page only shows the
forms and the service's answer. Another parlor's player answers 404.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from parlor import policy
from parlor.models import Player
from parlor.policy import Action, PolicyRefusal
from parlor.services.logins import (
    LoginRefusal,
    create_login,
    link_login,
    one_time_link,
    set_login_password,
)
from parlor.services.players import login_accounts

TEMPLATE = "admin/parlor/player/login.html"


class CreateLoginForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("user name"), max_length=150)
    password = forms.CharField(
        label=gettext_lazy("password"),
        required=False,
        widget=forms.PasswordInput(render_value=False),
        help_text=gettext_lazy(
            "Empty: the page gives a one-time link with which the player chooses their own."
        ),
    )


class PasswordForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("new password"), widget=forms.PasswordInput(render_value=False)
    )


class LinkForm(forms.Form):
    user = forms.ModelChoiceField(label=gettext_lazy("account"), queryset=User.objects.none())

    def __init__(self, *args: Any, by: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        free = login_accounts(by).filter(player__isnull=True)
        self.fields["user"].queryset = free  # type: ignore[attr-defined]


def player_login_view(model_admin: Any, request: HttpRequest, object_id: str) -> HttpResponse:
    player = model_admin.get_object(request, unquote(object_id))
    if player is None:
        raise Http404(_("Not found in the parlors you work in."))
    if not policy.allows(request.user, Action.LINK_LOGIN, parlor_id=player.parlor_id):
        raise Http404(_("Not found in the parlors you work in."))
    page = reverse("admin:parlor_player_login", args=[player.pk])
    create = CreateLoginForm(prefix="create", initial={"username": suggested_name(player)})
    password = PasswordForm(prefix="password")
    link = LinkForm(prefix="link", by=request.user)
    one_time: str | None = None
    valid_days = 0
    if request.method == "POST":
        step = request.POST.get("step", "")
        try:
            if step == "create":
                create = CreateLoginForm(request.POST, prefix="create")
                if create.is_valid():
                    given = create.cleaned_data["password"] or None
                    account = create_login(
                        by=request.user,
                        player=player,
                        username=create.cleaned_data["username"],
                        password=given,
                    )
                    messages.success(
                        request,
                        _("The login %(user)s was created for %(player)s.")
                        % {"user": account.get_username(), "player": player},
                    )
                    if given is None:
                        return _show_link(model_admin, request, player)
                    return HttpResponseRedirect(page)
            elif step == "password":
                password = PasswordForm(request.POST, prefix="password")
                if password.is_valid():
                    set_login_password(
                        by=request.user, player=player, password=password.cleaned_data["password"]
                    )
                    messages.success(request, _("The new password is set."))
                    return HttpResponseRedirect(page)
            elif step == "link":
                link = LinkForm(request.POST, prefix="link", by=request.user)
                if link.is_valid():
                    link_login(by=request.user, player=player, login=link.cleaned_data["user"])
                    messages.success(request, _("The account is now this player's login."))
                    return HttpResponseRedirect(page)
            elif step == "unlink" and request.POST.get("confirm") == "1":
                link_login(by=request.user, player=player, login=None)
                messages.success(request, _("The login is unlinked from this player."))
                return HttpResponseRedirect(page)
            elif step == "one_time":
                return _show_link(model_admin, request, player)
        except LoginRefusal as refused:
            form = {"create": create, "password": password, "link": link}.get(step)
            if form is not None and refused.field in form.fields:
                form.add_error(refused.field, refused.message)
            else:
                messages.error(request, refused.message)
        except PolicyRefusal as refused:
            messages.error(request, str(refused.message))
    return _page(model_admin, request, player, create, password, link, one_time, valid_days)


def suggested_name(player: Player) -> str:
    """A user name to start from: the parlor's member number, unique as user names are."""
    base = f"{player.parlor_id}-{player.member_number}".lower().replace(" ", "")
    return base if not User.objects.filter(username__iexact=base).exists() else ""


def _show_link(model_admin: Any, request: HttpRequest, player: Player) -> HttpResponse:
    made = one_time_link(by=request.user, player=player)
    link = request.build_absolute_uri(made.path)
    return _page(
        model_admin,
        request,
        player,
        CreateLoginForm(prefix="create"),
        PasswordForm(prefix="password"),
        LinkForm(prefix="link", by=request.user),
        link,
        made.valid_days,
    )


def _page(
    model_admin: Any,
    request: HttpRequest,
    player: Player,
    create: CreateLoginForm,
    password: PasswordForm,
    link: LinkForm,
    one_time: str | None,
    valid_days: int,
) -> HttpResponse:
    player.refresh_from_db(fields=["user"])
    login = User.objects.filter(pk=player.user_id).first() if player.user_id else None
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": _("Login of %(player)s") % {"player": player},
        "player": player,
        "login": login,
        "create": create,
        "password": password,
        "link": link,
        "one_time": one_time,
        "valid_days": valid_days,
        "player_page": reverse("admin:parlor_player_change", args=[player.pk]),
    }
    return TemplateResponse(request, TEMPLATE, context)
