"""``mjrules serve``: the calculator page and its JSON API in a browser (the ``web`` extra)."""

from __future__ import annotations

from mjrules.cli.commands import help_of
from mjrules.errors import MjrulesError


def add_command(sub) -> None:
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


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from mjrules.web.app import create_app
    except ImportError as e:
        raise MjrulesError(f"mjrules serve needs the web extra ({e.name} is missing): "
                           "pip install 'mjrules[web]'") from None
    print(f"mjrules: serving http://{args.host}:{args.port}/ (Ctrl-C stops)", flush=True)
    uvicorn.run(create_app(), host=args.host, port=args.port, log_level="warning")
    return 0
