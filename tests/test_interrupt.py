"""Issue 36, "nothing hangs, nothing is left running": Ctrl-C on every command that takes --jobs,
at random moments, once or twice, as a terminal sends it (SIGINT to every process of the job).

Nothing here depends on how fast the machine is or how loaded. Each command is first run whole on
a small input, doubled until its work takes a measurable time: its speed (lines, records or games
a second, under the load of the moment). Each interrupted run then gets an input sized to work
about ``LASTS`` seconds at that speed, starts in a session of its own, is waited for until it has
begun its work (an observable point: it has opened its output file, or started a worker process),
and is signalled whole at a random moment within ``DELAY`` seconds of that point, a third of the
work: the Ctrl-C lands unless the command runs three times faster than it did when measured.

An interrupted run must end within ``HANG`` seconds (no hang) with status 130 and "mjrules:
interrupted" (or killed by SIGINT, which the shell reports as 130, when a second Ctrl-C comes
after main has returned), leave no process of its session and no child of an mjai bot running,
and every output file must hold whole lines only. The measuring runs, never signalled, must end
0 or 1 with their output whole, as must a run that finished before its Ctrl-C."""

from __future__ import annotations

import csv
import json
import math
import os
import random
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

import attrs
import pytest

pytestmark = pytest.mark.skipif(not (hasattr(os, "killpg") and os.path.isdir("/proc")),
                                reason="signals a process group and reads /proc (Linux)")

DATA = Path(__file__).resolve().parent / "data"
BOT = Path(__file__).resolve().parent / "mjai_bot.py"
HANG = 60.0
"""Seconds within which a run must have begun its work, and ended after its Ctrl-C; past it, a hang."""
SEED = int(os.environ.get("MJRULES_INTERRUPT_SEED", "36"))
DELAY = 2.0
"""The Ctrl-C comes at a random moment within this many seconds of the run's start of work."""
LASTS = 3 * DELAY
"""Seconds of work each interrupted run's input is sized to, at the speed measured."""
PROBE = 0.5
"""A measuring run's input is doubled (or more) until its work takes at least this many seconds."""

LINES, HANDS, RECORDS, GAMES = "lines", "hands", "records", "games"
"""What a command's input is counted in: JSON lines of wins on stdin, JSON lines of hands before a
discard on stdin (``discard --ev``), record files in its folder, games."""
EV_HANDS = ('{"hand": "123m067p2357s1156z", "dora": "1m"}', '{"hand": "13m123345777p4s11z", "dora": "1p", "turn": 8}',
            '{"hand": "567m30778899p123s", "seat": "S", "dora": "3p", "ruleset": "mleague"}',
            '{"hand": "11122333440m2p22s", "dora": "4m", "turn": 8, "model": "mahjong-cpp"}')
"""``discard --ev``'s lines: one-shanten and tenpai hands, a millisecond or so each natively (a
tenth of a second on the Python kernel), so that the input is sized in many lines."""


@attrs.frozen
class Command:
    """A --jobs command line and how to give it input of a size: ``{d}`` is the run's folder,
    ``{n}`` the number of games, ``{logs}`` a folder of that many records; lines come on stdin."""

    name: str
    argv: tuple[str, ...]
    runs: int
    unit: str
    probe: int
    """The first measuring run's size."""
    opens: str | None
    """The output file the command opens before its work (its observable start), or None: the
    start is its first worker process."""
    outputs: tuple[str, ...] = ()
    """Files of JSON lines (``.jsonl``, stdout as ``stdout.jsonl``) or CSV (``.csv``) to check."""
    records: str | None = None
    """A --records folder: each record whole, none half-written."""
    marker: bool = False
    """The run's mjai bot starts a child whose command line holds the run's folder."""


@pytest.fixture(scope="module")
def bot(tmp_path_factory) -> Path:
    """tests/mjai_bot.py, which first starts a child that sleeps (its command line naming the
    folder it is given), as a bot's helper process would."""
    path = tmp_path_factory.mktemp("interrupt") / "bot_with_child.py"
    path.write_text(
        "import runpy, subprocess, sys\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)', sys.argv[1]])\n"
        f"sys.argv = [{str(BOT)!r}]\n"
        f"runpy.run_path({str(BOT)!r}, run_name='__main__')\n", encoding="utf-8")
    return path


