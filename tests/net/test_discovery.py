"""mDNS discovery: a server advertised on the loopback interface is found by a browser."""

from __future__ import annotations

import threading

import pytest

from tabletop.net.discovery import Advertiser, Browser, Found


def test_found_urls() -> None:
    assert Found("a", ("10.0.0.2",), 8765, False, 1).url == "ws://10.0.0.2:8765"
    assert Found("a", ("fe80::1",), 443, True, 1).url == "wss://[fe80::1]:443"


def test_an_advertised_server_is_found_on_loopback() -> None:
    seen = threading.Event()
    browser = Browser(on_change=seen.set, interfaces=["127.0.0.1"])
    advert = Advertiser("Test table \u5353", 18765, addresses=["127.0.0.1"],
                        interfaces=["127.0.0.1"])
    try:
        try:
            advert.start()
            browser.start()
        except OSError as exc:  # no multicast on this machine's loopback
            pytest.skip(f"multicast is not available: {exc}")
        found: list[Found] = []
        for _ in range(20):
            if not seen.wait(1.0):
                continue
            found = [f for f in browser.found() if f.port == 18765]
            if found:
                break
            seen.clear()
        if not found:
            pytest.skip("no mDNS answer on loopback here (multicast filtered)")
        [server] = found
        assert server.name.startswith("Test table")
        assert server.url == "ws://127.0.0.1:18765" and server.version == 1 and not server.tls
    finally:
        browser.close()
        advert.close()
