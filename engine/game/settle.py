"""``settle_game``: a whole game in, every hand's transfers and the final result out.

Design overview. A game (docs/game-format.md) names its ruleset, whose game
rules (``engine.game.registry``) say how the deal rotates, what draws and
penalties pay and when the game ends. Hands are played in order against a
:class:`GameState` (scores, chips, dealer, honba, pot): each hand resolves to
transfers (payer -> payee, zero-sum per line) and deposits (into and out of
the pot), which are applied; then the end conditions are checked (tobi,
called game, the last dealership) and the deal moves on. Bad input is a
``bad_game`` error naming the hand index and field, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.errors import EngineError, ErrorCode
from engine.game import registry
from engine.game.final import placements, settle_final
from engine.game.hands import Resolution, resolve
from engine.game.input import GameInput, HandInput, bad_game, read_game, read_hand
from engine.game.outcome import FinalResult, GameEnd, HandOutcome, SettledGame, Win
from engine.game.rules import GameRules
from engine.game.state import GameSoFar, read_state, state_json
from engine.game.table import GameState, Transfer, deltas
from engine.game.wins import Seating
from engine.rulesets import configure as configure_hand_rules
from engine.rulesets import get as get_hand_rules

HAND_CHIP_REASONS = ("ron", "tsumo", "pao")


def settle_game(game: Any) -> dict[str, Any]:
    """The settlement of ``game``, or ``{"ok": false, "error": {...}}``; never raises."""
    game_id = game.get("id", "") if isinstance(game, Mapping) else ""
    try:
        return evaluate_game(game)
    except EngineError as error:
        return {"id": game_id, "ok": False, "error": error.to_dict()}


def evaluate_game(game: Any) -> dict[str, Any]:
    """Like ``settle_game`` but raises ``EngineError`` (with its location) for a refused game.

    An unexpected failure is raised as ``internal_error``, never as another exception.
    """
    return settle_typed(game).to_json()


def settle_typed(game: Any) -> SettledGame:
    """``evaluate_game``'s answer as typed objects (engine/game/outcome.py), before any JSON.

    Raises ``EngineError`` for a refused game, ``internal_error`` for an unexpected failure.
    """
    game_id = game.get("id", "") if isinstance(game, Mapping) else ""
    try:
        return _settle(read_game(game), game_id)
    except EngineError:
        raise
    except Exception as error:  # noqa: BLE001 - the API promises never to raise
        message = f"the game could not be settled: {type(error).__name__}: {error}"
        raise EngineError(ErrorCode.INTERNAL_ERROR, message) from error


def _settle(game: GameInput, game_id: str) -> SettledGame:
    rules = registry.configure(game.ruleset, game.game_options)
    if len(game.players) != rules.players:
        raise bad_game(f"{game.ruleset} is played by {rules.players} players, not"
                       f" {len(game.players)}", field=("players",))
    rules = check_hand_options(game, rules)
    state = GameSoFar.start(rules) if game.start is None else read_state(game.start, rules)
    first = state.hands
    hands: list[HandOutcome] = []
    states: list[dict[str, Any]] = []
    for index, raw in enumerate(game.hands, start=first):
        if state.ended is not None:
            raise bad_game("the game already ended after hand {ended}"
                           f" ({', '.join(state.ended['reasons'])})", hand=index,
                           hand_refs={"ended": state.ended["hand"]})
        hand = read_hand(raw, index=index, players=rules.players)
        out = _play(hand, state.table, rules, game, state.chips_by_kind)
        hands.append(out)
        state.hands += 1
        if out.game_ends:
            state.ended = {"hand": index, "reasons": list(out.game_ends)}
        if game.states:
            states.append(state_json(state))
    ended = state.ended
    if ended is None and game.stopped:
        ended = {"hand": state.hands - 1, "reasons": ["stopped"]}
    final = settle_final(state.table, rules, state.chips_by_kind) if ended else None
    return SettledGame(
        id=game_id,
        ruleset=game.ruleset,
        players=tuple(game.players),
        chip_value=rules.chip_value,
        hands=tuple(hands),
        finished=ended is not None,
        end=None if ended is None else GameEnd.from_json(ended),
        final=None if final is None else FinalResult.from_json(final),
        states=tuple(states) if game.states else None,
    )


def check_hand_options(game: GameInput, rules: GameRules) -> GameRules:
    """Check the game's hand options; a hand option that changes the honba per payer
    (Speed Tonpuu's ``basengo``) changes it for the game-level wins too."""
    if not game.options:
        return rules
    hand_rules = configure_hand_rules(game.ruleset, dict(game.options))  # names bad options
    if hand_rules.honba_per_payer != get_hand_rules(game.ruleset).honba_per_payer:
        return replace(rules, honba_per_payer=hand_rules.honba_per_payer)
    return rules


def hand_options(game: GameInput, rules: GameRules) -> Mapping[str, Any]:
    """The hand options the game's records are scored with: the game's, and where the hand
    ruleset ranks chips against points (``chip_points``), the game's chip value."""
    if not rules.chip_value or "chip_points" in game.options:
        return game.options
    if "chip_points" not in get_hand_rules(game.ruleset).option_values:
        return game.options
    return {**game.options, "chip_points": rules.chip_value}


def _round_wind(table: GameState, rules: GameRules) -> str:
    if rules.dealer_rotation == "winner":
        return "E"
    return rules.winds[min(table.dealerships // rules.players, len(rules.winds) - 1)]


def _play(
    hand: HandInput,
    table: GameState,
    rules: GameRules,
    game: GameInput,
    chips_by_kind: dict[str, list[int]],
) -> HandOutcome:
    round_wind = _round_wind(table, rules)
    extension = _in_extension(table, rules)
    before_dealer, before_honba = table.dealer, table.honba
    before_sticks = table.pot // rules.riichi_stick
    seating = Seating(
        rules=rules, ruleset=game.ruleset, options=hand_options(game, rules), game_id=game.id,
        dealer=table.dealer, round_wind=round_wind, honba=table.honba,
        pot=table.pot + rules.riichi_stick * len(hand.riichi),
    )
    resolution = resolve(hand, table, seating)
    table.apply(resolution.transfers, resolution.deposits)
    if resolution.passed and rules.dealer_pass == "last_dealer_first":
        _check_last_dealer_first(hand, table, rules)
    ends, extra = _end_lines(table, rules, resolution)
    table.apply(extra, [])
    transfers = resolution.transfers + extra
    for line in transfers:
        kind = "hands" if line.reason in HAND_CHIP_REASONS else line.reason
        if line.chips and kind in chips_by_kind:
            chips_by_kind[kind][line.payer] -= line.chips
            chips_by_kind[kind][line.payee] += line.chips
    _advance(table, rules, resolution)
    scheduled_end = _scheduled_end(table, rules, resolution, extension=extension)
    if scheduled_end is not None:
        ends.append(scheduled_end)
    points_delta, chips_delta = deltas(rules.players, transfers, resolution.deposits)
    return HandOutcome(
        index=hand.index,
        kind=hand.kind,
        dealer=before_dealer,
        round_wind=round_wind,
        honba=before_honba,
        sticks=before_sticks,
        # A win's score is the scorer's spec output (JSON by the spec): wrapped, not re-read.
        wins=tuple(Win.from_json(win) for win in resolution.wins),
        transfers=tuple(transfers),
        deposits=tuple(resolution.deposits),
        points_delta=tuple(points_delta),
        chips_delta=tuple(chips_delta),
        scores=tuple(table.scores),
        chips=tuple(table.chips),
        dealer_after=table.dealer,
        honba_after=table.honba,
        sticks_after=table.pot // rules.riichi_stick,
        game_ends=tuple(ends),
    )


def _check_last_dealer_first(hand: HandInput, table: GameState, rules: GameRules) -> None:
    last = rules.rounds is not None and table.dealerships == _last_dealership(table, rules)
    if not last or placements(table.scores)[table.dealer] != 1:
        raise bad_game(f"under {rules.slug} only the last dealer in first place may pass"
                       " (ending the game)", hand=hand.index, field=("dealer_passes",))
    if (rules.sudden_death and not _in_extension(table, rules)
            and not _reached(table, rules)):
        raise bad_game(f"under {rules.slug}'s sudden death the last dealer may pass only with"
                       f" the return points ({rules.return_points}); play goes on into the"
                       " next wind", hand=hand.index, field=("dealer_passes",))


def _end_lines(
    table: GameState, rules: GameRules, resolution: Resolution
) -> tuple[list[str], list[Transfer]]:
    """Tobi and called game: the reasons the game ends now, and their chip lines."""
    ends: list[str] = []
    extra: list[Transfer] = []
    busted = [seat for seat in rules.seats if _busts(table.scores[seat], rules)]
    if busted:
        ends.append("tobi")
    for seat in busted:
        # "pay to all players that won/were tenpai": everyone this seat paid this hand.
        payees = sorted({t.payee for t in resolution.transfers if t.payer == seat and t.points})
        if rules.tobi_chips:
            extra += [Transfer(seat, payee, 0, rules.tobi_chips, "tobi") for payee in payees]
    limit = rules.called_game_at
    called = [s for s in rules.seats if limit is not None and table.scores[s] >= limit]
    if called:
        ends.append("called_game")
    for seat in called:
        if rules.called_game_chips:
            extra += [Transfer(other, seat, 0, rules.called_game_chips, "called_game")
                      for other in rules.seats if other != seat]
    return ends, extra


def _busts(score: int, rules: GameRules) -> bool:
    if rules.bust == "below_zero":
        return score < 0
    return rules.bust == "at_zero" and score <= 0


def _advance(table: GameState, rules: GameRules, resolution: Resolution) -> None:
    if not resolution.dealer_stays:
        if rules.dealer_rotation == "winner" and resolution.winners and not resolution.passed:
            table.dealer = resolution.winners[0]
        else:
            table.dealer = (table.dealer + 1) % rules.players
        table.dealerships += 1
    if resolution.honba == "add":
        table.honba += 1
    elif resolution.honba == "reset":
        table.honba = 0


def _in_extension(table: GameState, rules: GameRules) -> bool:
    """Whether the next hand is played in the sudden-death wind (西入, 南入)."""
    return (rules.sudden_death and rules.rounds is not None
            and table.dealerships >= rules.rounds * rules.players)


def _last_dealership(table: GameState, rules: GameRules) -> int:
    """The dealership the game ends after: the last scheduled one, or the sudden-death wind's."""
    assert rules.rounds is not None
    winds = rules.rounds + (1 if _in_extension(table, rules) else 0)
    return winds * rules.players - 1


def _reached(table: GameState, rules: GameRules) -> bool:
    return rules.return_points is not None and max(table.scores) >= rules.return_points


def _scheduled_end(
    table: GameState, rules: GameRules, resolution: Resolution, *, extension: bool
) -> str | None:
    """Why the game ends by its schedule after this hand, or None.

    The last scheduled dealership passed ends it (``rounds_complete``, or the dealer's pass);
    with sudden death only if a seat has the return points, else play goes on into the next
    wind, which ends after the first hand at whose end a seat has them (``sudden_death``) or
    when its last dealership passes.
    """
    if rules.dealer_rotation != "counterclockwise" or rules.rounds is None:
        return None
    scheduled = rules.rounds * rules.players
    if not rules.sudden_death:
        return (resolution.passed or "rounds_complete") if table.dealerships >= scheduled else None
    if extension:
        if table.dealerships >= scheduled + rules.players:
            return resolution.passed or "rounds_complete"
        return "sudden_death" if _reached(table, rules) else None
    if table.dealerships >= scheduled and _reached(table, rules):
        return resolution.passed or "rounds_complete"
    return None
