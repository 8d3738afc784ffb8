"""Scale: batch and compare --input with worker processes (--jobs), on a Dask cluster (--scheduler,
mjrules.dask), columnar output, and the shared compiled state behind them. Output identity is
asserted (jobs 1 = jobs 2 = Dask); speed is measured in bench/, never here."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mjrules import Scorer, load_ruleset, parse_majiang_input
from mjrules.notation import json_hand
from mjrules.cli import main
from mjrules.readings.reading import analyse
from mjrules.tools.batch import RECORD_FIELDS, LineScorer
from mjrules.tools.parallel import ordered_map, worker_count

DATA = Path(__file__).parent / "data" / "majiang-hule-public.jsonl"

BAD = {  # line number → (text, what its error names)
    3: ("not json at all", "not JSON"),
    7: ("", "blank line"),
    11: ('{"shoupai": "m123x", "param": {}}', "m123x"),
    400: ('{"hand": "123m456p789s11222z", "sead": "S"}', "'sead' (did you mean 'seat'?)"),
    2500: ('{"in": {"shoupai": "m123456789p1234"}, "rule": {"no such key": true}}', "no such key"),
}


def _as_read(k: int, data: dict) -> str:
    """Public hand ``k`` as a line: every third one an mjrules JSON hand, the others majiang-core's
    ``in`` object, so that every path reads both forms of a corpus."""
    if k % 3:
        return json.dumps(data, ensure_ascii=False)
    return json.dumps(json_hand(*parse_majiang_input(data)), ensure_ascii=False)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """The 5,000 public hands, a third of them as mjrules JSON hands, with bad lines put in at the
    line numbers of BAD."""
    lines = [_as_read(k, json.loads(line)["in"]) for k, line in enumerate(DATA.read_text("utf-8").splitlines())]
    for n in sorted(BAD):
        lines.insert(n - 1, BAD[n][0])
    path = tmp_path_factory.mktemp("scale") / "corpus.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def batch_jobs_1(corpus, tmp_path_factory) -> bytes:
    out = tmp_path_factory.mktemp("scale") / "jobs1.jsonl"
    assert main(["batch", "--input", str(corpus), "--output", str(out)]) == 1  # errors: status 1
    return out.read_bytes()


def public_defen() -> list[int]:
    """majiang-core's points for each public hand (0: no win), the second source of these tests."""
    return [json.loads(line)["out"]["defen"] if json.loads(line)["out"] else 0
            for line in DATA.read_text("utf-8").splitlines()]


# -- batch --jobs ----------------------------------------------------------------------------------

def test_batch_jobs_2_writes_the_same_bytes_as_jobs_1(corpus, batch_jobs_1, tmp_path):
    out = tmp_path / "jobs2.jsonl"
    assert main(["batch", "--jobs", "2", "--input", str(corpus), "--output", str(out)]) == 1
    assert out.read_bytes() == batch_jobs_1


def test_batch_jobs_keeps_input_order_and_line_numbers(batch_jobs_1):
    lines = batch_jobs_1.decode("utf-8").splitlines()
    assert len(lines) == 5000 + len(BAD)
    for n, (_, named) in BAD.items():
        error = json.loads(lines[n - 1])["error"]
        assert error.startswith(f"line {n}: ") and named in error
    good = [json.loads(line) for n, line in enumerate(lines, 1) if n not in BAD]
    assert [r["points"] if r else 0 for r in good] == public_defen()


def test_jobs_0_is_one_worker_per_core():
    assert worker_count(0) == len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else worker_count(0) >= 1
    assert worker_count(3) == 3


def test_a_negative_jobs_is_refused_in_one_line(capsys):
    assert main(["batch", "--jobs", "-1"]) == 2
    err = capsys.readouterr().err
    assert "--jobs" in err and len(err.strip().splitlines()) == 1


