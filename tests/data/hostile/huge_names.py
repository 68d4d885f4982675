_HUGE = type("E" * 1_500_000, (Exception,), {})

def _huge(function):
    def raising(*args, **kwargs):
        raise _HUGE("x" * 400)
    return raising

_hostile_wrap_all(_huge)
