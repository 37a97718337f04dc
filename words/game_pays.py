"""What a game pays, in the words of the session page, the settlements and the slip (issue 33).

``engine_door.games.game_pays`` tells from the game's rules whether its settlement moves
points, chips or both; this says it in a sentence, so that a Speed Tonpuu slip whose points
are all 0 says why, and a Toutenkou page prices no chip.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.utils.translation import gettext as _

from engine_door.games import GamePays, game_pays


def game_pays_text(pays: GamePays) -> str:
    """One sentence: what the game's settlement pays, and what it does not."""
    if pays.points and pays.chips:
        if pays.oka_uma:
            return _(
                "This game pays points (the final score less the start, with oka and uma)"
                " and chips (the hands' and the placement's)."
            )
        return _(
            "This game pays points (the final score less the start) and chips (the hands'"
            " and the placement's)."
        )
    if pays.chips:
        return _(
            "This game pays in chips only: the hands' chips and the placement's (oka and uma"
            " in chips). Its points decide the places and settle nothing."
        )
    if pays.oka_uma:
        return _(
            "This game pays points only: the final score less the start, with oka and uma."
            " It has no chips."
        )
    return _("This game pays points only: the final score less the start. It has no chips.")


class PlayedSession(Protocol):
    """A session's rules as it opened with them (``ledger.models.Session``)."""

    ruleset_slug: str
    game_options: Any


def session_pays(session: PlayedSession) -> GamePays:
    """What the session's game pays, by the rules it opened with."""
    return game_pays(session.ruleset_slug, session.game_options)
