"""Issue 36: the tracebacks and wrong exits, the silent acceptances and the misleading messages a
new user still met. Every error is one line naming what is wrong and where, exit 2, no traceback;
what is accepted with a reservation says so in a note."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from mjrules.cli import main
from mjrules.game.moves import legal_own

DATA = Path(__file__).resolve().parent / "data"
HAND = "123m456p789s11222z"  # 14 tiles: menzen tsumo, 40 fu 1 han under any preset


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv: str, says: str) -> str:
    """A command that must refuse its input: exit 2, one line on stderr holding ``says``, nothing on stdout."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert says in err, err
    return err


def shell(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjrules", *argv], capture_output=True, timeout=120, **kw)


# ------------------------------------------------------------------ the tracebacks and wrong exits

def test_a_ruleset_that_disables_every_plugin_is_shown(capsys, tmp_path):
    from mjrules.rules.plugin_manager import ENABLED_BY_DEFAULT

    bare = tmp_path / "bare.toml"
    bare.write_text(f'extends = "tenhou"\n[plugins]\ndisable = {json.dumps(list(ENABLED_BY_DEFAULT))}\n',
                    encoding="utf-8")
    code, out, err = run(capsys, "rulesets", "show", str(bare))
    assert code == 0 and err == ""
    assert "plugins: none\n" in out and "no flags: no enabled plugin declares one" in out
    code, out, _ = run(capsys, "yaku", "--ruleset", str(bare))
    assert code == 0 and out == "ruleset bare scores no yaku: no enabled plugin registers one\n"


@pytest.mark.parametrize("argv", [
    ["simulate", "--rulesets", "tenhou", "--games", "1", "--players", 'mjai:"x,greedy,greedy,greedy'],
    ["play", "--players", 'mjai:"x,greedy,greedy'],
], ids=["simulate", "play"])
def test_a_bot_command_with_an_unbalanced_quote_is_refused(capsys, argv):
    refused(capsys, *argv, says="""--players: player 'mjai:"x': the bot's command cannot be read: No closing quotation""")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help_into_a_full_disk_say_so(flag):
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "mjrules", flag], stdout=full, stderr=subprocess.PIPE,
                              timeout=60)
    assert done.returncode == 1
    assert done.stderr.decode() == "mjrules: error: cannot write output: No space left on device\n"


def test_debug_shows_the_traceback_and_keeps_the_status_of_bad_input(capsys):
    code, out, err = run(capsys, "--debug", "score", "123m")
    assert code == 2 and out == ""
    assert err.startswith("Traceback") and err.splitlines()[-1].startswith("mjrules: error: wrong tile count")
    assert run(capsys, "score", HAND, "--debug", "--ron", "next", "--win", "5m")[0] == 2  # 5m is not in it


# ------------------------------------------------------------------ reading

@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs a file that cannot be read (Linux)")
@pytest.mark.parametrize("command", [["batch"], ["compare", "--progress"]])
def test_a_read_error_is_named_as_one(capsys, command):
    # /proc/self/mem opens, and its first read fails (EIO): that is no "cannot write output"
    refused(capsys, command[0], "--input", "/proc/self/mem", *command[1:],
            says="/proc/self/mem: cannot read line 1: Input/output error")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_replay_reads_only_regular_files_of_a_folder_and_names_the_others(tmp_path):
    record = next((DATA / "tenhou-mjlog").iterdir())
    (tmp_path / record.name).write_bytes(record.read_bytes())
    os.mkfifo(tmp_path / "pipe")  # opened, it would wait for a writer forever
    os.symlink(tmp_path / "gone", tmp_path / "dangling")
    for spec in (str(tmp_path), str(tmp_path / "*")):
        done = shell("replay", spec)
        assert done.returncode == 0, done.stderr
        assert done.stdout.decode().startswith("1 game, ")
        assert done.stderr.decode().splitlines() == [
            f"mjrules replay: note: {tmp_path / 'dangling'}: a broken link, not read",
            f"mjrules replay: note: {tmp_path / 'pipe'}: a FIFO, not read"]


# ------------------------------------------------------------------ silent acceptances, refused or noted

