"""``mjrules serve``: the calculator page and its JSON API in a browser (the ``web`` extra)."""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING

from mjrules.cli.commands import help_of
from mjrules.errors import MjrulesError

if TYPE_CHECKING:
    import argparse

    from mjrules.cli.common import Subparsers


def add_command(sub: Subparsers) -> None:
    p = sub.add_parser("serve", help=help_of("serve"),
                       description=(
        "Serve the calculator page (/), the point table (/table), conditions (/needs) and the JSON API "
        "(/api/score, /api/compare, /api/table, /api/needs) on HOST:PORT. Needs the web extra: "
        "pip install 'mjrules[web]'."))
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    p.set_defaults(func=cmd_serve)


def _port(text: str) -> int:
    import argparse

    if not (text.isascii() and text.isdigit()) or len(text) > 5 or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a port number 1-65535")
    return int(text)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port``, or the MjrulesError that names which and why: checked
    before "serving" is said, not left to the server's own message after it (an unknown host, a
    port in use or not allowed)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as e:
        raise MjrulesError(f"--host {host}: not an address of this machine ({getattr(e, 'strerror', None) or e})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds: a restart need not wait
        sock.bind(address)
    except OSError as e:
        sock.close()
        raise MjrulesError(f"--host {host} --port {port}: cannot listen there ({e.strerror or e})") from None
    return sock


def url(host: str, port: int) -> str:
    """The address to open: an IPv6 host in brackets (``http://[::1]:8000/``), as a URL writes it."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from mjrules.web.app import create_app
    except ImportError as e:
        raise MjrulesError(f"mjrules serve needs the web extra ({e.name} is missing): "
                           "pip install 'mjrules[web]'") from None
    sock = listen(args.host, args.port)
    with sock:
        server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
        print(f"mjrules: serving {url(args.host, args.port)} (Ctrl-C stops)", flush=True)
        server.run(sockets=[sock])
    return 0
