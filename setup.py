"""The fast scorer (engine/fast) compiled with mypyc when it can be, pure Python otherwise.

Everything else about the package is in pyproject.toml; this file only adds the optional
extension modules. ENGINE_BUILD chooses:

- ``auto`` (the default): compile when mypyc and a C compiler are there; otherwise, or when
  any module fails to build, install engine/fast as pure Python (same answers, slower);
- ``pure``: never compile (CI's pure-Python job, or to debug engine/fast in the interpreter);
- ``compiled``: compile or fail the install (CI's compiled job: no silent fallback).

``python -c "import engine.fast; print(engine.fast.COMPILED)"`` says which one is installed,
and ``python -m engine.bench`` prints it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

FAST = ["engine/fast/tables.py", "engine/fast/plan.py", "engine/fast/parts.py",
        "engine/fast/arrange.py", "engine/fast/gari.py", "engine/fast/render.py",
        "engine/fast/score.py"]
MODE = os.environ.get("ENGINE_BUILD", "auto")


def _say(message: str) -> None:
    print(f"engine.fast: {message}", file=sys.stderr)


def _extensions() -> list[Any]:
    if MODE == "pure":
        _say("ENGINE_BUILD=pure: pure Python")
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify(["--config-file=engine/fast/mypyc.ini", *FAST], opt_level="3",
                              group_name="engine_fast")
    except Exception as error:  # noqa: BLE001 - no mypyc, or it refuses the code
        if MODE == "compiled":
            raise
        _say(f"not compiled ({type(error).__name__}: {error}); pure Python")
        return []
    for extension in extensions:
        extension.optional = MODE != "compiled"  # a compiler error skips it, see below
    return extensions


class AllOrNothing(build_ext):
    """Optional extensions skip only themselves on a compiler error; the modules compiled
    together need each other (and their shared library), so one missing means none: remove
    the others and leave engine/fast pure."""

    def run(self) -> None:
        super().run()
        built = [self.get_ext_fullpath(extension.name) for extension in self.extensions]
        if built and not all(os.path.exists(path) for path in built):
            for path in built:
                if os.path.exists(path):
                    os.remove(path)
            _say("a module failed to compile; pure Python")


setup(ext_modules=_extensions(), cmdclass={"build_ext": AllOrNothing})
