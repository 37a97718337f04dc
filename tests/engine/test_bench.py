"""`python -m engine.bench` runs (on 50 generated hands) with and without the peer."""

from __future__ import annotations

import pytest

from engine.bench import peer
from engine.bench.__main__ import main
from engine.bench.stream import run_stream


def test_bench_times_engine_and_peer_on_50_hands(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("mahjong")
    assert main(["--generated", "50", "--rounds", "2", "--peer-rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "50 generated records" in out
    assert "engine " in out and "mahjong " in out and "us/hand" in out
    assert "x faster (median)" in out


def test_bench_without_the_peer_times_the_engine_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(peer, "AVAILABLE", False)
    assert main(["--generated", "50", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "engine " in out and "peer (the `mahjong` package) is absent" in out


def test_stream_scores_every_record_in_a_child_process() -> None:
    result, _ = run_stream(200, seed=3)
    assert result.records == result.lines_out == 200
    assert result.exit_code in (0, 1)  # 1 when some random hand has no yaku
    assert result.peak_rss_mb > 0 and result.per_second > 0
