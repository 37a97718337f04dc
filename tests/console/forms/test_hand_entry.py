"""The hand entry form builds the game JSON hand (docs/game-format.md) from typed fields."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.forms.hands import FLAGS, HandEntry, entry_initial
from console.forms.melds import melds_format, melds_parse

SEATS = [(0, "Aoi — East"), (1, "Ben — South"), (2, "Chie — West"), (3, "Dai — North")]


def entry(data: dict[str, Any], **kwargs: Any) -> HandEntry:
    return HandEntry(data, seats=SEATS, **kwargs)


def test_ron_with_riichi_dora_and_melds_builds_the_game_hand() -> None:
    form = entry(
        {
            "hand-kind": "win",
            "hand-riichi": ["2", "1"],
            "hand-discarder": "3",
            "hand-dora_indicators": "1m 9p",
            "hand-ura_indicators": "4Z",
            "win0-winner": "2",
            "win0-hand": "234m 345p 23488s",
            "win0-win_tile": "4s",
            "win0-melds": "chi 456s",
            "win0-ippatsu": "on",
        }
    )

    assert form.is_valid()
    assert form.payload() == {
        "kind": "win",
        "riichi": [1, 2],
        "wins": [
            {
                "winner": 2,
                "discarder": 3,
                "record": {
                    "hand": "234m345p23488s",
                    "win_tile": "4s",
                    "melds": [{"kind": "chi", "tiles": "456s"}],
                    "dora_indicators": "1m9p",
                    "ura_indicators": "4z",
                    "ippatsu": True,
                },
            }
        ],
    }


def test_tsumo_is_a_win_without_a_discarder() -> None:
    form = entry(
        {
            "hand-kind": "win",
            "win0-winner": "1",
            "win0-hand": "234m345p456s23488s",
            "win0-win_tile": "4s",
            "hand-dealer_passes": "on",
        }
    )

    assert form.is_valid()
    assert form.payload() == {
        "kind": "win",
        "wins": [{"winner": 1, "record": {"hand": "234m345p456s23488s", "win_tile": "4s"}}],
        "dealer_passes": True,
    }


def test_double_ron_shares_discarder_and_dora_and_keeps_each_winners_pao() -> None:
    form = entry(
        {
            "hand-kind": "win",
            "hand-discarder": "1",
            "hand-dora_indicators": "5z",
            "win0-winner": "2",
            "win0-hand": "234m345p456s23488s",
            "win0-win_tile": "4s",
            "win1-winner": "0",
            "win1-hand": "777z234m55p",
            "win1-win_tile": "7z",
            "win1-melds": "pon 555z; pon:666z",
            "win1-pao": "3",
        }
    )

    assert form.is_valid()
    wins = form.payload()["wins"]
    assert [(w["winner"], w["discarder"], w.get("pao")) for w in wins] == [(2, 1, None), (0, 1, 3)]
    assert all(w["record"]["dora_indicators"] == "5z" for w in wins)
    assert wins[1]["record"]["melds"] == [
        {"kind": "pon", "tiles": "555z"},
        {"kind": "pon", "tiles": "666z"},
    ]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            {"hand-kind": "draw", "hand-tenpai": ["3", "1"], "hand-riichi": ["1"]},
            {"kind": "draw", "riichi": [1], "tenpai": [1, 3]},
        ),
        (
            {"hand-kind": "draw", "hand-nagashi": ["2"], "hand-dealer_passes": "on"},
            {"kind": "draw", "tenpai": [], "nagashi": [2], "dealer_passes": True},
        ),
        (
            {"hand-kind": "abort", "hand-abort_cause": "kyuushuu_kyuuhai", "hand-caller": "0"},
            {"kind": "abort", "cause": "kyuushuu_kyuuhai", "caller": 0},
        ),
        (
            {
                "hand-kind": "abort",
                "hand-abort_cause": "suucha_riichi",
                "hand-riichi": ["0", "1", "2", "3"],
            },
            {"kind": "abort", "riichi": [0, 1, 2, 3], "cause": "suucha_riichi"},
        ),
    ],
    ids=["draw_with_tenpai", "draw_nagashi_dealer_passes", "kyuushuu", "suucha_riichi"],
)
def test_draws_and_aborts_take_only_their_own_fields(
    data: dict[str, Any], expected: dict[str, Any]
) -> None:
    # Leftover winner fields from a half-typed win are ignored for other kinds.
    form = entry({**data, "win0-hand": "nonsense", "win0-melds": "bogus"})

    assert form.is_valid()
    assert form.payload() == expected


def test_chonbo_and_dead_hands_are_a_managers_fields() -> None:
    data = {"hand-kind": "chonbo", "hand-offender": "2", "hand-chonbo_cause": "false_ron"}

    staff_form = entry(data)
    manager_form = entry(data, may_penalise=True)

    assert not staff_form.is_valid()
    assert "kind" in staff_form.hand.errors
    assert manager_form.is_valid()
    assert manager_form.payload() == {"kind": "chonbo", "offender": 2, "cause": "false_ron"}


def test_a_manager_records_dead_hands_at_a_draw() -> None:
    form = entry(
        {
            "hand-kind": "draw",
            "hand-tenpai": ["0"],
            "hand-dead": ["1"],
            "hand-dead_cause": "kuikae",
        },
        may_penalise=True,
    )

    assert form.is_valid()
    assert form.payload()["dead"] == [{"seat": 1, "cause": "kuikae"}]


@pytest.mark.parametrize(
    ("data", "form_key", "field"),
    [
        (
            {"hand-kind": "win", "win0-hand": "234m345p456s23488s", "win0-win_tile": "4s"},
            0,
            "winner",
        ),
        ({"hand-kind": "win", "win0-winner": "1", "win0-win_tile": "4s"}, 0, "hand"),
        ({"hand-kind": "win", "win0-winner": "1", "win0-hand": "234m"}, 0, "win_tile"),
        ({"hand-kind": "abort"}, "hand", "abort_cause"),
    ],
    ids=["win_needs_winner", "win_needs_hand", "win_needs_winning_tile", "abort_needs_cause"],
)
def test_missing_fields_are_named(data: dict[str, Any], form_key: Any, field: str) -> None:
    form = entry(data)

    assert not form.is_valid()
    target = form.hand if form_key == "hand" else form.wins[form_key]
    assert field in target.errors


def test_a_second_winner_block_half_filled_is_checked() -> None:
    form = entry(
        {
            "hand-kind": "win",
            "hand-discarder": "1",
            "win0-winner": "2",
            "win0-hand": "234m345p456s23488s",
            "win0-win_tile": "4s",
            "win1-winner": "0",
        }
    )

    assert not form.is_valid()
    assert set(form.wins[1].errors) == {"hand", "win_tile"}


def test_ruleset_record_fields_appear_only_where_the_ruleset_takes_them() -> None:
    plain = entry({})
    sanma = entry({}, record_fields=["nuki"])

    assert "nuki" not in plain.wins[0].fields
    assert "nuki" in sanma.wins[0].fields and "specials" not in sanma.wins[0].fields


def test_an_unreadable_meld_is_refused_naming_what_could_not_be_read() -> None:
    form = entry(
        {
            "hand-kind": "win",
            "win0-winner": "1",
            "win0-hand": "234m345p456s23488s",
            "win0-win_tile": "4s",
            "win0-melds": "pon 555z, kong 1111z",
        }
    )

    assert not form.is_valid()
    assert "Cannot read 'kong'" in form.wins[0].errors["melds"][0]


@pytest.mark.parametrize(
    ("text", "melds"),
    [
        ("", []),
        ("pon 555z", [{"kind": "pon", "tiles": "555z"}]),
        (
            "PON:555z,ankan=1111m / chi 123p",
            [
                {"kind": "pon", "tiles": "555z"},
                {"kind": "ankan", "tiles": "1111m"},
                {"kind": "chi", "tiles": "123p"},
            ],
        ),
    ],
)
def test_melds_are_read_as_kind_and_tiles(text: str, melds: list[dict[str, str]]) -> None:
    assert melds_parse(text) == melds


MELD = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["chi", "pon", "minkan", "kakan", "ankan"]),
        "tiles": st.from_regex(r"[0-9]{3,4}[mpsz]", fullmatch=True),
    }
)


@given(st.lists(MELD, max_size=4))
def test_melds_format_reads_back(melds: list[dict[str, str]]) -> None:
    assert melds_parse(melds_format(melds)) == melds


ROUND_TRIP = [
    {
        "kind": "win",
        "riichi": [0],
        "wins": [
            {
                "winner": 0,
                "discarder": 2,
                "record": {
                    "hand": "234m345p456s23488s",
                    "win_tile": "4s",
                    "dora_indicators": "1m",
                    "ura_indicators": "2p",
                    "riichi": "double",
                    "ippatsu": True,
                },
            }
        ],
    },
    {
        "kind": "win",
        "wins": [
            {
                "winner": 3,
                "discarder": 0,
                "pao": 2,
                "record": {
                    "hand": "777z234m55p",
                    "win_tile": "7z",
                    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
                },
            },
            {
                "winner": 1,
                "discarder": 0,
                "record": {"hand": "234m345p456s23488s", "win_tile": "4s"},
            },
        ],
    },
    {"kind": "draw", "riichi": [1], "tenpai": [1, 2], "dealer_passes": True},
    {"kind": "abort", "cause": "kyuushuu_kyuuhai", "caller": 3},
    {"kind": "chonbo", "offender": 1, "cause": "false_riichi"},
    {"kind": "draw", "tenpai": [0], "dead": [{"seat": 2, "cause": "kuikae"}], "note": "late call"},
]


@pytest.mark.parametrize("payload", ROUND_TRIP, ids=lambda p: p["kind"])
def test_an_entered_hand_fills_the_form_that_gives_it_back(payload: dict[str, Any]) -> None:
    """A correction starts from the hand as recorded: the form must reproduce it exactly."""
    unbound = HandEntry(seats=SEATS, may_penalise=True, payload=payload)
    data = _as_post(unbound)

    bound = entry(data, may_penalise=True)

    assert bound.is_valid(), (bound.hand.errors, [w.errors for w in bound.wins])
    assert bound.payload() == payload


def _as_post(unbound: HandEntry) -> dict[str, Any]:
    """What a browser posts for the forms' initial values."""
    data: dict[str, Any] = {}
    for form in [unbound.hand, *unbound.wins]:
        for name in form.fields:
            value = form.initial.get(name)
            if value is None or value is False or value == "" or value == []:
                continue
            key = form.add_prefix(name)
            if value is True:
                data[key] = "on"
            elif isinstance(value, list):
                data[key] = [str(v) for v in value]
            else:
                data[key] = str(value)
    return data


