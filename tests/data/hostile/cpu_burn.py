import time as _time

def _burn(function):
    def burning(*args, **kwargs):
        start = _time.process_time()  # 1.5 s of CPU time: just under the 2 s limit of a call
        while _time.process_time() - start < 1.5:
            pass
        return function(*args, **kwargs)
    return burning

_hostile_wrap_all(_burn)
