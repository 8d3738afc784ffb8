"""Flags' typed getters: the value of a declared flag, the default of an undeclared one, and a
PluginError for a flag of another type or an undeclared flag without a default."""

import pickle

import pytest

from mjrules.errors import PluginError
from mjrules.rules.flags import Flags

FLAGS = Flags(kiriage=True, honba_value=300, kazoe="yakuman", disabled_yaku=("renhou",))


def test_declared_flags_are_read_with_their_type():
    assert FLAGS.get_bool("kiriage") is True
    assert FLAGS.get_int("honba_value") == 300
    assert FLAGS.get_str("kazoe") == "yakuman"
    assert FLAGS.get_list("disabled_yaku") == ("renhou",)


def test_a_declared_flag_ignores_the_default():
    assert FLAGS.get_int("honba_value", 0) == 300
    assert FLAGS.get_bool("kiriage", False) is True


def test_an_undeclared_flag_gives_the_default():
    assert FLAGS.get_bool("pao", False) is False
    assert FLAGS.get_int("yakuman_cap", 0) == 0
    assert FLAGS.get_str("renhou", "none") == "none"
    assert FLAGS.get_list("local_yaku", ()) == ()


def test_an_undeclared_flag_without_default_is_named():
    with pytest.raises(PluginError, match=r"'pao' is not declared"):
        FLAGS.get_bool("pao")


@pytest.mark.parametrize("getter, name", [
    ("get_int", "kiriage"),  # a bool is not an int here
    ("get_bool", "honba_value"),
    ("get_str", "disabled_yaku"),
    ("get_list", "kazoe"),
])
def test_a_flag_of_another_type_is_refused_even_with_a_default(getter, name):
    with pytest.raises(PluginError, match=rf"flag {name!r} is a"):
        getattr(FLAGS, getter)(name, FLAGS[name])


def test_flags_are_read_only_and_pickle():
    with pytest.raises(TypeError, match="read-only"):
        FLAGS["kiriage"] = False
    assert pickle.loads(pickle.dumps(FLAGS)) == FLAGS
