import gzip
import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def _lines(name):
    opener = gzip.open if name.endswith(".gz") else open
    with opener(DATA / name, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def hule_lines():
    """The 5,000 majiang-core hule() cases: [{"in": …, "out": …}, …]."""
    return _lines("majiang-hule-public.jsonl")


@pytest.fixture(scope="session")
def variant_lines():
    """The 38,583 rule-variant cases, each with its majiang-core "rule" object."""
    return _lines("rule-variants-public.jsonl.gz")


@pytest.fixture(scope="session")
def key_lines():
    """majiang-core's scores of the public hands with one rule key flipped (made by
    data/make_majiang_keys.js): [{"line": N, "rule": {…}, "out": …}, …]."""
    return _lines("majiang-keys-public.jsonl.gz")
