"""Play: a session at a table, from opening to its last hand.

``sessions.session_open`` seats the players; ``hands.hand_record`` (and
``hand_preview``, the same path without writing) scores a hand through
``games`` (the ledger's one caller of the engine's door) and posts it;
``corrections`` voids or amends a hand, ``penalties`` records chonbo and dead
hands, ``seat_swaps`` fixes a seating mistake, ``rescoring`` replays stored hands
after an engine change. Reads: ``session_selectors``, ``listings``, ``game_end``.
"""
