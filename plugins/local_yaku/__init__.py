"""Local (house) yaku, off by default: enable the ``local-yaku`` plugin in a ruleset."""
