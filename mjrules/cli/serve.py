"""``mjrules serve``: the calculator page and its JSON API in a browser (the ``web`` extra)."""

from __future__ import annotations

import asyncio
import signal
import socket
from typing import TYPE_CHECKING

from mjrules.cli.commands import help_of
from mjrules.errors import MjrulesError

if TYPE_CHECKING:
    import argparse
    from types import FrameType

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

    class Server(uvicorn.Server):
        """uvicorn's server, whose stop ends every connection, however late it came."""

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            # uvicorn asks the connections open when it stops to close (an idle one at once, one
            # with a request once answered), then waits for every connection to close, even after
            # a second Ctrl-C. One accepted in that instant is not asked, and kept it waiting for
            # as long as its client kept it open (forever, for a request half sent): asked here too.
            sweep = asyncio.create_task(self._ask_to_close())
            try:
                await super().shutdown(sockets)
            finally:
                sweep.cancel()

        async def _ask_to_close(self) -> None:
            while True:
                await asyncio.sleep(0.1)
                for connection in list(self.server_state.connections):
                    connection.shutdown()

    sock = listen(args.host, args.port)
    with sock:
        # lifespan off: the app has no start-up or shut-down of its own, and a forced stop (a second
        # Ctrl-C) cancels the lifespan task, which uvicorn logs as a CancelledError traceback
        server = Server(uvicorn.Config(create_app(), log_level="warning", lifespan="off"))
        stopped: list[int] = []

        def stop(signum: int, frame: FrameType | None) -> None:
            # While it serves, uvicorn's own handler stops the server (a second Ctrl-C: without
            # waiting for the requests open), then puts this one back and raises again each signal
            # it caught: here they are noted, and said once, below. Python's own handler would
            # raise KeyboardInterrupt into the server's shutdown (after a second Ctrl-C, a
            # traceback), asyncio's would cancel it; neither is installed while this one is.
            # Before uvicorn's handler is in place, this one stops the server as uvicorn's would.
            stopped.append(signum)
            server.force_exit = server.should_exit
            server.should_exit = True

        before = signal.signal(signal.SIGINT, stop)
        try:
            print(f"mjrules: serving {url(args.host, args.port)} (Ctrl-C stops)", flush=True)
            server.run(sockets=[sock])
        finally:
            signal.signal(signal.SIGINT, before)
    if stopped:  # "mjrules: interrupted", status 130, as for any command stopped by Ctrl-C
        raise KeyboardInterrupt
    return 0
