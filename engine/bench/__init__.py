"""Benchmarks of the engine, with the `mahjong` package as the optional peer.

``python -m engine.bench`` times ``engine.score`` against the peer on one
corpus; ``--stream N`` measures the command line's memory on N records.
``corpus`` builds seeded random winning hands; ``peer`` adapts a hand record
to the `mahjong` package (also the differential test's oracle).
"""
