"""The fast scorer's answer: the spec's output object of the best candidate (as
``engine.reference``'s ``render``), Speed Tonpuu's chips, and the error objects it gives
itself ("no yaku", "not a winning hand")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.fast.arrange import YAKUMAN_RANK, bits_of
from engine.fast.plan import Listed, Plan, Side
from engine.fast.tables import FIELD, WIDTH, CalledSet
from engine.hand.limits import HAN_LIMITS, MANGAN_BASE, YAKUMAN_BASE
from engine.rulesets.speed_tonpuu.chips import CHIP_CAUSES

if TYPE_CHECKING:
    from mypy_extensions import i64

_DIGITS: Final = "123456789"
SUIT_LETTERS: Final = "mpsz"


def limit_name(plan: Plan, han: int, fu: int) -> str | None:
    """engine.hand.limits.basic_points's limit name, for the plan's ruleset."""
    if han >= plan.kazoe_han:
        return "kazoe"
    for min_han, limit, _ in HAN_LIMITS:
        if han >= min_han:
            return limit
    base = fu << (han + 2)
    if base >= MANGAN_BASE or (plan.kiriage and base >= 1920):
        return "mangan"
    return None


def render(
    plan: Plan, side: Side, rid: str, rank: int, bits: int, tsumo: bool, dealer: bool,
    honba: int, sticks: int, counts: tuple[int, ...], chip_counts: tuple[int, ...] = (),
) -> dict[str, Any]:
    """The answer of the candidate ``rank`` with hits ``bits``, with Speed Tonpuu's chips
    (``chip_counts`` as ``speed_chips`` takes them) in the same dict display: two keys added
    afterwards would make the dict grow its table."""
    han = (rank >> 10) & 1023
    fu = rank & 1023
    base = rank >> 21
    yaku: list[dict[str, Any]]
    if rank & YAKUMAN_RANK:
        yaku = []
        while bits:
            bit = bits & -bits
            bits ^= bit
            yaku.append({"name": side.names[bit], "yakuman": side.values[bit]})
        multiples, fu_out = base // YAKUMAN_BASE, None
        limit: str | None = "yakuman"
    else:
        yaku = yaku_entries(side.listed.get(bits) or listed_yaku(side, bits, "han"), counts,
                            "han")
        limit = None if base < 2000 else limit_name(plan, han, fu)
        multiples, fu_out = (1 if limit == "kazoe" else 0), fu
    others = plan.others
    payment: dict[str, int]
    if tsumo:
        if dealer:
            each = -(-base * 2 // 100) * 100
            payment = {"tsumo_all": each}
            total = each * others
        else:
            from_dealer = -(-base * 2 // 100) * 100
            each = -(-base // 100) * 100
            payment = {"tsumo_dealer": from_dealer, "tsumo_non_dealer": each}
            total = from_dealer + each * (others - 1)
    else:
        each = -(-base * (6 if dealer else 4) // 100) * 100
        payment = {"ron": each}
        total = each
    total += honba * plan.honba * others + sticks * plan.stick
    if not plan.speed:
        return {"id": rid, "ok": True, "yaku": yaku, "han": han, "fu": fu_out,
                "yakuman": multiples, "limit": limit, "payment": payment, "total": total}
    chips, causes = speed_chips(plan, multiples, tsumo, chip_counts)
    return {"id": rid, "ok": True, "yaku": yaku, "han": han, "fu": fu_out,
            "yakuman": multiples, "limit": limit, "payment": payment, "total": total,
            "chips": chips, "chip_causes": causes}


def render_points(
    plan: Plan, side: Side, rid: str, rank: int, bits: int, tsumo: bool, sticks: int,
    counts: tuple[int, ...],
) -> dict[str, Any]:
    """render() of a points valuation (Toutenkou): each yaku's points, yakuman first."""
    points = rank >> 1
    yaku: list[dict[str, Any]] = []
    multiples = 0
    if rank & 1:
        shown = bits & ~side.with_yakuman
        for bit in bits_of(shown):
            value = side.values[bit]
            multiples += value
            yaku.append({"name": side.names[bit], "points": value * plan.yakuman_points})
        bits &= side.with_yakuman
    yaku += yaku_entries(side.listed.get(bits) or listed_yaku(side, bits, "points"), counts,
                         "points")
    payers = plan.others
    payment = {"tsumo_each": points} if tsumo else {"ron": points}
    total = points * payers if tsumo else points
    return {"id": rid, "ok": True, "yaku": yaku, "han": None, "fu": None,
            "yakuman": multiples, "limit": "yakuman" if multiples else None,
            "payment": payment, "total": total + sticks * plan.stick, "points": points}


