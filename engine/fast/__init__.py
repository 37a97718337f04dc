"""The fast scorer behind ``engine.score`` (see score.py); the reference pipeline is the rest
of the engine, and scores whatever the fast scorer does not take."""

from engine.fast.score import score_fast

__all__ = ["score_fast"]
