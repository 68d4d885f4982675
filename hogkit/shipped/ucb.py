"""Small helpers used by hog.py: run a main function, trace calls, log lines, open a prompt.

The names and the printed formats are the ones course copies of hog.py already use."""

import code
import functools
import inspect
import sys

_indent = ''


def main(fn):
    """Decorate FN to be called with the command-line arguments when its module runs as a script."""
    caller = inspect.currentframe().f_back
    if caller.f_locals.get('__name__') == '__main__':
        fn(*sys.argv[1:])
    return fn


def trace(fn):
    """Decorate FN to print each call, with its arguments, and what it returns (indented by depth)."""
    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        global _indent
        call = '{}({})'.format(fn.__name__, ', '.join([repr(a) for a in args]
                                                      + [repr(k) + '=' + repr(v) for k, v in kwargs.items()]))
        log(call + ':')
        _indent += '    '
        try:
            result = fn(*args, **kwargs)
        except Exception:
            log(fn.__name__ + ' exited via exception')
            _indent = _indent[:-4]
            raise
        _indent = _indent[:-4]
        log(f'{call} -> {result}')
        return result
    return wrapped


def log(message):
    """Print MESSAGE at the depth of the calls being traced."""
    print(_indent + str(message).replace('\n', '\n' + _indent))


def log_current_line():
    """Print the file, line and function of the line that calls this."""
    _, filename, line, function = inspect.stack()[1][:4]
    log(f'Current line: File "{filename}", line {line}, in {function}')


def interact(msg=None):
    """Open an interactive prompt with the caller's names in scope (Ctrl-D goes on)."""
    frame = inspect.stack()[1]
    namespace = dict(frame[0].f_globals)
    namespace.update(frame[0].f_locals)
    if not msg:
        msg = (f'Interacting at File "{frame[1]}", line {frame[2]}\n'
               '    Ctrl-D (Ctrl-Z Enter on Windows) goes on; exit() stops.')
    code.interact(msg, local=namespace)
