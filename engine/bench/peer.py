"""Adapter from a spec hand record to the `mahjong` package (the peer).

The package is optional: ``AVAILABLE`` says whether it is installed. It is
configured as ``riichi-standard`` (open tanyao, red fives, kazoe at 13 han,
the four wait-based double yakuman, no kiriage, pinfu tsumo, an open hand
with no fu paid as 30, no renhou, no local yaku); ``tenhou`` differs only in
counting the double yakuman once. ``prepare`` does the conversion (outside any
timed loop), ``estimate`` is the package's own work, and ``to_spec`` renders
its answer in the spec's output form so the two engines can be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

try:
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld

    AVAILABLE = True
except ImportError:  # pragma: no cover - the benchmark runs without the peer
    AVAILABLE = False

RULESETS = {"riichi-standard": True, "tenhou": False}  # slug -> double yakuman
FIVES_34 = (4, 13, 22)
RED_136 = {4: 16, 13: 52, 22: 88}  # the package's red fives are these copies
MELD_TYPES = {"chi": "chi", "pon": "pon", "minkan": "kan", "kakan": "shouminkan", "ankan": "kan"}
SPEC_FIELDS = {
    "id", "ruleset", "hand", "melds", "win_tile", "win", "seat_wind", "round_wind",
    "dora_indicators", "ura_indicators", "riichi", "ippatsu", "rinshan", "chankan", "haitei",
    "houtei", "tenhou", "chiihou", "renhou", "honba", "riichi_sticks",
}
_TILE_GROUP = re.compile(r"([0-9]+)([mpsz])")

# The package's yaku names -> the spec's canonical names.
YAKU_NAMES = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Open Riichi": "open_riichi",
    "Ippatsu": "ippatsu", "Chankan": "chankan", "Rinshan Kaihou": "rinshan_kaihou",
    "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Double Riichi": "double_riichi",
    "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "yakuhai_haku", "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun", "Sanshoku Doujun": "sanshoku_doujun",
    "Ittsu": "ittsu", "Chantai": "chanta", "Honroutou": "honroutou", "Toitoi": "toitoi",
    "San Ankou": "sanankou", "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu", "Shou Sangen": "shousangen", "Honitsu": "honitsu",
    "Junchan": "junchan", "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi", "Kokushi Musou Juusanmen Matchi": "kokushi_13",
    "Chuuren Poutou": "chuuren", "Daburu Chuuren Poutou": "chuuren_9", "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii", "Tsuu Iisou": "tsuuiisou", "Chinroutou": "chinroutou",
    "Ryuuiisou": "ryuuiisou", "Suu Kantsu": "suukantsu", "Tenhou": "tenhou",
    "Chiihou": "chiihou", "Dora": "dora", "Aka Dora": "aka_dora", "Ura Dora": "ura_dora",
    # 2.x names the wind yakuhai by wind ("Yakuhai (seat wind east)", ...).
    **{f"Yakuhai (seat wind {w})": "yakuhai_seat_wind" for w in ("east", "south", "west", "north")},
    **{f"Yakuhai (round wind {w})": "yakuhai_round_wind"
       for w in ("east", "south", "west", "north")},
}
ERRORS = {"hand_not_winning": "not_a_winning_hand", "hand_not_correct": "not_a_winning_hand",
          "no_yaku": "no_yaku"}


class Unsupported(Exception):
    """A record the peer cannot take (another ruleset, a field it has no notion of)."""


@dataclass
class PeerInput:
    tiles: list[int]
    win_tile: int
    melds: list[Any]
    dora_indicators: list[int]
    ura_indicators: list[int]
    config: Any
    dealer: bool
    tsumo: bool


def parse_tiles(text: str) -> list[tuple[int, bool]]:
    """mpsz text -> (34-index, is red) pairs."""
    out: list[tuple[int, bool]] = []
    for digits, suit in _TILE_GROUP.findall(text):
        base = 9 * "mpsz".index(suit)
        out += [(base + (4 if d == "0" else int(d) - 1), d == "0") for d in digits]
    return out


class _Copies:
    """Hands out distinct 136-indices; red fives get the package's red copy."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, kind: int, red: bool) -> int:
        if red:
            choices = [RED_136[kind]]
        else:
            choices = [4 * kind + c for c in range(4) if 4 * kind + c not in RED_136.values()]
        for index in choices:
            if index not in self.used:
                self.used.add(index)
                return index
        raise Unsupported(f"more copies of kind {kind} than the package can number")


def _options(double_yakuman: bool) -> Any:
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
        has_daisharin=False,
        has_daisharin_other_suits=False,
        has_daichisei=False,
        has_sashikomi_yakuman=False,
    )


