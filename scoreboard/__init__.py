"""The parlor's scoreboard screen: every open table, its seats and last hand, no money.

``views`` serves the page (``/scoreboard/{token}/``, no login: the secret link is the
key), ``selectors`` reads the open tables (``parlor_scoreboard``) and the link,
``services`` makes and rotates the link, ``admin`` lets a manager do so. The screen
polls the API's JSON (``api.scoreboard``); ``static/scoreboard/scoreboard.js`` draws it.
The link's model (``ScoreboardLink``) is the ledger's, beside the parlor it belongs to.
"""
