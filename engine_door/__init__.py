"""The one door to the engine: everything outside ``engine/`` reaches the engine through here.

The engine (``engine/``) is a pure library with no Django; the ledger, the parlor's
forms and every interface ask it through these modules, which name exactly what the
rest of the project uses, typed:

- ``engine_door.games``: settle a game (a session's hands, from its first hand or on
  from a stored game state) into typed results: recording a hand, its preview,
  corrections, the close and the audit all call ``settle``, once each; a
  configuration's game rules (players, starting points, winds).
- ``engine_door.results``: the typed results (``HandOutcome``, ``Transfer``,
  ``SettledGame`` ...), built by the engine itself, never re-read from its JSON;
  ``HandOutcome.from_json`` reads back a stored result.
- ``engine_door.rescoring``: one stored hand re-scored alone (``rescore_hand``).
- ``engine_door.rulesets``: the rulesets, their options (the schema the ruleset forms
  read) and their validation.
- ``engine_door.errors``: the engine's refusal (``EngineError``) and where it is.
- ``engine_door.vocabulary`` and ``engine_door.tiles``: the input's words (hand kinds,
  meld kinds, causes) and the tiles (names, parsing, a ruleset's tile set).

The package imports nothing of Django or of the project's apps: it sits below them all
(docs/architecture.md, "The arrows").
"""

from engine import __version__ as ENGINE_VERSION

__all__ = ["ENGINE_VERSION"]
