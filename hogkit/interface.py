"""A semester's interface: the names, signatures and layout of its ``hog.py``, and its problems.

A course fixes what tests compare: each function's name, its parameters and their defaults, the
problem ids and the style of ``play``. An interface file (``variants/interfaces/NAME.toml``) states
them once; the reference, the skeleton, the question bank, the okpy tests, the grader and the
notebooks all read them from here. It holds:

* ``extends``: another interface this one starts from: its tables (``phases``, ``functions``,
  ``templates``, ``aliases``, ``texts``) gain this file's keys, and its other keys are replaced
  by this file's where given;
* ``goal_name``: the name of the goal constant (``GOAL_SCORE``, ``GOAL``);
* ``play``: ``say`` (``play`` calls a commentary function after each turn and keeps the one it
  returns), ``announce`` (``play`` calls ``say(score0, score1, leader)`` after each turn, keeps the
  leader it returns and prints the message it returns unless that is empty or None) or ``update``
  (``play`` takes an update function that scores each turn);
* ``imports``: the import lines at the top of ``hog.py``;
* ``[phases]``: each phase's number and title;
* ``[functions]``: each function HogKit writes from a template, by key: its signature in the
  course's words (``make_averaged(original_function, total_samples=1000)``), or ``""`` for its
  template's own. A key ``@family:strategy`` is the strategy of the rules of that family, under the
  name the rule gives its strategy: ``"@zero_dice:strategy" = "(score, opponent_score, ...)"``, or
  under a name of the interface's own: ``"brawl_strategy(score, opponent_score, ...)"``;
* ``[templates]``: the template of a key whose template is not of its own name: a name, or a table
  of names by the kind of the rule the key is named after (``{ swap = "swap_strategy", ... }``);
* ``[aliases]``: for a function whose course parameters mean HogKit's in another order, each
  course parameter -> HogKit's name (``[aliases.announce_highest] last_score = "previous_score"``);
* ``[[layout]]``: the parts of ``hog.py`` in order, each a banner, an optional ``note`` (a comment
  after the banner) and its items: keys of ``[functions]``, or ``@family`` for the functions of
  the variant's rules of that family (``@family#N``: of its Nth rule only, as the spec lists them);
* ``[texts]``: output that tests compare and that differs from HogKit's words, by the key a
  template marks it with (``announce_highest = "{gain} point(s)! The most yet for Player {who}"``:
  the placeholders are the template's variables; see :mod:`hogkit.generate.templating`);
* ``experiments``: the strategies ``run_experiments`` compares, in order (calls such as
  ``always_roll(6)``, or items as in the layout);
* ``[[problems]]``: each problem in order: ``id``, ``phase``, ``kind`` (which tests it gets, see
  :mod:`hogkit.problems.specs`), ``title`` (``{rules}`` stands for the titles of the rules it
  teaches), ``functions`` (items, as in the layout), ``teaches`` (rule families, ``family#N`` for
  one rule of a family) and
  ``needs_rules`` (leave the problem out when the variant has no rule it teaches) and
  ``forbidden`` (the kinds of Python syntax node, by their ``ast`` names, that the page does not
  allow in a function: ``{ "@zero_dice" = ["Subscript", "For"] }``; the checker and the grader
  read the function's text for them).

Calls between functions go through :meth:`Interface.call`: a template or a test asks for a call in
HogKit's own parameter names, and gets it in the course's.
"""

from __future__ import annotations

import ast
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from hogkit.errors import SpecError

PLAY_STYLES = ("say", "announce", "update")
TOP_KEYS = {"about", "extends", "goal_name", "play", "imports", "phases", "functions", "templates", "aliases",
            "layout", "problems", "texts", "experiments"}
MERGED_TABLES = ("phases", "functions", "templates", "aliases", "texts")  # an extension's keys join its base's
PROBLEM_KEYS = {"id", "phase", "kind", "title", "functions", "teaches", "needs_rules", "forbidden"}
RULE_NAMED = "_rule_"  # the name of a strategy's signature given without one: its rule names it


