"""mjai.app's reference rule-based bot as a process that speaks mjai, for ``mjai:COMMAND`` players.

The bot is ``RulebaseBot`` of the ``mjai`` package on PyPI (smly/mjai.app, AGPL-3.0-or-later), which
mjrules does not depend on: install it in its own environment and run this file with that
environment's Python. The bot's seat is its one argument, as mjai.app starts bots::

    python3.11 -m venv mjai-venv && mjai-venv/bin/pip install mjai
    mjrules simulate --rulesets tenhou --games 1 \\
        --players "mjai:mjai-venv/bin/python docs/examples/mjai_rulebase_bot.py {seat},greedy,greedy,greedy"
"""

import sys

from mjai.bot.rulebase import RulebaseBot

if __name__ == "__main__":
    RulebaseBot(player_id=int(sys.argv[1])).start()
