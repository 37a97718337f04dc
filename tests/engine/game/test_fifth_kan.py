"""The suukaikan variants a win record can show (issue #13, item 4).

abortive-draws.txt, "Suu kaikan": "Some rules may allow the game to go on, as
if all quads had been declared by a single player. Afterwards, two options are
available: No one may call kan again; The ura dora indicator tiles are used
starting from the fifth kan, in this case, no ura dora is available." A record
shows the hand's kans by its dora indicators (one, plus one per kan).
"""

from __future__ import annotations

from typing import Any

from tests.engine.game.games import PINFU_TANYAO, error_of, game, ron, settled

FIVE_KANS = "1m1m1p1p9s9s"  # six indicators: five kans
CONTINUE_URA = {"suukaikan": "continue", "fifth_kan": "ura_indicator"}


def _ron(**record: Any) -> dict[str, Any]:
    return ron(2, 3, {**PINFU_TANYAO, **record}, riichi=[2])


def test_no_kan_after_the_fourth_by_default() -> None:
    """ "No one may call kan again" (and without the game going on there is no fifth kan
    either): six dora indicators are refused naming the field; five (four kans, a ron on
    the discard after the fourth) are accepted."""
    error = error_of(game(_ron(dora_indicators=FIVE_KANS)))
    assert error["code"] == "bad_game"
    assert "wins[0].record.dora_indicators" in error["message"]
    assert "no one may call a kan after the fourth" in error["message"]
    assert settled(game(_ron(dora_indicators="1m1m1p1p9s")))["ok"]
    assert error_of(game(_ron(dora_indicators=FIVE_KANS), suukaikan="continue"))["code"] == (
        "bad_game")


def test_a_fifth_kan_takes_its_indicator_from_the_ura_row_by_option() -> None:
    """ "The ura dora indicator tiles are used starting from the fifth kan, in this case, no
    ura dora is available": with ``suukaikan: continue`` and ``fifth_kan: ura_indicator``
    six indicators are accepted without ura indicators, and refused with them."""
    out = settled(game(_ron(dora_indicators=FIVE_KANS), **CONTINUE_URA))
    assert out["hands"][0]["wins"][0]["score"]["ok"]
    error = error_of(game(_ron(dora_indicators=FIVE_KANS, ura_indicators="2m"), **CONTINUE_URA))
    assert "wins[0].record.ura_indicators" in error["message"]
    assert "no ura dora is available" in error["message"]
