"""Kit steps for the local checker: the question bank, the ``ok`` script and the student README."""

from __future__ import annotations

import textwrap

from hogkit.contest_rules import TIME_BUDGET
from hogkit.generate.bank import BANK_PATH, bank_json
from hogkit.generate.calc_step import baseline_strategies
from hogkit.generate.notebooks import NOTEBOOK_PACKAGES, listed, notebook_names
from hogkit.generate.step import KitBuild
from hogkit.shipped.hog_checks import CASE_SECONDS
from hogkit.shipped.ok import BACKUPS, CASE_TIMEOUT, STUDENT_FILE, SUBMISSION, TOKEN_FILE

README = """\
# {title}: checking your work with `ok`

Everything here runs on your own computer with plain Python 3 (no pip, no account, {network}).
Work in this folder: you only edit `hog.py`.

## Unlock, then test

Each problem is locked until you show you know what it asks. Unlocking asks what Python would
display for a few calls (type `Error` if the call raises an error, `Infinite loop` if it never
finishes) and a few multiple-choice questions (type the letter or the text of a choice).

    python3 ok -q 01 -u      # unlock Problem 1 (type exit() or Ctrl-D to stop; progress is kept)
    python3 ok -q 01         # run Problem 1's tests
    python3 ok -q 01 -i      # run them, then open Python with hog.py loaded at the first failure
    python3 ok               # run the tests of every problem you have unlocked
    python3 ok -q 01 -v      # show every case, not only the first failure
    python3 ok --score       # your points per problem and phase, and the Phase 1 checkpoint

The questions are {ids}.

When a case fails, `ok` shows the case, what was expected and what your code gave, the line of
`hog.py` that raised an error, what the case checks, and a hint chosen by what your code gave:
when it is what a common slip gives (`print` where `return` belongs, a `%` left out, a comparison
off at its boundary, two arguments in the wrong order, ...), the hint names that slip; otherwise
it says how to meet what the case checks, or states the rule a worked example is about. A case
may take {case_seconds:g} seconds of your computer's time, as the grader allows (scaled to how fast
your computer runs Python); one that takes longer, or waits longer than {timeout:g} seconds, is
stopped and reported as probably an infinite loop, and the problem's other cases are then not run
(they count as failed), so you hear of it at once. Lines you print that start with `DEBUG:` are
shown under the case and never compared, so you can leave them in while you work.

These are the same test cases the course's grader calls *visible*. {further}

## Handing in

{handing_in}

## Is your contest entry valid?

    python3 ok --contest               # check hog_contest.py
    python3 ok --contest my_entry.py   # check another file

This runs `contest_check.py` (you can also run `python3 contest_check.py` directly). Your entry is
imported in a separate Python process, in an empty temporary folder, and must: set its name
({field}), not print or write files when imported, and have a `final_strategy` that answers all
{pairs} pairs of scores with one of {legal} dice, always the same answer for the same scores, in
at most {budget:g} seconds. Each problem found is printed on its own line, starting with `FAIL`;
the exit status is 0 for a valid entry and 1 otherwise. These are the same checks the course
staff run on the entries.

To see how well your entry does, `python3 calc.py hog_contest.py` prints its exact win rates against
`{baseline}` and the strategies of Problems 10 and 11, moving first, moving second and on
average (the contest figure).

## Notebooks

{notebooks}
Install Jupyter once, in a virtual environment of this folder (many systems, Debian and Ubuntu
among them, refuse `pip install` into their own Python; a virtual environment is yours):

    python3 -m venv .venv
    .venv/bin/python -m pip install {notebook_packages}

(on Windows, `.venv\\Scripts\\python` wherever this says `.venv/bin/python`; on Debian or Ubuntu,
`sudo apt install python3-venv` first if `python3 -m venv` says it is missing). Then open this
folder in your browser, and click a notebook:

    .venv/bin/python -m notebook

## Files

- `ok_bank.json`: the questions, the test cases and the grader's further checks. Each answer is
  kept as a keyed hash (a *lock*) and each test case's expected output is sealed until you unlock
  its problem, so the answers are not in plain sight. The key is in the file, though, so a short answer can be found by
  trying every possibility against its lock: the locks keep you from reading an answer by
  accident, not a determined person from finding it. If the file is changed, `ok` refuses to
  run; restore it from the kit you downloaded.
- `hog.ok` and `tests/`: the same questions and test cases in okpy's format, for courses that run
  the okpy client (`ok --local -q 01 -u`, then `ok --local -q 01`). They are locked the way okpy
  locks them, with the same limits.
- `contest_check.py`, `calc.py` and `calc_model.json`: the contest check and the exact
  calculator described above.
- `.ok_progress.json`: what you have unlocked. Each entry is a proof made from your answer, so
  it cannot be edited into an unlock; if you edit it, `ok` refuses to run until you undo the
  edit or delete the file (and unlock again). If it is damaged, `ok` says so and starts afresh.

`hog_checks.py` holds the grader's small helpers (`fixed_rolls`, ...) and runs the further checks.
Nothing here is a table of answers.

## For staff and notebooks

    python3 ok -q 03 --force          # run Problem 3's tests even if it is still locked
    python3 ok -q 03 --force --json   # the same, as one JSON object on standard output
    python3 ok --score --json         # the score as JSON
    python3 ok --all                  # every problem's tests, unlocked or not (okpy's --all)

`ok` also accepts okpy's `--local` and `--verbose`. In a folder that holds an okpy course's own
`.ok` file and `tests/` instead of `ok_bank.json`, `python3 ok` runs that course's tests, locked
cases included (compared with their locks), and `-u` unlocks them into the test files as okpy does.

Exit status: 0 when everything run passed, 1 when a case failed (or a problem is locked), 2 for a
usage error such as an unknown question. From Python, run it with `subprocess.run([sys.executable,
"ok", "-q", "03", "--force", "--json"], cwd=KIT, capture_output=True, text=True)` and read the JSON.
"""


