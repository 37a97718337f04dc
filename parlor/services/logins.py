"""A player's login: created, reset and linked by a manager of the player's parlor.

The login decides whose balance and statements an account reads, so every
step here is ``policy.Action.LINK_LOGIN`` in the player's parlor, checked by
the service itself (the admin and the API only ask). Linking a login makes it
a member of the player's parlor with the role "player" (``Membership``):
without it the player's pages and ``/api/me/`` would refuse it. Unlinking
takes that player role away again (a staff or manager role stays).

A manager sees and touches only the accounts of their own parlors
(:func:`parlor.services.players.login_accounts`): an account with a role in
a parlor they do not manage, or a superuser, cannot be linked, renamed or
reset by them. A reset either sets a new password the manager types, or
makes a one-time link (Django's password-reset token: it stops working once
the password is set, or after ``PASSWORD_RESET_TIMEOUT``) that the player
opens to choose their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from parlor import policy
from parlor.access import AnyUser, forget_memberships
from parlor.models import Membership, Player, Role
from parlor.policy import Action
from parlor.services.players import login_accounts


class LoginRefusal(Exception):
    """What the manager asked cannot be done; ``message`` says why in their language."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True, slots=True)
class OneTimeLink:
    """The path of a one-time password link (the page adds its host) and its life in days."""

    path: str
    valid_days: int


def _may_touch(by: AnyUser, player: Player, login: User) -> None:
    """Refuse an account outside ``by``'s parlors (or a superuser's) as if it did not exist."""
    if not login_accounts(by).filter(pk=login.pk).exists():
        raise LoginRefusal(_("That account is not one of your parlors' accounts."), field="user")


def link_login(*, by: AnyUser, player: Player, login: User | None) -> Player:
    """Set ``player``'s login to ``login`` (None: unlink); the login becomes a player member."""
    policy.check(by, Action.LINK_LOGIN, parlor_id=player.parlor_id)
    if login is not None:
        _may_touch(by, player, login)
        holder = Player.objects.filter(user=login).exclude(pk=player.pk).first()
        if holder is not None:
            raise LoginRefusal(
                _("The account %(user)s is already the login of player %(player)s.")
                % {"user": login.get_username(), "player": holder},
                field="user",
            )
    with transaction.atomic():
        locked = Player.objects.select_for_update().get(pk=player.pk)
        previous = locked.user_id
        wanted = login.pk if login is not None else None
        if previous != wanted:
            locked.user_id = wanted
            locked.save(update_fields=["user"])
            if previous is not None:
                # The old login no longer reads this player's books (its other roles stay).
                Membership.objects.filter(
                    user_id=previous, parlor_id=locked.parlor_id, role=Role.PLAYER
                ).delete()
        if login is not None:
            Membership.objects.get_or_create(
                user=login, parlor_id=locked.parlor_id, defaults={"role": Role.PLAYER}
            )
    player.user_id = locked.user_id
    if login is not None:
        forget_memberships(login)
    return player


def _checked_password(password: str, user: User) -> None:
    try:
        validate_password(password, user)
    except ValidationError as refused:
        raise LoginRefusal(" ".join(refused.messages), field="password") from None


def create_login(
    *, by: AnyUser, player: Player, username: str, password: str | None = None
) -> User:
    """A new account for ``player``, linked and a player member of its parlor.

    ``password`` None or empty: the account has no usable password until the
    player sets one through a one-time link (:func:`one_time_link`).
    """
    policy.check(by, Action.LINK_LOGIN, parlor_id=player.parlor_id)
    if player.user_id is not None:
        raise LoginRefusal(
            _("Player %(player)s already has a login: reset it or unlink it first.")
            % {"player": player}
        )
    username = username.strip()
    field = User._meta.get_field("username")
    try:
        field.run_validators(username)
        if not username:
            raise ValidationError(_("Write a user name."))
    except ValidationError as refused:
        raise LoginRefusal(" ".join(refused.messages), field="username") from None
    if User.objects.filter(username__iexact=username).exists():
        raise LoginRefusal(
            _("The user name %(name)s is taken: choose another.") % {"name": username},
            field="username",
        )
    account = User(username=username, first_name=player.name[:150])
    if password:
        _checked_password(password, account)
        account.set_password(password)
    else:
        account.set_unusable_password()
    with transaction.atomic():
        account.save()
        link_login(by=by, player=player, login=account)
    return account


def _players_login(by: AnyUser, player: Player) -> User:
    policy.check(by, Action.LINK_LOGIN, parlor_id=player.parlor_id)
    login = User.objects.filter(pk=player.user_id).first() if player.user_id else None
    if login is None:
        raise LoginRefusal(
            _("Player %(player)s has no login yet: create one first.") % {"player": player}
        )
    _may_touch(by, player, login)
    return login


def set_login_password(*, by: AnyUser, player: Player, password: str) -> User:
    """Give ``player``'s login the password the manager typed (checked like any password)."""
    login = _players_login(by, player)
    _checked_password(password, login)
    login.set_password(password)
    login.save(update_fields=["password"])
    return login


def one_time_link(*, by: AnyUser, player: Player) -> OneTimeLink:
    """A link with which ``player`` sets a new password once (the old one stops at that)."""
    login = _players_login(by, player)
    uid = urlsafe_base64_encode(force_bytes(login.pk))
    token = default_token_generator.make_token(login)
    path = reverse("player-password-set", kwargs={"uidb64": uid, "token": token})
    return OneTimeLink(path=path, valid_days=max(1, settings.PASSWORD_RESET_TIMEOUT // 86400))
