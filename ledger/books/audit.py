"""Auditing the books: a read-only check of the ledger's invariants against the stored rows.

Design overview. ``ledger_audit`` recomputes, from the rows alone, what the
services promise (docs/ledger.md, "Invariants") and lists every place where
the database disagrees:

- ``posting_unbalanced``: a posting whose legs do not sum to zero in points,
  chips or money (also checked per unit over the whole book).
- ``balance_mismatch``: a figure that stands for a balance disagrees with the
  sum of the entries behind it: an account's balance as the selectors give it;
  an open session's seats against the last live hand's stored scores and
  chips; a closed session's seats (points and chips must be back to zero,
  money equal to the live settlement's net money).
- ``hand_rescore_differs``: a live hand whose stored result differs from what
  the current engine computes when the session's live hands are replayed,
  naming both engine versions; ``session_replay_refused`` when the current
  engine refuses the stored game outright.
- ``game_state_differs``: a live hand whose stored game state (what the next
  hand is settled from, ``HandResult.game_state``) differs from the state
  after it in that same replay from the first hand; hands recorded before
  states were kept have none and are not compared.
- ``account_owner_mismatch``: an account of one parlor owned by another
  parlor's player or table; ``entry_outside_session``: a player's entry in a
  posting of a session that player has no seat in (an account pointed at
  another player, say); ``session_accounts_missing``: a seated player or a
  parlor account the session posts to does not exist; ``penalty_seat_mismatch``:
  a penalty naming a player who does not sit at the penalty's seat.
- ``settlement_off_rate``: a live settlement row whose money is not its
  points and chips at the session's rate copy, or game fees that are not
  the rate copy's fee from the payers it names (a rate copy changed after
  the close, say).
- ``standing_mismatch``: a live close's standings row (what the standings
  sum, ``ledger.models.Standing``) that is not what its settlement row, its
  session, its posting and the seat's penalties in the live hands make
  (``ledger.settle.standings``), a settlement row without one, or a
  standings row without its settlement row.
- ``hand_options_not_allowed``: a live hand recorded with its own ruleset
  options (``wins[j].record.options``) by an account whose role in the
  session's parlor may not send them (``parlor.policy``, ``hand_options``).
  Every live hand with such options is also listed, allowed or not, in the
  report's ``hand_options`` (not a finding: the rules of that hand differ
  from the session's, and a manager should be able to see where).
- ``idempotency_answer_differs``: a stored ``Idempotency-Key`` answer (what
  a retry replays) that disagrees with the rows it names, names rows that do
  not exist, or was stored for another user than the one the rows name as
  acting. The API's layer reads its own answers (``api/answers.py``, each
  domain's in ``api/<domain>/answers.py``) and adds that check here
  (``audit_check_add``), as any other layer that stores what the books say may.
- ``till_mismatch``: a parlor's till account that does not hold the negative of
  the cash its counter entries moved, computed from the entries alone
  (``ledger.counter.kinds.cash_effect``), or a till close whose opening float,
  cash and expected till are not what its period's entries and the previous
  close say; ``counter_entry_mismatch``: a counter entry whose posting's legs
  are not the ones its kind, method, amount and player make (a reversal: the
  mirror of its original's), or a posting without a session that no counter
  entry explains (``ledger.counter.audit``).
- ``back_pay_mismatch``: a game's back pay (``ledger.floor``) whose posting is not its
  game's ``back_pay`` posting moving exactly its amount from the parlor's back pay to the
  member's, whose amount is not the rate in force at the posting (the game's close), or
  whose member did not sit in the game; or a back pay posting without its row
  (``ledger.floor.audit``).
- ``row_unreadable``: rows the audit could not interpret at all (a stored
  result without its scores, say). The audit never raises on data: whatever
  breaks while one subject is checked becomes this finding, and the audit
  goes on with the next subject.

It writes nothing, so it is safe to run at any time (management command
``audit_ledger``, Celery task ``ledger.tasks.audit_ledger``). Retired hand
versions (voided or superseded) are not re-scored: their postings are reversed
and no longer move the books; the posting checks still cover them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db.models import Exists, F, OuterRef, Q, Sum

from engine_door import ENGINE_VERSION
from engine_door.errors import EngineError
from ledger.books.balances import account_balance, session_balances
from ledger.books.postings import AMOUNTS
from ledger.errors import AuditCheck, LedgerError
from ledger.models import (
    Account,
    AccountKind,
    HandResult,
    LedgerEntry,
    Penalty,
    Session,
    SessionSeat,
    SessionState,
    Settlement,
    Standing,
)
from ledger.play.engine_results import hand_outcome
from ledger.play.games import game_replay, starting_points
from ledger.play.hands import hand_options
from ledger.play.penalty_selectors import seat_faults
from ledger.play.session_selectors import session_accounts, session_live_hands, session_settlement
from ledger.settle.settlements import money_for
from ledger.settle.standings import STANDING_FIELDS, standing_for
from parlor import policy
from parlor.models import GameFeePayer
from parlor.policy import Action

# The checks by their short names (the codes are ledger.errors.AuditCheck's).
POSTING_UNBALANCED = AuditCheck.POSTING_UNBALANCED
BALANCE_MISMATCH = AuditCheck.BALANCE_MISMATCH
HAND_RESCORE_DIFFERS = AuditCheck.HAND_RESCORE_DIFFERS
SESSION_REPLAY_REFUSED = AuditCheck.SESSION_REPLAY_REFUSED
GAME_STATE_DIFFERS = AuditCheck.GAME_STATE_DIFFERS
ACCOUNT_OWNER_MISMATCH = AuditCheck.ACCOUNT_OWNER_MISMATCH
ENTRY_OUTSIDE_SESSION = AuditCheck.ENTRY_OUTSIDE_SESSION
SESSION_ACCOUNTS_MISSING = AuditCheck.SESSION_ACCOUNTS_MISSING
PENALTY_SEAT_MISMATCH = AuditCheck.PENALTY_SEAT_MISMATCH
SETTLEMENT_OFF_RATE = AuditCheck.SETTLEMENT_OFF_RATE
STANDING_MISMATCH = AuditCheck.STANDING_MISMATCH
HAND_OPTIONS_NOT_ALLOWED = AuditCheck.HAND_OPTIONS_NOT_ALLOWED
IDEMPOTENCY_ANSWER_DIFFERS = AuditCheck.IDEMPOTENCY_ANSWER_DIFFERS
ROW_UNREADABLE = AuditCheck.ROW_UNREADABLE


@dataclass(frozen=True, slots=True)
class AuditFinding:
    """One disagreement: which check, about what (``posting 12``, ``session 3 hand 4``), and how."""

    check: AuditCheck
    subject: str
    message: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class AuditReport:
    engine_version: str
    postings: int = 0
    accounts: int = 0
    sessions: int = 0
    hands: int = 0
    answers: int = 0  # stored idempotency answers checked
    findings: list[AuditFinding] = field(default_factory=list)
    # Live hands recorded with their own ruleset options: {"subject", "options", "entered_by"}.
    hand_options: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "engine_version": self.engine_version,
            "checked": {
                "postings": self.postings,
                "accounts": self.accounts,
                "sessions": self.sessions,
                "hands": self.hands,
                "idempotency_answers": self.answers,
            },
            "findings": [
                {**asdict(finding), "check": finding.check.value} for finding in self.findings
            ],
            "hand_options": self.hand_options,
        }

    def lines(self) -> list[str]:
        """The report as text, one line per finding after a summary line."""
        verdict = "clean" if self.ok else f"{len(self.findings)} finding(s)"
        summary = (
            f"ledger audit with engine {self.engine_version}: {verdict};"
            f" checked {self.postings} postings, {self.accounts} accounts,"
            f" {self.sessions} sessions, {self.hands} live hands,"
            f" {self.answers} stored idempotency answers"
        )
        options = [
            f"[hand_options] {row['subject']}: {row['options']} entered by {row['entered_by']}"
            for row in self.hand_options
        ]
        findings = [f"[{f.check}] {f.subject}: {f.message}" for f in self.findings]
        return [summary, *findings, *options]


AuditCheckRun = Callable[["AuditReport"], None]
# Whole-book checks other layers add (``audit_check_add``): they read what those layers
# store about the books and append findings to the report.
_ADDED_CHECKS: list[AuditCheckRun] = []


def audit_check_add(check: AuditCheckRun) -> None:
    """Run ``check`` with every audit, after the ledger's own whole-book checks (once)."""
    if check not in _ADDED_CHECKS:
        _ADDED_CHECKS.append(check)


