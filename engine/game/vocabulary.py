"""The game JSON's vocabulary (docs/game-format.md, "Input"), declared once.

The engine's reader (``engine.game.input``), the ledger's API serializer and
admin hand form, and the test that checks the docs' tables and examples all
take their field names and choices from here. A hand record's own fields are
``engine.record``'s (spec/hand-record.md).
"""

from __future__ import annotations

from engine.game.rules import FAULTS

GAME_FIELDS = (
    "id", "ruleset", "options", "game_options", "players", "hands", "stopped", "states", "start"
)  # fmt: skip
HAND_KINDS = ("win", "draw", "abort", "chonbo")
# Every hand's fields, then each kind's own.
COMMON_FIELDS = ("kind", "riichi", "dead", "note")
KIND_FIELDS = {
    "win": ("wins", "dealer_passes"),
    "draw": ("tenpai", "nagashi", "riichi_no_draws_left", "dealer_passes"),
    "abort": ("cause", "kans", "caller"),
    "chonbo": ("offender", "cause"),
}
REQUIRED_FIELDS = {"win": ("wins",), "draw": (), "abort": ("cause",), "chonbo": ("offender",)}
HAND_FIELDS = tuple(dict.fromkeys(COMMON_FIELDS + sum(KIND_FIELDS.values(), ())))
WIN_FIELDS = ("winner", "discarder", "record", "special", "pao")
DEAD_FIELDS = ("seat", "cause")
SPECIAL_WINS = ("suukantsu",)
ABORT_CAUSES = (
    "suufon_renta",
    "kyuushuu_kyuuhai",
    "suucha_riichi",
    "suukaikan",
    "sanchahou",
    "dealer_first_discard",
)
FAULT_CAUSES = (*FAULTS, "other")
