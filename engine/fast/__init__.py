"""The fast scorer behind ``engine.score`` (see score.py); the reference pipeline is the rest
of the engine, and scores whatever the fast scorer does not take.

Its four modules may be compiled by mypyc (setup.py; docs/engine-speed.md): same answers,
about twice as fast. The interpreted sources are used instead, with the same results, when
ENGINE_PURE is set (to test or debug them), when a compiled module is older than its source
(an edit not rebuilt yet: a warning says so) or when the compiled modules do not load.
``COMPILED`` says which ones answer.
"""

from __future__ import annotations

import os
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import module_from_spec, spec_from_file_location

_MODULES = ("tables", "plan", "parts", "arrange", "gari", "render", "score")  # import order
_HERE = os.path.dirname(os.path.abspath(__file__))


def _stale() -> str | None:
    for name in _MODULES:
        source = os.path.join(_HERE, f"{name}.py")
        for suffix in EXTENSION_SUFFIXES:
            built = os.path.join(_HERE, name + suffix)
            if os.path.exists(built) and os.path.getmtime(built) < os.path.getmtime(source):
                return f"{name + suffix} is older than {name}.py"
    return None


def _load_sources() -> None:
    """Import the four modules from their .py files, whatever else lies beside them."""
    for name in _MODULES:
        sys.modules.pop(f"{__name__}.{name}", None)
    for name in _MODULES:
        spec = spec_from_file_location(f"{__name__}.{name}", os.path.join(_HERE, f"{name}.py"))
        assert spec is not None and spec.loader is not None
        module = module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        setattr(sys.modules[__name__], name, module)


def _choose() -> None:
    if os.environ.get("ENGINE_PURE"):
        _load_sources()
        return
    why = _stale()
    if why is None:
        try:
            from engine.fast import score  # noqa: F401 - compiled when built, else the source
        except ImportError as error:  # a broken build: a module or the shared library missing
            why = f"the compiled modules do not load ({error})"
        else:
            return
    warnings.warn(f"engine.fast: {why}; using the interpreted sources (rebuild: "
                  "make install)", RuntimeWarning, stacklevel=3)
    _load_sources()


_choose()

from engine.fast.score import COMPILED, score_fast  # noqa: E402 - after the choice above

__all__ = ["COMPILED", "score_fast"]