@dataclass(frozen=True)
class Param:
    """One parameter: its name and its default as source text (None: required)."""

    name: str
    default: str | None = None


@dataclass(frozen=True)
class Signature:
    """A function's name and parameters, as the course wrote them."""

    name: str
    params: tuple[Param, ...]

    @classmethod
    def parse(cls, text: str) -> Signature:
        """The signature of ``name(a, b=1, *args)`` (raises ValueError if it is not one)."""
        tree = ast.parse(f"def {text.strip()}: pass").body[0]
        assert isinstance(tree, ast.FunctionDef)
        args = tree.args
        defaults = [None] * (len(args.args) - len(args.defaults)) + [ast.unparse(d) for d in args.defaults]
        params = [Param(a.arg, d) for a, d in zip(args.args, defaults, strict=True)]
        if args.vararg is not None:
            params.append(Param("*" + args.vararg.arg))
        return cls(tree.name, tuple(params))

    @property
    def names(self) -> tuple[str, ...]:
        """The parameters' names."""
        return tuple(p.name for p in self.params)

    def text(self) -> str:
        """``name(a, b=1)``."""
        params = (p.name if p.default is None else f"{p.name}={p.default}" for p in self.params)
        return f"{self.name}({', '.join(params)})"

    def renamed(self, name: str) -> Signature:
        """The same parameters under NAME."""
        return Signature(name, self.params)


def bind(course: Signature, canonical: tuple[str, ...], aliases: dict[str, str] | None = None, *,
         by_position: bool = True) -> dict[str, str]:
    """Each of HogKit's CANONICAL parameter names -> the course's parameter that means it: the one
    its ALIASES (course name -> HogKit's) say, else the one of the same name, else (BY_POSITION)
    the next unmatched one in order."""
    matched = {ours: theirs for theirs, ours in (aliases or {}).items() if ours in canonical}
    matched.update({name: name for name in canonical if name in course.names and name not in matched
                    and name not in matched.values()})
    rest = [name for name in course.names if name not in matched.values()] if by_position else []
    for name in canonical:
        if name not in matched and rest:
            matched[name] = rest.pop(0)
    return matched


def render_call(course: Signature, canonical: tuple[str, ...], args: dict[str, str], *,
                keywords: tuple[str, ...] = (), aliases: dict[str, str] | None = None,
                by_position: bool = True) -> str:
    """A call of COURSE given ARGS (canonical name -> source text): positional while the course's
    parameters are given in order, by keyword after a gap or for the canonical names in KEYWORDS.
    Arguments the course's function does not take are left out (BY_POSITION: see :func:`bind`)."""
    meaning = bind(course, canonical, aliases, by_position=by_position)
    given = {meaning[name]: value for name, value in args.items() if name in meaning}
    forced = {meaning[name] for name in keywords if name in meaning}
    parts, positional = [], True
    for param in course.params:
        if param.name not in given:
            positional = False
            continue
        if positional and param.name not in forced:
            parts.append(given[param.name])
        else:
            positional = False
            parts.append(f"{param.name}={given[param.name]}")
    return f"{course.name}({', '.join(parts)})"