def test_batch_lines_render_as_json_dumps_of_to_dict():
    """The lean renderer writes exactly what json.dumps writes for the result's dict."""
    lines = LineScorer("jpml-a")  # no red fives in its set: notes on the hands that hold them
    noted = 0
    for text in DATA.read_text("utf-8").splitlines():
        result, notes = lines.score(text)
        if not result.is_win:
            continue
        data = result.to_dict()
        if notes:
            data["notes"] = notes
            noted += 1
        assert lines.result_json(result, notes) == json.dumps(data, ensure_ascii=False)
    assert noted > 100


# -- the parallel map ------------------------------------------------------------------------------

def _slow_square(offset: int, chunk: list[int]) -> list[int]:
    time.sleep(0.05 if chunk[0] % 2 else 0)  # odd chunks finish after the even ones sent after them
    return [offset + x * x for x in chunk]


def _offset() -> int:
    return 1000


def test_ordered_map_gives_results_in_input_order_from_worker_processes():
    got = [x for part in ordered_map(_slow_square, range(200), _offset, jobs=2, chunk_size=7) for x in part]
    assert got == [1000 + x * x for x in range(200)]


def test_ordered_map_stops_its_workers_when_the_reader_stops_early():
    results = ordered_map(_slow_square, range(10_000), _offset, jobs=2, chunk_size=5)
    assert next(results) == [1000 + x * x for x in range(5)]
    results.close()  # no hang, no worker left: the pool is shut down


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="sends SIGINT to a process group")
def test_ctrl_c_stops_batch_jobs_2_with_one_line_and_whole_output_lines(corpus, batch_jobs_1, tmp_path):
    out = tmp_path / "out.jsonl"
    # Its own process group, signalled whole, as a terminal's Ctrl-C reaches every process of the job.
    proc = subprocess.Popen([sys.executable, "-m", "mjrules", "batch", "--jobs", "2", "--input", "-",
                             "--output", str(out)], stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    assert proc.stdin is not None and proc.stderr is not None
    # The corpus comes on stdin, over and over, until batch stops reading: its input has no end, so
    # the Ctrl-C finds it at work however fast it scores (a fixed input could be done before).
    feeder = threading.Thread(target=_feed_until_closed, args=(proc.stdin, corpus.read_bytes()), daemon=True)
    feeder.start()
    try:
        deadline = time.monotonic() + 60
        while not (out.exists() and out.stat().st_size):  # past start-up, scoring under way
            assert proc.poll() is None and time.monotonic() < deadline, "batch wrote nothing"
            time.sleep(0.01)
        os.killpg(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=120) == 130
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        feeder.join(60)
    assert proc.stderr.read() == b"mjrules: interrupted\n"
    written = out.read_bytes()
    assert written.endswith(b"\n")  # whole lines, in order
    once = batch_jobs_1.decode("utf-8").splitlines()
    lines = written.decode("utf-8").splitlines()
    assert lines
    for i, line in enumerate(lines, 1):
        j = (i - 1) % len(once) + 1
        if j in BAD:
            assert json.loads(line)["error"].startswith(f"line {i}: ")
        else:
            assert line == once[j - 1]


def _feed_until_closed(stdin, data: bytes) -> None:
    """Write ``data`` to ``stdin`` over and over until the reader has gone."""
    try:
        with stdin:
            while True:
                stdin.write(data)
    except OSError:  # the reader ended
        pass


# -- compare --input --jobs ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def small_corpus(corpus, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("scale") / "small.jsonl"
    path.write_text("".join(corpus.read_text("utf-8").splitlines(keepends=True)[:800]), encoding="utf-8")
    return path


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_compare_jobs_2_writes_the_same_details_and_summary_as_jobs_1(small_corpus, tmp_path, capsys, suffix):
    outputs = []
    for jobs in ("1", "2"):
        details = tmp_path / f"details{jobs}{suffix}"
        code = main(["compare", "--jobs", jobs, "--input", str(small_corpus), "--rulesets", "tenhou,jpml-a,mleague",
                     "--output", str(details), "--json"])
        assert code == 1  # the corpus has bad lines: named on stderr, exit 1, as batch
        captured = capsys.readouterr()
        outputs.append((details.read_bytes(), captured.out, captured.err))
    assert outputs[0] == outputs[1]
    assert outputs[0][2].count("mjrules compare: line ") == 3
    summary = json.loads(outputs[0][1])
    # compare skips blank lines: of lines 3, 7, 11 and 400, three are bad
    assert summary["bad_lines"] == 3 and summary["hands_scored"] == 800 - 4
    assert summary["red_fives_read_plain"]["jpml-a"] > 0


# -- shared compiled state -------------------------------------------------------------------------

def test_scorers_with_the_same_yaku_share_one_index_and_score_alike():
    tenhou = Scorer("tenhou")
    kiriage = tenhou.with_flags(kiriage=True)  # a flag that changes no yaku
    assert kiriage.index is tenhou.index and kiriage.plugins is tenhou.plugins
    separate = Scorer(load_ruleset("tenhou").with_flags(kiriage=True))
    assert separate.index is tenhou.index
    for line in DATA.read_text("utf-8").splitlines()[:1000]:
        readings = analyse(*parse_majiang_input(json.loads(line)["in"]))
        assert kiriage.score_readings(readings) == separate.score_readings(readings)
    no_kuitan = tenhou.with_flags(open_tanyao=False)
    assert {y.han_open for y in no_kuitan.yaku if y.id == "tanyao"} == {None}  # tanyao changed: its own index
    assert no_kuitan.index is not tenhou.index


def test_hands_that_differ_only_in_winds_no_yaku_reads_share_a_pool():
    scorer = Scorer("tenhou")
    hand, east = parse_majiang_input({"shoupai": "m123p456s789m55p78p9", "rongpai": None,
                                      "param": {"zhuangfeng": 0, "menfeng": 0, "hupai": {}, "baopai": ["s1"],
                                                "fubaopai": [], "jicun": {"changbang": 0, "lizhibang": 0}}})
    _, south = parse_majiang_input({"shoupai": "m123p456s789m55p78p9", "rongpai": None,
                                    "param": {"zhuangfeng": 1, "menfeng": 2, "hupai": {}, "baopai": ["s1"],
                                              "fubaopai": [], "jicun": {"changbang": 0, "lizhibang": 0}}})
    a, b = analyse(hand, east)[0], analyse(hand, south)[0]
    assert a.features != b.features  # the winds are in the situation …
    scorer.score_readings([a])
    scorer.score_readings([b])
    index = scorer.index
    assert index.pool(a.features) is index.pool(b.features)  # … but decide nothing here: no wind triplet


# -- columnar output -------------------------------------------------------------------------------

def test_batch_csv_has_one_record_per_line_with_the_json_lines_values(corpus, batch_jobs_1, tmp_path):
    out = tmp_path / "out.csv"
    assert main(["batch", "--csv", "--jobs", "2", "--input", str(corpus), "--output", str(out)]) == 1
    rows = list(csv.DictReader(io.StringIO(out.read_text("utf-8"))))
    assert list(rows[0]) == list(RECORD_FIELDS)
    assert len(rows) == 5000 + len(BAD)
    for row, line in zip(rows, batch_jobs_1.decode("utf-8").splitlines()):
        data = json.loads(line)
        if data is None:
            assert row["win"] == "False" and row["error"] == ""
        elif "error" in data:
            assert row["error"] == data["error"]
        else:
            assert int(row["points"]) == data["points"]
            assert [int(row[f"pay_{s}"]) for s in ("east", "south", "west", "north")] == data["payments"]
            assert row["yaku"].split() == [y["id"] for y in data["yaku"]]


def test_batch_parquet_has_one_row_per_line(corpus, batch_jobs_1, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="CI installs mjrules[parquet]")
    out = tmp_path / "out.parquet"
    assert main(["batch", "--input", str(corpus), "--output", str(out)]) == 1
    table = pq.read_table(out)
    assert table.column_names == list(RECORD_FIELDS)
    rows = table.to_pylist()
    expected = [json.loads(line) for line in batch_jobs_1.decode("utf-8").splitlines()]
    assert len(rows) == len(expected)
    for row, data in zip(rows, expected):
        if data and "points" in data:
            assert (row["han"], row["fu"], row["yakuman"], row["limit"], row["points"]) == (
                data["han"], data["fu"], data["yakuman"], data["limit"], data["points"])
            assert [row["pay_east"], row["pay_south"], row["pay_west"], row["pay_north"]] == data["payments"]
            assert row["yaku"] == [y["id"] for y in data["yaku"]]
        else:
            assert row["win"] is False and row["points"] is None


def test_parquet_to_stdout_is_refused_in_one_line(capsys, corpus):
    assert main(["batch", "--csv", "--input", str(corpus), "--output", "x.parquet"]) == 2
    assert "one format" in capsys.readouterr().err


# -- Dask ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cluster():
    """A real local Dask cluster: a scheduler and two worker processes on 127.0.0.1."""
    distributed = pytest.importorskip("distributed", reason="CI installs mjrules[dask]")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as c:
        yield c


def test_batch_on_a_dask_cluster_writes_the_same_bytes_as_jobs_1(cluster, corpus, batch_jobs_1, tmp_path):
    out = tmp_path / "dask.jsonl"
    assert main(["batch", "--scheduler", cluster.scheduler_address, "--input", str(corpus),
                 "--output", str(out)]) == 1
    assert out.read_bytes() == batch_jobs_1


def test_compare_on_a_dask_cluster_matches_jobs_1(cluster, small_corpus, tmp_path, capsys):
    outputs = []
    for how in (["--jobs", "1"], ["--scheduler", cluster.scheduler_address]):
        details = tmp_path / "details.csv"
        assert main(["compare", *how, "--input", str(small_corpus), "--rulesets", "tenhou,ema2016",
                     "--output", str(details), "--json"]) == 1  # its bad lines
        captured = capsys.readouterr()
        outputs.append((details.read_bytes(), captured.out, captured.err))
    assert outputs[0] == outputs[1]


def test_compare_on_a_dask_cluster_sends_a_local_ruleset_file_loaded(cluster, small_corpus, tmp_path, capsys,
                                                                     monkeypatch):
    # The workers run in another directory (as on another machine, without the file): a relative
    # path that only this process can read still compares there, under the name given here.
    (tmp_path / "club.toml").write_text('name = "club"\nextends = "tenhou"\n\n[flags]\nkiriage = true\n',
                                        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    outputs = []
    for how in (["--jobs", "1"], ["--scheduler", cluster.scheduler_address]):
        details = tmp_path / "details.jsonl"
        assert main(["compare", *how, "--input", str(small_corpus), "--rulesets", "tenhou,club.toml",
                     "--output", str(details), "--json"]) == 1  # its bad lines
        captured = capsys.readouterr()
        outputs.append((details.read_bytes(), captured.out, captured.err))
    assert outputs[0] == outputs[1]
    assert b"club.toml" in outputs[0][0] and b"flag:kiriage" in outputs[0][0]


def test_the_dask_bag_api_gives_the_batch_lines_and_records(cluster, corpus, batch_jobs_1):
    import dask.bag as db
    from distributed import Client

    import mjrules.dask as mjdask

    with Client(cluster.scheduler_address, set_as_default=False) as client:
        bag = db.read_text(str(corpus), blocksize="200kB")
        assert bag.npartitions > 2
        lines = mjdask.score_lines(bag, "majiang").compute(scheduler=client.get)
        assert ("\n".join(lines) + "\n").encode("utf-8") == batch_jobs_1
        records = mjdask.score(bag).compute(scheduler=client.get)
    numbered = list(enumerate(corpus.read_text("utf-8").splitlines(keepends=True), 1))
    assert records == LineScorer("majiang").records(numbered).records


def test_scheduler_that_cannot_be_reached_is_one_line(capsys, corpus):
    pytest.importorskip("distributed", reason="CI installs mjrules[dask]")
    assert main(["batch", "--scheduler", "tcp://127.0.0.1:9", "--input", str(corpus), "--output", os.devnull]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler" in err and len(err.strip().splitlines()) == 1


def test_without_dask_the_scheduler_option_says_how_to_install_it(capsys, corpus, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    assert main(["batch", "--scheduler", "tcp://127.0.0.1:8786", "--input", str(corpus)]) == 2
    assert "pip install 'mjrules[dask]'" in capsys.readouterr().err


def test_rule_objects_are_the_same_with_jobs_2(tmp_path, capsys, variant_lines):
    """Lines with majiang-core "rule" objects (the public rule variants), and rule objects with game
    keys (applied to the game, nothing of a hand's score): the same output with any --jobs."""
    lines = [json.dumps({"in": x["in"], "rule": x.get("rule", {})}, ensure_ascii=False) for x in variant_lines[:3000]]
    unapplied = {"in": variant_lines[0]["in"], "rule": {"オーラス止めあり": True}}
    other = {"in": variant_lines[1]["in"], "rule": {"延長戦方式": 2, "クイタンあり": False}}
    for n, obj in ((1500, unapplied), (1700, other), (2600, unapplied), (2900, other)):
        lines.insert(n - 1, json.dumps(obj, ensure_ascii=False))
    src = tmp_path / "rules.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outputs = []
    for jobs in ("1", "2"):
        dst = tmp_path / f"out{jobs}.jsonl"
        assert main(["batch", "--jobs", jobs, "--input", str(src), "--output", str(dst)]) == 0
        outputs.append((dst.read_bytes(), capsys.readouterr().err))
    assert outputs[0] == outputs[1]
    assert outputs[0][1] == ""
    results = [json.loads(line) for line in outputs[0][0].decode("utf-8").splitlines()]
    expected = [x["out"]["defen"] if x["out"] else 0 for x in variant_lines[:3000]]
    got = [r["points"] if r else 0 for n, r in enumerate(results, 1) if n not in (1500, 1700, 2600, 2900)]
    assert got == expected  # majiang-core's own points for each variant line


@pytest.mark.parametrize("address", ["0", "tcp://", "localhost", "tcp://host:port", "http://h:1 x"])
def test_a_scheduler_address_that_is_not_one_is_refused_at_once(capsys, corpus, address):
    assert main(["batch", "--scheduler", address, "--input", str(corpus), "--output", os.devnull]) == 2
    err = capsys.readouterr().err
    assert "tcp://HOST:PORT" in err and len(err.strip().splitlines()) == 1


def test_three_player_lines_are_the_same_with_jobs_2_and_have_no_fourth_payment(tmp_path):
    param = {"zhuangfeng": 0, "menfeng": 1, "hupai": {}, "baopai": ["z1"], "fubaopai": None,
             "jicun": {"changbang": 1, "lizhibang": 0}, "players": 3}
    line = json.dumps({"shoupai": "m111p456s789z11222", "rongpai": None, "param": param})
    src = tmp_path / "sanma.jsonl"
    src.write_text((line + "\n") * 2500, encoding="utf-8")  # more than two chunks
    outs = []
    for jobs in ("1", "2"):
        dst = tmp_path / f"out{jobs}.jsonl"
        assert main(["batch", "--ruleset", "tenhou-sanma", "--jobs", jobs, "--input", str(src),
                     "--output", str(dst)]) == 0
        outs.append(dst.read_bytes())
    assert outs[0] == outs[1]
    assert json.loads(outs[0].splitlines()[0])["payments"] == [-4100, 6200, -2100]  # as tests/test_sanma.py
    records = LineScorer("tenhou-sanma").records([(1, line)]).records
    assert [records[0][f"pay_{s}"] for s in ("east", "south", "west", "north")] == [-4100, 6200, -2100, None]
