"""The strategy registry against hostile input: no spec from a client, a record, a position or a
command line ever names code to import or call, and no spec from the network names a file.

Every known spelling of the attack (module paths, dunder names, attribute chains, ``NAME:ARG`` paths
over the network) is tried through every way in: the Python API, the HTTP lobby (create, add bots,
start with fill_bots), the WebSocket, records, positions and every command-line option that takes a
strategy. Each is refused with one clear line, and nothing ran: the file ``touch`` would create does
not exist, and ``os.system``, ``os.popen``, ``subprocess`` and the policy-file loader, replaced by
recorders, were never called (the eval payloads would create the marker file). Then the declared
parameter ranges: each bad value one clear error."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.server_helpers import Player, create, make_client, sockets_closed

import landlords
import landlords.bots as bots
from landlords import record as records
from landlords.bots import check_spec, declarations, lookup, make_bot, parse_strategy
from landlords.cli.main import main
from landlords.engine.errors import ConfigError

# module paths, dunder names, attribute chains: every one a name outside the registry
CODE_SPECS = [
    "os:system",
    "os:system:command=touch {marker}",
    "subprocess:call",
    "subprocess:call:args=touch {marker}",
    "builtins:eval",
    "builtins:eval:source=open('{marker}','w')",
    "builtins:exec",
    "landlords.bots:BaselineBot",
    "landlords.bots.cautious:CautiousBot:reserve=50",
    "os.path:exists",
    "os:getcwd",
    "__import__",
    "__import__:name=os",
    "os:system.__call__",
    "baseline:__class__",
    "baseline.__init__",
    "baseline.__class__.__init__.__globals__",
    "random:__globals__",
    "advisor:__init__:x=1",
    "importlib:import_module:name=os",
    "pickle:loads",
]
# a path: fine from the local command line, never from the network
PATH_SPECS = ["rl:/etc/passwd", "rl:path=/etc/passwd", "rl:{marker}", "rl:../../server.db:greedy=no"]
NETWORK_SPECS = CODE_SPECS + PATH_SPECS


@pytest.fixture
def guarded(tmp_path, monkeypatch):
    """The marker file ``touch`` would create, and recorders in place of what an attack would call."""
    calls: list[tuple[str, tuple]] = []

    def recorder(name):
        def record(*args, **kwargs):
            calls.append((name, args))
            raise AssertionError(f"{name} was called with {args}")

        return record

    monkeypatch.setattr(os, "system", recorder("os.system"))
    monkeypatch.setattr(os, "popen", recorder("os.popen"))
    for name in ("call", "run", "check_call", "check_output", "Popen", "getoutput"):
        monkeypatch.setattr(subprocess, name, recorder(f"subprocess.{name}"))
    try:  # the policy-file loader: a path from the network must never reach it
        import landlords.rl.agent as agent

        monkeypatch.setattr(agent.Policy, "__init__", recorder("Policy"))
    except ImportError:  # pragma: no cover - without numpy
        pass
    bots._SPECS.clear()
    marker = tmp_path / "pwned"
    yield marker, calls
    assert not marker.exists(), "an attack created its marker file"
    assert calls == [], calls


def spelled(spec: str, marker: Path) -> str:
    return spec.replace("{marker}", str(marker))


# ================================================================ the Python API
@pytest.mark.parametrize("spec", CODE_SPECS)
def test_no_spec_names_code_to_import_or_call(guarded, spec):
    marker, _ = guarded
    text = spelled(spec, marker)
    for check in (parse_strategy, make_bot, check_spec, lambda t: parse_strategy(t, strangers=True)):
        with pytest.raises(ConfigError) as caught:
            check(text)
        message = str(caught.value)
        assert "\n" not in message
        assert "unknown strategy" in message or "takes its parameters as KEY=VALUE" in message, message


def test_an_unknown_name_lists_the_known_ones():
    with pytest.raises(ConfigError) as caught:
        parse_strategy("os:system")
    message = str(caught.value)
    assert message.startswith("unknown strategy 'os' in 'os:system' (known: ")
    for name in ("random", "baseline", "advisor", "trader", "cautious", "rl"):
        assert name in message
    with pytest.raises(ConfigError) as caught:
        parse_strategy("os", strangers=True)
    assert "rl" not in str(caught.value).split("known: ")[1]  # strangers are told only what they may use


@pytest.mark.parametrize("spec", PATH_SPECS)
def test_a_path_is_never_taken_from_the_network(guarded, spec):
    marker, _ = guarded
    with pytest.raises(ConfigError, match="strategy 'rl' is for the local command line only"):
        parse_strategy(spelled(spec, marker), strangers=True)
    with pytest.raises(ConfigError, match="local command line only"):
        check_spec(spelled(spec, marker), strangers=True)
    check_spec(spelled(spec, marker))  # locally the spec is well formed; checking it reads no file


def test_lookups_load_only_the_entry_point_asked_for(tmp_path, monkeypatch):
    """A tiny installed distribution (a ``*.dist-info`` with ``entry_points.txt``) on ``sys.path``:
    its declared strategy is found by name; the other entry point of the group is never imported."""
    (tmp_path / "greedy_plugin.py").write_text(
        "from dataclasses import dataclass\n"
        "from landlords.bots import BaselineBot, Param, Strategy\n"
        "@dataclass\n"
        "class Greedy(BaselineBot):\n"
        "    name: str = 'hoarder'\n"
        "STRATEGY = Strategy('hoarder', Greedy, 'Buys everything.', (Param('reserve', int, 0, 'cash', 0, 50),))\n"
    )
    (tmp_path / "bomb_plugin.py").write_text(f"open({str(tmp_path / 'imported')!r}, 'w').close()\nBomb = None\n")
    info = tmp_path / "greedy_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: greedy-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[landlords.strategies]\nhoarder = greedy_plugin:STRATEGY\nbomb = bomb_plugin:Bomb\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(bots, "_PLUGINS", {})
    monkeypatch.setattr(bots, "STRATEGIES", {s.name: s for s in bots.BUILT_IN})  # none registered here
    bots._SPECS.clear()
    try:
        assert "hoarder" in bots.known_names()  # listed without being loaded
        assert make_bot("hoarder:reserve=20").reserve == 20
        with pytest.raises(ConfigError, match="'reserve' expects a whole number from 0 to 50, got '99'"):
            make_bot("hoarder:reserve=99")
        assert lookup("hoarder", strangers=True).for_strangers  # declared, no path: a server may seat it
        with pytest.raises(ConfigError, match="unknown strategy 'greedy_plugin'"):
            make_bot("greedy_plugin:Greedy")  # the plugin's module is not a name
        assert not (tmp_path / "imported").exists()  # the other entry point was never loaded
        # what a server offers: each plugin's declaration read to see whether strangers may name it
        # (an admin installed them; a broken one is left out)
        offered = bots.known_names(strangers=True)
        assert "hoarder" in offered and "bomb" not in offered
    finally:
        bots._SPECS.clear()


# ================================================================ the server: HTTP and WebSocket
@pytest.fixture
def server(tmp_path, guarded):
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        yield client, guarded[0]


def _refused(r, status: int = 422) -> str:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "Traceback" not in detail
    return detail


@pytest.mark.parametrize("spec", NETWORK_SPECS)
def test_the_lobby_refuses_every_spelling(server, spec):
    client, marker = server
    text = spelled(spec, marker)
    seats = [{"kind": "person"}, {"kind": "bot", "strategy": text}]
    detail = _refused(client.post("/api/games", json={"name": "Ann", "seats": seats}))
    assert "unknown strategy" in detail or "local command line only" in detail or "KEY=VALUE" in detail
    g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], autostart=False)
    host = {"Authorization": f"Bearer {g['host_token']}"}
    added = _refused(client.post(f"/api/games/{g['code']}/bots", json={"strategy": text, "seat": 1}, headers=host))
    started = _refused(client.post(f"/api/games/{g['code']}/start", json={"fill_bots": text}, headers=host))
    assert added == started == detail
    game = client.get(f"/api/games/{g['code']}").json()
    assert game["seats"][1]["kind"] == "open" and game["status"] != "playing"  # nothing changed


def test_the_lobby_still_seats_declared_strategies_with_checked_parameters(server):
    client, _ = server
    seats = [{"kind": "person"}, {"kind": "bot", "strategy": "advisor:build_to=99"}]
    detail = _refused(client.post("/api/games", json={"name": "Ann", "seats": seats}))
    assert detail == "strategy 'advisor': parameter 'build_to' expects a whole number from 0 to 5, got '99'"
    seats[1]["strategy"] = "trader:reserve=200"
    create(client, name="Ann", seats=seats)
    meta = client.get("/api/web/meta").json()
    assert "rl" not in meta["strategies"] and "advisor" in meta["strategies"]


@pytest.mark.parametrize("edition", ["/etc/passwd", "../../etc/hostname", "classic-us.toml", "{marker}"])
def test_the_lobby_takes_an_edition_id_never_a_file(server, edition):
    """Beside the strategies: the edition of a new game was loaded as a path when it was not an id
    (``/etc/passwd`` was read and its TOML error answered)."""
    client, marker = server
    marker.write_text("[edition]\n")  # a file there: still not opened
    seats = [{"kind": "person"}, {"kind": "person"}]
    detail = _refused(client.post("/api/games", json={"edition": spelled(edition, marker), "seats": seats}))
    assert detail.startswith("no edition ") and "classic-us" in detail and "TOML" not in detail
    marker.unlink()


@pytest.mark.parametrize("spec", ["os:system:command=touch {marker}", "rl:/etc/passwd"])
def test_no_websocket_message_takes_a_strategy(server, spec):
    client, marker = server
    g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], autostart=False)
    ann = Player(client, g["code"], g["token"])
    for message in (
        {"type": "bots", "strategy": spelled(spec, marker)},
        {"type": "add_bot", "strategy": spelled(spec, marker), "seat": 1},
        {"type": "start", "fill_bots": spelled(spec, marker)},
    ):
        ann.send(json.dumps(message))
        error = ann.read_until(lambda m: m["type"] == "error")
        assert error["code"] == "unknown_type" and error["message"]
    assert client.get(f"/api/games/{g['code']}").json()["seats"][1]["kind"] == "open"


# ================================================================ records and positions
def _record(tmp_path: Path, bot: str) -> Path:
    game = landlords.new_game("classic-us", players=["Ann", "Bob"], seed=1, dice=[(1, 2)], first_player=0)
    game.apply(0, landlords.ROLL)
    data = records.to_record(game, seats=[{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "baseline"}])
    data["seats"][1]["bot"] = bot
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _cli(args: list[str], tmp_path: Path, monkeypatch) -> str:
    """The command line in this process (so the recorders see it): exit status 2, one line, no traceback."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args, input="")
    out = result.output.strip()
    assert result.exit_code == 2, (result.exit_code, out, result.exception)
    assert "Traceback" not in out and len(out.splitlines()) == 1 and out.startswith("error: "), out
    return out


