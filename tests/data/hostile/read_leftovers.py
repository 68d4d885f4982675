# Look for what an earlier submission left (leave_behind.py) and show it in the answers.
_hostile_unhook()
import ctypes as _ctypes

_FOUND = []
for _folder in ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue"):
    try:
        _FOUND.append(open(_os.path.join(_folder, "hogkit-hostile-left")).read())
    except BaseException:
        pass
try:
    _libc = _ctypes.CDLL(None, use_errno=True)
    for _get in (lambda: _libc.shmget(0x686F67, 0, 0), lambda: _libc.semget(0x686F67, 0, 0),
                 lambda: _libc.msgget(0x686F67, 0)):
        if _get() >= 0:
            _FOUND.append("LEFT BEHIND: an IPC object")
except BaseException:
    pass


def take_turn(num_rolls, opponent_score, dice=six_sided):
    return " ".join(_FOUND) or None
