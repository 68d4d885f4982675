# Leave things for the next submission graded with the same uid: files in the shared folders, System
# V IPC objects with a known key, and a POSIX message queue.
_hostile_unhook()
import ctypes as _ctypes

for _folder in ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue"):
    try:
        with open(_os.path.join(_folder, "hogkit-hostile-left"), "w") as _handle:
            _handle.write("LEFT BEHIND by an earlier submission")
        _os.chmod(_os.path.join(_folder, "hogkit-hostile-left"), 0o666)
    except BaseException:
        pass
try:
    _libc = _ctypes.CDLL(None, use_errno=True)
    _libc.shmget(0x686F67, 1 << 20, 0o1666)
    _libc.semget(0x686F67, 1, 0o1666)
    _libc.msgget(0x686F67, 0o1666)
    _libc.mq_open(b"/hogkit-hostile-left", 0o100 | 0o2, 0o666, None)
except BaseException:
    pass
