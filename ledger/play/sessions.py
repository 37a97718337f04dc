"""Opening a session and marking it settled (closing is in settlements.py).

State machine (docs/ledger.md, "Session states"):

    open --session_close--> closed --session_mark_settled--> settled
      ^                        |
      +-- correction_post -----+   (a correction reopens a closed session)
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from ledger.books.accounts import accounts_ensure_for_session
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Session, SessionSeat, SessionState
from ledger.play.games import ruleset_game_rules
from ledger.play.session_selectors import session_lock_for_update
from orm_bypass.inserts import rows_insert
from orm_bypass.related import related_loaded
from parlor import policy
from parlor.models import Parlor, Player, PointUnit, Rate, RulesetConfig, Table
from parlor.policy import Action
from parlor.services.ruleset_options import complete_options


def _parlor_and_active_problems(
    *,
    parlor: Parlor,
    ruleset_config: RulesetConfig,
    rate: Rate,
    players: Sequence[Player],
    table: Table,
) -> list[LedgerError]:
    named: list[tuple[str, str, Table | RulesetConfig | Rate | Player]] = [
        ("table", f"table {table}", table),
        ("ruleset_config", f"ruleset configuration {ruleset_config}", ruleset_config),
        ("rate", f"rate {rate}", rate),
    ]
    named += [(f"players[{i}]", f"player {player}", player) for i, player in enumerate(players)]
    problems = []
    for field, name, obj in named:
        params = {"name": str(obj), "parlor": str(parlor)}
        if obj.parlor_id != parlor.pk:
            problems.append(
                LedgerError(
                    LedgerErrorCode.NOT_IN_PARLOR,
                    f"{name} does not belong to {parlor}",
                    field=field,
                    params=params,
                )
            )
        elif not obj.is_active:
            problems.append(
                LedgerError(
                    LedgerErrorCode.INACTIVE, f"{name} is not active", field=field, params=params
                )
            )
    return problems


def _seated_twice_problems(players: Sequence[Player]) -> list[LedgerError]:
    first_seat: dict[int, int] = {}
    problems = []
    for i, player in enumerate(players):
        if player.pk in first_seat:
            problems.append(
                LedgerError(
                    LedgerErrorCode.PLAYER_SEATED_TWICE,
                    f"player {player} is seated twice",
                    field=f"players[{i}]",
                    params={"player": player.name, "seat": first_seat[player.pk]},
                )
            )
        first_seat.setdefault(player.pk, i)
    return problems


def _rules_problems(
    rate: Rate, ruleset_config: RulesetConfig, players: Sequence[Player]
) -> list[LedgerError]:
    """A rate prices the ruleset's points only at the scale they are scored in; the
    ruleset seats its number of players."""
    rules = ruleset_game_rules(
        ruleset_slug=ruleset_config.ruleset_slug,
        options=ruleset_config.options,
        game_options=ruleset_config.game_options,
    )
    problems = []
    if rate.point_unit != rules.point_unit:
        problems.append(
            LedgerError(
                LedgerErrorCode.RATE_SCALE_MISMATCH,
                f"rate {rate} prices {PointUnit(rate.point_unit).label}, but"
                f" {ruleset_config} scores in points priced"
                f" {PointUnit(rules.point_unit).label}: choose a rate of that scale",
                field="rate",
                params={
                    "rate": str(rate),
                    "rules": str(ruleset_config),
                    "rate_unit": rate.point_unit,
                    "unit": rules.point_unit,
                },
            )
        )
    if len(players) != rules.players:
        problems.append(
            LedgerError(
                LedgerErrorCode.WRONG_NUMBER_OF_SEATS,
                f"{ruleset_config} is played by {rules.players} players, not {len(players)}",
                field="players",
                params={
                    "rules": str(ruleset_config),
                    "seats": rules.players,
                    "count": len(players),
                },
            )
        )
    return problems


def _table_busy(table: Table) -> LedgerError:
    return LedgerError(
        LedgerErrorCode.TABLE_BUSY,
        f"table {table} already has an open session",
        field="table",
        params={"table": str(table)},
    )


def session_open_problems(
    *, table: Table, players: Sequence[Player], ruleset_config: RulesetConfig, rate: Rate
) -> list[LedgerError]:
    """Every reason ``session_open`` would refuse these choices, in the order of the form
    (who may open is the policy's): a form reports them all at once (issue 33)."""
    problems = _parlor_and_active_problems(
        parlor=table.parlor, ruleset_config=ruleset_config, rate=rate, players=players, table=table
    )
    problems += _seated_twice_problems(players)
    if not any(p.field in ("ruleset_config", "rate") for p in problems):
        problems += _rules_problems(rate, ruleset_config, players)
    if Session.objects.filter(table=table, state=SessionState.OPEN).exists():
        problems.append(_table_busy(table))
    return problems


def session_open(
    *,
    table: Table,
    players: Sequence[Player],
    ruleset_config: RulesetConfig,
    rate: Rate,
    by: User,
    savepoint: bool = True,
) -> Session:
    """Open a game at ``table`` with ``players`` in seat order (seat 0 deals first).

    The ruleset's options and the rate's figures are copied onto the session,
    so later edits of the configuration do not change this game. The session comes
    back with its seats loaded (``session.seats.all()`` takes no query).
    ``savepoint=False``: the caller's transaction rolls back whole on a refusal.
    """
    with transaction.atomic(savepoint=savepoint):
        return _open(table=table, players=players, ruleset_config=ruleset_config, rate=rate, by=by)


def _open(
    *, table: Table, players: Sequence[Player], ruleset_config: RulesetConfig, rate: Rate, by: User
) -> Session:
    parlor = table.parlor
    policy.check(by, Action.OPEN_SESSION, parlor_id=parlor.pk)
    problems = _parlor_and_active_problems(
        parlor=parlor, ruleset_config=ruleset_config, rate=rate, players=players, table=table
    )
    problems += _seated_twice_problems(players)
    if problems:
        raise problems[0]
    problems = _rules_problems(rate, ruleset_config, players)
    if problems:
        raise problems[0]
    # Serialise openings at one table, so two games cannot start there at once.
    list(Table.objects.select_for_update().filter(pk=table.pk).order_by().values("pk"))
    # Its own statement after the table's lock: a session opened meanwhile is seen (read
    # committed). Plain Django: compiling it once saved under 0.3 ms (docs/architecture.md).
    if Session.objects.filter(table_id=table.pk, state=SessionState.OPEN).exists():
        raise _table_busy(table)
    # The complete option sets (a configuration keeps them; completed again for one written
    # around its save): the session plays, and is audited, by them whatever the defaults become.
    ruleset_options, game_options = complete_options(
        ruleset_slug=ruleset_config.ruleset_slug,
        options=dict(ruleset_config.options),
        game_options=dict(ruleset_config.game_options),
    )
    session = Session(
        parlor=parlor,
        table=table,
        ruleset_config=ruleset_config,
        ruleset_slug=ruleset_config.ruleset_slug,
        ruleset_options=ruleset_options,
        game_options=game_options,
        rate=rate,
        point_unit=rate.point_unit,
        money_per_unit=rate.money_per_unit,
        money_per_chip=rate.money_per_chip,
        game_fee=rate.game_fee,
        game_fee_payer=rate.game_fee_payer,
        top_fee=rate.top_fee,
        time_fee=rate.time_fee,
        time_fee_basis=rate.time_fee_basis,
        time_fee_step_minutes=rate.time_fee_step_minutes,
        points_only=rate.points_only,
        opened_by=by,
    )
    rows_insert(Session, [session])
    seated = [
        SessionSeat(session=session, seat=seat, player=player)
        for seat, player in enumerate(players)
    ]
    rows_insert(SessionSeat, seated)
    accounts_ensure_for_session(session=session, players=players)
    related_loaded(session, "seats", seated)
    return session


@transaction.atomic
def session_mark_settled(*, session: Session, by: User) -> Session:
    """Record that a closed session's money changed hands; it is final from now on.

    Idempotent: a settled session is returned as it is.
    """
    locked = session_lock_for_update(session_id=session.pk).get()
    policy.check(by, Action.MARK_SETTLED, parlor_id=locked.parlor_id)
    if locked.state == SessionState.SETTLED:
        return locked
    if locked.state != SessionState.CLOSED:
        raise LedgerError(
            LedgerErrorCode.SESSION_NOT_CLOSED,
            f"session {locked.pk} is {locked.state}: close it before marking it settled",
        )
    locked.state = SessionState.SETTLED
    locked.settled_by = by
    locked.settled_at = timezone.now()
    locked.save(update_fields=["state", "settled_by", "settled_at"])
    return locked
