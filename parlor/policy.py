"""Who may do what: one table of action x role x session state (docs/permissions.md).

The services call :func:`check` with the acting user, the parlor the object
belongs to and, for an action on a session, the session's state; the admin
and the API call :func:`allows` to decide what to show and never decide on
their own. A refusal says why, in the user's language:

- ``NOT_MEMBER``: the object is in a parlor the user is not a member of; the
  interfaces answer as if it did not exist (404), so a parlor's books cannot
  even be probed from another parlor.
- ``ROLE``: the user's role in that parlor may not do it (403).
- ``STATE``: the session is not in a state the action is allowed in (409).
- ``SEATED``: the user sits at the session's table as a player (a staff member or a
  manager who plays, issue 36): they may not enter, correct or close its hands (403).
- ``OWN``: the action is on the user's own money (their own visit's settlement), which
  somebody else must do (403), whatever their role.

At a parlor's table the staff are the referees: they record hands and the
penalties (chonbo, dead hand) as they happen. Managers void and correct hands,
close, stop and settle sessions, and change rates, rulesets and tables; the
rules of a session are theirs, so only they may send per-hand ruleset options.
A superuser is a manager of every parlor. The periodic jobs' own account (see
``LEDGER_JOBS_USERNAME``) may only close sessions, stop them and build exports.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from django.conf import settings
from django.db.models import Model, QuerySet
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from parlor.access import AnyUser, is_superuser, role_in, roles_by_parlor
from parlor.models import Role

M = TypeVar("M", bound=Model)

# The session states of ledger.models.SessionState (a test keeps them equal);
# named here because the parlor app does not import the ledger.
OPEN, CLOSED, SETTLED = "open", "closed", "settled"
SESSION_STATES = (OPEN, CLOSED, SETTLED)


class Action(StrEnum):
    VIEW_BOOKS = "view_books"
    VIEW_OWN = "view_own"
    VIEW_RULES = "view_rules"
    EDIT_PLAYERS = "edit_players"
    DELETE_PLAYERS = "delete_players"
    LINK_LOGIN = "link_login"
    EDIT_TABLES = "edit_tables"
    EDIT_RULESETS = "edit_rulesets"
    EDIT_RATES = "edit_rates"
    OPEN_SESSION = "open_session"
    CHECK_IN = "check_in"
    OVERRIDE_CREDIT_LIMIT = "override_credit_limit"
    SET_CREDIT_LIMIT = "set_credit_limit"
    RUN_FLOOR = "run_floor"
    RECORD_HAND = "record_hand"
    RECORD_PENALTY = "record_penalty"
    HAND_OPTIONS = "hand_options"
    VOID_HAND = "void_hand"
    CORRECT_HAND = "correct_hand"
    CLOSE_SESSION = "close_session"
    STOP_SESSION = "stop_session"
    MARK_SETTLED = "mark_settled"
    EXPORT_BOOKS = "export_books"
    EXPORT_OWN = "export_own"
    AUDIT = "audit"
    MANAGE_SCOREBOARD = "manage_scoreboard"
    MANAGE_MEMBERS = "manage_members"
    VIEW_STANDINGS = "view_standings"
    VIEW_STATISTICS = "view_statistics"
    MANAGE_STATISTICS = "manage_statistics"
    RECORD_COUNTER = "record_counter"
    CORRECT_COUNTER = "correct_counter"
    MANAGE_TILL = "manage_till"
    MEMBER_ADVANCE = "member_advance"
    SET_BACK_PAY = "set_back_pay"
    VIEW_MEMBER_STATEMENTS = "view_member_statements"
    SETTLE_VISIT = "settle_visit"


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may do an action, and in which session states (None: not about a session)."""

    roles: frozenset[Role]
    states: frozenset[str] | None
    what: StrOrPromise
    # Refused on the acting user's own money, whatever their role (a visit of the player
    # their login is, or the player they sat at a table as).
    never_own: bool = False


_DESK = frozenset({Role.MANAGER, Role.STAFF})
_MANAGERS = frozenset({Role.MANAGER})
_EVERYONE = frozenset(Role)
_LIVE = frozenset({OPEN, CLOSED})

