"""HogKit's template functions, written once in HogKit's own names, put in a course's words.

A template (``hogkit/templates/*.py``) is a function under its role's name with HogKit's parameter
names. A semester's interface gives the course's signature of each role; here a template becomes
that function of the course: its name and parameters renamed (by name, then by position; the
docstring's capitalised mentions too), its defaults the course's, and every call it makes to
another function of the interface written in that function's course signature (a template may
pass an argument by HogKit's name that only some courses' functions take, such as
``take_turn(0, opponent_score, player_score=score)``: it is left out where the course's function
does not take it).

Output that tests compare is the course's: a template marks the ``print`` of such a message with a
comment ``# text: KEY``, and where the interface's ``[texts]`` gives KEY a message of its own (a
format such as ``"{gain} point(s)! The most yet for Player {who}"``, whose placeholders are the
template's variables), that print and every line of the docstring the template's message printed
are written with the course's message instead.
"""

from __future__ import annotations

import ast
import re
import string

from hogkit.errors import HogkitError
from hogkit.interface import bind
from hogkit.naming import TEXT_MARK, Course, rename_identifiers, template_signature, templates


def _rename_mentions(text: str, names: dict[str, str]) -> str:
    """TEXT with each whole-word capitalised mention of a parameter in NAMES renamed (docstrings)."""
    for old, new in names.items():
        text = re.sub(rf"\b{re.escape(old.upper())}\b", new.upper(), text)
    return text


def course_calls(source: str, course: Course) -> str:
    """SOURCE with each call of a role written in that role's course signature. Calls are read in
    HogKit's own names, once: a call given as another's argument is written first, and the outer
    call is then written around the result."""
    tree = ast.parse(source)
    offsets = [0]
    for line in source.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))

    def span(node: ast.AST) -> tuple[int, int]:
        return offsets[node.lineno - 1] + node.col_offset, offsets[node.end_lineno - 1] + node.end_col_offset

    calls = [node for node in ast.walk(tree) if _role_call(node, course)]

    def text(start: int, end: int) -> str:
        """SOURCE[start:end] with every role call inside it written the course's way."""
        inner = [c for c in calls if start <= span(c)[0] and span(c)[1] <= end and span(c) != (start, end)]
        outermost = [c for c in inner if not any(o is not c and span(o)[0] <= span(c)[0] and span(c)[1] <= span(o)[1]
                                                 for o in inner)]
        out, at = [], start
        for call in sorted(outermost, key=lambda c: span(c)[0]):
            a, b = span(call)
            out += [source[at:a], written(call)]
            at = b
        return "".join(out) + source[at:end]

    def written(node: ast.Call) -> str:
        role, canonical = node.func.id, course.canonical[node.func.id]
        args = {canonical[i]: text(*span(a)) for i, a in enumerate(node.args)}
        args.update({k.arg: text(*span(k.value)) for k in node.keywords if k.arg})
        keywords = tuple(k.arg for k in node.keywords if k.arg and not _ahead(course, role, k.arg, len(node.args)))
        new = course.call(role, args, keywords=keywords)
        kept = text(*span(node))  # the call as written, its arguments' calls rewritten
        return kept if ast.dump(ast.parse(new, mode="eval")) == ast.dump(ast.parse(kept, mode="eval")) else new

    return text(0, len(source))


def _ahead(course: Course, role: str, name: str, positional: int) -> bool:
    """Whether ROLE's course signature puts its parameter of HogKit's NAME before one of the first
    POSITIONAL parameters of HogKit's order: a keyword a template passes only because HogKit's
    order has the parameter later (``take_turn(0, opponent_score, player_score=score)``), which the
    course's call then passes in its place."""
    meaning = course.meaning(role)
    names = course.signatures[role].names
    if name not in meaning:
        return False
    place = names.index(meaning[name])
    return any(names.index(meaning[given]) > place for given in course.canonical[role][:positional]
               if given in meaning)


