try:
    _results = _hostile_results_folder()
    for _target in ([_os.path.join(_results, "zz-fifo.json")] if _results else []) + ["/tmp/hogkit-hostile-fifo"]:
        try:
            _os.mkfifo(_target)
        except BaseException:
            pass
    _os.mkfifo("fifo")
    _os.rename("fifo", "../stdout.txt")  # the grader's own capture of this child's output
except BaseException:
    pass
