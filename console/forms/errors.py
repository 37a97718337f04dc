"""Where an engine refusal goes on the hand form: the field its location names.

``LedgerError.refusal`` carries the engine's location in the session's terms
(``ledger.play.games.engine_refusal``): the hand's number and the path of the field
inside it (``("wins", 0, "record", "hand")``, ``("riichi", 1)``, ``("cause",)``).
A refusal of a winner's record as a whole (no yaku, a wrong tile count) goes
beside its tiles; one without a hand or a field goes above the form.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine_door.errors import EngineRefusal, FieldPath
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import HandKind

# The hand's own fields, by the engine's name for them (list indices left out).
HAND_FIELDS = {
    "kind": "kind",
    "riichi": "riichi",
    "tenpai": "tenpai",
    "nagashi": "nagashi",
    "riichi_no_draws_left": "riichi_no_draws_left",
    "dealer_passes": "dealer_passes",
    "caller": "caller",
    "offender": "offender",
    "dead": "dead",
    "dead.seat": "dead",
    "dead.cause": "dead_cause",
    "note": "note",
}
# Record fields entered once for the whole hand.
RECORD_FIELDS_ON_HAND = {
    "dora_indicators": "dora_indicators",
    "ura_indicators": "ura_indicators",
    "win": "discarder",
}
RECORD_FIELD_RENAMES = {"riichi": "riichi_kind"}
# Fields of one win (``wins[i]``) that its block of the form shows.
WIN_FIELDS_ON_BLOCK = ("winner", "pao")


@dataclass(frozen=True, slots=True)
class EngineErrorTarget:
    """``win``: the winner block's index (None: the hand form); ``field`` None: the whole form."""

    win: int | None
    field: str | None
    message: str


ENGINE_REFUSALS = (
    LedgerErrorCode.HAND_REJECTED_BY_ENGINE,
    LedgerErrorCode.CORRECTION_REJECTED_BY_ENGINE,
)


def engine_error_target(
    error: LedgerError, *, kind: str, ordinal: int | None = None
) -> EngineErrorTarget:
    """Where ``error`` goes on a form for hand ``kind``.

    With ``ordinal`` (a correction of that hand) a refusal of another hand
    (a later one the correction changed) goes above the form, whole.
    """
    refusal = error.refusal
    whole = EngineErrorTarget(None, None, error.message)
    if error.code not in ENGINE_REFUSALS or refusal is None or not refusal.field:
        return whole
    if refusal.ordinal is None or (ordinal is not None and refusal.ordinal != ordinal):
        return whole
    return _target(refusal, kind=kind)


def _target(refusal: EngineRefusal, *, kind: str) -> EngineErrorTarget:
    path, detail = refusal.field, refusal.detail
    if path[0] != "wins" or len(path) < 2 or not isinstance(path[1], int):
        return EngineErrorTarget(None, _hand_field(path, kind=kind), detail)
    win, rest = path[1], path[2:]
    head = rest[0] if rest else None
    if head in WIN_FIELDS_ON_BLOCK:
        return EngineErrorTarget(win, str(head), detail)
    if head == "discarder":
        return EngineErrorTarget(None, "discarder", detail)
    if head == "record":
        return _record_target(win, rest[1:], detail)
    return EngineErrorTarget(win, None, detail)


def _names(path: FieldPath) -> list[str]:
    return [segment for segment in path if isinstance(segment, str)]


def _hand_field(path: FieldPath, *, kind: str) -> str | None:
    name = ".".join(_names(path))
    if name == "cause":
        return "abort_cause" if kind == HandKind.ABORT else "chonbo_cause"
    return HAND_FIELDS.get(name)


def _record_target(win: int, path: FieldPath, detail: str) -> EngineErrorTarget:
    # No field of its own: the tiles as a whole (no yaku, wrong count, too many copies).
    field = (_names(path) or ["hand"])[0]
    if field in RECORD_FIELDS_ON_HAND:
        return EngineErrorTarget(None, RECORD_FIELDS_ON_HAND[field], detail)
    return EngineErrorTarget(win, RECORD_FIELD_RENAMES.get(field, field), detail)
