"""The fast scorer gives the reference pipeline's answer, hand by hand.

``engine.score`` answers from ``engine.fast`` when it takes a record and from
the reference pipeline (``engine.reference.score_reference``) otherwise; both must
say the same thing, key for key, on every record the fast scorer takes.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engine
from engine.bench.corpus import generate
from engine.fast import score_fast
from engine.fast.plan import compile_plan
from engine.reference import score_reference
from engine.rulesets import configure, get
from tests.engine.test_records import RECORDS_DIR

SEEDS = (1, 2, 3)
HANDS_PER_SEED = 4000


def _agree(records: list[dict[str, Any]]) -> tuple[int, list[str]]:
    taken, wrong = 0, []
    for record in records:
        fast = score_fast(record)
        if fast is None:
            continue
        taken += 1
        reference = score_reference(record)
        if fast != reference:
            wrong.append(f"{json.dumps(record)}\n  fast:      {fast}\n  reference: {reference}")
    return taken, wrong


@pytest.mark.parametrize("seed", SEEDS)
def test_fast_scorer_agrees_on_generated_hands(seed: int) -> None:
    records = list(generate(HANDS_PER_SEED, seed=seed))
    taken, wrong = _agree(records)
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:5])
    assert taken == len(records)  # every generated hand is one the fast scorer takes


@pytest.mark.parametrize("ruleset", ["tenhou", "riichi-standard"])
def test_fast_scorer_agrees_on_generated_hands_of_each_ruleset(ruleset: str) -> None:
    taken, wrong = _agree(list(generate(2000, seed=7, ruleset=ruleset)))
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:5])
    assert taken == 2000


def test_fast_scorer_agrees_on_the_real_records() -> None:
    path = RECORDS_DIR / "tenhou-4p.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is missing")
    records = [json.loads(line)["input"] for line in path.open() if line.strip()]
    taken, wrong = _agree(records)
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:5])
    assert taken == len(records)


def _mutations(record: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Broken and borderline variants: each is either refused or scored by both paths alike."""
    out = []
    for name, value in (
        ("hand", record["hand"] + "1m"), ("hand", record["hand"][:-2] + "8z"),
        ("hand", " " + record["hand"]), ("hand", record["hand"].replace("5", "0")),
        ("win_tile", "5z"), ("win_tile", "0p"), ("win_tile", "11m"), ("win_tile", 5),
        ("dora_indicators", "5555m"), ("dora_indicators", "0m0m"), ("ura_indicators", "x"),
        ("win", "draw"), ("seat_wind", "X"), ("round_wind", ["E"]), ("riichi", "yes"),
        ("riichi", "riichi"), ("riichi", "double"), ("ippatsu", True), ("ippatsu", 1),
        ("rinshan", True), ("chankan", True), ("haitei", True), ("houtei", True),
        ("tenhou", True), ("chiihou", True), ("renhou", True), ("honba", -1),
        ("honba", True), ("riichi_sticks", 2.0), ("id", 7), ("ruleset", "nope"),
        ("melds", [{"kind": "pon", "tiles": "123m"}]), ("melds", "chi"),
        ("melds", [{"kind": "chi", "tiles": "123m", "x": 1}]), ("extra", 1),
        ("options", {"kuitan": False}), ("nuki", ""),
    ):
        broken = copy.deepcopy(record)
        broken[name] = value
        out.append(broken)
    for name in ("melds", "dora_indicators", "riichi", "ippatsu", "honba", "id"):
        broken = copy.deepcopy(record)
        broken.pop(name, None)
        out.append(broken)
    out.append(["not", "a", "record"])  # type: ignore[arg-type]
    rng.shuffle(out)
    return out


def test_fast_scorer_refuses_or_agrees_on_broken_records() -> None:
    rng = random.Random(5)
    records = list(generate(200, seed=11))
    variants = [m for r in records for m in _mutations(r, rng)]
    for record in variants:
        fast = score_fast(record)
        if fast is not None:
            assert fast == score_reference(record), json.dumps(record)
        assert engine.score(record) == score_reference(record)


