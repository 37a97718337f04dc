"""The REST API of the books' reads: balances, statement lines, settlements, and ``me``.

``postings`` renders postings and their legs (the hands and corrections that
play answers show them too); ``serializers``, ``filters`` and ``views`` are
the reads' own.
"""
