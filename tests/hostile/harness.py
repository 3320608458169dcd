"""Running ``tabletop.cli.main`` in-process on hostile input: a deadline that turns a hang
into a failure."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


class Hang(Exception):
    """Raised in the main thread when a call outlives its deadline."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` inside the block if it runs longer than ``seconds``.

    A timer signal interrupts even a blocking system call (``open`` on a FIFO, a read), which
    a watchdog thread could not; so it needs the main thread of a POSIX system.
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not \
            threading.main_thread():
        pytest.skip("needs POSIX timer signals in the main thread")

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
