"""The ledger's reads (HackSoft selectors): keyword-only, typed, constant query counts."""

from ledger.selectors.balances import (
    Balance,
    Scoreboard,
    ScoreboardRow,
    account_balance,
    player_balance,
    session_balances,
    session_scoreboard,
)
from ledger.selectors.penalties import penalties_for
from ledger.selectors.sessions import (
    SessionAccounts,
    session_accounts,
    session_live_hands,
    session_lock_for_update,
    session_next_ordinal,
    session_seats,
    session_settlement,
)

__all__ = [
    "Balance",
    "Scoreboard",
    "ScoreboardRow",
    "SessionAccounts",
    "account_balance",
    "penalties_for",
    "player_balance",
    "session_accounts",
    "session_balances",
    "session_live_hands",
    "session_lock_for_update",
    "session_next_ordinal",
    "session_scoreboard",
    "session_seats",
    "session_settlement",
]
