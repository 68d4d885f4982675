"""How a kit names its functions: HogKit's templates, their roles and the course's words for them.

HogKit writes the functions no rule owns from templates (``hogkit/templates/*.py``), each a
function under its role's name with HogKit's own parameter names; ``take_turn``, ``play`` and a
few others it generates (:data:`GENERATED` gives their parameters in HogKit's names). A
semester's interface gives the course's signature of each role. :func:`kit_course` puts both
together for a variant: the :class:`Course` the build writes hog.py in, and the tests call it by.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
import tokenize
from dataclasses import dataclass, field
from functools import cache
from io import StringIO
from pathlib import Path

from hogkit.errors import HogkitError
from hogkit.interface import RULE_NAMED, Signature, bind, render_call
from hogkit.problem_layout import rules_of
from hogkit.variant import Variant

TEMPLATES = Path(__file__).resolve().parent / "templates"
# The comment that marks the print of a message a course words its own way (see hogkit.generate.templating).
TEXT_MARK = re.compile(r"[ \t]*# text: (?P<key>\w+)[ \t]*$", re.M)
TEMPLATE_FILES = ("game.py", "commentary.py", "strategies.py", "leader_commentary.py", "gain_rules.py",
                  "written.py", "extra_turns.py")

# HogKit's names of the parameters of the functions generated here (see hogkit.generate.templating):
# a course's signature of each is matched with them by name, then by position.
GENERATED = {
    "take_turn": ("num_rolls", "opponent_score", "dice", "player_score", "goal"),
    "play": ("strategy0", "strategy1", "score0", "score1", "dice", "goal", "say", "update"),
    "final_strategy": ("score", "opponent_score"),
    "run_experiments": (),
    "rules_update": ("num_rolls", "player_score", "opponent_score", "dice"),
    "extra_turn": ("player_score", "opponent_score"),
    "post_turn_hook": ("player_score", "opponent_score", "num_rolls"),  # num_rolls: a strategy's zero dice
    "rules_gain": ("player_score", "opponent_score", "num_rolls"),
}



@cache
def template_functions(module_file: str) -> dict[str, str]:
    """Source of every top-level function (with its decorators) in a template module file."""
    text = Path(module_file).read_text(encoding="utf-8")
    lines = text.splitlines()
    found: dict[str, str] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            end = node.end_lineno
            # Trailing indented comments (an ``# END SOLUTION``) belong to the function too.
            while end < len(lines) and lines[end].startswith((" ", "\t")) and lines[end].strip().startswith("#"):
                end += 1
            found[node.name] = "\n".join(lines[start - 1 : end]) + "\n"
    return found


@cache
def templates() -> dict[str, str]:
    """Every template function's source, by its name (its role)."""
    found: dict[str, str] = {}
    for name in TEMPLATE_FILES:
        found.update(template_functions(str(TEMPLATES / name)))
    return found


def source_signature(source: str) -> Signature:
    """The signature of the function whose source is SOURCE."""
    tree = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(tree, ast.FunctionDef)
    tree.decorator_list = []
    return Signature.parse(ast.unparse(tree).split("def ", 1)[1].split(":\n", 1)[0])


def template_signature(name: str) -> Signature:
    """The signature of template NAME, in HogKit's names."""
    return source_signature(templates()[name])


@dataclass(frozen=True)
class Course:
    """How a kit names things: each role (a template's name, or a generated function's) -> its
    course signature, HogKit's parameter names for it, and the course's aliases of them."""

    signatures: dict[str, Signature]
    canonical: dict[str, tuple[str, ...]]
    aliases: dict[str, dict[str, str]]
    constants: dict[str, str]  # HogKit's names of module constants -> the course's (GOAL_SCORE -> GOAL)
    texts: dict[str, str] = field(default_factory=dict)  # the interface's [texts]: output in the course's words
    renames: dict[str, str] = field(default_factory=dict)  # HogKit's names of functions the course renames (below)
    # Roles whose signature is a rule's own hook: its parameters mean what their names (or the
    # rule's inputs=) say, never what their place says (a memory is not the strategy's num_rolls).
    by_name: frozenset[str] = frozenset()

    def meaning(self, role: str) -> dict[str, str]:
        """HogKit's name of each parameter of ROLE -> the course's parameter that means it."""
        return bind(self.signatures[role], self.canonical[role], self.aliases.get(role),
                    by_position=role not in self.by_name)

    def call(self, role: str, args: dict[str, str], *, keywords: tuple[str, ...] = ()) -> str:
        """A call of ROLE in the course's signature, given ARGS by canonical name."""
        return render_call(self.signatures[role], self.canonical[role], args, keywords=keywords,
                           aliases=self.aliases.get(role), by_position=role not in self.by_name)


def template_of(variant: Variant, key: str) -> str | None:
    """The template that writes the interface's function KEY, or None for a generated one."""
    chosen = variant.interface.templates.get(key)
    if isinstance(chosen, dict):
        family = key[1:].partition(":")[0]
        return chosen[rules_of(variant.rules, (family,))[0].kind]
    if chosen is not None:
        return chosen
    return key if key in templates() else None


