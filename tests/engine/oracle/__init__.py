"""Differential test of the engine against the `mahjong` package (docs/engine-oracle.md)."""