def _commands(bot: Path) -> list[Command]:
    return [
        Command("batch", ("batch", "--jobs", "2", "--input", "-", "--output", "{d}/out.jsonl"), 10, LINES, 5000,
                "out.jsonl", outputs=("out.jsonl",)),
        Command("batch --csv", ("batch", "--jobs", "2", "--input", "-", "--output", "{d}/out.csv"), 7, LINES, 5000,
                "out.csv", outputs=("out.csv",)),
        Command("compare", ("compare", "--jobs", "2", "--input", "-", "--rulesets", "tenhou,mleague",
                            "--output", "{d}/details.jsonl", "--json"), 9, LINES, 2000, "details.jsonl",
                outputs=("details.jsonl", "stdout.jsonl")),
        Command("replay --legal", ("replay", "--jobs", "2", "--legal", "--json", "{logs}"), 9, RECORDS, 8, None,
                outputs=("stdout.jsonl",)),
        Command("replay --rulesets", ("replay", "--jobs", "2", "--rulesets", "tenhou,mleague", "--json", "{logs}"),
                6, RECORDS, 16, None, outputs=("stdout.jsonl",)),
        Command("discard --ev", ("discard", "--ev", "--jobs", "2", "--input", "-"), 6, HANDS, 40, None,
                outputs=("stdout.jsonl",)),
        Command("simulate", ("simulate", "--jobs", "2", "--rulesets", "tenhou", "--games", "{n}", "--json",
                             "--output", "{d}/games.jsonl", "--records", "{d}/records"), 8, GAMES, 2, "games.jsonl",
                outputs=("games.jsonl", "stdout.jsonl"), records="records"),
        Command("simulate, mjai bot", ("simulate", "--jobs", "2", "--rulesets", "tenhou", "--games", "{n}",
                                       "--length", "tonpuu", "--players",
                                       f"mjai:{sys.executable} {bot} {{d}},greedy,greedy,greedy", "--json",
                                       "--output", "{d}/games.jsonl"), 7, GAMES, 2, "games.jsonl",
                outputs=("games.jsonl", "stdout.jsonl"), marker=True),
    ]


class Inputs:
    """The inputs of a size: lines to feed a command's stdin, folders of that many records."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lines = (DATA / "majiang-hule-public.jsonl").read_bytes().splitlines(keepends=True)
        self.hands = [f"{line}\n".encode() for line in EV_HANDS]
        self.logs = sorted((DATA / "tenhou-mjlog").glob("*.mjlog"))
        self.made: dict[int, Path] = {}
        self.lock = threading.Lock()

    def records(self, n: int) -> Path:
        """A folder of ``n`` records: links to the mjlog files, round and round."""
        with self.lock:
            if n not in self.made:
                folder = self.folder / f"records-{n}"
                folder.mkdir()
                for i in range(n):
                    log = self.logs[i % len(self.logs)]
                    (folder / f"{i:05d}-{log.name}").symlink_to(log)
                self.made[n] = folder
            return self.made[n]

    def feed(self, stdin: IO[bytes], n: int, unit: str = LINES) -> None:
        """Write ``n`` lines (of wins, or of ``HANDS``) to ``stdin`` and close it; stop when the
        reader has gone."""
        lines = self.hands if unit == HANDS else self.lines
        whole, part = divmod(n, len(lines))
        block = b"".join(lines)
        try:
            with stdin:
                for _ in range(whole):
                    stdin.write(block)
                stdin.write(b"".join(lines[:part]))
        except OSError:  # the command ended (its Ctrl-C) before reading them all
            pass


@attrs.frozen
class Run:
    command: str
    size: int
    delay: float | None
    """Seconds from the start of its work to its Ctrl-C; None: a measuring run, not signalled."""
    twice: bool
    signalled: bool
    status: int | None
    """None: still running at the timeout (a hang)."""
    worked: float
    """Seconds from the start of its work to its end (or to the timeout)."""
    stderr: str
    left: tuple[str, ...]
    """Processes left running: of the run's session, or a bot's child."""
    broken: tuple[str, ...]
    """What is wrong with its output files."""


def _processes() -> list[tuple[int, int, int, str]]:
    """(pid, parent, session, command line) of every process."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode("utf-8", "replace")
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm)": state, ppid, pgrp, session, …
        if fields[0] != "Z":  # a zombie has ended: only its parent's wait is missing
            found.append((int(entry), int(fields[1]), int(fields[3]), cmdline))
    return found