def prepare(record: dict[str, Any]) -> PeerInput:
    """Convert a (valid, 4-player) spec record into the package's arguments."""
    if not AVAILABLE:
        raise Unsupported("the mahjong package is not installed")
    if record.get("ruleset") not in RULESETS:
        raise Unsupported(f"ruleset {record.get('ruleset')!r}")
    extra = set(record) - SPEC_FIELDS
    if extra:
        raise Unsupported(f"fields the package has no notion of: {sorted(extra)}")
    copies = _Copies()
    melds = []
    tiles: list[int] = []
    for meld in record.get("melds", []):
        indices = [copies.take(k, red) for k, red in parse_tiles(meld["tiles"])]
        tiles += indices
        melds.append(Meld(MELD_TYPES[meld["kind"]], indices, opened=meld["kind"] != "ankan"))
    win_kind, win_red = parse_tiles(record["win_tile"])[0]
    win_tile = -1
    for kind, red in parse_tiles(record["hand"]):
        index = copies.take(kind, red)
        tiles.append(index)
        if (kind, red) == (win_kind, win_red):
            win_tile = index
    riichi = record.get("riichi", "none")
    indicators = parse_tiles(record.get("dora_indicators", ""))
    # 2.x counts ura dora itself, and only with is_riichi (set for every riichi kind here).
    ura = parse_tiles(record.get("ura_indicators", ""))
    winds = {w: EAST + i for i, w in enumerate("ESWN")}
    tsumo = record["win"] == "tsumo"
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi != "none",
        is_daburu_riichi=riichi == "double",
        is_open_riichi=riichi == "open",
        is_ippatsu=bool(record.get("ippatsu")),
        is_rinshan=bool(record.get("rinshan")),
        is_chankan=bool(record.get("chankan")),
        is_haitei=bool(record.get("haitei")),
        is_houtei=bool(record.get("houtei")),
        is_tenhou=bool(record.get("tenhou")),
        is_chiihou=bool(record.get("chiihou")),
        is_renhou=False,  # riichi-standard: renhou is not a yaku
        player_wind=winds[record["seat_wind"]],
        round_wind=winds[record["round_wind"]],
        kyoutaku_number=record.get("riichi_sticks", 0),
        tsumi_number=record.get("honba", 0),
        options=_options(RULESETS[record["ruleset"]]),
    )
    return PeerInput(tiles, win_tile, melds, [4 * k for k, _ in indicators],
                     [4 * k for k, _ in ura], config, record["seat_wind"] == "E", tsumo)


def same_tiles(record: dict[str, Any]) -> dict[str, Any]:
    """The record's tiles as a riichi-standard record: what the package is timed on beside a
    ruleset it does not know (Speed Tonpuu, Toutenkou, three players). Its ruleset fields
    (nuki, discards, specials) and options go; the hand, melds, winds, indicators and flags
    stay."""
    return {**{k: v for k, v in record.items() if k in SPEC_FIELDS}, "ruleset": "riichi-standard"}


def estimate(calculator: Any, peer_input: PeerInput) -> Any:
    """The package's scoring call alone (what the benchmark times)."""
    return calculator.estimate_hand_value(
        peer_input.tiles,
        peer_input.win_tile,
        melds=peer_input.melds,
        dora_indicators=peer_input.dora_indicators,
        config=peer_input.config,
        ura_dora_indicators=peer_input.ura_indicators,
    )


def calculator() -> Any:
    return HandCalculator()


def _limit(level: str, han: int, yakuman: int) -> str | None:
    if yakuman:
        return "yakuman"
    if han >= 13:  # the package reports kazoe as plain "yakuman"
        return "kazoe"
    return {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman",
            "sanbaiman": "sanbaiman"}.get(level)


def to_spec(response: Any, peer_input: PeerInput) -> dict[str, Any]:
    """The package's answer in the spec's output form (dora include ura dora)."""
    if response.error:
        return {"ok": False, "error": {"code": ERRORS.get(response.error, response.error),
                                       "message": response.error}}
    yaku: list[dict[str, Any]] = []
    yakuman = 0
    for item in response.yaku:
        value = item.han_open if response.is_open_hand and item.han_open else item.han_closed
        name = YAKU_NAMES.get(item.name, item.name)
        if item.is_yakuman:
            yaku.append({"name": name, "yakuman": value // 13})
            yakuman += value // 13
        else:
            yaku.append({"name": name, "han": value})
    cost = response.cost
    payment: dict[str, int]
    if not peer_input.tsumo:
        payment = {"ron": cost["main"]}
    elif peer_input.dealer:
        payment = {"tsumo_all": cost["main"]}
    else:
        payment = {"tsumo_dealer": cost["main"], "tsumo_non_dealer": cost["additional"]}
    han = 0 if yakuman else response.han
    limit = _limit(cost["yaku_level"], han, yakuman)
    return {
        "ok": True,
        "yaku": yaku,
        "han": han,
        "fu": None if yakuman else response.fu,
        "yakuman": 1 if limit == "kazoe" else yakuman,  # kazoe is paid as one multiple
        "limit": limit,
        "payment": payment,
        "total": cost["total"],
    }


def score(record: dict[str, Any], calc: Any = None) -> dict[str, Any]:
    """Score one record with the package, in the spec's output form."""
    peer_input = prepare(record)
    return to_spec(estimate(calc or calculator(), peer_input), peer_input)
