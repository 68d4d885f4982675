try:
    import _xxsubinterpreters as _si

    _interp = _si.create()
    _si.run_string(_interp, "import os\n"
                   f"for root in {_hostile_roots()!r}:\n"
                   "    path = os.path.join(root, 'solutions', 'hog.py')\n"
                   "    if os.path.exists(path):\n"
                   "        open('stolen_subinterpreter.py', 'w').write(open(path).read())\n"
                   "        break\n")
    _hostile_take("stolen_subinterpreter.py")
except BaseException:
    pass
