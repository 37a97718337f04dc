"""The sentences of the refusals a hand's entry meets at the table, by the engine's ``reason``.

Tiles that cannot be read or are used too often, a wrong count, flags no win
can have, riichi on an open hand, no yaku, a seat the table has not, kans
after the fourth, a ruleset's own refusals (no chi, gari kept, the pocchi
wildcard). ``ledger.refusal_text`` fills them with the player's name and wind,
the tile in the user's words and the values the engine gives (``params``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

Sentence = Callable[[dict[str, Any]], str]

TILE_REASONS: dict[str, Sentence] = {
    "tiles_unreadable": lambda w: (
        _(
            "%(whose)s“%(text)s” cannot be read at “%(char)s”: write the digits, then the"
            " suit letter (m, p, s or z), e.g. 123m406p77z."
        )
        % w
    ),
    "tiles_without_suit": lambda w: (
        _("%(whose)s“%(text)s” ends with the digits %(digits)s but no suit letter (m, p, s or z).")
        % w
    ),
    "honour_out_of_range": lambda w: (
        _("%(whose)s“%(text)s” names %(code)s, which is no tile: honours are 1z to 7z.") % w
    ),
    "tile_not_in_set": lambda w: _("%(whose)s%(tile_name)s is not in this game's tile set.") % w,
    "too_many_copies": lambda w: (
        _(
            "%(whose)s%(tile_name)s is used %(count)s times across the hand, melds, indicators"
            " and discards, but the set has %(copies)s."
        )
        % w
    ),
    "wrong_tile_count": lambda w: (
        _(
            "%(whose)s%(hand_tiles)s tiles in the hand and %(melds)s melds make %(total)s:"
            " a winning hand is 14, the winning tile included and each meld counting 3."
        )
        % w
    ),
    "win_tile_not_one": lambda w: _("%(whose)sthe winning tile is one tile, not “%(text)s”.") % w,
    "red_win_tile_not_in_hand": lambda w: (
        _("%(whose)sthe winning tile %(tile_name)s is a red five, but the hand holds none.") % w
    ),
    "nuki_not_allowed": lambda w: (
        _("%(whose)s%(tile_name)s cannot be set aside (nuki) in this game.") % w
    ),
    "special_not_held": lambda w: (
        _("%(whose)s“%(special)s” is ticked, but the hand and melds hold no %(tile_name)s.") % w
    ),
    "gold_needs_plain_5p": lambda w: (
        _("%(whose)sthe gold 5-pin is a plain 5p, but the hand and melds hold only the red five.")
        % w
    ),
    "no_yaku": lambda w: _("%(whose)s%(hand)s has no yaku (dora are not yaku).") % w,
    "not_a_winning_hand": lambda w: (
        _(
            "%(whose)s%(hand)s is not a complete hand (four sets and a pair, seven pairs, or"
            " thirteen orphans)."
        )
        % w
    ),
}

FLAG_REASONS: dict[str, Sentence] = {
    "riichi_needs_closed_hand": lambda w: (
        _("%(whose)sriichi needs a closed hand: a closed kan is the only meld it allows.") % w
    ),
    "riichi_kind_refused": lambda w: _("%(whose)sthese rules do not allow %(riichi_kind)s.") % w,
    "riichi_kind_not_listed": lambda w: (
        _(
            "%(player)s did not declare riichi in this hand: tick their riichi, or leave the"
            " kind of riichi empty."
        )
        % w
    ),
    "riichi_listed_kind_none": lambda w: (
        _("%(player)s declared riichi in this hand: their kind of riichi cannot be none.") % w
    ),
    "houtei_is_ron": lambda w: (
        _("%(whose)shoutei is a ron on the last discard; a tsumo on the last tile is haitei.") % w
    ),
    "haitei_is_tsumo": lambda w: (
        _("%(whose)shaitei is a tsumo on the last tile; a ron on the last discard is houtei.") % w
    ),
    "chankan_is_ron": lambda w: _("%(whose)schankan (robbing a kan) is a ron, not a tsumo.") % w,
    "haitei_with_rinshan": lambda w: (
        _(
            "%(whose)shaitei and rinshan cannot go together: the kan's replacement tile is not"
            " the last tile."
        )
        % w
    ),
    "rinshan_needs_kan": lambda w: (
        _("%(whose)srinshan needs a kan (or a tile set aside) to draw the replacement tile.") % w
    ),
    "rinshan_is_tsumo": lambda w: (
        _("%(whose)srinshan is a tsumo on the kan's replacement tile, not a ron.") % w
    ),
    "tenhou_conditions": lambda w: (
        _("%(whose)stenhou is the dealer's tsumo on the first draw, with no call and no riichi.")
        % w
    ),
    "chiihou_conditions": lambda w: (
        _(
            "%(whose)schiihou is a non-dealer's tsumo on their first draw, with no call and no"
            " riichi."
        )
        % w
    ),
    "renhou_conditions": lambda w: (
        _(
            "%(whose)srenhou is a non-dealer's ron before their first draw, with no call and no"
            " riichi."
        )
        % w
    ),
}

TABLE_REASONS: dict[str, Sentence] = {
    "seat_not_at_table": lambda w: (
        _("There is no such seat at this table: it seats %(players)s players.") % w
    ),
    "winner_twice": lambda w: _("%(player)s is named as a winner twice in this hand.") % w,
    "pao_needs_pao_yaku": lambda w: (
        _(
            "%(player)s cannot be pao for this win: pao applies only to a win with %(pao_yaku)s"
            " under these rules."
        )
        % w
    ),
    "kans_after_the_fourth": lambda w: (
        _(
            "%(whose)s%(indicators)s dora indicators mean %(kans)s kans, but these rules allow"
            " no kan after the fourth."
        )
        % w
    ),
    "no_ura_after_a_fifth_kan": lambda w: (
        _(
            "%(whose)s%(indicators)s dora indicators show a fifth kan, whose indicator came from"
            " the ura dora row: there is no ura dora, so leave its indicators empty."
        )
        % w
    ),
    "no_chi": lambda w: _("%(whose)sthese rules have no chi (chi %(meld)s).") % w,
    "gari_kept_in_hand": lambda w: (
        _(
            "%(whose)sgari %(gari)s kept in the hand: under these rules a gari stays in the hand"
            " only for kokushi, shousuushii, daisuushii or chinroutou; set it aside (nuki)."
        )
        % w
    ),
    "wildcard_not_a_pocchi": lambda w: (
        _("%(whose)sonly a pocchi (5z, 6z or 7z) can be the wildcard, not %(tile_name)s.") % w
    ),
    "wildcard_pocchi_not_listed": lambda w: (
        _("%(whose)sthe winning tile is the wildcard: tick “%(special)s” among the special tiles.")
        % w
    ),
    "wildcard_needs_tsumo": lambda w: (
        _("%(whose)sa pocchi is a wildcard only when drawn: the win is a tsumo.") % w
    ),
    "wildcard_6z_needs_open_hand": lambda w: (
        _("%(whose)sthe green-dragon pocchi is wild only when drawn with an open hand.") % w
    ),
    "wildcard_needs_riichi": lambda w: (
        _("%(whose)s“%(special)s” is wild only when drawn after riichi.") % w
    ),
}

RECORD_REASONS: dict[str, Sentence] = {**TILE_REASONS, **FLAG_REASONS, **TABLE_REASONS}
