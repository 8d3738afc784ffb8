"""The plugins that ship with mjrules. Each imports only ``mjrules.plugin_api``, as a third-party plugin does."""
