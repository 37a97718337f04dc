"""A trimmed tenhou.net game log (tenhou_logs/) as the engine's game JSON, and its owari.

The winning hands are the shared records of the same game (``../shared/records``,
whose ids are ``<source>#<n>``, n counting the game's wins in order); the log gives
the rest: riichi sticks put down, draws and their tenpai players, who won from
whom, and the server's scores after every hand and at the end.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LOGS = Path(__file__).parent / "tenhou_logs"
SHARED_DIR = Path(
    os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[3].parent / "shared"
)
RECORDS = SHARED_DIR / "records"
THREE_PLAYERS, EAST_SOUTH = 0x10, 0x08
# RYUUKYOKU type -> the abort's cause (docs/game-format.md)
ABORTS = {"yao9": "kyuushuu_kyuuhai", "reach4": "suucha_riichi", "ron3": "sanchahou",
          "kan4": "suukaikan", "kaze4": "suufon_renta"}


@dataclass(frozen=True)
class TenhouGame:
    game: dict[str, Any]
    # the server's scores after each hand (the next hand's INIT, then the owari's)
    scores_after: list[list[int]]
    final_scores: list[int]
    final_points: list[int]  # the owari's points, in points (thousands x 1,000)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")]


def _records(source: str) -> list[dict[str, Any]]:
    found = []
    for path in sorted(RECORDS.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row["source"].split("#")[0] == source:
                found.append((int(row["source"].split("#")[1]), row["input"]))
    return [record for _, record in sorted(found, key=lambda item: item[0])]


def load(name: str, source: str, **game_options: Any) -> TenhouGame:
    """The game of ``tenhou_logs/<name>``, its wins from the shared records of ``source``."""
    root = ET.fromstring((LOGS / name).read_text())
    go = int(root.find("GO").get("type"))  # type: ignore[union-attr]
    players = 3 if go & THREE_PLAYERS else 4
    ruleset = "tenhou-sanma" if players == 3 else "tenhou"
    options = {"length": "east_south" if go & EAST_SOUTH else "east", **game_options}
    records = iter(_records(source))
    hands: list[dict[str, Any]] = []
    scores_after: list[list[int]] = []
    final_scores: list[int] = []
    final_points: list[int] = []
    hand: dict[str, Any] = {}
    dealer = 0
    for tag in root:
        if tag.tag == "INIT":
            if hand:
                scores_after.append([100 * x for x in _ints(tag.get("ten", ""))[:players]])
            dealer = int(tag.get("oya", "0"))
            hand = {"riichi": []}
            hands.append(hand)
        elif tag.tag == "REACH" and tag.get("step") == "2":
            hand["riichi"].append(int(tag.get("who", "")))
        elif tag.tag == "AGARI":
            who, from_who = int(tag.get("who", "")), int(tag.get("fromWho", ""))
            win: dict[str, Any] = {"winner": who, "record": next(records)}
            if from_who != who:
                win["discarder"] = from_who
            if tag.get("paoWho") is not None:
                win["pao"] = int(tag.get("paoWho", ""))
            hand.setdefault("wins", []).append(win)
            hand["kind"] = "win"
        elif tag.tag == "RYUUKYOKU":
            kind = tag.get("type")
            if kind in ABORTS:
                hand.update(kind="abort", cause=ABORTS[kind])
            else:
                tenpai = [seat for seat in range(players) if tag.get(f"hai{seat}") is not None]
                hand.update(kind="draw", tenpai=tenpai)
                if kind == "nm":
                    raise NotImplementedError("nagashi mangan: no fixture has one yet")
        if tag.get("owari") is not None:
            owari = tag.get("owari", "").split(",")
            final_scores = [100 * int(owari[2 * seat]) for seat in range(players)]
            final_points = [round(1000 * float(owari[2 * seat + 1])) for seat in range(players)]
            _dealer_passes(hand, dealer, final_scores, players)
    game = {
        "id": name, "ruleset": ruleset, "players": [f"seat {s}" for s in range(players)],
        "game_options": options, "hands": hands,
    }  # fmt: skip
    return TenhouGame(game, scores_after, final_scores, final_points)


def _dealer_passes(hand: dict[str, Any], dealer: int, scores: list[int], players: int) -> None:
    """The server ends the game itself when the last dealer, first, wins or is tenpai
    (agariyame, tenpaiyame): the game JSON says so with ``dealer_passes``."""
    kept = dealer in [w["winner"] for w in hand.get("wins", [])] or dealer in hand.get(
        "tenpai", []
    )
    first = max(range(players), key=lambda seat: (scores[seat], -seat))
    if kept and first == dealer and min(scores) >= 0:
        hand["dealer_passes"] = True
