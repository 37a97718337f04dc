"""The tiles the hand-entry picker offers: the session's tile set, red fives and special copies.

The picker is drawn from the engine's tile set for the session's ruleset and
options (``engine_door.games.hand_rules(...).tiles``), so a three-player game
offers no 2m-8m, Toutenkou only 1m 5m 9m, and red fives only where the rules
play them. Special copies (blue sevens, the gold 5p, pocchi dragons) are
offered where the ruleset takes ``specials`` in its record: tapping one adds
its tile to the hand and names the copy in ``specials``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine_door import rulesets as engine_rulesets
from engine_door.errors import EngineError
from engine_door.games import hand_rules
from engine_door.tiles import RED_CODE_OF_SUIT, SUITS, TileSet, tile_name
from ledger.models import Session
from words import labels

# Where each special copy's tile is: its name ends with the tile (blue_7m -> 7m).
SPECIAL_TILES = {name: name.rsplit("_", 1)[1] for name in labels.SPECIALS}


@dataclass(frozen=True, slots=True)
class PickerTile:
    """One button of the picker: the mpsz ``code`` it adds, and the special copy it names."""

    code: str
    special: str = ""
    label: str = ""


@dataclass(frozen=True, slots=True)
class Picker:
    rows: list[list[PickerTile]]
    specials: list[PickerTile]
    takes_nuki: bool


def _suit_row(tiles: TileSet, suit: int) -> list[PickerTile]:
    ranks = 7 if SUITS[suit] == "z" else 9
    codes = [suit * 9 + rank for rank in range(ranks)]
    row = [PickerTile(tile_name(code)) for code in codes if tiles.has(code)]
    if suit < 3 and tiles.has(RED_CODE_OF_SUIT[suit]):
        row.append(PickerTile(f"0{SUITS[suit]}"))  # the red five, drawn red
    return row


def session_picker(*, session: Session) -> Picker:
    """The picker of ``session``'s ruleset and options (empty rows if the engine refuses them)."""
    try:
        ruleset = hand_rules(session.ruleset_slug, session.ruleset_options)
        described = engine_rulesets.describe(session.ruleset_slug)
    except EngineError:
        return Picker(rows=[], specials=[], takes_nuki=False)
    rows = [row for suit in range(4) if (row := _suit_row(ruleset.tiles, suit))]
    specials = (
        [
            PickerTile(code, special=name, label=str(labels.SPECIALS[name]))
            for name, code in SPECIAL_TILES.items()
        ]
        if "specials" in described["record_fields"]
        else []
    )
    return Picker(rows=rows, specials=specials, takes_nuki="nuki" in described["record_fields"])
