"""Help texts of the engine's options, in the active language (the ruleset form's help).

The engine (no Django) documents each option in English (``doc`` in
``engine.rulesets.describe`` and ``engine.game.describe``). Each text is listed here
verbatim so the catalogue can translate it; ``tests/parlor/test_ruleset_form.py`` fails
when the engine documents an option whose text is missing here (copy it in, translate it).
"""

from functools import cache

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

TEXTS: tuple[Promise, ...] = (
    pgettext_lazy("option help", "Open tanyao: tanyao counts 1 han on an open hand."),
    pgettext_lazy("option help", "Red fives in play (one per suit); off: 0m/0p/0s are not tiles."),
    pgettext_lazy("option help", "Kiriage mangan: 4 han 30 fu and 3 han 60 fu pay mangan."),
    pgettext_lazy("option help", "kokushi_13, suuankou_tanki, chuuren_9 and daisuushii count as double yakuman."),
    pgettext_lazy("option help", "Kazoe yakuman: 13 han or more pays a yakuman."),
    pgettext_lazy("option help", "Fu for a pair of the wind that is both seat and round wind."),
    pgettext_lazy("option help", "Tonshaaba: East and West (1z, 3z) are both round winds."),
    pgettext_lazy("option help", "Open riichi (2 han) may be declared."),
    pgettext_lazy("option help", "Basengo: honba pay 500 from each payer (1,500 per honba on ron); off: the standard 100 each."),
    pgettext_lazy("option help", "Kansai chiitoitsu: four of a kind counts as two pairs; one quad +1 han, two +3 han, three a yakuman."),
    pgettext_lazy("option help", "Renhou is a yakuman."),
    pgettext_lazy("option help", "Suurenko (four triplets in a row in one suit) is a yakuman."),
    pgettext_lazy("option help", "Shiisanpuutaa and shiisuupuutaa (no set or partial set on the first draw) are yakuman."),
    pgettext_lazy("option help", "Ultimate all-stars (all three reds, the gold 5p and the three blues) is a yakuman."),
    pgettext_lazy("option help", "Sanrenko (three triplets in a row in one suit) is 2 han."),
    pgettext_lazy("option help", "Sanpuuko (three wind triplets) is 2 han."),
    pgettext_lazy("option help", "Kokushi may ron off an ankan (chankan_ankan)."),
    pgettext_lazy("option help", "Chips per red five held."),
    pgettext_lazy("option help", "Chips per blue 7 held."),
    pgettext_lazy("option help", "Chips for the gold 5p."),
    pgettext_lazy("option help", "Chips per pocchi held, wildcard or not."),
    pgettext_lazy("option help", "Chips for ippatsu."),
    pgettext_lazy("option help", "Chips per ura dora."),
    pgettext_lazy("option help", "Chips per yakuman multiple on ron (kazoe included)."),
    pgettext_lazy("option help", "Chips from each payer per yakuman multiple on tsumo."),
    pgettext_lazy("option help", "Points a chip is worth when ranking a wildcard's choices (the game's chip value)."),
    pgettext_lazy("option help", "112 tiles (1m 5m 9m) or 108 (1m 9m: no 5m)."),
    pgettext_lazy("option help", "Red fives 0m 0p 0s (0p 0s with 108 tiles)."),
    pgettext_lazy("option help", "Manzu dora: tenhou (1m->9m, 9m->1m, 5m none), cycle (1m->5m->9m->1m), pairs (1m<->9m, 5m->5m)."),
    pgettext_lazy("option help", "plain: red fives are aka dora; dora: every 5p/5s is also a dora (five_dora); gari: 5p/5s count as gari where held, black 1 red 3, and 0m set aside 3 (five_gari)."),
    pgettext_lazy("option help", "Points per yakuman (and all_gari)."),
    pgettext_lazy("option help", "The ron bonus; 0: none (ron paid by one player only)."),
    pgettext_lazy("option help", "Points per open kan."),
    pgettext_lazy("option help", "Karasu points, open/closed."),
    pgettext_lazy("option help", "Karasu counts only on a closed hand."),
    pgettext_lazy("option help", "A gari turned up as a dora indicator doubles gari points."),
    pgettext_lazy("option help", "A red five turned up as a dora indicator triples gari points."),
    pgettext_lazy("option help", "allowed: a gari may be kept in the hand (no gari points); yakuman_only: only for kokushi, shousuushii, daisuushii or chinroutou, and such a hand may ron a gari being set aside (robbed_gari)."),
    pgettext_lazy("option help", "No chi: a chi meld is refused."),
    pgettext_lazy("option help", "Open riichi (2 points) may be declared; off: refused."),
    pgettext_lazy("option help", "Daisharin (22334455667788p, closed) is a yakuman."),
    pgettext_lazy("option help", "JA '50点(役満) ... ガリを全て集める' (50 points, yakuman: collecting all the gari): all gari collected is a yakuman (yakuman_points; the regular yaku drop and a hand needs no other yaku); off: a bonus of yakuman_points."),
    pgettext_lazy("option help", "JA 'ドラ表示牌にガリがめくれた場合はガリの点数を倍にする' with '黒5牌は1点ガリ、赤5牌は3点ガリ' (fives as gari): with fives 'gari', gari bai and gari tori multiply five_gari too, and a 5p/5s turned up is a gari turned up."),
    pgettext_lazy("option help", "East only, or East and South"),
    pgettext_lazy("option help", "points each player starts with"),
    pgettext_lazy("option help", "points subtracted at the end; the difference to the start, from every player, is the oka paid to first place"),
    pgettext_lazy("option help", "uma in points by placement, 1st first"),
    pgettext_lazy("option help", "uma in points by placement of an East-only game (length 'east'), 1st first; 'uma' is the East-South game's"),
    pgettext_lazy("option help", "when the dealer may pass after winning or being tenpai (agariyame/tenpaiyame): never, only the last dealer in first place (ending the game), or any dealer"),
    pgettext_lazy("option help", "nagashi mangan: off, or paid as a mangan tsumo at the draw (no honba or sticks)"),
    pgettext_lazy("option help", "chonbo: the offender pays a mangan tsumo in reverse, or chonbo_each_points to each other player"),
    pgettext_lazy("option help", "chonbo paid to each player ('each')"),
    pgettext_lazy("option help", "a player ends the game by going below zero, reaching zero, or never"),
    pgettext_lazy("option help", "riichi sticks still on the table at the end: to the first-placed player, or to the house (lost)"),
    pgettext_lazy("option help", "double/triple ron: honba to the first winner in turn order from the discarder only, or to each winner; riichi sticks always go to the first winner"),
    pgettext_lazy("option help", "three rons on one discard are all paid (triple ron) instead of aborting the hand (sanchahou)"),
    pgettext_lazy("option help", "pao on a ron: the pao player pays half the hand's value and the discarder the rest with the honba, or pao pays it all (on tsumo pao always pays it all)"),
    pgettext_lazy("option help", "players tied on final points: placed in seat order from the first dealer, or share the places: the placement points (oka and uma) and placement chips of the places they hold are added up and split equally, rounded down to a tenth of the rate's point unit (100 points; 1 in Toutenkou) and to whole chips, the remainder going to the tied seat nearest the first dealer"),
    pgettext_lazy("option help", "four kans by more than one player abort the hand, or play continues"),
    pgettext_lazy("option help", "after four kans: 'No one may call kan again' (a record shows at most five dora indicators), or, with suukaikan 'continue', 'The ura dora indicator tiles are used starting from the fifth kan, in this case, no ura dora is available'"),
    pgettext_lazy("option help", "'pao is on for daisangen, daisuushi, suukantsu, and rinshan' and 'yakuman may stack': on stacked yakuman pao pays for the whole hand, or only for its own yakuman's share (and its chips), the rest paid as an ordinary win"),
    pgettext_lazy("option help", "sudden death (南入/西入): when no player has the return points at the end of the last scheduled hand, play goes on into the next wind (South after an East-only game, West after East-South) and ends after the first hand at whose end a player has them, or at the end of that wind (dealer renchan and passes as usual)"),
    pgettext_lazy("option help", "the final scores before the return points and uma: as they stand; or rounded to whole thousands by their size, the sign kept (a negative score rounds as its positive twin): 'thousands' half away from zero (30,500 -> 31,000, -1,500 -> -2,000; tenhou.net until about 2021), 'gosha_rokunyuu' (五捨六入: 500 down, 600 up), 'kirisute' (切り捨て: toward zero), 'kiriage' (切り上げ: away from zero); the first-placed player takes the remainder (minus the others' sum)"),
    pgettext_lazy("option help", "points one shuugi chip is worth (optional rule: 10,000)"),
    pgettext_lazy("option help", "placement-only battle: only oka+uma (and chips) settle the game; off: raw points (score - 25,000) also count"),
    pgettext_lazy("option help", "optional abort agreed by everyone before the dealer's first discard (no honba added)"),
    pgettext_lazy("option help", "tobi (\"Tobi: 1 chip\"; the text does not say when a player busts): below zero, or at zero or below"),
    pgettext_lazy("option help", "the noten penalty: the total the noten players pay, split among the tenpai players (20 tenhou; 10 or 30 parlor variants)"),
    pgettext_lazy("option help", "the noten penalty goes to the table as a deposit (like riichi sticks) for the next winner, instead of to the tenpai players"),
    pgettext_lazy("option help", "counterclockwise (one East round, three dealerships plus renchan), or winner: the winner deals next, always East, no fixed end"),
    pgettext_lazy("option help", "0: settlement per hand (scores start at 0 and may go below it); N > 0: each player starts with N points and the game ends when a player reaches zero"),
    pgettext_lazy("option help", "0: no nagashi mangan; 20 or 50: nagashi mangan is a yakuman win, each other player paying this (the hand option yakuman_points) plus the honba"),
    pgettext_lazy("option help", "chonbo: the offender pays this to each other player (the texts are silent)"),
    pgettext_lazy("option help", "JA '流し満貫は役満として扱う' (nagashi counts as a yakuman), and a yakuman 'can still stack with toutenkou-specified special yakus': a nagashi yakuman also takes those a win needs no tiles for, banban 2 and, for the dealer, oya 1 (each other player pays them)"),
)


@cache
def _by_english() -> dict[str, Promise]:
    with translation.override(None):  # no translation active: each text is its msgid
        return {str(text): text for text in TEXTS}


def option_help(doc: str) -> str:
    """``doc`` in the active language; the English text when it is not listed."""
    found = _by_english().get(doc)
    return str(found) if found is not None else doc
