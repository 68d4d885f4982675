"""A cgroup (v2) per sandbox, where the host allows one: memory (tmpfs and shared memory included,
no swap), processes and one CPU's worth of time for everything the sandbox runs, its CPU time
read from ``cpu.stat``, and everything in it killed at once with ``cgroup.kill``.

The grader (root) makes ``hogkit`` below the root of the cgroup v2 hierarchy, enables the
``memory``, ``pids`` and ``cpu`` controllers for it, and one group below that per sandbox; each
child joins its group between fork and exec, so nothing it starts can leave. Where that cannot be
done (not root, no cgroup v2, a hybrid host whose controllers are held by cgroup v1, a read-only
``/sys/fs/cgroup`` in a container), :func:`available` says why; grading then keeps the per-process
limits, a seccomp filter that allows no new process, and CPU time read from ``/proc``.
"""

from __future__ import annotations

import itertools
import os
import signal
import time
from functools import cache
from pathlib import Path

CONTROLLERS = ("memory", "pids", "cpu")
BASE_NAME = "hogkit"
ONE_CPU = "100000 100000"  # quota and period (µs): at most one CPU's time


def _v2_mount() -> Path | None:
    """Where the cgroup v2 hierarchy is mounted (``/sys/fs/cgroup`` or a hybrid's ``unified``)."""
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        left, _, right = line.partition(" - ")
        if right.split(" ", 1)[0] == "cgroup2":
            return Path(left.split()[4])
    return None


def _write(path: Path, text: str) -> None:
    with open(path, "w") as handle:
        handle.write(text)


@cache
def available() -> tuple[Path | None, str]:
    """The folder under which each sandbox gets a cgroup, or None and why not."""
    if os.geteuid() != 0:
        return None, "not running as root"
    mount = _v2_mount()
    if mount is None:
        return None, "no cgroup v2 hierarchy is mounted"
    try:
        have = (mount / "cgroup.controllers").read_text().split()
    except OSError as exc:
        return None, f"cannot read {mount}/cgroup.controllers ({exc.strerror})"
    missing = [c for c in CONTROLLERS if c not in have]
    if missing:
        return None, (f"the cgroup v2 hierarchy at {mount} has no {', '.join(missing)} controller "
                      "(a hybrid host keeps them in cgroup v1)")
    base = mount / BASE_NAME
    try:
        base.mkdir(mode=0o755, exist_ok=True)
        enable = " ".join(f"+{c}" for c in CONTROLLERS)
        if not set(CONTROLLERS) <= set((mount / "cgroup.subtree_control").read_text().split()):
            _write(mount / "cgroup.subtree_control", enable)
        _write(base / "cgroup.subtree_control", enable)
        probe = Group(base, caps_memory=64 * 1024 * 1024, pids=8)
        probe.remove()
    except OSError as exc:
        return None, f"cannot make a cgroup with {', '.join(CONTROLLERS)} under {mount} ({exc.strerror or exc})"
    return base, ""


class Group:
    """One sandbox's cgroup below BASE, with its limits set."""

    _numbers = itertools.count()

    def __init__(self, base: Path, *, caps_memory: int, pids: int) -> None:
        self.path = base / f"sandbox-{os.getpid()}-{next(self._numbers)}"
        self.path.mkdir(mode=0o755)
        try:
            _write(self.path / "memory.max", str(caps_memory))
            if (self.path / "memory.swap.max").exists():
                _write(self.path / "memory.swap.max", "0")
            if (self.path / "memory.oom.group").exists():
                _write(self.path / "memory.oom.group", "1")
            _write(self.path / "pids.max", str(pids))
            _write(self.path / "cpu.max", ONE_CPU)
            self.procs = os.open(self.path / "cgroup.procs", os.O_WRONLY | os.O_CLOEXEC)
        except BaseException:
            self.path.rmdir()
            raise

    def join(self) -> None:
        """Move the calling process into the group (between fork and exec)."""
        os.write(self.procs, b"0")

    def cpu_seconds(self) -> float:
        """CPU time used by everything that ever ran in the group."""
        try:
            for line in (self.path / "cpu.stat").read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "usage_usec":
                    return int(value) / 1e6
        except (OSError, ValueError):
            pass
        return 0.0

    def pids(self) -> list[int]:
        """The processes in the group now."""
        try:
            return [int(p) for p in (self.path / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

    def kill(self) -> None:
        """Kill everything in the group."""
        try:
            _write(self.path / "cgroup.kill", "1")
        except OSError:
            for pid in self.pids():
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def remove(self) -> None:
        """Kill what is left and remove the group (waiting briefly for the killed to go)."""
        if getattr(self, "procs", None) is not None:
            os.close(self.procs)
            self.procs = None
        deadline = time.monotonic() + 5
        while True:
            self.kill()
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                if time.monotonic() > deadline:
                    return
                time.sleep(0.01)


__all__ = ["Group", "available"]
