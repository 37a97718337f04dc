"""The hits that hold for a whole hand, memoised per ruleset table by the few facts they rest on.

Each function here fills one of :class:`~engine.fast.plan.Side`'s tables on a
miss; the keys are small (the riichi kind, tsumo and the eight flags; a tile
class; the honour triplets, pair, winds and kans), so the tables stay tiny.
"""

from __future__ import annotations

from typing import Final

from engine.fast.plan import Part, Side
from engine.fast.tables import CACHE_LIMIT, has_class
from engine.tiles import CHUN, EAST, HAKU, HATSU, NORTH, WEST

# Final: compiled, a C static or an inlined constant (any other global is a dict lookup)
RIICHI_KINDS: Final = ("none", "riichi", "double", "open")
RIICHI_INDEX: Final = {kind: i << 32 for i, kind in enumerate(RIICHI_KINDS)}
TSUMO_AT: Final = 34
FLAGS_AT: Final = 35  # situational keys: RIICHI_INDEX, tsumo, then one bit per flag
RIICHI_YAKU: Final = {"riichi": "riichi", "double": "double_riichi", "open": "open_riichi"}
# flags in engine.record.FLAGS order -> the yaku each one is
FLAG_YAKU: Final = ("ippatsu", "rinshan_kaihou", "chankan", "haitei", "houtei", "tenhou", "chiihou",
             "renhou")


def flag_bits(flags: tuple[bool, ...]) -> int:
    """The flags (engine.record.FLAGS order) as bits from FLAGS_AT."""
    return sum(1 << (FLAGS_AT + i) for i, on in enumerate(flags) if on)


def situational(side: Side, key: int) -> Part:
    """``key``: ``RIICHI_INDEX[riichi] | tsumo << TSUMO_AT | flag_bits(flags)``."""
    riichi = RIICHI_KINDS[key >> 32 & 3]
    names = [name for i, name in enumerate(FLAG_YAKU) if key >> (FLAGS_AT + i) & 1]
    if riichi in RIICHI_YAKU:
        names.append(RIICHI_YAKU[riichi])
    if key >> TSUMO_AT & 1:
        names.append("menzen_tsumo")
    found = side.situational[key] = side.part(names)
    return found


def plain(side: Side, key: int) -> Part:
    """``situational`` (no flag set) and ``tile_class`` together: ``key`` is the tile-class
    counters, ``RIICHI_INDEX[riichi]`` and ``tsumo << TSUMO_AT``."""
    s_key = key >> 32 << 32
    counters = key & 0xFFFFFFFF
    s = side.situational.get(s_key) or situational(side, s_key)
    c = side.classes.get(counters) or tile_class(side, counters)
    found = side.plain[key] = Part(
        s.bits | c.bits, s.han + c.han, s.winnable or c.winnable, s.yakuman | c.yakuman
    )
    return found


def tile_class(side: Side, counters: int) -> Part:
    """Yaku of the kinds of tile held: tanyao, honroutou, the flushes, the all-X yakuman
    (``counters``: engine.fast.tables.tile_class summed over the hand)."""
    names = []
    if not has_class(counters, "yaochuu"):
        names.append("tanyao")
    if not has_class(counters, "simple"):
        names.append("honroutou")
    number_suits = sum(has_class(counters, suit) for suit in "mps")
    if number_suits == 1:
        names.append("honitsu" if has_class(counters, "z") else "chinitsu")
    if number_suits == 0:
        names.append("tsuuiisou")
    if not has_class(counters, "non_terminal"):
        names.append("chinroutou")
    if not has_class(counters, "non_green"):
        names.append("ryuuiisou")
    found = side.classes[counters] = side.part(names)
    return found


def points_key(dealer: bool, honba: int, gari: int, minkans: int, ankans: int, sets: int,
               ron: bool, karasu: bool, all_gari: bool, five_gari: int, five_dora: int) -> int:
    """How often each of Toutenkou's POINTS_YAKU (plan.py) occurs, packed into one int: the
    key of ``Side.points_hits`` (a 13-tuple costs more to hash than its loop). -1 when a count
    is beyond its field (256 honba, ...): not memoised."""
    if (honba | gari | five_gari) > 255 or (minkans | ankans | sets) > 7 or five_dora > 15:
        return -1
    return (dealer | honba << 1 | gari << 9 | minkans << 17 | ankans << 20 | sets << 23
            | ron << 26 | karasu << 27 | all_gari << 28 | five_gari << 29 | five_dora << 37)


