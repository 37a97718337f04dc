"""The engine's refusal and where it is: what callers catch and place on a form.

``EngineError`` carries a stable ``code`` (``ErrorCode``), a ``reason`` (``Reason``)
with its ``params`` for a translated text, and an ``ErrorLocation`` (the hand, the
field path inside it as a ``FieldPath``, the seat, meld or tile).
"""

from engine.errors import EngineError, ErrorCode, ErrorLocation, FieldPath, Reason

__all__ = ["EngineError", "ErrorCode", "ErrorLocation", "FieldPath", "Reason"]
