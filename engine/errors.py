"""Error codes of the engine, and where an error is: one enum, one location.

Every problem with an input is raised as :class:`EngineError` and rendered by
``engine.score`` as ``{"ok": false, "error": {"code", "message"}}``. Messages
name the offending tile, field, player or hand for people; the error's
:class:`ErrorLocation` says the same for programs (the hand, the field's path,
the seat, the meld, the tile), so a caller places an error by its structure
and never by reading the message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

# A field's path inside its input object: keys and list indices, ``("wins", 0, "record")``.
FieldPath = tuple[str | int, ...]


class ErrorCode(StrEnum):
    # The spec's codes (spec/hand-record.md, "Output").
    BAD_TILES = "bad_tiles"
    TOO_MANY_COPIES = "too_many_copies"
    WRONG_TILE_COUNT = "wrong_tile_count"
    NOT_A_WINNING_HAND = "not_a_winning_hand"
    NO_YAKU = "no_yaku"
    BAD_FIELD = "bad_field"
    # Project codes.
    BAD_GAME = "bad_game"
    INTERNAL_ERROR = "internal_error"


class Reason(StrEnum):
    """A refusal's finer reason than its code, for interfaces that word refusals themselves
    (the ledger's ``refusal_text``); each comes with the ``params`` its wording needs."""

    CAUSE_IS_CHONBO = "cause_is_chonbo"
    CAUSE_IS_DEAD_HAND = "cause_is_dead_hand"
    DEAD_HAND_CANNOT_WIN = "dead_hand_cannot_win"
    DEAD_HAND_IS_NOTEN = "dead_hand_is_noten"
    RIICHI_IS_TENPAI = "riichi_is_tenpai"
    RIICHI_SHORT_OF_STICK = "riichi_short_of_stick"
    NOT_A_CHOICE = "not_a_choice"
    DISCARDER_IS_WINNER = "discarder_is_winner"
    PAO_IS_WINNER = "pao_is_winner"
    WIN_TILE_NOT_IN_HAND = "win_tile_not_in_hand"
    MELD_NOT_A_SET = "meld_not_a_set"
    IPPATSU_NEEDS_RIICHI = "ippatsu_needs_riichi"
    RULES_HAVE_NO_RIICHI_WITHOUT_DRAW = "rules_have_no_riichi_without_draw"
    RULES_HAVE_NO_NAGASHI = "rules_have_no_nagashi"
    RULES_HAVE_NO_DEALER_PASS = "rules_have_no_dealer_pass"
    DEALER_MAY_NOT_PASS = "dealer_may_not_pass"
    ABORT_NEEDS_FOUR_PLAYERS = "abort_needs_four_players"
    CALLER_ONLY_FOR_KYUUSHUU = "caller_only_for_kyuushuu"
    KYUUSHUU_CALLER_IN_RIICHI = "kyuushuu_caller_in_riichi"
    NOT_A_WINNING_HAND = "not_a_winning_hand"
    NO_YAKU = "no_yaku"
    TOO_MANY_COPIES = "too_many_copies"
    WRONG_TILE_COUNT = "wrong_tile_count"
    RIICHI_KIND_NOT_LISTED = "riichi_kind_not_listed"
    CHANKAN_IS_RON = "chankan_is_ron"
    CHIIHOU_CONDITIONS = "chiihou_conditions"
    GARI_KEPT_IN_HAND = "gari_kept_in_hand"
    GOLD_NEEDS_PLAIN_5P = "gold_needs_plain_5p"
    HAITEI_IS_TSUMO = "haitei_is_tsumo"
    HAITEI_WITH_RINSHAN = "haitei_with_rinshan"
    HONOUR_OUT_OF_RANGE = "honour_out_of_range"
    HOUTEI_IS_RON = "houtei_is_ron"
    KANS_AFTER_THE_FOURTH = "kans_after_the_fourth"
    NO_CHI = "no_chi"
    NO_URA_AFTER_A_FIFTH_KAN = "no_ura_after_a_fifth_kan"
    NUKI_NOT_ALLOWED = "nuki_not_allowed"
    PAO_NEEDS_PAO_YAKU = "pao_needs_pao_yaku"
    RED_WIN_TILE_NOT_IN_HAND = "red_win_tile_not_in_hand"
    RENHOU_CONDITIONS = "renhou_conditions"
    RIICHI_KIND_REFUSED = "riichi_kind_refused"
    RIICHI_LISTED_KIND_NONE = "riichi_listed_kind_none"
    RIICHI_NEEDS_CLOSED_HAND = "riichi_needs_closed_hand"
    RINSHAN_IS_TSUMO = "rinshan_is_tsumo"
    RINSHAN_NEEDS_KAN = "rinshan_needs_kan"
    SEAT_NOT_AT_TABLE = "seat_not_at_table"
    SPECIAL_NOT_HELD = "special_not_held"
    TENHOU_CONDITIONS = "tenhou_conditions"
    TILE_NOT_IN_SET = "tile_not_in_set"
    TILES_UNREADABLE = "tiles_unreadable"
    TILES_WITHOUT_SUIT = "tiles_without_suit"
    WILDCARD_6Z_NEEDS_OPEN_HAND = "wildcard_6z_needs_open_hand"
    WILDCARD_NEEDS_RIICHI = "wildcard_needs_riichi"
    WILDCARD_NEEDS_TSUMO = "wildcard_needs_tsumo"
    WILDCARD_NOT_A_POCCHI = "wildcard_not_a_pocchi"
    WILDCARD_POCCHI_NOT_LISTED = "wildcard_pocchi_not_listed"
    WIN_TILE_NOT_ONE = "win_tile_not_one"
    WINNER_TWICE = "winner_twice"


def field_path_text(path: FieldPath) -> str:
    """``("wins", 0, "record", "hand")`` as ``wins[0].record.hand``."""
    text = ""
    for segment in path:
        if isinstance(segment, int):
            text += f"[{segment}]"
        else:
            text += f".{segment}" if text else segment
    return text


@dataclass(frozen=True, slots=True)
class ErrorLocation:
    """Where an input is at fault.

    ``hand``: the game's hand, counted from 0 (None: the game as a whole, or a
    lone hand record). ``field``: the path of the field at fault inside that
    hand (or inside the game or the hand record); empty when the object as a
    whole is at fault (a hand with no yaku). ``seat``, ``meld`` (index in
    ``melds``) and ``tile``: what the message names, when it names one.
    """

    hand: int | None = None
    field: FieldPath = ()
    seat: int | None = None
    meld: int | None = None
    tile: str | None = None

    @property
    def field_text(self) -> str:
        return field_path_text(self.field)


NOWHERE = ErrorLocation()
_NO_REFS: Mapping[str, int] = MappingProxyType({})
_NO_PARAMS: Mapping[str, str | int] = MappingProxyType({})


class EngineError(Exception):
    """A hand (or game) that cannot be scored: a code, a location and a clear message.

    ``text`` is the message without its ``hand N: `` lead; ``detail`` is what is
    wrong, without the field path the message leads with (``cannot parse 'x'``
    of ``hand 2: wins[0].record: hand: cannot parse 'x'``). ``hand_refs`` names
    the game's other hands a message mentions (``{ended}`` in ``text``), so a
    caller that numbers hands otherwise can say them its own way (``render``).
    ``reason`` names which refusal it is, finer than ``code`` (``Reason.CAUSE_IS_CHONBO``),
    and ``params`` its values (a fault, a seat), so a caller can say it in its own words
    and language; None where the refusal has not been given one.
    """

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        location: ErrorLocation = NOWHERE,
        detail: str | None = None,
        hand_refs: Mapping[str, int] = _NO_REFS,
        reason: Reason | None = None,
        params: Mapping[str, str | int] = _NO_PARAMS,
    ) -> None:
        self.code = code
        self.text = message
        self.location = location
        self.detail = message if detail is None else detail
        self.hand_refs = hand_refs
        self.reason = reason
        self.params = params
        super().__init__(self.message)

    @classmethod
    def at(
        cls,
        code: ErrorCode,
        detail: str,
        *,
        hand: int | None = None,
        field: FieldPath = (),
        seat: int | None = None,
        meld: int | None = None,
        tile: str | None = None,
        hand_refs: Mapping[str, int] = _NO_REFS,
        reason: Reason | None = None,
        params: Mapping[str, str | int] = _NO_PARAMS,
    ) -> EngineError:
        """An error whose message leads with its location: ``hand 2: wins[0].winner: <detail>``."""
        location = ErrorLocation(hand, field, seat, meld, tile)
        text = f"{location.field_text}: {detail}" if field else detail
        return cls(
            code, text, location=location, detail=detail, hand_refs=hand_refs,
            reason=reason, params=params,
        )  # fmt: skip

    @property
    def message(self) -> str:
        return self.render()

    def render(self, hand_number: Callable[[int], int] = int) -> str:
        """The message, with the game's hands named ``hand_number(index)`` (default: the index)."""
        text = self.text
        if self.hand_refs:
            text = text.format(**{key: hand_number(i) for key, i in self.hand_refs.items()})
        if self.location.hand is None:
            return text
        return f"hand {hand_number(self.location.hand)}: {text}"

    def within(self, *path: str | int, hand: int | None = None) -> EngineError:
        """This error of an object nested at ``path`` (in the game's hand ``hand``)."""
        location = replace(
            self.location,
            field=(*path, *self.location.field),
            hand=self.location.hand if hand is None else hand,
        )
        text = f"{field_path_text(path)}: {self.text}" if path else self.text
        return EngineError(
            self.code, text, location=location, detail=self.detail, hand_refs=self.hand_refs,
            reason=self.reason, params=self.params,
        )  # fmt: skip

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code.value, "message": self.message}

    def __repr__(self) -> str:
        return f"EngineError({self.code.value!r}, {self.message!r})"


def bad_field(
    message: str,
    *,
    field: FieldPath,
    seat: int | None = None,
    meld: int | None = None,
    tile: str | None = None,
    reason: Reason | None = None,
    params: Mapping[str, str | int] = _NO_PARAMS,
) -> EngineError:
    """A ``bad_field`` error whose message names the field in its own words.

    ``field`` is required, so that every refusal says where it is as data: ``()``
    for the record as a whole. ``reason`` and ``params``: which refusal, as data.
    """
    return EngineError(
        ErrorCode.BAD_FIELD, message, location=ErrorLocation(None, field, seat, meld, tile),
        reason=reason, params=params,
    )  # fmt: skip