def _role_call(node: ast.AST, course: Course) -> bool:
    """Whether NODE is a call of one of COURSE's roles that can be written in its signature."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in course.signatures):
        return False
    canonical = course.canonical[node.func.id]
    return (not any(isinstance(a, ast.Starred) for a in node.args) and len(node.args) <= len(canonical)
            and not any(name.startswith("*") for name in canonical))


def print_format(call: ast.Call) -> str:
    """The message a ``print`` of strings and names prints, as a format: ``print(gain, 'point(s)!',
    who)`` -> ``{gain} point(s)! {who}``."""
    parts = []
    for arg in call.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            parts.append(arg.value.replace("{", "{{").replace("}", "}}"))
        elif isinstance(arg, ast.Name):
            parts.append("{" + arg.id + "}")
        else:
            raise HogkitError(f"a marked message prints {ast.unparse(arg)}", "print only strings and names")
    return " ".join(parts)


def print_call(text: str) -> str:
    """A ``print`` of the message TEXT, a format whose placeholders are names: one argument a
    string or a name where each placeholder is set off from the words around it by one space (print
    puts one space between its arguments), else one f-string."""
    args = []
    for literal, name, _, _ in string.Formatter().parse(text):
        if literal.strip():
            args.append(repr(literal.strip()))
        if name:
            args.append(name)
    call = f"print({', '.join(args)})"
    if print_format(ast.parse(call, mode="eval").body) == text:
        return call
    names = [name for _, name, _, _ in string.Formatter().parse(text) if name]
    if not all(name.isidentifier() for name in names):
        raise HogkitError(f"the message {text!r} has a placeholder that is not a name", "use {name} placeholders only")
    return f"print(f{text!r})"


def _message_pattern(text: str) -> re.Pattern:
    """What a line that prints the message TEXT looks like, its placeholders as named groups."""
    pattern, seen = "", set()
    for literal, name, _, _ in string.Formatter().parse(text):
        pattern += re.escape(literal)
        if name:
            pattern += f"(?P={name})" if name in seen else rf"(?P<{name}>\S+?)"
            seen.add(name)
    return re.compile(rf"^(?P<indent>[ \t]*){pattern}$", re.M)


def course_texts(source: str, texts: dict[str, str]) -> str:
    """SOURCE, a template, with each message marked ``# text: KEY`` written as TEXTS[KEY] says
    (its print, and the docstring's lines that show it printed), and the marks taken out."""
    for mark in reversed(list(TEXT_MARK.finditer(source))):
        line_start = source.rindex("\n", 0, mark.start()) + 1
        line = source[line_start:mark.start()]
        call = ast.parse(line.strip(), mode="eval").body
        new_text = texts.get(mark["key"])
        if new_text is None or not (isinstance(call, ast.Call) and ast.unparse(call.func) == "print"):
            source = source[:mark.start()] + source[mark.end():]
            continue
        indent = line[: len(line) - len(line.lstrip())]
        pattern = _message_pattern(print_format(call))
        source = source[:line_start] + indent + print_call(new_text) + source[mark.end():]
        source = pattern.sub(lambda m, text=new_text: m["indent"] + text.format(**m.groupdict()), source)
    return source


def course_function(role: str, course: Course) -> str:
    """The source of template ROLE as the course's function of that role."""
    source = course_texts(templates()[role], course.texts)
    signature = course.signatures[role]
    ours = template_signature(role)
    meaning = bind(signature, ours.names, course.aliases.get(role))
    params = {old: new for old, new in meaning.items() if old != new}
    source = course_calls(source, course)
    header_end = _header_end(source)
    body = source[header_end:]
    decorators = source[:source.index("def ")]
    body = rename_identifiers(body, params)
    body = rename_identifiers(body, course.renames)  # a function passed by name, not called: make_averaged(winner)
    body = _rename_mentions(body, params)
    for old, new in _role_names(course).items():  # a role's name in strings and comments too
        call_only = r"(?=\()" if old.isalpha() and old.islower() else ""  # a plain word ("other") only as a call
        body = re.sub(rf"\b{re.escape(old)}\b{call_only}", new, body)
    header = rename_identifiers(signature.text(), course.renames)  # a default that calls a renamed function
    return f"{decorators}def {header}:{body}"


def _header_end(source: str) -> int:
    """Where the ``def`` line(s) of SOURCE's function end (just after the colon)."""
    tree = ast.parse(source).body[0]
    assert isinstance(tree, ast.FunctionDef)
    first_body = tree.body[0]
    lines = source.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: first_body.lineno - 1])
    return source.rindex(":", 0, offset) + 1


def _role_names(course: Course) -> dict[str, str]:
    """HogKit's names of the roles and constants -> the course's names, where they differ."""
    names = {role: signature.name for role, signature in course.signatures.items()}
    return {old: new for old, new in {**names, **course.constants}.items() if old != new}
