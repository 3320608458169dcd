"""Makes the table's sounds: short WAV files, all of them the project's own.

    python scripts/make_sounds.py            (writes resources/sounds/ and Punimonyo's sounds/)

Everything is synthesised here with numpy, from a seed, so a rebuild writes the same files,
but for Punimonyo's two words, which eSpeak NG speaks with its Japanese voice (the Debian package
``espeak-ng``; scripts/bootstrap.sh installs it for ``test``). The words are spelt as they are
read aloud: ぷにぅ as "ぷにう" (eSpeak drops a small ぅ), もにょ as it is.

Each sound is mono, 16-bit, 22,050 Hz, and short: the whole set is about 300 KiB.
"""

from __future__ import annotations

import subprocess
import sys
import wave
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
APP_DIR = ROOT / "resources" / "sounds"
PUNIMONYO_DIR = ROOT / "tabletop" / "games" / "punimonyo" / "sounds"
RATE = 22050
SEED = 55

Wave = np.ndarray


def _t(seconds: float) -> Wave:
    return np.arange(int(seconds * RATE)) / RATE


def _env(n: int, attack: float, decay: float) -> Wave:
    """An attack of ``attack`` seconds, then an exponential fall with time constant ``decay``."""
    t = np.arange(n) / RATE
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return rise * np.exp(-t / decay)


def _tone(freq: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0,),
          attack: float = 0.003) -> Wave:
    t = _t(seconds)
    out = sum(a * np.sin(2 * np.pi * freq * (i + 1) * t) for i, a in enumerate(harmonics))
    return np.asarray(out) * _env(len(t), attack, decay)


def _noise(rng: np.random.Generator, seconds: float, decay: float, smooth: int = 1,
           attack: float = 0.001) -> Wave:
    n = int(seconds * RATE)
    x = rng.standard_normal(n)
    if smooth > 1:  # a moving average: a duller, woodier noise
        x = np.convolve(x, np.ones(smooth) / smooth, mode="same")
    return x * _env(n, attack, decay)


def _at(total: float, *parts: tuple[float, Wave]) -> Wave:
    """Parts laid on a silent track of ``total`` seconds, each at its start time."""
    out = np.zeros(int(total * RATE))
    for start, part in parts:
        i = int(start * RATE)
        part = part[: len(out) - i]
        out[i:i + len(part)] += part
    return out


def _mix(*parts: Wave) -> Wave:
    """Parts played together from the start."""
    return _at(max(len(p) for p in parts) / RATE, *((0.0, p) for p in parts))


def _chord(freqs: tuple[float, ...], start_gap: float, seconds: float, decay: float) -> Wave:
    return _at(seconds + start_gap * len(freqs),
               *((k * start_gap, _tone(f, seconds, decay, (1.0, 0.3, 0.1)))
                 for k, f in enumerate(freqs)))


def sounds(rng: np.random.Generator) -> dict[str, Wave]:
    """The app's sounds by name (``tabletop.engine.sounds``)."""
    knock = lambda: _noise(rng, 0.06, 0.012, smooth=6)  # noqa: E731 - a wooden knock
    return {
        "pick_up": _mix(_tone(660, 0.08, 0.02, (1.0, 0.2)) * 0.5,
                        _noise(rng, 0.08, 0.01, 3) * 0.2),
        "drop": _mix(knock() * 0.9, _tone(180, 0.06, 0.015) * 0.6),
        "snap_back": _at(0.2, (0.0, _tone(520, 0.08, 0.03)), (0.07, _tone(390, 0.12, 0.04))) * .6,
        "die": _at(0.45, *((0.06 * k + 0.01 * rng.random(), knock() * (1 - 0.15 * k))
                            for k in range(6))),
        "deal": _noise(rng, 0.09, 0.02, smooth=2) * 0.7,
        "card": _at(0.16, (0.0, _noise(rng, 0.05, 0.01, 2)), (0.06, _noise(rng, 0.08, 0.015, 2))),
        "shuffle": _at(0.6, *((0.025 * k, _noise(rng, 0.04, 0.01, 2) * 0.5) for k in range(22))),
        "tile": _mix(_noise(rng, 0.07, 0.015, smooth=10) * 1.2, _tone(140, 0.07, 0.02) * 0.5),
        "coin": _mix(_tone(2200, 0.25, 0.07, (1.0, 0.0, 0.4)) * 0.5,
                     _tone(3100, 0.2, 0.05) * 0.25),
        "token": _mix(knock() * 0.8, _tone(320, 0.05, 0.012) * 0.4),
        "your_turn": _chord((659.3, 880.0), 0.09, 0.35, 0.12) * 0.6,
        "handover": _chord((523.3, 659.3, 784.0), 0.08, 0.3, 0.1) * 0.5,
        "round_end": _chord((784.0, 659.3, 523.3), 0.1, 0.35, 0.12) * 0.5,
        "win": _chord((523.3, 659.3, 784.0, 1046.5), 0.1, 0.5, 0.18) * 0.5,
        "lose": _chord((392.0, 370.0, 311.1), 0.16, 0.45, 0.18) * 0.5,
        "beat": _tone(1800, 0.025, 0.005) * 0.35,  # quiet: it falls on every beat
        "right": _chord((880.0, 1318.5), 0.07, 0.25, 0.08) * 0.5,
        "wrong": _tone(160, 0.3, 0.12, (1.0, 0.6, 0.4, 0.3)) * 0.4,
    }


def spoken(text: str) -> Wave:
    """``text`` in eSpeak NG's Japanese voice, trimmed of its silence."""
    try:
        out = subprocess.run(["espeak-ng", "-v", "ja", "-s", "190", "--stdout", text],
                             check=True, capture_output=True).stdout
    except FileNotFoundError:
        sys.exit("make_sounds: eSpeak NG is needed for the spoken words "
                 "(Debian: apt-get install espeak-ng)")
    with wave.open(BytesIO(out)) as w:
        rate = w.getframerate()
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float) / 32768.0
    if rate != RATE:  # eSpeak speaks at 22,050 Hz; resampled should another version not
        x = np.interp(np.arange(int(len(x) * RATE / rate)) * rate / RATE, np.arange(len(x)), x)
    loud = np.nonzero(np.abs(x) > 0.02)[0]
    x = x[max(0, loud[0] - 40): loud[-1] + 200] if len(loud) else x
    fade = min(len(x), 220)
    x[-fade:] *= np.linspace(1.0, 0.0, fade)
    return x


def write(path: Path, x: Wave, peak: float = 0.8) -> int:
    """Write ``x`` scaled to ``peak`` as 16-bit mono; the file's size."""
    top = float(np.max(np.abs(x))) or 1.0
    data = (x / top * peak * 32767).astype("<i2")
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    return path.stat().st_size


def main() -> int:
    rng = np.random.default_rng(SEED)
    total = 0
    made: list[tuple[Path, Callable[[], Wave], float]] = [
        (APP_DIR / f"{name}.wav", (lambda x=x: x), 0.35 if name == "beat" else 0.8)
        for name, x in sounds(rng).items()]
    made += [(PUNIMONYO_DIR / "puniu.wav", lambda: spoken("ぷにう"), 0.9),
             (PUNIMONYO_DIR / "monyo.wav", lambda: spoken("もにょ"), 0.9)]
    for path, make, peak in made:
        size = write(path, make(), peak)
        total += size
        print(f"{path.relative_to(ROOT)}  {size / 1024:.1f} KiB")
    print(f"{len(made)} files, {total / 1024:.1f} KiB in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
