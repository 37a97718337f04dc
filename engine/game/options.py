"""Declared game options: name, accepted values, default, one line of doc.

A ruleset's game rules declare their options as :class:`GameOption` objects;
``parse_options`` checks a game's ``game_options`` object against them and
fills in defaults, and ``GameOption.describe`` gives the JSON the ledger shows.
Errors are ``bad_field`` naming ``game_options.<name>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.errors import bad_field
from engine.game.rules import FINAL_ROUNDING

OptionKind = Literal["bool", "int", "choice", "int_list"]


@dataclass(frozen=True, slots=True)
class GameOption:
    name: str
    kind: OptionKind
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()

    def check(self, value: Any) -> Any:
        where, field = f"game_options.{self.name}", ("game_options", self.name)
        if self.kind == "bool":
            if value is not True and value is not False:
                raise bad_field(f"{where}: must be true or false, not {value!r}", field=field)
        elif self.kind == "int":
            if type(value) is not int or value < 0:
                raise bad_field(
                    f"{where}: must be a non-negative integer, not {value!r}", field=field
                )
        elif self.kind == "int_list":
            if not isinstance(value, list) or any(type(v) is not int for v in value):
                raise bad_field(f"{where}: must be a list of integers, not {value!r}", field=field)
            return tuple(value)
        choice_types = {type(choice) for choice in self.choices}
        if self.choices and (type(value) not in choice_types or value not in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            raise bad_field(f"{where}: {value!r} is not one of {allowed}", field=field)
        return value

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "doc": self.doc}
        out["default"] = list(self.default) if isinstance(self.default, tuple) else self.default
        if self.choices:
            out["choices"] = list(self.choices)
        return out


def parse_options(
    declared: tuple[GameOption, ...], given: Mapping[str, Any], *, slug: str
) -> dict[str, Any]:
    """``given`` checked against ``declared``, with every default filled in."""
    if not isinstance(given, Mapping):
        raise bad_field("game_options must be an object", field=("game_options",))
    known = {option.name: option for option in declared}
    for name in given:
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise bad_field(
                f"game_options.{name}: unknown game option for {slug} (known: {names})",
                field=("game_options", name),
            )
    return {
        option.name: option.check(given[option.name]) if option.name in given else option.default
        for option in declared
    }


def final_rounding_option() -> GameOption:
    """``final_rounding``: an option of every game whose final scores settle with uma."""
    return GameOption(
        "final_rounding",
        "choice",
        "none",
        "the final scores before the return points and uma: as they stand; or rounded to"
        " whole thousands by their size, the sign kept (a negative score rounds as its"
        " positive twin): 'thousands' half away from zero (30,500 -> 31,000, -1,500 ->"
        " -2,000; tenhou.net until about 2021), 'gosha_rokunyuu' (五捨六入: 500 down, 600 up),"
        " 'kirisute' (切り捨て: toward zero), 'kiriage' (切り上げ: away from zero); the"
        " first-placed player takes the remainder (minus the others' sum)",
        FINAL_ROUNDING,
    )


def table_rules(options: Mapping[str, Any]) -> dict[str, Any]:
    """The ``GameRules`` fields set by ``table_options`` (each option names its field)."""
    return {option.name: options[option.name] for option in table_options()}


# Options every ruleset's game rules offer where parlors differ and the texts are silent.
def table_options() -> tuple[GameOption, ...]:
    return (
        GameOption(
            "leftover_sticks",
            "choice",
            "first_place",
            "riichi sticks still on the table at the end: to the first-placed player, or"
            " to the house (lost)",
            ("first_place", "house"),
        ),
        GameOption(
            "multi_ron_bonus",
            "choice",
            "first",
            "double/triple ron: honba to the first winner in turn order from the discarder"
            " only, or to each winner; riichi sticks always go to the first winner",
            ("first", "each"),
        ),
        GameOption(
            "triple_ron",
            "bool",
            False,
            "three rons on one discard are all paid (triple ron) instead of aborting the"
            " hand (sanchahou)",
        ),
        GameOption(
            "pao_ron",
            "choice",
            "split",
            "pao on a ron: the pao player pays half the hand's value and the discarder the"
            " rest with the honba, or pao pays it all (on tsumo pao always pays it all)",
            ("split", "full"),
        ),
        GameOption(
            "ties",
            "choice",
            "seat_order",
            "players tied on final points: placed in seat order from the first dealer, or"
            " share the places: the placement points (oka and uma) and placement chips of"
            " the places they hold are added up and split equally, rounded down to a tenth"
            " of the rate's point unit (100 points; 1 in Toutenkou) and to whole chips, the"
            " remainder going to the tied seat nearest the first dealer",
            ("seat_order", "share"),
        ),
        GameOption(
            "suukaikan",
            "choice",
            "abort",
            "four kans by more than one player abort the hand, or play continues",
            ("abort", "continue"),
        ),
        GameOption(
            "fifth_kan",
            "choice",
            "none",
            "after four kans: 'No one may call kan again' (a record shows at most five dora"
            " indicators), or, with suukaikan 'continue', 'The ura dora indicator tiles are"
            " used starting from the fifth kan, in this case, no ura dora is available'",
            ("none", "ura_indicator"),
        ),
    )
