"""Small helpers used by hog.py: run a main function, trace calls, open an interactive prompt."""

import code
import functools
import inspect
import sys


def main(fn):
    """Decorate FN to be called with the command-line arguments when its module runs as a script."""
    caller = inspect.stack()[1][0]
    if caller.f_locals.get('__name__') == '__main__':
        fn(*sys.argv[1:])
    return fn


_depth = 0


def trace(fn):
    """Decorate FN to print each call, with its arguments, and what it returns."""
    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        global _depth
        shown = [repr(a) for a in args] + [f'{k}={v!r}' for k, v in kwargs.items()]
        print('    ' * _depth + f'{fn.__name__}({", ".join(shown)}):')
        _depth += 1
        try:
            result = fn(*args, **kwargs)
        finally:
            _depth -= 1
        print('    ' * _depth + f'{fn.__name__}({", ".join(shown)}) -> {result!r}')
        return result
    return wrapped


def interact(msg=None):
    """Open an interactive prompt with the caller's names in scope."""
    frame = inspect.stack()[1][0]
    namespace = dict(frame.f_globals)
    namespace.update(frame.f_locals)
    code.interact(msg or 'Interacting at the call site (Ctrl-D to go on).', local=namespace)