MAJIANG_IN = {"shoupai": "m123p456s789z11222", "rongpai": None,
              "param": {"zhuangfeng": 0, "menfeng": 1, "hupai": {}, "baopai": [], "fubaopai": [],
                        "jicun": {"changbang": 0, "lizhibang": 0}}}


def _batch(capsys, tmp_path, *lines: object) -> tuple[int, list[dict], str]:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    code, out, err = run(capsys, "batch", "--input", str(src))
    return code, [json.loads(x) for x in out.splitlines()], err


@pytest.mark.parametrize("rule, kind", [([], "list"), (None, "null"), (0, "int"), ("", "str"), (False, "bool")])
def test_a_batch_rule_that_is_no_object_is_an_error_of_its_line(capsys, tmp_path, rule, kind):
    code, out, _ = _batch(capsys, tmp_path, {"in": MAJIANG_IN}, {"in": MAJIANG_IN, "rule": rule})
    assert code == 1
    assert "error" not in out[0]
    assert out[1] == {"error": f"line 2: rule: expected an object of majiang-core rule keys, got {kind}"}


def test_an_empty_batch_rule_object_changes_nothing(capsys, tmp_path):
    code, out, _ = _batch(capsys, tmp_path, {"in": MAJIANG_IN}, {"in": MAJIANG_IN, "rule": {}})
    assert code == 0 and out[0] == out[1]


def test_a_batch_param_that_leaves_out_the_winds_says_how_it_was_read(capsys, tmp_path):
    empty = {**MAJIANG_IN, "param": {}}
    code, out, _ = _batch(capsys, tmp_path, empty, {**MAJIANG_IN, "param": {"menfeng": 1}}, MAJIANG_IN)
    assert code == 0
    # menzen tsumo 40 fu 1 han: the dealer's 700 all, as majiang's 0 for a wind left out makes it
    assert out[0]["payments"] == [2100, -700, -700, -700]
    assert out[0]["notes"] == ["param.menfeng left out: the winner is read as the dealer (0, East)",
                               "param.zhuangfeng left out: the round is read as East (0)"]
    assert out[1]["notes"] == ["param.zhuangfeng left out: the round is read as East (0)"]
    assert "notes" not in out[2]  # majiang-core's own form says both


