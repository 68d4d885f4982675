"""One-bug copies of a kit's reference: the small slips a student makes, one at a time.

A mutation operator changes one node of an answer region of the reference ``hog.py`` the way a
student's slip would: ``return`` written as ``print``, a ``%`` dropped, a comparison flipped, a
constant one off, two neighbouring arguments swapped, ``and`` for ``or``, ``+`` for ``-``, ``//``
for ``/``, a case of an ``if`` left out. :func:`mutants` lists every such copy (the change and its
place, named stably so that a recorded verdict finds its copy again). The checker's hints are
chosen by them (:mod:`hogkit.generate.diagnoses`: a failing case whose output is what one slip
gives is told that slip), and ``tests/mutants.py`` measures which of them each suite catches.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

REGION = re.compile(r"^[ \t]*# BEGIN PROBLEM (?P<label>[^\n]*)\n(?P<body>.*?)^[ \t]*# END PROBLEM", re.M | re.S)
COMPARE_FLIPS = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=", ast.NotEq: "=="}
ARITH_FLIPS = {ast.Add: "-", ast.Sub: "+", ast.FloorDiv: "/", ast.Mult: "+"}


@dataclass(frozen=True)
class Mutant:
    """One change to the reference: OPERATOR at the NTH place it applies in FUNCTION (a problem
    PROBLEM asks for), turning the text BEFORE into AFTER."""

    function: str
    problem: str
    operator: str
    nth: int
    before: str
    after: str

    @property
    def id(self) -> str:
        """A stable name: function, operator and place."""
        return f"{self.function}:{self.operator}:{self.nth}"

    def apply(self, source: str, start: int, end: int) -> str:
        """SOURCE with the text from START to END replaced by AFTER."""
        return source[:start] + self.after + source[end:]


def _offsets(source: str) -> list[int]:
    """The offset in SOURCE at which each line starts (line 1 first)."""
    starts, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def _span(node: ast.AST, starts: list[int]) -> tuple[int, int]:
    return starts[node.lineno - 1] + node.col_offset, starts[node.end_lineno - 1] + node.end_col_offset


def _text(source: str, starts: list[int], node: ast.AST) -> str | None:
    """The text of NODE in SOURCE (as ast.get_source_segment gives it, without splitting SOURCE again)."""
    if getattr(node, "end_lineno", None) is None:
        return None
    start, end = _span(node, starts)
    return source[start:end]


def _regions(source: str) -> list[tuple[int, int, str]]:
    """The answer regions of SOURCE: (start offset, end offset, id of the first problem of the label:
    ``5a`` is ``05a``)."""
    found = []
    for match in REGION.finditer(source):
        number = match["label"].split(",")[0].strip()
        digits = number.rstrip("abcdefgh")
        found.append((match.start("body"), match.end("body"), f"{int(digits):02d}{number[len(digits):]}"))
    return found


def _changes(node: ast.AST, text: str, source: str, starts: list[int]) -> Iterator[tuple[str, str]]:
    """(operator, new text) for each slip a student could make at NODE, whose text is TEXT."""
    if isinstance(node, ast.Return) and node.value is not None:
        yield "return->print", "print(" + _text(source, starts, node.value) + ")"
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        yield "drop-mod", _text(source, starts, node.left)
    elif isinstance(node, ast.BinOp) and type(node.op) in ARITH_FLIPS:
        left, right = _text(source, starts, node.left), _text(source, starts, node.right)
        if left is not None and right is not None:
            yield f"{type(node.op).__name__.lower()}-flip", f"{left} {ARITH_FLIPS[type(node.op)]} {right}"
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in COMPARE_FLIPS:
        left, right = _text(source, starts, node.left), _text(source, starts, node.comparators[0])
        if left is not None and right is not None:
            yield "compare-flip", f"{left} {COMPARE_FLIPS[type(node.ops[0])]} {right}"
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield "constant+1", repr(node.value + 1)
        if node.value > 0:
            yield "constant-1", repr(node.value - 1)
    elif isinstance(node, ast.Call) and len(node.args) >= 2 and not any(isinstance(a, ast.Starred) for a in node.args):
        for index in range(len(node.args) - 1):  # each two neighbouring arguments
            first, second = (_text(source, starts, a) for a in node.args[index:index + 2])
            if first != second and first is not None and second is not None:
                start, _ = _span(node.args[index], starts)
                _, end = _span(node.args[index + 1], starts)
                head = text[: start - _span(node, starts)[0]]
                tail = text[end - _span(node, starts)[0]:]
                yield "swap-args", f"{head}{second}, {first}{tail}"
    elif isinstance(node, ast.If) and not node.orelse and node.body:
        yield "drop-if", "pass"
    elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
        parts = [_text(source, starts, v) for v in node.values]
        if None not in parts:
            word = "or" if isinstance(node.op, ast.And) else "and"
            yield "and-or", f"{parts[0]} {word} {parts[1]}"


def mutants(source: str, *, owner: dict[str, str] | None = None) -> list[tuple[Mutant, int, int]]:
    """Every one-change copy of SOURCE's answer regions that still compiles: (mutant, start, end),
    the text from START to END being what the mutant changes. OWNER maps a function to the
    problem that asks for it (by default, the problem of the region it is in)."""
    return list(_mutants(source, tuple(sorted((owner or {}).items()))))


@lru_cache(maxsize=8)
def _mutants(source: str, owner_items: tuple[tuple[str, str], ...]) -> tuple[tuple[Mutant, int, int], ...]:
    """:func:`mutants`, worked out once for a source (the bank asks for every problem's)."""
    owner = dict(owner_items)
    tree = ast.parse(source)
    starts = _offsets(source)
    regions = _regions(source)
    found: list[tuple[Mutant, int, int]] = []
    counts: dict[tuple[str, str], int] = {}
    for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
        for node in ast.walk(function):
            if node is function or not hasattr(node, "lineno"):
                continue
            start, end = _span(node, starts)
            region = next((r for r in regions if r[0] <= start and end <= r[1]), None)
            if region is None:
                continue
            text = source[start:end]
            for operator, after in _changes(node, text, source, starts):
                if after == text:
                    continue
                key = (function.name, operator)
                nth = counts.get(key, 0)
                counts[key] = nth + 1
                mutant = Mutant(function.name, owner.get(function.name, region[2]), operator, nth, text, after)
                changed = mutant.apply(source, start, end)
                try:
                    compile(changed, "hog.py", "exec")
                except SyntaxError:
                    continue
                found.append((mutant, start, end))
    return tuple(found)


def mutant_source(source: str, wanted: Mutant) -> str | None:
    """SOURCE with the change WANTED names (None when SOURCE no longer has it as recorded)."""
    for mutant, start, end in mutants(source):
        if mutant.id == wanted.id and mutant.before == wanted.before and mutant.after == wanted.after:
            return mutant.apply(source, start, end)
    return None


__all__ = ["Mutant", "mutant_source", "mutants"]
