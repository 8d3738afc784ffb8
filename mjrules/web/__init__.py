"""The calculator page and its JSON API (``mjrules serve``; needs the ``web`` extra: Starlette and
uvicorn). Like the CLI, a thin layer over the library, which never imports it."""
