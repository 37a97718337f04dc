"""The REST API of the parlor's reference data: players, tables, ruleset configurations, rates.

Permissions, errors and pagination are the API's shared plumbing (``api``), so
every endpoint follows the same roles and error shape; see docs/api.md.
"""
