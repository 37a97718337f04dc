"""The books: accounts, postings and their entries, balances, and the audit of it all.

Every movement of points, chips or money is one zero-sum posting written by
``postings.posting_create`` (or reversed by ``posting_reverse``), the books' only
writers; ``balances`` and ``player_balances`` read them; ``audit`` re-derives every
figure from the hands and compares. The invariants and why: docs/ledger.md.
"""