def _forbidden(table: object, source: str, key: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A problem's ``forbidden`` table: item -> the kinds of syntax node (``ast`` names) it may not use."""
    if not isinstance(table, dict):
        raise SpecError(source, key, "expected a table", 'e.g. forbidden = { "@zero_dice" = ["List", "For"] }')
    found = []
    for item, kinds in table.items():
        names = _strings(kinds, source, f"{key}.{item}")
        unknown = [name for name in names if not isinstance(getattr(ast, name, None), type)]
        if unknown:
            raise SpecError(source, f"{key}.{item}", f"{unknown[0]!r} is not a kind of Python syntax node",
                            "use the names of the ast module's node classes, such as List, Subscript or For")
        found.append((str(item), names))
    return tuple(found)


@dataclass(frozen=True)
class ProblemEntry:
    """One problem as the interface states it (see the module's docstring)."""

    id: str
    phase: int
    kind: str
    title: str
    functions: tuple[str, ...] = ()
    teaches: tuple[str, ...] = ()
    needs_rules: bool = False
    forbidden: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (item, the node kinds it may not use)


@dataclass(frozen=True)
class Interface:
    """A semester's interface, loaded from its file."""

    name: str
    source: str
    goal_name: str
    play: str
    imports: tuple[str, ...]
    phases: tuple[tuple[int, str], ...]
    functions: dict[str, Signature | None]  # None: the template's own signature
    layout: tuple[tuple[str, tuple[str, ...]], ...]
    problems: tuple[ProblemEntry, ...]
    texts: dict[str, str] = field(default_factory=dict)
    templates: dict[str, str | dict[str, str]] = field(default_factory=dict)
    aliases: dict[str, dict[str, str]] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)  # banner -> the comment after it
    experiments: tuple[str, ...] = ()

    def __hash__(self) -> int:
        return hash((self.name, self.source))

    def signature(self, key: str) -> Signature | None:
        """The course's signature of the function KEY (None: its template's own)."""
        return self.functions[key]

    def phase_title(self, number: int) -> str:
        """The title of phase NUMBER."""
        return dict(self.phases)[number]


def interfaces_dir() -> Path:
    """Where named interfaces live: ``interfaces/`` beside the variants."""
    env = os.environ.get("HOGKIT_VARIANTS")
    base = Path(env) if env else Path(__file__).resolve().parent.parent / "variants"
    return base / "interfaces"


