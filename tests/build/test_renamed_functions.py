"""A kit whose interface renames functions (examples/spring27: ``always_roll`` is ``roll_always``,
``make_averaged`` is ``averaged``, Boar Brawl's strategy is ``brawl_strategy``, ...) never shows a
student one of them by HogKit's name: not in calc.py's rows or its model, the notebooks, the help of
hog_ui.py, README_ok.md, the problems' texts and hints, nor any other file of the kit. The question
bank (a slow step) is searched in tests/cli/test_spring27.py, in the kit built there."""

from __future__ import annotations

import io
import json
import re
import tokenize
from itertools import pairwise

from hogkit.generate.pipeline import STEPS, render_kit
from hogkit.problem_layout import rules_of
from hogkit.problems.specs import problem_specs
from hogkit.variant import Variant, load_variant
from tests.conftest import ROOT

SPRING27 = ROOT / "examples" / "spring27" / "spring27.toml"


def renamed(variant: Variant) -> dict[str, str]:
    """HogKit's name of each function VARIANT's interface names otherwise -> the interface's name."""
    found = {}
    for key, signature in variant.interface.functions.items():
        family = key[1:].partition(":")[0] if key.startswith("@") else ""
        if signature is None or (family and not rules_of(variant.rules, (family,))):
            continue
        ours = rules_of(variant.rules, (family,))[0].strategy if family else key
        if signature.name not in (ours, "_rule_"):
            found[ours] = signature.name
    return found


def _named(old: str) -> re.Pattern[str]:
    """OLD in words: a name with an underscore as a whole word, a plain word where it is called."""
    return re.compile(rf"(?<!\w){re.escape(old)}\b" + ("" if "_" in old else r"(?=\()"))


def leaks(files: dict[str, str | bytes], names: dict[str, str]) -> list[str]:
    """Where FILES show a function by one of the old NAMES: ``path: the line``. In Python files,
    their words (strings and comments) and any attribute of that name (``hog.always_roll``); a
    string that is the bare name is a key its file looks up, and a file's own names are its own."""
    found = []
    for path, content in files.items():
        if not isinstance(content, str):
            continue
        texts = [content]
        if path.endswith(".py") or path.endswith("/ok"):
            tokens = list(tokenize.generate_tokens(io.StringIO(content).readline))
            texts = [t.string for t in tokens if t.type == tokenize.COMMENT
                     or t.type == tokenize.STRING and t.string.strip("'\"") not in names]
            found += [f"{path}: .{b.string}" for a, b in pairwise(tokens) if a.string == "." and b.string in names]
        elif path.endswith(".ipynb"):
            texts = ["".join(cell["source"]) for cell in json.loads(content)["cells"]]
        for text in texts:
            found += [f"{path}: {line.strip()}" for line in text.splitlines()
                      if any(_named(old).search(line) for old in names)]
    return found


def test_a_kit_shows_its_functions_by_the_interface_names():
    variant = load_variant(SPRING27)
    names = renamed(variant)
    assert names == {"always_roll": "roll_always", "make_averaged": "averaged", "winner": "who_wins",
                     "max_scoring_num_rolls": "best_num_rolls", "boar_strategy": "brawl_strategy"}
    files = render_kit(variant, steps=[step for step in STEPS if step[0] != "question bank"])
    assert leaks(files, names) == []
    assert '"baselines": [["roll_always(4)",4],' in files["student_skeleton/calc_model.json"]
    assert "`roll_always(4)` and the strategies" in files["student_skeleton/README_ok.md"]
    assert "help='watch final_strategy play roll_always(4)'" in files["student_skeleton/hog_ui.py"]
    assert "ready.PLAY['always_roll']" in files["student_skeleton/hog_ui.py"]  # the key it looks up stays
    words = [getattr(spec, key) for spec in problem_specs(variant) for key in ("text", "hint")]
    assert not [text for text in words if any(_named(old).search(text) for old in names)]


def test_the_check_finds_a_name_shown_the_old_way():
    files = {"a/README_ok.md": "meets `always_roll(4)`", "a/calc.py": "x = 1  # see make_averaged\n",
             "a/hog_ui.py": "always = PLAY['always_roll']\nhog.winner(a, b)\nwinner = 3\n",
             "a/n.ipynb": json.dumps({"cells": [{"source": ["hog.winner(s0, s1)"]}]})}
    names = {"always_roll": "roll_always", "make_averaged": "averaged", "winner": "who_wins"}
    assert leaks(files, names) == ["a/README_ok.md: meets `always_roll(4)`", "a/calc.py: # see make_averaged",
                                   "a/hog_ui.py: .winner", "a/n.ipynb: hog.winner(s0, s1)"]
