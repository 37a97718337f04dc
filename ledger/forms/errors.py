"""Where an engine refusal goes on the hand form: the field its path names.

``LedgerError.field`` is the engine's path inside the hand
(``wins[0].record.hand``, ``riichi[1]``, ``cause``; see
``ledger.games.engine_error_where``). A record-level message without a
field of its own (``wins[0].record: melds[0] (pon 123s): ...``, ``flag
'ippatsu' needs riichi``, ``... has no yaku``) is placed by what it starts
with; what names no field of the form is shown above the form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import HandKind

_HAND_PREFIX = re.compile(r"^hand (\d+): ")
_PATH_PREFIX = re.compile(r"^([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*): ")
_WIN = re.compile(r"^wins\[(\d+)\](?:\.(.+))?$")
_INDEX = re.compile(r"\[\d+\]")
_RECORD_LEAD = re.compile(
    r"^(?:flag '(?P<flag>[a-z]+)'|(?P<field>hand|win_tile|melds|dora_indicators"
    r"|ura_indicators|nuki|discards|specials)\b)"
)

# The hand's own fields, by the engine's name for them.
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


@dataclass(frozen=True, slots=True)
class EngineErrorTarget:
    """``win``: the winner block's index (None: the hand form); ``field`` None: the whole form."""

    win: int | None
    field: str | None
    message: str


def _detail(message: str) -> str:
    """The message without its ``hand N: path: `` lead (the field shows where it is)."""
    rest = _HAND_PREFIX.sub("", message, count=1)
    while (segment := _PATH_PREFIX.match(rest)) is not None:
        rest = rest[segment.end() :]
    return rest


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
    if error.code not in ENGINE_REFUSALS or not error.field:
        return EngineErrorTarget(None, None, error.message)
    named = _HAND_PREFIX.match(error.message)
    if ordinal is not None and (named is None or int(named.group(1)) != ordinal):
        return EngineErrorTarget(None, None, error.message)
    detail = _detail(error.message)
    path = error.field
    win = _WIN.match(path)
    if win is None:
        return EngineErrorTarget(None, _hand_field(path, kind=kind), detail)
    index, rest = int(win.group(1)), win.group(2) or ""
    if rest in ("winner", "pao"):
        return EngineErrorTarget(index, rest, detail)
    if rest == "discarder":
        return EngineErrorTarget(None, "discarder", detail)
    if rest.startswith("record"):
        return _record_target(index, rest.removeprefix("record").lstrip("."), detail)
    return EngineErrorTarget(index, None, detail)


def _hand_field(path: str, *, kind: str) -> str | None:
    name = _INDEX.sub("", path)
    if name == "cause":
        return "abort_cause" if kind == HandKind.ABORT else "chonbo_cause"
    return HAND_FIELDS.get(name)


def _record_target(win: int, field: str, detail: str) -> EngineErrorTarget:
    if not field:
        lead = _RECORD_LEAD.match(detail)
        # No field of its own: the tiles as a whole (no yaku, wrong count, too many copies).
        field = "hand" if lead is None else (lead.group("flag") or lead.group("field"))
    field = _INDEX.sub("", field).split(".")[0]
    if field in RECORD_FIELDS_ON_HAND:
        return EngineErrorTarget(None, RECORD_FIELDS_ON_HAND[field], detail)
    return EngineErrorTarget(win, RECORD_FIELD_RENAMES.get(field, field), detail)