TABLE: dict[Action, Rule] = {
    Action.VIEW_BOOKS: Rule(
        _DESK, None, _("see every player's sessions, hands, balances, statements, settlements")
    ),
    Action.VIEW_OWN: Rule(
        _EVERYONE, None, _("see one's own player record, balance, statement and settlements")
    ),
    Action.VIEW_RULES: Rule(_EVERYONE, None, _("see the ruleset configurations and rates")),
    Action.EDIT_PLAYERS: Rule(_DESK, None, _("register players and change their details")),
    Action.DELETE_PLAYERS: Rule(_MANAGERS, None, _("delete a player without any record")),
    # The login decides whose statements and balance an account reads.
    Action.LINK_LOGIN: Rule(_MANAGERS, None, _("link a login account to a player")),
    Action.EDIT_TABLES: Rule(_MANAGERS, None, _("add and change tables")),
    Action.EDIT_RULESETS: Rule(_MANAGERS, None, _("add and change ruleset configurations")),
    Action.EDIT_RATES: Rule(_MANAGERS, None, _("add and change rates")),
    Action.OPEN_SESSION: Rule(_DESK, None, _("open a session at a table")),
    # A player's visit (issue 34): the desk checks them in and out; the credit they may run
    # up is the managers' to set and to overrule.
    Action.CHECK_IN: Rule(_DESK, None, _("check players in and out of their visit")),
    Action.OVERRIDE_CREDIT_LIMIT: Rule(
        _MANAGERS, None, _("check in a player who owes more than their credit limit (with why)")
    ),
    Action.SET_CREDIT_LIMIT: Rule(_MANAGERS, None, _("set a player's credit limit")),
    # The floor (issue 36): the desk runs the waiting list and the seating, draws seats and
    # clocks staff in and out; the draw's outcome is the operating system's, nobody's choice.
    Action.RUN_FLOOR: Rule(
        _DESK, None, _("run the waiting list, draw seats and open tables, clock staff in and out")
    ),
    Action.RECORD_HAND: Rule(_DESK, frozenset({OPEN}), _("record a hand (win, draw, abort)")),
    Action.RECORD_PENALTY: Rule(
        _DESK, frozenset({OPEN}), _("record a chonbo or a dead-hand penalty")
    ),
    Action.HAND_OPTIONS: Rule(
        _MANAGERS, frozenset({OPEN}), _("send ruleset options with a single hand")
    ),
    Action.VOID_HAND: Rule(_MANAGERS, _LIVE, _("void a recorded hand")),
    Action.CORRECT_HAND: Rule(_MANAGERS, _LIVE, _("correct a recorded hand")),
    Action.CLOSE_SESSION: Rule(_MANAGERS, frozenset({OPEN}), _("close a finished game")),
    Action.STOP_SESSION: Rule(
        _MANAGERS, frozenset({OPEN}), _("stop an unfinished game and close it")
    ),
    Action.MARK_SETTLED: Rule(
        _MANAGERS, frozenset({CLOSED}), _("mark a closed session settled (final)")
    ),
    Action.EXPORT_BOOKS: Rule(_DESK, None, _("export settlements, statements and day reports")),
    Action.EXPORT_OWN: Rule(_EVERYONE, None, _("export one's own statement")),
    Action.AUDIT: Rule(_MANAGERS, None, _("run the ledger audit")),
    Action.MANAGE_SCOREBOARD: Rule(_MANAGERS, None, _("publish and revoke scoreboard links")),
    Action.MANAGE_MEMBERS: Rule(
        _MANAGERS, None, _("give accounts a role in the parlor, change it, take it away")
    ),
    # Derived numbers, never money: the players of a parlor see its standings, as its
    # scoreboard may show them to the room; another player's own numbers are the desk's.
    Action.VIEW_STANDINGS: Rule(
        _EVERYONE, None, _("see the parlor's standings and ratings (names and numbers, no money)")
    ),
    Action.VIEW_STATISTICS: Rule(
        _DESK, None, _("see any player's statistics, points per game and rating history")
    ),
    Action.MANAGE_STATISTICS: Rule(
        _MANAGERS, None, _("choose the rating system and the scoreboard's standings")
    ),
    # The counter (issue 34): the desk takes the money; corrections and the cash itself are
    # the managers'.
    Action.RECORD_COUNTER: Rule(
        _DESK,
        None,
        _("take deposits and top-ups, pay and receive settlements, record sales and paid-outs"),
    ),
    Action.CORRECT_COUNTER: Rule(_MANAGERS, None, _("reverse a counter entry")),
    Action.MANAGE_TILL: Rule(
        _MANAGERS, None, _("put a float in the till, take cash out, count and close the till")
    ),
    # Staff who play (issue 36): the desk advances a member cash to play with (アウト) and takes
    # it back; the back pay per game (ゲームバック) and what each member earned are the
    # managers'.
    Action.MEMBER_ADVANCE: Rule(
        _DESK, None, _("advance a staff member cash to play with, and take it back")
    ),
    Action.SET_BACK_PAY: Rule(_MANAGERS, None, _("set the back pay per game for staff who play")),
    Action.VIEW_MEMBER_STATEMENTS: Rule(
        _MANAGERS, None, _("see the staff members' monthly statements (games, advances, back pay)")
    ),
    # A visit's check-out slip, settled in one posting (issue 34). Never one's own: the
    # staff member who played is settled by a colleague (``check(..., own=True)`` refuses).
    Action.SETTLE_VISIT: Rule(
        _DESK,
        None,
        _("settle a player's visit at check-out (never one's own)"),
        never_own=True,
    ),
}