FURTHER = ("Beyond them, the grader checks each function on every input the project page allows (or a large "
           "sample of them) and on inputs drawn at random: its *further checks*. `python3 ok -q NN` runs them too, "
           "once the problem's cases pass, in the same way and within the same time as the grader, and names a call "
           "that goes wrong (never what it should give): a problem `ok` passes is a problem the grader grants, and "
           "`python3 ok --score` counts them.")
HIDDEN = ("The grader also runs further checks that your course keeps hidden until grades are out (sweeps over "
          "many inputs and random ones): `python3 ok -q NN` names them.")


def bank_files(kit: KitBuild) -> None:
    """student_skeleton/ok_bank.json: the variant's question bank."""
    kit.add(f"student_skeleton/{BANK_PATH}", bank_json(kit.variant))


def checker_files(kit: KitBuild) -> None:
    """student_skeleton/ok (the checker script) and its README."""
    variant = kit.variant

    source = kit.shipped("ok.py")
    kit.add("student_skeleton/ok", "#!/usr/bin/env python3\n" + source)
    ids = ", ".join(p.id for p in kit.variant.problems)
    names = notebook_names(variant)
    kit.add("student_skeleton/README_ok.md",
            README.format(title=f"Hog ({kit.variant.title})", ids=ids, timeout=CASE_TIMEOUT, case_seconds=CASE_SECONDS,
                          further=textwrap.fill(FURTHER if variant.checker_runs_hidden else HIDDEN, width=96,
                                                break_on_hyphens=False),
                          field=f"`{variant.contest_name_field}`", pairs=variant.goal ** 2,
                          legal=f"{variant.legal_rolls[0]} to {variant.legal_rolls[-1]}", budget=TIME_BUDGET,
                          baseline=baseline_strategies(variant)[0][0],
                          notebook_packages=" ".join(f'"{p}"' for p in NOTEBOOK_PACKAGES),
                          network="and the network\nonly for `python3 ok --submit`" if variant.submit_url
                          else "no network", handing_in=handing_in(variant.submit_url),
                          notebooks=textwrap.fill(NOTEBOOKS.format(
                              count=NUMBER_WORDS[len(names)], last_phase=max(names),
                              listed=listed([f"`{name}.ipynb`" for name in names.values()])),
                              width=96, break_on_hyphens=False)))


NOTEBOOKS = ("{count} Jupyter notebooks walk through the phases: {listed}. They use the `hog.py` in this folder: "
             "each problem's worked examples call your functions, a cell checks the problem with `ok` (as "
             "`python3 ok -q 03 --force` does), and Phase {last_phase} draws your strategies and their exact "
             "win rates.")


NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five"}

TESTS_FIRST = ("It first runs your tests, as `python3 ok --score` does, and says which problems do not pass yet "
               "(it hands in anyway: you may submit again at any time); a `hog.py` that does not even load is not "
               "handed in unless you add `--force`. ")
HAND_IN = ("    python3 ok --submit",
           TESTS_FIRST + f"It then writes `{SUBMISSION}` in this folder, holding your `hog.py` and `hog_contest.py`: "
           "upload it where "
           f"your course collects the project (Gradescope, say). A dated copy of each submission is kept in "
           f"`{BACKUPS}/`.")

SEND = ("    python3 ok --submit --email you@school.edu --token TOKEN   # the first time\n"
        "    python3 ok --submit                                        # after that",
        TESTS_FIRST + "It then sends your `hog.py` and `hog_contest.py` to your course ({url}), where they are "
        "graded on arrival, and "
        "prints the server's receipt: when it was received, and the archive's sha256 (a checksum). Your email "
        "(or course id) and the token your course staff gave you are asked once and kept in "
        f"`{STUDENT_FILE}` and `{TOKEN_FILE}`. From then on, each run of `ok` also sends a backup of your files "
        "(`--no-backup` skips it; `--local` never uses the network). A dated copy of each submission, with its "
        f"receipt, is kept in `{BACKUPS}/`. If sending fails, `ok` says why in one line; `{SUBMISSION}` in this "
        "folder is then the archive to upload by hand. Your submissions, and their results once your course "
        "publishes them, are on the course server's page ({url}), opened with your token.")


def handing_in(url: str) -> str:
    """The README's words on ``ok --submit``: sending to URL, or (none) an archive to upload."""
    commands, words = SEND if url else HAND_IN
    return commands + "\n\n" + textwrap.fill(words.replace("{url}", url), width=96, break_on_hyphens=False)
