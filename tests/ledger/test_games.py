"""The ledger's door to the engine: errors renumbered to the session's hands, fields named."""

from __future__ import annotations

import pytest

from ledger.games import engine_error_where


@pytest.mark.parametrize(
    ("message", "renumbered", "field"),
    [
        (
            "hand 2: wins[0].record: hand: cannot parse '1x'",
            "hand 7: wins[0].record: hand: cannot parse '1x'",
            "wins[0].record.hand",
        ),
        (
            "hand 0: wins[0].record.seat_wind: 'E' contradicts the game",
            "hand 3: wins[0].record.seat_wind: 'E' contradicts the game",
            "wins[0].record.seat_wind",
        ),
        (
            "hand 1: wins[0].record: win_tile 9s is not in hand '234m'",
            "hand 5: wins[0].record: win_tile 9s is not in hand '234m'",
            "wins[0].record",
        ),
        (
            "hand 3: the game already ended after hand 2 (tobi)",
            "hand 8: the game already ended after hand 7 (tobi)",
            None,
        ),
        (
            "game_options.uma: needs 4 entries",
            "game_options.uma: needs 4 entries",
            "game_options.uma",
        ),
    ],
)
def test_engine_errors_name_hands_by_their_session_number(
    message: str, renumbered: str, field: str | None
) -> None:
    # Game positions 0..3 are the session's hands 3, 5, 7 and 8 (hands 4 and 6 voided).
    assert engine_error_where(message, ordinals=[3, 5, 7, 8]) == (renumbered, field)
