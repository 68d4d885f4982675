"""Kit generation: committed folders are current, every kit's reference passes its doctests, the
skeleton runs and fails politely, and builds are atomic."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hogkit.generate.pipeline import STEPS, build_kit, render_kit
from hogkit.generate.source import answer_regions, strip_solutions
from hogkit.source_module import load_source_module
from hogkit.naming import kit_course
from hogkit.variant import DEFAULT_VARIANT, load_variant
from tests.conftest import ALL_SPECS, ROOT, SLOW_SEMESTERS

COMMITTED = ("solutions", "student_skeleton", "notebooks")


def test_committed_default_kit_is_current():
    """Regenerate the default kit in memory and compare with the committed folders, file by file."""
    files = render_kit(load_variant(DEFAULT_VARIANT))
    tops = {rel.split("/", 1)[0] for rel in files}
    stale = []
    for top in sorted(tops & set(COMMITTED)):
        on_disk = {str(p.relative_to(ROOT)) for p in (ROOT / top).rglob("*") if p.is_file()
                   and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts}
        expected = {rel for rel in files if rel.startswith(top + "/")}
        stale += [f"missing or extra: {rel}" for rel in sorted(on_disk ^ expected)]
        for rel in sorted(expected & on_disk):
            content = files[rel]
            disk = (ROOT / rel).read_bytes()
            if (content if isinstance(content, bytes) else content.encode()) != disk:
                stale.append(f"differs: {rel}")
    assert not stale, "run `make kit` to regenerate:\n" + "\n".join(stale)


@pytest.fixture(scope="module", params=[*ALL_SPECS, *SLOW_SEMESTERS], ids=lambda s: Path(s).stem)
def built_kit(request, tmp_path_factory):
    variant = load_variant(request.param)
    out = tmp_path_factory.mktemp(variant.name)
    build_kit(variant, out=out)
    return variant, out


def test_reference_doctests_pass(built_kit):
    _, out = built_kit
    proc = subprocess.run([sys.executable, "-m", "doctest", "hog.py", "dice.py"],
                          cwd=out / "solutions", capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_skeleton_imports_and_fails_politely(built_kit):
    variant, out = built_kit
    update = ", hog.simple_update" if variant.interface.play == "update" else ""
    take_turn = kit_course(variant).call("take_turn", {"num_rolls": "0", "player_score": "0", "opponent_score": "13"})
    code = (
        "import hog\n"
        "print(hog.roll_dice(3, hog.make_test_dice(4)))\n"
        f"print(hog.{take_turn})\n"
        f"print(hog.play(hog.always_roll(3), hog.always_roll(3){update}))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=out / "student_skeleton",
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:3] == ["None", "None", "(0, 0)"]


def test_skeleton_is_the_solution_with_stubs(built_kit):
    variant, out = built_kit
    solution = (out / "solutions" / "hog.py").read_text()
    skeleton = (out / "student_skeleton" / "hog.py").read_text()
    assert skeleton == strip_solutions(solution)
    regions = answer_regions(solution)
    numbers = {number.strip() for label in regions for number in label.split(",")}
    assert {problem.number for problem in variant.problems if problem.graded} <= numbers
    assert {problem.number for problem in variant.problems if problem.rules} <= numbers  # each rule's problem
    assert "FINAL_STRATEGY_TABLE" not in skeleton
    assert "FINAL_STRATEGY_TABLE" not in (out / "student_skeleton" / "hog_contest.py").read_text()


def test_fa19_keeps_the_seed_names_and_argument_order():
    hog = load_source_module("hog_fa19_names", render_kit(load_variant("fa19"))["solutions/hog.py"])
    import inspect

    def params(name):
        return list(inspect.signature(getattr(hog, name)).parameters)

    assert params("roll_dice") == ["num_rolls", "dice"]
    assert params("free_bacon") == ["score"]
    assert params("take_turn") == ["num_rolls", "opponent_score", "dice"]
    assert params("is_swap") == ["player_score", "opponent_score"]
    assert params("play") == ["strategy0", "strategy1", "score0", "score1", "dice", "goal", "say",
                              "feral_hogs"]
    assert params("announce_highest")[0] == "who"
    assert params("make_averaged") == ["fn", "num_samples"]
    assert params("max_scoring_num_rolls") == ["dice", "num_samples"]
    assert params("bacon_strategy") == ["score", "opponent_score", "margin", "num_rolls"]
    assert params("swap_strategy") == ["score", "opponent_score", "margin", "num_rolls"]
    assert params("final_strategy") == ["score", "opponent_score"]
    for name in ("say_scores", "announce_lead_changes", "both", "always_roll",
                 "average_win_rate", "run_experiments", "other", "silence"):
        assert callable(getattr(hog, name))


def test_variant_names_fit_their_rules():
    pig_tail = render_kit(load_variant("pig-tail"))["solutions/hog.py"]
    assert "def tail_points(opponent_score)" in pig_tail and "def perfect_square(score)" in pig_tail
    assert "def tail_strategy(" in pig_tail and "def square_strategy(" in pig_tail
    assert "def square_update(num_rolls, player_score, opponent_score, dice=six_sided)" in pig_tail
    fa17 = render_kit(load_variant("fa17"))["solutions/hog.py"]
    assert "wild_dice=four_sided, pork_chop=True" in fa17


def test_interrupted_build_leaves_the_old_kit(tmp_path):
    variant = load_variant("fa19")
    build_kit(variant, out=tmp_path)
    before = (tmp_path / "solutions" / "hog.py").read_text()
    tops = sorted(p.name for p in tmp_path.iterdir())

    def broken(kit):
        raise RuntimeError("simulated crash in the middle of a build")

    steps = [*STEPS[:1], ("crash", broken)]
    with pytest.raises(RuntimeError):
        build_kit(load_variant("sp18"), out=tmp_path, steps=steps)
    assert (tmp_path / "solutions" / "hog.py").read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == tops


def test_build_is_deterministic():
    variant = load_variant("sp18")
    assert render_kit(variant) == render_kit(variant)


def test_unwritable_out_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    proc = subprocess.run([sys.executable, "-m", "hogkit_cli", "build", "--out", str(blocker / "kit")],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: cannot write to") and proc.stderr.count("\n") == 1


def test_variant_reference_page_is_current():
    from hogkit.variant_docs import variants_markdown

    assert (ROOT / "docs" / "variants.md").read_text() == variants_markdown(), "run `make kit`"
