"""Play across computers: the table server, its protocol, the client library, discovery.

``tabletop.net.server`` hosts tables (``tabletop-server``), ``tabletop.net.client`` is what a
GUI or text client plays through (``tabletop.net.textclient`` is ``tabletop-cli host`` and
``join``), ``tabletop.net.protocol`` is the wire format (``docs/protocol.md``),
``tabletop.net.tables`` a table and its files, and ``tabletop.net.discovery`` finds servers on
the local network. Nothing here imports Qt.
"""