def _left(session: int, marker: str) -> tuple[str, ...]:
    """The processes of ``session``, or whose command line holds ``marker``, still there once those
    being ended have had time to go (a process killed may show until the kernel has ended it; the
    wait ends as soon as none is left, so a loaded machine only makes it longer)."""
    deadline = time.monotonic() + 10.0
    while True:
        left = tuple(f"{pid}: {cmd}" for pid, _, sid, cmd in _processes() if sid == session or marker in cmd)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def _begun(proc: subprocess.Popen[bytes], opens: Path | None) -> bool:
    """Wait until ``proc`` has begun its work: opened ``opens``, or (None) started a worker process;
    False if it ended first or did neither within ``HANG`` seconds."""
    deadline = time.monotonic() + HANG
    while proc.poll() is None and time.monotonic() < deadline:
        if opens is not None and opens.exists():
            return True
        if opens is None and any(parent == proc.pid for _, parent, _, _ in _processes()):
            return True
        time.sleep(0.01)
    return False


def _whole_lines(path: Path) -> str | None:
    """Why ``path`` does not hold whole lines (JSON lines, or CSV rows as long as the header), or None."""
    if not path.exists():
        return None  # not opened before the Ctrl-C
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        return f"{path.name}: its last line is cut: {data[-80:]!r}"
    text = data.decode("utf-8")
    if path.suffix == ".csv":
        rows = list(csv.reader(text.splitlines()))
        short = [i for i, r in enumerate(rows, 1) if len(r) != len(rows[0])]
        return f"{path.name}: rows {short[:5]} are not whole" if short else None
    for i, line in enumerate(text.splitlines(), 1):
        try:
            json.loads(line)
        except ValueError:
            return f"{path.name}: line {i} is not whole: {line[:80]!r}"
    return None


def _records(folder: Path) -> list[str]:
    if not folder.is_dir():
        return []
    wrong = [f"{p.name}: half-written" for p in folder.iterdir() if p.suffix == ".part"]
    for p in folder.glob("*.mjson"):
        lines = p.read_text(encoding="utf-8").splitlines()
        if not lines or json.loads(lines[-1])["type"] != "end_game":
            wrong.append(f"{p.name}: not a whole game")
    return wrong


