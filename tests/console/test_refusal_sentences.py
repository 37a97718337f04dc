"""Each engine refusal staff can hit at the table, typed into the admin, said in Japanese.

One case per sentence of ``words.refusal_records``: the bad input as staff
would type it, the words the Japanese page must show, and that the page shows
no engine name (``bad_field``, ``win_tile``, a ruleset slug). Sentences whose
refusal the form itself prevents (a seat the table has not, a riichi listed
with no kind) are checked through ``refusal_text`` in tests/ledger/test_refusal_text.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import factory
import pytest
from django.test import Client
from django.utils import translation

from ledger.models import HandResult, Session
from tests.ledger.factories import SessionFactory
from tests.parlor.factories import PlayerFactory

ENGINE_WORDS = re.compile(r"[A-Za-z_]{4,}")  # bad_field, win_tile, speed-tonpuu, riichi...
# Chie (seat 2) rons Dai (seat 3) with pinfu tanyao; at a three-player table Ben (seat 1) pays.
RON = {
    "hand-kind": "win",
    "hand-discarder": "3",
    "win0-winner": "2",
    "win0-hand": "234m345p456s23488s",
    "win0-win_tile": "4s",
    "_preview": "1",
}
TSUMO = {**RON, "hand-discarder": ""}
# Toutenkou: a closed haku hand, one 1p set aside as nuki would be refused; no gari discarded.
TOUTENKOU = {
    **RON,
    "hand-discarder": "1",
    "win0-hand": "123p456s789s11p555z",
    "win0-win_tile": "1p",
    "win0-no_gari_discarded": "on",
}
# Speed Tonpuu: a tsumo on the white dragon (a pocchi when listed), riichi by the winner.
POCCHI = {
    **TSUMO,
    "hand-riichi": ["2"],
    "win0-hand": "234m345p456s234s55z",
    "win0-win_tile": "5z",
    "win0-wildcard": "on",
}
GAME = {"length": "east"}

CASES: list[tuple[str, str, dict[str, Any], dict[str, Any], dict[str, Any], str, bool]] = [
    # (reason, ruleset, options, game options, post, Japanese words, names the winner)
    (
        "tiles_unreadable",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-hand": "234m345p456s2348xs"},
        "は「x」の所で読めません",
        True,
    ),
    (
        "tiles_without_suit",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-hand": "234m345p456s23488"},
        "の最後の数字23488に種類の文字",
        True,
    ),
    (
        "honour_out_of_range",
        "riichi-standard",
        {},
        GAME,
        {**RON, "hand-dora_indicators": "8z"},
        "8zという牌はありません",
        False,
    ),
    (
        "tile_not_in_set",
        "toutenkou",
        {},
        {},
        {**TOUTENKOU, "win0-hand": "234m456s789s11p555z", "win0-win_tile": "2m"},
        "二萬（2m）はこのルールの牌にありません",
        True,
    ),
    (
        "too_many_copies",
        "riichi-standard",
        {},
        GAME,
        {**RON, "hand-dora_indicators": "4s4s4s"},
        "四索（4s）が手牌・副露・表示牌・捨て牌で5枚使われていますが、この牌は4枚しかありません",
        True,
    ),
    (
        "wrong_tile_count",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-hand": "234m345p456s2348s"},
        "手牌13枚と副露0組で13枚です",
        True,
    ),
    (
        "win_tile_not_one",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-win_tile": "4s4s"},
        "和了牌は1枚です（「4s4s」ではなく）",
        True,
    ),
    (
        "red_win_tile_not_in_hand",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-win_tile": "0p"},
        "和了牌赤五筒（0p）は赤五ですが",
        True,
    ),
    (
        "nuki_not_allowed",
        "toutenkou",
        {},
        {},
        {**TOUTENKOU, "win0-nuki": "1p"},
        "一筒（1p）はこのルールでは抜けません",
        True,
    ),
    (
        "special_not_held",
        "speed-tonpuu",
        {},
        {},
        {**RON, "win0-specials": ["blue_7m"]},
        "が選ばれていますが、手牌にも副露にも七萬（7m）がありません",
        True,
    ),
    (
        "gold_needs_plain_5p",
        "speed-tonpuu",
        {},
        {},
        {**RON, "win0-hand": "234m340p456s23488s", "win0-specials": ["gold_5p"]},
        "金の五筒は普通の5pですが",
        True,
    ),
    (
        "no_yaku",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-hand": "234m345p456s11188s"},
        "には役がありません（ドラは役ではありません）",
        True,
    ),
    (
        "not_a_winning_hand",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-hand": "135m246p135s24688s", "win0-win_tile": "8s"},
        "は和了形ではありません",
        True,
    ),
    (
        "riichi_needs_closed_hand",
        "riichi-standard",
        {},
        GAME,
        {**RON, "hand-riichi": ["2"], "win0-hand": "234m345p456s44s", "win0-melds": "pon 888s"},
        "立直は門前でのみできます",
        True,
    ),
    (
        "riichi_kind_refused",
        "toutenkou",
        {"open_riichi": False},
        {},
        {**TOUTENKOU, "hand-riichi": ["2"], "win0-riichi_kind": "open"},
        "このルールではオープン立直はできません",
        True,
    ),
    (
        "riichi_kind_not_listed",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-riichi_kind": "double"},
        "この局で立直していません",
        True,
    ),
    (
        "houtei_is_ron",
        "riichi-standard",
        {},
        GAME,
        {**TSUMO, "win0-houtei": "on"},
        "河底撈魚は最後の捨て牌でのロンです",
        True,
    ),
    (
        "haitei_is_tsumo",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-haitei": "on"},
        "海底摸月は最後の牌でのツモです",
        True,
    ),
    (
        "chankan_is_ron",
        "riichi-standard",
        {},
        GAME,
        {**TSUMO, "win0-chankan": "on"},
        "槍槓はロンで、ツモではありません",
        True,
    ),
    (
        "haitei_with_rinshan",
        "riichi-standard",
        {},
        GAME,
        {**TSUMO, "win0-haitei": "on", "win0-rinshan": "on"},
        "海底摸月と嶺上開花は同時に付きません",
        True,
    ),
    (
        "rinshan_needs_kan",
        "riichi-standard",
        {},
        GAME,
        {**TSUMO, "win0-rinshan": "on"},
        "嶺上開花には槓（または抜き）が必要です",
        True,
    ),
    (
        "rinshan_is_tsumo",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-rinshan": "on"},
        "嶺上開花は嶺上牌でのツモで、ロンではありません",
        True,
    ),
    (
        "tenhou_conditions",
        "riichi-standard",
        {},
        GAME,
        {**TSUMO, "win0-tenhou": "on"},
        "天和は親の配牌でのツモ和了です",
        True,
    ),
    (
        "chiihou_conditions",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-chiihou": "on"},
        "地和は子の第一ツモでの和了です",
        True,
    ),
    (
        "renhou_conditions",
        "riichi-standard",
        {},
        GAME,
        {**TSUMO, "win0-renhou": "on"},
        "人和は子の第一ツモ前のロン和了です",
        True,
    ),
    (
        "pao_needs_pao_yaku",
        "riichi-standard",
        {},
        GAME,
        {**RON, "win0-pao": "1"},
        "はこの和了の包（パオ）になれません。このルールの包は",
        False,
    ),
    (
        "kans_after_the_fourth",
        "riichi-standard",
        {},
        GAME,
        {**RON, "hand-dora_indicators": "1m2m3m4m6m7m"},
        "ドラ表示牌6枚は槓5回を意味しますが",
        False,
    ),
    (
        "no_ura_after_a_fifth_kan",
        "riichi-standard",
        {},
        {**GAME, "suukaikan": "continue", "fifth_kan": "ura_indicator"},
        {
            **RON,
            "hand-riichi": ["2"],
            "hand-dora_indicators": "1m2m3m4m6m7m",
            "hand-ura_indicators": "1p",
        },
        "裏ドラはないので、裏ドラ表示牌は空にしてください",
        False,
    ),
    (
        "no_chi",
        "toutenkou",
        {"no_chi": True},
        {},
        {**TOUTENKOU, "win0-hand": "456s789s11p555z", "win0-melds": "chi 123p"},
        "このルールではチーはできません（チー 123p）",
        True,
    ),
    (
        "gari_kept_in_hand",
        "toutenkou",
        {"gari_in_hand": "yakuman_only"},
        {},
        {**TOUTENKOU, "win0-hand": "111m456s789s11p555z"},
        "ガリ一萬（1m）が手牌に残っています",
        True,
    ),
    (
        "wildcard_not_a_pocchi",
        "speed-tonpuu",
        {},
        {},
        {**TSUMO, "win0-wildcard": "on"},
        "万能牌になるのはポッチ（5z・6z・7z）だけで、四索（4s）はなれません",
        True,
    ),
    (
        "wildcard_pocchi_not_listed",
        "speed-tonpuu",
        {},
        {},
        POCCHI,
        "和了牌が万能牌です。特殊牌の「",
        True,
    ),
    (
        "wildcard_needs_tsumo",
        "speed-tonpuu",
        {},
        {},
        {**POCCHI, "hand-discarder": "3", "win0-specials": ["pocchi_5z"]},
        "ポッチはツモったときだけ万能牌です",
        True,
    ),
    (
        "wildcard_needs_riichi",
        "speed-tonpuu",
        {},
        {},
        {**POCCHI, "hand-riichi": [], "win0-specials": ["pocchi_5z"]},
        "は立直後にツモったときだけ万能牌です",
        True,
    ),
    (
        "wildcard_6z_needs_open_hand",
        "speed-tonpuu",
        {},
        {},
        {
            **POCCHI,
            "win0-hand": "234m345p456s234s66z",
            "win0-win_tile": "6z",
            "win0-specials": ["pocchi_6z"],
        },
        "發のポッチは鳴いた手でツモったときだけ万能牌です",
        True,
    ),
]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    # A request in Japanese leaves its language active in the thread: not for the next test.
    yield
    translation.activate("en")


def _session(ruleset: str, options: dict[str, Any], game_options: dict[str, Any]) -> Session:
    seats = 3 if ruleset in ("toutenkou", "tenhou-sanma") else 4
    session: Session = SessionFactory(
        ruleset_config__ruleset_slug=ruleset,
        ruleset_config__options=options,
        ruleset_config__game_options=game_options,
        players=factory.LazyAttribute(
            lambda o: [PlayerFactory(parlor=o.parlor) for _ in range(seats)]
        ),
    )
    return session


def _japanese_client(role_user: Callable[[str], Any]) -> Client:
    from parlor.services.preferences import user_language_set

    user = role_user("manager")
    user_language_set(user=user, language="ja")
    client = Client()
    client.force_login(user)
    return client


def _all_errors(response: Any) -> str:
    entry = response.context["entry"]
    forms = [entry.hand, *entry.wins]
    said = [
        str(e) for form in forms if form.is_bound for errors in form.errors.values() for e in errors
    ]
    return " ".join([*said, *map(str, entry.non_field_errors)])


@pytest.mark.parametrize(
    ("reason", "ruleset", "options", "game_options", "post", "expected", "names_winner"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_the_admin_says_the_refusal_in_japanese(
    role_user: Callable[[str], Any],
    db: None,
    reason: str,
    ruleset: str,
    options: dict[str, Any],
    game_options: dict[str, Any],
    post: dict[str, Any],
    expected: str,
    names_winner: bool,
) -> None:
    session = _session(ruleset, options, game_options)
    names = [p.name for p in session.players.order_by("session_seats__seat")]
    client = _japanese_client(role_user)

    response = client.post(f"/admin/ledger/session/{session.pk}/hands/", post)

    errors = _all_errors(response)
    assert expected in errors, errors
    if names_winner:
        assert names[2] in errors, errors
    leftover = errors
    for name in names:
        leftover = leftover.replace(name, "")
    assert not ENGINE_WORDS.search(leftover), errors
    assert HandResult.objects.count() == 0
