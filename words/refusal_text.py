"""An engine refusal in the user's language and words, from its structure, never its message.

The engine (pure Python, English) raises each refusal with a ``code``, and for
those a form shows most a finer ``reason`` with its ``params`` (the seat, the
fault) and a location naming the seat and tile (``engine.errors``). Here each
reason, and each code of the hand record's, has a translatable sentence
(gettext, ``locale/ja``) filled with the player's name and wind, the fault's
label and the tile: no engine name (``false_ron``, ``dead``, a ruleset slug)
reaches the page. A refusal without a sentence of its own keeps the engine's
English detail in English, and says in other languages which field the rules
refused and whose it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from engine_door.errors import EngineRefusal, ErrorCode, Reason
from words import labels
from words.refusal_records import RECORD_REASONS
from words.tile_words import tile_words

# Seat number -> "Chie — West" (the form's own seat labels).
SeatLabels = Mapping[int, str]


def _cause(params: Mapping[str, Any]) -> str:
    return labels.label(labels.FAULTS, str(params.get("cause", "other")))


# By the engine's reason: the sentence, given the filled-in words.
REASONS: dict[Reason, Callable[[dict[str, Any]], str]] = {
    Reason.CAUSE_IS_CHONBO: lambda w: (
        _(
            "%(player)s: “%(cause)s” is a chonbo under these rules, not a dead hand:"
            " record a chonbo hand instead."
        )
        % w
    ),
    Reason.CAUSE_IS_DEAD_HAND: lambda w: (
        _(
            "%(player)s: “%(cause)s” is a dead hand under these rules, not a chonbo:"
            " mark the seat's dead hand on the hand as it was played."
        )
        % w
    ),
    Reason.DEAD_HAND_CANNOT_WIN: lambda w: _("%(player)s has a dead hand and cannot win.") % w,
    Reason.DEAD_HAND_IS_NOTEN: lambda w: (
        _("%(player)s has a dead hand and counts as noten: untick their tenpai.") % w
    ),
    Reason.RIICHI_IS_TENPAI: lambda w: (
        _("%(player)s declared riichi, so is tenpai (a riichi declared while noten is a chonbo).")
        % w
    ),
    Reason.RIICHI_SHORT_OF_STICK: lambda w: (
        _("%(player)s has %(points)s points, fewer than the %(stick)s-point riichi stick.") % w
    ),
    Reason.NOT_A_CHOICE: lambda w: _("This choice is not one these rules take.") % w,
    Reason.DISCARDER_IS_WINNER: lambda w: (
        _("%(player)s is the winner and cannot also be the one who dealt in.") % w
    ),
    Reason.PAO_IS_WINNER: lambda w: _("%(player)s is the winner: pao is another player.") % w,
    Reason.WIN_TILE_NOT_IN_HAND: lambda w: (
        _("%(whose)sthe winning tile %(tile_name)s is not among the hand's tiles.") % w
    ),
    Reason.MELD_NOT_A_SET: lambda w: (
        _(
            "%(whose)s“%(meld)s” is not a meld: a chi is three tiles in a row of one suit, a pon"
            " three of a kind, a kan four."
        )
        % w
    ),
    Reason.IPPATSU_NEEDS_RIICHI: lambda w: _("%(whose)sippatsu needs riichi.") % w,
    Reason.RULES_HAVE_NO_RIICHI_WITHOUT_DRAW: lambda w: _(
        "These rules allow no riichi without a draw left."
    ),
    Reason.RULES_HAVE_NO_NAGASHI: lambda w: _("These rules play without nagashi mangan."),
    Reason.RULES_HAVE_NO_DEALER_PASS: lambda w: _(
        "These rules have no agariyame or tenpaiyame: the dealer may not pass."
    ),
    Reason.DEALER_MAY_NOT_PASS: lambda w: _(
        "Only a dealer who won, or was tenpai, may pass (agariyame, tenpaiyame)."
    ),
    Reason.ABORT_NEEDS_FOUR_PLAYERS: lambda w: _("“%(abort)s” needs four players.") % w,
    Reason.CALLER_ONLY_FOR_KYUUSHUU: lambda w: _("Only kyuushuu kyuuhai has a caller."),
    Reason.KYUUSHUU_CALLER_IN_RIICHI: lambda w: (
        _(
            "%(player)s called kyuushuu kyuuhai on their first draw, before any discard:"
            " they cannot have declared riichi."
        )
        % w
    ),
    # Tiles, flags, the table and the rulesets' own refusals (words.refusal_records).
    **RECORD_REASONS,
}

# By the engine's code, for the refusals of a hand record (tiles).
CODES: dict[ErrorCode, Callable[[dict[str, Any]], str]] = {
    ErrorCode.BAD_TILES: lambda w: (
        _("%(whose)sthese tiles cannot be read%(tile)s: use mpsz, e.g. 123m406p77z.") % w
    ),
    ErrorCode.TOO_MANY_COPIES: lambda w: _("%(whose)smore than four copies of %(tile_name)s.") % w,
    ErrorCode.WRONG_TILE_COUNT: lambda w: (
        _(
            "%(whose)sthe wrong number of tiles for a winning hand (14 with the winning tile,"
            " one more for each kan)."
        )
        % w
    ),
    ErrorCode.NOT_A_WINNING_HAND: lambda w: _("%(whose)sthese tiles are not a winning hand.") % w,
    ErrorCode.NO_YAKU: lambda w: _("%(whose)sthe hand has no yaku.") % w,
}


def refusal_text(
    refusal: EngineRefusal,
    *,
    engine_code: str | None,
    english: str,
    seats: SeatLabels,
    field_label: str = "",
    winner: int | None = None,
) -> str:
    """The refusal for people: its own sentence, else ``english`` (the engine's) in English.

    ``seats``: each seat's label (player and wind); ``field_label``: the form field
    the refusal sits beside, named where no sentence of its own says more;
    ``winner``: the seat of the winner whose record it is, when the refusal names none.
    """
    player = _player(refusal, seats, winner)
    words = _words(refusal, player)
    sentence = None if refusal.reason is None else REASONS.get(refusal.reason)
    if sentence is not None:
        return _capitalised(sentence(words))
    if (get_language() or "en").startswith("en"):
        return english
    by_code = next((say for code, say in CODES.items() if code == engine_code), None)
    if by_code is not None:
        return _capitalised(by_code(words))
    if field_label and player:
        return _("%(player)s: the rules refuse “%(field)s” as entered.") % {
            "player": player,
            "field": field_label,
        }
    if field_label:
        return _("The rules refuse “%(field)s” as entered.") % {"field": field_label}
    return _("The rules refuse this hand as entered.")


def _player(refusal: EngineRefusal, seats: SeatLabels, winner: int | None) -> str:
    seat = refusal.params.get("seat", refusal.location.seat)
    if seat is None:
        seat = winner
    return seats.get(seat, "") if isinstance(seat, int) else ""


# A kind of riichi (the record's ``riichi``) by the yaku it is.
RIICHI_KINDS = {"riichi": "riichi", "double": "double_riichi", "open": "open_riichi"}


def _words(refusal: EngineRefusal, player: str) -> dict[str, Any]:
    params = dict(refusal.params)
    tile = refusal.location.tile or str(params.get("tile", ""))
    special = str(params.get("special", ""))
    return {
        **{key: _number(value) for key, value in params.items() if key not in ("seat", "tile")},
        "code": tile,
        "special": labels.label(labels.SPECIALS, special) if special else "",
        "riichi_kind": labels.yaku_label(RIICHI_KINDS.get(str(params.get("kind")), "riichi")),
        "pao_yaku": _list(labels.yaku_label(name) for name in str(params.get("yaku", "")).split()),
        "gari": _list(tile_words(code) for code in str(params.get("gari", "")).split()),
        "player": player or _("A player"),
        "whose": _("%(player)s: ") % {"player": player} if player else "",
        "cause": _cause(params),
        "points": _number(params.get("points")),
        "stick": _number(params.get("stick")),
        "tile": f" ({tile})" if tile else "",
        "tile_name": tile_words(tile) if tile else _("a tile"),
        "meld": f"{params.get('kind', '')} {params.get('tiles', '')}".strip(),
        "abort": labels.label(labels.ABORT_CAUSES, str(params.get("cause", ""))),
    }


def _list(items: Iterable[str]) -> str:
    return pgettext("list separator", ", ").join(items)


def _number(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value or "")


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
