"""Python source run as a fresh module, with the shipped ``dice`` and ``ucb`` importable.

The reference ``hog.py`` imports ``dice`` and ``ucb`` by their plain names, as a student's copy
does in the kit's folder; here they are the very files the kit ships (:mod:`hogkit.shipped`).
"""

from __future__ import annotations

import linecache
import sys
import types

from hogkit.shipped import dice, ucb

SHIPPED_MODULES = {"dice": dice, "ucb": ucb}


def load_source_module(name: str, source: str) -> types.ModuleType:
    """Execute SOURCE as a fresh module called NAME, with the kit's ``dice`` and ``ucb`` importable."""
    module = types.ModuleType(name)
    module.__file__ = f"<{name}>"
    # Its text stays readable as a file's would (tracebacks, inspect, construct_check).
    linecache.cache[module.__file__] = (len(source), None, source.splitlines(keepends=True), module.__file__)
    saved = {key: sys.modules.get(key) for key in SHIPPED_MODULES}
    sys.modules.update(SHIPPED_MODULES)
    try:
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    finally:
        for key, value in saved.items():
            if value is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = value
    return module
