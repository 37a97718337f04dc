"""``python -m engine game FILE``: settle one game (JSON) and print the settlement.

Exit status: 0 when the game settled, 1 when it did not (the printed JSON
carries the error), 2 when FILE cannot be read. FILE ``-`` reads stdin.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.errors import ErrorCode
from engine.game.settle import settle_game


def game_command(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as err:
        print(f"engine game: cannot read {path}: {err}", file=sys.stderr)
        return 2
    result: dict[str, Any]
    try:
        game = json.loads(text)
    except ValueError as err:
        message = f"bad_json: {path} is not valid JSON: {err}"
        result = {"id": None, "ok": False,
                  "error": {"code": ErrorCode.BAD_GAME.value, "message": message}}
    else:
        result = settle_game(game)
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0 if result["ok"] else 1
