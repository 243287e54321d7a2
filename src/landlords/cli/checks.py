"""Checks of what a command is given, made before any work starts: an output path that cannot be
written, a number out of range or a format that does not fit fails at once with one line, not after
a ten-minute tournament. Every error of every command goes to stderr as ``error: ...`` (exit 2)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console
from rich.text import Text

from ..engine.errors import ConfigError
from ..extras import install_hint

MAX_COUNT = 10**9  # games, runs, turns: far beyond any real run, and within a C long
MAX_SEED = 2**63 - 1
PLOT_FORMATS = (".png", ".svg", ".pdf")
PLOT_HINT = install_hint("plot")


class Output(Console):
    """The commands' standard output: text, never markup (names from edition files are text), and
    a reader that leaves the pipe early (``| head -1``) is a normal end, exit 0 (rich exits 1)."""

    def __init__(self) -> None:
        super().__init__(markup=False, highlight=False)

    def on_broken_pipe(self) -> None:
        _quiet_stdout()
        raise SystemExit(0)


err = Console(stderr=True, markup=False, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """One line on stderr, markup never interpreted (a message may quote "[...]" from a file)."""
    err.print(Text("error: ", style="red") + Text(message), soft_wrap=True)
    sys.exit(code)


def _probe(folder: Path, option: str, shown: str) -> None:
    """Can a file be created in ``folder``? (A read-only file system or a folder without write
    permission fail here, before any work.)"""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".landlords-check-", dir=folder)
    except OSError as exc:
        raise ConfigError(f"{option} {shown}: cannot write there: {exc.strerror or exc}") from None
    os.close(fd)
    os.unlink(tmp)


def check_output_file(path: str | os.PathLike, option: str, suffixes: tuple[str, ...] = ()) -> Path:
    """``path`` can be written as a file (its folder exists and is writable, it is not a folder)
    and ends with one of ``suffixes``."""
    p = Path(path).expanduser()
    shown = str(path)
    try:
        shown.encode("utf-8")
    except UnicodeEncodeError:
        raise ConfigError(f"{option}: the path is not valid UTF-8") from None
    if suffixes and p.suffix.lower() not in suffixes:
        raise ConfigError(
            f"{option} {shown}: the file name must end with {' or '.join(suffixes)} (it decides the format)"
        )
    if p.is_dir():
        raise ConfigError(f"{option} {shown}: is a folder; give a file name")
    if p.exists() and not p.is_file():  # a device, a pipe or a socket: never replaced by a file
        raise ConfigError(f"{option} {shown}: is not a regular file (a device, a pipe or a socket)")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.exists():
        raise ConfigError(f"{option} {shown}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise ConfigError(f"{option} {shown}: {folder} is not a folder")
    if p.exists() and not os.access(p, os.W_OK):
        raise ConfigError(f"{option} {shown}: the file cannot be written (no permission)")
    _probe(folder, option, shown)
    return p


def check_input_file(path: str | os.PathLike, option: str = "") -> Path:
    """``path`` is a regular file to read: never a FIFO (opening one waits for a writer: the command
    hung), a device (``/dev/zero`` never ends) or a folder. One line naming the option otherwise."""
    p = Path(path).expanduser()
    shown = f"{option} {path}" if option else str(path)
    if p.is_dir():
        raise ConfigError(f"{shown}: is a folder; give a file")
    if not p.exists():
        raise ConfigError(f"{shown}: no such file")
    if not p.is_file():
        raise ConfigError(f"{shown}: is not a regular file (a device, a pipe or a socket)")
    return p


def check_output_dir(path: str | os.PathLike, option: str) -> Path:
    """``path`` is a folder that exists and is writable, or can be made in a writable folder."""
    p = Path(path).expanduser()
    shown = str(path)
    if p.exists():
        if not p.is_dir():
            raise ConfigError(f"{option} {shown}: is a file; give a folder")
        _probe(p, option, shown)
        return p
    parent = p.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise ConfigError(f"{option} {shown}: {parent} is not a folder")
    _probe(parent, option, shown)
    return p


def check_argv(argv: list[str]) -> None:
    """Arguments that are not UTF-8 (undecodable bytes) are refused at once, by position."""
    for i, arg in enumerate(argv, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            raise ConfigError(f"argument {i} is not valid UTF-8 text") from None


class Group(click.Group):
    """The ``landlords`` group: usage errors (a bad option value, an unknown option) are one line
    on stderr, like every other error, with the command's --help named."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):  # type: ignore[override]
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        argv = list(sys.argv[1:] if args is None else args)
        try:
            check_argv(argv)
            super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()  # here, not at the interpreter's exit, where a closed pipe would exit 1
        except ConfigError as exc:
            fail(str(exc))
        except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - click >= 8.2
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except click.UsageError as exc:
            hint = f" (see: {exc.ctx.command_path} --help)" if exc.ctx is not None else ""
            fail(exc.format_message() + hint, exc.exit_code)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except click.exceptions.Abort:  # Ctrl-C (or the end of input at a question): the shell's code for it
            fail("interrupted", 130)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except BrokenPipeError:  # `landlords rules hasbro-ru | head -1`: the reader has all it wants
            _quiet_stdout()
        sys.exit(0)


def _quiet_stdout() -> None:
    """After the reader of a pipe left: what is still buffered goes nowhere, and the exit is 0."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def require_matplotlib(option: str) -> None:
    if not has_matplotlib():
        raise ConfigError(f"{option} draws with matplotlib, which is not installed: {PLOT_HINT}")


def check_backend(workers: int, backend: str, address: str | None) -> None:
    """The backend's options, and for Ray what can be known before a progress bar is drawn: Ray is
    installed, and something listens at ``--address`` (the backend finds both only once it starts,
    under a bar already on the screen)."""
    from ..sim import backends

    backends.check(workers, backend, address)
    if backend != "ray":
        return
    try:
        import ray  # noqa: F401
    except ImportError:
        raise ConfigError(f"the ray backend needs Ray: {install_hint('ray')}") from None
    if address:
        backends.probe_ray_address(address)


class WholeRange(click.IntRange):
    """:class:`click.IntRange` whose error reads right: "'x' is not a valid integer." Click's own
    names the type, so it said "'x' is not a valid integer range", as if a range were asked for."""

    name = "integer"


class NumberRange(click.FloatRange):
    """:class:`click.FloatRange`, as :class:`WholeRange`: "'x' is not a valid number."."""

    name = "number"


class EditionArg(click.ParamType):
    """An edition: a packaged edition's id or an edition file. A path to something that is not a
    regular file (a FIFO: reading it waited for ever for a writer; ``/dev/zero``: never ended) is a
    usage error at once."""

    name = "edition"

    def convert(self, value, param, ctx):  # type: ignore[no-untyped-def]
        path = Path(str(value)).expanduser()
        try:
            odd = path.exists() and not path.is_file() and not path.is_dir()
        except (OSError, ValueError):  # a name too long for the file system, or a NUL: not a file
            odd = False
        if odd:
            self.fail(f"{value}: is not a regular file (a device, a pipe or a socket)", param, ctx)
        return value


EDITION = EditionArg()
SEED = WholeRange(0, MAX_SEED)
COUNT = WholeRange(1, MAX_COUNT)


def need_server_extra() -> None:
    """``landlords serve`` and ``landlords loadtest`` need the ``[server]`` extra: without it, one line
    naming it (exit 2) before anything starts."""
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        click.echo(f"error: the server needs the [server] extra: {install_hint('server')} ({exc.name})")
        sys.exit(2)