def ledger_audit(*, session_ids: Iterable[int] | None = None) -> AuditReport:
    """Check postings, balances and hand results; ``session_ids`` limits the session checks.

    Postings and account balances are always checked over the whole book.
    """
    report = AuditReport(engine_version=ENGINE_VERSION)
    _checked(report, "whole book", _audit_postings, report)
    _checked(report, "whole book", _audit_account_owners, report)
    _checked(report, "whole book", _audit_entries_outside_sessions, report)
    _checked(report, "whole book", _audit_account_balances, report)
    _checked(report, "whole book", _audit_penalty_seats, report)
    _checked(report, "whole book", _audit_standing_strays, report)
    # The counter's books (issue 34): imported here, the counter's audit reads this module.
    from ledger.counter.audit import counter_audit

    _checked(report, "the counter", counter_audit, report)
    # The floor's back pay (issue 36), likewise.
    from ledger.floor.audit import back_pay_audit

    _checked(report, "the back pay", back_pay_audit, report)
    for check in _ADDED_CHECKS:
        _checked(report, "whole book", check, report)
    sessions = Session.objects.order_by("pk")
    if session_ids is not None:
        sessions = sessions.filter(pk__in=list(session_ids))
    for session in sessions:
        report.sessions += 1
        _checked(report, f"session {session.pk}", _audit_session, report, session)
    return report


