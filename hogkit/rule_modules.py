"""Rule modules kept beside a spec: loaded from their files and checked before any rule is used.

A spec names them with ``rule_modules = ["my_rules.py"]``. Each file is an ordinary Python module
that defines :class:`hogkit.rules.Rule` values (and any :class:`hogkit.rules.Family` of its own);
loading it registers them, so the spec's ``rules`` list can name them like HogKit's own. A module
that cannot be used is refused with one line naming the file and what is wrong: it does not load,
it defines no rule, or a rule's hook is missing or takes a parameter the engine cannot give. The
module is imported in a child process under limits first (:mod:`hogkit.instructor`).
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType

from hogkit.errors import SpecError
from hogkit.instructor import check_import, in_child
from hogkit.rules import FAMILIES, QUANTITIES, RULES, Family, Rule, register, unregister
from hogkit.shipped.dice import four_sided, make_test_dice, six_sided

# The names a worked example may use besides the rule's own functions.
EXAMPLE_NAMES = {"make_test_dice": make_test_dice, "six_sided": six_sided, "four_sided": four_sided}


SPEC_MODULE_PREFIX = "hogkit_spec_rules_"  # the module name of a rule module beside a spec


def _module_name(path: Path) -> str:
    return f"{SPEC_MODULE_PREFIX}{abs(hash(str(path)))}_{path.stem}"


def _import(path: Path, source: str, key: str) -> ModuleType:
    name = _module_name(path)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SpecError(source, key, f"{path.name} is not a Python module", "give a .py file")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - any failure of the instructor's module is one line
        raise SpecError(source, key, f"{path.name} does not load ({type(exc).__name__}: {exc})",
                        "fix the module so that `python3 " + path.name + "` runs") from None
    sys.modules[name] = module
    return module


def check_rule(rule: Rule, *, origin: str, source: str, key: str) -> None:
    """Refuse RULE when its hook cannot be called by the engine (its examples run in the spec's
    check, :mod:`hogkit.generate.spec_check`, under limits)."""
    if not callable(rule.hook):
        raise SpecError(source, key, f"{origin}: rule {rule.id!r} has no hook function",
                        "set hook= to the function the engine calls")
    allowed = set(QUANTITIES) | {m.argument for m in rule.memory} | {m.opponent_argument for m in rule.memory}
    renamed = dict(rule.inputs)
    for name in inspect.signature(rule.hook).parameters:
        if renamed.get(name, name) not in allowed:
            raise SpecError(source, key, f"{origin}: the hook {rule.hook_name} of rule {rule.id!r} takes {name!r}, "
                            "which the engine cannot give",
                            f"name it after one of {', '.join(QUANTITIES)} or a memory, or map it in inputs= "
                            "(each die is read by the roll rule, through dice; the turn number is a Memory with "
                            "update='count')")


def _drop_other_spec(rule_id: str, *, ours: list[ModuleType]) -> None:
    """Take away the rules of the module beside another spec that registered RULE_ID (the last spec
    loaded names its own rules; a Variant loaded before keeps the rules it was made with). A module
    of this spec, in OURS, keeps them: two modules of one spec may not define one rule."""
    held = RULES.get(rule_id)
    module = sys.modules.get(held.hook.__module__) if held is not None else None
    if module is not None and module.__name__.startswith(SPEC_MODULE_PREFIX) and module not in ours:
        unregister(module)


def load_rule_modules(files: list[str], *, folder: Path, source: str) -> list[ModuleType]:
    """Load and register the rule modules FILES (paths relative to FOLDER, the spec's folder)."""
    loaded = []
    for number, given in enumerate(files):
        key = f"rule_modules[{number}]"
        path = (folder / given).resolve()
        if not path.is_file():
            raise SpecError(source, key, f"no file {given!r} beside the spec", "give the path of a .py file")
        if _module_name(path) not in sys.modules and not in_child():  # the instructor's code runs in a child first
            problem = check_import(path)
            if problem:
                raise SpecError(source, key, problem, f"fix the module so that `python3 {path.name}` runs")
        module = _import(path, source, key)
        rules = [value for value in vars(module).values() if isinstance(value, Rule)]
        families = [value for value in vars(module).values() if isinstance(value, Family)]
        if not rules:
            raise SpecError(source, key, f"{path.name} defines no Rule", "define at least one hogkit.rules.Rule")
        for rule in rules:
            _drop_other_spec(rule.id, ours=loaded)
            if RULES.get(rule.id, rule) is not rule:
                raise SpecError(source, key, f"{path.name}: a rule {rule.id!r} exists already", "give it another id")
            known = {family.name for family in families} | set(FAMILIES)
            if rule.family not in known:
                raise SpecError(source, key, f"{path.name}: rule {rule.id!r} is of the unknown family {rule.family!r}",
                                f"use one of {', '.join(FAMILIES)} or declare a Family in the module")
            check_rule(rule, origin=path.name, source=source, key=key)
        try:
            register(module)
        except ValueError as exc:
            raise SpecError(source, key, f"{path.name}: {exc}", "fix the module") from None
        loaded.append(module)
    return loaded
