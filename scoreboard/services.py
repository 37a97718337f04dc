"""The scoreboard's secret link: made when first asked for, rotated by a manager."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from ledger.models import ScoreboardLink
from ledger.play.models import new_scoreboard_token
from parlor import policy
from parlor.models import Parlor
from parlor.policy import Action


def scoreboard_link_get(*, parlor: Parlor) -> ScoreboardLink:
    """The parlor's link, made on first use."""
    link, _ = ScoreboardLink.objects.get_or_create(parlor=parlor)
    return link


@transaction.atomic
def scoreboard_link_rotate(*, parlor: Parlor, by: User) -> ScoreboardLink:
    """A new token for the parlor's scoreboard: the old link answers 404 from now on."""
    policy.check(by, Action.MANAGE_SCOREBOARD, parlor_id=parlor.pk)
    link = scoreboard_link_get(parlor=parlor)
    link = ScoreboardLink.objects.select_for_update().get(pk=link.pk)
    link.token = new_scoreboard_token()
    link.rotated_at = timezone.now()
    link.rotated_by = by
    link.save(update_fields=["token", "rotated_at", "rotated_by"])
    return link
