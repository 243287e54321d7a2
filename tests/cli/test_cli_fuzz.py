"""Random arguments to every command (issue 31): values fit for each option's type, huge numbers,
control characters, and paths to a FIFO, a folder, ``/dev/null``, a missing file and files that are
not what they should be. Whatever the mix: no traceback, the exit status the README promises (0, 1
for a game-level failure, 2 for a usage error) and no file that is not a regular one touched (the
FIFO is still a FIFO, ``/dev/null`` still a device).

The arguments are built from each command's own click parameters, so a new option is covered the day
it is added. The commands run in this process (click's CliRunner) with their work kept small: a
count option left out is given a small value, and a drawn one is small or out of range. ``play``
(closed stdin), ``serve`` and ``loadtest`` run as processes, with an argument that makes them stop
at their checks (a port out of range: ``serve`` would listen for ever)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.cli import EXE

from landlords.cli.main import main

FOLDER = Path(tempfile.mkdtemp(prefix="landlords-cli-fuzz-"))
FIFO = FOLDER / "fifo"
os.mkfifo(FIFO)
(FOLDER / "dir").mkdir()
(FOLDER / "bad.json").write_text('{"format": "landlords-record", "actions": [', encoding="utf-8")
(FOLDER / "empty.json").write_text("", encoding="utf-8")
(FOLDER / "list.json").write_text("[1, 2, 3]", encoding="utf-8")
FILES = ["dir", "missing.json", "bad.json", "empty.json", "list.json", "out.svg", "out.json"]
PATHS = [str(FIFO), "/dev/null", *(str(FOLDER / name) for name in FILES)]
HUGE = ["9" * 40, "-1", "0", "1e309", "-9" * 20, "nan", "inf", str(2**64)]
CONTROL = st.text(
    alphabet=st.sampled_from(list("\x00\x01\x07\x08\x1b\x7f\u0085\u2028\u202e\ud7ff\n\t") + list("ab[]:=,|%")),
    min_size=1,
    max_size=12,
).map(lambda s: s.replace("\x00", "\x01"))  # an argv never holds NUL
# options whose value is an amount of work: small when valid
SMALL = {"games": 2, "runs": 1, "max_turns": 30, "players": 3, "workers": 1, "seats": 2, "seconds": 0.05,
         "price_games": 2, "price_steps": 2, "clients": 1, "duration": 0.1, "warmup": 0.0, "step": 1}  # fmt: skip
RL_FILES = [f"rl:{FIFO}", "rl:/dev/zero", f"rl:{FOLDER / 'dir'}"]  # a policy file that is not one
NAMED = {
    "edition": ["classic-us", "moscow", "london"],
    "ruleset": ["hasbro-ru", "classic-us", "polish", "odessa"],
    "rules": ["jail_fine=50", "free_parking_pot=true", "nope=1", "jail_fine=x"],
    "strategy": ["baseline", "advisor", "baseline,random", "os:system", *RL_FILES],
    "strategies": ["baseline,random", "advisor", "builtins:eval", *(f"{f},random" for f in RL_FILES)],
    "bots": ["baseline", "none", "advisor,advisor", *RL_FILES],
    "trade": ["give 1 for 100", "x"],
    "precision": ["2%", "0.02", "0"],
    "dice": ["3,4", "1,1;2,2"],
    "address": ["auto", "127.0.0.1:1"],
}
PROCESS_COMMANDS = {"play", "serve", "loadtest"}


def leaves(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    out = []
    for name, cmd in sorted(group.commands.items()):
        if isinstance(cmd, click.Group):
            out += leaves(cmd, (*prefix, name))
        else:
            out.append(((*prefix, name), cmd))
    return out


COMMANDS = leaves(main)


def values(param: click.Parameter, fit: bool) -> st.SearchStrategy[str]:
    """Strings for one value of ``param``: fit for its type, or (unless ``fit``) not."""
    kinds: list[st.SearchStrategy[str]] = [] if fit else [st.sampled_from(HUGE), CONTROL]
    if not fit or isinstance(param.type, click.Path) or param.type is click.STRING:
        kinds.append(st.sampled_from(PATHS))
    t = param.type
    if isinstance(t, click.Choice):
        kinds.append(st.sampled_from([c for c in t.choices if c != "ray"]))  # no Ray cluster started
    if isinstance(t, click.IntRange | click.FloatRange | click.types.IntParamType | click.types.FloatParamType):
        small = SMALL.get(param.name or "")
        kinds.append(st.just(str(small)) if small is not None else st.integers(0, 5).map(str))
    kinds.append(st.sampled_from(NAMED.get(param.name or "", ["x"])))
    return st.one_of(kinds)


@st.composite
def argv(draw, cmd: click.Command) -> list[str]:
    args: list[str] = []
    drawn: set[str] = set()
    fit = draw(st.booleans())  # every value fit for its type (files aside): the command gets to work
    for param in cmd.params:
        if isinstance(param, click.Argument):
            if draw(st.integers(0, 9)):  # mostly given
                args.append(draw(values(param, fit)))
            continue
        if not draw(st.booleans()):
            continue
        drawn.add(param.name or "")
        option = draw(st.sampled_from(param.opts))
        if getattr(param, "is_flag", False):
            args.append(option)
        else:
            args += [option, draw(values(param, fit))]
    for param in cmd.params:  # the work kept small where the count was not drawn
        if isinstance(param, click.Option) and param.name in SMALL and param.name not in drawn:
            args += [param.opts[0], str(SMALL[param.name])]
    return draw(st.permutations(args)) if draw(st.booleans()) else args


def untouched() -> None:
    assert stat.S_ISFIFO(FIFO.stat().st_mode), "the FIFO was replaced"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null was replaced"
    assert (FOLDER / "dir").is_dir()


def check(code: int, output: str, argv: list[str]) -> None:
    assert "Traceback" not in output, (argv, output[-2000:])
    assert code in (0, 1, 2), (code, argv, output[-2000:])
    untouched()


IN_PROCESS = [(path, cmd) for path, cmd in COMMANDS if path[0] not in PROCESS_COMMANDS]


@pytest.mark.timeout(120)  # a command that waits on a FIFO fails here with its traceback
@pytest.mark.parametrize("path,cmd", IN_PROCESS, ids=[" ".join(p) for p, _ in IN_PROCESS])
def test_random_arguments_to_a_command(path, cmd, monkeypatch):
    monkeypatch.chdir(FOLDER)
    monkeypatch.setenv("XDG_STATE_HOME", str(FOLDER))
    monkeypatch.setenv("LANGUAGE", "en")

    @given(args=argv(cmd))
    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
    def run(args):
        result = CliRunner().invoke(main, [*path, *args], catch_exceptions=True)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError((args, result.output[-1000:])) from result.exception
        check(result.exit_code, result.output, args)

    run()


# each run as a process ends at its checks: serve given a port out of range, loadtest a count of 0
STOPPERS = {"play": [], "serve": ["--port", "70000"], "loadtest": ["--games", "0"]}
BY_PROCESS = [(path, cmd) for path, cmd in COMMANDS if path[0] in PROCESS_COMMANDS]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("path,cmd", BY_PROCESS, ids=[" ".join(p) for p, _ in BY_PROCESS])
def test_random_arguments_to_a_command_run_as_a_process(path, cmd):
    @given(args=argv(cmd))
    @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    def run(args):
        env = dict(os.environ, XDG_STATE_HOME=str(FOLDER), LANGUAGE="en", TERM="dumb")
        args = [a.replace("\x00", "") for a in args]
        out = subprocess.run(
            [EXE or sys.executable, *path, *args, *STOPPERS[path[0]]],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env=env,
            cwd=FOLDER,
            timeout=60,
        )
        check(out.returncode, (out.stdout + out.stderr).decode("utf-8", "replace"), args)

    run()