@pytest.mark.parametrize("spec", CODE_SPECS)
def test_a_record_naming_code_is_refused(tmp_path, guarded, monkeypatch, spec):
    marker, _ = guarded
    path = _record(tmp_path, spelled(spec, marker))
    with pytest.raises(ConfigError, match=r"seats\[1\]\.bot"):
        records.validate(json.loads(path.read_text()))
    for args in (["replay", str(path)], ["play", "--load", str(path)]):
        out = _cli(args, tmp_path, monkeypatch)
        assert "seats[1].bot" in out and ("unknown strategy" in out or "KEY=VALUE" in out), out


def test_a_version_1_record_naming_code_in_its_set_up_is_refused(tmp_path, guarded):
    marker, _ = guarded
    data = json.loads(_record(tmp_path, "baseline").read_text())
    seats = data.pop("seats")
    seats[1]["bot"] = f"os:system:command=touch {marker}"
    data["version"], data["setup"] = 1, {**(data.get("setup") or {}), "seats": seats}
    data.pop("lang", None)
    with pytest.raises(ConfigError, match=r"setup\.seats\[1\]\.bot unknown strategy 'os'"):
        records.validate(data)


def test_a_record_from_the_network_may_not_name_a_file(tmp_path, guarded):
    marker, _ = guarded
    data = json.loads(_record(tmp_path, f"rl:{marker}").read_text())
    with pytest.raises(ConfigError, match=r"seats\[1\]\.bot .*local command line only"):
        records.restore(data, strangers=True)
    records.validate(data)  # a local file may (the local player's own rl:PATH bots); no file is read


