_NASTY = "\x1b]0;pwned\x07\x1b[2J\x1b[31mRED\u202eevil\ud800\r\x00\x9b"
print(_NASTY)

def _nasty(function):
    def raising(*args, **kwargs):
        print(_NASTY)
        raise ValueError(_NASTY)
    return raising

_hostile_wrap_all(_nasty)
