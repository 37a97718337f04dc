"""What the two engines are compared on, and how a disagreement is reported.

Both answers are reduced to the spec's output fields that the package can
speak to: han, fu, yakuman multiples, limit, payment, total and the yaku with
their values (`ura_dora` apart from `dora`: mahjong 2.x counts ura dora
itself). For a yakuman hand han and fu are not meaningful and are not compared.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

COMPARED = ("han", "fu", "yakuman", "limit", "payment", "total")


def comparable(result: dict[str, Any]) -> dict[str, Any]:
    if not result["ok"]:
        return {"error": result["error"]["code"]}
    view = {key: result[key] for key in COMPARED}
    yaku: Counter[str] = Counter()
    for entry in result["yaku"]:
        name = entry["name"]
        yaku[name + (" (yakuman)" if "yakuman" in entry else "")] += (
            entry["yakuman"] if "yakuman" in entry else entry["han"]
        )
    view["yaku"] = dict(sorted(yaku.items()))
    return view


def differences(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """Field -> (engine, package) for every compared field that differs."""
    a, b = comparable(ours), comparable(theirs)
    return {k: (a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)}


def report(record: dict[str, Any], diff: dict[str, tuple[Any, Any]]) -> str:
    lines = [json.dumps(record, separators=(",", ":"))]
    lines += [f"    {k}: engine {a!r} / mahjong {b!r}" for k, (a, b) in diff.items()]
    return "\n".join(lines)
