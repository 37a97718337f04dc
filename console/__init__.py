"""The staff's table console: a session's page, hand entry with the engine's preview,
corrections, seat swaps, closing and marking settled, the tile picker.

An interface: each view parses the request, asks the policy (``ledger.admin.roles``),
calls one ledger service and renders. Its pages hang off the session admin
(``console.admin.SessionAdmin``, URLs in ``console.urls``); its forms are in
``console/forms/``, its templates in ``console/templates/console/``, its scripts and
styles in ``console/static/console/``.
"""
