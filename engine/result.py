"""ScoreResult: the spec's output object as a dataclass, and the one renderer.

``ScoreResult.to_dict()`` is exactly the spec's JSON (key order included:
id, ok, yaku, han, fu, yakuman, limit, payment, total, then any keys the
ruleset adds such as ``points`` or ``chips``), or the error form
``{"id", "ok": false, "error": {"code", "message"}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.errors import EngineError, ErrorCode
from engine.record import HandRecord

if TYPE_CHECKING:
    from engine.hand.payment import Payment
    from engine.hand.valuation import Valuation

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class YakuEntry(NamedTuple):
    name: str
    value: int
    unit: str = "han"  # "han", "yakuman" or "points"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, self.unit: self.value}


@dataclass(frozen=True, slots=True)
class ScoreResult:
    id: Any
    ok: bool
    yaku: tuple[YakuEntry, ...] = ()
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    limit: str | None = None
    payment: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    total: int = 0
    extra: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)  # ruleset keys: points, chips
    error_code: ErrorCode | None = None
    error_message: str | None = None

    @classmethod
    def failure(cls, record_id: Any, error: EngineError) -> ScoreResult:
        return cls(record_id, False, error_code=error.code, error_message=error.message)

    @property
    def error(self) -> EngineError | None:
        if self.error_code is None:
            return None
        return EngineError(self.error_code, self.error_message or "")

    def to_dict(self) -> dict[str, Any]:
        if not self.ok:
            return {
                "id": self.id,
                "ok": False,
                "error": {"code": str(self.error_code), "message": self.error_message},
            }
        out: dict[str, Any] = {
            "id": self.id,
            "ok": True,
            "yaku": [{"name": name, unit: value} for name, value, unit in self.yaku],
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "payment": dict(self.payment),
            "total": self.total,
        }
        out.update(self.extra)
        return out


def render(record: HandRecord, valuation: Valuation, payment: Payment) -> ScoreResult:
    extra = {**valuation.extra, **payment.extra} if valuation.extra or payment.extra else _EMPTY
    if valuation.points is not None:
        extra = {"points": valuation.points, **extra}
    return ScoreResult(  # positional: this runs once per hand
        record.id,
        True,
        tuple([YakuEntry(h.name, h.value, h.unit) for h in valuation.yaku]),
        valuation.han,
        valuation.fu,
        valuation.yakuman,
        valuation.limit,
        payment.payment,
        payment.total,
        extra,
    )
