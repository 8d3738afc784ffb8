"""The command line as a new user meets it: the README's commands, open hands without quotes, red fives
a ruleset lacks read as plain, every batch line answered, Ctrl-C, write errors, plugins listed."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import unicodedata
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from mjrules.cli import main
from mjrules.notation import parse_json_hand

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"

# majiang-core's own example (the first line of its hule() data): North seat, open tanyao tsumo with
# red 0p and red 0m (in the chi), dora indicator 4s.
RED_LINE = {"shoupai": "m345p40677s67s8,m34-0", "rongpai": None,
            "param": {"zhuangfeng": 0, "menfeng": 3, "hupai": {}, "baopai": ["s4"], "fubaopai": [],
                      "jicun": {"changbang": 0, "lizhibang": 0}}}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> bool:
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err


# ------------------------------------------------------------------ 1. README install commands


def _install_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return [b.strip() for b in blocks[:2]]


def test_readme_install_commands_are_one_line_each_and_use_a_venv():
    for cmd in _install_commands():
        assert "\n" not in cmd
        steps = [s.strip() for s in cmd.split("&&")]
        assert steps[0] == "python3 -m venv .venv" and steps[1] == ". .venv/bin/activate", cmd
        # Nothing installs or runs before the environment is active.
        assert not any("pip" in s or "pytest" in s for s in steps[:2])


@pytest.mark.network  # pip installs mjrules' dependencies from the package index: on demand, and in CI
@pytest.mark.skipif(os.name != "posix", reason="the README commands are POSIX sh")
def test_readme_first_command_works_where_pip_outside_a_venv_is_refused(tmp_path, user_env):
    # A fresh checkout, and a Python whose pip refuses to install outside a virtual environment
    # (PIP_REQUIRE_VIRTUALENV is what Debian's externally-managed marker amounts to for pip), in the
    # user's own environment (their pip configuration), not the suite's temporary folders.
    src = tmp_path / "checkout"
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(".git", ".venv", "tests", "bench", "build",
                                                             "*.egg-info", "__pycache__"))
    base_bin = str(Path(sys.base_prefix) / "bin")
    # No MJRULES_KERNEL: with this PATH there may be no cargo, and the README's command must work
    # with whichever kernel the install could build.
    env = {k: v for k, v in user_env.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "MJRULES_KERNEL")}
    env.update(PATH=f"{base_bin}:/usr/bin:/bin", PIP_REQUIRE_VIRTUALENV="1")
    first = _install_commands()[0]
    proc = subprocess.run(["sh", "-c", first], cwd=src, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    # Dealer tsumo haneman (riichi, tsumo, pinfu, iipeikou, tanyao, dora 2 = 7 han): 6000 from each.
    assert "6000 all (18000 points" in proc.stdout


# ------------------------------------------------------------------ 2. open hands unquoted


def test_open_hand_unquoted_scores_like_the_quoted_one(capsys):
    code, out, err = run(capsys, "score", "067p88s45s6s", "3-45m", "555=s", "--json")
    assert code == 0, err
    data = json.loads(out)
    # 567p 456s 345m-chi 555s-pon 88s, dealer tsumo: tanyao 1 + red five 1 = 2 han; 20 + 2 (open
    # simple triplet) + 2 (tsumo) = 24 → 30 fu; 2 han 30 fu dealer tsumo = 1000 all.
    assert (data["han"], data["fu"], data["points"]) == (2, 30, 3000)
    assert run(capsys, "score", "067p88s45s6s 3-45m 555=s", "--json")[1] == out


def test_compare_takes_an_unquoted_open_hand(capsys):
    code, out, err = run(capsys, "compare", "067p88s45s6s", "3-45m", "555=s", "--rulesets", "tenhou,mleague", "--json")
    assert code == 0, err
    assert [r["points"] for r in json.loads(out)["results"]] == [3000, 3000]


# ------------------------------------------------------------------ 4. red fives without red fives


def test_score_reads_a_red_five_as_plain_with_a_note(capsys):
    code, out, err = run(capsys, "score", "067p88s45s6s", "3-45m", "555=s", "--ruleset", "ema2016")
    assert code == 0, err
    # As a plain 5p: tanyao only, 1 han 30 fu dealer tsumo = 500 all.
    assert "1 han 30 fu: 500 all (1500 points" in out
    note = next(line for line in out.splitlines() if line.startswith("Note:"))
    assert "0p" in note and "ema2016" in note and "red_fives_p" in note
    code, out, _ = run(capsys, "score", "067p88s45s6s", "3-45m", "555=s", "--ruleset", "ema2016", "--json")
    data = json.loads(out)
    assert data["points"] == 1500 and "red_fives_p" in data["notes"][0]


def test_batch_reads_a_red_five_as_plain_with_a_note(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(RED_LINE) + "\n"))
    code, out, _ = run(capsys, "batch", "--ruleset", "ema2016")
    assert code == 0
    data = json.loads(out)
    # Plain fives: tanyao alone, open tsumo 20 + 2 = 22 → 30 fu; non-dealer 1 han 30 fu tsumo 300-500.
    assert (data["han"], data["fu"], data["points"]) == (1, 30, 1100)
    assert data["payments"] == [-500, -300, -300, 1100]
    assert any("0p" in n and "red_fives_p" in n for n in data["notes"])
    assert any("0m" in n and "red_fives_m" in n for n in data["notes"])


def test_only_the_red_fives_the_set_lacks_are_read_as_plain(capsys, tmp_path):
    """A set with red 5p and 5s but no red 5m: the 0m is a plain five, the 0p still a red one."""
    club = tmp_path / "no-red-m.toml"
    club.write_text('extends = "tenhou"\n[flags]\nred_fives_m = 0\n', encoding="utf-8")
    code, out, err = run(capsys, "score", "406m406p22p234s678s", "--seat", "S", "--ruleset", str(club), "--json")
    assert code == 0, err
    data = json.loads(out)
    # Menzen tsumo, pinfu, tanyao and one red five (0p): 4 han 20 fu, basic 20 × 2^6 = 1280;
    # non-dealer tsumo 1300 from each non-dealer, 2600 from the dealer.
    assert (data["han"], data["fu"], data["points"]) == (4, 20, 5200)
    assert data["payments"] == [-2600, 5200, -1300, -1300]
    assert len(data["notes"]) == 1 and "0m" in data["notes"][0] and "red_fives_m" in data["notes"][0]


def test_compare_notes_the_red_five_read_as_plain(capsys):
    code, out, _ = run(capsys, "compare", "067p88s45s6s", "3-45m", "555=s", "--rulesets", "tenhou,ema2016")
    assert code == 0
    notes = [line for line in out.splitlines() if line.startswith("Note:")]
    assert len(notes) == 1 and "ema2016" in notes[0] and "red_fives_p" in notes[0]


def test_compare_corpus_counts_and_notes_red_fives_read_as_plain(capsys, tmp_path):
    src = tmp_path / "red.jsonl"
    src.write_text(json.dumps(RED_LINE) + "\n", encoding="utf-8")
    details = tmp_path / "details.jsonl"
    code, out, _ = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou,ema2016", "--json",
                       "--output", str(details))
    assert code == 0 and json.loads(out)["red_fives_read_plain"] == {"ema2016": 1}
    notes = json.loads(details.read_text(encoding="utf-8"))["notes"]
    assert len(notes) == 2 and all("ema2016" in n for n in notes)  # 0m and 0p
    # Under ema2016 the hand is tanyao alone (1100); under tenhou the two red fives add 2 han (4000).
    assert json.loads(details.read_text(encoding="utf-8"))["results"][1]["points"] == 1100


# ------------------------------------------------------------------ 5. batch: a line out per line in


def test_batch_answers_every_line_blank_ones_too_and_exits_1_on_errors(capsys, monkeypatch, hule_lines):
    good = json.dumps(hule_lines[0]["in"])
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{good}\n\n   \n{good}\n"))
    code, out, _ = run(capsys, "batch")
    lines = out.splitlines()
    assert code == 1
    assert len(lines) == 4
    assert json.loads(lines[1]) == {"error": "line 2: blank line"}
    assert json.loads(lines[2]) == {"error": "line 3: blank line"}
    assert json.loads(lines[3])["points"] == hule_lines[0]["out"]["defen"]
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{good}\n{good}\n"))
    assert run(capsys, "batch")[0] == 0


# ------------------------------------------------------------------ 6. Ctrl-C and write errors


def _second_call_interrupted(monkeypatch, cls, *names):
    """Make the second call of any of ``cls``'s methods ``names`` a Ctrl-C (the first line's work
    done, the next one's not)."""
    calls = []

    def interrupted(real):
        def call(self, *a):
            calls.append(1)
            if len(calls) == 2:
                raise KeyboardInterrupt
            return real(self, *a)
        return call

    for name in names:
        monkeypatch.setattr(cls, name, interrupted(getattr(cls, name)))


