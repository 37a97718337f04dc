"""Fuzzing the engine's two entry points across every ruleset (hypothesis).

``engine.score`` and ``engine.settle_game`` promise never to raise and never
to invent a score: whatever the input, the answer is a result or an error
whose code is one of the spec's (plus ``bad_game`` for games), never
``internal_error``, with a message. The inputs start from valid records and
games of each ruleset and are then broken field by field: values of the wrong
type, random tile strings, random melds, unknown or invalid options, fields
removed, hands and wins with seats out of range.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine
from engine import game as engine_game
from engine import rulesets
from engine.bench.corpus import random_record
from tests.engine.hands import SPEC_ERROR_CODES

RULESETS = rulesets.available()
GAME_ERROR_CODES = SPEC_ERROR_CODES | {"bad_game"}
RECORD_FIELDS = (
    "id", "ruleset", "hand", "melds", "win_tile", "win", "seat_wind", "round_wind",
    "dora_indicators", "ura_indicators", "riichi", "ippatsu", "rinshan", "chankan", "haitei",
    "houtei", "tenhou", "chiihou", "renhou", "honba", "riichi_sticks", "nuki", "discards",
    "specials", "options",
)
HAND_FIELDS = (
    "kind", "wins", "tenpai", "riichi", "cause", "offender", "dead", "nagashi", "pao", "chips",
)
WIN_FIELDS = ("winner", "discarder", "record", "pao")
GAME_FIELDS = ("id", "ruleset", "players", "hands", "options", "game_options")
FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tile_text = st.text(alphabet="0123456789mpsz", max_size=24)
junk_text = st.text(max_size=12)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=True, allow_infinity=True)
    | junk_text
    | tile_text,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
melds = st.lists(
    st.fixed_dictionaries(
        {
            "kind": st.sampled_from(["chi", "pon", "minkan", "kakan", "ankan", "kan", ""]),
            "tiles": tile_text,
        },
        optional={"extra": json_values},
    ),
    max_size=5,
)


def _option_changes(ruleset: str, described: dict[str, Any]) -> st.SearchStrategy[Any]:
    names = [option["name"] for option in described["options"]] + ["no_such_option"]
    return st.dictionaries(st.sampled_from(names), json_values, max_size=3) | json_values


@st.composite
def broken_records(draw: st.DrawFn) -> dict[str, Any]:
    """A valid random winning hand of some ruleset with one to four fields broken."""
    ruleset = draw(st.sampled_from(RULESETS))
    record = random_record(random.Random(draw(seeds)), "fuzz", ruleset)
    record["ruleset"] = ruleset
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        name = draw(st.sampled_from(RECORD_FIELDS + ("no_such_field",)))
        how = draw(st.sampled_from(["value", "tiles", "melds", "options", "delete"]))
        if how == "delete":
            record.pop(name, None)
        elif how == "tiles":
            record[name] = draw(tile_text)
        elif how == "melds":
            record["melds"] = draw(melds)
        elif how == "options":
            record["options"] = draw(_option_changes(ruleset, rulesets.describe(ruleset)))
        else:
            record[name] = draw(json_values)
    return record


def assert_answer(answer: Any, *, codes: set[str]) -> None:
    assert isinstance(answer, dict), answer
    assert answer["ok"] in (True, False), answer
    event("ok" if answer["ok"] else answer["error"]["code"])
    if answer["ok"]:
        return
    error = answer["error"]
    assert error["code"] in codes, error
    assert isinstance(error["message"], str) and error["message"], error


@FUZZ
@given(record=broken_records())
def test_score_of_a_broken_record_is_a_result_or_a_spec_error(record: dict[str, Any]) -> None:
    answer = engine.score(record)

    assert_answer(answer, codes=SPEC_ERROR_CODES)
    if answer["ok"]:
        assert type(answer["total"]) is int and answer["total"] > 0


@FUZZ
@given(
    seed=seeds,
    ruleset=st.sampled_from(RULESETS),
    text=tile_text,
    field=st.sampled_from(
        ["hand", "win_tile", "dora_indicators", "ura_indicators", "nuki", "discards"]
    ),
)
def test_score_of_random_tile_strings_never_raises(
    seed: int, ruleset: str, text: str, field: str
) -> None:
    record = random_record(random.Random(seed), "tiles", ruleset)
    record.update(ruleset=ruleset, **{field: text})

    assert_answer(engine.score(record), codes=SPEC_ERROR_CODES)


def _valid_game(ruleset: str, rng: random.Random) -> dict[str, Any]:
    players = engine_game.configure(ruleset, {}).players
    hands: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 4)):
        kind = rng.choice(["ron", "tsumo", "draw", "chonbo"])
        record = random_record(rng, "g", ruleset)
        for name in ("ruleset", "id", "seat_wind", "round_wind", "win", "honba", "riichi_sticks"):
            record.pop(name, None)  # the game fills these in
        seats = rng.sample(range(players), 2)
        if kind == "ron":
            hands.append({"kind": "win", "wins": [
                {"winner": seats[0], "discarder": seats[1], "record": record}
            ]})
        elif kind == "tsumo":
            hands.append({"kind": "win", "wins": [{"winner": seats[0], "record": record}]})
        elif kind == "draw":
            hands.append({"kind": "draw", "tenpai": sorted(rng.sample(range(players), 2))})
        else:
            hands.append({"kind": "chonbo", "offender": seats[0]})
    return {
        "id": "fuzz",
        "ruleset": ruleset,
        "players": [f"p{seat}" for seat in range(players)],
        "hands": hands,
    }


@st.composite
def broken_games(draw: st.DrawFn) -> dict[str, Any]:
    """A game of some ruleset with fields broken at the game, hand, win or record level."""
    ruleset = draw(st.sampled_from(RULESETS))
    game = _valid_game(ruleset, random.Random(draw(seeds)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        level = draw(st.sampled_from(["game", "game_options", "hand", "win", "record"]))
        hands = _dicts(game.get("hands"))
        if level == "game" or not hands and level != "game_options":
            _break(draw, game, GAME_FIELDS)
        elif level == "game_options":
            described = engine_game.describe(ruleset)
            game["game_options"] = draw(_option_changes(ruleset, described))
        else:
            hand = draw(st.sampled_from(hands))
            wins = _dicts(hand.get("wins"))
            if level == "hand" or not wins:
                _break(draw, hand, HAND_FIELDS)
            elif level == "win" or not isinstance(wins[0].get("record"), dict):
                _break(draw, draw(st.sampled_from(wins)), WIN_FIELDS)
            else:
                _break(draw, wins[0]["record"], RECORD_FIELDS)
    return game


def _dicts(listed: Any) -> list[dict[str, Any]]:
    """The objects of a list that the fuzzing may already have replaced by anything."""
    return [item for item in listed if isinstance(item, dict)] if isinstance(listed, list) else []


def _break(draw: st.DrawFn, target: dict[str, Any], fields: tuple[str, ...]) -> None:
    name = draw(st.sampled_from(fields + ("no_such_field",)))
    if draw(st.booleans()):
        target.pop(name, None)
    else:
        target[name] = draw(json_values | st.integers(min_value=-2, max_value=5))


@FUZZ
@given(game=broken_games())
def test_settle_game_of_a_broken_game_is_a_settlement_or_a_named_error(
    game: dict[str, Any],
) -> None:
    answer = engine.settle_game(game)

    assert_answer(answer, codes=GAME_ERROR_CODES)
    if answer["ok"]:
        for hand in answer["hands"]:
            assert all(type(line["points"]) is int for line in hand["transfers"])
            assert sum(hand["chips_delta"]) == 0


@settings(max_examples=200, deadline=None)
@given(game=json_values)
def test_settle_game_of_any_json_value_is_a_named_error(game: Any) -> None:
    assert_answer(engine.settle_game(game), codes=GAME_ERROR_CODES)
