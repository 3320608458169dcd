"""What the two network benchmarks share: a table server in a process of its own (as it runs
on a machine, here on loopback) and its resident memory.

The server is ``python -m tabletop.net.server`` on a free port, in a temporary folder, with
its normal limits but for the message rate (a scripted client of a benchmark may move faster
than a person) and one AI worker thread: the benchmarks' tables have no computer seats.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class ServerProcess:
    """A table server in a child process; ``url`` and ``rss_kib()`` while it runs."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="tabletop-net-bench-")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get(
            "PYTHONPATH", ""))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop.net.server", "--data", self._folder.name,
             "--host", "127.0.0.1", "--port", str(self.port), "--ai-workers", "0",
             "--max-tables", "100000", "--rate", "1000", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "listening on" not in line:
            self.close()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.url = f"ws://127.0.0.1:{self.port}"

    def rss_kib(self) -> int:
        """The server's resident memory now (Linux ``/proc``; 0 elsewhere)."""
        try:
            status = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return 0
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._folder.cleanup()

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
