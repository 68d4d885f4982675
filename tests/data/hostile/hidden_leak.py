# Remember the inputs of the hidden sweeps (the calls a batch request makes) and show them in
# whatever a student sees before grades are published: the errors and printed text of later
# visible tests and fuzzed calls, and an import error in a later child (through files left behind).
_hostile_unhook()
_SEEN = []
_TRACES = ("/tmp/hogkit-hostile-seen", "/dev/shm/hogkit-hostile-seen", "seen.txt")

for _trace in _TRACES:
    try:
        _left = open(_trace).read()
    except BaseException:
        _left = ""
    if "HIDDEN" in _left:
        raise ImportError(_left[:1500])


def _in_batch():
    frame = _sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "_run_batch":
            return True
        frame = frame.f_back
    return False


def _leak(function):
    def leaking(*args, **kwargs):
        if _in_batch():
            _SEEN.append(f"HIDDEN{function.__name__}{args!r}")
            del _SEEN[:-40]
            for trace in _TRACES:
                try:
                    with open(trace, "w") as handle:
                        handle.write(" ".join(_SEEN))
                except BaseException:
                    pass
            return None
        if _SEEN:
            print(" ".join(_SEEN[-20:]))
            raise ValueError(" ".join(_SEEN[-20:]))
        return function(*args, **kwargs)
    return leaking


_hostile_wrap_all(_leak)