def points_occurrences(key: int) -> tuple[int, ...]:
    """``points_key`` unpacked, per POINTS_YAKU: oya menzen honba gari banban minkan ankan
    gari_set ron karasu all_gari five_gari five_dora (menzen and banban: once, always)."""
    return (key & 1, 1, key >> 1 & 255, key >> 9 & 255, 1, key >> 17 & 7, key >> 20 & 7,
            key >> 23 & 7, key >> 26 & 1, key >> 27 & 1, key >> 28 & 1, key >> 29 & 255,
            key >> 37 & 15)


def points_hits(side: Side, occurrences: tuple[int, ...]) -> tuple[int, int, int]:
    """Toutenkou's POINTS_YAKU for how often each occurs: their bits, their points, and the
    points of those listed beside a yakuman (``Side.with_yakuman``)."""
    bits = points = special = 0
    for (bit, value), n in zip(side.points, occurrences, strict=True):
        if bit and n:
            bits |= bit
            points += n * value
            if bit & side.with_yakuman:
                special += n * value
    return bits, points, special


def memo_points_hits(side: Side, key: int) -> tuple[int, int, int]:
    """``points_hits`` of a ``points_key``, memoised per side (the counts are small: few
    keys recur)."""
    if len(side.points_hits) >= CACHE_LIMIT:
        side.points_hits.clear()
    found = side.points_hits[key] = points_hits(side, points_occurrences(key))
    return found


EXTRA_ROUND_AT: Final = 17  # tonshaaba: West is a round wind too


def honours_key(triplets: int, pair: int, seat: int, round_wind: int, kans: int,
                west_round: bool = False) -> int:
    """``triplets``: the honour triplet bits shifted down to 0-6; ``pair``: its kind;
    ``west_round``: West is a second round wind (tonshaaba)."""
    pair_code = pair - 26 if pair >= EAST else 0
    return (triplets | pair_code << 7 | (seat - EAST) << 10 | (round_wind - EAST) << 12
            | kans << 14 | int(west_round) << EXTRA_ROUND_AT)


def honours(side: Side, key: int) -> Part:
    """Yaku of honour triplets and the pair, and of kans: yakuhai, shousangen, the dragon
    and wind yakuman, sankantsu and suukantsu (the regular shape only)."""
    triplets = key & 127
    pair_code = key >> 7 & 7
    pair = pair_code + 26 if pair_code else -1
    seat = EAST + (key >> 10 & 3)
    round_wind = EAST + (key >> 12 & 3)
    kans = key >> 14 & 7
    west_round = bool(key >> EXTRA_ROUND_AT & 1) and round_wind != WEST

    def held(kind: int) -> bool:
        return bool(triplets >> (kind - EAST) & 1)

    names = [name for name, kind in (("yakuhai_haku", HAKU), ("yakuhai_hatsu", HATSU),
                                     ("yakuhai_chun", CHUN)) if held(kind)]
    if held(seat):
        names.append("yakuhai_seat_wind")
    if held(round_wind):
        names.append("yakuhai_round_wind")
    if west_round and held(WEST):  # one han per round wind held
        names.append("yakuhai_round_wind")
    dragons = held(HAKU) + held(HATSU) + held(CHUN)
    winds = sum(held(w) for w in range(EAST, NORTH + 1))
    if pair >= HAKU and dragons == 2:
        names.append("shousangen")
    if dragons == 3:
        names.append("daisangen")
    if EAST <= pair <= NORTH and winds == 3:
        names.append("shousuushii")
    if winds == 4:
        names.append("daisuushii")
    if kans == 3:
        names.append("sankantsu")
    if kans == 4:
        names.append("suukantsu")
    found = side.honours[key] = side.part(names)
    return found
