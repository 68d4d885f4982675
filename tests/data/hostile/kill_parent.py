import signal as _signal

try:
    _signal.pidfd_send_signal(_os.pidfd_open(_os.getppid()), _signal.SIGKILL)
except BaseException:
    pass