@pytest.mark.parametrize("spec", CODE_SPECS[:6] + ["advisor:danger=inf"])
def test_positions_take_bots_only_from_the_registry(tmp_path, guarded, monkeypatch, spec):
    marker, _ = guarded
    game = landlords.new_game("classic-us", players=["Ann", "Bob"], seed=1)
    position = tmp_path / "position.json"
    position.write_text(json.dumps(game.to_position()), encoding="utf-8")
    text = spelled(spec, marker)
    _cli(["play", "--position", str(position), "--bots", text], tmp_path, monkeypatch)
    _cli(["analyse", str(position), "--bots", text, "-g", "2", "-w", "1"], tmp_path, monkeypatch)


# ================================================================ every command-line option
POSITION = "classic-us hasbro-ru | Ann 1500 @0 | Bob 1500 @5 | turn=0"
CLI_OPTIONS = {
    "simulate --strategy": ["simulate", "-g", "1", "-w", "1", "--strategy", "{spec}"],
    "bench --strategy": ["bench", "--games", "1", "--runs", "1", "--strategy", "{spec}"],
    "tournament -S": ["tournament", "-g", "2", "-w", "1", "--no-plots", "-S", "{spec},random"],
    "tournament --strategies": ["tournament", "-g", "2", "-w", "1", "--strategies", "random,{spec}"],
    "analyse --bots": ["analyse", POSITION, "-g", "2", "--bots", "{spec}"],
    "play --bots": ["play", "--players", "Ann", "--bots", "{spec}"],
}