def _toml(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_return_score_below_the_start_score_is_played_with_a_note(capsys, tmp_path):
    # a negative oka (majiang-core plays 配給原点 35,000 against its fixed 30,000): no error, a note
    low = _toml(tmp_path, "low.toml", 'extends = "tenhou"\n[flags]\nreturn_score = 20000\n')
    code, out, err = run(capsys, "score", HAND, "--ruleset", low)
    assert code == 0 and err == "" and "40 fu" in out
    code, out, err = run(capsys, "rulesets", "show", low)
    assert code == 0 and out.splitlines()[-1] == ("note: return_score 20000 is below start_score 25000: the oka is "
                                                  "negative, the top pays 20 points of its final points (as "
                                                  "majiang-core plays a 配給原点 above 30,000)")


def test_an_error_of_a_base_file_names_the_users_file_first(capsys, tmp_path):
    # _standard.toml's 300 a honba is right for four players; the user's players = 3 makes it wrong
    sanma = _toml(tmp_path, "sanma.toml", 'extends = "tenhou"\nplayers = 3\n')
    refused(capsys, "rulesets", "show", sanma, says=f"{sanma} (its honba_value from _standard.toml): [flags] honba_value")


def test_a_plugin_both_enabled_and_disabled_is_refused(capsys, tmp_path):
    both = _toml(tmp_path, "both.toml", 'extends = "tenhou"\n[plugins]\nenable = ["pao"]\ndisable = ["pao"]\n')
    refused(capsys, "score", HAND, "--ruleset", both, says="plugins: 'pao' is both enabled and disabled")


def test_a_ruleset_file_with_a_byte_order_mark_is_named_so(capsys, tmp_path):
    bom = tmp_path / "bom.toml"
    bom.write_bytes('\ufeffextends = "tenhou"\n'.encode("utf-8"))
    refused(capsys, "score", HAND, "--ruleset", str(bom), says="starts with a byte-order mark (BOM)")


def test_a_situation_tag_no_yaku_of_the_ruleset_reads_is_a_note(capsys, tmp_path):
    local = _toml(tmp_path, "local.toml", 'extends = "tenhou"\n[plugins]\nenable = ["local-yaku"]\n')
    code, out, _ = run(capsys, "score", HAND, "--extra", "kanburi")
    assert code == 0
    assert "Note: kanburi not scored: ruleset tenhou enables no yaku that reads it (plugin local-yaku has one).\n" in out
    # under two rulesets, one reading it: compared, the other noted, where it used to refuse the hand
    code, out, _ = run(capsys, "compare", HAND, "--extra", "kanburi", "--rulesets", f"{local},tenhou", "--json")
    assert code == 0
    assert json.loads(out)["notes"] == ["kanburi not scored: ruleset tenhou enables no yaku that reads it "
                                        "(plugin local-yaku has one)"]
    refused(capsys, "score", HAND, "--extra", "kanbur", says="situation tag 'kanbur' is read by no enabled yaku")


def test_every_plugin_is_asked_for_its_tags_only_when_a_tag_is_not_read(capsys, monkeypatch):
    from mjrules.tools import query

    def asked(rules):
        raise AssertionError("installed_tags asked of a hand every ruleset reads")

    monkeypatch.setattr(query, "installed_tags", asked)
    assert run(capsys, "score", HAND)[0] == 0
    assert run(capsys, "compare", HAND, "--rulesets", "tenhou,mleague")[0] == 0


def test_a_plugins_yaku_read_alone_are_those_its_plugin_manager_registers():
    # yaku_alone calls a plugin's two hooks itself; pluggy, through a manager of that plugin alone, is the second source
    from mjrules.rules.flags import Flags
    from mjrules.rules.plugin_manager import Plugins, known_plugins, yaku_alone
    from mjrules.scoring.scorer import Scorer

    rules = Scorer("tenhou").rules
    tags = set()
    for name in known_plugins():
        alone = Plugins([name])
        defaults = Flags({n: f.default for n, (_, f) in alone.flags().items()})
        try:
            expected = [y.id for _, y in alone.yaku(defaults, rules)]
        except Exception as e:  # a plugin whose yaku need another's flags fails alike
            with pytest.raises(Exception, match=str(e).rsplit(": ", 1)[-1]):
                yaku_alone(name, rules)
            continue
        got = yaku_alone(name, rules)
        assert [y.id for y in got] == expected, name
        tags |= {t for y in got for t in y.extras}
    assert {"kanburi", "tsubame_gaeshi"} <= tags


def test_replay_json_and_csv_together_are_refused(capsys):
    refused(capsys, "replay", "--rulesets", "tenhou,mleague", "--json", "--csv", str(DATA / "tenhou-mjlog"),
            says="give --json or --csv, not both")


@pytest.mark.parametrize("option", ["--hands", "--seed"])
def test_plugins_check_options_without_check_are_refused(capsys, option):
    refused(capsys, "plugins", option, "7", says=f"{option} is for --check")


def test_an_unknown_mjai_event_is_noted_in_the_replay(tmp_path):
    from mjrules.table.players import Greedy
    from mjrules.rules.rules import GameLength
    from mjrules.table.game import Table
    from mjrules.scoring.scorer import Scorer

    lines = Table(Scorer("tenhou"), [Greedy() for _ in range(4)], length=GameLength.TONPUU).play(7).record.splitlines()
    lines.insert(2, json.dumps({"type": "chat", "actor": 0, "text": "gg"}))
    record = tmp_path / "game.mjson"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = shell("replay", str(record))
    assert done.returncode == 0, done.stderr  # passed over: the game still replays as recorded
    assert f"{record}: line 3: event type 'chat' is none of mjai's; passed over\n" in done.stdout.decode()
    done = shell("replay", "--json", str(record))
    last = json.loads(done.stdout.decode().splitlines()[-2])
    assert f"{record}: line 3: event type 'chat' is none of mjai's; passed over" in last["notes"]


# ------------------------------------------------------------------ messages that mislead

def _compare_input(capsys, tmp_path, text: str, *more: str) -> tuple[int, str, str]:
    src = tmp_path / "hands.jsonl"
    src.write_text(text, encoding="utf-8")
    return run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou,mleague", *more)


def test_compare_input_errors_of_comparing_name_their_line(capsys, tmp_path):
    # line 1 reads, and then cannot be compared (a tsumo said to be a chankan); line 2 cannot be read
    code, _, err = _compare_input(capsys, tmp_path, '{"hand": "123m456p789s11222z", "chankan": true}\n{"hand": 1}\n')
    assert code == 1
    assert [x.split(":")[1].strip() for x in err.splitlines()] == ["line 1", "line 2"]


def test_compare_input_counts_its_blank_lines_and_says_when_nothing_was_compared(capsys, tmp_path):
    code, out, _ = _compare_input(capsys, tmp_path, '{"hand": "123m456p789s11222z"}\n\n  \n{"hand": "123m"}\n')
    assert code == 1
    assert out.splitlines()[0] == "reference tenhou: 1 hand scored, 1 bad line, 2 blank lines skipped"
    code, out, _ = _compare_input(capsys, tmp_path, "\n", "--json")
    assert code == 0 and json.loads(out)["blank_lines"] == 1
    code, out, _ = run(capsys, "compare", "--input", os.devnull, "--rulesets", "tenhou,mleague")
    assert code == 0
    assert out == ("reference tenhou: 0 hands scored, 0 bad lines\n"
                   "  mleague          nothing compared: no hand of the input was scored\n")


def _record_with_deal(tmp_path: Path, change) -> Path:
    from mjrules.table.players import Greedy
    from mjrules.rules.rules import GameLength
    from mjrules.table.game import Table
    from mjrules.scoring.scorer import Scorer

    events = [json.loads(x) for x in Table(Scorer("tenhou"), [Greedy() for _ in range(4)],
                                           length=GameLength.TONPUU).play(7).record.splitlines()]
    start = next(e for e in events if e["type"] == "start_kyoku")
    change(start)
    path = tmp_path / "game.mjson"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def test_a_deal_of_five_copies_is_blamed_on_the_deal(tmp_path):
    def fifth(start: dict) -> None:
        tile = start["dora_marker"]  # one copy shown; four more dealt to seat 2 make five
        start["tehais"][2][:4] = [tile] * 4

    record = _record_with_deal(tmp_path, fifth)
    done = shell("replay", str(record))
    assert done.returncode == 2
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "round E1 (line 2): the deal shows " in err
    assert "seat 2 is dealt 4" in err and "the dora indicator is one); a set has 4" in err


def test_a_tile_that_is_not_in_the_hand_is_said_to_be_missing():
    from mjrules.table.console import Console
    from tests.test_table import PINFU, SEAT2, SEAT3, round_play, s
    from mjrules.scoring.scorer import Scorer

    # the dealer holds a plain 5m and no red one; 9z is no tile of the hand at all
    play = round_play(Scorer("tenhou"), ["5m9m1p8p9s7s1234567z", PINFU, SEAT2, SEAT3], draws="1s")
    play.draw(0, False)
    view = play.view(0, legal_own(play, 0, s("1s")), s("1s"), None, None)
    assert Console.parse("0m", view, []) == "0m: not in your hand; you hold 5m"
    assert Console.parse("8m", view, []) == "8m: not in your hand"
    assert Console.parse("r7z", view, []) == "riichi 7z: not open to you now"  # held, but no tenpai


def test_score_of_a_hand_written_with_a_leading_dash_names_the_dash(capsys):
    refused(capsys, "score", "-123m", says="'-123m': unexpected '-' at position 1")
    refused(capsys, "shanten", "-123m", says="'-123m': unexpected '-' at position 1")


@pytest.mark.parametrize("games, says", [("-1", "'-1' is not a number of games 1-10000000"),
                                         ("0", "'0': play at least one game (1-10000000)")])
def test_simulate_games_names_the_range_it_takes(capsys, games, says):
    refused(capsys, "simulate", "--rulesets", "tenhou", "--games", games, says=says)


def test_a_megabyte_value_makes_no_megabyte_error(capsys, tmp_path):
    big = "m" + "1" * 1_000_000
    lines = [{"in": {"shoupai": "m123p456s789z11222", "param": {"menfeng": big}}},
             {"hand": "123m456p789s11222z", "extras": [big]}]
    src = tmp_path / "big.jsonl"
    src.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    code, out, err = run(capsys, "batch", "--input", str(src))
    first = json.loads(out.splitlines()[0])["error"]
    assert code == 1 and len(first) < 300 and first.endswith("… (1000003 characters)")
    assert first.startswith("line 1: param.menfeng: expected a whole number 0-3, got 'm111")
    code, _, err = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou,mleague")
    assert code == 1 and max(len(x) for x in err.splitlines()) < 300
    assert "line 2: situation tag 'm111" in err


def test_serve_writes_an_ipv6_address_in_brackets():
    from mjrules.cli.serve import url

    assert url("::1", 8000) == "http://[::1]:8000/"
    assert url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert url("localhost", 80) == "http://localhost:80/"


# ------------------------------------------------------------------ found trying 331 bad inputs more

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_a_fifo_named_as_a_ruleset_is_refused_not_waited_on(capsys, tmp_path):
    os.mkfifo(tmp_path / "pipe")  # no writer: opened, it would block forever
    refused(capsys, "rulesets", "show", str(tmp_path / "pipe"), says="a FIFO (named pipe), not a ruleset file")


def test_an_output_that_is_a_loop_of_links_is_refused_before_the_hand_is_scored(capsys, tmp_path):
    os.symlink(tmp_path / "loop", tmp_path / "loop")
    refused(capsys, "score", HAND, "--svg", str(tmp_path / "loop"), says="Too many levels of symbolic links")


# ------------------------------------------------------------------ issue 41: bytes that are not UTF-8

NOT_UTF8 = "'\\xff': not UTF-8 text (byte 0xff at position 1); mjrules reads its arguments as UTF-8"
"""What a command says of an argument ``\\xff``: Python holds the byte as a lone surrogate ``\\udcff``."""


@pytest.mark.skipif(os.name != "posix", reason="a command line of bytes (POSIX)")
@pytest.mark.parametrize("command", ["score", "shanten", "waits", "discard", "compare"])
def test_a_hand_of_bytes_that_are_not_utf8_is_named_not_a_traceback(command):
    # The bytes as a shell passes them: the native kernel raised UnicodeEncodeError (exit 1) on them.
    done = shell(command, os.fsencode("\udcff"))
    assert done.returncode == 2, done.stderr
    assert done.stderr.decode() == f"mjrules {command}: error: argument HAND: {NOT_UTF8}\n"
    assert done.stdout == b""


@pytest.mark.parametrize("argv, option", [
    (["score", HAND, "--dora", "\udcff"], "--dora"),
    (["score", HAND, "--ura", "\udcff"], "--ura"),
    (["compare", HAND, "--win", "\udcff"], "--win"),
    (["score", HAND, "--extra", "\udcff"], "--extra"),
    (["score", HAND, "--lang", "\udcff"], "--lang"),
    (["waits", "123m456p789s1122z", "--visible", "\udcff"], "--visible"),
    (["discard", "123m456p789s11222z", "--discards", "\udcff"], "--discards"),
    (["simulate", "--rulesets", "tenhou", "--seed", "\udcff"], "--seed"),
    (["play", "--seed", "\udcff"], "--seed"),
    (["odds", "tenhou", "--simulate", "10", "--seed", "\udcff"], "--seed"),
    (["plugins", "--check", "--seed", "\udcff"], "--seed"),
    (["score", HAND, "--ruleset", "\udcff"], "--ruleset"),
    (["compare", HAND, "--rulesets", "tenhou,\udcff"], "--rulesets"),
    (["simulate", "--rulesets", "tenhou", "--players", "\udcff"], "--players"),
    (["needs", "--scores", "25000,25000,25000,25000", "--me", "0", "--tie", "\udcff"], "--tie"),
    (["serve", "--host", "\udcff"], "--host"),
], ids=lambda x: x if isinstance(x, str) else x[0])
def test_an_option_of_bytes_that_are_not_utf8_is_named(capsys, argv, option):
    # what the command line gives Python for the byte 0xff: refused before any work, naming the option
    value = argv[-1]
    typed = "'" + value.replace("\udcff", "\\xff") + "'"
    refused(capsys, *argv, says=f"argument {option}: {typed}: not UTF-8 text (byte 0xff at position "
                                f"{value.index(chr(0xdcff)) + 1}); mjrules reads its arguments as UTF-8")


@pytest.mark.parametrize("read", ["mpsz", "majiang", "tiles", "tile"])
def test_the_library_names_text_that_is_not_utf8_alike_on_both_kernels(read):
    from mjrules.errors import NotationError
    from mjrules.notation import parse_majiang, parse_mpsz, parse_tiles
    from mjrules.notation.mpsz import parse_tile

    text, call = {"mpsz": ("123m\udcff", parse_mpsz), "majiang": ("m123\udcff", parse_majiang),
                  "tiles": ("123m\udcff", parse_tiles), "tile": ("\udcff5", parse_tile)}[read]
    with pytest.raises(NotationError) as e:
        call(text)
    position = text.index("\udcff") + 1
    assert str(e.value).endswith(f"{text.replace(chr(0xdcff), chr(92) + 'xff')!r}: not UTF-8 text "
                                 f"(byte 0xff at position {position})".replace("\\\\", "\\"))


def test_a_json_line_with_a_lone_surrogate_is_an_error_of_its_line(capsys, tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({**MAJIANG_IN, "shoupai": "m123p456s789z1122\udcff2"}) + "\n"
                   + json.dumps(MAJIANG_IN) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "batch", "--input", str(src))
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and err == ""
    assert lines[0] == {"error": "line 1: shoupai 'm123p456s789z1122\\xff2': not UTF-8 text (byte 0xff at position 18)"}
    assert lines[1]["win"] is True


@pytest.mark.skipif(os.name != "posix", reason="a file name of bytes (POSIX)")
def test_a_file_name_that_is_not_utf8_is_the_systems_and_is_read(tmp_path):
    # A record's name is the system's: read as given, written in the output as an escape, which a
    # JSON reader reads back as the same name, even where stdout refuses what it cannot encode.
    record = os.path.join(os.fsencode(tmp_path), b"\xff.mjlog")
    with open(record, "wb") as f:
        f.write(sorted((DATA / "tenhou-mjlog").iterdir())[0].read_bytes())
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    done = shell("replay", "--json", record, env=env)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(x) for x in done.stdout.decode("utf-8").splitlines()]
    assert lines[-2]["log"] == os.fsdecode(record) and lines[-1]["summary"]["games"] == 1
    done = shell("replay", record, env=env)
    assert done.returncode == 0 and done.stdout.decode("utf-8").splitlines()[-1].startswith("1 game, "), done.stderr