def test_ctrl_c_in_batch_keeps_what_was_written_and_exits_130(capsys, tmp_path, hule_lines, monkeypatch):
    from mjrules.tools.batch import LineScorer

    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(x["in"]) + "\n" for x in hule_lines[:3]), encoding="utf-8")

    # the Python kernel scores line by line; the native one a chunk of lines at a time, here one a chunk
    _second_call_interrupted(monkeypatch, LineScorer, "score", "render_utf8")
    monkeypatch.setattr("mjrules.cli.batch.NATIVE_CHUNK", 1)
    dst = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "batch", "--input", str(src), "--output", str(dst))
    assert code == 130 and one_line(err) and "interrupted" in err
    assert json.loads(dst.read_text(encoding="utf-8"))["points"] == hule_lines[0]["out"]["defen"]


def test_ctrl_c_in_compare_input_exits_130(capsys, tmp_path, hule_lines, monkeypatch):
    from mjrules.tools.compare import Comparer

    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(x["in"]) + "\n" for x in hule_lines[:3]), encoding="utf-8")
    # the Python kernel compares line by line; the native one a chunk of lines at a time, here one a chunk
    _second_call_interrupted(monkeypatch, Comparer, "compare", "native_lines")
    monkeypatch.setattr("mjrules.cli.compare.NATIVE_CHUNK", 1)
    dst = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou,mleague", "--output", str(dst))
    assert code == 130 and one_line(err) and "interrupted" in err
    assert json.loads(dst.read_text(encoding="utf-8"))["line"] == 1


