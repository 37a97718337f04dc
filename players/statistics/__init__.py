"""The players' statistics and ratings (issue 35): derived from the books, never money.

What goes here: per player, parlor, ruleset configuration and period, the numbers
computed from the live hands (placements, win and deal-in rates, riichi, tenpai at
draws, yaku and han, chips per game), the rating (tenhou's R; OpenSkill as an
option), their selectors (one per view) and the command that rebuilds them from the
books. Rows kept here are derived data: rebuildable at any time from the ledger's
hands and settlements, which stay the only source of truth. The players' pages
(``players.pages``), the standings and the API (``api.players``) read them.
"""
