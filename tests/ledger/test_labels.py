"""Every engine name the admin shows has a label, in English and in Japanese."""

from __future__ import annotations

import pytest
from django.utils import translation

import engine.game
import engine.rulesets
from engine.yaku import Yaku
from words import labels

# spec/hand-record.md, "Canonical yaku names".
SPEC_YAKU = [
    "riichi",
    "double_riichi",
    "open_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "tanyao",
    "iipeikou",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "rinshan_kaihou",
    "chankan",
    "haitei",
    "houtei",
    "sanshoku_doujun",
    "sanshoku_doukou",
    "ittsu",
    "chanta",
    "junchan",
    "toitoi",
    "sanankou",
    "sankantsu",
    "honroutou",
    "shousangen",
    "chiitoitsu",
    "honitsu",
    "chinitsu",
    "ryanpeikou",
    "nagashi_mangan",
    "dora",
    "aka_dora",
    "ura_dora",
    "nukidora",
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "chinroutou",
    "ryuuiisou",
    "chuuren",
    "chuuren_9",
    "suukantsu",
    "tenhou",
    "chiihou",
    "renhou",
]


def engine_yaku() -> set[str]:
    return {
        name
        for slug in engine.rulesets.available()
        for name in engine.rulesets.describe(slug)["yaku"]
    }


def engine_options() -> set[str]:
    hand = {
        o["name"]
        for s in engine.rulesets.available()
        for o in engine.rulesets.describe(s)["options"]
    }
    game = {o["name"] for s in engine.game.available() for o in engine.game.describe(s)["options"]}
    return hand | game


def test_the_specs_canonical_yaku_all_have_labels() -> None:
    assert [name for name in SPEC_YAKU if name not in labels.YAKU] == []


def test_every_yaku_of_every_registered_ruleset_has_a_label() -> None:
    # Here, or as the title (English and Japanese) its declaration carries.
    titled = {name for name, yaku in labels.declared_yaku().items() if yaku.title_ja}
    assert sorted(engine_yaku() - set(labels.YAKU) - titled) == []


def test_a_yaku_declaring_its_title_is_shown_by_it_in_each_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A ruleset's new yaku: declared with its titles, it needs no label here.
    new = Yaku("sanrenkou", 2, 2, lambda a, c: 0, title="Sanrenkou", title_ja="三連刻")
    monkeypatch.setattr(labels, "declared_yaku", lambda: {"sanrenkou": new})

    with translation.override("en"):
        assert labels.yaku_label("sanrenkou") == "Sanrenkou"
    with translation.override("ja"):
        assert labels.yaku_label("sanrenkou") == "三連刻"
        assert labels.yaku_label("pinfu") == str(labels.YAKU["pinfu"])


def test_every_option_of_every_registered_ruleset_and_game_has_a_label() -> None:
    assert sorted(engine_options() - set(labels.OPTIONS)) == []


def test_every_chip_cause_the_engine_names_has_a_label() -> None:
    from engine.rulesets.speed_tonpuu.chips import CHIP_CAUSES

    assert sorted(set(CHIP_CAUSES) - set(labels.CHIP_CAUSES)) == []


def test_every_registered_ruleset_has_a_label() -> None:
    assert sorted(set(engine.rulesets.available()) - set(labels.RULESETS)) == []


ALL_LABELS = [
    (table, name)
    for table in (
        labels.YAKU,
        labels.LIMITS,
        labels.REASONS,
        labels.ABORT_CAUSES,
        labels.FAULTS,
        labels.GAME_ENDS,
        labels.RULESETS,
        labels.OPTIONS,
        labels.MELDS,
        labels.CHIP_CAUSES,
    )
    for name in table
]


@pytest.mark.parametrize(("table", "name"), ALL_LABELS, ids=[name for _t, name in ALL_LABELS])
def test_each_label_has_a_japanese_translation(table: labels.Labels, name: str) -> None:
    with translation.override("en"):
        english = labels.label(table, name)
    with translation.override("ja"):
        japanese = labels.label(table, name)

    assert japanese != english, f"{name}: no Japanese for {english!r}"


@pytest.mark.parametrize(
    ("name", "english", "japanese"),
    [
        ("riichi", "Riichi", "立直"),
        ("pinfu", "Pinfu", "平和"),
        ("yakuhai_chun", "Yakuhai: chun", "役牌 中"),
        ("kokushi_13", "Kokushi musou, 13-sided wait", "国士無双十三面待ち"),
    ],
)
def test_yaku_read_as_parlors_write_them(name: str, english: str, japanese: str) -> None:
    with translation.override("en"):
        assert labels.yaku_label(name) == english
    with translation.override("ja"):
        assert labels.yaku_label(name) == japanese


def test_an_unknown_name_shows_as_itself_never_an_error() -> None:
    assert labels.yaku_label("brand_new_yaku") == "brand new yaku"
    assert labels.seat_wind(7) == "7"
