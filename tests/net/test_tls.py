"""The server's own TLS (``--tls-cert``/``--tls-key``): a client that trusts the certificate
plays over ``wss://``; one that does not is refused at the handshake."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from tabletop.net.client import TableClient
from tabletop.net.server import tls_context

from .helpers import running

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def _certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


def test_wss_with_the_servers_own_certificate(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)

    async def main() -> None:
        async with running(tmp_path / "data", ssl_context=tls_context(str(cert), str(key))
                           ) as server:
            address = f"wss://localhost:{server.port}"
            trusting = ssl.create_default_context(cafile=str(cert))
            host = TableClient(address, ssl_context=trusting)
            await host.connect()
            welcome = await host.create("magos", [{"kind": "local"}, {"kind": "remote"}])
            assert welcome["codes"]
            await host.close()
            stranger = TableClient(address, ssl_context=ssl.create_default_context())
            with pytest.raises(ssl.SSLCertVerificationError):
                await stranger.connect()

    asyncio.run(main())