def test_every_error_is_the_reference_error() -> None:
    # "no yaku" and "not a winning hand" come from the fast scorer itself.
    no_yaku = {"id": "x", "ruleset": "riichi-standard", "hand": "234m345p456s11789s",
               "win_tile": "8s", "win": "ron", "seat_wind": "S", "round_wind": "E"}
    not_winning = {**no_yaku, "hand": "234m345p456s11779s", "win_tile": "7s"}
    for case, code in ((no_yaku, "no_yaku"), (not_winning, "not_a_winning_hand")):
        fast = score_fast(case)
        assert fast is not None and fast["error"]["code"] == code, fast
        assert fast == score_reference(case)


def test_error_message_names_every_group_when_the_group_table_empties_mid_hand() -> None:
    # The table of suit groups is emptied when full: here while the hand's second group is
    # read, after its first was found; the message still describes the whole hand.
    from engine.fast import tables

    case = {"id": "x", "ruleset": "riichi-standard", "hand": "678m11067777p456s",
            "win_tile": "5s", "win": "ron", "seat_wind": "W", "round_wind": "N"}
    tables.groups.clear()
    tables.coded_groups.clear()
    tables.group("678m")
    tables.hand_groups("678m")  # the compiled scorer's table, by a code of the text
    first = tables.groups["678m"]
    assert first is not None
    tables.groups.update({f"filler {i}": None for i in range(tables.CACHE_LIMIT - 1)})
    tables.coded_groups.update({-i: first for i in range(1, tables.CACHE_LIMIT)})
    fast = score_fast(case)
    assert fast is not None and fast["error"]["code"] == "no_yaku", fast
    assert fast == score_reference(case)
    tables.groups.clear()
    tables.coded_groups.clear()


def test_hand_groups_are_the_groups_of_the_regular_expression() -> None:
    """The compiled scorer finds a hand's groups by a code of their characters
    (``tables.hand_groups``); the interpreted one by GROUP.findall's texts: the same groups,
    or None for both when one is not valid."""
    from engine.fast.tables import GROUP, Tiles, group, hand_groups

    def words(found: list[Tiles | None] | None) -> list[tuple[object, ...]] | None:
        return None if found is None else [
            (g.small, g.cls, g.sa, g.sb, g.suit, g.kw, g.red, g.codes) if g else () for g in found
        ]

    rng = random.Random(5)
    texts = ["", "123m", "123m1z1z", "0m0p0s", "1234567z", "8z", "m", "12", "12m3", "x1m",
             "1m2m3m4m5m6m7m8m9m1p2p3p4p", "1" * 27 + "m"]
    texts += ["".join(rng.choice("0123456789mpsz ") for _ in range(rng.randint(1, 20)))
              for _ in range(20000)]
    for text in texts:
        pieces = [group(piece) for piece in GROUP.findall(text)]
        # valid: every piece a group, and nothing but groups up to the last suit letter
        valid = all(pieces) and "".join(GROUP.findall(text)) == text.rstrip("0123456789")
        assert words(hand_groups(text)) == words(pieces if valid else None), text


def test_toutenkou_points_counts_beyond_their_key_agree() -> None:
    """Toutenkou's points yaku are memoised by their counts packed into one int
    (parts.points_key); a count beyond its field (honba 300) is scored without the memo."""
    from engine.bench.toutenkou_hands import random_record
    from engine.fast.parts import points_key, points_occurrences

    rng = random.Random(11)
    for _ in range(2000):
        facts = (rng.random() < 0.5, rng.randint(0, 255), rng.randint(0, 255),
                 rng.randint(0, 7), rng.randint(0, 7), rng.randint(0, 7), rng.random() < 0.5,
                 rng.random() < 0.5, rng.random() < 0.5, rng.randint(0, 255), rng.randint(0, 15))
        dealer, honba, gari, minkans, ankans, sets, ron, karasu, all_gari, *fives = facts
        assert points_occurrences(points_key(*facts)) == (
            int(dealer), 1, honba, gari, 1, minkans, ankans, sets, int(ron), int(karasu),
            int(all_gari), *fives)
    assert points_key(False, 256, 0, 0, 0, 0, False, False, False, 0, 0) == -1
    taken = 0
    for i in range(300):
        record = {**random_record(rng, f"t-{i}"), "honba": rng.choice((255, 256, 300, 1000))}
        fast = score_fast(record)
        if fast is not None:
            taken += 1
            assert fast == score_reference(record), json.dumps(record)
    assert taken > 150


