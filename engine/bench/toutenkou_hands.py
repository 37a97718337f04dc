"""Random valid Toutenkou hand records (the property tests and the benchmark's corpus).

Every record is a complete hand of four sets and a pair drawn from the
ruleset's tiles (no 2m-4m, 6m-8m; no 5m with 108 tiles; red fives only when
in play), some sets called or declared as kans, a few gari set aside or
discarded, indicators from what is left, and flags a real win can have.
"""

from __future__ import annotations

import random
from typing import Any

SUITS = "mpsz"
GARI = (0, 4, 8, 30)
FIVES = {4: 0, 13: 1, 22: 2}  # kind -> suit of its red five


def _name(kind: int, red: bool) -> str:
    return f"{0 if red else kind % 9 + 1}{SUITS[kind // 9]}"


class _Pool:
    def __init__(self, *, tiles: int, aka: bool) -> None:
        kinds = [0, 4, 8, *range(9, 34)]
        if tiles == 108:
            kinds.remove(4)
        self.left = {k: 4 for k in kinds}
        self.red = {k: aka and k in self.left for k in FIVES}

    def take(self, rng: random.Random, kind: int) -> str:
        if self.left.get(kind, 0) < 1:
            raise LookupError(kind)
        self.left[kind] -= 1
        red = self.red.get(kind, False) and rng.random() < 0.4
        if red:
            self.red[kind] = False
        elif kind in FIVES and self.red[kind] and self.left[kind] == 0:
            self.red[kind] = False  # the last copy left was the red one: take it as red
            return _name(kind, True)
        return _name(kind, red)

    def any_kind(self, rng: random.Random, kinds: list[int] | None = None) -> int:
        choices = [k for k in (kinds or list(self.left)) if self.left.get(k, 0) > 0]
        if not choices:
            raise LookupError("empty")
        return rng.choice(choices)


def random_options(rng: random.Random) -> dict[str, Any]:
    choices: dict[str, list[Any]] = {
        "tiles": [112, 108], "aka": [True, False], "manzu_dora": ["tenhou", "cycle", "pairs"],
        "fives": ["plain", "dora", "gari"], "yakuman_points": [20, 50], "ron_points": [8, 0],
        "minkan_points": [2, 1], "karasu_points": ["10/20", "20/30"],
        "karasu_closed_only": [False, True], "gari_bai": [False, True],
        "gari_tori": [False, True], "daisharin": [False, True],
        "all_gari_yakuman": [False, True], "gari_multiplies_fives": [False, True],
    }
    return {name: rng.choice(values) for name, values in choices.items() if rng.random() < 0.3}


def random_record(rng: random.Random, rid: str, *, table: bool = False) -> dict[str, Any]:
    """``table``: as a table produces them (the benchmark): default options, the winner's
    discards (3 to 12 tiles) on nine hands in ten, gari set aside on seven in ten."""
    while True:
        try:
            return _attempt(rng, rid, table=table)
        except LookupError:
            continue


def _attempt(rng: random.Random, rid: str, *, table: bool = False) -> dict[str, Any]:
    options = {} if table else random_options(rng)
    pool = _Pool(tiles=options.get("tiles", 112), aka=options.get("aka", True))
    concealed: list[str] = []
    melds: list[dict[str, str]] = []
    for _ in range(4):
        if rng.random() < 0.5:
            first = rng.choice([*range(9, 16), *range(18, 25)])
            tiles = [pool.take(rng, first + i) for i in range(3)]
            kind = "chi" if rng.random() < 0.2 else None
        else:
            k = pool.any_kind(rng)
            tiles = [pool.take(rng, k) for _ in range(3)]
            roll = rng.random()
            kind = None
            if roll < 0.15:
                kind = "pon"
            elif roll < 0.3 and pool.left[k]:
                tiles.append(pool.take(rng, k))
                kind = rng.choice(["minkan", "kakan", "ankan"])
        if kind is None:
            concealed += tiles
        else:
            melds.append({"kind": kind, "tiles": "".join(tiles)})
    pair = pool.any_kind(rng)
    concealed += [pool.take(rng, pair), pool.take(rng, pair)]
    gari_left = [k for k in GARI if pool.left.get(k, 0)]
    nuki = [pool.take(rng, pool.any_kind(rng, gari_left)) for _ in range(rng.randint(0, 3))
            if any(pool.left.get(k, 0) for k in gari_left)] if rng.random() < 0.7 else []
    discarded = (rng.randint(3, 12) if rng.random() < 0.9 else 0) if table else rng.choice(
        [0, 0, 1, 3]
    )
    discards = [pool.take(rng, pool.any_kind(rng)) for _ in range(discarded)]
    indicators = [pool.take(rng, pool.any_kind(rng)) for _ in range(rng.randint(0, 2))]
    closed = all(m["kind"] == "ankan" for m in melds)
    tsumo = rng.random() < 0.5
    has_kan = any(m["kind"] in ("minkan", "kakan", "ankan") for m in melds)
    riichi = rng.choice(["none", "riichi", "double", "open"]) if closed else "none"
    record: dict[str, Any] = {
        "id": rid, "ruleset": "toutenkou", "hand": "".join(concealed), "melds": melds,
        "win_tile": rng.choice(concealed), "win": "tsumo" if tsumo else "ron",
        "seat_wind": rng.choice("ESW"), "round_wind": "E", "riichi": riichi,
        "dora_indicators": "".join(indicators), "honba": rng.randint(0, 4),
        "riichi_sticks": rng.randint(0, 3), "nuki": "".join(nuki),
        "discards": "".join(discards), "rinshan": tsumo and (has_kan or bool(nuki))
        and rng.random() < 0.2,
    }
    if riichi != "none":
        record["ura_indicators"] = "".join(pool.take(rng, pool.any_kind(rng))
                                           for _ in range(len(indicators)))
    if options:
        record["options"] = options
    return record
