"""Punimonyo's beat, aloud: how long after the beat the rules time its click is started, and the
audio device's reported latency on top of that.

    python benchmarks/beat_latency.py [--beats 80] [--beat-ms 300] [--json]

A match between two computer seats runs in the real window with the app's real beat clock (a
precise QTimer), every sound going to a recording sink, and to Qt Multimedia as well where
there is an audio device. For each beat played at once (not one that waits for a computer's
move still on the way, which the rules make late on purpose) it reports, in milliseconds:

- ``timer``: when the clock fired, against the beat's time (the tempo's start plus k beats);
- ``to_sound``: from the clock firing to the click handed to ``QSoundEffect.play()`` (the rules'
  step, the sound's look-up, no autosave or table sync in between);
- ``total``: the two together, the click's start against the beat's time.

The device's latency is what Qt Multimedia reports for it: the buffer of a ``QAudioSink``
opened on the default output in its preferred format, as time, with Qt's default buffer and
with the smallest one asked for (5 ms; the device grants what it can). With no audio device (the
offscreen platform, CI, a server) that part cannot be measured and the report says so.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def device_latency() -> dict[str, Any]:
    """The default audio output and its reported latency, or why there is none."""
    from tabletop.app.sound import audio_output

    device = audio_output()
    if device is None:
        return {"device": None, "latency_ms": None,
                "note": "no audio device here: the device's latency cannot be measured"}
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtMultimedia import QAudioSink

    fmt = device.preferredFormat()

    def granted(request_ms: int | None) -> int:
        """The buffer the device grants a QAudioSink (asked for ``request_ms``, or Qt's
        default), in bytes."""
        sink = QAudioSink(device, fmt)
        if request_ms is not None:
            sink.setBufferSize(fmt.bytesForDuration(request_ms * 1000))
        data = QBuffer()
        data.setData(QByteArray(bytes(fmt.bytesForDuration(200_000))))
        data.open(QIODevice.OpenModeFlag.ReadOnly)
        sink.start(data)
        size = sink.bufferSize()
        sink.stop()
        return int(size)

    default, small = granted(None), granted(5)
    return {"device": device.description(), "sample_rate": fmt.sampleRate(),
            "channels": fmt.channelCount(), "buffer_bytes": default,
            "latency_ms": round(fmt.durationForBytes(default) / 1000, 2),
            "small_buffer_bytes": small,
            "small_latency_ms": round(fmt.durationForBytes(small) / 1000, 2)}


def measure(beats: int, beat_ms: int) -> dict[str, Any]:
    from PySide6.QtCore import QObject
    from PySide6.QtWidgets import QApplication

    from tabletop.app.newgame import GameSetup
    from tabletop.app.saves import SaveStore
    from tabletop.app.sound import QtSink, RecordingSink, audio_output
    from tabletop.app.tempo import BeatClock
    from tabletop.app.window import MainWindow
    from tabletop.engine.sounds import BEAT
    from tabletop.games.punimonyo.plugin import PLUGIN

    app = QApplication.instance() or QApplication([])

    class TimedClock(BeatClock):
        """The app's beat clock, keeping when each beat is due and fell."""

        def __init__(self, parent: QObject | None = None) -> None:
            super().__init__(parent)
            self.start_at = 0.0
            self.count = 0
            self.fell: list[tuple[float, float]] = []  # (due, fell)
            self.beat.connect(self._tick)  # the first slot: before the match hears the beat

        def _tick(self) -> None:
            self.count += 1
            self.fell.append((self.start_at + self.count * self.period() / 1000,
                              time.perf_counter()))

        def start(self, period_ms: int) -> None:
            super().start(period_ms)
            self.start_at, self.count = time.perf_counter(), 0

    class Tee(RecordingSink):
        """Records every sound, and plays it too where there is a device."""

        def __init__(self) -> None:
            super().__init__()
            self.qt = QtSink() if audio_output() is not None else None

        def play(self, path: Path, volume: float) -> None:
            super().play(path, volume)
            if self.qt is not None:
                self.qt.play(path, volume)

        def preload(self, paths: list[Path]) -> None:
            super().preload(paths)
            if self.qt is not None:
                self.qt.preload(paths)

    clocks: list[TimedClock] = []

    def make_clock(parent: QObject) -> TimedClock:
        clocks.append(TimedClock(parent))
        return clocks[-1]

    sink = Tee()
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as folder:
        os.environ["TABLETOP_DATA_DIR"] = folder
        window = MainWindow({"punimonyo": PLUGIN}, [], settings=None, ai_delay_ms=0,
                            animate=False, saves=SaveStore(Path(folder)),
                            clock_factory=make_clock, sound_sink=sink)
        window.sound.active = lambda: True
        window.show()
        setup = GameSetup("punimonyo", 2, ["normal", "normal"],
                          {"beat_ms": beat_ms, "ai_k": "0.02"}, seed=5, fixed_seed=True)
        c = window.start_game(setup)
        assert c is not None
        clock = clocks[-1]
        deadline = time.monotonic() + beats * beat_ms / 1000 * 3 + 30
        while len(clock.fell) < beats and not c.over and time.monotonic() < deadline:
            app.processEvents()
        c.stop()
        window.close()
    clicks = [p.at for p in sink.played if p.name == BEAT]
    timer, to_sound, total = [], [], []
    owed = 0
    for due, fell in clock.fell:
        # The click this beat started: the first one at or after the clock fell.
        after = [t for t in clicks if t >= fell]
        if not after or after[0] - fell > beat_ms / 2000:
            owed += 1  # it waited for a computer's move (or started none)
            continue
        timer.append((fell - due) * 1000)
        to_sound.append((after[0] - fell) * 1000)
        total.append((after[0] - due) * 1000)

    def stats(xs: list[float]) -> dict[str, float]:
        xs = sorted(xs)
        return {"median": round(statistics.median(xs), 3),
                "p95": round(xs[int(0.95 * (len(xs) - 1))], 3), "max": round(xs[-1], 3)}

    return {"beats": len(clock.fell), "beat_ms": beat_ms, "measured": len(total),
            "waited_for_a_move": owed, "platform": app.platformName(),
            "timer_ms": stats(timer), "to_sound_ms": stats(to_sound), "total_ms": stats(total)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--beats", type=int, default=80)
    p.add_argument("--beat-ms", type=int, default=300)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = {"app": measure(args.beats, args.beat_ms), "device": device_latency()}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    a, d = report["app"], report["device"]
    print(f"{a['measured']} of {a['beats']} beats at {a['beat_ms']} ms on '{a['platform']}' "
          f"({a['waited_for_a_move']} waited for a computer's move)")
    for key, label in (("timer_ms", "clock fell after the beat"),
                       ("to_sound_ms", "click started after the clock"),
                       ("total_ms", "click started after the beat")):
        s = a[key]
        print(f"  {label:32} median {s['median']:.2f} ms, p95 {s['p95']:.2f}, max {s['max']:.2f}")
    if d["device"] is None:
        print(f"  device: {d['note']}")
    else:
        print(f"  device '{d['device']}': reported latency {d['latency_ms']:.1f} ms "
              f"({d['buffer_bytes']} bytes at {d['sample_rate']} Hz, Qt's default buffer); "
              f"{d['small_latency_ms']:.1f} ms with the smallest buffer asked for (5 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