def _checked(report: AuditReport, subject: str, check: Any, *args: Any) -> None:
    """Run one check; rows it cannot interpret become a ``row_unreadable`` finding."""
    try:
        check(*args)
    except LedgerError as error:
        report.findings.append(
            AuditFinding(
                SESSION_ACCOUNTS_MISSING, subject, error.message, {"code": str(error.code)}
            )
        )
    # The audit reads whatever the database holds, so any malformed row may break a check;
    # it reports that and goes on instead of stopping the whole audit.
    except Exception as error:  # noqa: BLE001
        report.findings.append(
            AuditFinding(
                ROW_UNREADABLE,
                subject,
                f"the stored rows could not be checked: {type(error).__name__}: {error}",
                {"error": type(error).__name__},
            )
        )


def _nonzero(sums: Mapping[str, Any]) -> dict[str, int]:
    return {amount: sums[amount] for amount in AMOUNTS if sums[amount]}


def _audit_postings(report: AuditReport) -> None:
    sums = {amount: Sum(amount, default=0) for amount in AMOUNTS}
    rows = LedgerEntry.objects.values("posting_id").annotate(**sums).order_by("posting_id")
    for row in rows:
        report.postings += 1
        if off := _nonzero(row):
            report.findings.append(
                AuditFinding(
                    POSTING_UNBALANCED,
                    f"posting {row['posting_id']}",
                    "legs do not sum to zero: " + ", ".join(f"{k} {v:+d}" for k, v in off.items()),
                    {"posting": row["posting_id"], **off},
                )
            )
    if off := _nonzero(LedgerEntry.objects.aggregate(**sums)):
        report.findings.append(
            AuditFinding(POSTING_UNBALANCED, "whole book", f"the book sums to {off}", off)
        )


def _audit_account_owners(report: AuditReport) -> None:
    """An account's player or table belongs to the account's own parlor."""
    foreign = Account.objects.filter(
        (Q(player__isnull=False) & ~Q(player__parlor_id=F("parlor_id")))
        | (Q(table__isnull=False) & ~Q(table__parlor_id=F("parlor_id")))
    ).order_by("pk")
    for account in foreign.values("pk", "parlor_id", "player__parlor_id", "table__parlor_id"):
        owner_parlor = account["player__parlor_id"] or account["table__parlor_id"]
        report.findings.append(
            AuditFinding(
                ACCOUNT_OWNER_MISMATCH,
                f"account {account['pk']}",
                f"the account is parlor {account['parlor_id']}'s but its owner is parlor"
                f" {owner_parlor}'s",
                {"account": account["pk"], "parlor": account["parlor_id"], "owner": owner_parlor},
            )
        )


