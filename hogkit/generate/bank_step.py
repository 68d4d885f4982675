"""Kit steps for the local checker: the question bank, the ``ok`` script and the student README."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hogkit.bank import BANK_PATH, bank_json

if TYPE_CHECKING:
    from hogkit.generate.kit import KitBuild

KIT_DIR = Path(__file__).resolve().parent.parent / "kit"

README = """\
# {title}: checking your work with `ok`

Everything here runs on your own computer with plain Python 3 (no pip, no account, no network).
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
`hog.py` that raised an error, and a hint when there is one. A case that runs longer than
{timeout:g} seconds is stopped and reported as probably an infinite loop. Lines you print that start
with `DEBUG:` are ignored by the tests, so you can leave them in while you work.

Some cases are *hidden*: `ok` tells you whether they pass, not what they are. The last problem of
each phase also runs a *fuzz* suite of random games whose results were worked out in advance.

## Files

- `ok_bank.json`: the questions and tests. Answers are stored only as keyed hashes, so reading
  the file does not give them away; if the file is changed, `ok` refuses to run. Restore it from
  the kit you downloaded.
- `.ok_progress.json`: what you have unlocked. Each entry is a proof made from your answer, so
  it cannot be edited into an unlock; if you edit it, `ok` refuses to run until you undo the
  edit or delete the file (and unlock again). If it is damaged, `ok` says so and starts afresh.

## For staff and notebooks

    python3 ok -q 03 --force          # run Problem 3's tests even if it is still locked
    python3 ok -q 03 --force --json   # the same, as one JSON object on standard output
    python3 ok --score --json         # the score as JSON

Exit status: 0 when everything run passed, 1 when a case failed (or a problem is locked), 2 for a
usage error such as an unknown question. From Python, run it with `subprocess.run([sys.executable,
"ok", "-q", "03", "--force", "--json"], cwd=KIT, capture_output=True, text=True)` and read the JSON.
"""


def bank_files(kit: KitBuild) -> None:
    """student_skeleton/ok_bank.json: the variant's question bank."""
    kit.add(f"student_skeleton/{BANK_PATH}", bank_json(kit.variant))


def checker_files(kit: KitBuild) -> None:
    """student_skeleton/ok (the checker script) and its README."""
    from hogkit.kit.ok import CASE_TIMEOUT

    source = (KIT_DIR / "ok.py").read_text(encoding="utf-8")
    kit.add("student_skeleton/ok", "#!/usr/bin/env python3\n" + source)
    ids = ", ".join(p.id for p in kit.variant.problems)
    kit.add("student_skeleton/README_ok.md",
            README.format(title=f"Hog ({kit.variant.title})", ids=ids, timeout=CASE_TIMEOUT))


STEPS = [
    ("question bank", bank_files),
    ("checker", checker_files),
]
