"""A player's parlor is fixed once the books hold them (docs/permissions.md).

A player's money is in the books of the parlor where they played: moving the
player would carry it into another parlor's balances and statements while the
audit stays clean. So a player's parlor changes only while no ledger account
holds them (they have never been seated); the database refuses it as well
(ledger migration 0015). The admin and the API ask :func:`player_parlor_change_check`.

A player's login (``Player.user``) decides whose balance and statements an
account reads, so linking one is the managers' (``policy.Action.LINK_LOGIN``),
and only an account of their parlors, or of none yet, can be linked
(:func:`login_accounts`).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from parlor import policy
from parlor.models import Membership, Parlor, Player
from parlor.policy import Action


def player_parlor_change_refusal(player: Player, parlor: Parlor | int | None) -> str | None:
    """Why ``player`` may not move to ``parlor`` (None: it may, or it is not a move)."""
    target = parlor.pk if isinstance(parlor, Parlor) else parlor
    if player.pk is None or target is None or target == player.parlor_id:
        return None
    # The ledger's accounts of this player (reverse relation: the parlor app does not
    # import the ledger). An account is opened when the player is first seated.
    accounts = player.ledger_accounts.all()
    params = {"player": player.member_number, "parlor": player.parlor.name}
    if accounts.filter(entries__isnull=False).exists():
        return (
            _(
                "player %(player)s has entries in the books of %(parlor)s; a player's parlor"
                " cannot change once they have postings"
            )
            % params
        )
    if accounts.exists():
        return (
            _(
                "player %(player)s is seated in a session of %(parlor)s; a player's parlor"
                " cannot change once they have an account in its books"
            )
            % params
        )
    return None


def player_parlor_change_check(player: Player, parlor: Parlor | int | None) -> None:
    """Raise ``ValidationError`` on ``parlor`` if the player may not move there."""
    refusal = player_parlor_change_refusal(player, parlor)
    if refusal is not None:
        raise ValidationError({"parlor": refusal})


def accounts_of_parlors(user: AbstractBaseUser | AnonymousUser, action: Action) -> QuerySet[User]:
    """Accounts of the parlors where ``user`` may do ``action``, and accounts of no parlor yet.

    An account that also holds a role in a parlor where ``user`` may not do it is not
    theirs to see (a manager of one parlor never sees another parlor's accounts), and
    neither is a superuser's.
    """
    accounts = User.objects.order_by("username")
    ids = policy.allowed_parlor_ids(user, action)
    if ids is None:
        return accounts
    elsewhere = Membership.objects.exclude(parlor__in=ids).values("user_id")
    return accounts.filter(is_superuser=False).exclude(pk__in=elsewhere)


def login_accounts(user: AbstractBaseUser | AnonymousUser) -> QuerySet[User]:
    """The accounts ``user`` may link to a player as its login."""
    return accounts_of_parlors(user, Action.LINK_LOGIN)


def player_login_change_check(
    by: AbstractBaseUser | AnonymousUser,
    player: Player | None,
    parlor_id: int | None,
    login: User | None,
) -> None:
    """Raise ``PolicyRefusal`` unless ``by`` may set ``player``'s login to ``login`` there."""
    current = player.user_id if player is not None else None
    wanted = login.pk if login is not None else None
    if wanted != current:
        policy.check(by, Action.LINK_LOGIN, parlor_id=parlor_id)

