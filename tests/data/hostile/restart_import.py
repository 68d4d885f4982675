import resource as _resource
import time as _time

# A restarted child cannot be told from the first by anything it keeps (its folder is new each
# time), but its CPU limit is what is left of the submission's budget: under a 10 s budget the
# first child gets 10 s. A sandbox that keeps files lets a marker tell it instead.
_MARK = "/tmp/hogkit-hostile-restart"
try:
    import sqlite3 as _sqlite3
    _again = _os.path.exists(_MARK)
    _sqlite3.connect(_MARK).close()
except BaseException:
    _again = False
if _again or _resource.getrlimit(_resource.RLIMIT_CPU)[0] < 10:
    raise ImportError("this child is a restart")

def _crash(function):
    def crashing(*args, **kwargs):
        _time.sleep(1.2)
        _os._exit(3)
    return crashing

_hostile_wrap_all(_crash)
