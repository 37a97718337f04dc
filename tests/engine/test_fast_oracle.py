"""The fast scorer against its oracle, the reference path, on random records of every ruleset.

Records as a table produces them (``engine.bench.corpus.table_record``: the spec's
ruleset fields present and default-valued, Norths set aside in three-player games,
Speed Tonpuu's special copies, Toutenkou's gari and discards, the hand as the table
console writes it), plus the same with empty ``options`` and without the fields that
hold their defaults (as the console sends them): ``engine.score`` must be the reference
answer key for key, and the fast scorer must take every record of the rulesets it
compiles a plan for.
"""

from __future__ import annotations

import json
import random

import hypothesis.strategies as st
from hypothesis import given, settings

import engine
from engine.bench.corpus import SPEC_DEFAULTS, table_record
from engine.fast import score_fast
from engine.reference import score_reference

RULESETS = ("riichi-standard", "tenhou", "tenhou-sanma", "speed-tonpuu", "toutenkou")
# The rulesets the fast scorer compiles (engine/fast/plan.py): it takes all their records.
FAST = frozenset({"riichi-standard", "tenhou", "tenhou-sanma", "speed-tonpuu", "toutenkou"})


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(RULESETS), st.booleans(), st.booleans())
def test_both_paths_agree_on_random_records_of_every_ruleset(
    seed: int, ruleset: str, empty_options: bool, sparse: bool
) -> None:
    record = table_record(random.Random(seed), f"h-{seed}", ruleset)
    if empty_options:
        record["options"] = {}
    if sparse:  # as the table console sends it: only the fields that were entered
        record = {k: v for k, v in record.items() if SPEC_DEFAULTS.get(k, record) != v}
    reference = score_reference(record)
    assert reference["ok"] or reference["error"]["code"] == "no_yaku", json.dumps(record)
    assert engine.score(record) == reference, json.dumps(record)
    fast = score_fast(record)
    if ruleset in FAST and reference["ok"] and not _wildcard(record):
        assert fast is not None, json.dumps(record)
    if fast is not None:
        assert fast == reference, json.dumps(record)


def _wildcard(record: dict) -> bool:
    """Speed Tonpuu's records the reference path scores: a pocchi drawn as the winning tile
    (the wildcard tries every tile)."""
    pocchi = {"5z": "pocchi_5z", "6z": "pocchi_6z", "7z": "pocchi_7z"}.get(record["win_tile"])
    return record["ruleset"] == "speed-tonpuu" and bool(
        pocchi in record.get("specials", []) and record["win"] == "tsumo"
    )


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_toutenkou_with_random_options_agrees(seed: int) -> None:
    """Toutenkou's options (tiles, fives, gari bai and tori, karasu and yakuman points...)."""
    from engine.bench.toutenkou_hands import random_record

    record = random_record(random.Random(seed), f"t-{seed}")
    reference = score_reference(record)
    assert engine.score(record) == reference, json.dumps(record)
    fast = score_fast(record)
    if fast is not None:
        assert fast == reference, json.dumps(record)


def test_the_sanma_records_are_all_taken_and_agree() -> None:
    from tests.engine.test_records import RECORDS_DIR

    path = RECORDS_DIR / "tenhou-sanma.jsonl"
    records = [json.loads(line)["input"] for line in path.open()] if path.exists() else []
    for record in records:
        fast = score_fast(record)
        assert fast is not None and fast == score_reference(record), record["id"]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_speed_tonpuu_first_draw_shapes_agree(seed: int) -> None:
    """Speed Tonpuu's puutaa shapes (no set and no partial set on the first draw: twelve
    unrelated tiles and a pair, or fourteen), near misses, and thirteen orphans, with the
    tenhou or chiihou flag: the fast scorer takes them and answers as the reference path."""
    rng = random.Random(seed)
    kinds = [27 + k for k in rng.sample(range(7), rng.randint(4, 7))]
    for suit in range(3):  # ranks at least three apart: unrelated
        start = rng.randint(0, 2)
        kinds += [9 * suit + r for r in range(start, 9, rng.choice((3, 3, 4)))]
    rng.shuffle(kinds)
    shape = rng.choice(("shiisanpuutaa", "shiisuupuutaa", "related", "kokushi"))
    if shape == "kokushi":
        kinds = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    n = 14 if shape == "shiisuupuutaa" else 13
    if len(kinds) < n:
        return
    tiles = kinds[:n] + ([] if n == 14 else [rng.choice(kinds[:n])])
    if shape == "related":  # one tile moved next to another of its suit
        number = [t for t in tiles if t < 27 and t % 9 < 8]
        if number:
            tiles[tiles.index(number[0])] = number[0] + 1
    dealer = rng.random() < 0.5
    text = "".join(
        "".join(str(t % 9 + 1) for t in sorted(tiles) if t // 9 == s) + "mpsz"[s]
        for s in range(4) if any(t // 9 == s for t in tiles)
    )
    win = rng.choice(tiles)
    record = {
        "id": f"p-{seed}", "ruleset": "speed-tonpuu", "hand": text,
        "win_tile": f"{win % 9 + 1}{'mpsz'[win // 9]}", "win": "tsumo",
        "seat_wind": "E" if dealer else rng.choice("SWN"), "round_wind": "E",
        "tenhou": dealer, "chiihou": not dealer,
    }
    reference = score_reference(record)
    fast = score_fast(record)
    assert fast is not None, json.dumps(record)
    assert fast == reference, json.dumps(record)
