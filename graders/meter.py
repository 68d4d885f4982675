"""How much time a sandboxed child has taken: its own, never its neighbours'.

A budget counts two things. CPU time: everything the sandbox runs, read from its cgroup's
``cpu.stat`` or, without one, summed over the child's process tree from ``/proc/PID/stat``
(the seccomp filter lets no process be started, so the tree is the child, and bubblewrap's two
when it runs under bubblewrap). And blocked time: wall time in which the child's Python was
neither running nor waiting for a CPU (``/proc/PID/schedstat`` gives the time spent waiting in a
run queue), less the time the grader itself took to answer it (and the time the grader waited for a CPU
meanwhile: a question cannot be answered before its grader runs). A program that hangs in a loop
spends CPU; one that sleeps is blocked; one that waits because a neighbour fills the machine
spends neither, so a CPU hog next door cannot cost a correct copy its points. Where the kernel
keeps no run-queue times, waiting for a CPU counts as blocked (:data:`RUN_QUEUE_TIMES` says so).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

TICKS = os.sysconf("SC_CLK_TCK")
RUN_QUEUE_TIMES = os.path.exists("/proc/self/schedstat")


def _stat_fields(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            text = handle.read().decode(errors="replace")
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def process_cpu(pid: int) -> float:
    """CPU time of PID, its threads and the children it has waited for."""
    fields = _stat_fields(pid)
    if fields is None:
        return 0.0
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS  # utime, stime, cutime, cstime


def run_queue(pid: int) -> tuple[float, float]:
    """(time on a CPU, time waiting in a run queue) of PID's main thread, in seconds."""
    try:
        with open(f"/proc/{pid}/schedstat") as handle:
            running, waiting, _ = handle.read().split()
        return int(running) / 1e9, int(waiting) / 1e9
    except (OSError, ValueError):
        return 0.0, 0.0


def grader_run_queue_wait() -> float:
    """The time the calling thread (the grader's) has spent waiting in a run queue, in seconds."""
    try:
        with open("/proc/thread-self/schedstat") as handle:
            return int(handle.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def descendants(root: int) -> list[int]:
    """ROOT and every process below it, found from the parents /proc records."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        fields = _stat_fields(int(entry.name))
        if fields is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        found.append(pid)
        stack += children.get(pid, [])
    return found


@dataclass(frozen=True)
class Reading:
    """One look at a child: when, its sandbox's CPU time, and its Python's run-queue times."""

    wall: float
    cpu: float
    running: float
    waiting: float
    python: int = 0


class Meter:
    """Reads the time taken by the child started as ROOT, whose interpreter is PYTHON: its CPU time
    from CPU_OF (a cgroup's reader) when given, else from the process tree."""

    def __init__(self, root: int, *, python: str, cpu_of: Callable[[], float] | None = None) -> None:
        self.root, self.executable, self.cpu_of = root, python, cpu_of
        self.python = 0  # the child's Python, once found
        self.tree = [root]

    def _find(self) -> None:
        """Look for the Python below ROOT (under bubblewrap it starts a moment after ROOT)."""
        self.tree = descendants(self.root)
        for pid in reversed(self.tree):
            try:
                if os.readlink(f"/proc/{pid}/exe") == self.executable:
                    self.python = pid
                    return
            except OSError:
                continue

    def read(self) -> Reading:
        """The child's times now. Once its Python is found, only its times are read (bubblewrap's
        own processes only wait): the seccomp filter lets it start no process."""
        if not self.python:
            self._find()
        cpu = self.cpu_of() if self.cpu_of is not None else (
            process_cpu(self.python) if self.python else sum(process_cpu(pid) for pid in self.tree))
        running, waiting = run_queue(self.python) if self.python else (0.0, 0.0)
        return Reading(time.monotonic(), cpu, running, waiting, self.python)


@dataclass(frozen=True)
class Spent:
    """What the child took between two readings: CPU seconds, and seconds blocked."""

    cpu: float
    blocked: float

    @property
    def own(self) -> float:
        """The time that counts against a budget: CPU time plus blocked time."""
        return self.cpu + self.blocked


def between(start: Reading, end: Reading, *, served: float = 0.0) -> Spent:
    """The time taken from START to END; SERVED is the time the grader spent answering the child
    meanwhile (the child waits for it, blocked, through no fault of its own)."""
    cpu = max(0.0, end.cpu - start.cpu)
    wall = end.wall - start.wall
    same = start.python == end.python  # else the Python started meanwhile: the wait counts as blocked
    busy = (end.running - start.running) + (end.waiting - start.waiting) if same else 0.0
    return Spent(cpu, max(0.0, wall - busy - served))


__all__ = ["RUN_QUEUE_TIMES", "Meter", "Reading", "Spent", "between", "descendants", "grader_run_queue_wait",
           "process_cpu", "run_queue"]
