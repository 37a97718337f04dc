"""Tiles as small ints, mpsz parsing and per-ruleset tile sets.

A tile *kind* is an int 0..33: 0-8 manzu 1-9, 9-17 pinzu, 18-26 souzu,
27-30 the winds East South West North, 31-33 the dragons haku hatsu chun.
Parsing yields *codes*: a kind, or 34/35/36 for the red fives 0m/0p/0s, so
that red fives stay visible for aka dora while ``KIND[code]`` gives the five.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from engine.errors import EngineError, ErrorCode, Reason

# Final: the compiled fast scorer (engine/fast) inlines a Final constant where any other
# imported name costs a dict lookup at every use
N_KINDS: Final = 34
RED_M: Final = 34
RED_P: Final = 35
RED_S: Final = 36
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
HAKU: Final = 31
HATSU: Final = 32
CHUN: Final = 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}

SUITS = "mpsz"
# code -> kind (red fives are fives)
KIND: tuple[int, ...] = tuple(range(N_KINDS)) + (4, 13, 22)
RED_CODE_OF_SUIT = (RED_M, RED_P, RED_S)

TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONOURS = TERMINALS + tuple(range(27, 34))
GREENS = (19, 20, 21, 23, 25, HATSU)  # 2s 3s 4s 6s 8s 6z


def _mask(kinds: Iterable[int]) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


ALL_MASK = _mask(range(N_KINDS))
TERMINAL_MASK = _mask(TERMINALS)
HONOUR_MASK = _mask(range(27, 34))
WIND_MASK = _mask(WINDS)
DRAGON_MASK = _mask(DRAGONS)
YAOCHUU_MASK = TERMINAL_MASK | HONOUR_MASK
GREEN_MASK = _mask(GREENS)
SUIT_MASKS = (_mask(range(0, 9)), _mask(range(9, 18)), _mask(range(18, 27)), HONOUR_MASK)
# complements within the 34 kinds: "holds nothing but ..." is ``not mask & NOT_X``
NOT_HONOUR_MASK = ALL_MASK & ~HONOUR_MASK
NOT_TERMINAL_MASK = ALL_MASK & ~TERMINAL_MASK
NOT_YAOCHUU_MASK = ALL_MASK & ~YAOCHUU_MASK
NOT_GREEN_MASK = ALL_MASK & ~GREEN_MASK


def suit_of(kind: int) -> int:
    """0 manzu, 1 pinzu, 2 souzu, 3 honours."""
    return kind // 9 if kind < 27 else 3


def is_honour(kind: int) -> bool:
    return kind >= 27


def is_yaochuu(kind: int) -> bool:
    """Terminal or honour."""
    return kind >= 27 or kind % 9 in (0, 8)


def tile_name(code: int) -> str:
    """mpsz name of a code: ``tile_name(4) == "5m"``, ``tile_name(RED_P) == "0p"``."""
    if code >= N_KINDS:
        return "0" + SUITS[code - RED_M]
    if code >= 27:
        return f"{code - 26}z"
    return f"{code % 9 + 1}{SUITS[code // 9]}"


def tiles_name(codes: Iterable[int]) -> str:
    return " ".join(tile_name(c) for c in codes)


def mpsz(codes: Iterable[int]) -> str:
    """Canonical mpsz of codes: suits in m p s z order, ranks ascending, red five as 0."""
    digits: list[list[str]] = [[], [], [], []]
    for code in sorted(codes, key=lambda c: (KIND[c], -c)):
        kind = KIND[code]
        digits[suit_of(kind)].append("0" if code >= N_KINDS else str(kind % 9 + 1))
    return "".join("".join(d) + SUITS[i] for i, d in enumerate(digits) if d)


@lru_cache(maxsize=8192)
def parse_tiles(text: str) -> tuple[int, ...]:
    """Parse mpsz (``"123m406p"``) into codes; raise ``bad_tiles`` naming the problem."""
    codes: list[int] = []
    pending: list[int] = []
    for ch in text:
        if "0" <= ch <= "9":
            pending.append(ord(ch) - 48)
            continue
        suit = SUITS.find(ch)
        if suit < 0:
            raise EngineError(ErrorCode.BAD_TILES, f"cannot parse {text!r}: unexpected {ch!r}",
                              reason=Reason.TILES_UNREADABLE, params={"text": text, "char": ch})
        if not pending:
            raise EngineError(ErrorCode.BAD_TILES, f"cannot parse {text!r}: {ch!r} has no digits",
                              reason=Reason.TILES_UNREADABLE, params={"text": text, "char": ch})
        for digit in pending:
            codes.append(_code(digit, suit, text))
        pending.clear()
    if pending:
        digits = "".join(map(str, pending))
        raise EngineError(
            ErrorCode.BAD_TILES,
            f"cannot parse {text!r}: digits {digits!r} have no suit letter",
            reason=Reason.TILES_WITHOUT_SUIT, params={"text": text, "digits": digits},
        )
    return tuple(codes)


def _code(digit: int, suit: int, text: str) -> int:
    if suit == 3:
        if 1 <= digit <= 7:
            return 26 + digit
        raise EngineError(
            ErrorCode.BAD_TILES, f"cannot parse {text!r}: {digit}z is not a tile (1z-7z)",
            reason=Reason.HONOUR_OUT_OF_RANGE, params={"text": text, "tile": f"{digit}z"},
        )
    if digit == 0:
        return RED_CODE_OF_SUIT[suit]
    return suit * 9 + digit - 1


@dataclass(frozen=True, slots=True)
class TileSet:
    """Which tiles a ruleset plays with: copies per kind and red fives per suit.

    ``copies[k]`` counts every physical copy of kind ``k``, red ones included;
    ``red[s]`` is how many of the fives of suit ``s`` (m, p, s) are red.
    ``allowed[code]`` (derived) is the copies of each exact code, red and
    plain fives apart.
    """

    name: str
    copies: tuple[int, ...]
    red: tuple[int, int, int]
    allowed: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.copies) != N_KINDS:
            raise ValueError(f"tile set {self.name}: copies must list {N_KINDS} kinds")
        allowed = list(self.copies) + list(self.red)
        for suit, five in enumerate((4, 13, 22)):
            allowed[five] -= self.red[suit]
        object.__setattr__(self, "allowed", tuple(allowed))

    @property
    def total(self) -> int:
        return sum(self.copies)

    def has(self, code: int) -> bool:
        if code >= N_KINDS:
            return self.red[code - RED_M] > 0
        return self.copies[code] > 0

    def with_red(self, red: tuple[int, int, int]) -> TileSet:
        return TileSet(self.name, self.copies, red)


def standard_tile_set(name: str = "four-player") -> TileSet:
    """136 tiles, one red five per suit."""
    return TileSet(name, (4,) * N_KINDS, (1, 1, 1))


def tile_set_without(name: str, base: TileSet, kinds: Iterable[int]) -> TileSet:
    """``base`` minus every copy of ``kinds`` (red fives of a removed five go too)."""
    removed = set(kinds)
    copies = tuple(0 if k in removed else c for k, c in enumerate(base.copies))
    red = (
        0 if 4 in removed else base.red[0],
        0 if 13 in removed else base.red[1],
        0 if 22 in removed else base.red[2],
    )
    return TileSet(name, copies, red)
