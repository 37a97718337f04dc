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


def option_choices() -> list[tuple[str, str]]:
    """Every word choice of every option of every ruleset the form offers (the engine's)."""
    from parlor.services.ruleset_options import configurable_rulesets, option_specs

    return sorted(
        {
            (spec.name, choice)
            for slug in configurable_rulesets()
            for spec in option_specs(slug)
            for choice in spec.choices
            if isinstance(choice, str)
        }
    )


def test_every_word_choice_of_every_option_has_a_label() -> None:
    """Issue 33, item 12: the ruleset page shows no engine word ("Default: whole"); an option
    the engine adds with a new word choice fails here until it is labelled."""
    missing = [
        (name, choice)
        for name, choice in option_choices()
        if choice not in labels.OPTION_CHOICES.get(name, {})
    ]
    assert missing == []
    assert len(option_choices()) >= 40


@pytest.mark.parametrize(
    ("name", "choice"), option_choices(), ids=[f"{n}={c}" for n, c in option_choices()]
)
def test_each_option_choice_reads_in_english_and_japanese(name: str, choice: str) -> None:
    with translation.override("en"):
        english = labels.choice_label(name, choice)
    with translation.override("ja"):
        japanese = labels.choice_label(name, choice)

    assert english != choice and english != choice.replace("_", " "), english
    assert japanese != english, f"{name}={choice}: no Japanese for {english!r}"


def test_numbers_and_switches_read_as_numbers_and_words() -> None:
    with translation.override("en"):
        assert labels.choice_label("chip_value", 10000) == "10,000"
        assert labels.choice_label("triple_ron", True) == "on"
    with translation.override("ja"):
        assert labels.choice_label("pao_share", "whole") == "責任払いが手全体を支払う"
        assert labels.choice_label("triple_ron", False) == "オフ"


def test_kyuushuu_kyuuhai_is_spelled_as_the_docs_spell_it_everywhere() -> None:
    """Issue 33, item 12: 九種九牌 is "kyuushuu kyuuhai" (docs/game-format.md) on every screen,
    message and catalogue entry, never "kyuushu"."""
    import re
    from pathlib import Path

    from django.conf import settings

    root = Path(settings.BASE_DIR)
    misspelt = re.compile(r"\bkyuushu\b", re.IGNORECASE)
    found = [
        f"{path.relative_to(root)}:{number}"
        for folder in ("words", "console", "ledger", "reports", "templates", "locale", "docs")
        for path in (root / folder).rglob("*")
        if path.suffix in {".py", ".html", ".js", ".po", ".md", ".txt"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if misspelt.search(line)
    ]
    assert found == []
    with translation.override("en"):
        assert labels.label(labels.ABORT_CAUSES, "kyuushuu_kyuuhai").startswith("Kyuushuu kyuuhai")