def test_plans_only_for_rulesets_the_fast_scorer_answers_alike() -> None:
    for slug in ("riichi-standard", "tenhou", "tenhou-sanma", "speed-tonpuu", "toutenkou"):
        assert compile_plan(get(slug)) is not None, slug
    # a gari kept in the hand for yakuman only: the reference path words those refusals
    assert compile_plan(configure("toutenkou", {"gari_in_hand": "yakuman_only"})) is None
    configured = configure("riichi-standard", {"kuitan": False, "kiriage": True})
    assert compile_plan(configured) is not None


def test_fast_scorer_agrees_on_hands_with_options() -> None:
    rng = random.Random(3)
    choices: dict[str, list[Any]] = {
        "kuitan": [True, False], "aka": [True, False], "kiriage": [True, False],
        "double_yakuman": [True, False], "kazoe": [True, False], "double_wind_pair_fu": [2, 4],
    }
    records = []
    for record in generate(3000, seed=21):
        options = {k: rng.choice(v) for k, v in choices.items() if rng.random() < 0.5}
        if rng.random() < 0.05:
            options["no_such_option"] = 1
        if rng.random() < 0.3:  # a record leaving optional fields to their defaults
            record = {k: v for k, v in record.items() if v not in (False, 0, "", [], "none")}
        records.append({**record, "options": options})
    taken, wrong = _agree(records)
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:5])
    assert taken > 2000  # refused: unknown options, red fives with aka off


def test_options_like_the_last_ones_are_told_apart() -> None:
    """The plan of the options last configured is reused when a record's options are the
    same (the game path sends its configuration's with every record): equal values of
    another type (1 for True), and the same dict changed in place, are other options."""
    record = next(generate(1, seed=4))
    options = {"kuitan": False, "aka": True}
    cases = [options, {"kuitan": 0, "aka": True}, {"kuitan": False, "aka": 1}, options]
    for case in cases:
        assert engine.score({**record, "options": case}) == score_reference(
            {**record, "options": case})
    options["aka"] = False  # the same object, another option
    scored = score_fast({**record, "options": options})
    assert scored is None or scored == score_reference({**record, "options": options})
    assert engine.score({**record, "options": options}) == score_reference(
        {**record, "options": options})


def test_tally_reads_tile_strings_as_parse_tiles_does() -> None:
    """The winner's discards are read by ``tables.tally`` (no table: a new string on almost
    every record): the same words as ``suit_words(parse_tiles(text))``, or refused."""
    from engine.fast.tables import suit_words, tally
    from engine.tiles import KIND, parse_tiles

    rng = random.Random(3)
    texts = ["", "0m0p0s", "1234567z", "8z", "0z", "m", "12", "5m5m5m5m5m", "x1m"]
    texts += ["".join(rng.choice("0123456789mpsz ") for _ in range(rng.randint(1, 14)))
              for _ in range(20000)]
    taken = 0
    for text in texts:
        try:
            codes = parse_tiles(text)
        except Exception:  # noqa: BLE001 - refused: tally refuses it too
            assert tally(text)[5] == -1, text
            continue
        *words, count, kinds = tally(text)
        assert (tuple(words), count) == (suit_words(codes), len(codes)), text
        assert kinds == sum(1 << kind for kind in {KIND[code] for code in codes}), text
        taken += 1
    assert taken > 1000
