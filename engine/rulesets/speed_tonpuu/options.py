"""Speed Tonpuu's hand-level options (docs/rules/speed-tonpuu.md, "Hand-level options").

Defaults are the text's; every rule a parlor may play otherwise is an
option, validated by ``engine.rulesets.configure("speed-tonpuu", {...})``.
Chip counts are read from ``Ruleset.option_values`` when the chips are
counted, so their ``apply`` leaves the ruleset as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.hand.shapes import chiitoitsu_shapes, kokushi_shapes, regular_shapes
from engine.rulesets.base import ALL_RIICHI, Ruleset
from engine.rulesets.options import Option
from engine.rulesets.riichi_standard import STANDARD_OPTIONS
from engine.rulesets.speed_tonpuu.shapes import kansai_chiitoitsu_shapes, puutaa_shapes
from engine.rulesets.speed_tonpuu.yaku import SPEED_YAKU
from engine.tiles import WEST

Apply = Callable[[Ruleset, Any], Ruleset]


def _yaku_toggle(*names: str) -> Apply:
    """Turn yaku on or off, keeping the table's order, any re-valued entries and any yaku
    the table has beyond SPEED_YAKU (a project's own): one turned on goes after the yaku
    that precedes it in SPEED_YAKU."""

    def apply(r: Ruleset, on: Any) -> Ruleset:
        if not on:
            return r.replace(yaku=tuple(y for y in r.yaku if y.name not in names))
        table = list(r.yaku)
        for position, y in enumerate(SPEED_YAKU):
            if y.name not in names or any(t.name == y.name for t in table):
                continue
            before = {p.name for p in SPEED_YAKU[:position]}
            at = max((i + 1 for i, t in enumerate(table) if t.name in before), default=0)
            table.insert(at, y)
        return r.replace(yaku=tuple(table))

    return apply


def with_shapes(r: Ruleset, *, kansai: bool | None = None, puutaa: bool | None = None) -> Ruleset:
    kansai = kansai_chiitoitsu_shapes in r.shapes if kansai is None else kansai
    puutaa = puutaa_shapes in r.shapes if puutaa is None else puutaa
    pairs = kansai_chiitoitsu_shapes if kansai else chiitoitsu_shapes
    extra = (puutaa_shapes,) if puutaa else ()
    return r.replace(shapes=(regular_shapes, pairs, kokushi_shapes, *extra))


def _kansai(r: Ruleset, on: Any) -> Ruleset:
    toggled = _yaku_toggle("kansai_chiitoitsu", "kansai_chiitoitsu_yakuman")(r, on)
    return with_shapes(toggled, kansai=bool(on))


def _puutaa(r: Ruleset, on: Any) -> Ruleset:
    return with_shapes(_yaku_toggle("shiisanpuutaa", "shiisuupuutaa")(r, on), puutaa=bool(on))


def _tonshaaba(r: Ruleset, on: Any) -> Ruleset:
    return r.replace(extra_round_winds=(WEST,) if on else ())


def _open_riichi(r: Ruleset, on: Any) -> Ruleset:
    return r.replace(riichi_kinds=ALL_RIICHI if on else ALL_RIICHI - {"open"})


def _basengo(r: Ruleset, on: Any) -> Ruleset:
    return r.replace(honba_per_payer=500 if on else 100)


def _as_read(r: Ruleset, value: Any) -> Ruleset:
    return r


def _chips(name: str, default: int, doc: str, most: int = 10) -> Option:
    return Option(name, default, doc, _as_read, type=int, choices=tuple(range(most + 1)))


_STANDARD = tuple(
    o.with_default(True) if o.name == "kiriage" else o for o in STANDARD_OPTIONS
)  # "Kiriage Mangan is on."

SPEED_OPTIONS: tuple[Option, ...] = (
    *_STANDARD,
    Option("tonshaaba", True, "Tonshaaba: East and West (1z, 3z) are both round winds.",
           _tonshaaba),
    Option("open_riichi", True, "Open riichi (2 han) may be declared.", _open_riichi),
    Option("basengo", True, "Basengo: honba pay 500 from each payer (1,500 per honba on ron);"
           " off: the standard 100 each.", _basengo),
    Option("kansai_chiitoitsu", True, "Kansai chiitoitsu: four of a kind counts as two pairs;"
           " one quad +1 han, two +3 han, three a yakuman.", _kansai),
    Option("renhou", True, "Renhou is a yakuman.", _yaku_toggle("renhou")),
    Option("suurenko", True, "Suurenko (four triplets in a row in one suit) is a yakuman.",
           _yaku_toggle("suurenko")),
    Option("shiisanpuutaa", True, "Shiisanpuutaa and shiisuupuutaa (no set or partial set on"
           " the first draw) are yakuman.", _puutaa),
    Option("ultimate_all_stars", True, "Ultimate all-stars (all three reds, the gold 5p and the"
           " three blues) is a yakuman.", _yaku_toggle("ultimate_all_stars")),
    Option("sanrenko", True, "Sanrenko (three triplets in a row in one suit) is 2 han.",
           _yaku_toggle("sanrenko")),
    Option("sanpuuko", True, "Sanpuuko (three wind triplets) is 2 han.",
           _yaku_toggle("sanpuuko")),
    Option("kokushi_ankan_ron", True, "Kokushi may ron off an ankan (chankan_ankan).", _as_read),
    _chips("red_chips", 1, "Chips per red five held."),
    _chips("blue_chips", 2, "Chips per blue 7 held."),
    _chips("gold_chips", 1, "Chips for the gold 5p."),
    _chips("pocchi_chips", 1, "Chips per pocchi held, wildcard or not."),
    _chips("ippatsu_chips", 1, "Chips for ippatsu."),
    _chips("ura_chips", 1, "Chips per ura dora."),
    _chips("yakuman_chips_ron", 10, "Chips per yakuman multiple on ron (kazoe included).", 20),
    _chips("yakuman_chips_tsumo", 5, "Chips from each payer per yakuman multiple on tsumo.", 20),
    # What a chip is worth when a wildcard pocchi's choices are ranked ("A wildcard takes the
    # tile that pays most"); a game sets it from its chip_value (engine/game/settle.py).
    Option("chip_points", 5000, "Points a chip is worth when ranking a wildcard's choices"
           " (the game's chip value).", _as_read, type=int, choices=(5000, 10000)),
)  # fmt: skip
