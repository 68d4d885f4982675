"""Shared fixtures: variants by name, their reference modules, the repository root."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from hogkit.exact import fits_fast_layout
from hogkit.exact.general import general_model
from hogkit.generate.bank import build_bank
from hogkit.generate.reference import reference_hog
from hogkit.generate.source import REGION
from hogkit.naming import kit_course
from hogkit.variant import load_variant, variant_names

ROOT = Path(__file__).resolve().parent.parent
MIXED_SPEC = ROOT / "tests" / "data" / "mixed.toml"
KERNEL = "hogkit-test"  # the Jupyter kernel the notebook tests run: this very Python
SEED_VARIANTS = ["fa19", "sp18", "su18", "fa17", "pig-tail"]
ALL_SPECS = [*SEED_VARIANTS, str(MIXED_SPEC)]
# The semesters taught with their course's own interface, beyond the seeds.
SEMESTERS = [name for name in variant_names() if name not in SEED_VARIANTS]
# The same, marked slow: tests that cover every seed in `make test` and every semester in `make test-all`.
SLOW_SEMESTERS = [pytest.param(name, marks=pytest.mark.slow) for name in SEMESTERS]
def pytest_report_header(config):
    return f"hogkit variants: {', '.join(variant_names())}"


@pytest.fixture(params=ALL_SPECS, ids=lambda s: Path(s).stem)
def any_variant(request):
    """Each seed variant and the mixed spec."""
    return load_variant(request.param)


@pytest.fixture
def fa19():
    return load_variant("fa19")


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    """The Jupyter kernel KERNEL, which runs this very Python, found through JUPYTER_PATH; yields its name."""
    root = tmp_path_factory.mktemp("jupyter")
    spec = root / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "HogKit test", "language": "python",
    }))
    mp = pytest.MonkeyPatch()
    mp.setenv("JUPYTER_PATH", str(root))
    yield KERNEL
    mp.undo()


def completed_kit(kit: Path, dest: Path) -> Path:
    """DEST: a copy of KIT's student folder in which the student has written every answer (the
    reference hog.py and hog_contest.py), as a student's finished folder would be."""
    shutil.copytree(kit / "student_skeleton", dest)
    for name in ("hog.py", "hog_contest.py"):
        if (kit / "solutions" / name).exists():
            shutil.copyfile(kit / "solutions" / name, dest / name)
    return dest


def unlock_every_problem(folder: Path, variant) -> Path:
    """Answer every problem's unlock questions in the student folder FOLDER with its own checker
    (``python3 ok -q NN -u``, the answers typed in), as a student who has finished does."""
    answers: dict[str, list[str]] = {}
    build_bank(variant, answers=answers)
    for problem, typed in answers.items():
        done = subprocess.run([sys.executable, "ok", "-q", problem, "-u"], cwd=folder, input="\n".join(typed) + "\n",
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0 and "is unlocked" in done.stdout, done.stdout[-2000:] + done.stderr
    return folder


def spec_points(interface: str) -> str:
    """The [points] table's lines of the semester that taught INTERFACE (its problems are the
    interface's), for a spec a test writes."""
    table = tomllib.loads((ROOT / "variants" / f"{interface}.toml").read_text())["points"]
    return "\n".join(f'"{problem}" = {value}' for problem, value in table.items())


def reference(variant):
    """The reference hog.py module of VARIANT."""
    return reference_hog(variant)


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gradescope archive for fa19, built by the command an instructor runs."""
    out = tmp_path_factory.mktemp("zip") / "autograder.zip"
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "gradescope-zip", "--variant", "fa19",
                           "--out", str(out)], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    return out


def answered(skeleton: str, solution: str, done: set[str]) -> str:
    """The text of a skeleton hog.py in which the student has written the answer regions of the
    problems in DONE (numbers as in the markers: ``1``, ``5a``): each region comes from SOLUTION
    (the regions of both are in the same order) once the first problem of its label (``5a`` of
    ``5a, 5b, 6``) is done."""
    regions = iter([match.group(0) for match in REGION.finditer(solution)])

    def fill(match):
        written = next(regions)
        return written if match["label"].split(",")[0].strip() in done else match.group(0)

    return REGION.sub(fill, skeleton)


def play_hog(variant, hog, strategy0, strategy1, *, dice, start=(0, 0), later=True, wild=None):
    """A game of the kit's own hog.play, in the kit's style of play (commentary, or an update
    function: the one with every rule when LATER, else the simple one). Returns the final scores
    and the scores after each turn."""
    said = []
    if variant.interface.play == "update":
        role = "rules_update" if later else "simple_update"
        update = getattr(hog, kit_course(variant).signatures[role].name)
        scores = list(start)

        def recorded(num_rolls, player_score, opponent_score, dice):
            new = update(num_rolls, player_score, opponent_score, dice)
            scores[len(said) % 2] = new  # an update-style game has no extra turns: players alternate
            said.append(tuple(scores))
            return new

        return hog.play(strategy0, strategy1, recorded, start[0], start[1], dice=dice), said

    def say(a, b):
        said.append((a, b))
        return say

    if variant.interface.play == "announce":  # commentary is given the leader and returns it with a message
        def say(a, b, leader=None):  # noqa: F811 - the announcing kind of commentary
            said.append((a, b))
            return leader, None

    flags = {flag: later for flag in variant.play_flags()}
    extra = {"wild_dice": wild} if wild is not None and variant.rule("dice_select") else {}
    return hog.play(strategy0, strategy1, start[0], start[1], dice=dice, say=say, **flags, **extra), said


def fast_variant_names() -> list[str]:
    """The named variants whose turn the fast layouts of the exact evaluator count."""
    return [name for name in variant_names() if fits_fast_layout(load_variant(name))]


def progressing_variant_names() -> list[str]:
    """The named variants in which every turn scores at least one point (the slow reference's
    recursion ends)."""
    return [name for name in variant_names()
            if fits_fast_layout(load_variant(name)) or not general_model(load_variant(name), 20).still]
