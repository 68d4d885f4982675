import time as _time

def _burn(function):
    def burning(*args, **kwargs):
        start = _time.monotonic()  # 1.5 s of wall time: under the 2 s limit even on a busy machine
        while _time.monotonic() - start < 1.5:
            pass
        return function(*args, **kwargs)
    return burning

_hostile_wrap_all(_burn)
