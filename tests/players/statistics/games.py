"""Games for the statistics tests: hands as staff enter them, settled by the engine."""

from __future__ import annotations

from typing import Any

import engine
from engine_door.results import SettledGame
from players.statistics.counting import HandFacts

PINFU = {"hand": "234m345p456s23488s", "win_tile": "4s"}
TANYAO_PON = {
    "hand": "234m345p23455s",
    "melds": [{"kind": "pon", "tiles": "777m"}],
    "win_tile": "4s",
}
ANKAN_TSUMO = {
    "hand": "234m345p23455s",
    "melds": [{"kind": "ankan", "tiles": "6666p"}],
    "win_tile": "4s",
}
TANYAO_TSUMO = {"hand": "234m345p456s22678s", "win_tile": "8s"}


def ron(winner: int, discarder: int, record: dict[str, Any] = PINFU) -> dict[str, Any]:
    return {"winner": winner, "discarder": discarder, "record": dict(record)}


def tsumo(winner: int, record: dict[str, Any] = TANYAO_TSUMO) -> dict[str, Any]:
    return {"winner": winner, "record": dict(record)}


def settled(
    hands: list[dict[str, Any]], *, ruleset: str = "riichi-standard", **game: Any
) -> tuple[SettledGame, list[HandFacts]]:
    players = ["A", "B", "C", "D"][: game.pop("players", 4)]
    answer = engine.evaluate_game(
        {"id": "g", "ruleset": ruleset, "players": players, "hands": hands, **game}
    )
    assert answer["ok"], answer
    outcome = SettledGame.from_engine(answer)
    facts = [HandFacts(payload, hand) for payload, hand in zip(hands, outcome.hands, strict=True)]
    return outcome, facts
