"""Turn Python functions (rule functions, template functions) into ``hog.py`` source text.

The answer region of a reference function is written between ``# BEGIN SOLUTION`` and
``# END SOLUTION``; here it becomes ``# BEGIN PROBLEM 3`` / ``# END PROBLEM 3``, and the
function's docstring gains doctests rendered from the rule's examples.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from collections.abc import Callable, Iterable

from hogkit.rules import Example

BEGIN_SOLUTION = "# BEGIN SOLUTION"
END_SOLUTION = "# END SOLUTION"
REGION = re.compile(
    r"^(?P<indent>[ \t]*)# BEGIN PROBLEM (?P<label>[^\n]+)\n.*?^[ \t]*# END PROBLEM (?P=label)[ \t]*$",
    re.M | re.S,
)
STUB = '"*** YOUR CODE HERE ***"'


def doctest_lines(examples: Iterable[Example]) -> list[str]:
    """Doctest lines (``>>> call`` then the expected repr) for EXAMPLES."""
    lines: list[str] = []
    for example in examples:
        lines.append(f">>> {example.call}")
        lines.append(repr(example.expect))
    return lines


def render_function(source: str, *, problem: str | None, doctests: list[str] = ()) -> str:
    """Render one top-level function's SOURCE for hog.py.

    PROBLEM labels its answer regions (None keeps no markers: the code is given to students);
    DOCTESTS are appended to its docstring.
    """
    source = textwrap.dedent(source).rstrip() + "\n"
    tree = ast.parse(source)
    fn = tree.body[0]
    assert isinstance(fn, ast.FunctionDef), "expected one function"
    lines = source.splitlines()
    if doctests:
        doc_node = fn.body[0]
        assert isinstance(doc_node, ast.Expr) and isinstance(doc_node.value, ast.Constant)
        indent = " " * doc_node.col_offset
        doc = inspect.cleandoc(doc_node.value.value)
        body = [indent + line if line else "" for line in doc.splitlines()]
        body += [""] + [indent + line for line in doctests]
        body[0] = indent + '"""' + doc.splitlines()[0]
        body.append(indent + '"""')
        lines = lines[: doc_node.lineno - 1] + body + lines[doc_node.end_lineno :]
    text = "\n".join(lines) + "\n"
    if problem is None:
        text = "\n".join(
            line for line in text.splitlines() if line.strip() not in (BEGIN_SOLUTION, END_SOLUTION)
        ) + "\n"
    else:
        text = text.replace(BEGIN_SOLUTION, f"# BEGIN PROBLEM {problem}")
        text = text.replace(END_SOLUTION, f"# END PROBLEM {problem}")
    return text


def function_source(fn: Callable) -> str:
    """The source text of a function defined at the top level of a module."""
    return textwrap.dedent(inspect.getsource(fn))


def rename(source: str, names: dict[str, str]) -> str:
    """Replace whole-word identifiers in SOURCE according to NAMES."""
    for old, new in names.items():
        if old != new:
            source = re.sub(rf"\b{re.escape(old)}\b", new, source)
    return source


def strip_solutions(text: str) -> str:
    """The student's copy of TEXT: every ``BEGIN PROBLEM``/``END PROBLEM`` region becomes a stub."""

    def stub(match: re.Match) -> str:
        indent, label = match["indent"], match["label"]
        return f"{indent}# BEGIN PROBLEM {label}\n{indent}{STUB}\n{indent}# END PROBLEM {label}"

    return REGION.sub(stub, text)


def answer_regions(text: str) -> dict[str, str]:
    """Map each region label (``3``, ``5a, 5b, 6``) to the code inside its markers."""
    return {m["label"]: m.group(0) for m in REGION.finditer(text)}