# ------------------------------------------------------------------ issue 41: two quick Ctrl-Cs at serve

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="sends SIGINT to a process")
@pytest.mark.parametrize("connection", [False, True], ids=["no-client", "open-connection"])
@pytest.mark.parametrize("ctrl_cs", [2, 1])
def test_two_quick_ctrl_cs_end_serve_with_one_line_and_free_the_port(connection, ctrl_cs):
    # Two Ctrl-Cs printed uvicorn's CancelledError traceback. A connection accepted as the server
    # stopped kept it waiting for its client, after one Ctrl-C or two: here, a request half sent.
    pytest.importorskip("uvicorn", reason="mjrules serve needs the web extra")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "mjrules", "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    client = None
    try:
        assert server.stdout.readline() == f"mjrules: serving http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
        for _ in range(600):  # until it answers (or has ended: the assertion below says why)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/table", timeout=10) as answer:
                    assert answer.status == 200
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.1)
        assert server.poll() is None, server.stderr.read()
        if connection:  # a client that keeps its connection open, a request half sent
            client = socket.create_connection(("127.0.0.1", port), timeout=10)
            client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        for _ in range(ctrl_cs):  # a second while the first is handled: in uvicorn's shutdown
            server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
        if client is not None:
            client.close()
    assert (server.returncode, err, out) == (130, "mjrules: interrupted\n", "")
    with pytest.raises(ConnectionRefusedError):  # nobody listens there any more
        socket.create_connection(("127.0.0.1", port), timeout=10).close()
