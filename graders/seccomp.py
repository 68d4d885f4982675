"""A seccomp filter for the child: the system calls a ``hog.py`` never needs are refused.

The filter is a classic BPF program built here with the standard library (no binding needed). It
refuses, with ``EPERM``: new processes (``fork``, ``vfork``, and ``clone`` unless it makes a thread
of the same process, never with a namespace flag), new namespaces (``unshare``, ``setns``), sockets,
System V IPC and POSIX message queues, tracing and reading other processes (``ptrace``,
``process_vm_*``, pidfds), kernel keyrings, ``bpf``, ``perf_event_open``, ``userfaultfd``,
``io_uring`` (which would run calls past the filter), mounting and every administrator's call. With
``files=False`` it also refuses to create anything on disk: ``open``/``openat`` with ``O_CREAT`` or
``O_TMPFILE``, ``creat``, ``mkdir``, ``mknod``, links, ``memfd_create`` (the uid mode, where the
writable folders are the host's). ``clone3`` and ``openat2`` answer ``ENOSYS``, since their
arguments cannot be inspected: the C library then falls back to ``clone`` and ``openat``. A call
from another architecture's ABI (x32 on x86-64) kills the process.

The program is installed in the child between fork and exec (uid mode: ``no_new_privs``, then
``PR_SET_SECCOMP``), or handed to bubblewrap (``--seccomp FD``), which installs it just before it
starts the child. Only x86-64 is known; elsewhere :func:`supported` is false and grading says so.
"""

from __future__ import annotations

import ctypes
import errno
import platform
import struct
from dataclasses import dataclass
from functools import cache

AUDIT_ARCH_X86_64 = 0xC000003E
X32_BIT = 0x40000000

# BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h)
LD_W_ABS = 0x20
JEQ_K = 0x15
JGE_K = 0x35
JSET_K = 0x45
RET_K = 0x06
RET_KILL_PROCESS = 0x80000000
RET_ERRNO = 0x00050000
RET_ALLOW = 0x7FFF0000
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2

CLONE_THREAD = 0x00010000
CLONE_NAMESPACES = (0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000
                    | 0x00000080)  # NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, NEWTIME
O_CREAT = 0o100
O_TMPFILE_BIT = 0o20000000

# x86-64 system call numbers (arch/x86/entry/syscalls/syscall_64.tbl)
REFUSED = {
    "socket": 41, "socketpair": 53,
    "shmget": 29, "shmat": 30, "shmctl": 31, "shmdt": 67, "semget": 64, "semop": 65, "semctl": 66,
    "semtimedop": 220, "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71,
    "mq_open": 240, "mq_unlink": 241, "mq_timedsend": 242, "mq_timedreceive": 243, "mq_notify": 244,
    "mq_getsetattr": 245,
    "fork": 57, "vfork": 58, "unshare": 272, "setns": 308,
    "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "kcmp": 312, "pidfd_open": 434,
    "pidfd_send_signal": 424, "pidfd_getfd": 438,
    "keyctl": 250, "add_key": 248, "request_key": 249, "bpf": 321, "perf_event_open": 298, "userfaultfd": 323,
    "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161, "open_tree": 428, "move_mount": 429,
    "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433, "mount_setattr": 442,
    "swapon": 167, "swapoff": 168, "reboot": 169, "sethostname": 170, "setdomainname": 171, "iopl": 172,
    "ioperm": 173, "init_module": 175, "delete_module": 176, "finit_module": 313, "kexec_load": 246,
    "kexec_file_load": 320, "acct": 163, "quotactl": 179, "lookup_dcookie": 212, "name_to_handle_at": 303,
    "open_by_handle_at": 304, "fanotify_init": 300, "settimeofday": 164, "clock_settime": 227, "adjtimex": 159,
}
CREATING = {"creat": 85, "mkdir": 83, "mkdirat": 258, "mknod": 133, "mknodat": 259, "link": 86, "linkat": 265,
            "symlink": 88, "symlinkat": 266, "memfd_create": 319, "memfd_secret": 447}
