"""Every API queryset goes through the policy: only the rows of the user's parlors exist.

- :func:`books`: the desk's rows (sessions, hands, penalties, corrections) of
  the parlors where the user may ``VIEW_BOOKS``.
- :func:`books_or_own`: the same, plus the user's own rows (their player's
  balance, statement lines, settlements) in the parlors where they are only a
  player (``VIEW_OWN``). A user may be manager in one parlor and player in another.
- :func:`limit_to`: a serializer's related field (parlor, table, players,
  ruleset, rate, session, hand) accepting only the rows of the parlors where
  the user may do the action: another parlor's id "does not exist" (400).

Nothing here reads the memberships again: they come with the token
(``api.authentication``) and are kept on the user (``parlor.access``). An
object of another parlor is not in the queryset, so it answers 404.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, Q, QuerySet
from rest_framework import serializers

from parlor import policy
from parlor.access import AnyUser, user_player
from parlor.models import Player
from parlor.policy import Action

M = TypeVar("M", bound=Model)


def books(queryset: QuerySet[M], user: AnyUser | None, parlor_path: str = "parlor") -> QuerySet[M]:
    """The rows of the parlors where ``user`` sees the books."""
    return policy.scoped_to(queryset, user, Action.VIEW_BOOKS, parlor_path)


def member_player(user: AnyUser | None) -> Player | None:
    """The user's own player row, if the user is a member of that player's parlor."""
    if user is None or not user.is_authenticated:
        return None
    player = user_player(user)
    if player is None or not policy.allows(user, Action.VIEW_OWN, parlor_id=player.parlor_id):
        return None
    return player


def books_or_own(
    queryset: QuerySet[M], user: AnyUser | None, *, parlor_path: str, player_field: str
) -> QuerySet[M]:
    """Every row where ``user`` sees the books; their own player's rows where they are a player."""
    books_ids = policy.allowed_parlor_ids(user, Action.VIEW_BOOKS)
    if books_ids is None:
        return queryset
    seen = Q(**{f"{parlor_path}__in": books_ids}) if books_ids else Q(pk__in=[])
    own_ids = (policy.allowed_parlor_ids(user, Action.VIEW_OWN) or frozenset()) - books_ids
    player = member_player(user) if own_ids else None
    if player is not None and player.parlor_id in own_ids:
        seen |= Q(**{player_field: player.pk, f"{parlor_path}__in": [player.parlor_id]})
    if not books_ids and player is None:
        return queryset.none()
    return queryset.filter(seen)


def limit_to(
    field: serializers.Field[Any, Any, Any, Any],
    user: AnyUser | None,
    action: Action,
    parlor_path: str = "parlor",
) -> None:
    """Narrow a related field (or a list of them) to the parlors where ``user`` may ``action``."""
    target = field.child if isinstance(field, serializers.ListField) else field
    if isinstance(target, serializers.ManyRelatedField):
        target = target.child_relation
    rows: QuerySet[Any] | None = getattr(target, "queryset", None)
    if isinstance(target, serializers.RelatedField) and rows is not None:
        # setattr: the stubs type ``queryset`` as a manager descriptor.
        setattr(target, "queryset", policy.scoped_to(rows.all(), user, action, parlor_path))  # noqa: B010


def limit_fields(
    serializer: serializers.Serializer[Any],
    fields: dict[str, serializers.Field[Any, Any, Any, Any]],
    action: Action,
    paths: dict[str, str],
) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
    """``limit_to`` on each named field (name -> parlor path), for the request's user."""
    request = serializer.context.get("request")
    user = getattr(request, "user", None)
    for name, path in paths.items():
        if name in fields:
            limit_to(fields[name], user, action, path)
    return fields
