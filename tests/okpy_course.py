"""Run an okpy assignment's tests (its ``.ok`` file and ``tests/``) with the real okpy client,
locked cases included, and print each question's passed/failed counts as one JSON line.

    python tests/okpy_course.py FOLDER [CLIENT]

CLIENT is a course's own ``ok`` file (okpy's client as a zip archive): later semesters' tests use
keys (``multiline``) that the okpy release on the package index does not read; without it the
installed client runs.

okpy only runs a locked case once it is unlocked; its library can compare a locked case's output
with the lock instead, but it hashes the whole output where the lock hashes each line, and it
stops setting that option at a test's first concept suite. This script asks the library to
compare locked cases and mends both, so a copy can be checked against a course's locked tests
without anyone typing the answers.
"""

from __future__ import annotations

import collections
import collections.abc
import contextlib
import hmac
import importlib
import io
import json
import os
import sys

# Names that Python 3.10 took out of ``collections`` (they live in ``collections.abc``): the okpy
# clients of 2019 and 2020 bundle a ``requests`` that still reads them from ``collections``.
OLD_COLLECTIONS = ("Callable", "Iterable", "Mapping", "MutableMapping", "MutableSet", "Sequence")
NEW_HMAC = hmac.new


def _old_hmac(key, msg=None, digestmod="md5"):
    """hmac.new as it was before Python 3.8, when the digest was MD5 unless named: the 2019
    client locks answers and signs its storage that way."""
    return NEW_HMAC(key, msg, digestmod)


def _as_older_pythons() -> None:
    """Give an older okpy client the library it was written for (only names that are gone)."""
    for name in OLD_COLLECTIONS:
        if not hasattr(collections, name):
            setattr(collections, name, getattr(collections.abc, name))
    hmac.new = _old_hmac


def _imports(module: str) -> bool:
    """Whether MODULE imports."""
    try:
        importlib.import_module(module)
    except Exception:  # noqa: BLE001 - any failure means it cannot be used here
        return False
    return True


def main(folder: str, client: str = "") -> int:
    os.chdir(folder)
    sys.path.insert(0, folder)
    if client:
        sys.path.insert(0, os.path.abspath(client))
    _as_older_pythons()
    from client.api.assignment import Assignment, Settings, load_assignment
    from client.protocols.grading import grade
    from client.sources.common import interpreter
    from client.utils import locking

    original = interpreter.Console._compare

    def compare(self, expected, code):  # a locked answer holds one lock per line
        if self.skip_locked_cases or not expected.locked:
            return original(self, expected, code)
        try:
            value, printed = self.evaluate(code)
        except interpreter.ConsoleException as exc:
            lines = [exc.exception_type]
        else:
            if value is not None:
                printed += self._output_fn(value)
            lines = printed.splitlines()
        if [locking.lock(self.hash_key, line) for line in lines] != list(expected.output):
            print("# Error: expected and actual results do not match")
            raise interpreter.ConsoleException
        return None

    interpreter.Console._compare = compare
    # Grading needs none of the assignment's protocols: leave out those that do not import on this
    # Python (the 2019 client's ``testing`` bundles a coverage that reads opcodes 3.8 took away).
    Assignment._PROTOCOLS = [name for name in Assignment._PROTOCOLS
                             if _imports(f"{Assignment._PROTOCOL_PACKAGE}.{name}")]
    config = next(name for name in os.listdir(".") if name.endswith(".ok"))
    assignment = load_assignment(config, cmd_args=Settings(verbose=True))
    results = {}
    for question in assignment.test_map:
        tests = assignment._resolve_specified_tests([question], all_tests=False)
        for test in tests:
            for suite in test.suites:
                if hasattr(suite, "console"):  # a concept suite has no console
                    suite.skip_locked_cases = suite.console.skip_locked_cases = False
                    suite.console.hash_key = assignment.name
        messages: dict = {}
        with contextlib.redirect_stderr(io.StringIO()):
            grade(tests, messages, {})
        results[question] = messages["grading"][tests[0].name]
    sys.stderr.write(json.dumps(results) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