def _audit_entries_outside_sessions(report: AuditReport) -> None:
    """A player's entry belongs to a posting of a session the player is seated in."""
    seated = SessionSeat.objects.filter(
        session_id=OuterRef("posting__session_id"), player_id=OuterRef("account__player_id")
    )
    strays = (
        # The counter's postings have no session: their players are checked by the
        # counter's audit (the entry's player).
        LedgerEntry.objects.filter(account__kind=AccountKind.PLAYER, posting__session__isnull=False)
        .exclude(Exists(seated))
        .values_list("pk", "posting_id", "posting__session_id", "account_id")
        .order_by("pk")
    )
    for entry, posting, session, account in strays:
        report.findings.append(
            AuditFinding(
                ENTRY_OUTSIDE_SESSION,
                f"entry {entry}",
                f"posting {posting} of session {session} moves account {account}, whose player"
                " has no seat in that session",
                {"entry": entry, "posting": posting, "session": session, "account": account},
            )
        )


def _audit_penalty_seats(report: AuditReport) -> None:
    """A penalty's player is the one seated at its seat of its session."""
    seated = SessionSeat.objects.filter(
        session_id=OuterRef("session_id"), seat=OuterRef("seat"), player_id=OuterRef("player_id")
    )
    strays = Penalty.objects.exclude(Exists(seated)).values_list("pk", "session_id", "seat")
    for penalty, session, seat in strays.order_by("pk"):
        report.findings.append(
            AuditFinding(
                PENALTY_SEAT_MISMATCH,
                f"penalty {penalty}",
                f"the penalty's player does not sit at seat {seat} of session {session}",
                {"penalty": penalty, "session": session, "seat": seat},
            )
        )


def _audit_standing_strays(report: AuditReport) -> None:
    """Every standings row stands beside a settlement row (same posting, same seat)."""
    settled = Settlement.objects.filter(posting_id=OuterRef("posting_id"), seat=OuterRef("seat"))
    strays = Standing.objects.exclude(Exists(settled)).values_list("pk", "session_id", "seat")
    for standing, session, seat in strays.order_by("pk"):
        report.findings.append(
            AuditFinding(
                STANDING_MISMATCH,
                f"standing {standing}",
                f"no settlement row of its close stands for seat {seat} of session {session}",
                {"standing": standing, "session": session, "seat": seat},
            )
        )


def _audit_standings(
    report: AuditReport, session: Session, rows: list[Settlement], live: list[HandResult]
) -> None:
    """Each live settlement row's standings row is what the close derives from the books."""
    if not rows:
        return
    faults = seat_faults(hand_ids=[hand.pk for hand in live])
    stored = {row.seat: row for row in Standing.objects.filter(posting_id=rows[0].posting_id)}
    for row in rows:
        expected = _standing_fields(standing_for(row, session=session, faults=faults))
        found = stored.get(row.seat)
        actual = _standing_fields(found) if found is not None else None
        if actual == expected:
            continue
        differ = [name for name in expected if actual is None or actual[name] != expected[name]]
        report.findings.append(
            AuditFinding(
                STANDING_MISMATCH,
                f"session {session.pk} seat {row.seat} (settlement {row.pk})",
                "no standings row"
                if actual is None
                else "the standings row differs in " + ", ".join(differ),
                {
                    "settlement": row.pk,
                    "stored": actual and {name: str(actual[name]) for name in differ},
                    "expected": {name: str(expected[name]) for name in differ},
                },
            )
        )


def _standing_fields(row: Standing) -> dict[str, Any]:
    return {name: getattr(row, name) for name in STANDING_FIELDS}


def _audit_account_balances(report: AuditReport) -> None:
    summed: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(AMOUNTS, 0))
    for account_id, *values in LedgerEntry.objects.values_list("account_id", *AMOUNTS):
        for amount, value in zip(AMOUNTS, values, strict=True):
            summed[account_id][amount] += value
    for account in Account.objects.order_by("pk"):
        report.accounts += 1
        shown = asdict(account_balance(account=account))
        expected = summed[account.pk]
        if shown != expected:
            _mismatch(report, f"account {account.pk} ({account})", shown, expected)


