"""A player's parlor is fixed once the books hold them (docs/permissions.md).

A player's money is in the books of the parlor where they played: moving the
player would carry it into another parlor's balances and statements while the
audit stays clean. So a player's parlor changes only while no ledger account
holds them (they have never been seated); the database refuses it as well
(ledger migration 0015). The admin and the API ask :func:`player_parlor_change_check`.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from parlor.models import Parlor, Player


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