def course_signature(variant: Variant, key: str) -> Signature:
    """The course's signature of the interface's function KEY (named by its rule for ``@family:...``)."""
    signature = variant.interface.signature(key)
    if signature is None:
        signature = template_signature(template_of(variant, key))
    if key.startswith("@") and (variant.interface.signature(key) is None
                                or variant.interface.signature(key).name == RULE_NAMED):
        family = key[1:].partition(":")[0]
        return signature.renamed(rules_of(variant.rules, (family,))[0].strategy)
    return signature


def course_name(variant: Variant, key: str) -> str:
    """The course's name of the interface's function KEY (``other`` is sp21's ``next_player``), or
    KEY itself where the interface has no such function."""
    return course_signature(variant, key).name if key in variant.interface.functions else key


def course_params(variant: Variant, role: str) -> dict[str, str]:
    """HogKit's name of each parameter of ROLE -> the course's name for it in VARIANT's kit."""
    return kit_course(variant).meaning(role)


@cache
def kit_course(variant: Variant) -> Course:
    """How VARIANT's kit names its functions: every role of its interface, by template or generated name."""
    signatures, canonical, aliases = {}, {}, {}
    for key in variant.interface.functions:
        if key.startswith("@") and not rules_of(variant.rules, (key[1:].partition(":")[0],)):
            continue
        template = template_of(variant, key)
        chosen = variant.interface.templates.get(key)
        # Every template a key may take answers to it: a template naming the post-turn strategy
        # by one of them means this kit's.
        for role in {template or key, *(chosen.values() if isinstance(chosen, dict) else ())}:
            signatures[role] = course_signature(variant, key)
            canonical[role] = template_signature(role).names if role in templates() else GENERATED[key]
            aliases[role] = variant.interface.aliases.get(key, {})
    for rule in variant.rules:  # the rules' functions that templates call by a role, unless the interface names one
        for role, name in rule.roles:
            if role in signatures:
                continue
            function = next(fn for fn in rule.functions if fn.__name__ == name)
            signatures[role] = source_signature(inspect.getsource(function))
            canonical[role] = GENERATED[role]
    posts = rules_of(variant.rules, ("post_turn",))
    if posts and variant.interface.play != "update":  # the hook that play calls, written in hog.py
        signatures["post_turn_hook"] = source_signature(inspect.getsource(posts[0].hook))
        canonical["post_turn_hook"] = GENERATED["post_turn_hook"]
        aliases["post_turn_hook"] = dict(posts[0].inputs)
    marked = {mark["key"] for source in templates().values() for mark in TEXT_MARK.finditer(source)}
    unknown = sorted(set(variant.interface.texts) - marked)
    if unknown:
        raise HogkitError(f"interface {variant.interface.name}: no template prints a message {unknown[0]!r}",
                          f"use one of {', '.join(sorted(marked))} in [texts]")
    return Course(signatures, canonical, aliases, {"GOAL_SCORE": variant.interface.goal_name},
                  dict(variant.interface.texts), course_renames(variant),
                  frozenset({"post_turn_hook"} & set(signatures)))


def rename_identifiers(source: str, names: dict[str, str]) -> str:
    """SOURCE with each identifier token in NAMES renamed (strings and comments untouched)."""
    if not names:
        return source
    spans = [(start, end, names[token.string]) for start, end, token in _tokens(source)
             if token.type == tokenize.NAME and token.string in names]
    for start, end, new in reversed(spans):
        source = source[:start] + new + source[end:]
    return source


def _tokens(source: str) -> list[tuple[int, int, tokenize.TokenInfo]]:
    """Each token of the Python SOURCE, with where it starts and ends in SOURCE."""
    offsets = [0]
    for line in source.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    return [(offsets[t.start[0] - 1] + t.start[1], offsets[t.end[0] - 1] + t.end[1], t)
            for t in tokenize.generate_tokens(StringIO(source).readline)]


def course_renames(variant: Variant) -> dict[str, str]:
    """HogKit's name of each function of VARIANT's kit that the course names otherwise -> the
    course's name (``make_averaged`` -> ``averaged``): what a test written in HogKit's names calls."""
    names = {key: course_signature(variant, key).name for key in variant.interface.functions if not key.startswith("@")}
    return {key: name for key, name in names.items() if key != name}


def rename_words(text: str, names: dict[str, str]) -> str:
    """TEXT (words for people) with each function in NAMES called by its new name: a name with an
    underscore wherever it stands as a whole word, a plain word only where it is called."""
    for old, new in names.items():
        call_only = r"(?=\()" if old.isalpha() else ""
        text = re.sub(rf"(?<![\w.])\b{re.escape(old)}\b{call_only}", new, text)
    return text


def rename_calls_in_prose(source: str, names: dict[str, str]) -> str:
    """Python SOURCE (a file shipped as it is) with each function in NAMES renamed where its
    strings and comments show it called (``always_roll(4)``); its code, and a name standing alone
    in a string (a key the file looks up), are left as they are."""
    if not names:
        return source
    called = re.compile(rf"(?<![\w.])({'|'.join(map(re.escape, names))})(?=\()")
    spans = [(start, end) for start, end, token in _tokens(source) if token.type in (tokenize.STRING, tokenize.COMMENT)]
    for start, end in reversed(spans):
        source = source[:start] + called.sub(lambda m: names[m.group(1)], source[start:end]) + source[end:]
    return source
