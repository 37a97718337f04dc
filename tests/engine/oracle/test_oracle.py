"""The engine against the `mahjong` package on 20,000 seeded random winning hands.

The package is configured as riichi-standard (engine/bench/peer.py). Every
disagreement fails the test with the record's JSON, so it can be replayed
with `engine.score`, unless a named predicate in `known.py` explains it by a
rule documented in docs/engine-oracle.md. The hands cover every shape (see
`test_corpus_covers_every_shape`).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

import pytest

import engine
from engine.bench import peer
from engine.bench.corpus import generate
from tests.engine.test_records import RECORDS_DIR

from .compare import differences, report
from .known import known_disagreement

pytest.importorskip("mahjong")

SEED = 20240611
HANDS = 20000  # ~5 s of CPU with mahjong 2.x (generation, both engines)
CHUNKS = 20
REAL_RECORDS = RECORDS_DIR / "tenhou-4p.jsonl"


@functools.cache
def corpus() -> tuple[dict[str, Any], ...]:
    return tuple(generate(HANDS, seed=SEED))


@functools.cache
def calculator() -> Any:
    return peer.calculator()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_engine_agrees_with_the_mahjong_package(chunk: int) -> None:
    size = HANDS // CHUNKS
    disagreements, skipped = [], Counter[str]()
    for record in corpus()[chunk * size:(chunk + 1) * size]:
        ours, theirs = engine.score(record), peer.score(record, calculator())
        diff = differences(ours, theirs)
        if not diff:
            continue
        reason = known_disagreement(record, ours, theirs)
        if reason:
            skipped[reason] += 1
        else:
            disagreements.append(report(record, diff))
    assert not disagreements, (
        f"{len(disagreements)} disagreements (known and skipped: {dict(skipped)}):\n"
        + "\n".join(disagreements)
    )


def test_corpus_covers_every_shape() -> None:
    seen: Counter[str] = Counter()
    for record in corpus():
        seen.update(f"meld:{m['kind']}" for m in record["melds"])
        seen.update(flag for flag in ("ippatsu", "rinshan", "chankan", "haitei", "houtei",
                                      "tenhou", "chiihou", "renhou") if record[flag])
        seen[f"riichi:{record['riichi']}"] += 1
        seen[f"{record['win']}:{'dealer' if record['seat_wind'] == 'E' else 'non-dealer'}"] += 1
        seen["red five"] += "0" in record["hand"] + "".join(m["tiles"] for m in record["melds"])
        seen["honba"] += record["honba"] > 0
        seen["riichi sticks"] += record["riichi_sticks"] > 0
        seen["open"] += any(m["kind"] != "ankan" for m in record["melds"])
        result = engine.score(record)
        if result["ok"]:
            seen.update(y["name"] for y in result["yaku"])
            seen[f"limit:{result['limit']}"] += 1
        else:
            seen[result["error"]["code"]] += 1
    canonical = {
        "riichi", "double_riichi", "open_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao",
        "iipeikou", "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind",
        "yakuhai_round_wind", "rinshan_kaihou", "chankan", "haitei", "houtei",
        "sanshoku_doujun", "sanshoku_doukou", "ittsu", "chanta", "junchan", "toitoi",
        "sanankou", "sankantsu", "honroutou", "shousangen", "chiitoitsu", "honitsu",
        "chinitsu", "ryanpeikou", "dora", "aka_dora", "ura_dora", "kokushi", "kokushi_13",
        "suuankou", "suuankou_tanki", "daisangen", "shousuushii", "daisuushii", "tsuuiisou",
        "chinroutou", "ryuuiisou", "chuuren", "chuuren_9", "suukantsu", "tenhou", "chiihou",
    }
    shapes = {
        "meld:chi", "meld:pon", "meld:minkan", "meld:kakan", "meld:ankan", "ippatsu",
        "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou",
        "riichi:riichi", "riichi:double", "riichi:open", "tsumo:dealer", "tsumo:non-dealer",
        "ron:dealer", "ron:non-dealer", "red five", "honba", "riichi sticks", "open",
        "limit:mangan", "limit:haneman", "limit:baiman", "limit:sanbaiman", "limit:kazoe",
        "limit:yakuman", "no_yaku",
    }
    missing = {name for name in canonical | shapes if not seen[name]}
    assert not missing, f"the corpus never produced {sorted(missing)}"


@pytest.mark.skipif(not REAL_RECORDS.exists(), reason="the real tenhou records are not here")
def test_adapter_reproduces_the_real_tenhou_results() -> None:
    """The oracle itself, checked against the results the tenhou.net server paid."""
    wrong = []
    with REAL_RECORDS.open() as lines:
        for line in lines:
            row = json.loads(line)
            expected = {"ok": True, **row["expected"]}
            if expected["yakuman"]:
                expected["fu"] = None  # not meaningful for yakuman (records/README.md)
            diff = differences(peer.score(row["input"], calculator()), expected)
            if diff:
                wrong.append(report(row["input"], diff))
    assert not wrong, "\n".join(wrong)
