_LEAK = {"cwd": None, "files": _hostile_parent_files(), "roots": _hostile_roots()}
try:
    _LEAK["cwd"] = _os.readlink(f"/proc/{_os.getppid()}/cwd")
    _LEAK["listing"] = _os.listdir(_LEAK["cwd"])
except BaseException:
    pass

def _tell(function):
    def telling(*args, **kwargs):
        raise RuntimeError("LEAK " + _json.dumps(_LEAK))
    return telling

_hostile_wrap_all(_tell)
