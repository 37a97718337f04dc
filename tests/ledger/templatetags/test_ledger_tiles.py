"""Template filters: tiles drawn as pictures, engine names as labels."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation


def render(text: str, **context: object) -> str:
    return Template("{% load ledger_tiles %}" + text).render(Context(context))


def test_tiles_are_drawn_in_the_order_written_red_fives_as_their_own_picture() -> None:
    html = render("{{ t|tiles }}", t="50p 7z")

    sources = [part.split('"')[0] for part in html.split('src="')[1:]]
    assert sources == [
        "/static/ledger/tiles/5p.svg",
        "/static/ledger/tiles/0p.svg",
        "/static/ledger/tiles/7z.svg",
    ]
    assert 'alt="0p"' in html


def test_an_unreadable_tile_string_is_shown_as_text_not_dropped() -> None:
    html = render("{{ t|tiles }}", t="12x<b>")

    assert html == '<code class="tiles-unreadable">12x&lt;b&gt;</code>'


def test_small_tiles_for_lists() -> None:
    assert 'class="tile tile-small"' in render('{{ t|tiles:"small" }}', t="1m")


def test_melds_are_drawn_in_groups_named_by_kind() -> None:
    with translation.override("ja"):
        html = render("{{ m|meld_tiles }}", m=[{"kind": "pon", "tiles": "555z"}])

    assert '<span class="meld-kind">ポン</span>' in html and html.count("5z.svg") == 3


def test_names_become_labels_in_the_active_language() -> None:
    template = (
        "{{ 'pinfu'|yaku }} {{ 'mangan'|limit }} {{ 'noten'|reason }} {{ 0|wind }}"
        " {{ -1000|signed }}"
    )

    with translation.override("en"):
        assert render(template) == "Pinfu Mangan Noten payment East -1,000"
    with translation.override("ja"):
        assert render(template) == "平和 満貫 ノーテン罰符 東 -1,000"


def test_the_hand_is_drawn_without_its_winning_tile_which_comes_apart() -> None:
    """The spec's ``hand`` holds the winning tile: 13 pictures, then the winning tile (issue 33)."""
    record = {"hand": "234m345p456s2388s4s", "win_tile": "4s"}
    html = render("{{ r|concealed|tiles }}<b>{{ r.win_tile|tiles }}</b>", r=record)

    held, won = html.split("<b>")
    assert held.count("<img") == 13 and won.count("<img") == 1
    assert render("{{ r|concealed }}", r=record) == "234m345p4562388s"  # the last 4s taken out
    # A red five won on leaves the plain fives; an unreadable hand is given back as written.
    assert render("{{ r|concealed }}", r={"hand": "550p", "win_tile": "0p"}) == "55p"
    assert render("{{ r|concealed }}", r={"hand": "12x", "win_tile": "1m"}) == "12x"


def test_a_hand_line_counts_its_pictures_melds_and_winning_tile_included() -> None:
    record = {
        "hand": "234m88s4s",
        "win_tile": "4s",
        "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "ankan", "tiles": "1111p"}],
    }
    assert render("{{ r|tile_count }}", r=record) == str(5 + 3 + 4 + 1)
