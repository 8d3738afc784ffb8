"""How final placings are decided, for tools that reason about a game's end (``mjrules needs``)."""

from mjrules import hookimpl
from mjrules.tools.needs import TIE_BREAK


@hookimpl
def mjrules_register_flags(register):
    register(TIE_BREAK)
