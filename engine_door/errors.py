"""The engine's refusal and where it is: what callers catch and place on a form.

``EngineError`` carries a stable ``code`` (``ErrorCode``), a ``reason`` (``Reason``)
with its ``params`` for a translated text, and an ``ErrorLocation`` (the hand, the
field path inside it as a ``FieldPath``, the seat, meld or tile). ``EngineRefusal``
is the same refusal placed in the caller's terms (the hand by its number in the
session: ``ledger.play.games.engine_refusal`` builds it), what the forms and the
refusal texts (words/refusal_text.py) read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import EngineError, ErrorCode, ErrorLocation, FieldPath, Reason

__all__ = ["EngineError", "EngineRefusal", "ErrorCode", "ErrorLocation", "FieldPath", "Reason"]


@dataclass(frozen=True, slots=True)
class EngineRefusal:
    """Where the engine refused, in the session's terms: read from the engine's structure.

    ``ordinal``: the session's hand at fault (None: the game or configuration as a
    whole); ``field``: the path inside that hand (``("wins", 0, "record", "hand")``);
    ``detail``: what is wrong, without the hand and path the message leads with.
    """

    ordinal: int | None
    field: FieldPath
    detail: str
    location: ErrorLocation
    # Which refusal, as the engine names it, and its values (``EngineError.reason``,
    # ``params``): ``words.refusal_text`` says it in the user's language.
    reason: Reason | None = None
    params: Mapping[str, str | int] = dataclasses.field(default_factory=dict)
