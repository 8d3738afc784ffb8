"""The rule machinery: hookspecs, the plugin manager, yaku and flag declarations, rulesets."""