def _run(command: Command, inputs: Inputs, folder: Path, size: int, delay: float | None = None,
         twice: float | None = None) -> Run:
    """Run ``command`` on an input of ``size``, its Ctrl-C ``delay`` seconds after it has begun
    its work (None: let it finish), a second one ``twice`` seconds later."""
    folder.mkdir()
    logs = str(inputs.records(size)) if command.unit == RECORDS else ""
    argv = [a.replace("{d}", str(folder)).replace("{n}", str(size)).replace("{logs}", logs) for a in command.argv]
    with open(folder / "stdout.jsonl", "wb") as stdout, open(folder / "stderr.txt", "wb") as stderr:
        proc = subprocess.Popen([sys.executable, "-X", "faulthandler", "-m", "mjrules", *argv], stdout=stdout,
                                stderr=stderr, stdin=subprocess.PIPE if command.unit in (LINES, HANDS) else subprocess.DEVNULL,
                                start_new_session=True)
    feeder = None
    if proc.stdin is not None:
        feeder = threading.Thread(target=inputs.feed, args=(proc.stdin, size, command.unit), daemon=True)
        feeder.start()
    begun = _begun(proc, None if command.opens is None else folder / command.opens)
    start = time.monotonic()
    signalled = False
    if begun and delay is not None:
        time.sleep(delay)
        signalled = proc.poll() is None
        if signalled:
            os.killpg(proc.pid, signal.SIGINT)
            if twice is not None:
                time.sleep(twice)
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGINT)
    status: int | None
    try:
        status = proc.wait(timeout=HANG if begun else 0.01)  # not begun: it has ended, or hangs
    except subprocess.TimeoutExpired:  # a hang: what still runs, and where main is stuck, for the report
        status = None
    worked = time.monotonic() - start
    err = b""
    if status is None:
        running = "\n".join(f"{pid}: {cmd}" for pid, _, sid, cmd in _processes()
                            if sid == proc.pid or str(folder) in cmd)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGABRT)  # faulthandler writes every thread's stack
        time.sleep(1.0)
        for pid in [proc.pid] + [int(line.split(":")[0]) for line in running.splitlines()]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait()
        err = ("did not begin its work\n" if not begun else "").encode() + f"still running:\n{running}\n".encode()
    left = _left(proc.pid, str(folder))
    for pid in (int(x.split(":")[0]) for x in left):  # no test leaves a process behind either
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    if feeder is not None:
        feeder.join(HANG)
    err += (folder / "stderr.txt").read_bytes()
    broken = [w for name in command.outputs if (w := _whole_lines(folder / name))]
    if command.records:
        broken += _records(folder / command.records)
    return Run(command.name, size, delay, twice is not None, signalled, status, worked,
               err.decode("utf-8", "replace"), left, tuple(broken))


def _measure(command: Command, inputs: Inputs, tmp_path: Path) -> tuple[float, list[Run]]:
    """The command's speed (units of its input a second of work), from runs on inputs doubled (or
    more) until the work takes ``PROBE`` seconds; and those runs."""
    size, runs = command.probe, []
    while True:
        run = _run(command, inputs, tmp_path / f"{_slug(command)}-measure-{len(runs)}", size)
        runs.append(run)
        if run.status not in (0, 1) or run.worked >= PROBE or len(runs) == 8:
            return size / max(run.worked, 1e-3), runs
        size *= max(2, math.ceil(PROBE / max(run.worked, 0.05)))


def _slug(command: Command) -> str:
    return command.name.replace(" ", "_").replace(",", "")


def test_ctrl_c_at_random_moments_on_every_jobs_command(bot, tmp_path):
    rng = random.Random(SEED)
    inputs = Inputs(tmp_path)
    started = time.monotonic()
    measured, plan, sizes = [], [], {}
    for command in _commands(bot):
        speed, runs = _measure(command, inputs, tmp_path)
        measured += runs
        sizes[command.name] = max(command.probe, math.ceil(speed * LASTS))
        for k in range(command.runs):
            twice = rng.uniform(0.0, 0.3) if rng.random() < 0.5 else None
            plan.append((command, inputs, tmp_path / f"{_slug(command)}-{k}", sizes[command.name],
                         rng.uniform(0.0, DELAY), twice))
    rng.shuffle(plan)
    with ThreadPoolExecutor(max_workers=3) as pool:  # three jobs at a time: each is its own session
        runs = list(pool.map(lambda p: _run(*p), plan))
    took = time.monotonic() - started
    interrupted = [r for r in runs if r.signalled and r.status != 0]
    hangs = [r for r in measured + runs if r.status is None]
    orphans = [r for r in measured + runs if r.left]
    print(f"\n{len(runs)} runs and {len(measured)} measuring runs in {took:.0f}s: {len(interrupted)} interrupted "
          f"({sum(r.twice for r in interrupted)} with a second Ctrl-C), {len(runs) - len(interrupted)} finished "
          f"first; {len(hangs)} hangs, {len(orphans)} left processes behind; sizes "
          + ", ".join(f"{name} {n}" for name, n in sizes.items()))
    assert len(runs) >= 50
    assert not hangs, hangs
    assert not orphans, orphans
    for r in measured:  # never signalled: each ends by itself, its output whole
        assert r.status in (0, 1) and not r.broken and "interrupted" not in r.stderr, r
        assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr, r
    for r in runs:
        assert not r.broken, r
        assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr, r
        if r.status in (130, -signal.SIGINT):
            # -SIGINT: a second Ctrl-C after main had said so and returned 130, while Python shut down
            # (its default handler back): the shell reports that as 130 too
            assert r.stderr.endswith("mjrules: interrupted\n"), r
        else:  # it finished before the Ctrl-C could reach it: its own status
            assert r.status in (0, 1) and "interrupted" not in r.stderr, r
    assert len(interrupted) >= len(runs) // 2  # most Ctrl-Cs land while the work runs