# A player at the table may not referee it: whoever sits in a session (a staff member or a
# manager filling a seat) may not enter, correct or close its hands (issue 36, item 3).
SEATED_REFUSED = frozenset(
    {
        Action.RECORD_HAND,
        Action.RECORD_PENALTY,
        Action.HAND_OPTIONS,
        Action.VOID_HAND,
        Action.CORRECT_HAND,
        Action.CLOSE_SESSION,
        Action.STOP_SESSION,
    }
)

# What the periodic jobs do on their own: close overdue sessions and build exports.
JOBS_ACTIONS = frozenset(
    {Action.VIEW_BOOKS, Action.CLOSE_SESSION, Action.STOP_SESSION, Action.EXPORT_BOOKS}
)


class Refusal(StrEnum):
    NOT_MEMBER = "not_member"
    ROLE = "role"
    STATE = "state"
    SEATED = "seated"
    OWN = "own"


class PolicyRefusal(Exception):
    """The policy refuses ``action``: ``refusal`` says why, ``message`` says it to people."""

    def __init__(
        self, action: Action, refusal: Refusal, message: StrOrPromise, *, state: str | None = None
    ) -> None:
        super().__init__(str(message))
        self.action = action
        self.refusal = refusal
        self.message = message
        self.state = state


def is_jobs_user(user: AnyUser | None) -> bool:
    username = getattr(settings, "LEDGER_JOBS_USERNAME", None)
    return bool(
        user is not None
        and username
        and getattr(user, "username", None) == username
        and not getattr(user, "is_active", True)
    )


def _refusal(
    user: AnyUser | None,
    action: Action,
    parlor_id: int | None,
    state: str | None,
    seated: bool = False,
    own: bool = False,
) -> PolicyRefusal | None:
    rule = TABLE[action]
    if own and rule.never_own:
        return PolicyRefusal(
            action,
            Refusal.OWN,
            _("You may not %(what)s for yourself: ask another member of staff.")
            % {"what": rule.what},
        )
    if is_jobs_user(user):
        if action not in JOBS_ACTIONS:
            return PolicyRefusal(action, Refusal.ROLE, _("The jobs account may not do this."))
    else:
        role = role_in(user, parlor_id) if parlor_id is not None else None
        if role is None:
            return PolicyRefusal(
                action, Refusal.NOT_MEMBER, _("Not found in the parlors you work in.")
            )
        if role not in rule.roles:
            return PolicyRefusal(
                action,
                Refusal.ROLE,
                _("Your role (%(role)s) may not %(what)s.")
                % {"role": role.label, "what": rule.what},
            )
    if rule.states is not None and state is not None and state not in rule.states:
        return PolicyRefusal(
            action,
            Refusal.STATE,
            _("This cannot be done in a %(state)s session: only %(allowed)s.")
            % {
                "state": state_label(state),
                "allowed": ", ".join(
                    str(state_label(s)) for s in SESSION_STATES if s in rule.states
                ),
            },
            state=state,
        )
    if seated and action in SEATED_REFUSED:
        return PolicyRefusal(
            action,
            Refusal.SEATED,
            _("You sit at this table as a player: someone who does not play must %(what)s.")
            % {"what": rule.what},
        )
    return None