def _strings(value: object, source: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SpecError(source, key, f"expected a list of strings, got {value!r}", 'write ["a", "b"]')
    return tuple(value)


def parse_interface(data: dict, *, name: str, source: str) -> Interface:
    """Validate parsed TOML DATA of an interface."""
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise SpecError(source, unknown[0], "unknown key", f"use only {', '.join(sorted(TOP_KEYS))}")
    play = data.get("play", "say")
    if play not in PLAY_STYLES:
        raise SpecError(source, "play", f"{play!r} is not a style of play", f"use one of {', '.join(PLAY_STYLES)}")
    goal_name = data.get("goal_name", "GOAL_SCORE")
    if not isinstance(goal_name, str) or not goal_name.isidentifier():
        raise SpecError(source, "goal_name", f"{goal_name!r} is not a name", 'e.g. goal_name = "GOAL"')
    phases = data.get("phases", {})
    if not isinstance(phases, dict) or not phases:
        raise SpecError(source, "phases", "missing", 'add [phases] with 1 = "Simulator", ...')
    phase_list = tuple(sorted((int(number), str(title)) for number, title in phases.items()))
    functions: dict[str, Signature] = {}
    for key, text in data.get("functions", {}).items():
        if not isinstance(text, str):
            raise SpecError(source, f"functions.{key}", f"expected a signature, got {text!r}",
                            'write "name(param, other=default)"')
        if not text:
            functions[key] = None
            continue
        try:
            functions[key] = Signature.parse(text if not text.startswith("(") else RULE_NAMED + text)
        except (SyntaxError, AssertionError):
            raise SpecError(source, f"functions.{key}", f"{text!r} is not a signature",
                            'write "name(param, other=default)"') from None
    layout = []
    notes: dict[str, str] = {}
    for number, part in enumerate(data.get("layout", [])):
        if not isinstance(part, dict) or "items" not in part:
            raise SpecError(source, f"layout[{number}]", "expected a banner and items", 'banner = "..."; items = [...]')
        items = _strings(part["items"], source, f"layout[{number}].items")
        for item in items:
            if not item.startswith("@") and item not in functions:
                raise SpecError(source, f"layout[{number}]", f"{item!r} is neither @family nor in [functions]",
                                "add its signature to [functions]")
        layout.append((str(part.get("banner", "")), items))
        if "note" in part:
            notes[str(part.get("banner", ""))] = str(part["note"])
    problems = []
    numbers = dict(phase_list)
    for number, entry in enumerate(data.get("problems", [])):
        key = f"problems[{number}]"
        unknown = sorted(set(entry) - PROBLEM_KEYS)
        if unknown:
            raise SpecError(source, f"{key}.{unknown[0]}", "unknown key", f"use only {', '.join(sorted(PROBLEM_KEYS))}")
        if entry.get("phase") not in numbers:
            raise SpecError(source, f"{key}.phase", f"{entry.get('phase')!r} is not a phase of [phases]",
                            f"use one of {', '.join(map(str, numbers))}")
        for required in ("id", "kind"):
            if not isinstance(entry.get(required), str):
                raise SpecError(source, f"{key}.{required}", "missing", f"give the problem's {required}")
        problems.append(ProblemEntry(entry["id"], entry["phase"], entry["kind"], str(entry.get("title", "")),
                                     _strings(entry.get("functions", []), source, f"{key}.functions"),
                                     _strings(entry.get("teaches", []), source, f"{key}.teaches"),
                                     bool(entry.get("needs_rules", False)),
                                     _forbidden(entry.get("forbidden", {}), source, f"{key}.forbidden")))
    texts = data.get("texts", {})
    templates = data.get("templates", {})
    for key, value in templates.items():
        if key not in functions or not isinstance(value, (str, dict)):
            raise SpecError(source, f"templates.{key}", "expected a key of [functions] and a template name",
                            'e.g. "@zero_dice:strategy" = "bacon_strategy"')
    aliases = data.get("aliases", {})
    for key, table in aliases.items():
        if key not in functions or not isinstance(table, dict):
            raise SpecError(source, f"aliases.{key}", "expected a key of [functions] and a table",
                            'e.g. [aliases.announce_highest] last_score = "previous_score"')
    return Interface(name, source, goal_name, play, _strings(data.get("imports", []), source, "imports"),
                     phase_list, functions, tuple(layout), tuple(problems),
                     {str(k): str(v) for k, v in texts.items()}, dict(templates),
                     {k: {str(a): str(b) for a, b in v.items()} for k, v in aliases.items()}, notes,
                     _strings(data.get("experiments", []), source, "experiments"))


def load_interface(name_or_path: str, *, folder: Path | None = None, source: str) -> Interface:
    """The interface NAME_OR_PATH: a name of :func:`interfaces_dir`, or a .toml path relative to
    FOLDER (the spec's folder). SOURCE names the spec for errors."""
    path = Path(name_or_path)
    if path.suffix == ".toml":
        path = (folder or Path(".")) / path
    else:
        path = interfaces_dir() / f"{name_or_path}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in interfaces_dir().glob("*.toml"))) or "none"
        raise SpecError(source, "interface", f"no interface {name_or_path!r}",
                        f"choose one of {known}, or give the path of a .toml file")
    return parse_interface(_interface_data(path, seen=()), name=path.stem, source=path.name)


def _interface_data(path: Path, *, seen: tuple[Path, ...]) -> dict:
    """The TOML data of the interface at PATH, merged onto the interface it extends."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SpecError(path.name, "(file)", f"not valid TOML ({exc})", "fix the syntax") from None
    base_name = data.pop("extends", None)
    if base_name is None:
        return data
    base_path = Path()
    if isinstance(base_name, str):  # a file beside this one, else one of HogKit's interfaces by name
        file = base_name if base_name.endswith(".toml") else f"{base_name}.toml"
        base_path = path.parent / file if (path.parent / file).is_file() else interfaces_dir() / file
    if not isinstance(base_name, str) or not base_path.is_file() or base_path in seen:
        known = ", ".join(sorted(p.stem for p in interfaces_dir().glob("*.toml")))
        raise SpecError(path.name, "extends", f"cannot extend {base_name!r}",
                        f"name an interface file beside this one or one of {known} (and no circle)")
    merged = _interface_data(base_path, seen=(*seen, path))
    for key, value in data.items():
        if key in MERGED_TABLES and isinstance(value, dict):
            merged[key] = {**merged.get(key, {}), **value}
        else:
            merged[key] = value
    return merged
