"""Speed Tonpuu's record extensions: special tiles, the pocchi wildcard, kokushi robbing an ankan.

- ``specials`` (spec field): each name is one physical copy that ``hand`` or
  ``melds`` already lists (the core rejects a name whose tile is not there);
  ``gold_5p`` needs a plain ``5p`` (the red five ``0p`` is another copy).
- the pocchi wildcard: "both are wildcards if drawn after riichi" (5z, 7z)
  and "wildcard if drawn while tenpai with open hand" (6z). The tile stays
  written as 5z/6z/7z in ``hand`` and ``win_tile``, its pocchi is in
  ``specials``, and the win is a tsumo (the pocchi is "drawn"; in riichi "a
  player must either call tsumo or kan after drawing 5z7z pocchi"). A plain
  record shows it when the tsumo tile is the pocchi (the only copy of its
  tile in hand and melds) under riichi (5z, 7z) or with an open hand (6z):
  it is then wild without more. ``wildcard`` (project field, bool) says so
  explicitly: true where the record cannot show it (another copy of the
  tile held), false to score the pocchi as its own tile.
- ``chankan_ankan`` (project field, bool): with ``chankan``, the robbed kan
  was a closed kan; "kokushi can ron off ankan", nothing else can.
"""

from __future__ import annotations

from typing import Any

from engine.errors import Reason, bad_field
from engine.hand.context import HandContext
from engine.record import HandRecord
from engine.rulesets.speed_tonpuu.yaku import GOLD
from engine.tiles import parse_tiles
from engine.yaku.base import YakuHit

WILDCARD = "wildcard"
CHANKAN_ANKAN = "chankan_ankan"
_POCCHI_OF_TILE = {"5z": "pocchi_5z", "6z": "pocchi_6z", "7z": "pocchi_7z"}
PLAIN_5P = 13


def boolean_field(name: str, value: Any) -> bool:
    if value is not True and value is not False:
        raise bad_field(f"field {name!r} must be true or false, not {value!r}", field=(name,))
    return value


def held_codes(record: HandRecord) -> list[int]:
    """Every tile code in hand and melds (red fives as their own codes)."""
    codes = list(parse_tiles(record.hand))
    for meld in record.melds:
        codes.extend(parse_tiles(meld.tiles))
    return codes


def check_gold_is_plain(record: HandRecord) -> None:
    """``gold_5p`` names a plain 5p (the core checks that some 5p is held; 0p is the red one)."""
    if GOLD in record.specials and PLAIN_5P not in held_codes(record):
        i = record.specials.index(GOLD)
        raise bad_field(f"specials[{i}]: gold_5p names a plain 5p but hand and melds hold only "
                        "the red five 0p", field=("specials", i), reason=Reason.GOLD_NEEDS_PLAIN_5P)


def wildcard_pocchi(record: HandRecord, ctx: HandContext) -> str | None:
    """The pocchi used as a wildcard (``pocchi_5z`` ...), or None; ``bad_field`` if impossible."""
    said = ctx.extra.get(WILDCARD)
    if said is None:
        return shown_wildcard(record, ctx)
    if not said:
        return None
    pocchi = _POCCHI_OF_TILE.get(record.win_tile)
    if pocchi is None:
        raise bad_field(
            f"field 'wildcard': the winning tile is the wildcard, so win_tile must be a pocchi "
            f"tile (5z, 6z or 7z), not {record.win_tile!r}", field=("wildcard",),
            reason=Reason.WILDCARD_NOT_A_POCCHI, params={"tile": record.win_tile},
        )
    if pocchi not in record.specials:
        raise bad_field(f"field 'wildcard': win_tile {record.win_tile} is not the pocchi: "
                        f"list {pocchi!r} in specials", field=("wildcard",),
                        reason=Reason.WILDCARD_POCCHI_NOT_LISTED, params={"special": pocchi})
    if record.win != "tsumo":
        raise bad_field("field 'wildcard': a pocchi is a wildcard when drawn, so the win is tsumo",
                        field=("wildcard",), reason=Reason.WILDCARD_NEEDS_TSUMO)
    if pocchi == "pocchi_6z":
        if ctx.closed:
            raise bad_field("field 'wildcard': the 6z pocchi is wild only when drawn while "
                            "tenpai with an open hand (no chi, pon or open kan here)",
                            field=("wildcard",), reason=Reason.WILDCARD_6Z_NEEDS_OPEN_HAND)
    elif not ctx.riichi_declared:
        raise bad_field(f"field 'wildcard': the {record.win_tile} pocchi is wild only when "
                        "drawn after riichi", field=("wildcard",),
                        reason=Reason.WILDCARD_NEEDS_RIICHI, params={"special": pocchi})
    return pocchi


def shown_wildcard(record: HandRecord, ctx: HandContext) -> str | None:
    """The pocchi a plain record shows drawn under its condition, or None.

    The tsumo tile is the pocchi when it is the only copy of its tile in hand
    and melds (with another copy, the record does not say which one was drawn).
    """
    pocchi = _POCCHI_OF_TILE.get(record.win_tile)
    if pocchi is None or pocchi not in record.specials or not ctx.tsumo:
        return None
    if ctx.counts[ctx.win_tile] != 1:
        return None
    wild = not ctx.closed if pocchi == "pocchi_6z" else ctx.riichi_declared
    return pocchi if wild else None


def check_chankan_ankan(record: HandRecord, ctx: HandContext, *, allowed: bool) -> None:
    if not ctx.extra.get(CHANKAN_ANKAN):
        return
    if not allowed:
        raise bad_field("field 'chankan_ankan': robbing an ankan is off (option kokushi_ankan_ron)",
                        field=("chankan_ankan",))
    if not record.chankan:
        raise bad_field("field 'chankan_ankan' describes a chankan: set 'chankan' too",
                        field=("chankan_ankan",))
    if ctx.concealed[ctx.win_tile] != 1:
        raise bad_field(f"field 'chankan_ankan': the robbed ankan held all four {record.win_tile}, "
                        f"so the hand cannot hold another", field=("chankan_ankan",))


def check_robbed_ankan_is_kokushi(ctx: HandContext, hits: tuple[YakuHit, ...]) -> None:
    if ctx.extra.get(CHANKAN_ANKAN) and not any(h.name.startswith("kokushi") for h in hits):
        raise bad_field("field 'chankan_ankan': only kokushi may ron off an ankan",
                        field=("chankan_ankan",))
