"""A ruleset's game rules as data: how a whole game is played and settled.

Hand scoring belongs to the hand-level ruleset (``engine.score``); everything
between hands lives here: who deals next, what happens to honba and riichi
sticks, what an exhaustive or abortive draw pays, penalties, when the game
ends and how the final scores become placements, points and chips. The
settlement code reads these fields and never asks which ruleset it plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from engine.errors import EngineError, ErrorCode, ErrorLocation

WINDS = ("E", "S", "W", "N")
ROTATIONS = ("counterclockwise", "winner")
DEALER_PASS = ("never", "last_dealer_first", "any")
NAGASHI = ("off", "mangan_draw", "haneman_win", "points_win")
MULTI_RON_BONUS = ("first", "each")
PAO_RON = ("split", "full")
PAO_SHARE = ("whole", "own_yakuman")
SUUKAIKAN = ("abort", "continue")
FIFTH_KAN = ("none", "ura_indicator")
LEFTOVER_STICKS = ("first_place", "house")
# Players tied on points: placed in seat order, or sharing the places' oka/uma and chips.
TIES = ("seat_order", "share")
BUST = ("off", "below_zero", "at_zero")
# The final scores before the return points and uma (engine/game/final.py, "Final rounding"):
# as they stand, or to whole thousands half away from zero (tenhou.net's owari until about
# 2021), 五捨六入 (500 down, 600 up), 切り捨て (toward zero), 切り上げ (away from zero).
FINAL_ROUNDING = ("none", "thousands", "gosha_rokunyuu", "kirisute", "kiriage")
# The point units a rate may price (GameRules.point_unit): per 1,000, per 100, per point.
POINT_UNITS = (1000, 100, 1)
PENALTIES = ("chonbo", "dead_hand")
# False calls and other faults a hand can name as a chonbo's or dead hand's cause.
FAULTS = (
    "false_pon",
    "false_chi",
    "false_kan",
    "false_riichi",
    "false_ron",
    "false_tsumo",
    "kuikae",
    "taahai",
    "shouhai",
    # A win claimed or passed up against the furiten rules, which a hand record cannot show
    # (Toutenkou: "リーチ後の見逃しはできない"; Speed Tonpuu: "a discarded 6z pocchi counts
    # only against 6z furiten").
    "furiten",
)
# Limit base points ("basic points") used by game-level wins that have no hand record.
MANGAN_BASE = 2000
HANEMAN_BASE = 3000
YAKUMAN_BASE = 8000


@dataclass(frozen=True, slots=True)
class GameRules:
    slug: str
    players: int = 4
    starting_points: int = 25000
    # Winds played with the counterclockwise rotation (1 = East only); None = no fixed length.
    rounds: int | None = 2
    dealer_rotation: str = "counterclockwise"
    renchan_on_dealer_win: bool = True
    renchan_on_dealer_tenpai: bool = True
    dealer_pass: str = "last_dealer_first"
    riichi_stick: int = 1000
    riichi_with_no_draws_left: bool = False
    # False: a riichi needs no points in hand (per-hand settlement from a start of 0).
    riichi_needs_stick: bool = True
    # Honba paid by each payer, for the game-level wins (nagashi as a win, special suukantsu).
    honba_per_payer: int = 100
    noten_total: int = 3000
    noten_to_pot: bool = False
    nagashi: str = "mangan_draw"
    # nagashi "points_win" (points rulesets): a tsumo win paid this much by each other player.
    nagashi_points_each: int = 0
    # ... plus these for every such win and for the dealer's (the special yaku that need no
    # tiles: Toutenkou's banban and oya, option nagashi_special_yaku).
    nagashi_bonus_each: int = 0
    nagashi_dealer_bonus_each: int = 0
    special_suukantsu: bool = False
    yakuman_chips_ron: int = 0
    yakuman_chips_tsumo_each: int = 0
    pao_yaku: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    pao_ron: str = "split"
    pao_pays_all_chips: bool = True
    # "whole": pao pays for the whole hand; "own_yakuman": only its yakuman's share of a
    # stacked yakuman hand (engine/game/pao.py).
    pao_share: str = "whole"
    multi_ron_bonus: str = "first"
    triple_ron: bool = False
    suukaikan: str = "abort"
    # After four kans: no fifth kan, or (suukaikan "continue") one whose indicator is taken
    # from the ura row, leaving no ura dora (engine/game/kans.py).
    fifth_kan: str = "none"
    special_abort: bool = False
    # None: the offender pays a mangan tsumo in reverse; else this much to each other player.
    chonbo_each: int | None = None
    false_calls: tuple[tuple[str, str], ...] = ()
    bust: str = "below_zero"
    tobi_chips: int = 0
    called_game_at: int | None = None
    called_game_chips: int = 0
    leftover_sticks: str = "first_place"
    raw_points: bool = True
    # Per placement (1st first): points and chips added at the end (oka and uma).
    placement_points: tuple[int, ...] = (35000, 5000, -15000, -25000)
    placement_chips: tuple[int, ...] = (0, 0, 0, 0)
    chip_value: int = 0
    # The points a parlor's rate prices as one unit of money: scores that run in
    # thousands (25,000 to start) are priced per 1,000 points; a ruleset that scores
    # in single points (Toutenkou) per point. A rate of another unit does not fit.
    point_unit: int = 1000
    # Ties on final points: "seat_order" (the seat nearer the first dealer places higher) or
    # "share" (the tied seats split the placement points and chips of the places they hold).
    ties: str = "seat_order"
    # The final scores rounded before the settlement (FINAL_ROUNDING); the first-placed seat
    # takes the remainder, so the settlement still sums as the unrounded one does.
    final_rounding: str = "none"
    # The points each player returns at the end (the oka's base); None where no such mark
    # exists. Sudden death (西入/南入) reads it: when no seat has it at the end of the last
    # scheduled hand, play goes on into the next wind until a hand ends with a seat at it, or
    # that wind ends (engine/game/settle.py).
    return_points: int | None = None
    sudden_death: bool = False

    def __post_init__(self) -> None:
        _require(self.players in (3, 4), "players must be 3 or 4")
        _require(self.point_unit in POINT_UNITS, f"point_unit must be one of {POINT_UNITS}")
        for name, allowed in (
            ("dealer_rotation", ROTATIONS),
            ("dealer_pass", DEALER_PASS),
            ("nagashi", NAGASHI),
            ("multi_ron_bonus", MULTI_RON_BONUS),
            ("pao_ron", PAO_RON),
            ("pao_share", PAO_SHARE),
            ("suukaikan", SUUKAIKAN),
            ("fifth_kan", FIFTH_KAN),
            ("leftover_sticks", LEFTOVER_STICKS),
            ("bust", BUST),
            ("ties", TIES),
            ("final_rounding", FINAL_ROUNDING),
        ):
            _require(getattr(self, name) in allowed, f"{name} must be one of {allowed}")
        _require(
            (self.nagashi == "points_win") == (self.nagashi_points_each > 0),
            "nagashi_points_each is set (> 0) exactly when nagashi is points_win",
        )
        for name in ("placement_points", "placement_chips"):
            table = getattr(self, name)
            _require(len(table) == self.players, f"{name} needs one entry per player")
            _require(sum(table) == 0, f"{name} must sum to zero, not {sum(table)}")
            _require(
                all(a >= b for a, b in pairwise(table)), f"{name} must not rise with placement"
            )
        if self.sudden_death:
            _require(
                self.return_points is not None and self.rounds is not None
                and self.dealer_rotation == "counterclockwise",
                "sudden death needs return points and a fixed number of winds played in turn",
            )
        for fault, penalty in self.false_calls:
            _require(fault in FAULTS and penalty in PENALTIES, f"false_calls: {fault}={penalty}")
        for tenpai in range(1, self.players):
            noten = self.players - tenpai
            _require(
                self.noten_total % (tenpai * noten) == 0,
                f"noten_total {self.noten_total} does not split {tenpai} tenpai / {noten} noten",
            )
            if self.noten_to_pot:
                _require(
                    (self.noten_total // noten) % self.riichi_stick == 0,
                    "noten_total paid to the pot must come in whole riichi sticks",
                )

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def winds(self) -> tuple[str, ...]:
        return WINDS[: self.players]

    @property
    def chips_in_play(self) -> bool:
        return self.chip_value > 0

    def fault_penalty(self, fault: str) -> str | None:
        """``chonbo`` or ``dead_hand`` for a fault these rules name, else None."""
        return dict(self.false_calls).get(fault)

    def penalty_causes(self, penalty: str) -> tuple[str, ...]:
        """The causes a ``penalty`` (chonbo, dead_hand) may name under these rules.

        Every fault but those these rules make the other penalty, and ``other``:
        a false ron that Speed Tonpuu makes a dead hand is no chonbo's cause there.
        """
        return tuple(
            cause for cause in (*FAULTS, "other") if self.fault_penalty(cause) in (None, penalty)
        )


def _require(condition: bool, message: str) -> None:
    if not condition:
        # The game rules as built from the game options: the options at fault as a whole.
        raise EngineError(
            ErrorCode.BAD_FIELD,
            f"game rules: {message}",
            location=ErrorLocation(field=("game_options",)),
        )
