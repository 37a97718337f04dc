"""The REST API of the parlor's reference data: players, tables, ruleset configurations, rates.

Permissions, errors and pagination are the ledger API's (``ledger.api``), so
every endpoint follows the same roles and error shape; see docs/api.md.
"""
