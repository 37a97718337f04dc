"""Rulesets: registry, options and the built-in rulesets (see base.py for the seam)."""

from engine.rulesets.base import Ruleset, dora_successors
from engine.rulesets.options import Option
from engine.rulesets.penalties import penalty_causes
from engine.rulesets.registry import available, configure, describe, get, register

__all__ = [
    "Option",
    "Ruleset",
    "available",
    "configure",
    "describe",
    "dora_successors",
    "get",
    "penalty_causes",
    "register",
]