def test_every_flag_of_the_spec_is_a_checkbox() -> None:
    spec_flags = {
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
    }

    assert {name for name, _label in FLAGS} == spec_flags
    assert spec_flags <= set(entry({}).wins[0].fields)


def test_initial_payload_round_trip_keeps_flags() -> None:
    hand, wins = entry_initial(ROUND_TRIP[0])

    assert hand["dora_indicators"] == "1m" and wins[0]["riichi_kind"] == "double"
    assert wins[0]["ippatsu"] is True and wins[0]["rinshan"] is False


def test_a_three_player_form_offers_two_winners_of_a_multiple_ron_not_three() -> None:
    three = HandEntry(seats=SEATS[:3])
    four = HandEntry(seats=SEATS)
    assert (len(three.wins), len(four.wins)) == (2, 3)


def test_kyuushuu_kyuuhai_needs_its_caller() -> None:
    form = entry({"hand-kind": "abort", "hand-abort_cause": "kyuushuu_kyuuhai"})

    assert not form.is_valid()
    assert form.hand.errors["caller"] == ["Choose who called kyuushuu kyuuhai."]


TOUTENKOU_WIN = {
    "hand-kind": "win",
    "hand-discarder": "1",
    "win0-winner": "2",
    "win0-hand": "234p456p2345688s4s",
    "win0-win_tile": "4s",
}


def test_karasu_is_never_inferred_from_an_empty_discards_field() -> None:
    silent = HandEntry(TOUTENKOU_WIN, seats=SEATS[:3], record_fields=["discards", "nuki"])
    answered = HandEntry(
        {**TOUTENKOU_WIN, "win0-no_gari_discarded": "on"},
        seats=SEATS[:3],
        record_fields=["discards", "nuki"],
    )

    assert not silent.is_valid()
    assert "no gari" in silent.wins[0].errors["discards"][0]
    assert answered.is_valid()
    assert answered.payload()["wins"][0]["record"] == {
        "hand": "234p456p2345688s4s",
        "win_tile": "4s",
    }