# -- an mjai bot's own processes -------------------------------------------------------------------

def _bot_script(folder: Path, then: str) -> Path:
    """A bot that starts a child sleeping (its command line naming ``folder``), then runs ``then``."""
    path = folder / "bot.py"
    path.write_text("import subprocess, sys, time\n"
                    f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)', {str(folder)!r}])\n"
                    + then, encoding="utf-8")
    return path


def test_a_hung_bot_is_timed_out_and_its_children_end_with_it(tmp_path):
    from mjrules.errors import MjrulesError
    from mjrules.table.mjai_bot import MjaiBot
    from mjrules.table.players import Greedy
    from mjrules.table.game import Table
    from mjrules.scoring.scorer import Scorer

    bot = MjaiBot([sys.executable, str(_bot_script(tmp_path, "time.sleep(300)\n"))], timeout=1)
    with pytest.raises(MjrulesError, match="no answer within 1 seconds"):
        Table(Scorer("tenhou"), [bot, Greedy(), Greedy(), Greedy()]).play(1)
    assert bot.process is None
    assert _left(-1, str(tmp_path)) == ()


def test_a_bot_that_ended_names_its_exit_status(tmp_path):
    from mjrules.errors import MjrulesError
    from mjrules.table.mjai_bot import MjaiBot
    from mjrules.table.players import Greedy
    from mjrules.table.game import Table
    from mjrules.scoring.scorer import Scorer

    bot = MjaiBot([sys.executable, "-c", "import sys; sys.stdin.readline(); sys.exit(3)"])
    with pytest.raises(MjrulesError, match=r"exited with status 3") as e:
        Table(Scorer("tenhou"), [bot, Greedy(), Greedy(), Greedy()]).play(1)
    assert "None" not in str(e.value)


