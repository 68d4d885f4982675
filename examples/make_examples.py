"""Regenerate the bundled example submissions from the fa19 reference and skeleton.

Run from the repository root: python examples/make_examples.py
Each example is one folder with a hog.py; EXPECTED.json says what the grader should give.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent / "submissions"
ROOT = HERE.parent.parent
SOLUTION = (ROOT / "solutions" / "hog.py").read_text()
SKELETON = (ROOT / "student_skeleton" / "hog.py").read_text()


def sub(text, old, new):
    assert old in text, old
    return text.replace(old, new, 1)


def inject(text, function_header, code):
    """Put CODE at the start of the body of the function whose def line is FUNCTION_HEADER."""
    start = text.index(function_header)
    body = text.index('"""', text.index('"""', start) + 3) + 3
    return text[:body] + "\n" + code + text[body:]


HOSTILE_TOP = "import os\nimport sys\n"

EXAMPLES = {
    "complete": SOLUTION,
    "skeleton": SKELETON,
    "partial_pig_out_zero": sub(SOLUTION, "    if rolled_a_one:\n        return 1", "    if rolled_a_one:\n        return 0"),
    "partial_bacon_wrong_digit": sub(SOLUTION, "return 10 - min(tens, ones)", "return 10 - max(tens, ones)"),
    "partial_swap_after_goal": sub(SOLUTION, "        if is_swap(player, opponent):",
                                   "        if player < goal and is_swap(player, opponent):"),
    "partial_feral_opponent": sub(SOLUTION, "feral_hogs_bonus(num_rolls, last_rolls[who])",
                                  "feral_hogs_bonus(num_rolls, last_rolls[other(who)])"),
    "partial_commentary_off_by_one": sub(sub(SOLUTION, "        who = other(who)\n        say = say(score0, score1)",
                                             "        who = other(who)"),
                                         "        strategy = strategy0 if who == 0",
                                         "        say = say(score0, score1)\n        strategy = strategy0 if who == 0"),
    "partial_highest_ties": sub(SOLUTION, "if gain > running_high:", "if gain >= running_high:"),
    "broken_syntax_error": sub(SOLUTION, "def roll_dice(num_rolls, dice=six_sided):", "def roll_dice(num_rolls dice=six_sided):"),
    "broken_missing_function": sub(SOLUTION, "def free_bacon(score):", "def free_bacon_typo(score):"),
    "broken_wrong_signature": sub(SOLUTION, "def take_turn(num_rolls, opponent_score, dice=six_sided):",
                                  "def take_turn(opponent_score, num_rolls, dice=six_sided):"),
    "broken_empty": "",
    "hostile_infinite_loop": inject(SOLUTION, "def roll_dice(", "    while True:\n        pass\n"),
    "hostile_fork_bomb": HOSTILE_TOP + inject(SOLUTION, "def free_bacon(", "    while True:\n        os.fork()\n"),
    "hostile_memory_bomb": inject(SOLUTION, "def free_bacon(", "    hog = [bytearray(10 ** 8) for _ in range(100)]\n"),
    "hostile_output_flood": inject(SOLUTION, "def roll_dice(", "    while True:\n        print('spam ' * 1000)\n"),
    "hostile_os_exit": HOSTILE_TOP + inject(SOLUTION, "def free_bacon(", "    os._exit(0)\n"),
    "hostile_exit_on_import": HOSTILE_TOP + "sys.exit(0)\n" + SOLUTION,
    "hostile_read_solution": HOSTILE_TOP + inject(SKELETON, "def free_bacon(",
        "    for path in ('/work/main/solutions/hog.py', '../../solutions/hog.py', '/etc/passwd'):\n"
        "        try:\n            return len(open(path).read())\n        except OSError:\n            pass\n"),
    "hostile_fake_results": SKELETON + "\nprint('{\"score\": 22, \"max_score\": 22, \"tests\": []}')\n"
        "try:\n    import os\n    os.makedirs('/autograder/results', exist_ok=True)\n"
        "    open('/autograder/results/results.json', 'w').write('{\"score\": 22}')\nexcept Exception:\n    pass\n",
    "hostile_patch_harness": SKELETON + "\nimport builtins, sys, os\n"
        "builtins.print = lambda *a, **k: None\nbuiltins.eval = lambda *a, **k: 22\n"
        "for fd in range(3, 12):\n    try:\n        os.write(fd, b'\\x00\\x00\\x00\\x40' + b'x' * 64)\n    except OSError:\n        pass\n",
    "hostile_leave_child": "try:\n    import subprocess\n    subprocess.Popen(['sleep', '300'])\nexcept Exception:\n    pass\n"
        "try:\n    import os\n    if os.fork() == 0:\n        import time\n        time.sleep(300)\nexcept Exception:\n    pass\n" + SOLUTION,
    "hostile_write_outside": "try:\n    open('/tmp/hogkit-pwned.txt', 'w').write('pwned')\nexcept Exception:\n    pass\n" + SOLUTION,
    "hostile_delete_files": "import os\nfor victim in ('dice.py', '/tmp/hogkit-victim.txt', '../stdout.txt'):\n"
        "    try:\n        os.remove(victim)\n    except Exception:\n        pass\n" + SOLUTION,
}


def main():
    for name, text in EXAMPLES.items():
        folder = HERE / name
        folder.mkdir(exist_ok=True)
        (folder / "hog.py").write_text(text)
    folder = HERE / "broken_non_utf8"
    folder.mkdir(exist_ok=True)
    (folder / "hog.py").write_bytes(b"GREETING = 'caf\xe9 \xff\xfe'\n" + SOLUTION.encode())


if __name__ == "__main__":
    main()
