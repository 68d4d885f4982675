"""Regenerate the bundled example submissions from the fa19 reference and skeleton.

Run from the repository root: python examples/make_examples.py
Each example is one folder with a hog.py; tests/test_grader.py says what the grader gives each.
Other code (bench/grade_batch.py) imports :func:`example_sources` to make submissions of its own;
importing this file reads and writes nothing.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent / "submissions"
ROOT = HERE.parent.parent


def sub(text: str, old: str, new: str) -> str:
    """TEXT with the first OLD replaced by NEW (OLD must be there)."""
    if old not in text:
        raise ValueError(f"the reference no longer contains {old!r}: update examples/make_examples.py")
    return text.replace(old, new, 1)


def inject(text: str, function_header: str, code: str) -> str:
    """Put CODE at the start of the body of the function whose def line is FUNCTION_HEADER."""
    start = text.index(function_header)
    body = text.index('"""', text.index('"""', start) + 3) + 3
    return text[:body] + "\n" + code + text[body:]


HOSTILE_TOP = "import os\nimport sys\n"


def example_sources(solution: str | None = None, skeleton: str | None = None) -> dict[str, bytes]:
    """Example name -> the bytes of its hog.py, made from SOLUTION and SKELETON (default: fa19's)."""
    if solution is None:
        solution = (ROOT / "solutions" / "hog.py").read_text()
    if skeleton is None:
        skeleton = (ROOT / "student_skeleton" / "hog.py").read_text()
    texts = _examples(solution, skeleton)
    sources = {name: text.encode() for name, text in texts.items()}
    sources["broken_non_utf8"] = b"GREETING = 'caf\xe9 \xff\xfe'\n" + solution.encode()
    return sources


def _examples(solution: str, skeleton: str) -> dict[str, str]:
    """Example name -> hog.py text, each a small change to the reference or the skeleton."""
    return {
        "complete": solution,
        "skeleton": skeleton,
        "partial_pig_out_zero": sub(solution, "    if rolled_a_one:\n        return 1",
                                    "    if rolled_a_one:\n        return 0"),
        "partial_bacon_wrong_digit": sub(solution, "return 10 - min(tens, ones)", "return 10 - max(tens, ones)"),
        "partial_swap_after_goal": sub(solution, "        if is_swap(player, opponent):",
                                       "        if player < goal and is_swap(player, opponent):"),
        "partial_feral_opponent": sub(solution, "feral_hogs_bonus(num_rolls, last_rolls[who])",
                                      "feral_hogs_bonus(num_rolls, last_rolls[other(who)])"),
        "partial_commentary_off_by_one": sub(sub(solution,
                                                 "        who = other(who)\n        say = say(score0, score1)",
                                                 "        who = other(who)"),
                                             "        strategy = strategy0 if who == 0",
                                             "        say = say(score0, score1)\n"
                                             "        strategy = strategy0 if who == 0"),
        "partial_highest_ties": sub(solution, "if gain > previous_high:", "if gain >= previous_high:"),
        "broken_syntax_error": sub(solution, "def roll_dice(num_rolls, dice=six_sided):",
                                   "def roll_dice(num_rolls dice=six_sided):"),
        "broken_missing_function": sub(solution, "def free_bacon(score):", "def free_bacon_typo(score):"),
        "broken_wrong_signature": sub(solution, "def take_turn(num_rolls, opponent_score, dice=six_sided):",
                                      "def take_turn(opponent_score, num_rolls, dice=six_sided):"),
        "broken_empty": "",
        "hostile_infinite_loop": inject(solution, "def roll_dice(", "    while True:\n        pass\n"),
        "hostile_fork_bomb": HOSTILE_TOP + inject(solution, "def free_bacon(",
                                                  "    while True:\n        os.fork()\n"),
        "hostile_memory_bomb": inject(solution, "def free_bacon(",
                                      "    hog = [bytearray(10 ** 8) for _ in range(100)]\n"),
        "hostile_output_flood": inject(solution, "def roll_dice(", "    while True:\n        print('spam ' * 1000)\n"),
        "hostile_os_exit": HOSTILE_TOP + inject(solution, "def free_bacon(", "    os._exit(0)\n"),
        "hostile_exit_on_import": HOSTILE_TOP + "sys.exit(0)\n" + solution,
        "hostile_read_solution": HOSTILE_TOP + inject(skeleton, "def free_bacon(",
            "    for path in ('/work/main/solutions/hog.py', '../../solutions/hog.py',"
            " '/etc/passwd'):\n"
            "        try:\n            return len(open(path).read())\n        except OSError:\n            pass\n"),
        "hostile_fake_results": skeleton + "\nprint('{\"score\": 22, \"max_score\": 22, \"tests\": []}')\n"
            "try:\n    import os\n    os.makedirs('/autograder/results', exist_ok=True)\n"
            "    open('/autograder/results/results.json', 'w').write('{\"score\": 22}')\nexcept Exception:\n    pass\n",
        "hostile_patch_harness": skeleton + "\nimport builtins, sys, os\n"
            "builtins.print = lambda *a, **k: None\nbuiltins.eval = lambda *a, **k: 22\n"
            "for fd in range(3, 12):\n    try:\n        os.write(fd, b'\\x00\\x00\\x00\\x40' + b'x' * 64)\n"
            "    except OSError:\n        pass\n",
        "hostile_leave_child": "try:\n    import subprocess\n    subprocess.Popen(['sleep', '300'])\n"
            "except Exception:\n    pass\n"
            "try:\n    import os\n    if os.fork() == 0:\n        import time\n        time.sleep(300)\n"
            "except Exception:\n    pass\n" + solution,
        "hostile_write_outside": "try:\n    open('/tmp/hogkit-pwned.txt', 'w').write('pwned')\n"
            "except Exception:\n    pass\n" + solution,
        "hostile_delete_files": "import os\n"
            "for victim in ('dice.py', '/tmp/hogkit-victim.txt', '../stdout.txt'):\n"
            "    try:\n        os.remove(victim)\n    except Exception:\n        pass\n" + solution,
    }


def main() -> None:
    """Write every example into examples/submissions/NAME/hog.py."""
    for name, source in example_sources().items():
        folder = HERE / name
        folder.mkdir(exist_ok=True)
        (folder / "hog.py").write_bytes(source)


if __name__ == "__main__":
    main()