def allows(
    user: AnyUser | None,
    action: Action,
    *,
    parlor_id: int | None,
    state: str | None = None,
    seated: bool = False,
    own: bool = False,
) -> bool:
    """Whether ``user`` may do ``action`` on an object of ``parlor_id`` (session in ``state``;
    ``seated``: the user sits at that session's table as a player; ``own``: the object is
    the user's own money, see :func:`is_own`)."""
    return _refusal(user, action, parlor_id, state, seated, own) is None


def check(
    user: AnyUser | None,
    action: Action,
    *,
    parlor_id: int | None,
    state: str | None = None,
    seated: bool = False,
    own: bool = False,
) -> None:
    """Raise :class:`PolicyRefusal` unless ``user`` may do ``action`` there (services call it)."""
    refusal = _refusal(user, action, parlor_id, state, seated, own)
    if refusal is not None:
        raise refusal


def is_own(user: AnyUser | None, people: Collection[int | None]) -> bool:
    """Whether ``user`` is one of ``people`` (the accounts a player is: their login, and the
    staff accounts that sat at a table as them): the question ``own=`` answers."""
    pk = getattr(user, "pk", None)
    return pk is not None and pk in people


def allowed_parlor_ids(user: AnyUser | None, action: Action) -> frozenset[int] | None:
    """The parlors where ``user`` may do ``action`` (None: every parlor)."""
    if is_superuser(user) or (is_jobs_user(user) and action in JOBS_ACTIONS):
        return None
    roles = TABLE[action].roles
    return frozenset(pk for pk, role in roles_by_parlor(user).items() if role in roles)


def may_anywhere(user: AnyUser | None, action: Action) -> bool:
    """Whether ``user`` may do ``action`` in at least one parlor (menus, API permission)."""
    ids = allowed_parlor_ids(user, action)
    return ids is None or bool(ids)


def scoped_to(
    queryset: QuerySet[M], user: AnyUser | None, action: Action, parlor_path: str = "parlor"
) -> QuerySet[M]:
    """``queryset`` narrowed to the parlors where ``user`` may do ``action``."""
    ids = allowed_parlor_ids(user, action)
    if ids is None:
        return queryset
    if not ids:
        return queryset.none()
    return queryset.filter(**{f"{parlor_path}__in": ids})


def state_label(state: str) -> StrOrPromise:
    return {OPEN: _("open"), CLOSED: _("closed"), SETTLED: _("settled")}.get(state, state)


def rows() -> Iterator[tuple[Action, Rule]]:
    """The table in its documented order (docs/permissions.md, the generated policy test)."""
    yield from TABLE.items()


def markdown_table() -> str:
    """The table as docs/permissions.md shows it (a test keeps the two equal)."""
    roles = list(Role)
    head = "| action | what | " + " | ".join(str(role.value) for role in roles) + " | sessions |"
    lines = [head, "|" + "---|" * (len(roles) + 3)]
    for action, rule in rows():
        marks = " | ".join("yes" if role in rule.roles else "no" for role in roles)
        states = (
            "-"
            if rule.states is None
            else ", ".join(state for state in SESSION_STATES if state in rule.states)
        )
        with translation.override("en"):
            what = str(rule.what)
        lines.append(f"| `{action.value}` | {what} | {marks} | {states} |")
    return "\n".join(lines)
