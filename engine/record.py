"""The hand record (spec/hand-record.md, "Input") as a typed, validated dataclass.

``HandRecord.from_dict`` checks the shape of every field the spec defines
(types, allowed values, required fields) and raises ``bad_field`` naming the
field. Tile strings are only type-checked here; their tiles are judged
against the ruleset's tile set when the context is built. Fields beyond the
spec land in ``extra``: the ruleset decides whether it accepts them
(``Ruleset.extra_fields``); by default any of them is a ``bad_field``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from types import MappingProxyType
from typing import Any

from engine.errors import bad_field

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
WIN_KINDS = ("ron", "tsumo")
WINDS = ("E", "S", "W", "N")
RIICHI_KINDS = ("none", "riichi", "double", "open")
FLAGS = ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou")
# special physical copies (spec "specials") -> the tile kind each is a copy of
SPECIAL_TILES = {
    "blue_7m": 6,
    "blue_7p": 15,
    "blue_7s": 24,
    "gold_5p": 13,
    "pocchi_5z": 31,
    "pocchi_6z": 32,
    "pocchi_7z": 33,
}
SPECIALS = tuple(SPECIAL_TILES)
REQUIRED = ("id", "ruleset", "hand", "win_tile", "win", "seat_wind", "round_wind")
# Optional spec fields that only some rulesets use; a ruleset that does not
# list one in ``Ruleset.record_fields`` rejects a non-empty value.
RULESET_FIELDS = ("nuki", "discards", "specials")

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Meld:
    kind: str
    tiles: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "tiles": self.tiles}


@dataclass(frozen=True, slots=True)
class HandRecord:
    id: str
    ruleset: str
    hand: str
    win_tile: str
    win: str
    seat_wind: str
    round_wind: str
    melds: tuple[Meld, ...] = ()
    dora_indicators: str = ""
    ura_indicators: str = ""
    riichi: str = "none"
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    honba: int = 0
    riichi_sticks: int = 0
    nuki: str = ""
    discards: str = ""
    specials: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    extra: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    @property
    def tsumo(self) -> bool:
        return self.win == "tsumo"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandRecord:
        """Validate the spec's fields (raising ``bad_field`` naming one) and build the record."""
        if not isinstance(data, Mapping):
            raise bad_field(f"a hand record must be a JSON object, not {_json_type(data)}",
                            field=())
        if not data.keys() >= _REQUIRED_SET:
            missing = next(name for name in REQUIRED if name not in data)
            raise bad_field(f"missing required field {missing!r}", field=(missing,))
        values: list[Any] = list(_DEFAULTS)
        extra: dict[str, Any] = {}
        fields_ = _FIELDS  # one lookup per key gives the slot and the check
        for name, value in data.items():
            field_ = fields_.get(name)
            if field_ is None:
                extra[name] = value
                continue
            index, kind = field_
            if kind is _STRING:
                if type(value) is not str:
                    raise bad_field(
                        f"field {name!r} must be a string, not {_json_type(value)}", field=(name,)
                    )
            elif kind is _FLAG:
                if value is not True and value is not False:
                    raise bad_field(
                        f"field {name!r} must be true or false, not {value!r}", field=(name,)
                    )
            elif type(kind) is tuple:
                if type(value) is not str or value not in kind:
                    raise bad_field(
                        f"field {name!r}: {value!r} is not one of {', '.join(kind)}",
                        field=(name,),
                    )
            else:
                value = kind(name, value)
            values[index] = value
        if extra:
            values[_INDEX["extra"]] = MappingProxyType(extra)
        return cls(*values)

    def to_dict(self) -> dict[str, Any]:
        """The record as spec JSON (defaults included, ``extra`` merged back)."""
        out: dict[str, Any] = {
            "id": self.id,
            "ruleset": self.ruleset,
            "hand": self.hand,
            "melds": [m.to_dict() for m in self.melds],
            "win_tile": self.win_tile,
            "win": self.win,
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
            "dora_indicators": self.dora_indicators,
            "ura_indicators": self.ura_indicators,
            "riichi": self.riichi,
        }
        for flag in FLAGS:
            out[flag] = getattr(self, flag)
        out["honba"] = self.honba
        out["riichi_sticks"] = self.riichi_sticks
        if self.nuki:
            out["nuki"] = self.nuki
        if self.discards:
            out["discards"] = self.discards
        if self.specials:
            out["specials"] = list(self.specials)
        if self.options:
            out["options"] = dict(self.options)
        out.update(self.extra)
        return out


