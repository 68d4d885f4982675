import time as _time

def _burn(function):
    def burning(*args, **kwargs):
        start = _time.process_time()
        while _time.process_time() - start < 1.9:
            pass
        return function(*args, **kwargs)
    return burning

_hostile_wrap_all(_burn)
