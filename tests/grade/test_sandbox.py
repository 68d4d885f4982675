"""The sandbox: limits, the audit hook, signed replies, and no survivors."""

from __future__ import annotations

import os
import subprocess

import pytest

from graders.sandbox import Limits, Sandbox
from tests.grade.test_hostile import stray_processes


def test_calls_errors_and_blocked_actions():
    source = b"import os\ndef double(n):\n    return 2 * n\n"
    with Sandbox(source) as box:
        assert box.imported
        assert box.call("double(21)").value == 42
        assert box.call("(1, True)").value == {"tuple": [1, True]}
        assert "PermissionError" in box.call("open('/etc/passwd').read()").error
        assert "PermissionError" in box.call("os.system('true')").error
        assert "PermissionError" in box.call("open('/tmp/hogkit-sandbox-test.txt', 'w')").error
    assert not os.path.exists("/tmp/hogkit-sandbox-test.txt")


def test_timeout_restarts_a_fresh_child():
    with Sandbox(b"def f():\n    while True:\n        pass\n", limits=Limits(call_timeout=0.5)) as box:
        assert box.call("f()").status == "timeout"
        assert box.call("1 + 1").value == 2
        assert box.log.timeouts == 1 and box.log.restarts == 1


def test_import_failures_are_reported():
    with Sandbox(b"import sys\nsys.exit(0)\n") as box:
        assert not box.imported and "SystemExit" in box.log.import_error
    with Sandbox(b"import os\nos._exit(3)\n") as box:
        assert not box.imported and "crashed" in box.log.import_error


def test_unsigned_bytes_are_rejected():
    source = (b"import os\nfor fd in range(3, 64):\n    try:\n"
              b"        os.write(fd, b'\\x00\\x00\\x00\\x40' + b'x' * 64)\n    except OSError:\n        pass\n")
    with Sandbox(source) as box:
        assert not box.imported and "tampered" in box.log.import_error


def test_no_process_survives():
    source = b"import time\ndef nap():\n    time.sleep(300)\n"
    groups = []
    with Sandbox(source, limits=Limits(call_timeout=0.3)) as box:
        box.call("1")
        groups.append(box._proc.pid)  # the child leads its own process group
        box.call("nap()")
        if box._proc is not None:
            groups.append(box._proc.pid)
    for group in groups:
        out = subprocess.run(["pgrep", "-g", str(group)], capture_output=True, text=True).stdout
        assert out.strip() == "", f"processes of group {group} survived: {out}"
        with pytest.raises(ProcessLookupError):
            os.kill(group, 0)
    assert stray_processes() == []  # nothing of the sandbox's uid either (its pid namespace is gone)
