"""Re-scoring one stored hand's wins without replaying its game.

A settled hand (one element of ``settle_game``'s ``hands``) keeps the table it
was played at: ``dealer``, ``round_wind``, ``honba`` and ``sticks`` before it.
With the game's header (ruleset, options, game options, id) and the hand as
entered, that is all ``fill_record`` needs: each win's record is rebuilt
exactly as the game scored it and scored again. So the hands of one game can
be re-scored independently, in any order, in any process (the ledger's
``rescore_hands`` command splits a million hands over the cores this way).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.fast.score import score
from engine.game import registry
from engine.game.input import GameInput, read_hand
from engine.game.rules import GameRules
from engine.game.settle import check_hand_options, hand_options
from engine.game.wins import Seating, fill_record, ordered_wins


@dataclass(frozen=True, slots=True)
class GameHeader:
    """What every hand of one game shares: its rules and the options its records get."""

    rules: GameRules
    ruleset: str
    options: Mapping[str, Any]
    game_id: str


def game_header(
    *,
    game_id: str,
    ruleset: str,
    options: Mapping[str, Any] | None = None,
    game_options: Mapping[str, Any] | None = None,
) -> GameHeader:
    """The header of a game as ``settle_game`` reads it (raises ``EngineError`` if bad)."""
    game = GameInput(
        id=game_id, ruleset=ruleset, options=dict(options or {}),
        game_options=dict(game_options or {}), players=(),
    )  # fmt: skip
    rules = check_hand_options(game, registry.configure(ruleset, game.game_options))
    return GameHeader(rules, ruleset, hand_options(game, rules), game_id)


@dataclass(frozen=True, slots=True)
class Rescored:
    """One win of a stored hand: what is stored and what the engine says now."""

    win: int  # position in the stored hand's ``wins``
    stored: Mapping[str, Any] | None
    rescored: dict[str, Any]

    @property
    def differs(self) -> bool:
        return self.stored != self.rescored

    def keys(self) -> list[str]:
        """The output keys whose values differ (all of them when nothing is stored)."""
        stored = self.stored or {}
        missing = object()
        return sorted(
            key for key in stored.keys() | self.rescored.keys()
            if stored.get(key, missing) != self.rescored.get(key, missing)
        )  # fmt: skip


def rescore_hand(
    header: GameHeader, payload: Mapping[str, Any], stored: Mapping[str, Any]
) -> list[Rescored]:
    """Every win of ``payload`` (the hand as entered) that has a record, scored again.

    ``stored`` is the hand's settled output; it gives the table the hand was
    played at and the stored ``wins`` (in paying order) to compare with.
    Raises ``EngineError`` when the payload is not a hand the engine reads.
    """
    rules = header.rules
    hand = read_hand(payload, index=stored["index"], players=rules.players)
    if not hand.wins:
        return []
    seating = Seating(
        rules=rules, ruleset=header.ruleset, options=header.options, game_id=header.game_id,
        dealer=stored["dealer"], round_wind=stored["round_wind"], honba=stored["honba"],
        pot=rules.riichi_stick * (stored["sticks"] + len(hand.riichi)),
    )  # fmt: skip
    wins = stored.get("wins") or []
    out: list[Rescored] = []
    for n, (j, win, honba, sticks) in enumerate(ordered_wins(hand, seating)):
        if win.record is None:
            continue  # a special win (suukantsu) has no record: nothing to re-score
        record = fill_record(win, seating, hand=hand, honba=honba, sticks=sticks, j=j)
        kept = wins[n].get("score") if n < len(wins) else None
        out.append(Rescored(n, kept, score(record)))
    return out
