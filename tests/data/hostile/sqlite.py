try:
    import sqlite3 as _sqlite3

    _results = _hostile_results_folder()
    for _target in ([_os.path.join(_results, "zz-sqlite.json")] if _results else []) + ["/tmp/hogkit-hostile-sqlite"]:
        try:
            _db = _sqlite3.connect(_target)
            _db.execute("create table pwned (x)")
            _db.commit()
            _db.close()
        except BaseException:
            pass
except BaseException:
    pass