@pytest.mark.parametrize("option", list(CLI_OPTIONS))
@pytest.mark.parametrize(
    "spec", ["os:system:command=touch {marker}", "os:getcwd", "builtins:eval", "random:__globals__"]
)
def test_every_cli_option_refuses_code(tmp_path, guarded, monkeypatch, option, spec):
    marker, _ = guarded
    args = [a.replace("{spec}", spelled(spec, marker)) for a in CLI_OPTIONS[option]]
    out = _cli(args, tmp_path, monkeypatch)
    assert "unknown strategy" in out or "KEY=VALUE" in out, out


# ================================================================ declared parameters
BAD_VALUES = [
    # (spec, the parameter, what it expects, the value given)
    ("baseline:trade_every=0", "trade_every", "a whole number from 1 to 1,000,000", "0"),
    ("advisor:trade_every=0", "trade_every", "a whole number from 1 to 1,000,000", "0"),
    ("advisor:danger=inf", "danger", "a number from 0 to 10", "inf"),
    ("cautious:danger=-inf", "danger", "a number from 0 to 10", "-inf"),
    ("cautious:bid_share=nan", "bid_share", "a number from 0 to 10", "nan"),
    ("trader:horizon=inf", "horizon", "a number from 0 to 1,000", "inf"),
    ("random:seed=abc", "seed", "a whole number from 0 to 4,294,967,295", "abc"),
    ("random:seed=1e9", "seed", "a whole number from 0 to 4,294,967,295", "1e9"),
    ("advisor:build_to=99", "build_to", "a whole number from 0 to 5", "99"),
    ("trader:max_items=-1", "max_items", "a whole number from 1 to 40", "-1"),
    ("cautious:max_houses=6", "max_houses", "a whole number from 0 to 5", "6"),
    ("advisor:jail=sometimes", "jail", "one of auto, short, long", "sometimes"),
    ("advisor:favour=orange red", "favour", "colour group ids joined by '+'", "orange red"),
    ("cautious:trade=maybe", "trade", "true or false", "maybe"),
]


