"""The engine agrees with every real tenhou.net hand in the shared records.

records/README.md: "Use them to check the engine against scores that nobody
on this project computed." Each record's ``input`` is scored and compared with
its ``expected``: han, fu, yakuman, limit, yaku with values, payment, total.

- Yaku are compared as a multiset (the server lists them in its own order);
  the engine's own order is the spec's canonical list, checked separately.
- Yakuman hands: "the server lists only the yakuman; `han` is 0 and `fu` is
  not meaningful", so fu is compared only when ``expected.yakuman`` is 0.
- Pao: "`payment` shows the normal split, `total` is right": compared as is.
- Double ron: the second winner's honba and sticks "are 0 in `input`": the
  input is scored as given.

The records live outside the repo (``<repo>/../shared/records``, or
``$SHARED_DIR/records``). When they are missing the tests skip, except in CI
(``CI`` set) or with ``REQUIRE_SERVICES=1``, where they fail.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.yaku.standard import canonical_rank

SHARED_DIR = Path(
    os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[2].parent / "shared"
)
RECORDS_DIR = SHARED_DIR / "records"
FILES = {"tenhou-4p.jsonl": "tenhou", "tenhou-sanma.jsonl": "tenhou-sanma"}
COMPARED = ("han", "fu", "yakuman", "limit", "payment", "total")


def _load() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for name in FILES:
        path = RECORDS_DIR / name
        if path.exists():
            with path.open(encoding="utf-8") as handle:
                records.extend(json.loads(line) for line in handle if line.strip())
    return records


RECORDS = _load()


def _records_required() -> bool:
    return bool(os.environ.get("CI")) or os.environ.get("REQUIRE_SERVICES") == "1"


def _require_records() -> None:
    missing = [name for name in FILES if not (RECORDS_DIR / name).exists()]
    if not missing:
        return
    reason = f"shared records not found: {', '.join(str(RECORDS_DIR / m) for m in missing)}"
    if _records_required():
        pytest.fail(reason + " (required because CI or REQUIRE_SERVICES=1 is set)")
    pytest.skip(reason + " (set SHARED_DIR to the shared directory)")


def _yaku_multiset(yaku: list[dict[str, Any]]) -> Counter[tuple[str, str, int]]:
    return Counter(
        (y["name"], "yakuman", y["yakuman"]) if "yakuman" in y else (y["name"], "han", y["han"])
        for y in yaku
    )


def comparable(result: dict[str, Any], *, yakuman_hand: bool) -> dict[str, Any]:
    out = {key: result[key] for key in COMPARED}
    out["yaku"] = _yaku_multiset(result["yaku"])
    if yakuman_hand:
        del out["fu"]  # "fu is not meaningful" for the server's yakuman hands
    return out


def test_shared_records_are_present() -> None:
    _require_records()
    assert len(RECORDS) == 1582, "records/README.md lists 1,577 + 5 hands"


CASES: list[Any] = list(RECORDS) or [pytest.param(None, id="no-records")]


@pytest.mark.parametrize("rec", CASES, ids=lambda r: r and r["input"]["id"])
def test_engine_agrees_with_the_server(rec: dict[str, Any] | None) -> None:
    if rec is None:
        _require_records()
        return
    result = engine.score(rec["input"])
    assert result["ok"], result
    expected = rec["expected"]
    yakuman_hand = expected["yakuman"] > 0
    assert comparable(result, yakuman_hand=yakuman_hand) == comparable(
        expected, yakuman_hand=yakuman_hand
    )
    assert result["id"] == rec["input"]["id"]


def test_engine_lists_yaku_in_canonical_order() -> None:
    _require_records()
    for rec in RECORDS:
        names = [y["name"] for y in engine.score(rec["input"])["yaku"]]
        assert names == sorted(names, key=canonical_rank), rec["input"]["id"]


def test_records_use_the_slug_of_their_file() -> None:
    _require_records()
    for name, slug in FILES.items():
        with (RECORDS_DIR / name).open(encoding="utf-8") as handle:
            assert {json.loads(line)["input"]["ruleset"] for line in handle} == {slug}
