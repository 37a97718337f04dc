"""Hand evaluation: context, decomposition, waits, fu, limits, payments.

The pipeline, each step a plain function a ruleset can reuse or wrap:
``build_context`` (context.py) -> ``find_arrangements`` / ``yaku_hits`` /
``evaluate`` (evaluate.py) -> ``Ruleset.valuate`` (valuation.py) ->
``Ruleset.pay`` (payment.py) -> ``render`` (engine/result.py).
"""
