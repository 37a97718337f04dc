"""The sentences of the refusals a hand's entry meets at the table, by the engine's ``reason``.

Tiles that cannot be read or are used too often, a wrong count, flags no win
can have, riichi on an open hand, no yaku, a seat the table has not, kans
after the fourth, a ruleset's own refusals (no chi, gari kept, the pocchi
wildcard). ``words.refusal_text`` fills them with the player's name and wind,
the tile in the user's words and the values the engine gives (``params``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from engine_door.errors import Reason

Sentence = Callable[[dict[str, Any]], str]

TILE_REASONS: dict[Reason, Sentence] = {
    Reason.TILES_UNREADABLE: lambda w: (
        _(
            "%(whose)s“%(text)s” cannot be read at “%(char)s”: write the digits, then the"
            " suit letter (m, p, s or z), e.g. 123m406p77z."
        )
        % w
    ),
    Reason.TILES_WITHOUT_SUIT: lambda w: (
        _("%(whose)s“%(text)s” ends with the digits %(digits)s but no suit letter (m, p, s or z).")
        % w
    ),
    Reason.HONOUR_OUT_OF_RANGE: lambda w: (
        _("%(whose)s“%(text)s” names %(code)s, which is no tile: honours are 1z to 7z.") % w
    ),
    Reason.TILE_NOT_IN_SET: lambda w: (
        _("%(whose)s%(tile_name)s is not in this game's tile set.") % w
    ),
    Reason.TOO_MANY_COPIES: lambda w: (
        _(
            "%(whose)s%(tile_name)s is used %(count)s times across the hand, melds, indicators"
            " and discards, but the set has %(copies)s."
        )
        % w
    ),
    Reason.WRONG_TILE_COUNT: lambda w: (
        _(
            "%(whose)s%(hand_tiles)s tiles in the hand and %(melds)s melds make %(total)s:"
            " a winning hand is 14, the winning tile included and each meld counting 3."
        )
        % w
    ),
    Reason.WIN_TILE_NOT_ONE: lambda w: (
        _("%(whose)sthe winning tile is one tile, not “%(text)s”.") % w
    ),
    Reason.RED_WIN_TILE_NOT_IN_HAND: lambda w: (
        _("%(whose)sthe winning tile %(tile_name)s is a red five, but the hand holds none.") % w
    ),
    Reason.NUKI_NOT_ALLOWED: lambda w: (
        _("%(whose)s%(tile_name)s cannot be set aside (nuki) in this game.") % w
    ),
    Reason.SPECIAL_NOT_HELD: lambda w: (
        _("%(whose)s“%(special)s” is ticked, but the hand and melds hold no %(tile_name)s.") % w
    ),
    Reason.GOLD_NEEDS_PLAIN_5P: lambda w: (
        _("%(whose)sthe gold 5-pin is a plain 5p, but the hand and melds hold only the red five.")
        % w
    ),
    Reason.NO_YAKU: lambda w: _("%(whose)s%(hand)s has no yaku (dora are not yaku).") % w,
    Reason.NOT_A_WINNING_HAND: lambda w: (
        _(
            "%(whose)s%(hand)s is not a complete hand (four sets and a pair, seven pairs, or"
            " thirteen orphans)."
        )
        % w
    ),
}

FLAG_REASONS: dict[Reason, Sentence] = {
    Reason.RIICHI_NEEDS_CLOSED_HAND: lambda w: (
        _("%(whose)sriichi needs a closed hand: a closed kan is the only meld it allows.") % w
    ),
    Reason.RIICHI_KIND_REFUSED: lambda w: (
        _("%(whose)sthese rules do not allow %(riichi_kind)s.") % w
    ),
    Reason.RIICHI_KIND_NOT_LISTED: lambda w: (
        _(
            "%(player)s did not declare riichi in this hand: tick their riichi, or leave the"
            " kind of riichi empty."
        )
        % w
    ),
    Reason.RIICHI_LISTED_KIND_NONE: lambda w: (
        _("%(player)s declared riichi in this hand: their kind of riichi cannot be none.") % w
    ),
    Reason.HOUTEI_IS_RON: lambda w: (
        _("%(whose)shoutei is a ron on the last discard; a tsumo on the last tile is haitei.") % w
    ),
    Reason.HAITEI_IS_TSUMO: lambda w: (
        _("%(whose)shaitei is a tsumo on the last tile; a ron on the last discard is houtei.") % w
    ),
    Reason.CHANKAN_IS_RON: lambda w: (
        _("%(whose)schankan (robbing a kan) is a ron, not a tsumo.") % w
    ),
    Reason.HAITEI_WITH_RINSHAN: lambda w: (
        _(
            "%(whose)shaitei and rinshan cannot go together: the kan's replacement tile is not"
            " the last tile."
        )
        % w
    ),
    Reason.RINSHAN_NEEDS_KAN: lambda w: (
        _("%(whose)srinshan needs a kan (or a tile set aside) to draw the replacement tile.") % w
    ),
    Reason.RINSHAN_IS_TSUMO: lambda w: (
        _("%(whose)srinshan is a tsumo on the kan's replacement tile, not a ron.") % w
    ),
    Reason.TENHOU_CONDITIONS: lambda w: (
        _("%(whose)stenhou is the dealer's tsumo on the first draw, with no call and no riichi.")
        % w
    ),
    Reason.CHIIHOU_CONDITIONS: lambda w: (
        _(
            "%(whose)schiihou is a non-dealer's tsumo on their first draw, with no call and no"
            " riichi."
        )
        % w
    ),
    Reason.RENHOU_CONDITIONS: lambda w: (
        _(
            "%(whose)srenhou is a non-dealer's ron before their first draw, with no call and no"
            " riichi."
        )
        % w
    ),
}

TABLE_REASONS: dict[Reason, Sentence] = {
    Reason.SEAT_NOT_AT_TABLE: lambda w: (
        _("There is no such seat at this table: it seats %(players)s players.") % w
    ),
    Reason.WINNER_TWICE: lambda w: _("%(player)s is named as a winner twice in this hand.") % w,
    Reason.PAO_NEEDS_PAO_YAKU: lambda w: (
        _(
            "%(player)s cannot be pao for this win: pao applies only to a win with %(pao_yaku)s"
            " under these rules."
        )
        % w
    ),
    Reason.KANS_AFTER_THE_FOURTH: lambda w: (
        _(
            "%(whose)s%(indicators)s dora indicators mean %(kans)s kans, but these rules allow"
            " no kan after the fourth."
        )
        % w
    ),
    Reason.NO_URA_AFTER_A_FIFTH_KAN: lambda w: (
        _(
            "%(whose)s%(indicators)s dora indicators show a fifth kan, whose indicator came from"
            " the ura dora row: there is no ura dora, so leave its indicators empty."
        )
        % w
    ),
    Reason.NO_CHI: lambda w: _("%(whose)sthese rules have no chi (chi %(meld)s).") % w,
    Reason.GARI_KEPT_IN_HAND: lambda w: (
        _(
            "%(whose)sgari %(gari)s kept in the hand: under these rules a gari stays in the hand"
            " only for kokushi, shousuushii, daisuushii or chinroutou; set it aside (nuki)."
        )
        % w
    ),
    Reason.WILDCARD_NOT_A_POCCHI: lambda w: (
        _("%(whose)sonly a pocchi (5z, 6z or 7z) can be the wildcard, not %(tile_name)s.") % w
    ),
    Reason.WILDCARD_POCCHI_NOT_LISTED: lambda w: (
        _("%(whose)sthe winning tile is the wildcard: tick “%(special)s” among the special tiles.")
        % w
    ),
    Reason.WILDCARD_NEEDS_TSUMO: lambda w: (
        _("%(whose)sa pocchi is a wildcard only when drawn: the win is a tsumo.") % w
    ),
    Reason.WILDCARD_6Z_NEEDS_OPEN_HAND: lambda w: (
        _("%(whose)sthe green-dragon pocchi is wild only when drawn with an open hand.") % w
    ),
    Reason.WILDCARD_NEEDS_RIICHI: lambda w: (
        _("%(whose)s“%(special)s” is wild only when drawn after riichi.") % w
    ),
}

RECORD_REASONS: dict[Reason, Sentence] = {**TILE_REASONS, **FLAG_REASONS, **TABLE_REASONS}