def _wait_for_cpu(pid: int, seconds: float, timeout: float = 120) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU time (from /proc), not a fixed wall time."""
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / ticks >= seconds:  # utime + stime
            return
        time.sleep(0.05)
    pytest.fail(f"the process used less than {seconds} s of CPU in {timeout} s")


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads CPU time from /proc (Linux)")
def test_ctrl_c_in_odds_simulate_exits_130_with_one_line():
    proc = subprocess.Popen([sys.executable, "-m", "mjrules", "odds", "tenhou", "--simulate", "100000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for_cpu(proc.pid, seconds=1.5)  # past start-up, into the dealing, however loaded the machine
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == "mjrules: interrupted\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("argv", [["table", "--json"], ["batch", "--output", "/dev/full"]])
def test_a_write_error_is_one_line_and_status_1(argv, hule_lines):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "mjrules", *argv], stdout=full, stderr=subprocess.PIPE,
                              input=json.dumps(hule_lines[0]["in"]) + "\n", text=True, timeout=60)
    assert proc.returncode == 1
    assert one_line(proc.stderr) and "No space left on device" in proc.stderr


# ------------------------------------------------------------------ 7. odds --simulate limits


@pytest.mark.parametrize("n", ["9999999999", "1000000000000", "100000001", "9" * 5000])
def test_simulate_refuses_too_many_deals_naming_the_limit(capsys, monkeypatch, n):
    import mjrules.cli.analysis as analysis

    monkeypatch.setattr(analysis, "simulate_tenhou", lambda *a: pytest.fail(f"dealt {n} hands instead of refusing"))
    code, _, err = run(capsys, "odds", "tenhou", "--simulate", n)
    assert code == 2 and one_line(err)
    assert "too many" in err and "100,000,000" in err
    assert "positive whole number" not in err and len(err) < 200


def test_simulate_shows_progress_on_a_terminal_and_the_same_result_without(capsys, monkeypatch):
    import mjrules.cli.analysis as analysis

    monkeypatch.setattr(analysis, "SIMULATE_CHUNK", 1000)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, on_tty, err = run(capsys, "odds", "tenhou", "--simulate", "3000", "--seed", "7", "--json")
    assert code == 0
    assert "3,000/3,000" in err and "1,000/3,000" in err
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    code, plain, err = run(capsys, "odds", "tenhou", "--simulate", "3000", "--seed", "7", "--json")
    assert err == "" and json.loads(plain)["simulation"] == json.loads(on_tty)["simulation"]
    assert json.loads(plain)["simulation"]["draws"] == 3000


# ------------------------------------------------------------------ 8. --output is not --input


@pytest.mark.parametrize("command", ["batch", "compare"])
def test_output_naming_the_input_is_refused_before_writing(capsys, tmp_path, hule_lines, command):
    src = tmp_path / "hands.jsonl"
    text = "".join(json.dumps(x["in"]) + "\n" for x in hule_lines[:3])
    src.write_text(text, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.jsonl"
    link.symlink_to(src)
    for same in (str(src), str(tmp_path / "sub" / ".." / "hands.jsonl"), str(link)):
        code, out, err = run(capsys, command, "--input", str(src), "--output", same)
        assert code == 2 and one_line(err) and "--input" in err
        assert src.read_text(encoding="utf-8") == text


# ------------------------------------------------------------------ 9. plugins


def test_plugins_lists_installed_ones_and_marks_the_enabled(capsys, monkeypatch, tmp_path):
    from mjrules.rules import plugin_manager

    fake = EntryPoint(name="rooster", value="rooster_yaku:plugin", group="mjrules")
    monkeypatch.setattr(plugin_manager, "installed_plugins", lambda: {"rooster": fake})
    code, out, _ = run(capsys, "plugins", "--json")
    assert code == 0
    rows = {r["name"]: r for r in json.loads(out)}
    # Off in tenhou, but installed: listed, not enabled, no hooks shown.
    for name in ("local-yaku", "aotenjou"):
        assert rows[name]["source"] == "built-in" and not rows[name]["enabled"] and rows[name]["hooks"] == []
    assert rows["rooster"]["source"] == "entry point" and not rows["rooster"]["enabled"]
    assert rows["pao"]["enabled"] and "mjrules_pao" in rows["pao"]["hooks"]
    club = tmp_path / "club.toml"
    club.write_text('extends = "tenhou"\n[plugins]\nenable = ["local-yaku"]\n', encoding="utf-8")
    code, out, _ = run(capsys, "plugins", "--ruleset", str(club))
    line = next(x for x in out.splitlines() if " local-yaku " in x)
    assert line.startswith("*") and "mjrules_register_yaku" in line
    assert next(x for x in out.splitlines() if " rooster " in x).startswith(" ")


# ------------------------------------------------------------------ 10. smaller points


# 222m 345p 678s 456s 88s, closed, tsumo on 6s: riichi, menzen tsumo, tanyao and dora 3p (indicator 2p)
# = 4 han; 20 + 4 (closed simple triplet) + 2 (tsumo) = 26 → 30 fu.
FOUR_THIRTY = ["222m345p678s88s456s", "--riichi", "--dora", "2p"]


def test_tsumo_shows_the_payments_split(capsys):
    code, out, _ = run(capsys, "score", *FOUR_THIRTY, "--seat", "S")
    # 4 han 30 fu, non-dealer tsumo: 2000 from each non-dealer, 3900 from the dealer.
    assert code == 0 and "4 han 30 fu: 2000-3900 (7900 points" in out
    code, out, _ = run(capsys, "score", *FOUR_THIRTY, "--seat", "E")
    assert code == 0 and "4 han 30 fu: 3900 all (11700 points" in out
    code, out, _ = run(capsys, "score", *FOUR_THIRTY, "--seat", "S", "--ron", "previous")
    # By ron: 4 han 30 fu non-dealer = 7700 (the menzen-ron 10 fu make it 40 fu: 8000, mangan).
    assert code == 0 and re.search(r": \d+ points \(base", out) and "all" not in out.split("Payments")[0]


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def test_yaku_values_line_up_under_kanji(capsys):
    _, out, _ = run(capsys, "score", "223344m567p88s234s", "--riichi", "--dora", "1m")
    rows = [x for x in out.splitlines() if x.endswith(" han") and x.startswith("  ")]
    assert len(rows) == 6
    assert len({_width(x[:x.rindex(" ", 0, len(x) - 4)]) for x in rows}) == 1
    _, out, _ = run(capsys, "yaku")
    # The value column ("1 han closed, …", "1x yakuman", "1 han each") starts at one display column.
    starts = {_width(x[:m.start()]) for x in out.splitlines() if (m := re.search(r"  \d+(x yakuman| han)", x))}
    assert len(out.splitlines()) > 30 and len(starts) == 1


def test_debug_is_accepted_after_the_command(capsys):
    assert run(capsys, "score", "123m456p789s11222z", "--debug")[0] == 0
    for argv in (["score", "123m456p789s11222z", "--ruleset", "nosuch", "--debug"],
                 ["--debug", "score", "123m456p789s11222z", "--ruleset", "nosuch"]):
        code, _, err = run(capsys, *argv)  # the traceback, then the one line, and the status of bad input
        assert code == 2 and "Traceback" in err
        assert err.splitlines()[-1].startswith("mjrules: error: unknown ruleset 'nosuch'")


@pytest.mark.parametrize("argv", [["score", "123m456p789s11222z", "--honba"],
                                  ["needs", "--scores", "25000,25000,25000,25000", "--me", "0", "--dealer", "0",
                                   "--honba"]])
@pytest.mark.parametrize("value", ["²", "1000", "x", "9" * 5000])
def test_honba_must_be_a_whole_number_0_to_999(capsys, argv, value):
    code, _, err = run(capsys, *argv, value)
    assert code == 2 and one_line(err)
    assert "--honba" in err and "is not a whole number 0-999" in err
    assert "set_int_max_str_digits" not in err and len(err) < 200


@pytest.mark.parametrize("word, discarder", [("across", 2), ("left", 3), ("right", 1), ("Opposite", 2), ("=", 2)])
def test_json_hands_take_the_ron_words_of_the_cli(word, discarder):
    _, win = parse_json_hand({"hand": "123m456p789s11222z", "ron": word})
    assert win.discarder == discarder and not win.tsumo


def test_json_hand_ron_word_through_compare(capsys, tmp_path):
    src = tmp_path / "h.jsonl"
    src.write_text(json.dumps({"hand": "123m456p789s11z 555=z", "ron": "across", "seat": "S"}) + "\n",
                   encoding="utf-8")
    code, out, err = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou", "--json")
    assert code == 0 and json.loads(out)["bad_lines"] == 0, out


@pytest.mark.parametrize("value", ["", " , "])
def test_compare_refuses_an_empty_ruleset_list(capsys, value):
    code, _, err = run(capsys, "compare", "123m456p789s11222z", "--rulesets", value)
    assert code == 2 and one_line(err) and "empty" in err


def test_a_byte_order_mark_on_line_1_is_ignored(capsys, tmp_path, hule_lines):
    src = tmp_path / "bom.jsonl"
    src.write_bytes(b"\xef\xbb\xbf" + (json.dumps(hule_lines[0]["in"]) + "\n").encode())
    code, out, _ = run(capsys, "batch", "--input", str(src))
    assert code == 0 and json.loads(out)["points"] == hule_lines[0]["out"]["defen"]
    code, out, _ = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou", "--json")
    assert code == 0 and json.loads(out)["bad_lines"] == 0


def test_numbers_of_absurd_length_get_a_clean_error(capsys, monkeypatch, tmp_path, hule_lines):
    huge = "9" * 5000
    line = json.dumps(hule_lines[0]["in"]).replace('"changbang": 0', f'"changbang": {huge}')
    assert huge in line
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    code, out, _ = run(capsys, "batch")
    error = json.loads(out)["error"]
    assert code == 1 and error.startswith("line 1: ") and "set_int_max_str_digits" not in error and len(error) < 200
    src = tmp_path / "huge.jsonl"
    src.write_text(line + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou",
                       "--output", str(tmp_path / "d.jsonl"))
    detail = json.loads((tmp_path / "d.jsonl").read_text(encoding="utf-8"))
    assert "set_int_max_str_digits" not in detail["error"] and len(detail["error"]) < 200
    for argv in (["odds", "tenhou", "--simulate", "5", "--seed", huge],
                 ["needs", "--scores", f"{huge},1,1,1", "--me", "0", "--dealer", "0"],
                 ["score", "123m456p789s11222z", "--sticks", huge]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and one_line(err) and "set_int_max_str_digits" not in err and len(err) < 300, argv
