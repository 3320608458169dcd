"""Finding table servers on the local network: an mDNS (DNS-SD) advertiser and browser.

A server started with ``--advertise NAME`` announces ``NAME._tabletop._tcp.local.`` with its
port, whether it speaks TLS and the protocol version; the app's Join dialog lists what a
``Browser`` finds. Built on ``zeroconf``: no hand-written multicast. Both classes are
blocking (zeroconf runs its own thread); call them off a GUI thread or an event loop.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .protocol import VERSION

SERVICE = "_tabletop._tcp.local."


@dataclass(frozen=True)
class Found:
    """A server seen on the network: its advertised name, addresses, port and URL."""

    name: str
    addresses: tuple[str, ...]
    port: int
    tls: bool
    version: int

    @property
    def url(self) -> str:
        host = self.addresses[0] if self.addresses else "localhost"
        if ":" in host:
            host = f"[{host}]"
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}"


def local_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return ["127.0.0.1"]
    return sorted({str(info[4][0]) for info in infos}) or ["127.0.0.1"]


class Advertiser:
    """Announces one server under ``name`` until ``close``."""

    def __init__(self, name: str, port: int, *, tls: bool = False,
                 addresses: Sequence[str] | None = None,
                 interfaces: Sequence[str] | None = None) -> None:
        clean = "".join(c for c in name if c.isprintable() and c != ".")[:63] or "Tabletop"
        self.info = ServiceInfo(
            SERVICE, f"{clean}.{SERVICE}", port=port,
            parsed_addresses=list(addresses or local_addresses()),
            properties={"v": str(VERSION), "tls": "1" if tls else "0"})
        self._interfaces = list(interfaces) if interfaces else None
        self._zc: Zeroconf | None = None

    def start(self) -> None:
        self._zc = (Zeroconf(interfaces=self._interfaces, ip_version=IPVersion.V4Only)
                    if self._interfaces else Zeroconf(ip_version=IPVersion.V4Only))
        self._zc.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        if self._zc is not None:
            self._zc.unregister_service(self.info)
            self._zc.close()
            self._zc = None


class Browser:
    """Collects the servers announced on the network; ``found()`` lists them now, and
    ``on_change`` (called on zeroconf's thread) hears of each arrival or departure."""

    def __init__(self, on_change: Callable[[], None] | None = None, *,
                 interfaces: Sequence[str] | None = None) -> None:
        self._on_change = on_change
        self._interfaces = list(interfaces) if interfaces else None
        self._lock = threading.Lock()
        self._found: dict[str, Found] = {}
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None

    def start(self) -> None:
        self._zc = (Zeroconf(interfaces=self._interfaces, ip_version=IPVersion.V4Only)
                    if self._interfaces else Zeroconf(ip_version=IPVersion.V4Only))
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=2000)
            if info is None or info.port is None:
                return
            props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            try:
                version = int(props.get("v", "0"))
            except ValueError:
                return  # not one of ours, or damaged
            found = Found(name.removesuffix("." + SERVICE), tuple(info.parsed_addresses()),
                          int(info.port), props.get("tls") == "1", version)
            with self._lock:
                self._found[name] = found
        if self._on_change is not None:
            self._on_change()

    def found(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: f.name)

    def close(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
            self._browser = None
        if self._zc is not None:
            self._zc.close()
            self._zc = None