def _mismatch(
    report: AuditReport, subject: str, stored: Mapping[str, int], entries: Mapping[str, int]
) -> None:
    report.findings.append(
        AuditFinding(
            BALANCE_MISMATCH,
            subject,
            f"stored {dict(stored)} but the entries sum to {dict(entries)}",
            {"stored": dict(stored), "entries": dict(entries)},
        )
    )


def _audit_session(report: AuditReport, session: Session) -> None:
    accounts = session_accounts(session=session)
    balances = session_balances(session=session)
    live = list(session_live_hands(session=session))
    report.hands += len(live)
    seat_totals = [balances.get(account.pk) for account in accounts.seats]
    posted = [
        {amount: getattr(total, amount) if total else 0 for amount in AMOUNTS}
        for total in seat_totals
    ]
    if session.state == SessionState.OPEN:
        start = starting_points(session=session)
        last = hand_outcome(live[-1]) if live else None
        for seat, entries in enumerate(posted):
            stored = {
                "points": last.scores[seat] - start if last else 0,
                "chips": last.chips[seat] if last else 0,
            }
            if stored != {"points": entries["points"], "chips": entries["chips"]}:
                subject = f"session {session.pk} seat {seat}"
                _mismatch(report, subject, stored, {k: entries[k] for k in stored})
    else:
        rows = session_settlement(session=session)
        _audit_settlement_at_rate(report, session, rows)
        _audit_standings(report, session, rows, live)
        by_seat = {row.seat: row for row in rows}
        for seat, entries in enumerate(posted):
            row = by_seat.get(seat)
            stored = {"points": 0, "chips": 0, "money": row.net_money if row else 0}
            if session.points_only and row is not None:
                # No money: the game's points and chips stay on the account (docs/fees.md).
                stored = {"points": row.points, "chips": row.chips, "money": 0}
            if stored != entries:
                _mismatch(report, f"session {session.pk} seat {seat} (closed)", stored, entries)
    if live:
        _audit_rescore(report, session, live, players=[p.member_number for p in accounts.players])
    _audit_hand_options(report, session, live)


def _audit_hand_options(report: AuditReport, session: Session, live: list[HandResult]) -> None:
    """List hands with their own ruleset options; a finding if their author may not send them."""
    for hand in live:
        options = hand_options(hand.payload)
        if not options:
            continue
        subject = f"session {session.pk} hand {hand.ordinal}"
        author = hand.entered_by
        report.hand_options.append(
            {"subject": subject, "options": options, "entered_by": author.get_username()}
        )
        if not policy.allows(author, Action.HAND_OPTIONS, parlor_id=session.parlor_id):
            report.findings.append(
                AuditFinding(
                    HAND_OPTIONS_NOT_ALLOWED,
                    subject,
                    f"recorded with its own ruleset options {options} by"
                    f" {author.get_username()}, whose role in this parlor may not send them",
                    {"options": options, "entered_by": author.pk},
                )
            )


def _audit_settlement_at_rate(
    report: AuditReport, session: Session, rows: list[Settlement]
) -> None:
    """Money is the points and chips at the session's rate copy; fees as the copy names them."""
    for row in rows:
        money = money_for(
            points=row.points,
            chips=row.chips,
            money_per_unit=session.money_per_unit,
            point_unit=session.point_unit,
            money_per_chip=session.money_per_chip,
        )
        if session.points_only:
            money = 0  # a points-only rate converts nothing (docs/fees.md)
        if row.money != money:
            report.findings.append(
                AuditFinding(
                    SETTLEMENT_OFF_RATE,
                    f"session {session.pk} seat {row.seat} (settlement {row.pk})",
                    f"money {row.money} but {row.points} points and {row.chips} chips at the"
                    f" session's rate ({session.money_per_unit} per {session.point_unit} points,"
                    f" {session.money_per_chip} per chip) make {money}",
                    {"settlement": row.pk, "stored": row.money, "at_rate": money},
                )
            )
    if not rows:
        return
    payers = len(rows) if session.game_fee_payer == GameFeePayer.EACH_PLAYER else 1
    expected = [0] * (len(rows) - payers) + [session.game_fee] * payers
    if session.points_only:
        payers, expected = 0, [0] * len(rows)
    # The game fee part of each seat (closes before the fee models have no parts: all game).
    fees = sorted(row.fee_detail.get("game", row.fee) for row in rows)
    _audit_fee_parts(report, session, rows)
    if fees != sorted(expected):
        report.findings.append(
            AuditFinding(
                SETTLEMENT_OFF_RATE,
                f"session {session.pk} (game fees)",
                f"game fees {fees} but the session's rate charges {session.game_fee} to"
                f" {payers} seat(s) ({session.game_fee_payer})",
                {"stored": fees, "at_rate": sorted(expected)},
            )
        )


