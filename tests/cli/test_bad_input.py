"""Every command that takes a variant refuses an unknown one, and a spec whose rules the engine
cannot order, with one ``error:`` line and exit status 2 (and no output, no traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hogkit_cli.main import main
from tests.conftest import ROOT

# Spec edits that make a rule combination the engine cannot put in order: (seed, old, new, message).
UNORDERABLE = {
    "chop_and_feral": ("fa17", "[rules]", '[rules]\nbonus = "feral_hogs"',
                       "rules: pork_chop cannot be combined with a bonus that remembers the dice rolled"),
    "chop_without_swap": ("fa17", 'post_turn = "swine_swap_double"', 'post_turn = "square_swine"',
                          "rules: pork_chop needs every post-turn rule to be a swap"),
}


def commands(variant: str, tmp: Path) -> dict[str, list[str]]:
    """Each command that loads a variant, with VARIANT and otherwise valid arguments."""
    entry = tmp / "entry.py"
    entry.write_text("PLAYER_NAME = 'x'\n\ndef final_strategy(score, opponent_score):\n    return 4\n")
    entries = tmp / "entries"
    entries.mkdir(exist_ok=True)
    roster = tmp / "roster.csv"
    roster.write_text("email\nalice@example.edu\n")
    return {
        "build": ["build", "--variant", variant, "--out", str(tmp / "kit")],
        "check-variant": ["check-variant", variant, "--no-solve"],
        "diff-variants": ["diff-variants", "fa19", variant],
        "new-variant": ["new-variant", "made", "--from", variant, "--dir", str(tmp / "specs")],
        "winrate": ["winrate", str(entry), str(entry), "--variant", variant],
        "solve": ["solve", "--variant", variant],
        "contest check": ["contest", "check", str(entry), "--variant", variant],
        "contest run": ["contest", "run", str(entries), "--variant", variant, "--out", str(tmp / "results")],
        "contest samples": ["contest", "samples", str(tmp / "samples"), "--variant", variant, "--count", "2"],
        "grade": ["grade", str(entry), "--variant", variant],
        "grade-batch": ["grade-batch", str(entries), "--variant", variant, "--out", str(tmp / "grades")],
        "gradescope-zip": ["gradescope-zip", "--variant", variant, "--out", str(tmp / "autograder.zip")],
        "serve": ["serve", "--variant", variant, "--data", str(tmp / "course"), "--roster", str(roster), "--port", "0",
                  "--workers", "0"],
    }


COMMANDS = [
    "build", "check-variant", "diff-variants", "new-variant", "winrate", "solve", "contest check", "contest run",
    "contest samples", "grade", "grade-batch", "gradescope-zip", "serve",
]


def run_one_line(argv: list[str], capsys) -> str:
    """Run ``hogkit ARGV``, insist on exit 2 with one error line and nothing else, return the line."""
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 2, (out, err)
    assert out == "" and err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("command", COMMANDS)
def test_unknown_variant(command, tmp_path, capsys):
    line = run_one_line(commands("nope", tmp_path)[command], capsys)
    assert line.startswith("error: unknown variant 'nope' — choose one of ")
    assert not any((tmp_path / name).exists() for name in ("kit", "specs", "samples", "results", "grades",
                                                           "course"))


@pytest.mark.parametrize("case", sorted(UNORDERABLE))
@pytest.mark.parametrize("command", COMMANDS)
def test_rules_the_engine_cannot_order(command, case, tmp_path, capsys):
    seed, old, new, message = UNORDERABLE[case]
    text = (ROOT / "variants" / f"{seed}.toml").read_text()
    assert text.count(old) == 1
    spec = tmp_path / f"{case}.toml"
    spec.write_text(text.replace(old, new))
    line = run_one_line(commands(str(spec), tmp_path)[command], capsys)
    assert line.startswith(f"error: {case}.toml: {message}") and " — " in line, line


def test_every_command_that_loads_a_variant_is_covered():
    """New commands with a variant argument must be added to COMMANDS above."""
    import argparse

    from hogkit_cli.main import build_parser

    def walk(parser: argparse.ArgumentParser, prefix: str) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += walk(sub, f"{prefix} {name}".strip())
            elif action.dest in ("variant", "base", "first", "second") and prefix not in found:
                found.append(prefix)
        return found

    assert sorted(set(walk(build_parser(), ""))) == sorted(COMMANDS)


@pytest.mark.parametrize("options", [["--flatten", "1.5"], ["--margin", "-0.1"], ["--budget", "0"],
                                     ["--iterations", "0"], ["--rounds", "-1"], ["--candidates", "0"]])
def test_solve_refuses_out_of_range_options(options, capsys):
    line = run_one_line(["solve", "--variant", "pig-tail", *options], capsys)
    assert " — e.g. " in line


@pytest.mark.parametrize("options", [["--floor", "0.9"], ["--floor", "0"], ["--candidates", "3"], ["--purify"],
                                     ["--answers", "a.npz"], ["--rivals", "fa17.txt"]])
def test_solve_refuses_meta_nash_options_without_that_search(options, capsys):
    line = run_one_line(["solve", "--variant", "pig-tail", *options], capsys)
    assert "belong to the meta-Nash search" in line and "add --search meta-nash" in line


@pytest.mark.parametrize("options", [["--candidates", "3"], ["--purify"], ["--mend"]])
def test_solve_refuses_meta_nash_only_options_with_mend(options, capsys):
    line = run_one_line(["solve", "--variant", "pig-tail", "--search", "mend", *options], capsys)
    assert "--candidates, --purify and --mend belong to the meta-Nash search" in line


@pytest.mark.parametrize("options", [["--margin", "0.1"], ["--budget", "60"], ["--rounds", "3"]])
def test_solve_refuses_search_options_mend_does_not_take(options, capsys):
    line = run_one_line(["solve", "--variant", "pig-tail", "--search", "mend", "--floor", "0.7", *options], capsys)
    assert "do not apply to --search mend" in line


def test_solve_mend_needs_a_floor_or_rivals(capsys):
    line = run_one_line(["solve", "--variant", "pig-tail", "--search", "mend"], capsys)
    assert "--search mend needs something to meet — give --floor, --rivals, or both" in line


def test_solve_mend_starts_from_the_table_solved_before(capsys):
    line = run_one_line(["solve", "--variant", "pig-tail", "--search", "mend", "--fresh"], capsys)
    assert "--search mend starts from the table solved before" in line


BENCH_MISUSES = {
    "exact.py": (["201"], "goal 201 is out of range"),
    "exact.py ": (["--variant", "nope", "--no-solver"], "unknown variant 'nope'"),
    "tournament.py": (["--count", "1"], "--count must be at least 2"),
    "tournament.py ": (["--variant", "nope", "--count", "2"], "unknown variant 'nope'"),
    "grade_batch.py": (["--jobs", "0"], "--count and --jobs must be at least 1"),
    "isolation.py": (["--repeats", "0"], "--repeats must be at least 1"),
    "isolation.py ": (["--modes", "jail"], "--modes takes namespaces, uid and none"),
}


@pytest.mark.parametrize("script", sorted(BENCH_MISUSES))
def test_benchmarks_refuse_bad_arguments(script):
    """The scripts in bench/ answer a misuse with one error line and exit 2 before any work."""
    args, message = BENCH_MISUSES[script]
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script.strip()), *args],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"error: {message}") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("command", ["winrate", "contest check"])
def test_a_missing_entry_file(command, tmp_path, capsys):
    argv = commands("pig-tail", tmp_path)[command]
    argv[argv.index(str(tmp_path / "entry.py"))] = str(tmp_path / "gone.py")
    line = run_one_line(argv, capsys)
    assert line.startswith(f"error: {tmp_path / 'gone.py'} does not exist — give the path of "), line


def test_winrate_reports_a_bad_strategy_once_and_needs_no_name(tmp_path, capsys):
    plain = tmp_path / "plain.py"
    plain.write_text("def final_strategy(score, opponent_score):\n    return 4\n")
    assert main(["winrate", str(plain), str(plain), "--variant", "pig-tail"]) == 0
    assert "contest figure of plain.py: 0.500000" in capsys.readouterr().out
    eleven = tmp_path / "eleven.py"
    eleven.write_text("def final_strategy(score, opponent_score):\n    return 11\n")
    line = run_one_line(["winrate", str(eleven), str(plain), "--variant", "pig-tail"], capsys)
    assert line == "error: eleven.py: final_strategy(0, 0) returns 11 — it must return one of 0 to 10\n", line


def test_solve_refuses_a_bad_answers_file_before_it_searches(tmp_path, capsys):
    bad = tmp_path / "answers.npz"
    bad.write_text("not an archive\n")
    line = run_one_line(["solve", "--variant", "fa17", "--search", "meta-nash", "--answers", str(bad)], capsys)
    assert line.startswith(f"error: {bad} is not an answers file") and "--answers" in line


def test_solve_refuses_a_rival_table_of_other_rules(tmp_path, capsys):
    rival = tmp_path / "fa19.txt"
    rival.write_text((ROOT / "hogkit" / "data" / "final" / "fa19.txt").read_text())
    line = run_one_line(["solve", "--variant", "fa17", "--search", "meta-nash", "--rivals", str(rival)], capsys)
    assert line.startswith(f"error: {rival} is not a table solved for fa17's rules")


def test_the_command_table_names_what_each_module_registers():
    """COMMAND_MODULES says which module registers which command (only the one asked for is
    imported): each module registers exactly the commands the table gives it."""
    import argparse
    import importlib

    from hogkit_cli.main import COMMAND_MODULES, Parser

    for module, names in COMMAND_MODULES.items():
        sub = Parser(prog="hogkit").add_subparsers()
        importlib.import_module(f"hogkit_cli.commands.{module}").register(sub)
        assert isinstance(sub, argparse._SubParsersAction)
        assert tuple(sub.choices) == names, module


def test_a_grade_loads_neither_the_server_nor_the_builder():
    """``hogkit grade-batch`` imports the grader's modules alone: a bad path is refused without
    loading the course server's database packages or the kit builder."""
    import subprocess
    import sys

    code = ("import sys; from hogkit_cli.main import main; status = main(['grade-batch', '/nope', '--out', '/x']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic', 'starlette', "
            "'courseserver') or m == 'hogkit.generate.pipeline')); sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout.strip() == "[]", (done.stdout, done.stderr)
    assert done.stderr.startswith("error: /nope does not exist")
