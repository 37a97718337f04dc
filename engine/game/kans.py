"""What a win record's indicators say about the kans of the hand (abortive-draws.txt, "Suu kaikan").

One dora indicator is turned up at the start and one per kan, so a record's
``dora_indicators`` count the hand's kans (all players' together): five
indicators are four kans. After four kans, "Some rules may allow the game to
go on, as if all quads had been declared by a single player. Afterwards, two
options are available: No one may call kan again; The ura dora indicator
tiles are used starting from the fifth kan, in this case, no ura dora is
available." (and with four kans by one player "No other players are allowed
to declare kan from then on"). The game option ``fifth_kan`` picks the variant:

- ``none`` (default): no fifth kan, so a record with more than five dora
  indicators is refused;
- ``ura_indicator``: with ``suukaikan: continue``, a fifth kan takes its
  indicator from the ura row; a record with more than five dora indicators
  then has no ura dora, and one that lists ura indicators is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import Reason
from engine.game.input import bad_game
from engine.game.rules import GameRules
from engine.tiles import parse_tiles

FOUR_KANS_INDICATORS = 5


def check_kan_indicators(record: Mapping[str, Any], rules: GameRules, *, hand: int, j: int) -> None:
    """Refuse a win record whose indicators show a kan the rules do not allow."""
    shown = len(parse_tiles(str(record.get("dora_indicators") or "")))
    if shown <= FOUR_KANS_INDICATORS:
        return
    field = ("wins", j, "record", "dora_indicators")
    if not (rules.suukaikan == "continue" and rules.fifth_kan == "ura_indicator"):
        raise bad_game(
            f"{shown} dora indicators show {shown - 1} kans; no one may call a kan after the"
            " fourth (game options suukaikan 'continue' and fifth_kan 'ura_indicator' allow it)",
            hand=hand, field=field,
            reason=Reason.KANS_AFTER_THE_FOURTH, params={"indicators": shown, "kans": shown - 1},
        )
    if record.get("ura_indicators"):
        raise bad_game(
            f"{shown} dora indicators show a fifth kan, whose indicator came from the ura"
            " row: \"in this case, no ura dora is available\" (game option fifth_kan"
            " 'ura_indicator')",
            hand=hand, field=("wins", j, "record", "ura_indicators"),
            reason=Reason.NO_URA_AFTER_A_FIFTH_KAN, params={"indicators": shown},
        )
