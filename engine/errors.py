"""Error codes of the engine: one enum whose values are the spec's codes.

Every problem with an input is raised as :class:`EngineError` and rendered by
``engine.score`` as ``{"ok": false, "error": {"code", "message"}}``. Messages
name the offending tile, field, player or hand.
"""

from __future__ import annotations

from enum import StrEnum


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


class EngineError(Exception):
    """A hand (or game) that cannot be scored, with a code and a clear message."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code.value, "message": self.message}

    def __repr__(self) -> str:
        return f"EngineError({self.code.value!r}, {self.message!r})"


def bad_field(message: str) -> EngineError:
    return EngineError(ErrorCode.BAD_FIELD, message)
