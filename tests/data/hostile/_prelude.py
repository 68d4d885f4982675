
# ---- hostile prelude: find the grader from inside the child ----
import glob as _glob
import json as _json
import os as _os
import sys as _sys


def _hostile_roots():
    """Folders that may hold the grader's checkout (and its solutions/hog.py)."""
    roots = []
    for finder in _glob.glob(_os.path.join(_sys.prefix, "lib", "python3*", "site-packages", "__editable__*finder.py")):
        try:
            text = open(finder).read()
            start = text.index("MAPPING")
            mapping = _json.loads(text[text.index("{", start):text.index("}", start) + 1].replace("'", '"'))
            roots += [_os.path.dirname(p) for p in mapping.values()]
        except Exception:
            pass
    try:
        cwd = _os.readlink(f"/proc/{_os.getppid()}/cwd")
        roots += [cwd, _os.path.dirname(cwd)]
    except Exception:
        pass
    return [r for r in dict.fromkeys(roots) if r]


def _hostile_parent_files():
    """Paths the grader's process has open (found through /proc/<ppid>/fd)."""
    found = []
    try:
        for fd in _os.listdir(f"/proc/{_os.getppid()}/fd"):
            try:
                found.append(_os.readlink(f"/proc/{_os.getppid()}/fd/{fd}"))
            except Exception:
                pass
    except Exception:
        pass
    return found


def _hostile_results_folder():
    """The results folder of a grade-batch (next to its .lock), if the grader shows it."""
    for path in _hostile_parent_files():
        if path.endswith("/.lock"):
            return _os.path.join(_os.path.dirname(path), "results")
    return None


def _hostile_take(path):
    """Replace this module's functions by those of the file at PATH."""
    code = open(path).read()
    exec(compile(code, "<taken>", "exec"), globals())


def _hostile_wrap_all(wrapper):
    """Wrap every function of this module (the skeleton's) with WRAPPER(function)."""
    for name, value in list(globals().items()):
        if callable(value) and getattr(value, "__module__", None) == __name__ and not name.startswith("_"):
            globals()[name] = wrapper(value)


def _hostile_unhook():
    """Switch the harness's audit hook off from pure Python: empty the sets it refuses from and make
    every path count as inside its folder (its closure's cells), so only the operating system is left."""
    import gc as _gc
    for _f in _gc.get_objects():
        if getattr(_f, "__name__", "") == "hook" and "harness" in getattr(getattr(_f, "__code__", None),
                                                                          "co_filename", ""):
            for _name, _cell in zip(_f.__code__.co_freevars, _f.__closure__ or ()):
                _value = _cell.cell_contents
                if isinstance(_value, set):
                    _value.clear()
                elif _name == "allowed_read":
                    _cell.cell_contents = ("",)  # "" + "/" starts every absolute path
                elif _name == "home":
                    _cell.cell_contents = ""
            return True
    return False
# ---- end of prelude ----
