"""Settling: closing a session into settlements, standings, fees and the close jobs.

``closing.session_close_once`` (run by the close job of ``queue``) replays the
session's hands once, posts the game end and the fees (``fees``), and writes one
Settlement and Standing row per seat (``settlements``, ``standings``);
``events.session_closed`` tells the players' statistics. Reads:
``settlement_selectors``, ``standing_selectors``, ``closing_selectors``,
``fee_selectors``; ``stale_jobs`` and ``worker_presence`` watch the job queue.
"""