NO_SUCH = {"clone3": 435, "openat2": 437}  # ENOSYS: the C library falls back to clone and openat
CLONE, OPEN, OPENAT = 56, 2, 257  # inspected: clone's flags (argument 0), open's (1), openat's (2)


def supported() -> bool:
    """Whether this machine's architecture has a filter here (x86-64 Linux)."""
    return platform.system() == "Linux" and platform.machine() in ("x86_64", "AMD64")


def _arg_low(index: int) -> int:
    """Offset of the low 32 bits of system call argument INDEX in struct seccomp_data."""
    return 16 + 8 * index


@dataclass
class _Op:
    code: int
    k: int = 0
    true: str = ""  # label to jump to when the test holds ("" = the next instruction)
    false: str = ""
    label: str = ""


def _assemble(ops: list[_Op]) -> bytes:
    """The struct sock_filter array of OPS, jump labels resolved to offsets."""
    where = {op.label: i for i, op in enumerate(ops) if op.label}
    out = bytearray()
    for i, op in enumerate(ops):
        def offset(label: str, i: int = i) -> int:
            if not label:
                return 0
            jump = where[label] - i - 1
            if not 0 <= jump <= 255:
                raise ValueError(f"jump to {label} out of range")
            return jump
        out += struct.pack("<HBBI", op.code, offset(op.true), offset(op.false), op.k)
    return bytes(out)


@cache
def program(*, files: bool) -> bytes:
    """The filter as raw ``struct sock_filter`` bytes (what ``bwrap --seccomp`` reads). FILES: whether
    the child may create files (in its own bounded folder, under bubblewrap)."""
    if not supported():
        raise OSError("no seccomp filter for this architecture")
    refuse = dict(REFUSED) if files else {**REFUSED, **CREATING}
    eperm, enosys = RET_ERRNO | errno.EPERM, RET_ERRNO | errno.ENOSYS
    ops = [_Op(LD_W_ABS, 4), _Op(JEQ_K, AUDIT_ARCH_X86_64, false="kill"), _Op(LD_W_ABS, 0),
           _Op(JGE_K, X32_BIT, true="kill")]
    for number in sorted(refuse.values()):
        ops.append(_Op(JEQ_K, number, true="eperm"))
    for number in sorted(NO_SUCH.values()):
        ops.append(_Op(JEQ_K, number, true="enosys"))
    ops.append(_Op(JEQ_K, CLONE, true="clone"))
    if not files:
        ops += [_Op(JEQ_K, OPEN, true="open"), _Op(JEQ_K, OPENAT, true="openat")]
    ops.append(_Op(RET_K, RET_ALLOW))
    # clone: a thread of this process (CLONE_THREAD) with no namespace flag, nothing else
    ops += [_Op(LD_W_ABS, _arg_low(0), label="clone"), _Op(JSET_K, CLONE_THREAD, false="eperm"),
            _Op(JSET_K, CLONE_NAMESPACES, true="eperm", false="allow")]
    if not files:
        for label, index in (("open", 1), ("openat", 2)):
            ops += [_Op(LD_W_ABS, _arg_low(index), label=label),
                    _Op(JSET_K, O_CREAT | O_TMPFILE_BIT, true="eperm", false="allow")]
    ops += [_Op(RET_K, RET_ALLOW, label="allow"), _Op(RET_K, eperm, label="eperm"), _Op(RET_K, enosys, label="enosys"),
            _Op(RET_K, RET_KILL_PROCESS, label="kill")]
    return _assemble(ops)


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


class Prepared:
    """A filter ready to install between fork and exec: its memory is laid out in the parent, so
    the child only makes two ``prctl`` calls (no allocation after fork)."""

    def __init__(self, *, files: bool) -> None:
        code = program(files=files)
        self._buffer = ctypes.create_string_buffer(code, len(code))
        self._program = _Program(len(code) // 8, ctypes.cast(self._buffer, ctypes.c_void_p))
        self._pointer = ctypes.byref(self._program)
        self._prctl = ctypes.CDLL(None, use_errno=True).prctl

    def install(self) -> None:
        """``no_new_privs``, then the filter, on the calling process (raise OSError if refused)."""
        if self._prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
        if self._prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, self._pointer, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")


__all__ = ["Prepared", "program", "supported"]