def _audit_fee_parts(report: AuditReport, session: Session, rows: list[Settlement]) -> None:
    """Each seat's fee is its parts (ledger.settle.fees): the top fee from one seat, a discount no
    larger than the fees; a points-only session charges nothing."""
    problems = []
    for row in rows:
        detail = row.fee_detail
        if not detail:
            continue
        charged = detail["game"] + detail["top"] + detail["time"]
        if row.fee != charged - detail["discount"] or not 0 <= detail["discount"] <= charged:
            problems.append(f"seat {row.seat}: fee {row.fee} but its parts are {detail}")
    details = [row.fee_detail for row in rows if row.fee_detail]
    if details and sum(d["top"] for d in details) != session.top_fee:
        problems.append(f"top fees {[d['top'] for d in details]}, the rate's {session.top_fee}")
    if session.points_only and any(row.fee or row.money for row in rows):
        problems.append("money or fees in a points-only session")
    for problem in problems:
        report.findings.append(
            AuditFinding(
                SETTLEMENT_OFF_RATE,
                f"session {session.pk} (fees)",
                problem,
                {"stored": [row.fee_detail for row in rows]},
            )
        )


def _audit_rescore(
    report: AuditReport, session: Session, live: list[HandResult], *, players: list[str]
) -> None:
    payloads = [hand.payload for hand in live]
    try:
        settled = game_replay(session=session, players=players, payloads=payloads)
    except EngineError as error:
        report.findings.append(
            AuditFinding(
                SESSION_REPLAY_REFUSED,
                f"session {session.pk}",
                f"engine {ENGINE_VERSION} refuses the stored hands: {error.message}",
                {
                    "engine_code": error.code.value,
                    "stored_engine_versions": sorted({hand.engine_version for hand in live}),
                    "current_engine_version": ENGINE_VERSION,
                },
            )
        )
        return
    for hand, outcome, state in zip(live, settled.hands, settled.states or (), strict=True):
        if hand.game_state is not None and hand.game_state != state:
            _state_differs(report, session, hand, state)
        # Compared as stored: JSON, key by key (an older engine's result may differ in keys).
        rescored = outcome.to_json()
        if hand.result == rescored:
            continue
        missing = object()  # a key only one side has differs too
        keys = sorted(
            key
            for key in hand.result.keys() | rescored.keys()
            if hand.result.get(key, missing) != rescored.get(key, missing)
        )
        report.findings.append(
            AuditFinding(
                HAND_RESCORE_DIFFERS,
                f"session {session.pk} hand {hand.ordinal} v{hand.version}",
                f"stored result (engine {hand.engine_version}) differs from engine"
                f" {ENGINE_VERSION}'s in: {', '.join(keys)}",
                {
                    "hand": hand.pk,
                    "fields": keys,
                    "stored_engine_version": hand.engine_version,
                    "current_engine_version": ENGINE_VERSION,
                    "stored": {k: hand.result.get(k) for k in keys},
                    "rescored": {k: rescored.get(k) for k in keys},
                },
            )
        )


def _state_differs(
    report: AuditReport, session: Session, hand: HandResult, replayed: dict[str, Any]
) -> None:
    stored = hand.game_state or {}
    keys = sorted(
        key for key in stored.keys() | replayed.keys() if stored.get(key) != replayed.get(key)
    )
    report.findings.append(
        AuditFinding(
            GAME_STATE_DIFFERS,
            f"session {session.pk} hand {hand.ordinal} v{hand.version}",
            f"the stored game state after the hand (the next hand is settled from it) differs"
            f" from the replay of the session from its first hand in: {', '.join(keys)}",
            {
                "hand": hand.pk,
                "fields": keys,
                "stored": {k: stored.get(k) for k in keys},
                "replayed": {k: replayed.get(k) for k in keys},
            },
        )
    )