def test_ctrl_c_at_play_ends_the_bots_and_their_children(tmp_path):
    script = _bot_script(tmp_path, f"sys.argv = [{str(BOT)!r}]\nimport runpy\n"
                                   f"runpy.run_path({str(BOT)!r}, run_name='__main__')\n")
    bots = ",".join([f"mjai:{sys.executable} {script}"] * 3)
    proc = subprocess.Popen([sys.executable, "-m", "mjrules", "play", "--players", bots, "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + HANG
    try:
        while sum(str(tmp_path) in cmd for _, _, _, cmd in _processes()) < 6:
            # three bots and their children: the game is on (however long the start takes)
            assert proc.poll() is None and time.monotonic() < deadline, "the game did not start its bots"
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:  # failed: nothing left running all the same
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130 and err == b"mjrules: interrupted\n"
    assert _left(proc.pid, str(tmp_path)) == ()


def test_a_ctrl_c_held_while_a_player_process_starts_ends_it(monkeypatch, tmp_path):
    """A Ctrl-C that comes while a bot's process starts is held, then raised as the start ends: in
    the constructor, before the table holds a handle to close. The process (and what it started)
    must be ended there, or it runs on after mjrules has exited (found by the random test above)."""
    from contextlib import contextmanager

    from mjrules.table import child as child_module

    real = child_module.held

    @contextmanager
    def held_then_interrupted(*signums):
        with real(*signums, redeliver=False) as caught:
            yield caught
        raise KeyboardInterrupt  # as held raises a Ctrl-C it noted

    monkeypatch.setattr(child_module, "held", held_then_interrupted)
    marker = str(tmp_path / "held-start")
    script = ("import subprocess, sys, time; "
              "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)', sys.argv[1]]); time.sleep(60)")
    with pytest.raises(KeyboardInterrupt):
        child_module.Child([sys.executable, "-c", script, marker], "a bot", 5.0)
    assert _left(-1, marker) == ()


# ------------------------------------------------------------------ issue 41: a pipe that nobody reads

@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    """Lines whose answers fill a pipe many times over (64 KiB holds a few hundred of them): a
    command writing them blocks on a pipe nobody reads, however fast it is."""
    path = tmp_path_factory.mktemp("interrupt") / "big.jsonl"
    path.write_text((DATA / "majiang-hule-public.jsonl").read_text(encoding="utf-8") * 4, encoding="utf-8")
    return path


def _blocked_writing(pid: int, pipe: int) -> bool:
    """Whether the process waits to write to a full pipe: the kernel says where it sleeps, or the
    pipe holds all it can less the one write that no longer fits."""
    import fcntl
    import termios

    try:
        with open(f"/proc/{pid}/wchan", encoding="ascii") as f:
            if "pipe" in f.read():
                return True
    except OSError:
        pass
    held = bytearray(4)
    fcntl.ioctl(pipe, termios.FIONREAD, held)
    size = fcntl.fcntl(pipe, 1032)  # F_GETPIPE_SZ
    return int.from_bytes(held, sys.byteorder) >= size - 4096


@pytest.mark.parametrize("argv", [
    ("batch", "--input", "{big}"),
    ("batch", "--csv", "--input", "{big}"),
    ("batch", "--jobs", "2", "--input", "{big}"),
    ("replay", "--json", str(DATA / "tenhou-mjlog")),
], ids=["batch", "batch-csv", "batch-jobs", "replay-json"])
def test_ctrl_c_with_stdout_a_pipe_nobody_reads_leaves_whole_lines(big, argv):
    # Python wrote 8 KiB at a time wherever a line ended, and a write into a full pipe that a Ctrl-C
    # stops may stop part way: the reader got the last line cut. It must get whole lines only.
    argv = tuple(a.format(big=big) for a in argv)
    proc = subprocess.Popen([sys.executable, "-m", "mjrules", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        for _ in range(1200):  # until it waits on the pipe nobody reads (or has ended, its output small)
            if proc.poll() is not None or _blocked_writing(proc.pid, proc.stdout.fileno()):
                break
            time.sleep(0.05)
        assert proc.poll() is None, "the command ended before it filled the pipe: the test needs more output"
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        out, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert (proc.returncode, err) == (130, b"mjrules: interrupted\n")
    assert len(out) > 4096 and out.endswith(b"\n"), out[-200:]
    lines = out.decode("utf-8").splitlines()
    if "--csv" in argv:
        rows = list(csv.reader(lines))
        assert len({len(r) for r in rows}) == 1 and rows[0][0] == "line"
    else:
        for line in lines:
            json.loads(line)


def test_a_ctrl_c_that_comes_while_a_del_runs_still_interrupts_the_command():
    # Python raises a Ctrl-C's KeyboardInterrupt wherever the main thread is: inside a __del__ (a
    # worker pipe's Connection freed, as once in `batch --jobs`) it can only print "Exception
    # ignored" and go on, and the command ran to its end with status 0. The program notes it and
    # stops as for any Ctrl-C.
    script = (
        "import gc, os, signal, sys\n"
        "from mjrules.cli import main\n"
        "from mjrules.scoring.scorer import Scorer\n"
        "class Freed:\n"
        "    def __del__(self):\n"
        "        os.kill(os.getpid(), signal.SIGINT)  # the Ctrl-C lands while __del__ runs\n"
        "score = Scorer.score\n"
        "def scored(self, *a, **k):\n"
        "    f = Freed(); f.cycle = f; del f; gc.collect()  # freed by the collector, inside the command\n"
        "    return score(self, *a, **k)\n"
        "Scorer.score = scored\n"
        "sys.argv = ['mjrules', 'score', '223344m567p88s234s', '--riichi']\n"
        "sys.exit(main())\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == 130, proc
    assert proc.stderr == "mjrules: interrupted\n", proc.stderr
    assert "Exception ignored" not in proc.stderr
