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
    NextHand,
    SessionAccounts,
    session_accounts,
    session_live_hands,
    session_live_payloads,
    session_lock_for_update,
    session_locked,
    session_next_hand,
    session_next_ordinal,
    session_seats,
    session_settlement,
)
from ledger.selectors.settlements import (
    business_days_with_games,
    live_settlements,
    only_live,
    only_superseded,
    settlement_is_live,
    superseded_settlements,
)

__all__ = [
    "Balance",
    "NextHand",
    "Scoreboard",
    "ScoreboardRow",
    "SessionAccounts",
    "account_balance",
    "business_days_with_games",
    "live_settlements",
    "only_live",
    "only_superseded",
    "settlement_is_live",
    "superseded_settlements",
    "penalties_for",
    "player_balance",
    "session_accounts",
    "session_balances",
    "session_live_hands",
    "session_live_payloads",
    "session_lock_for_update",
    "session_locked",
    "session_next_hand",
    "session_next_ordinal",
    "session_scoreboard",
    "session_seats",
    "session_settlement",
]
