"""construct_check: whether a function of hog.py is written without the constructs a problem forbids
(standard library only).

Some problems ask for a function written without certain kinds of Python: Problem 2 of many
semesters asks for the digits of a score by arithmetic, without strings, lists, indexing or
``for``. A construct is named by its kind of syntax node (``ast`` names: ``List``, ``Subscript``,
``For``, ``Import``, ...), as the course's own construct checks name them. The kit's checker and
the grader both ask this module; it only reads the text of hog.py, never runs it.
"""

import ast
import linecache


def forbidden_uses(source, function, forbidden):
    """Each use of a FORBIDDEN construct (a node kind's name) in the top-level FUNCTION of SOURCE
    (the text of hog.py), as (kind, line) in the order they appear; [] if there is none or no such
    function (a missing function fails its own tests)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function:
            for inner in ast.walk(node):
                kind = type(inner).__name__
                if kind in forbidden and inner is not node:
                    found.append((kind, getattr(inner, 'lineno', node.lineno)))
    return found


def check_source(source, function, forbidden):
    """Print each forbidden construct FUNCTION of SOURCE (hog.py's text) uses; return True when it
    uses none."""
    uses = forbidden_uses(source, function, set(forbidden))
    for kind, line in uses:
        print(f'{function} uses {kind} on line {line}, which this problem does not allow')
    return not uses


def check(source_file, function, forbidden):
    """:func:`check_source` for the file SOURCE_FILE."""
    with open(source_file, encoding='utf-8', errors='replace') as handle:
        return check_source(handle.read(), function, forbidden)


def check_module(module, function, forbidden):
    """:func:`check_source` for the imported MODULE (``hog``), read from the file it came from."""
    return check_source(''.join(linecache.getlines(module.__file__)), function, forbidden)
