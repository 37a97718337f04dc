"""The words people read: labels of the engine's names, refusal texts, tiles, money, a hand's view.

Small modules that the interfaces (the admin, the console, the scoreboard, the players'
pages, the API's texts) and the reports import; none imports the ledger or the parlor's
models (they sit above, docs/architecture.md "The arrows"). The engine's names come
through its door (engine_door); the Japanese texts are in locale/ja, keyed by msgid.

- ``labels``: the engine's snake_case names (yaku, limits, reasons, options ...) in words.
- ``refusal_text``, ``refusal_records``: an engine refusal said in the user's language.
- ``tile_words``, ``tile_art`` (``tile_glyphs``, ``tile_glyph_build``): tiles as words
  and as pictures.
- ``money``: amounts as the parlor's currency writes them.
- ``hand_view``, ``chip_lines``: a hand as the pages show it (who won what, who paid whom).
"""
