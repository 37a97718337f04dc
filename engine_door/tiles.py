"""Tiles as the engine names them (mpsz: ``1m`` ... ``7z``, ``0m`` a red five).

``parse_tiles`` reads an mpsz string (raising ``EngineError`` when it does not parse),
``tile_name`` names a tile code; a configured ruleset's ``tiles`` is a ``TileSet``.
"""

from engine.tiles import RED_CODE_OF_SUIT, SUITS, TileSet, parse_tiles, tile_name

__all__ = ["RED_CODE_OF_SUIT", "SUITS", "TileSet", "parse_tiles", "tile_name"]
