"""Landlock: the uid mode's view of the filesystem, where the kernel offers it.

Without namespaces there is no private mount table, but Landlock (Linux 5.13+, no privilege
needed) restricts what a process may open to the hierarchies a ruleset names. The uid mode builds
one from the same allow-list as bubblewrap's view (:mod:`graders.view`): read and execute below
the runtime's files and folders, read in the child's own folder, nothing else; from ABI 4 no TCP
bind or connect, from ABI 6 no signal to a process outside the sandbox and no abstract socket.
The ruleset is made in the parent; the child only calls ``landlock_restrict_self`` between fork
and exec (after ``no_new_privs``, which the seccomp filter sets first).
"""

from __future__ import annotations

import ctypes
import os
import struct
from collections.abc import Iterable
from functools import cache

SYS_CREATE_RULESET, SYS_ADD_RULE, SYS_RESTRICT_SELF = 444, 445, 446  # the same on every architecture
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1, 5: (1 << 16) - 1}
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | (1 << 14) | (1 << 15)  # what a rule on a file may grant
NET_TCP_ALL = (1 << 0) | (1 << 1)
SCOPE_ALL = (1 << 0) | (1 << 1)  # abstract unix sockets, signals


@cache
def _syscall() -> ctypes._CFuncPtr:
    function = ctypes.CDLL(None, use_errno=True).syscall
    function.restype = ctypes.c_long
    return function


@cache
def abi() -> int:
    """The Landlock ABI version this kernel offers (0: none)."""
    try:
        version = _syscall()(SYS_CREATE_RULESET, None, ctypes.c_size_t(0), CREATE_RULESET_VERSION)
    except (OSError, AttributeError):
        return 0
    return max(0, int(version))


def _fs_rights(version: int) -> int:
    return FS_RIGHTS_BY_ABI.get(version, FS_RIGHTS_BY_ABI[5])


class Ruleset:
    """A ruleset granting read (and execute) below READABLE paths, the listing of LISTED folders
    (and of the folders below them: Landlock's rules hold for whole hierarchies, so names there
    can be listed, never opened), and nothing else; give :meth:`restrict` to the child. Close it
    when the children that use it have started."""

    def __init__(self, readable: Iterable[str], *, listed: Iterable[str] = ()) -> None:
        version = abi()
        if not version:
            raise OSError("this kernel offers no Landlock")
        handled = _fs_rights(version)
        attr = struct.pack("<Q", handled)
        if version >= 4:
            attr += struct.pack("<Q", NET_TCP_ALL)
        if version >= 6:
            attr += struct.pack("<Q", SCOPE_ALL)
        buffer = ctypes.create_string_buffer(attr, len(attr))
        fd = _syscall()(SYS_CREATE_RULESET, buffer, ctypes.c_size_t(len(attr)), 0)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
        self.fd = int(fd)
        try:
            for path in dict.fromkeys(readable):
                self._allow(path, handled)
            for path in dict.fromkeys(listed):
                self._allow(path, handled, only=READ_DIR)
        except BaseException:
            self.close()
            raise
        self._restrict = _syscall()

    def _allow(self, path: str, handled: int, *, only: int = 0) -> None:
        try:
            target = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except FileNotFoundError:
            return
        try:
            is_dir = os.path.isdir(f"/proc/self/fd/{target}")
            rights = only or ((READ_FILE | EXECUTE | READ_DIR) if is_dir else (READ_FILE | EXECUTE) & FILE_RIGHTS)
            attr = ctypes.create_string_buffer(struct.pack("<Qi", rights & handled, target), 12)
            if _syscall()(SYS_ADD_RULE, self.fd, RULE_PATH_BENEATH, attr, 0) != 0:
                raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
        finally:
            os.close(target)

    def restrict(self) -> None:
        """Confine the calling process (between fork and exec; no_new_privs must be set already)."""
        if self._restrict(SYS_RESTRICT_SELF, self.fd, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")

    def close(self) -> None:
        """Release the ruleset's descriptor."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


__all__ = ["Ruleset", "abi"]
