"""Checks that turn a typed record into trusted tiles, each naming what is wrong.

Tiles are checked against the ruleset's tile set; copies are counted across
hand, melds, indicators, nuki and discards (every physical tile the record
names); flags must describe a possible win.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from operator import gt
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.errors import (
    EngineError,
    ErrorCode,
    ErrorLocation,
    FieldPath,
    Reason,
    bad_field,
    field_path_text,
)
from engine.hand.arrangement import KAN, SEQ, TRIPLET, Set
from engine.record import RULESET_FIELDS, SPECIAL_TILES, HandRecord
from engine.tiles import KIND, N_KINDS, RED_M, TileSet, parse_tiles, tile_name, tiles_name

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset


class ParsedTiles(NamedTuple):
    hand: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    win_tile: tuple[int, ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    nuki: tuple[int, ...]
    discards: tuple[int, ...]

    def by_field(self) -> Iterator[tuple[FieldPath, tuple[int, ...]]]:
        yield ("hand",), self.hand
        for i, meld in enumerate(self.melds):
            yield ("melds", i), meld
        yield ("win_tile",), self.win_tile
        yield ("dora_indicators",), self.dora
        yield ("ura_indicators",), self.ura
        yield ("nuki",), self.nuki
        yield ("discards",), self.discards


def ruleset_fields(record: HandRecord, ruleset: Ruleset) -> dict[str, Any]:
    """Reject spec fields the ruleset does not use; parse the fields it adds."""
    for name in RULESET_FIELDS:
        if getattr(record, name) and name not in ruleset.record_fields:
            raise bad_field(
                f"field {name!r} is not used by the {ruleset.slug} ruleset", field=(name,)
            )
    extra: dict[str, Any] = {}
    for name, value in record.extra.items():
        parse = ruleset.extra_fields.get(name)
        if parse is None:
            raise bad_field(f"unknown field {name!r}", field=(name,))
        extra[name] = parse(name, value)
    return extra


def _parse(text: str, *field: str | int) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        return parse_tiles(text)
    except EngineError as err:
        raise err.within(*field) from None


def parse_fields(record: HandRecord) -> ParsedTiles:
    # Parsed straight (``parse_tiles`` is memoised and "" is no tile); only a failure pays
    # for parsing again field by field, to name the field at fault.
    try:
        return ParsedTiles(
            parse_tiles(record.hand),
            tuple([parse_tiles(m.tiles) for m in record.melds]),
            parse_tiles(record.win_tile),
            parse_tiles(record.dora_indicators),
            parse_tiles(record.ura_indicators),
            parse_tiles(record.nuki),
            parse_tiles(record.discards),
        )
    except EngineError:
        return _parse_naming_the_field(record)


def _parse_naming_the_field(record: HandRecord) -> ParsedTiles:
    return ParsedTiles(
        _parse(record.hand, "hand"),
        tuple(_parse(m.tiles, "melds", i) for i, m in enumerate(record.melds)),
        _parse(record.win_tile, "win_tile"),
        _parse(record.dora_indicators, "dora_indicators"),
        _parse(record.ura_indicators, "ura_indicators"),
        _parse(record.nuki, "nuki"),
        _parse(record.discards, "discards"),
    )


def physical_tiles(tiles: ParsedTiles, ruleset: Ruleset) -> None:
    """Every tile exists in the set, and no code or kind is named more often than it holds.

    Counted across hand, melds, indicators, nuki and discards (the winning
    tile is already in hand).
    """
    seen = [0] * (N_KINDS + 3)
    for codes in (tiles.hand, *tiles.melds, tiles.dora, tiles.ura, tiles.nuki, tiles.discards):
        for code in codes:
            seen[code] += 1
    tile_set = ruleset.tiles
    if any(map(gt, seen, tile_set.allowed)):
        _physical_error(tiles, seen, tile_set)
    copies = tile_set.copies
    for suit, five in enumerate((4, 13, 22)):
        n = seen[five] + seen[RED_M + suit]
        if n > copies[five]:
            raise EngineError(
                ErrorCode.TOO_MANY_COPIES,
                f"too many copies of {tile_name(five)}: {n} (red ones included) across {_WHERE}; "
                f"the {tile_set.name} set has {copies[five]}",
                location=ErrorLocation(tile=tile_name(five)),
                reason=Reason.TOO_MANY_COPIES, params={"count": n, "copies": copies[five]},
            )


_WHERE = "hand, melds, indicators, nuki and discards"


def _physical_error(tiles: ParsedTiles, seen: list[int], tile_set: TileSet) -> None:
    for field, codes in tiles.by_field():
        for code in codes:
            if not tile_set.allowed[code] and not tile_set.has(code):
                name = field_path_text(field)
                raise EngineError(
                    ErrorCode.BAD_TILES,
                    f"tile {tile_name(code)} in {name} is not in the {tile_set.name} tile set",
                    location=ErrorLocation(
                        field=field,
                        meld=field[1] if field[0] == "melds" else None,  # type: ignore[arg-type]
                        tile=tile_name(code),
                    ),
                    reason=Reason.TILE_NOT_IN_SET,
                )
    for code, n in enumerate(seen):
        allowed = tile_set.allowed[code]
        if n > allowed:
            plain = (
                " plain (not red)"
                if code in (4, 13, 22) and code < N_KINDS and allowed < tile_set.copies[code]
                else ""
            )
            raise EngineError(
                ErrorCode.TOO_MANY_COPIES,
                f"too many copies of{plain} {tile_name(code)}: {n} across {_WHERE}; "
                f"the {tile_set.name} set has {allowed}",
                location=ErrorLocation(tile=tile_name(code)),
                reason=Reason.TOO_MANY_COPIES, params={"count": n, "copies": allowed},
            )


def melds(record: HandRecord, meld_codes: tuple[tuple[int, ...], ...]) -> tuple[Set, ...]:
    out: list[Set] = []
    for i, (meld, codes) in enumerate(zip(record.melds, meld_codes, strict=True)):
        called = meld_set(meld.kind, codes)
        if isinstance(called, str):
            raise bad_field(
                f"melds[{i}] ({meld.kind} {meld.tiles}): {called}", field=("melds", i), meld=i,
                reason=Reason.MELD_NOT_A_SET, params={"kind": meld.kind, "tiles": meld.tiles},
            )  # fmt: skip
        out.append(called)
    return tuple(out)


@lru_cache(maxsize=4096)
def meld_set(kind: str, codes: tuple[int, ...]) -> Set | str:
    """The set a meld of ``kind`` with these tiles declares, or why it is not one.

    Memoised: there are only a few hundred distinct melds.
    """
    kinds = sorted(KIND[c] for c in codes)
    if kind == "chi":
        first = kinds[0] if kinds else 0
        crosses_suits = first >= 27 or first % 9 > 6
        if len(kinds) != 3 or crosses_suits or kinds != [first, first + 1, first + 2]:
            return "a chi is three consecutive tiles of one suit"
        return (SEQ, first, True)
    if kind == "pon":
        if len(kinds) != 3 or kinds[0] != kinds[2]:
            return "a pon is three identical tiles"
        return (TRIPLET, kinds[0], True)
    if len(kinds) != 4 or kinds[0] != kinds[3]:
        return "a kan is four identical tiles"
    return (KAN, kinds[0], kind != "ankan")


def tile_count(
    record: HandRecord, hand: tuple[int, ...], meld_codes: tuple[tuple[int, ...], ...]
) -> None:
    total = len(hand) + 3 * len(meld_codes)
    if total != 14 or len(meld_codes) > 4:
        raise EngineError(
            ErrorCode.WRONG_TILE_COUNT,
            f"hand has {len(hand)} tiles and {len(meld_codes)} melds: "
            f"{len(hand)} + 3 x {len(meld_codes)} = {total}, a winning hand needs 14 "
            "(each meld counts 3, kans included)",
            reason=Reason.WRONG_TILE_COUNT,
            params={"hand_tiles": len(hand), "melds": len(meld_codes), "total": total},
        )


def nuki_tiles(nuki: tuple[int, ...], ruleset: Ruleset) -> None:
    for code in nuki:
        if KIND[code] not in ruleset.nuki_tiles:
            allowed = tiles_name(sorted(ruleset.nuki_tiles)) or "none"
            raise bad_field(
                f"nuki: {tile_name(code)} cannot be set aside in {ruleset.slug} "
                f"(allowed: {allowed})",
                field=("nuki",),
                tile=tile_name(code),
                reason=Reason.NUKI_NOT_ALLOWED,
            )


def win_tile(
    record: HandRecord, win: tuple[int, ...], hand: tuple[int, ...], concealed: list[int]
) -> int:
    if len(win) != 1:
        raise bad_field(
            f"win_tile must be exactly one tile, not {record.win_tile!r}", field=("win_tile",),
            reason=Reason.WIN_TILE_NOT_ONE, params={"text": record.win_tile},
        )
    code = win[0]
    if not concealed[KIND[code]]:
        raise bad_field(
            f"win_tile {tile_name(code)} is not in hand {record.hand!r}",
            field=("win_tile",),
            tile=tile_name(code),
            reason=Reason.WIN_TILE_NOT_IN_HAND,
        )
    if code >= N_KINDS and code not in hand:
        raise bad_field(
            f"win_tile {tile_name(code)} is a red five but hand {record.hand!r} has none",
            field=("win_tile",),
            tile=tile_name(code),
            reason=Reason.RED_WIN_TILE_NOT_IN_HAND,
        )
    return KIND[code]


def flags(record: HandRecord, *, closed: bool, has_kan: bool, ruleset: Ruleset) -> None:
    """Reject flag combinations no real win can have."""
    winds(record, ruleset)
    tsumo = record.win == "tsumo"
    riichi = record.riichi != "none"
    if record.riichi not in ruleset.riichi_kinds:
        raise bad_field(
            f"field 'riichi': {record.riichi!r} is not allowed in {ruleset.slug}",
            field=("riichi",), reason=Reason.RIICHI_KIND_REFUSED, params={"kind": record.riichi},
        )
    if riichi and not closed:
        raise _flag("riichi", "needs a closed hand (only ankan may be declared)",
                    reason=Reason.RIICHI_NEEDS_CLOSED_HAND)
    if record.ippatsu and not riichi:
        raise _flag("ippatsu", "needs riichi", reason=Reason.IPPATSU_NEEDS_RIICHI)
    if tsumo:
        if record.houtei:
            raise _flag("houtei", "is a ron on the last discard (tsumo on the last tile is haitei)",
                        reason=Reason.HOUTEI_IS_RON)
        if record.chankan:
            raise _flag("chankan", "is a ron on an added kan", reason=Reason.CHANKAN_IS_RON)
        if record.rinshan and record.haitei:
            raise _flag("haitei", "cannot be combined with rinshan",
                        reason=Reason.HAITEI_WITH_RINSHAN)
        if record.rinshan and not (has_kan or record.nuki):
            raise _flag("rinshan", "needs a kan (or a nuki tile) to draw a replacement tile",
                        reason=Reason.RINSHAN_NEEDS_KAN)
    else:
        if record.haitei:
            raise _flag("haitei", "is a tsumo on the last tile (ron on the last discard is houtei)",
                        reason=Reason.HAITEI_IS_TSUMO)
        if record.rinshan:
            raise _flag("rinshan", "is a tsumo on a replacement tile",
                        reason=Reason.RINSHAN_IS_TSUMO)
    if record.tenhou or record.chiihou or record.renhou:
        _first_turn(record, tsumo=tsumo, riichi=riichi)


def winds(record: HandRecord, ruleset: Ruleset) -> None:
    """A seat the table has and a round the ruleset plays."""
    seats = "ESWN"[: ruleset.players]
    if record.seat_wind not in seats:
        raise bad_field(
            f"field 'seat_wind': {record.seat_wind!r} is not a seat in {ruleset.slug}:"
            f" {ruleset.players} players sit {', '.join(seats)}", field=("seat_wind",)
        )
    if record.round_wind not in ruleset.rounds_played:
        rule = f" ({ruleset.rounds_rule})" if ruleset.rounds_rule else ""
        raise bad_field(
            f"field 'round_wind': {record.round_wind!r} is not a round of {ruleset.slug},"
            f" which plays only {', '.join(ruleset.rounds_played)}{rule}", field=("round_wind",)
        )


def _first_turn(record: HandRecord, *, tsumo: bool, riichi: bool) -> None:
    dealer = record.seat_wind == "E"
    untouched = not record.melds and not riichi
    if record.tenhou and not (dealer and tsumo and untouched):
        raise _flag("tenhou", "needs the dealer (seat_wind E), tsumo, no melds and no riichi",
                    reason=Reason.TENHOU_CONDITIONS)
    if record.chiihou and not (not dealer and tsumo and untouched):
        raise _flag("chiihou", "needs a non-dealer, tsumo, no melds and no riichi",
                    reason=Reason.CHIIHOU_CONDITIONS)
    if record.renhou and not (not dealer and not tsumo and untouched):
        raise _flag("renhou", "needs a non-dealer, ron, no melds and no riichi",
                    reason=Reason.RENHOU_CONDITIONS)


def specials(record: HandRecord, counts: list[int]) -> None:
    """Each special copy names a tile that the hand or its melds hold."""
    for i, name in enumerate(record.specials):
        kind = SPECIAL_TILES[name]
        if not counts[kind]:
            raise bad_field(
                f"specials[{i}]: {name} is a copy of {tile_name(kind)}, "
                "which is not in hand or melds",
                field=("specials", i),
                tile=tile_name(kind),
                reason=Reason.SPECIAL_NOT_HELD, params={"special": name},
            )


def _flag(name: str, why: str, *, reason: Reason | None = None) -> EngineError:
    return bad_field(f"flag {name!r} {why}", field=(name,), reason=reason)