@pytest.mark.parametrize("spec, key, expects, given", BAD_VALUES)
def test_each_bad_value_is_one_clear_error(spec, key, expects, given):
    name = spec.split(":")[0]
    for strangers in (False, True):
        with pytest.raises(ConfigError) as caught:
            parse_strategy(spec, strangers=strangers)
        message = str(caught.value)
        assert message == f"strategy {name!r}: parameter {key!r} expects {expects}, got {given!r}" or (
            message.startswith(f"strategy {name!r}: parameter {key!r} expects {expects}")
            and message.endswith(f"got {given!r}")
        ), message


@pytest.mark.parametrize("spec, key, expects, given", BAD_VALUES[:9])
def test_each_bad_value_is_one_line_on_the_command_line(tmp_path, monkeypatch, spec, key, expects, given):
    out = _cli(["simulate", "-g", "1", "-w", "1", "--strategy", spec], tmp_path, monkeypatch)
    assert f"parameter {key!r} expects {expects}" in out and repr(given) in out, out


def test_every_strategy_declares_each_parameter_with_a_type_and_what_it_takes():
    for s in declarations():
        assert s.summary
        for p in s.params:
            assert p.type in (int, float, bool, str) and p.help and p.expects()
            if p.type in (int, float):
                assert p.low is not None and p.high is not None, (s.name, p.name)
            if p.default is not None and not p.path:
                assert p.convert(str(p.default).lower()) == p.default  # the default is a value it takes
        factory_fields = {"random": {"seed"}, "rl": {"path", "greedy", "seed"}}
        if s.name in factory_fields:
            assert {p.name for p in s.params} == factory_fields[s.name]
    assert [s.name for s in declarations() if not s.for_strangers] == ["rl"]


@pytest.mark.parametrize("args", [["strategies"], ["tournament", "--list"]])
def test_the_list_shows_types_and_ranges(args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    assert "build_to (int, default 3): a whole number from 0 to 5" in result.output
    assert "rl: Plays a trained policy file" in result.output and "(local command line only)" in result.output
    assert "module:Class" not in result.output


def test_a_bot_class_that_declares_an_inherited_field_again_is_refused():
    """In the compiled build a dataclass field of a Python subclass hides the baseline's native
    attribute of the same name (the bot's own code then finds it unset, mid-game): registering such
    a class is refused in both builds, naming the field; a class with only new fields is taken."""
    from dataclasses import dataclass

    from landlords.bots.baseline import BaselineBot

    @dataclass
    class Greedy(BaselineBot):
        reserve: int = 0

    with pytest.raises(ConfigError, match=r"Greedy declares 'reserve' again, a field of BaselineBot"):
        bots.register("greedy-redeclared", Greedy)
    assert "greedy-redeclared" not in declarations()

    @dataclass
    class Careful(BaselineBot):
        margin: int = 50

    bots.register("careful-new-field", Careful)
    try:
        bot = make_bot("careful-new-field")
        assert bot.reserve == 100 and bot.margin == 50
        from landlords.sim.runner import drive

        game = landlords.new_game("moscow", "hasbro-ru", players=2, seed=3, auto_claim=True)
        drive(game, [bot, make_bot("baseline")], limit=300)  # the baseline's code reads its reserve
        assert game.over
    finally:
        bots.STRATEGIES.pop("careful-new-field", None)