def _string(name: str, value: Any, *field: str | int) -> str:
    """``field``: the path when it is not ``(name,)`` (a meld's ``tiles``)."""
    if not isinstance(value, str):
        raise bad_field(
            f"field {name!r} must be a string, not {_json_type(value)}", field=field or (name,)
        )
    return value


def _choice(choices: tuple[str, ...]) -> Any:
    def check(name: str, value: Any, *field: str | int) -> str:
        if value not in choices or not isinstance(value, str):
            raise bad_field(
                f"field {name!r}: {value!r} is not one of {', '.join(choices)}",
                field=field or (name,),
            )
        return value

    return check


def _count(name: str, value: Any) -> int:
    if type(value) is not int or value < 0:
        raise bad_field(
            f"field {name!r} must be a non-negative integer, not {value!r}", field=(name,)
        )
    return value


def _melds(name: str, value: Any) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise bad_field(f"field {name!r} must be a list, not {_json_type(value)}", field=(name,))
    melds = []
    for i, item in enumerate(value):
        # The usual meld: a dict of exactly kind and tiles, both well-formed strings.
        if type(item) is dict and item.keys() == _MELD_KEYS:
            kind, tiles = item["kind"], item["tiles"]
            if type(kind) is str and kind in MELD_KINDS and type(tiles) is str:
                melds.append(Meld(kind, tiles))
                continue
        where = f"melds[{i}]"
        if not isinstance(item, Mapping):
            raise bad_field(
                f"{where} must be an object with 'kind' and 'tiles'", field=(name, i), meld=i
            )
        unknown = set(item) - {"kind", "tiles"}
        if unknown:
            first = sorted(unknown)[0]
            raise bad_field(f"{where}: unknown field {first!r}", field=(name, i, first), meld=i)
        if "kind" not in item or "tiles" not in item:
            raise bad_field(f"{where} must have both 'kind' and 'tiles'", field=(name, i), meld=i)
        kind = _choice(MELD_KINDS)(f"{where}.kind", item["kind"], name, i, "kind")
        melds.append(Meld(kind, _string(f"{where}.tiles", item["tiles"], name, i, "tiles")))
    return tuple(melds)


def _specials(name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise bad_field(f"field {name!r} must be a list, not {_json_type(value)}", field=(name,))
    seen: set[str] = set()
    for i, item in enumerate(value):
        _choice(SPECIALS)(f"specials[{i}]", item, name, i)
        if item in seen:
            raise bad_field(
                f"specials[{i}]: {item!r} is listed twice (there is one such copy)",
                field=(name, i),
            )
        seen.add(item)
    return tuple(value)


def _options(name: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise bad_field(
            f"field {name!r} must be an object, not {_json_type(value)}", field=(name,)
        )
    return MappingProxyType(dict(value))


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


# How from_dict checks each spec field: a marker, the allowed strings, or a function.
_STRING, _FLAG = "string", "flag"
_FIELD_KINDS: dict[str, Any] = {
    **dict.fromkeys(
        ("id", "ruleset", "hand", "win_tile", "dora_indicators", "ura_indicators", "nuki"),
        _STRING,
    ),
    "discards": _STRING,
    **dict.fromkeys(FLAGS, _FLAG),
    "win": WIN_KINDS,
    "seat_wind": WINDS,
    "round_wind": WINDS,
    "riichi": RIICHI_KINDS,
    "melds": _melds,
    "honba": _count,
    "riichi_sticks": _count,
    "specials": _specials,
    "options": _options,
}
_REQUIRED_SET = frozenset(REQUIRED)
_MELD_KEYS = frozenset(("kind", "tiles"))
_INDEX = {f.name: i for i, f in enumerate(fields(HandRecord))}
_DEFAULTS = tuple(_EMPTY if f.default is MISSING else f.default for f in fields(HandRecord))
_FIELDS: dict[str, tuple[int, Any]] = {name: (_INDEX[name], k) for name, k in _FIELD_KINDS.items()}
