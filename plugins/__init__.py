"""The plugins that ship with mjrules. Each uses only the public hooks (``mjrules.rules.hookspecs``)."""
