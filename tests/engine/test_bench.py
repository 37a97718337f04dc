"""`python -m engine.bench` runs (on 50 generated hands per ruleset) with and without the peer."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bench import peer
from engine.bench.__main__ import main
from engine.bench.stream import run_stream

MISSING = "/nonexistent/records"


def test_bench_times_both_corpora_side_by_side(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("mahjong")
    real = tmp_path / "real.jsonl"
    real.write_text(
        '{"input": {"id": "r1", "ruleset": "riichi-standard", "hand": "123m456p789s11z234p",'
        ' "win_tile": "2p", "win": "tsumo", "seat_wind": "S", "round_wind": "E"}}\n'
        '{"input": {"id": "r2", "ruleset": "tenhou-sanma", "hand": "111m999m11p456p789p22s",'
        ' "win_tile": "2s", "win": "ron", "seat_wind": "S", "round_wind": "E"}}\n'
    )
    assert main(["--records", str(real), "--generated", "50", "--rounds", "2",
                 "--no-interpreted"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "median of 2 rounds: wall (CPU)" in lines[0] and "mahjong 2." in lines[0]
    real_row = next(line for line in lines if line.startswith("real records (real.jsonl)"))
    assert real_row.split()[3] == "1"  # the sanma record is left out for both engines
    assert "1 records the package cannot take" in out
    # One line per product ruleset, its records beside the same tiles in the package.
    for ruleset in ("riichi-standard", "speed-tonpuu", "toutenkou", "tenhou-sanma"):
        row = next(line for line in lines if line.startswith(f"{ruleset}, seed 20240611"))
        assert row.split()[3] == "50" and row.rstrip().endswith("x)"), row
    assert "target:   engine 10x faster on every corpus (median CPU)" in out


def test_bench_without_the_peer_times_the_engine_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(peer, "AVAILABLE", False)
    assert main(["--records", MISSING, "--generated", "50", "--rounds", "1",
                 "--no-interpreted"]) == 0
    out = capsys.readouterr().out
    assert f"{MISSING} is missing" in out
    assert "peer (the `mahjong` package) is absent" in out
    assert any(line.startswith("toutenkou, seed") for line in out.splitlines())


def test_the_corpora_hold_the_ruleset_fields_at_a_tables_rates() -> None:
    from engine.bench.corpus import generate_table

    def share(ruleset: str, field: str) -> float:
        records = list(generate_table(400, seed=5, ruleset=ruleset))
        assert all(field in record for record in records)
        return sum(bool(record[field]) for record in records) / len(records)

    assert share("riichi-standard", "nuki") == share("riichi-standard", "specials") == 0
    assert 0.5 < share("tenhou-sanma", "nuki") < 0.8
    assert 0.3 < share("speed-tonpuu", "specials") < 0.8
    assert share("toutenkou", "discards") > 0.8 and share("toutenkou", "nuki") > 0.4


def test_stream_scores_every_record_in_a_child_process() -> None:
    result, _ = run_stream(200, seed=3)
    assert result.records == result.lines_out == 200
    assert result.exit_code in (0, 1)  # 1 when some random hand has no yaku
    assert result.peak_rss_mb > 0 and result.per_second > 0 and result.cpu_seconds > 0