def listed_yaku(side: Side, bits: int, unit: str) -> Listed:
    """The yaku of ``bits`` in table order: (its answer entry with the ``unit`` ("han" or
    "points") of one occurrence, that value, which count multiplies it: 0 none, 1 dora,
    2 aka, 3 ura, 4 nuki, ...). Memoised per table (a table is one ruleset's: one unit)."""
    which = {side.dora[0]: 1, side.aka[0]: 2, side.ura[0]: 3, side.nuki[0]: 4,
             side.round_counted: 5, side.speed[6]: 6, side.speed[8]: 7, **side.count_index}
    which.pop(0, None)
    found = side.listed[bits] = tuple(
        ({"name": side.names[bit], unit: side.values[bit]}, side.values[bit], which.get(bit, 0))
        for bit in bits_of(bits)
    )
    return found


def yaku_entries(listed: Listed, counts: tuple[int, ...], unit: str) -> list[dict[str, Any]]:
    """The answer's entries of ``listed``: each a copy of its memoised entry (copying a dict
    costs less than building one), its value times its count where one multiplies it."""
    out = []
    for entry, value, which in listed:
        copied = entry.copy()
        if which:  # dora, aka, ura, nukidora, ...: the value per occurrence x the count
            copied[unit] = value * counts[which]
        out.append(copied)
    return out


def describe(c0: i64, c1: i64, c2: i64, c3: i64, red_w: i64,
                 called: list[CalledSet]) -> str:
    """describe_tiles from the concealed counts and the melds: each suit's ranks ascending,
    a red five before its plain ones (engine.tiles.mpsz's order), however the hand was
    written."""
    out = []
    for suit in range(4):
        word = c0 if suit == 0 else c1 if suit == 1 else c2 if suit == 2 else c3
        if not word:
            continue
        for rank in range(9 if suit < 3 else 7):
            n = (word >> (WIDTH * rank)) & FIELD
            if n:
                if rank == 4 and suit < 3:  # noqa: PLR2004 - the five
                    reds = (red_w >> (WIDTH * suit)) & FIELD
                    out.append("0" * reds + "5" * (n - reds))
                else:
                    out.append(_DIGITS[rank] * n)
        out.append(SUIT_LETTERS[suit])
    return "".join(out) + "".join(sorted(c.description for c in called))


def failure(record_id: str, code: str, message: str) -> dict[str, Any]:
    return {"id": record_id, "ok": False, "error": {"code": code, "message": message}}


def speed_chips(plan: Plan, multiples: int, tsumo: bool,
                counts: tuple[int, ...]) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Speed Tonpuu's chips for a scored hand (speed_tonpuu/chips.py): their sum per payer,
    and each cause's chips per payer, causes paying none left out. ``counts``: red, blue,
    gold and pocchi tiles, ippatsu, ura dora."""
    values = plan.chip_values
    causes = []
    total = 0
    for i in range(6):
        chips = counts[i] * values[i]
        if chips:
            causes.append({"cause": CHIP_CAUSES[i], "count": counts[i], "chips": chips})
            total += chips
    chips = multiples * values[7 if tsumo else 6]
    if chips:
        causes.append({"cause": "yakuman", "count": multiples, "chips": chips})
        total += chips
    return ({"tsumo_each": total} if tsumo else {"ron": total}), causes
